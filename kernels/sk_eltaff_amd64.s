//go:build amd64 && !purego

#include "textflag.h"

// One (multiply, add, ReLU) triple of skAffPH512 on Z0: m·x, a + x (the constant as
// Intel's first source, as epiMulScalar512 and epiAddScalar512), then max(x, +0)
// (x first, as epiRelu512) on the lanes of the triple's ReLU mask (all or none).
#define SKTRIPLE(zm, za, k) \
	VMULPS Z0, zm, Z0 \
	VADDPS Z0, za, Z0 \
	VMAXPS Z15, Z0, k, Z0

#define SKRELUMASK(off, k) \
	MOVBLZX off(R8), AX \
	NEGL AX \
	KMOVW AX, k

// func skAffPH512(dst, src *uint16, n int, c *skAff)
// skAff: m [3]float32 at 0, a [3]float32 at 12, relu [3]bool at 24.
TEXT ·skAffPH512(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ c+24(FP), R8
	VBROADCASTSS 0(R8), Z10
	VBROADCASTSS 4(R8), Z11
	VBROADCASTSS 8(R8), Z12
	VBROADCASTSS 12(R8), Z13
	VBROADCASTSS 16(R8), Z14
	VBROADCASTSS 20(R8), Z16
	SKRELUMASK(24, K1)
	SKRELUMASK(25, K2)
	SKRELUMASK(26, K3)
	VPXORD Z15, Z15, Z15
	CMPQ 32(R8), $1
	JNE  skaLoop
ska1Loop: // one triple (the others are identities)
	CMPQ CX, $16
	JLT  skaTail
	VCVTPH2PS (SI), Z0
	SKTRIPLE(Z10, Z13, K1)
	VCVTPS2PH $0, Z0, Y0
	VMOVDQU Y0, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	SUBQ $16, CX
	JMP  ska1Loop
skaLoop:
	CMPQ CX, $16
	JLT  skaTail
	VCVTPH2PS (SI), Z0
	SKTRIPLE(Z10, Z13, K1)
	SKTRIPLE(Z11, Z14, K2)
	SKTRIPLE(Z12, Z16, K3)
	VCVTPS2PH $0, Z0, Y0
	VMOVDQU Y0, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	SUBQ $16, CX
	JMP  skaLoop
skaTail:
	TESTQ CX, CX
	JZ    skaDone
	MOVL  $1, AX
	SHLL  CX, AX
	DECL  AX
	KMOVW AX, K4
	VMOVDQU16.Z (SI), K4, Y0
	VCVTPH2PS Y0, Z0
	SKTRIPLE(Z10, Z13, K1)
	SKTRIPLE(Z11, Z14, K2)
	SKTRIPLE(Z12, Z16, K3)
	VCVTPS2PH $0, Z0, Y0
	VMOVDQU16 Y0, K4, (DI)
skaDone:
	VZEROUPPER
	RET
