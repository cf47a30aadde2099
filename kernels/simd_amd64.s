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

// Fused multi-tap folds (see foldMaxGo and friends in prims.go). The Go
// wrappers guarantee taps >= 1, rows >= 1 and cols >= 8; a row tail redoes
// an overlapping full vector, which is exact because re-folding the same
// taps into a max accumulator changes nothing and, without load, a column
// is a pure function of the source (the add fold is only called with load
// on whole vectors). Stride-2 sources are deinterleaved as in LOAD_S2, with
// Y12/Y13 as temporaries.

// func foldMaxF32(dst *float32, ds int, src *float32, sr, sc, ts, taps, rows, cols int, init float32, load bool)
TEXT ·foldMaxF32(SB), NOSPLIT, $0-77
	MOVQ dst+0(FP), DI
	MOVQ ds+8(FP), R8
	MOVQ src+16(FP), SI
	MOVQ sr+24(FP), R9
	MOVQ sc+32(FP), R10
	MOVQ ts+40(FP), R13
	MOVQ taps+48(FP), R14
	MOVQ rows+56(FP), R11
	MOVQ cols+64(FP), R12
	VBROADCASTSS init+72(FP), Y15
	MOVBLZX load+76(FP), R15
	SHLQ $2, R8
	SHLQ $2, R9
	SHLQ $2, R13
	CMPQ R10, $2
	JEQ fms2row

fms1row:
	MOVQ DI, AX
	MOVQ SI, BX
	MOVQ R12, CX
fms1v16:
	CMPQ CX, $16
	JLT fms1chk
	VMOVAPS Y15, Y0
	VMOVAPS Y15, Y4
	TESTQ R15, R15
	JEQ fms1go16
	VMOVUPS (AX), Y0
	VMOVUPS 32(AX), Y4
fms1go16:
	MOVQ BX, DX
	MOVQ R14, R10
fms1tap16:
	VMOVUPS (DX), Y1
	VMOVUPS 32(DX), Y2
	VMAXPS Y0, Y1, Y0
	VMAXPS Y4, Y2, Y4
	ADDQ R13, DX
	DECQ R10
	JNZ fms1tap16
	VMOVUPS Y0, (AX)
	VMOVUPS Y4, 32(AX)
	ADDQ $64, AX
	ADDQ $64, BX
	SUBQ $16, CX
	JMP fms1v16
fms1chk:
	TESTQ CX, CX
	JEQ fms1next
	CMPQ CX, $8
	JLT fms1ovl
fms1v8:
	VMOVAPS Y15, Y0
	TESTQ R15, R15
	JEQ fms1go8
	VMOVUPS (AX), Y0
fms1go8:
	MOVQ BX, DX
	MOVQ R14, R10
fms1tap8:
	VMOVUPS (DX), Y1
	VMAXPS Y0, Y1, Y0
	ADDQ R13, DX
	DECQ R10
	JNZ fms1tap8
	VMOVUPS Y0, (AX)
	ADDQ $32, AX
	ADDQ $32, BX
	SUBQ $8, CX
	JMP fms1chk
fms1ovl:
	MOVQ $8, DX
	SUBQ CX, DX
	SHLQ $2, DX
	SUBQ DX, AX
	SUBQ DX, BX
	MOVQ $8, CX
	JMP fms1v8
fms1next:
	ADDQ R8, DI
	ADDQ R9, SI
	DECQ R11
	JNZ fms1row
	JMP fmdone

fms2row:
	MOVQ DI, AX
	MOVQ SI, BX
	MOVQ R12, CX
fms2v16:
	CMPQ CX, $16
	JLT fms2chk
	VMOVAPS Y15, Y0
	VMOVAPS Y15, Y4
	TESTQ R15, R15
	JEQ fms2go16
	VMOVUPS (AX), Y0
	VMOVUPS 32(AX), Y4
fms2go16:
	MOVQ BX, DX
	MOVQ R14, R10
fms2tap16:
	VMOVUPS (DX), Y12
	VMOVUPS 28(DX), Y13
	VSHUFPS $0xD8, Y13, Y12, Y1
	VPERMPD $0xD8, Y1, Y1
	VMOVUPS 64(DX), Y12
	VMOVUPS 92(DX), Y13
	VSHUFPS $0xD8, Y13, Y12, Y2
	VPERMPD $0xD8, Y2, Y2
	VMAXPS Y0, Y1, Y0
	VMAXPS Y4, Y2, Y4
	ADDQ R13, DX
	DECQ R10
	JNZ fms2tap16
	VMOVUPS Y0, (AX)
	VMOVUPS Y4, 32(AX)
	ADDQ $64, AX
	ADDQ $128, BX
	SUBQ $16, CX
	JMP fms2v16
fms2chk:
	TESTQ CX, CX
	JEQ fms2next
	CMPQ CX, $8
	JLT fms2ovl
fms2v8:
	VMOVAPS Y15, Y0
	TESTQ R15, R15
	JEQ fms2go8
	VMOVUPS (AX), Y0
fms2go8:
	MOVQ BX, DX
	MOVQ R14, R10
fms2tap8:
	VMOVUPS (DX), Y12
	VMOVUPS 28(DX), Y13
	VSHUFPS $0xD8, Y13, Y12, Y1
	VPERMPD $0xD8, Y1, Y1
	VMAXPS Y0, Y1, Y0
	ADDQ R13, DX
	DECQ R10
	JNZ fms2tap8
	VMOVUPS Y0, (AX)
	ADDQ $32, AX
	ADDQ $64, BX
	SUBQ $8, CX
	JMP fms2chk
