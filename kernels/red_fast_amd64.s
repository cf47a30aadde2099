//go:build amd64 && !purego

#include "textflag.h"

// AVX-512 (F, DQ) row primitives of the fast reductions, MVN and Softmax (red_fast.go).
// Each takes n >= 1 floats: whole vectors, then a masked tail (masked-off lanes are
// neither read nor written; EVEX masking suppresses their faults). Sums convert each
// float32 to float64 exactly and accumulate in float64 lanes.

// REDMASK sets K1 to the low CX bits (0 < CX < 16).
#define REDMASK \
	MOVL $1, AX \
	SHLL CX, AX \
	DECL AX \
	KMOVW AX, K1

// HSUMPD reduces the float64 lanes of Z0 into X0's low lane (clobbers Z1).
#define HSUMPD \
	VEXTRACTF64X4 $1, Z0, Y1 \
	VADDPD Y1, Y0, Y0 \
	VEXTRACTF128 $1, Y0, X1 \
	VADDPD X1, X0, X0 \
	VPERMILPD $1, X0, X1 \
	VADDSD X1, X0, X0

// func redSum512(p *float32, n int) float64
TEXT ·redSum512(SB), NOSPLIT, $0-24
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), CX
	VXORPD Z0, Z0, Z0
	VXORPD Z1, Z1, Z1
	VXORPD Z2, Z2, Z2
	VXORPD Z3, Z3, Z3
sum32:
	CMPQ CX, $32
	JLT  sum8
	VCVTPS2PD (SI), Z4
	VCVTPS2PD 32(SI), Z5
	VCVTPS2PD 64(SI), Z6
	VCVTPS2PD 96(SI), Z7
	VADDPD Z4, Z0, Z0
	VADDPD Z5, Z1, Z1
	VADDPD Z6, Z2, Z2
	VADDPD Z7, Z3, Z3
	ADDQ $128, SI
	SUBQ $32, CX
	JMP  sum32
sum8:
	CMPQ CX, $8
	JLT  sumTail
	VCVTPS2PD (SI), Z4
	VADDPD Z4, Z0, Z0
	ADDQ $32, SI
	SUBQ $8, CX
	JMP  sum8
sumTail:
	TESTQ CX, CX
	JZ    sumDone
	REDMASK
	VCVTPS2PD.Z (SI), K1, Z4
	VADDPD Z4, Z1, Z1
sumDone:
	VADDPD Z1, Z0, Z0
	VADDPD Z3, Z2, Z2
	VADDPD Z2, Z0, Z0
	HSUMPD
	MOVSD X0, ret+16(FP)
	VZEROUPPER
	RET

