//go:build amd64 && !purego

#include "textflag.h"

// Stride-2 deinterleave for the padded convolution's phase planes (gemm_fill.go).

DATA gemmDeintIdx<>+0(SB)/4, $0
DATA gemmDeintIdx<>+4(SB)/4, $2
DATA gemmDeintIdx<>+8(SB)/4, $4
DATA gemmDeintIdx<>+12(SB)/4, $6
DATA gemmDeintIdx<>+16(SB)/4, $8
DATA gemmDeintIdx<>+20(SB)/4, $10
DATA gemmDeintIdx<>+24(SB)/4, $12
DATA gemmDeintIdx<>+28(SB)/4, $14
DATA gemmDeintIdx<>+32(SB)/4, $16
DATA gemmDeintIdx<>+36(SB)/4, $18
DATA gemmDeintIdx<>+40(SB)/4, $20
DATA gemmDeintIdx<>+44(SB)/4, $22
DATA gemmDeintIdx<>+48(SB)/4, $24
DATA gemmDeintIdx<>+52(SB)/4, $26
DATA gemmDeintIdx<>+56(SB)/4, $28
DATA gemmDeintIdx<>+60(SB)/4, $30
GLOBL gemmDeintIdx<>(SB), RODATA|NOPTR, $64

// func gemmDeint2Kern(n int, src, even, odd *float32)
// even[i] = src[2i] and, unless odd is nil, odd[i] = src[2i+1], for i < 16·(n/16).
TEXT ·gemmDeint2Kern(SB), NOSPLIT, $0-32
	MOVQ n+0(FP), CX
	MOVQ src+8(FP), SI
	MOVQ even+16(FP), DI
	MOVQ odd+24(FP), DX
	VMOVDQU32 gemmDeintIdx<>(SB), Z2
	MOVL $1, AX
	VPBROADCASTD AX, Z3
	VPADDD Z3, Z2, Z3
	SHRQ $4, CX
	JEQ deintdone
	TESTQ DX, DX
	JEQ deinteven
deintloop:
	VMOVUPS (SI), Z0
	VMOVUPS 64(SI), Z1
	VMOVAPS Z2, Z4
	VPERMI2PS Z1, Z0, Z4
	VMOVAPS Z3, Z5
	VPERMI2PS Z1, Z0, Z5
	VMOVUPS Z4, (DI)
	VMOVUPS Z5, (DX)
	ADDQ $128, SI
	ADDQ $64, DI
	ADDQ $64, DX
	DECQ CX
	JNE deintloop
	JMP deintdone
deinteven:
	VMOVUPS (SI), Z0
	VMOVUPS 64(SI), Z1
	VMOVAPS Z2, Z4
	VPERMI2PS Z1, Z0, Z4
	VMOVUPS Z4, (DI)
	ADDQ $128, SI
	ADDQ $64, DI
	DECQ CX
	JNE deinteven
deintdone:
	VZEROUPPER
	RET