fms2ovl:
	MOVQ $8, DX
	SUBQ CX, DX
	SHLQ $2, DX
	SUBQ DX, AX
	SUBQ DX, BX
	SUBQ DX, BX
	MOVQ $8, CX
	JMP fms2v8
fms2next:
	ADDQ R8, DI
	ADDQ R9, SI
	DECQ R11
	JNZ fms2row
fmdone:
	VZEROUPPER
	RET

// func foldAddF32(dst *float32, ds int, src *float32, sr, sc, ts, taps, rows, cols int, load bool, div float32)
// Each result is divided by div before it is stored (div = 1 is exact).
TEXT ·foldAddF32(SB), NOSPLIT, $0-80
	MOVQ dst+0(FP), DI
	MOVQ ds+8(FP), R8
	MOVQ src+16(FP), SI
	MOVQ sr+24(FP), R9
	MOVQ sc+32(FP), R10
	MOVQ ts+40(FP), R13
	MOVQ taps+48(FP), R14
	MOVQ rows+56(FP), R11
	MOVQ cols+64(FP), R12
	VXORPS Y15, Y15, Y15
	MOVBLZX load+72(FP), R15
	VBROADCASTSS div+76(FP), Y14
	SHLQ $2, R8
	SHLQ $2, R9
	SHLQ $2, R13
	CMPQ R10, $2
	JEQ fas2row

fas1row:
	MOVQ DI, AX
	MOVQ SI, BX
	MOVQ R12, CX
fas1v16:
	CMPQ CX, $16
	JLT fas1chk
	VMOVAPS Y15, Y0
	VMOVAPS Y15, Y4
	TESTQ R15, R15
	JEQ fas1go16
	VMOVUPS (AX), Y0
	VMOVUPS 32(AX), Y4
fas1go16:
	MOVQ BX, DX
	MOVQ R14, R10
fas1tap16:
	VMOVUPS (DX), Y1
	VMOVUPS 32(DX), Y2
	VADDPS Y1, Y0, Y0
	VADDPS Y2, Y4, Y4
	ADDQ R13, DX
	DECQ R10
	JNZ fas1tap16
	VDIVPS Y14, Y0, Y0
	VMOVUPS Y0, (AX)
	VDIVPS Y14, Y4, Y4
	VMOVUPS Y4, 32(AX)
	ADDQ $64, AX
	ADDQ $64, BX
	SUBQ $16, CX
	JMP fas1v16
fas1chk:
	TESTQ CX, CX
	JEQ fas1next
	CMPQ CX, $8
	JLT fas1ovl
fas1v8:
	VMOVAPS Y15, Y0
	TESTQ R15, R15
	JEQ fas1go8
	VMOVUPS (AX), Y0
fas1go8:
	MOVQ BX, DX
	MOVQ R14, R10
fas1tap8:
	VMOVUPS (DX), Y1
	VADDPS Y1, Y0, Y0
	ADDQ R13, DX
	DECQ R10
	JNZ fas1tap8
	VDIVPS Y14, Y0, Y0
	VMOVUPS Y0, (AX)
	ADDQ $32, AX
	ADDQ $32, BX
	SUBQ $8, CX
	JMP fas1chk
fas1ovl:
	MOVQ $8, DX
	SUBQ CX, DX
	SHLQ $2, DX
	SUBQ DX, AX
	SUBQ DX, BX
	MOVQ $8, CX
	JMP fas1v8
fas1next:
	ADDQ R8, DI
	ADDQ R9, SI
	DECQ R11
	JNZ fas1row
	JMP fadone

fas2row:
	MOVQ DI, AX
	MOVQ SI, BX
	MOVQ R12, CX
fas2v16:
	CMPQ CX, $16
	JLT fas2chk
	VMOVAPS Y15, Y0
	VMOVAPS Y15, Y4
	TESTQ R15, R15
	JEQ fas2go16
	VMOVUPS (AX), Y0
	VMOVUPS 32(AX), Y4
fas2go16:
	MOVQ BX, DX
	MOVQ R14, R10
fas2tap16:
	VMOVUPS (DX), Y12
	VMOVUPS 28(DX), Y13
	VSHUFPS $0xD8, Y13, Y12, Y1
	VPERMPD $0xD8, Y1, Y1
	VMOVUPS 64(DX), Y12
	VMOVUPS 92(DX), Y13
	VSHUFPS $0xD8, Y13, Y12, Y2
	VPERMPD $0xD8, Y2, Y2
	VADDPS Y1, Y0, Y0
	VADDPS Y2, Y4, Y4
	ADDQ R13, DX
	DECQ R10
	JNZ fas2tap16
	VDIVPS Y14, Y0, Y0
	VMOVUPS Y0, (AX)
	VDIVPS Y14, Y4, Y4
	VMOVUPS Y4, 32(AX)
	ADDQ $64, AX
	ADDQ $128, BX
	SUBQ $16, CX
	JMP fas2v16
fas2chk:
	TESTQ CX, CX
	JEQ fas2next
	CMPQ CX, $8
	JLT fas2ovl
fas2v8:
	VMOVAPS Y15, Y0
	TESTQ R15, R15
	JEQ fas2go8
	VMOVUPS (AX), Y0
