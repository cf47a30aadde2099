//go:build amd64 && !purego

#include "textflag.h"

// func smChainPH(n int, dst *uint16, src *float32, v *[4]float32, relu bool)
// Per value x of src: y = b + x; y = relu ? max(y, 0) : (y < 0 ? y·s : y);
// y = m·y; y = a + y; narrowed to f16 (nearest even) into dst. v = (b, s, m, a).
// Operand orders as epiAddScalar512, epiRelu512, smPReluScalar512, epiMulScalar512.
TEXT ·smChainPH(SB), NOSPLIT, $0-33
	MOVQ n+0(FP), CX
	MOVQ dst+8(FP), DI
	MOVQ src+16(FP), SI
	MOVQ v+24(FP), DX
	VBROADCASTSS 0(DX), Z1
	VBROADCASTSS 4(DX), Z2
	VBROADCASTSS 8(DX), Z4
	VBROADCASTSS 12(DX), Z5
	VPXORD Z3, Z3, Z3
	MOVBLZX relu+32(FP), AX
	TESTQ AX, AX
	JZ    scPRelu
scRelu:
	CMPQ CX, $16
	JLT  scReluTail
	VADDPS (SI), Z1, Z0
	VMAXPS Z3, Z0, Z0
	VMULPS Z0, Z4, Z0
	VADDPS Z0, Z5, Z0
	VCVTPS2PH $0, Z0, (DI)
	ADDQ $64, SI
	ADDQ $32, DI
	SUBQ $16, CX
	JMP  scRelu
scReluTail:
	TESTQ CX, CX
	JZ    scDone
	MOVL $1, AX
	SHLL CX, AX
	DECL AX
	KMOVW AX, K1
	VMOVUPS.Z (SI), K1, Z0
	VADDPS Z0, Z1, Z0
	VMAXPS Z3, Z0, Z0
	VMULPS Z0, Z4, Z0
	VADDPS Z0, Z5, Z0
	VCVTPS2PH $0, Z0, K1, (DI)
	JMP  scDone
scPRelu:
	CMPQ CX, $16
	JLT  scPReluTail
	VADDPS (SI), Z1, Z0
	VCMPPS $0x11, Z3, Z0, K2
	VMULPS Z2, Z0, K2, Z0
	VMULPS Z0, Z4, Z0
	VADDPS Z0, Z5, Z0
	VCVTPS2PH $0, Z0, (DI)
	ADDQ $64, SI
	ADDQ $32, DI
	SUBQ $16, CX
	JMP  scPRelu
scPReluTail:
	TESTQ CX, CX
	JZ    scDone
	MOVL $1, AX
	SHLL CX, AX
	DECL AX
	KMOVW AX, K1
	VMOVUPS.Z (SI), K1, Z0
	VADDPS Z0, Z1, Z0
	VCMPPS $0x11, Z3, Z0, K2
	VMULPS Z2, Z0, K2, Z0
	VMULPS Z0, Z4, Z0
	VADDPS Z0, Z5, Z0
	VCVTPS2PH $0, Z0, K1, (DI)
scDone:
	VZEROUPPER
	RET