// func redSubSq512(dst, src *float32, n int, m float32) float64
// dst = src - m; returns the float64 sum of float32(d*d).
TEXT ·redSubSq512(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	VBROADCASTSS m+24(FP), Z15
	VXORPD Z0, Z0, Z0
	VXORPD Z1, Z1, Z1
	VXORPD Z2, Z2, Z2
	VXORPD Z3, Z3, Z3
sq32:
	CMPQ CX, $32
	JLT  sq16
	VMOVUPS (SI), Z4
	VMOVUPS 64(SI), Z8
	VSUBPS Z15, Z4, Z4
	VSUBPS Z15, Z8, Z8
	VMOVUPS Z4, (DI)
	VMOVUPS Z8, 64(DI)
	VMULPS Z4, Z4, Z4
	VMULPS Z8, Z8, Z8
	VEXTRACTF32X8 $1, Z4, Y5
	VEXTRACTF32X8 $1, Z8, Y9
	VCVTPS2PD Y4, Z4
	VCVTPS2PD Y5, Z5
	VCVTPS2PD Y8, Z8
	VCVTPS2PD Y9, Z9
	VADDPD Z4, Z0, Z0
	VADDPD Z5, Z1, Z1
	VADDPD Z8, Z2, Z2
	VADDPD Z9, Z3, Z3
	ADDQ $128, SI
	ADDQ $128, DI
	SUBQ $32, CX
	JMP  sq32
sq16:
	CMPQ CX, $16
	JLT  sqTail
	VMOVUPS (SI), Z4
	VSUBPS Z15, Z4, Z4
	VMOVUPS Z4, (DI)
	VMULPS Z4, Z4, Z4
	VEXTRACTF32X8 $1, Z4, Y5
	VCVTPS2PD Y4, Z4
	VCVTPS2PD Y5, Z5
	VADDPD Z4, Z0, Z0
	VADDPD Z5, Z1, Z1
	ADDQ $64, SI
	ADDQ $64, DI
	SUBQ $16, CX
	JMP  sq16
sqTail:
	TESTQ CX, CX
	JZ    sqDone
	REDMASK
	VMOVUPS.Z (SI), K1, Z4
	VSUBPS Z15, Z4, Z4
	VMOVUPS Z4, K1, (DI)
	VMULPS.Z Z4, Z4, K1, Z4
	VEXTRACTF32X8 $1, Z4, Y5
	VCVTPS2PD Y4, Z4
	VCVTPS2PD Y5, Z5
	VADDPD Z4, Z2, Z2
	VADDPD Z5, Z3, Z3
sqDone:
	VADDPD Z1, Z0, Z0
	VADDPD Z3, Z2, Z2
	VADDPD Z2, Z0, Z0
	HSUMPD
	MOVSD X0, ret+32(FP)
	VZEROUPPER
	RET

// func redDivScalar512(p *float32, n int, den float32)
TEXT ·redDivScalar512(SB), NOSPLIT, $0-20
	MOVQ p+0(FP), DI
	MOVQ n+8(FP), CX
	VBROADCASTSS den+16(FP), Z15
div16:
	CMPQ CX, $16
	JLT  divTail
	VMOVUPS (DI), Z4
	VDIVPS Z15, Z4, Z4
	VMOVUPS Z4, (DI)
	ADDQ $64, DI
	SUBQ $16, CX
	JMP  div16
divTail:
	TESTQ CX, CX
	JZ    divDone
	REDMASK
	VMOVUPS.Z (DI), K1, Z4
	VDIVPS Z15, Z4, Z4
	VMOVUPS Z4, K1, (DI)
divDone:
	VZEROUPPER
	RET

// func redSubScalar512(dst, src *float32, n int, m float32)
TEXT ·redSubScalar512(SB), NOSPLIT, $0-28
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	VBROADCASTSS m+24(FP), Z15
subs16:
	CMPQ CX, $16
	JLT  subsTail
	VMOVUPS (SI), Z4
	VSUBPS Z15, Z4, Z4
	VMOVUPS Z4, (DI)
	ADDQ $64, SI
	ADDQ $64, DI
	SUBQ $16, CX
	JMP  subs16
subsTail:
	TESTQ CX, CX
	JZ    subsDone
	REDMASK
	VMOVUPS.Z (SI), K1, Z4
	VSUBPS Z15, Z4, Z4
	VMOVUPS Z4, K1, (DI)
subsDone:
	VZEROUPPER
	RET

// func redColAdd512(acc *float64, src *float32, n int)
// acc[i] += float64(src[i]).
TEXT ·redColAdd512(SB), NOSPLIT, $0-24
	MOVQ acc+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
cadd16:
	CMPQ CX, $16
	JLT  cadd8
	VCVTPS2PD (SI), Z4
	VCVTPS2PD 32(SI), Z5
	VADDPD (DI), Z4, Z4
	VADDPD 64(DI), Z5, Z5
	VMOVUPD Z4, (DI)
	VMOVUPD Z5, 64(DI)
	ADDQ $64, SI
	ADDQ $128, DI
	SUBQ $16, CX
	JMP  cadd16
cadd8:
	CMPQ CX, $8
	JLT  caddTail
	VCVTPS2PD (SI), Z4
	VADDPD (DI), Z4, Z4
	VMOVUPD Z4, (DI)
	ADDQ $32, SI
	ADDQ $64, DI
	SUBQ $8, CX
caddTail:
	TESTQ CX, CX
	JZ    caddDone
	REDMASK
	VCVTPS2PD.Z (SI), K1, Z4
	VMOVUPD.Z (DI), K1, Z5
	VADDPD Z5, Z4, Z4
	VMOVUPD Z4, K1, (DI)
caddDone:
	VZEROUPPER
	RET

// func redColMax512(acc, src *float32, n int)
// acc[i] = src[i] > acc[i] ? src[i] : acc[i] (VMAXPS with the new value first).
TEXT ·redColMax512(SB), NOSPLIT, $0-24
	MOVQ acc+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
cmax16:
	CMPQ CX, $16
	JLT  cmaxTail
	VMOVUPS (SI), Z4
	VMAXPS (DI), Z4, Z4
	VMOVUPS Z4, (DI)
	ADDQ $64, SI
	ADDQ $64, DI
	SUBQ $16, CX
	JMP  cmax16
cmaxTail:
	TESTQ CX, CX
	JZ    cmaxDone
	REDMASK
	VMOVUPS.Z (SI), K1, Z4
	VMOVUPS.Z (DI), K1, Z5
	VMAXPS Z5, Z4, Z4
	VMOVUPS Z4, K1, (DI)
cmaxDone:
	VZEROUPPER
	RET

// func redMaxOf512(acc float32, p *float32, n int) float32
// Folds p into acc with acc = x > acc ? x : acc, in 16 lanes, then across the lanes.
TEXT ·redMaxOf512(SB), NOSPLIT, $0-28
	VBROADCASTSS acc+0(FP), Z0
	MOVQ p+8(FP), SI
	MOVQ n+16(FP), CX
	VMOVAPS Z0, Z1
mx32:
	CMPQ CX, $32
	JLT  mx16
	VMOVUPS (SI), Z4
	VMOVUPS 64(SI), Z5
	VMAXPS Z0, Z4, Z0
	VMAXPS Z1, Z5, Z1
	ADDQ $128, SI
	SUBQ $32, CX
	JMP  mx32
mx16:
	CMPQ CX, $16
	JLT  mxTail
	VMOVUPS (SI), Z4
	VMAXPS Z0, Z4, Z0
	ADDQ $64, SI
	SUBQ $16, CX
mxTail:
	TESTQ CX, CX
	JZ    mxDone
	REDMASK
	VMOVUPS.Z (SI), K1, Z4
	VMAXPS Z1, Z4, K1, Z1
mxDone:
	VMAXPS Z0, Z1, Z0
	VEXTRACTF32X8 $1, Z0, Y1
	VMAXPS Y0, Y1, Y0
	VEXTRACTF128 $1, Y0, X1
	VMAXPS X0, X1, X0
	VPERMILPS $0x4E, X0, X1
	VMAXPS X0, X1, X0
	VPERMILPS $0xB1, X0, X1
	VMAXPS X0, X1, X0
	MOVSS X0, ret+24(FP)
	VZEROUPPER
	RET

// func redSubRow512(dst, src, m *float32, n int)
// dst = src - m element-wise.
TEXT ·redSubRow512(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ m+16(FP), DX
	MOVQ n+24(FP), CX
subr16:
	CMPQ CX, $16
	JLT  subrTail
	VMOVUPS (SI), Z4
	VSUBPS (DX), Z4, Z4
	VMOVUPS Z4, (DI)
	ADDQ $64, SI
	ADDQ $64, DX
	ADDQ $64, DI
	SUBQ $16, CX
	JMP  subr16
subrTail:
	TESTQ CX, CX
	JZ    subrDone
	REDMASK
	VMOVUPS.Z (SI), K1, Z4
	VMOVUPS.Z (DX), K1, Z5
	VSUBPS Z5, Z4, Z4
	VMOVUPS Z4, K1, (DI)
subrDone:
	VZEROUPPER
	RET

// func redDivRow512(dst, den *float32, n int)
// dst /= den element-wise.
TEXT ·redDivRow512(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ den+8(FP), SI
	MOVQ n+16(FP), CX
divr16:
	CMPQ CX, $16
	JLT  divrTail
	VMOVUPS (DI), Z4
	VDIVPS (SI), Z4, Z4
	VMOVUPS Z4, (DI)
	ADDQ $64, SI
	ADDQ $64, DI
	SUBQ $16, CX
	JMP  divr16
divrTail:
	TESTQ CX, CX
	JZ    divrDone
	REDMASK
	VMOVUPS.Z (DI), K1, Z4
	VMOVUPS.Z (SI), K1, Z5
	VDIVPS Z5, Z4, Z4
	VMOVUPS Z4, K1, (DI)
divrDone:
	VZEROUPPER
	RET