fas2go8:
	MOVQ BX, DX
	MOVQ R14, R10
fas2tap8:
	VMOVUPS (DX), Y12
	VMOVUPS 28(DX), Y13
	VSHUFPS $0xD8, Y13, Y12, Y1
	VPERMPD $0xD8, Y1, Y1
	VADDPS Y1, Y0, Y0
	ADDQ R13, DX
	DECQ R10
	JNZ fas2tap8
	VDIVPS Y14, Y0, Y0
	VMOVUPS Y0, (AX)
	ADDQ $32, AX
	ADDQ $64, BX
	SUBQ $8, CX
	JMP fas2chk
fas2ovl:
	MOVQ $8, DX
	SUBQ CX, DX
	SHLQ $2, DX
	SUBQ DX, AX
	SUBQ DX, BX
	SUBQ DX, BX
	MOVQ $8, CX
	JMP fas2v8
fas2next:
	ADDQ R8, DI
	ADDQ R9, SI
	DECQ R11
	JNZ fas2row
fadone:
	VZEROUPPER
	RET

// func foldMaxIdxLinF32(dst *float32, di *int32, ds int, src *float32, sr, sc, ts, taps, rows, cols int, init float32, load bool, i0, ir, ic, it int32)
// AX: byte offset of the column vector in the dst/di rows; Y3: indices of
// the column vector's tap 0; Y8: the row's Y3 at column 0. 16 columns per
// step (accumulators Y0/Y14, indices Y4/Y5), then 8, then an overlapping 8.
TEXT ·foldMaxIdxLinF32(SB), NOSPLIT, $0-104
	MOVQ dst+0(FP), DI
	MOVQ di+8(FP), DX
	MOVQ ds+16(FP), R8
	MOVQ src+24(FP), SI
	MOVQ sr+32(FP), R9
	MOVQ ts+48(FP), R13
	MOVQ taps+56(FP), R14
	MOVQ rows+64(FP), R11
	MOVQ cols+72(FP), R12
	VBROADCASTSS init+80(FP), Y15
	SHLQ $2, R8
	SHLQ $2, R9
	SHLQ $2, R13
	MOVL ic+96(FP), AX
	VMOVD AX, X5
	VPBROADCASTD X5, Y5
	VPSLLD $3, Y5, Y6
	MOVL it+100(FP), AX
	VMOVD AX, X7
	VPBROADCASTD X7, Y7
	MOVL ir+92(FP), AX
	VMOVD AX, X9
	VPBROADCASTD X9, Y9
	MOVL i0+88(FP), AX
	VMOVD AX, X8
	VPBROADCASTD X8, Y8
	VMOVDQU iota8<>(SB), Y10
	VPMULLD Y5, Y10, Y10
	VPADDD Y10, Y8, Y8
	MOVQ sc+40(FP), R10
	CMPQ R10, $2
	JEQ fls2row

fls1row:
	XORQ AX, AX
	MOVQ SI, BX
	MOVQ R12, CX
	VMOVDQA Y8, Y3
fls1v16:
	CMPQ CX, $16
	JLT fls1chk
	CMPB load+84(FP), $0
	JEQ fls1i16
	VMOVUPS (DI)(AX*1), Y0
	VMOVUPS 32(DI)(AX*1), Y14
	VMOVDQU (DX)(AX*1), Y4
	VMOVDQU 32(DX)(AX*1), Y5
	JMP fls1g16
fls1i16:
	VMOVAPS Y15, Y0
	VMOVAPS Y15, Y14
	VPXOR Y4, Y4, Y4
	VPXOR Y5, Y5, Y5
fls1g16:
	MOVQ BX, R15
	MOVQ R14, R10
	VMOVDQA Y3, Y10
fls1t16:
	VMOVUPS (R15), Y1
	VMOVUPS 32(R15), Y2
	VCMPPS $0x1E, Y0, Y1, Y12
	VMAXPS Y0, Y1, Y0
	VBLENDVPS Y12, Y10, Y4, Y4
	VPADDD Y6, Y10, Y11
	VCMPPS $0x1E, Y14, Y2, Y13
	VMAXPS Y14, Y2, Y14
	VBLENDVPS Y13, Y11, Y5, Y5
	VPADDD Y7, Y10, Y10
	ADDQ R13, R15
	DECQ R10
	JNZ fls1t16
	VMOVUPS Y0, (DI)(AX*1)
	VMOVUPS Y14, 32(DI)(AX*1)
	VMOVDQU Y4, (DX)(AX*1)
	VMOVDQU Y5, 32(DX)(AX*1)
	VPADDD Y6, Y3, Y3
	VPADDD Y6, Y3, Y3
	ADDQ $64, AX
	ADDQ $64, BX
	SUBQ $16, CX
	JMP fls1v16
fls1chk:
	TESTQ CX, CX
	JEQ fls1next
	CMPQ CX, $8
	JLT fls1ovl
fls1v8:
	CMPB load+84(FP), $0
	JEQ fls1i8
	VMOVUPS (DI)(AX*1), Y0
	VMOVDQU (DX)(AX*1), Y4
	JMP fls1g8
fls1i8:
	VMOVAPS Y15, Y0
	VPXOR Y4, Y4, Y4
fls1g8:
	MOVQ BX, R15
	MOVQ R14, R10
	VMOVDQA Y3, Y10
