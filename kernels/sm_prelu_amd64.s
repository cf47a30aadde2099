//go:build amd64 && !purego

#include "textflag.h"

// TAILMASK sets K1 to the low CX bits (0 < CX < 16).
#define TAILMASK \
	MOVL $1, AX \
	SHLL CX, AX \
	DECL AX \
	KMOVW AX, K1

// func smPReluScalar512(n int, p *float32, v float32)
// x < 0 ? x·v : x (ordered compare: NaN and -0 stay as they are).
TEXT ·smPReluScalar512(SB), NOSPLIT, $0-20
	MOVQ n+0(FP), CX
	MOVQ p+8(FP), DI
	VBROADCASTSS v+16(FP), Z1
	VPXORD Z2, Z2, Z2
sprLoop:
	CMPQ CX, $16
	JLT  sprTail
	VMOVUPS (DI), Z0
	VCMPPS $0x11, Z2, Z0, K2 // LT_OQ: x < 0
	VMULPS Z1, Z0, K2, Z0
	VMOVUPS Z0, (DI)
	ADDQ $64, DI
	SUBQ $16, CX
	JMP  sprLoop
sprTail:
	TESTQ CX, CX
	JZ    sprDone
	TAILMASK
	VMOVUPS.Z (DI), K1, Z0
	VCMPPS $0x11, Z2, Z0, K1, K2
	VMULPS Z1, Z0, K2, Z0
	VMOVUPS Z0, K1, (DI)
sprDone:
	VZEROUPPER
	RET

// func smPReluRow512(n int, p, q *float32)
// p[i] < 0 ? p[i]·q[i] : p[i].
TEXT ·smPReluRow512(SB), NOSPLIT, $0-24
	MOVQ n+0(FP), CX
	MOVQ p+8(FP), DI
	MOVQ q+16(FP), SI
	VPXORD Z2, Z2, Z2
prrLoop:
	CMPQ CX, $16
	JLT  prrTail
	VMOVUPS (DI), Z0
	VCMPPS $0x11, Z2, Z0, K2
	VMULPS (SI), Z0, K2, Z0
	VMOVUPS Z0, (DI)
	ADDQ $64, DI
	ADDQ $64, SI
	SUBQ $16, CX
	JMP  prrLoop
prrTail:
	TESTQ CX, CX
	JZ    prrDone
	TAILMASK
	VMOVUPS.Z (DI), K1, Z0
	VMOVUPS.Z (SI), K1, Z1
	VCMPPS $0x11, Z2, Z0, K1, K2
	VMULPS Z1, Z0, K2, Z0
	VMOVUPS Z0, K1, (DI)
prrDone:
	VZEROUPPER
	RET
