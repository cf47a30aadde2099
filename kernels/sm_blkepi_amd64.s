//go:build amd64 && !purego

#include "textflag.h"

// func smBlkVec512(n int, p *float32, v *float32, kind int)
// n rows of 32 values at p: kind 1 x + v[j], 2 x·v[j], 3 x < 0 ? x·v[j] : x (x the
// first operand, as the Go loops).
TEXT ·smBlkVec512(SB), NOSPLIT, $0-32
	MOVQ n+0(FP), CX
	MOVQ p+8(FP), DI
	MOVQ v+16(FP), SI
	MOVQ kind+24(FP), AX
	VMOVUPS (SI), Z1
	VMOVUPS 64(SI), Z2
	VPXORD Z3, Z3, Z3
	TESTQ CX, CX
	JZ    sbvDone
	CMPQ AX, $1
	JEQ  sbvAdd
	CMPQ AX, $2
	JEQ  sbvMul
sbvPRelu:
	VMOVUPS (DI), Z4
	VMOVUPS 64(DI), Z5
	VCMPPS $0x11, Z3, Z4, K2
	VCMPPS $0x11, Z3, Z5, K3
	VMULPS Z1, Z4, K2, Z4
	VMULPS Z2, Z5, K3, Z5
	VMOVUPS Z4, (DI)
	VMOVUPS Z5, 64(DI)
	ADDQ $128, DI
	DECQ CX
	JNZ  sbvPRelu
	JMP  sbvDone
sbvAdd:
	VMOVUPS (DI), Z4
	VMOVUPS 64(DI), Z5
	VADDPS Z1, Z4, Z4
	VADDPS Z2, Z5, Z5
	VMOVUPS Z4, (DI)
	VMOVUPS Z5, 64(DI)
	ADDQ $128, DI
	DECQ CX
	JNZ  sbvAdd
	JMP  sbvDone
sbvMul:
	VMOVUPS (DI), Z4
	VMOVUPS 64(DI), Z5
	VMULPS Z1, Z4, Z4
	VMULPS Z2, Z5, Z5
	VMOVUPS Z4, (DI)
	VMOVUPS Z5, 64(DI)
	ADDQ $128, DI
	DECQ CX
	JNZ  sbvMul
sbvDone:
	VZEROUPPER
	RET
