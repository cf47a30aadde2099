//go:build amd64 && !purego

#include "textflag.h"

// func snBiasReluPH(n int, dst *uint16, src *float32, bias float32, relu bool)
// dst[i] = f16(max(src[i] + bias, 0)) (without the max when !relu) in one pass: the
// instructions of epiAddScalar512, epiRelu512 and gemmCvtPS2PH512 in sequence on each
// vector, so the result is theirs bit for bit (bias −0 leaves every value as it is).
TEXT ·snBiasReluPH(SB), NOSPLIT, $0-29
	MOVQ n+0(FP), CX
	MOVQ dst+8(FP), DI
	MOVQ src+16(FP), SI
	VBROADCASTSS bias+24(FP), Z1
	VPXORD Z3, Z3, Z3
	MOVBLZX relu+28(FP), AX
	TESTQ AX, AX
	JZ snbrNoRelu
snbrLoop:
	CMPQ CX, $16
	JLT snbrTail
	VADDPS (SI), Z1, Z0
	VMAXPS Z3, Z0, Z0
	VCVTPS2PH $0, Z0, (DI)
	ADDQ $64, SI
	ADDQ $32, DI
	SUBQ $16, CX
	JMP snbrLoop
snbrTail:
	TESTQ CX, CX
	JZ snbrDone
	MOVL $1, AX
	SHLL CX, AX
	DECL AX
	KMOVW AX, K1
	VMOVUPS.Z (SI), K1, Z0
	VADDPS Z1, Z0, Z0
	VMAXPS Z3, Z0, Z0
	VCVTPS2PH $0, Z0, K1, (DI)
	JMP snbrDone
snbrNoRelu:
	CMPQ CX, $16
	JLT snbrTail2
	VADDPS (SI), Z1, Z0
	VCVTPS2PH $0, Z0, (DI)
	ADDQ $64, SI
	ADDQ $32, DI
	SUBQ $16, CX
	JMP snbrNoRelu
snbrTail2:
	TESTQ CX, CX
	JZ snbrDone
	MOVL $1, AX
	SHLL CX, AX
	DECL AX
	KMOVW AX, K1
	VMOVUPS.Z (SI), K1, Z0
	VADDPS Z1, Z0, Z0
	VCVTPS2PH $0, Z0, K1, (DI)
snbrDone:
	VZEROUPPER
	RET