fls1t8:
	VMOVUPS (R15), Y1
	VCMPPS $0x1E, Y0, Y1, Y2
	VMAXPS Y0, Y1, Y0
	VBLENDVPS Y2, Y10, Y4, Y4
	VPADDD Y7, Y10, Y10
	ADDQ R13, R15
	DECQ R10
	JNZ fls1t8
	VMOVUPS Y0, (DI)(AX*1)
	VMOVDQU Y4, (DX)(AX*1)
	VPADDD Y6, Y3, Y3
	ADDQ $32, AX
	ADDQ $32, BX
	SUBQ $8, CX
	JMP fls1chk
fls1ovl:
	MOVQ $8, R10
	SUBQ CX, R10
	MOVL ic+96(FP), R15
	IMULL R10, R15
	VMOVD R15, X11
	VPBROADCASTD X11, Y11
	VPSUBD Y11, Y3, Y3
	SHLQ $2, R10
	SUBQ R10, AX
	SUBQ R10, BX
	MOVQ $8, CX
	JMP fls1v8
fls1next:
	ADDQ R8, DI
	ADDQ R8, DX
	ADDQ R9, SI
	VPADDD Y9, Y8, Y8
	DECQ R11
	JNZ fls1row
	JMP fldone
fls2row:
	XORQ AX, AX
	MOVQ SI, BX
	MOVQ R12, CX
	VMOVDQA Y8, Y3
fls2v16:
	CMPQ CX, $16
	JLT fls2chk
	CMPB load+84(FP), $0
	JEQ fls2i16
	VMOVUPS (DI)(AX*1), Y0
	VMOVUPS 32(DI)(AX*1), Y14
	VMOVDQU (DX)(AX*1), Y4
	VMOVDQU 32(DX)(AX*1), Y5
	JMP fls2g16
fls2i16:
	VMOVAPS Y15, Y0
	VMOVAPS Y15, Y14
	VPXOR Y4, Y4, Y4
	VPXOR Y5, Y5, Y5
fls2g16:
	MOVQ BX, R15
	MOVQ R14, R10
	VMOVDQA Y3, Y10
fls2t16:
	VMOVUPS (R15), Y12
	VMOVUPS 28(R15), Y13
	VSHUFPS $0xD8, Y13, Y12, Y1
	VPERMPD $0xD8, Y1, Y1
	VMOVUPS 64(R15), Y12
	VMOVUPS 92(R15), Y13
	VSHUFPS $0xD8, Y13, Y12, Y2
	VPERMPD $0xD8, Y2, Y2
	VCMPPS $0x1E, Y0, Y1, Y12
	VMAXPS Y0, Y1, Y0
	VBLENDVPS Y12, Y10, Y4, Y4
	VPADDD Y6, Y10, Y11
	VCMPPS $0x1E, Y14, Y2, Y13
	VMAXPS Y14, Y2, Y14
	VBLENDVPS Y13, Y11, Y5, Y5
	VPADDD Y7, Y10, Y10
	ADDQ R13, R15
	DECQ R10
	JNZ fls2t16
	VMOVUPS Y0, (DI)(AX*1)
	VMOVUPS Y14, 32(DI)(AX*1)
	VMOVDQU Y4, (DX)(AX*1)
	VMOVDQU Y5, 32(DX)(AX*1)
	VPADDD Y6, Y3, Y3
	VPADDD Y6, Y3, Y3
	ADDQ $64, AX
	ADDQ $128, BX
	SUBQ $16, CX
	JMP fls2v16
fls2chk:
	TESTQ CX, CX
	JEQ fls2next
	CMPQ CX, $8
	JLT fls2ovl
fls2v8:
	CMPB load+84(FP), $0
	JEQ fls2i8
	VMOVUPS (DI)(AX*1), Y0
	VMOVDQU (DX)(AX*1), Y4
	JMP fls2g8
fls2i8:
	VMOVAPS Y15, Y0
	VPXOR Y4, Y4, Y4
fls2g8:
	MOVQ BX, R15
	MOVQ R14, R10
	VMOVDQA Y3, Y10
fls2t8:
	VMOVUPS (R15), Y12
	VMOVUPS 28(R15), Y13
	VSHUFPS $0xD8, Y13, Y12, Y1
	VPERMPD $0xD8, Y1, Y1
	VCMPPS $0x1E, Y0, Y1, Y2
	VMAXPS Y0, Y1, Y0
	VBLENDVPS Y2, Y10, Y4, Y4
	VPADDD Y7, Y10, Y10
	ADDQ R13, R15
	DECQ R10
	JNZ fls2t8
	VMOVUPS Y0, (DI)(AX*1)
	VMOVDQU Y4, (DX)(AX*1)
	VPADDD Y6, Y3, Y3
	ADDQ $32, AX
	ADDQ $64, BX
	SUBQ $8, CX
	JMP fls2chk
fls2ovl:
	MOVQ $8, R10
	SUBQ CX, R10
	MOVL ic+96(FP), R15
	IMULL R10, R15
	VMOVD R15, X11
	VPBROADCASTD X11, Y11
	VPSUBD Y11, Y3, Y3
	SHLQ $2, R10
	SUBQ R10, AX
	SUBQ R10, BX
	SUBQ R10, BX
	MOVQ $8, CX
	JMP fls2v8
