//go:build amd64 && !purego

#include "textflag.h"

// AVX2 primitives over float32 rectangles; see prims.go for the definitions.
// Max uses VMAXPS with the new value as the first source and the accumulator
// as the second: the result is (x > acc) ? x : acc, exactly the reference's
// strict-greater update (NaN x and equal values keep acc).

// func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)
TEXT ·cpuid(SB), NOSPLIT, $0-24
	MOVL eaxArg+0(FP), AX
	MOVL ecxArg+4(FP), CX
	CPUID
	MOVL AX, eax+8(FP)
	MOVL BX, ebx+12(FP)
	MOVL CX, ecx+16(FP)
	MOVL DX, edx+20(FP)
	RET

// func xgetbv() (eax, edx uint32)
TEXT ·xgetbv(SB), NOSPLIT, $0-8
	MOVL $0, CX
	XGETBV
	MOVL AX, eax+0(FP)
	MOVL DX, edx+4(FP)
	RET

// func fillF32(dst *float32, n int, v float32)
TEXT ·fillF32(SB), NOSPLIT, $0-20
	MOVQ dst+0(FP), DI
	MOVQ n+8(FP), CX
	VBROADCASTSS v+16(FP), Y0
fill32:
	CMPQ CX, $32
	JLT fill8
	VMOVUPS Y0, (DI)
	VMOVUPS Y0, 32(DI)
	VMOVUPS Y0, 64(DI)
	VMOVUPS Y0, 96(DI)
	ADDQ $128, DI
	SUBQ $32, CX
	JMP fill32
fill8:
	CMPQ CX, $8
	JLT fill1
	VMOVUPS Y0, (DI)
	ADDQ $32, DI
	SUBQ $8, CX
	JMP fill8
fill1:
	TESTQ CX, CX
	JEQ filldone
	VMOVSS X0, (DI)
	ADDQ $4, DI
	DECQ CX
	JMP fill1
filldone:
	VZEROUPPER
	RET

// LOAD_S2 loads the even elements x[0], x[2], ..., x[14] into Y0, reading
// exactly x[0..14]: Y1 = x[0..7], Y2 = x[7..14]; per 128-bit lane the
// shuffle takes Y1 elements 0,2 and Y2 elements 1,3, and the permute puts
// the four pairs in order.
#define LOAD_S2(ptr) \
	VMOVUPS (ptr), Y1 \
	VMOVUPS 28(ptr), Y2 \
	VSHUFPS $0xD8, Y2, Y1, Y0 \
	VPERMPD $0xD8, Y0, Y0

// func maxRectF32(dst *float32, ds int, src *float32, sr, sc, rows, cols int)
TEXT ·maxRectF32(SB), NOSPLIT, $0-56
	MOVQ dst+0(FP), DI
	MOVQ ds+8(FP), R8
	MOVQ src+16(FP), SI
	MOVQ sr+24(FP), R9
	MOVQ sc+32(FP), R10
	MOVQ rows+40(FP), R11
	MOVQ cols+48(FP), R12
	SHLQ $2, R8
	SHLQ $2, R9
	TESTQ R11, R11
	JLE mrdone
	CMPQ R10, $2
	JEQ mrs2row

mrs1row:
	MOVQ DI, AX
	MOVQ SI, BX
	MOVQ R12, CX
mrs1l32:
	CMPQ CX, $32
	JLT mrs1l8
	VMOVUPS (BX), Y0
	VMOVUPS 32(BX), Y1
	VMOVUPS 64(BX), Y2
	VMOVUPS 96(BX), Y3
	VMAXPS (AX), Y0, Y0
	VMAXPS 32(AX), Y1, Y1
	VMAXPS 64(AX), Y2, Y2
	VMAXPS 96(AX), Y3, Y3
	VMOVUPS Y0, (AX)
	VMOVUPS Y1, 32(AX)
	VMOVUPS Y2, 64(AX)
	VMOVUPS Y3, 96(AX)
	ADDQ $128, AX
	ADDQ $128, BX
	SUBQ $32, CX
	JMP mrs1l32