fls2next:
	ADDQ R8, DI
	ADDQ R8, DX
	ADDQ R9, SI
	VPADDD Y9, Y8, Y8
	DECQ R11
	JNZ fls2row
fldone:
	VZEROUPPER
	RET



// func foldMaxIdxF32(dst *float32, di *int32, ds int, src *float32, si *int32, sr, ts, taps, rows, cols int, init float32, load bool)
// R14 = si - src: a source index sits at the value's address + R14. 16
// columns per step, then 8, then an overlapping 8.
TEXT ·foldMaxIdxF32(SB), NOSPLIT, $0-85
	MOVQ dst+0(FP), DI
	MOVQ di+8(FP), DX
	MOVQ ds+16(FP), R8
	MOVQ src+24(FP), SI
	MOVQ si+32(FP), R14
	SUBQ SI, R14
	MOVQ sr+40(FP), R9
	MOVQ ts+48(FP), R13
	MOVQ rows+64(FP), R11
	MOVQ cols+72(FP), R12
	VBROADCASTSS init+80(FP), Y15
	SHLQ $2, R8
	SHLQ $2, R9
	SHLQ $2, R13
fxrow:
	XORQ AX, AX
	MOVQ SI, BX
	MOVQ R12, CX
fxv16:
	CMPQ CX, $16
	JLT fxchk
	CMPB load+84(FP), $0
	JEQ fxi16
	VMOVUPS (DI)(AX*1), Y0
	VMOVUPS 32(DI)(AX*1), Y14
	VMOVDQU (DX)(AX*1), Y4
	VMOVDQU 32(DX)(AX*1), Y5
	JMP fxg16
fxi16:
	VMOVAPS Y15, Y0
	VMOVAPS Y15, Y14
	VPXOR Y4, Y4, Y4
	VPXOR Y5, Y5, Y5
fxg16:
	MOVQ BX, R15
	MOVQ taps+56(FP), R10
fxt16:
	VMOVUPS (R15), Y1
	VMOVUPS 32(R15), Y2
	VCMPPS $0x1E, Y0, Y1, Y12
	VMAXPS Y0, Y1, Y0
	VBLENDVPS Y12, (R15)(R14*1), Y4, Y4
	VCMPPS $0x1E, Y14, Y2, Y13
	VMAXPS Y14, Y2, Y14
	VBLENDVPS Y13, 32(R15)(R14*1), Y5, Y5
	ADDQ R13, R15
	DECQ R10
	JNZ fxt16
	VMOVUPS Y0, (DI)(AX*1)
	VMOVUPS Y14, 32(DI)(AX*1)
	VMOVDQU Y4, (DX)(AX*1)
	VMOVDQU Y5, 32(DX)(AX*1)
	ADDQ $64, AX
	ADDQ $64, BX
	SUBQ $16, CX
	JMP fxv16
fxchk:
	TESTQ CX, CX
	JEQ fxnext
	CMPQ CX, $8
	JLT fxovl
fxv:
	CMPB load+84(FP), $0
	JEQ fxinit
	VMOVUPS (DI)(AX*1), Y0
	VMOVDQU (DX)(AX*1), Y4
	JMP fxgo
fxinit:
	VMOVAPS Y15, Y0
	VPXOR Y4, Y4, Y4
fxgo:
	MOVQ BX, R15
	MOVQ taps+56(FP), R10
fxtap:
	VMOVUPS (R15), Y1
	VCMPPS $0x1E, Y0, Y1, Y2
	VMAXPS Y0, Y1, Y0
	VBLENDVPS Y2, (R15)(R14*1), Y4, Y4
	ADDQ R13, R15
	DECQ R10
	JNZ fxtap
	VMOVUPS Y0, (DI)(AX*1)
	VMOVDQU Y4, (DX)(AX*1)
	ADDQ $32, AX
	ADDQ $32, BX
	SUBQ $8, CX
	JMP fxchk
fxovl:
	MOVQ $8, R10
	SUBQ CX, R10
	SHLQ $2, R10
	SUBQ R10, AX
	SUBQ R10, BX
	MOVQ $8, CX
	JMP fxv
fxnext:
	ADDQ R8, DI
	ADDQ R8, DX
	ADDQ R9, SI
	DECQ R11
	JNZ fxrow
	VZEROUPPER
	RET

DATA maxI32<>+0(SB)/4, $0x7fffffff
GLOBL maxI32<>(SB), RODATA|NOPTR, $4

// func winMaxIdxF32(colV *float32, colI *int32, wb *int32, n int, outV *float32, outI *int32)
// For each window c < n, [wb[2c], wb[2c+1]) of the NaN-free columns: outV[c]
// = the largest value m, outI[c] = the smallest colI among the columns equal
// to m (−0 == +0). Windows are non-empty.
TEXT ·winMaxIdxF32(SB), NOSPLIT, $0-48
	MOVQ colV+0(FP), SI
	MOVQ colI+8(FP), DI
	MOVQ wb+16(FP), R8
	MOVQ n+24(FP), R9
	MOVQ outV+32(FP), R10
	MOVQ outI+40(FP), R11
	VPBROADCASTD maxI32<>(SB), Y5
	TESTQ R9, R9
	JLE wmdone
wmwin:
	MOVLQSX (R8), AX
	MOVLQSX 4(R8), CX
	SUBQ AX, CX
	LEAQ (SI)(AX*4), R12
	LEAQ (DI)(AX*4), R13
	CMPQ CX, $8
	JLT wmscalar
	// vector: maximum over 8-lane chunks, the last one overlapping
	VMOVUPS (R12), Y0
	MOVQ $8, DX
wmv1:
	LEAQ 8(DX), BX
	CMPQ BX, CX
	JGT wmv1t
	VMAXPS (R12)(DX*4), Y0, Y0
	MOVQ BX, DX
	JMP wmv1
wmv1t:
	CMPQ DX, CX
	JGE wmv1h
	LEAQ -8(CX), DX
	VMAXPS (R12)(DX*4), Y0, Y0
wmv1h:
	VEXTRACTF128 $1, Y0, X1
	VMAXPS X1, X0, X0
	VPERMILPS $0x4E, X0, X1
	VMAXPS X1, X0, X0
	VPERMILPS $0xB1, X0, X1
	VMAXPS X1, X0, X0
	VBROADCASTSS X0, Y0
	// smallest index among the columns equal to the maximum
	VMOVDQA Y5, Y2
	XORQ DX, DX
wmv2:
	LEAQ 8(DX), BX
	CMPQ BX, CX
	JGT wmv2t
	VCMPPS $0, (R12)(DX*4), Y0, Y3
	VBLENDVPS Y3, (R13)(DX*4), Y5, Y4
	VPMINSD Y4, Y2, Y2
	MOVQ BX, DX
	JMP wmv2
wmv2t:
	CMPQ DX, CX
	JGE wmv2h
	LEAQ -8(CX), DX
	VCMPPS $0, (R12)(DX*4), Y0, Y3
	VBLENDVPS Y3, (R13)(DX*4), Y5, Y4
	VPMINSD Y4, Y2, Y2
wmv2h:
	VEXTRACTI128 $1, Y2, X3
	VPMINSD X3, X2, X2
	VPSHUFD $0x4E, X2, X3
	VPMINSD X3, X2, X2
	VPSHUFD $0xB1, X2, X3
	VPMINSD X3, X2, X2
	VMOVSS X0, (R10)
	VMOVD X2, (R11)
	JMP wmnext
wmscalar:
	VMOVSS (R12), X0
	MOVQ $1, DX
wms1:
	CMPQ DX, CX
	JGE wms1d
	VMAXSS (R12)(DX*4), X0, X0
	INCQ DX
	JMP wms1
wms1d:
	MOVL $0x7fffffff, R14
	XORQ DX, DX
wms2:
	VUCOMISS (R12)(DX*4), X0
	JNE wms2n
	MOVL (R13)(DX*4), R15
	CMPL R15, R14
	CMOVLLT R15, R14
wms2n:
	INCQ DX
	CMPQ DX, CX
	JLT wms2
	VMOVSS X0, (R10)
	MOVL R14, (R11)
wmnext:
	ADDQ $8, R8
	ADDQ $4, R10
	ADDQ $4, R11
	DECQ R9
	JNZ wmwin
wmdone:
	VZEROUPPER
	RET

// func sumPlanesF32(src *float32, n, planes int, dst *float32, div float32)
// dst[p] = (sum of the n elements of plane p, any order) / div; n >= 1. The
// sums are stored first, then divided 8 at a time.
TEXT ·sumPlanesF32(SB), NOSPLIT, $0-36
	MOVQ src+0(FP), SI
	MOVQ n+8(FP), R8
	MOVQ planes+16(FP), R9
	MOVQ dst+24(FP), DI
	VBROADCASTSS div+32(FP), Y7
	MOVQ DI, DX
	TESTQ R9, R9
	JLE spdone
spplane:
	VXORPS Y0, Y0, Y0
	VXORPS Y1, Y1, Y1
	MOVQ R8, CX
	MOVQ SI, BX
sp16:
	CMPQ CX, $16
	JLT sp8
	VADDPS (BX), Y0, Y0
	VADDPS 32(BX), Y1, Y1
	ADDQ $64, BX
	SUBQ $16, CX
	JMP sp16
sp8:
	CMPQ CX, $8
	JLT sph
	VADDPS (BX), Y0, Y0
	ADDQ $32, BX
	SUBQ $8, CX
sph:
	VADDPS Y1, Y0, Y0
	VEXTRACTF128 $1, Y0, X1
	VADDPS X1, X0, X0
	VMOVHLPS X0, X1, X1
	VADDPS X1, X0, X0
	VMOVSHDUP X0, X1
	VADDSS X1, X0, X0
sp1:
	TESTQ CX, CX
	JEQ spst
	VADDSS (BX), X0, X0
	ADDQ $4, BX
	DECQ CX
	JMP sp1
spst:
	VMOVSS X0, (DI)
	ADDQ $4, DI
	LEAQ (SI)(R8*4), SI
	DECQ R9
	JNZ spplane
	// divide the sums
	MOVQ planes+16(FP), CX
spd8:
	CMPQ CX, $8
	JLT spd1
	VMOVUPS (DX), Y0
	VDIVPS Y7, Y0, Y0
	VMOVUPS Y0, (DX)
	ADDQ $32, DX
	SUBQ $8, CX
	JMP spd8
spd1:
	TESTQ CX, CX
	JEQ spdone
	VMOVSS (DX), X0
	VDIVSS X7, X0, X0
	VMOVSS X0, (DX)
	ADDQ $4, DX
	DECQ CX
	JMP spd1