mrs1l8:
	CMPQ CX, $8
	JLT mrs1t
	VMOVUPS (BX), Y0
	VMAXPS (AX), Y0, Y0
	VMOVUPS Y0, (AX)
	ADDQ $32, AX
	ADDQ $32, BX
	SUBQ $8, CX
	JMP mrs1l8
mrs1t:
	TESTQ CX, CX
	JEQ mrs1next
	CMPQ R12, $8
	JLT mrs1sc
	// overlap: redo the last 8 columns (max is idempotent)
	SUBQ $8, CX
	SHLQ $2, CX
	ADDQ CX, AX
	ADDQ CX, BX
	MOVQ $8, CX
	JMP mrs1l8
mrs1sc:
	VMOVSS (BX), X0
	VMAXSS (AX), X0, X0
	VMOVSS X0, (AX)
	ADDQ $4, AX
	ADDQ $4, BX
	DECQ CX
	TESTQ CX, CX
	JNE mrs1sc
mrs1next:
	ADDQ R8, DI
	ADDQ R9, SI
	DECQ R11
	JNZ mrs1row
	JMP mrdone

mrs2row:
	MOVQ DI, AX
	MOVQ SI, BX
	MOVQ R12, CX
mrs2l8:
	CMPQ CX, $8
	JLT mrs2t
	LOAD_S2(BX)
	VMAXPS (AX), Y0, Y0
	VMOVUPS Y0, (AX)
	ADDQ $32, AX
	ADDQ $64, BX
	SUBQ $8, CX
	JMP mrs2l8
mrs2t:
	TESTQ CX, CX
	JEQ mrs2next
	CMPQ R12, $8
	JLT mrs2sc
	SUBQ $8, CX
	SHLQ $2, CX
	ADDQ CX, AX
	ADDQ CX, BX
	ADDQ CX, BX
	MOVQ $8, CX
	JMP mrs2l8
mrs2sc:
	VMOVSS (BX), X0
	VMAXSS (AX), X0, X0
	VMOVSS X0, (AX)
	ADDQ $4, AX
	ADDQ $8, BX
	DECQ CX
	TESTQ CX, CX
	JNE mrs2sc
mrs2next:
	ADDQ R8, DI
	ADDQ R9, SI
	DECQ R11
	JNZ mrs2row
mrdone:
	VZEROUPPER
	RET

// func addRectF32(dst *float32, ds int, src *float32, sr, sc, rows, cols int)
TEXT ·addRectF32(SB), NOSPLIT, $0-56
	MOVQ dst+0(FP), DI
	MOVQ ds+8(FP), R8
	MOVQ src+16(FP), SI
	MOVQ sr+24(FP), R9
	MOVQ sc+32(FP), R10
	MOVQ rows+40(FP), R11
	MOVQ cols+48(FP), R12
	SHLQ $2, R8
	SHLQ $2, R9
	TESTQ R11, R11
	JLE ardone
	CMPQ R10, $2
	JEQ ars2row

ars1row:
	MOVQ DI, AX
	MOVQ SI, BX
	MOVQ R12, CX
ars1l32:
	CMPQ CX, $32
	JLT ars1l8
	VMOVUPS (BX), Y0
	VMOVUPS 32(BX), Y1
	VMOVUPS 64(BX), Y2
	VMOVUPS 96(BX), Y3
	VADDPS (AX), Y0, Y0
	VADDPS 32(AX), Y1, Y1
	VADDPS 64(AX), Y2, Y2
	VADDPS 96(AX), Y3, Y3
	VMOVUPS Y0, (AX)
	VMOVUPS Y1, 32(AX)
	VMOVUPS Y2, 64(AX)
	VMOVUPS Y3, 96(AX)
	ADDQ $128, AX
	ADDQ $128, BX
	SUBQ $32, CX
	JMP ars1l32
ars1l8:
	CMPQ CX, $8
	JLT ars1t
	VMOVUPS (BX), Y0
	VADDPS (AX), Y0, Y0
	VMOVUPS Y0, (AX)
	ADDQ $32, AX
	ADDQ $32, BX
	SUBQ $8, CX
	JMP ars1l8