spdone:
	VZEROUPPER
	RET

// func addIdxI64(out *int64, in *int32, n int, base uint64)
// out[e] = base + int64(in[e]) (the int32 sign-extended).
TEXT ·addIdxI64(SB), NOSPLIT, $0-32
	MOVQ out+0(FP), DI
	MOVQ in+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ base+24(FP), DX
	VMOVQ DX, X2
	VPBROADCASTQ X2, Y2
ai64l8:
	CMPQ CX, $8
	JLT ai64t
	VPMOVSXDQ (SI), Y0
	VPMOVSXDQ 16(SI), Y1
	VPADDQ Y2, Y0, Y0
	VPADDQ Y2, Y1, Y1
	VMOVDQU Y0, (DI)
	VMOVDQU Y1, 32(DI)
	ADDQ $32, SI
	ADDQ $64, DI
	SUBQ $8, CX
	JMP ai64l8
ai64t:
	TESTQ CX, CX
	JEQ ai64done
	MOVLQSX (SI), AX
	ADDQ DX, AX
	MOVQ AX, (DI)
	ADDQ $4, SI
	ADDQ $8, DI
	DECQ CX
	JMP ai64t
ai64done:
	VZEROUPPER
	RET

// func addIdxI32(out *int32, in *int32, n int, base uint32)
// out[e] = int32(base + uint32(in[e])) (wrapping).
TEXT ·addIdxI32(SB), NOSPLIT, $0-28
	MOVQ out+0(FP), DI
	MOVQ in+8(FP), SI
	MOVQ n+16(FP), CX
	MOVL base+24(FP), DX
	VMOVD DX, X2
	VPBROADCASTD X2, Y2
ai32l8:
	CMPQ CX, $8
	JLT ai32t
	VPADDD (SI), Y2, Y0
	VMOVDQU Y0, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	SUBQ $8, CX
	JMP ai32l8
ai32t:
	TESTQ CX, CX
	JEQ ai32done
	MOVL (SI), AX
	ADDL DX, AX
	MOVL AX, (DI)
	ADDQ $4, SI
	ADDQ $4, DI
	DECQ CX
	JMP ai32t
ai32done:
	VZEROUPPER
	RET

// func copyPadF32(pad *float32, wp int, src *float32, w, rows, pb int, v float32)
// Each of rows rows (source stride w, destination stride wp >= pb+w): v in
// columns [0, pb) and [pb+w, wp), the source row in [pb, pb+w). The row is
// first filled with v, then the source is copied over (8-wide, the last
// vector overlapping; scalar when w < 8).
TEXT ·copyPadF32(SB), NOSPLIT, $0-52
	MOVQ pad+0(FP), DI
	MOVQ wp+8(FP), R8
	MOVQ src+16(FP), SI
	MOVQ w+24(FP), R9
	MOVQ rows+32(FP), R11
	MOVQ pb+40(FP), R10
	VBROADCASTSS v+48(FP), Y15
	TESTQ R11, R11
	JLE cpdone
cprow:
	// fill [0, wp)
	XORQ CX, CX
cpf8:
	LEAQ 8(CX), AX
	CMPQ AX, R8
	JGT cpft
	VMOVUPS Y15, (DI)(CX*4)
	MOVQ AX, CX
	JMP cpf8
cpft:
	CMPQ CX, R8
	JGE cpcopy
	CMPQ R8, $8
	JLT cpfs
	LEAQ -8(R8), CX
	VMOVUPS Y15, (DI)(CX*4)
	JMP cpcopy
cpfs:
	VMOVSS X15, (DI)(CX*4)
	INCQ CX
	CMPQ CX, R8
	JLT cpfs
cpcopy:
	LEAQ (DI)(R10*4), BX
	XORQ CX, CX
	CMPQ R9, $8
	JLT cpcs
cpc8:
	LEAQ 8(CX), AX
	CMPQ AX, R9
	JGT cpct
	VMOVUPS (SI)(CX*4), Y0
	VMOVUPS Y0, (BX)(CX*4)
	MOVQ AX, CX
	JMP cpc8
cpct:
	CMPQ CX, R9
	JGE cpnext
	LEAQ -8(R9), CX
	VMOVUPS (SI)(CX*4), Y0
	VMOVUPS Y0, (BX)(CX*4)
	JMP cpnext
cpcs:
	CMPQ CX, R9
	JGE cpnext
	VMOVSS (SI)(CX*4), X0
	VMOVSS X0, (BX)(CX*4)
	INCQ CX
	JMP cpcs
cpnext:
	LEAQ (DI)(R8*4), DI
	LEAQ (SI)(R9*4), SI
	DECQ R11
	JNZ cprow
cpdone:
	VZEROUPPER
	RET