ars1t:
	TESTQ CX, CX
	JEQ ars1next
	VMOVSS (BX), X0
	VADDSS (AX), X0, X0
	VMOVSS X0, (AX)
	ADDQ $4, AX
	ADDQ $4, BX
	DECQ CX
	JMP ars1t
ars1next:
	ADDQ R8, DI
	ADDQ R9, SI
	DECQ R11
	JNZ ars1row
	JMP ardone

ars2row:
	MOVQ DI, AX
	MOVQ SI, BX
	MOVQ R12, CX
ars2l8:
	CMPQ CX, $8
	JLT ars2t
	LOAD_S2(BX)
	VADDPS (AX), Y0, Y0
	VMOVUPS Y0, (AX)
	ADDQ $32, AX
	ADDQ $64, BX
	SUBQ $8, CX
	JMP ars2l8
ars2t:
	TESTQ CX, CX
	JEQ ars2next
	VMOVSS (BX), X0
	VADDSS (AX), X0, X0
	VMOVSS X0, (AX)
	ADDQ $4, AX
	ADDQ $8, BX
	DECQ CX
	JMP ars2t
ars2next:
	ADDQ R8, DI
	ADDQ R9, SI
	DECQ R11
	JNZ ars2row
ardone:
	VZEROUPPER
	RET