// func foldMaxIdxLin4x2F32(dst *float32, di *int32, ds int, src *float32, sr, ts, taps, pairs int, init float32, i0, ir, ic, it int32)
// foldMaxIdxLinF32 without load and column stride 1 for a strip of 4
// columns, two rows per vector (low lane: row 2p, high lane: row 2p+1), so a
// row tail of at most 4 columns costs half a vector instead of one.
TEXT ·foldMaxIdxLin4x2F32(SB), NOSPLIT, $0-84
	MOVQ dst+0(FP), DI
	MOVQ di+8(FP), DX
	MOVQ ds+16(FP), R8
	MOVQ src+24(FP), SI
	MOVQ sr+32(FP), R9
	MOVQ ts+40(FP), R13
	MOVQ taps+48(FP), R14
	MOVQ pairs+56(FP), R11
	VBROADCASTSS init+64(FP), Y15
	SHLQ $2, R8
	SHLQ $2, R9
	SHLQ $2, R13
	// Y8 = i0 + [0,1,2,3]*ic (low), + ir (high); Y9 = 2*ir; Y7 = it
	MOVL ic+76(FP), AX
	VMOVD AX, X5
	VPBROADCASTD X5, Y5
	VMOVDQU iota4x2<>(SB), Y10
	VPMULLD Y5, Y10, Y10
	MOVL i0+68(FP), AX
	VMOVD AX, X8
	VPBROADCASTD X8, Y8
	VPADDD Y10, Y8, Y8
	MOVL ir+72(FP), AX
	VMOVD AX, X9
	VPBROADCASTD X9, X9
	VPXOR Y6, Y6, Y6
	VINSERTI128 $1, X9, Y6, Y6
	VPADDD Y6, Y8, Y8
	VPADDD X9, X9, X9
	VPBROADCASTD X9, Y9
	MOVL it+80(FP), AX
	VMOVD AX, X7
	VPBROADCASTD X7, Y7
f4x2row:
	VMOVAPS Y15, Y0
	VPXOR Y4, Y4, Y4
	VMOVDQA Y8, Y10
	MOVQ SI, R15
	MOVQ R14, R10
f4x2t:
	VMOVUPS (R15), X1
	VINSERTF128 $1, (R15)(R9*1), Y1, Y1
	VCMPPS $0x1E, Y0, Y1, Y2
	VMAXPS Y0, Y1, Y0
	VBLENDVPS Y2, Y10, Y4, Y4
	VPADDD Y7, Y10, Y10
	ADDQ R13, R15
	DECQ R10
	JNZ f4x2t
	VMOVUPS X0, (DI)
	VEXTRACTF128 $1, Y0, (DI)(R8*1)
	VMOVDQU X4, (DX)
	VEXTRACTI128 $1, Y4, (DX)(R8*1)
	LEAQ (DI)(R8*2), DI
	LEAQ (DX)(R8*2), DX
	LEAQ (SI)(R9*2), SI
	VPADDD Y9, Y8, Y8
	DECQ R11
	JNZ f4x2row
	VZEROUPPER
	RET

DATA iota4x2<>+0(SB)/4, $0
DATA iota4x2<>+4(SB)/4, $1
DATA iota4x2<>+8(SB)/4, $2
DATA iota4x2<>+12(SB)/4, $3
DATA iota4x2<>+16(SB)/4, $0
DATA iota4x2<>+20(SB)/4, $1
DATA iota4x2<>+24(SB)/4, $2
DATA iota4x2<>+28(SB)/4, $3
GLOBL iota4x2<>(SB), RODATA, $32

// func foldMaxIdx4x2F32(dst *float32, di *int32, ds int, src *float32, si *int32, sr, ts, taps, pairs int, init float32, load bool)
// foldMaxIdxF32 for a strip of 4 columns, two rows per vector (low lane:
// row 2p, high lane: row 2p+1). R14 = si - src.
TEXT ·foldMaxIdx4x2F32(SB), NOSPLIT, $0-77
	MOVQ dst+0(FP), DI
	MOVQ di+8(FP), DX
	MOVQ ds+16(FP), R8
	MOVQ src+24(FP), SI
	MOVQ si+32(FP), R14
	SUBQ SI, R14
	MOVQ sr+40(FP), R9
	MOVQ ts+48(FP), R13
	MOVQ pairs+64(FP), R11
	VBROADCASTSS init+72(FP), Y15
	SHLQ $2, R8
	SHLQ $2, R9
	SHLQ $2, R13
fx4x2row:
	CMPB load+76(FP), $0
	JEQ fx4x2init
	VMOVUPS (DI), X0
	VINSERTF128 $1, (DI)(R8*1), Y0, Y0
	VMOVDQU (DX), X4
	VINSERTI128 $1, (DX)(R8*1), Y4, Y4
	JMP fx4x2go
fx4x2init:
	VMOVAPS Y15, Y0
	VPXOR Y4, Y4, Y4
fx4x2go:
	MOVQ SI, R15
	MOVQ taps+56(FP), R10
fx4x2t:
	VMOVUPS (R15), X1
	VINSERTF128 $1, (R15)(R9*1), Y1, Y1
	LEAQ (R15)(R14*1), BX
	VMOVDQU (BX), X3
	VINSERTI128 $1, (BX)(R9*1), Y3, Y3
	VCMPPS $0x1E, Y0, Y1, Y2
	VMAXPS Y0, Y1, Y0
	VBLENDVPS Y2, Y3, Y4, Y4
	ADDQ R13, R15
	DECQ R10
	JNZ fx4x2t
	VMOVUPS X0, (DI)
	VEXTRACTF128 $1, Y0, (DI)(R8*1)
	VMOVDQU X4, (DX)
	VEXTRACTI128 $1, Y4, (DX)(R8*1)
	LEAQ (DI)(R8*2), DI
	LEAQ (DX)(R8*2), DX
	LEAQ (SI)(R9*2), SI
	DECQ R11
	JNZ fx4x2row
	VZEROUPPER
	RET