// func divRectF32(dst *float32, ds int, den *float32, rows, cols int)
TEXT ·divRectF32(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ ds+8(FP), R8
	MOVQ den+16(FP), SI
	MOVQ rows+24(FP), R11
	MOVQ cols+32(FP), R12
	SHLQ $2, R8
	TESTQ R11, R11
	JLE drdone
drrow:
	MOVQ DI, AX
	MOVQ SI, BX
	MOVQ R12, CX
drl8:
	CMPQ CX, $8
	JLT drt
	VMOVUPS (AX), Y0
	VDIVPS (BX), Y0, Y0
	VMOVUPS Y0, (AX)
	ADDQ $32, AX
	ADDQ $32, BX
	SUBQ $8, CX
	JMP drl8
drt:
	TESTQ CX, CX
	JEQ drnext
	VMOVSS (AX), X0
	VDIVSS (BX), X0, X0
	VMOVSS X0, (AX)
	ADDQ $4, AX
	ADDQ $4, BX
	DECQ CX
	JMP drt
drnext:
	ADDQ R8, DI
	DECQ R11
	JNZ drrow
drdone:
	VZEROUPPER
	RET

// func maxIdxRectLinF32(dst *float32, di *int32, ds int, src *float32, sr, sc, rows, cols int, i0, ir, ic int32)
// Y7 = lane*ic, Y6 = 8*ic broadcast, X5 = ic broadcast, Y3 = current indices.
TEXT ·maxIdxRectLinF32(SB), NOSPLIT, $0-76
	MOVQ dst+0(FP), DI
	MOVQ di+8(FP), DX
	MOVQ ds+16(FP), R8
	MOVQ src+24(FP), SI
	MOVQ sr+32(FP), R9
	MOVQ sc+40(FP), R10
	MOVQ rows+48(FP), R11
	MOVQ cols+56(FP), R12
	MOVL i0+64(FP), R13
	SHLQ $2, R8
	SHLQ $2, R9
	MOVL ic+72(FP), AX
	VMOVD AX, X5
	VPBROADCASTD X5, Y5
	VPSLLD $3, Y5, Y6
	VMOVDQU iota8<>(SB), Y7
	VPMULLD Y5, Y7, Y7
	TESTQ R11, R11
	JLE mldone
	MOVQ R10, R15
	SHLQ $2, R15 // source column stride in bytes
mlrow:
	MOVQ DI, AX
	MOVQ SI, BX
	MOVQ DX, R10
	MOVQ R12, CX
	VMOVD R13, X3
	VPBROADCASTD X3, Y3
	VPADDD Y7, Y3, Y3
	CMPQ R15, $8
	JEQ mls2l8
mls1l8:
	CMPQ CX, $8
	JLT mlt
	VMOVUPS (BX), Y0
	VMOVUPS (AX), Y1
	VCMPPS $0x1E, Y1, Y0, Y2
	VMAXPS Y1, Y0, Y1
	VMOVUPS Y1, (AX)
	VMOVDQU (R10), Y4
	VBLENDVPS Y2, Y3, Y4, Y4
	VMOVDQU Y4, (R10)
	VPADDD Y6, Y3, Y3
	ADDQ $32, AX
	ADDQ $32, BX
	ADDQ $32, R10
	SUBQ $8, CX
	JMP mls1l8
mls2l8:
	CMPQ CX, $8
	JLT mlt
	LOAD_S2(BX)
	VMOVUPS (AX), Y1
	VCMPPS $0x1E, Y1, Y0, Y2
	VMAXPS Y1, Y0, Y1
	VMOVUPS Y1, (AX)
	VMOVDQU (R10), Y4
	VBLENDVPS Y2, Y3, Y4, Y4
	VMOVDQU Y4, (R10)
	VPADDD Y6, Y3, Y3
	ADDQ $32, AX
	ADDQ $64, BX
	ADDQ $32, R10
	SUBQ $8, CX
	JMP mls2l8
mlt:
	TESTQ CX, CX
	JEQ mlnext
	CMPQ R12, $8
	JLT mlsc
	// overlap: step back b = 8-CX columns and redo a full vector (the
	// strict-greater update is idempotent)
	NEGQ CX
	ADDQ $8, CX
	MOVQ CX, R14
	SHLQ $2, R14
	SUBQ R14, AX
	SUBQ R14, R10
	MOVQ CX, R14
	IMULQ R15, R14
	SUBQ R14, BX
	MOVL ic+72(FP), R14
	IMULL CX, R14
	VMOVD R14, X8
	VPBROADCASTD X8, Y8
	VPSUBD Y8, Y3, Y3
	MOVQ $8, CX
	CMPQ R15, $8
	JEQ mls2l8
	JMP mls1l8
mlsc:
	VMOVSS (BX), X0
	VMOVSS (AX), X1
	VCMPSS $0x1E, X1, X0, X2
	VMAXSS X1, X0, X1
	VMOVSS X1, (AX)
	VMOVSS (R10), X4
	VBLENDVPS X2, X3, X4, X4
	VMOVSS X4, (R10)
	VPADDD X5, X3, X3
	ADDQ $4, AX
	ADDQ R15, BX
	ADDQ $4, R10
	DECQ CX
	TESTQ CX, CX
	JNE mlsc
mlnext:
	ADDQ R8, DI
	ADDQ R8, DX
	ADDQ R9, SI
	ADDL ir+68(FP), R13
	DECQ R11
	JNZ mlrow
mldone:
	VZEROUPPER
	RET

// func maxIdxRectF32(dst *float32, di *int32, ds int, src *float32, si *int32, sr, rows, cols int)
TEXT ·maxIdxRectF32(SB), NOSPLIT, $0-64
	MOVQ dst+0(FP), DI
	MOVQ di+8(FP), DX
	MOVQ ds+16(FP), R8
	MOVQ src+24(FP), SI
	MOVQ si+32(FP), R14
	MOVQ sr+40(FP), R9
	MOVQ rows+48(FP), R11
	MOVQ cols+56(FP), R12
	SHLQ $2, R8
	SHLQ $2, R9
	TESTQ R11, R11
	JLE mxdone
mxrow:
	MOVQ DI, AX
	MOVQ SI, BX
	MOVQ DX, R10
	MOVQ R14, R13
	MOVQ R12, CX
mxl8:
	CMPQ CX, $8
	JLT mxt
	VMOVUPS (BX), Y0
	VMOVUPS (AX), Y1
	VCMPPS $0x1E, Y1, Y0, Y2
	VMAXPS Y1, Y0, Y1
	VMOVUPS Y1, (AX)
	VMOVDQU (R10), Y4
	VBLENDVPS Y2, (R13), Y4, Y4
	VMOVDQU Y4, (R10)
	ADDQ $32, AX
	ADDQ $32, BX
	ADDQ $32, R10
	ADDQ $32, R13
	SUBQ $8, CX
	JMP mxl8
mxt:
	TESTQ CX, CX
	JEQ mxnext
	CMPQ R12, $8
	JLT mxsc
	NEGQ CX
	ADDQ $8, CX
	SHLQ $2, CX
	SUBQ CX, AX
	SUBQ CX, BX
	SUBQ CX, R10
	SUBQ CX, R13
	MOVQ $8, CX
	JMP mxl8
mxsc:
	VMOVSS (BX), X0
	VMOVSS (AX), X1
	VCMPSS $0x1E, X1, X0, X2
	VMAXSS X1, X0, X1
	VMOVSS X1, (AX)
	VMOVSS (R10), X4
	VMOVSS (R13), X3
	VBLENDVPS X2, X3, X4, X4
	VMOVSS X4, (R10)
	ADDQ $4, AX
	ADDQ $4, BX
	ADDQ $4, R10
	ADDQ $4, R13
	DECQ CX
	TESTQ CX, CX
	JNE mxsc
mxnext:
	ADDQ R8, DI
	ADDQ R8, DX
	ADDQ R9, SI
	ADDQ R9, R14
	DECQ R11
	JNZ mxrow
mxdone:
	VZEROUPPER
	RET

DATA iota8<>+0(SB)/4, $0
DATA iota8<>+4(SB)/4, $1
DATA iota8<>+8(SB)/4, $2
DATA iota8<>+12(SB)/4, $3
DATA iota8<>+16(SB)/4, $4
DATA iota8<>+20(SB)/4, $5
DATA iota8<>+24(SB)/4, $6
DATA iota8<>+28(SB)/4, $7
GLOBL iota8<>(SB), RODATA|NOPTR, $32

// func sumF32(p *float32, n int) float32
// Four independent accumulators, then a horizontal reduction.
TEXT ·sumF32(SB), NOSPLIT, $0-20
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), CX
	VXORPS Y0, Y0, Y0
	VXORPS Y1, Y1, Y1
	VXORPS Y2, Y2, Y2
	VXORPS Y3, Y3, Y3
sum32:
	CMPQ CX, $32
	JLT sum8
	VADDPS (SI), Y0, Y0
	VADDPS 32(SI), Y1, Y1
	VADDPS 64(SI), Y2, Y2
	VADDPS 96(SI), Y3, Y3
	ADDQ $128, SI
	SUBQ $32, CX
	JMP sum32
sum8:
	CMPQ CX, $8
	JLT sumtail
	VADDPS (SI), Y0, Y0
	ADDQ $32, SI
	SUBQ $8, CX
	JMP sum8
sumtail:
	VADDPS Y1, Y0, Y0
	VADDPS Y3, Y2, Y2
	VADDPS Y2, Y0, Y0
	VEXTRACTF128 $1, Y0, X1
	VADDPS X1, X0, X0
	VMOVHLPS X0, X1, X1
	VADDPS X1, X0, X0
	VMOVSHDUP X0, X1
	VADDSS X1, X0, X0
sum1:
	TESTQ CX, CX
	JEQ sumdone
	VADDSS (SI), X0, X0
	ADDQ $4, SI
	DECQ CX
	JMP sum1
sumdone:
	VMOVSS X0, ret+16(FP)
	VZEROUPPER
	RET

// func anyNaNF32(p *float32, n int) bool
TEXT ·anyNaNF32(SB), NOSPLIT, $0-17
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), CX
	VXORPS Y2, Y2, Y2
nan16:
	CMPQ CX, $16
	JLT nan1
	VMOVUPS (SI), Y0
	VMOVUPS 32(SI), Y1
	VCMPPS $3, Y0, Y0, Y0
	VCMPPS $3, Y1, Y1, Y1
	VORPS Y0, Y2, Y2
	VORPS Y1, Y2, Y2
	ADDQ $64, SI
	SUBQ $16, CX
	JMP nan16
nan1:
	TESTQ CX, CX
	JEQ nandone
	VMOVSS (SI), X0
	VCMPSS $3, X0, X0, X0
	VORPS Y0, Y2, Y2
	ADDQ $4, SI
	DECQ CX
	JMP nan1
nandone:
	VMOVMSKPS Y2, AX
	TESTL AX, AX
	SETNE ret+16(FP)
	VZEROUPPER
	RET
