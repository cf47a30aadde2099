//go:build amd64 && !purego

#include "textflag.h"
#include "poolmask_amd64.h"

// AVX-512 pooling folds for every column stride, narrow rows and every
// element type (see foldMaxGo, foldAddGo, foldMaxIdxLinGo and foldMaxIdxGo in
// prims.go for the definitions). A row is folded in vectors of 16 (4-byte
// elements), 8 (8-byte), 32 (2-byte) or 64 (1-byte) columns; the last,
// partial vector is masked, so rows of any width stay vectorised and no
// element outside the rectangle is read or written. A column stride of 1
// loads contiguous (masked) vectors; any other stride gathers the columns
// (VPGATHERDD/VPGATHERDQ with the index vector iota·sc), so the taps are
// still folded in order, in a register, exactly as the Go definition does.
// The max update puts the new value first: VMAXPS gives x > acc ? x : acc
// (NaN and equal values keep acc); integer max is exact. The indexed folds
// compare x > acc (VCMPPS GT_OQ / VPCMP NLE) and blend value and index.
//
// Register use (values folds): DI/SI dst/src row, R8/R9 their row strides
// in bytes, R13 tap stride in bytes, R14 taps, R11 rows, R12 cols, AX/DX
// dst/src vector, CX columns left, BX source bytes per vector, R10/R15 tap
// pointer and counter; K7 full mask, K6 tail mask, K5 = load ? ~0 : 0,
// Z15 init, Z5 gather offsets.

// Argument loading shared by the values folds:
// (dst unsafe.Pointer, ds int, src unsafe.Pointer, sr, sc, ts, taps, rows, cols int, init uint64, load bool)
#define P512_ARGS(SH) \
	MOVQ dst+0(FP), DI; \
	MOVQ ds+8(FP), R8; \
	MOVQ src+16(FP), SI; \
	MOVQ sr+24(FP), R9; \
	MOVQ ts+40(FP), R13; \
	MOVQ taps+48(FP), R14; \
	MOVQ rows+56(FP), R11; \
	MOVQ cols+64(FP), R12; \
	MOVBLZX load+80(FP), AX; \
	NEGQ AX; \
	KMOVQ AX, K5; \
	SHLQ $SH, R8; \
	SHLQ $SH, R9; \
	SHLQ $SH, R13

// One row loop: LOADX loads tap R10 into Z1 under K1; OP folds Z1 into Z0;
// FINISH runs before the store. LANES columns, VB dst bytes per vector.
#define P512_ROWS(Lrow, Lvec, Ltail, Lgo, Ltap, Lnext, LANES, VB, KMOV, MOVU, LOADX, OP, FINISH) \
Lrow: \
	MOVQ DI, AX; \
	MOVQ SI, DX; \
	MOVQ R12, CX; \
Lvec: \
	CMPQ CX, $LANES; \
	JLT Ltail; \
	KMOV K7, K1; \
	JMP Lgo; \
Ltail: \
	TESTQ CX, CX; \
	JLE Lnext; \
	KMOV K6, K1; \
Lgo: \
	VMOVDQA64 Z15, Z0; \
	KMOV K5, K2; \
	KANDQ K1, K2, K2; \
	MOVU (AX), K2, Z0; \
	MOVQ DX, R10; \
	MOVQ R14, R15; \
Ltap: \
	LOADX; \
	OP Z0, Z1, Z0; \
	ADDQ R13, R10; \
	DECQ R15; \
	JNZ Ltap; \
	FINISH; \
	MOVU Z0, K1, (AX); \
	ADDQ $VB, AX; \
	ADDQ BX, DX; \
	SUBQ $LANES, CX; \
	JG Lvec; \
Lnext: \
	ADDQ R8, DI; \
	ADDQ R9, SI; \
	DECQ R11; \
	JNZ Lrow

#define LOAD32C VMOVDQU32.Z (R10), K1, Z1

#define LOAD64C VMOVDQU64.Z (R10), K1, Z1

#define LOAD16C VMOVDQU16.Z (R10), K1, Z1

#define LOAD8C VMOVDQU8.Z (R10), K1, Z1

#define GATH32 VPXORD Z1, Z1, Z1; KMOVW K1, K3; VPGATHERDD (R10)(Z5*4), K3, Z1

#define GATH64 VPXORD Z1, Z1, Z1; KMOVB K1, K3; VPGATHERDQ (R10)(Y5*8), K3, Z1

#define NOFIN NOP

#define DIV32 VDIVPS Z14, Z0, K1, Z0

#define DIV64 VDIVPD Z14, Z0, K1, Z0

// Values fold over 4-byte elements: contiguous or gathered columns.
#define P512_FOLD32(OP, FIN) \
	P512_ARGS(2); \
	POOL_MASKS(R12, 16, KMOVW); \
	MOVQ sc+32(FP), R10; \
	CMPQ R10, $1; \
	JEQ contig; \
	VPBROADCASTD R10, Z5; \
	VPMULLD p512iota<>(SB), Z5, Z5; \
	MOVQ R10, BX; \
	SHLQ $6, BX; \
	P512_ROWS(grow, gvec, gtail, ggo, gtap, gnext, 16, 64, KMOVW, VMOVDQU32, GATH32, OP, FIN); \
	JMP done; \
contig: \
	MOVQ $64, BX; \
	P512_ROWS(crow, cvec, ctail, cgo, ctap, cnext, 16, 64, KMOVW, VMOVDQU32, LOAD32C, OP, FIN); \
done: \
	VZEROUPPER; \
	RET

// Values fold over 8-byte elements.
#define P512_FOLD64(OP, FIN) \
	P512_ARGS(3); \
	POOL_MASKS(R12, 8, KMOVB); \
	MOVQ sc+32(FP), R10; \
	CMPQ R10, $1; \
	JEQ contig; \
	VPBROADCASTD R10, Y5; \
	VPMULLD p512iota<>(SB), Y5, Y5; \
	MOVQ R10, BX; \
	SHLQ $6, BX; \
	P512_ROWS(grow, gvec, gtail, ggo, gtap, gnext, 8, 64, KMOVB, VMOVDQU64, GATH64, OP, FIN); \
	JMP done; \
contig: \
	MOVQ $64, BX; \
	P512_ROWS(crow, cvec, ctail, cgo, ctap, cnext, 8, 64, KMOVB, VMOVDQU64, LOAD64C, OP, FIN); \
done: \
	VZEROUPPER; \
	RET

// Values max over 1- and 2-byte elements, column stride 1 only.
#define P512_FOLDSMALL(LANES, KMOV, MOVU, LOADC, OP) \
	P512_ARGS(0); \
	POOL_MASKS(R12, LANES, KMOV); \
	MOVQ $64, BX; \
	P512_ROWS(crow, cvec, ctail, cgo, ctap, cnext, LANES, 64, KMOV, MOVU, LOADC, OP, NOFIN); \
	VZEROUPPER; \
	RET

#define P512_ARGS16 \
	P512_ARGS(1)

#define P512_FOLDSMALL16(OP) \
	P512_ARGS(1); \
	POOL_MASKS(R12, 32, KMOVD); \
	MOVQ $64, BX; \
	P512_ROWS(crow, cvec, ctail, cgo, ctap, cnext, 32, 64, KMOVD, VMOVDQU16, LOAD16C, OP, NOFIN); \
	VZEROUPPER; \
	RET

// Indexed folds over 4-byte elements. R12 = di - dst (dst and di rows have
// the same layout), so an index sits at its value's address + R12.
// LOADX loads the tap at R10 into Z1 under K1; CMPX sets K4 = K1 & (Z1 > Z0).
#define P512_IDXLIN_ROWS(Lrow, Lvec, Ltail, Lgo, Ltap, Lnext, LOADX, CMPX) \
Lrow: \
	MOVQ DI, AX; \
	MOVQ SI, DX; \
	MOVQ cols+72(FP), CX; \
	VMOVDQA32 Z7, Z12; \
Lvec: \
	CMPQ CX, $16; \
	JLT Ltail; \
	KMOVW K7, K1; \
	JMP Lgo; \
Ltail: \
	TESTQ CX, CX; \
	JLE Lnext; \
	KMOVW K6, K1; \
Lgo: \
	VMOVDQA64 Z15, Z0; \
	VPXORD Z4, Z4, Z4; \
	KANDW K1, K5, K2; \
	VMOVDQU32 (AX), K2, Z0; \
	VMOVDQU32 (AX)(R12*1), K2, Z4; \
	VMOVDQA32 Z12, Z9; \
	MOVQ DX, R10; \
	MOVQ R14, R15; \
Ltap: \
	LOADX; \
	CMPX; \
	VMOVDQA32 Z1, K4, Z0; \
	VMOVDQA32 Z9, K4, Z4; \
	VPADDD Z10, Z9, Z9; \
	ADDQ R13, R10; \
	DECQ R15; \
	JNZ Ltap; \
	VMOVDQU32 Z0, K1, (AX); \
	VMOVDQU32 Z4, K1, (AX)(R12*1); \
	ADDQ $64, AX; \
	ADDQ BX, DX; \
	VPADDD Z8, Z12, Z12; \
	SUBQ $16, CX; \
	JG Lvec; \
Lnext: \
	ADDQ R8, DI; \
	ADDQ R9, SI; \
	VPADDD Z11, Z7, Z7; \
	DECQ R11; \
	JNZ Lrow

// (dst unsafe.Pointer, di *int32, ds int, src unsafe.Pointer, sr, sc, ts, taps, rows, cols int, init uint64, load bool, i0, ir, ic, it int32)
#define P512_IDXLIN32(CMPX) \
	MOVQ dst+0(FP), DI; \
	MOVQ di+8(FP), R12; \
	SUBQ DI, R12; \
	MOVQ ds+16(FP), R8; \
	SHLQ $2, R8; \
	MOVQ src+24(FP), SI; \
	MOVQ sr+32(FP), R9; \
	SHLQ $2, R9; \
	MOVQ ts+48(FP), R13; \
	SHLQ $2, R13; \
	MOVQ taps+56(FP), R14; \
	MOVQ rows+64(FP), R11; \
	VPBROADCASTD init+80(FP), Z15; \
	MOVBLZX load+88(FP), AX; \
	NEGQ AX; \
	KMOVQ AX, K5; \
	POOL_MASKS(cols+72(FP), 16, KMOVW); \
	VPBROADCASTD ic+100(FP), Z6; \
	VPMULLD p512iota<>(SB), Z6, Z6; \
	VPBROADCASTD i0+92(FP), Z7; \
	VPADDD Z6, Z7, Z7; \
	VPBROADCASTD ir+96(FP), Z11; \
	MOVL ic+100(FP), AX; \
	SHLL $4, AX; \
	VPBROADCASTD AX, Z8; \
	VPBROADCASTD it+104(FP), Z10; \
	MOVQ sc+40(FP), R10; \
	CMPQ R10, $1; \
	JEQ contig; \
	VPBROADCASTD R10, Z5; \
	VPMULLD p512iota<>(SB), Z5, Z5; \
	MOVQ R10, BX; \
	SHLQ $6, BX; \
	P512_IDXLIN_ROWS(grow, gvec, gtail, ggo, gtap, gnext, GATH32, CMPX); \
	JMP done; \
contig: \
	MOVQ $64, BX; \
	P512_IDXLIN_ROWS(crow, cvec, ctail, cgo, ctap, cnext, LOAD32C, CMPX); \
done: \
	VZEROUPPER; \
	RET

#define CMPF32 VCMPPS $0x1e, Z0, Z1, K1, K4

#define CMPI32 VPCMPD $6, Z0, Z1, K1, K4

#define CMPU32 VPCMPUD $6, Z0, Z1, K1, K4

// Fold of a source carrying its own indices (column stride 1). R12 = di -
// dst, BX = si - src.
#define P512_IDX32(CMPX) \
	MOVQ dst+0(FP), DI; \
	MOVQ di+8(FP), R12; \
	SUBQ DI, R12; \
	MOVQ ds+16(FP), R8; \
	SHLQ $2, R8; \
	MOVQ src+24(FP), SI; \
	MOVQ si+32(FP), BX; \
	SUBQ SI, BX; \
	MOVQ sr+40(FP), R9; \
	SHLQ $2, R9; \
	MOVQ ts+48(FP), R13; \
	SHLQ $2, R13; \
	MOVQ taps+56(FP), R14; \
	MOVQ rows+64(FP), R11; \
	VPBROADCASTD init+80(FP), Z15; \
	MOVBLZX load+88(FP), AX; \
	NEGQ AX; \
	KMOVQ AX, K5; \
	POOL_MASKS(cols+72(FP), 16, KMOVW); \
row: \
	MOVQ DI, AX; \
	MOVQ SI, DX; \
	MOVQ cols+72(FP), CX; \
vec: \
	CMPQ CX, $16; \
	JLT tail; \
	KMOVW K7, K1; \
	JMP go; \
tail: \
	TESTQ CX, CX; \
	JLE next; \
	KMOVW K6, K1; \
go: \
	VMOVDQA64 Z15, Z0; \
	VPXORD Z4, Z4, Z4; \
	KANDW K1, K5, K2; \
	VMOVDQU32 (AX), K2, Z0; \
	VMOVDQU32 (AX)(R12*1), K2, Z4; \
	MOVQ DX, R10; \
	MOVQ R14, R15; \
tap: \
	VMOVDQU32.Z (R10), K1, Z1; \
	CMPX; \
	VMOVDQA32 Z1, K4, Z0; \
	VMOVDQU32 (R10)(BX*1), K4, Z4; \
	ADDQ R13, R10; \
	DECQ R15; \
	JNZ tap; \
	VMOVDQU32 Z0, K1, (AX); \
	VMOVDQU32 Z4, K1, (AX)(R12*1); \
	ADDQ $64, AX; \
	ADDQ $64, DX; \
	SUBQ $16, CX; \
	JG vec; \
next: \
	ADDQ R8, DI; \
	ADDQ R9, SI; \
	DECQ R11; \
	JNZ row; \
	VZEROUPPER; \
	RET

// Widening row operations of the integer average (avgiWiden): dst[i] =,
// += or -= the element src[i] sign- or zero-extended to 64 bits (op 0, 1,
// 2), 8 elements per vector, the last vector masked. Returns the OR of
// every src[i] + bias (bits 32 and up set: an element leaves the range
// whose sums are exact).
#define WIDEN_LOOP(Lvec, Ltail, Lgo, Lend, LOADX, SZ, OPS) \
Lvec: \
	CMPQ CX, $8; \
	JLT Ltail; \
	KMOVB K7, K1; \
	JMP Lgo; \
Ltail: \
	TESTQ CX, CX; \
	JLE Lend; \
	KMOVB K6, K1; \
Lgo: \
	LOADX; \
	VPADDQ Z8, Z0, Z2; \
	VPORQ Z2, Z9, Z9; \
	OPS; \
	ADDQ $64, DI; \
	ADDQ $SZ, SI; \
	SUBQ $8, CX; \
	JG Lvec; \
Lend:

#define WLB VPMOVSXBQ.Z (SI), K1, Z0
#define WLUB VPMOVZXBQ.Z (SI), K1, Z0
#define WLW VPMOVSXWQ.Z (SI), K1, Z0
#define WLUW VPMOVZXWQ.Z (SI), K1, Z0
#define WLD VPMOVSXDQ.Z (SI), K1, Z0
#define WLUD VPMOVZXDQ.Z (SI), K1, Z0
#define WLQ VMOVDQU64.Z (SI), K1, Z0
#define WSTORE VMOVDQU64 Z0, K1, (DI)
#define WADD VMOVDQU64.Z (DI), K1, Z1; VPADDQ Z0, Z1, Z1; VMOVDQU64 Z1, K1, (DI)
#define WSUB VMOVDQU64.Z (DI), K1, Z1; VPSUBQ Z0, Z1, Z1; VMOVDQU64 Z1, K1, (DI)

// (dst *uint64, src unsafe.Pointer, n, op int, bias uint64) uint64
#define WIDEN(LOADX, SZ) \
	MOVQ dst+0(FP), DI; \
	MOVQ src+8(FP), SI; \
	MOVQ n+16(FP), CX; \
	MOVQ CX, R8; \
	ANDQ $7, R8; \
	MOVQ CX, R9; \
	MOVQ R8, CX; \
	MOVQ $1, BX; \
	SHLQ CX, BX; \
	DECQ BX; \
	KMOVB BX, K6; \
	MOVQ $-1, BX; \
	KMOVB BX, K7; \
	MOVQ R9, CX; \
	VPBROADCASTQ bias+32(FP), Z8; \
	VPXORQ Z9, Z9, Z9; \
	MOVQ op+24(FP), DX; \
	CMPQ DX, $1; \
	JEQ wadd; \
	CMPQ DX, $2; \
	JEQ wsub; \
	WIDEN_LOOP(svec, stail, sgo, send, LOADX, SZ, WSTORE); \
	JMP wdone; \
wadd: \
	WIDEN_LOOP(avec, atail, ago, aend, LOADX, SZ, WADD); \
	JMP wdone; \
wsub: \
	WIDEN_LOOP(bvec, btail, bgo, bend, LOADX, SZ, WSUB); \
wdone: \
	VEXTRACTI64X4 $1, Z9, Y10; \
	VPORQ Y10, Y9, Y9; \
	VEXTRACTI128 $1, Y9, X10; \
	VPOR X10, X9, X9; \
	VPSHUFD $0x4e, X9, X10; \
	VPOR X10, X9, X9; \
	VMOVQ X9, AX; \
	MOVQ AX, ret+40(FP); \
	VZEROUPPER; \
	RET

DATA p512iota<>+0(SB)/4, $0
DATA p512iota<>+4(SB)/4, $1
DATA p512iota<>+8(SB)/4, $2
DATA p512iota<>+12(SB)/4, $3
DATA p512iota<>+16(SB)/4, $4
DATA p512iota<>+20(SB)/4, $5
DATA p512iota<>+24(SB)/4, $6
DATA p512iota<>+28(SB)/4, $7
DATA p512iota<>+32(SB)/4, $8
DATA p512iota<>+36(SB)/4, $9
DATA p512iota<>+40(SB)/4, $10
DATA p512iota<>+44(SB)/4, $11
DATA p512iota<>+48(SB)/4, $12
DATA p512iota<>+52(SB)/4, $13
DATA p512iota<>+56(SB)/4, $14
DATA p512iota<>+60(SB)/4, $15
GLOBL p512iota<>(SB), RODATA|NOPTR, $64
// Indexed folds over 8-byte elements (f64, i64, u64): 8 values per ZMM
// vector, their int32 indices in the matching YMM lanes. Values and indices
// are addressed by the column AX, (DI)(AX*8) and (R12)(AX*4), since an
// index no longer sits at a fixed offset from its value. The dst row stride
// in bytes is R8 (values) and R8/2 (indices).
#define CMPF64 VCMPPD $0x1e, Z0, Z1, K1, K4

#define CMPI64 VPCMPQ $6, Z0, Z1, K1, K4

#define CMPU64 VPCMPUQ $6, Z0, Z1, K1, K4

#define P512_IDX64_COMMON \
	MOVQ dst+0(FP), DI; \
	MOVQ di+8(FP), R12; \
	MOVQ ds+16(FP), R8; \
	SHLQ $3, R8; \
	MOVQ taps+56(FP), R14; \
	MOVQ rows+64(FP), R11; \
	VPBROADCASTQ init+80(FP), Z15; \
	MOVBLZX load+88(FP), AX; \
	NEGQ AX; \
	KMOVQ AX, K5; \
	POOL_MASKS(cols+72(FP), 8, KMOVB)

// Row loop of the linear-index fold: R10 tap pointer, DX source vector,
// BX source bytes per vector, Y7 the row's first index vector, Y12 the
// vector's, Y9 the tap's.
#define P512_IDXLIN64_ROWS(Lrow, Lvec, Ltail, Lgo, Ltap, Lnext, LOADX, CMPX) \
Lrow: \
	XORQ AX, AX; \
	MOVQ SI, DX; \
	VMOVDQA32 Y7, Y12; \
Lvec: \
	MOVQ cols+72(FP), CX; \
	SUBQ AX, CX; \
	CMPQ CX, $8; \
	JLT Ltail; \
	KMOVB K7, K1; \
	JMP Lgo; \
Ltail: \
	TESTQ CX, CX; \
	JLE Lnext; \
	KMOVB K6, K1; \
Lgo: \
	VMOVDQA64 Z15, Z0; \
	VPXORD Y4, Y4, Y4; \
	KANDB K1, K5, K2; \
	VMOVDQU64 (DI)(AX*8), K2, Z0; \
	VMOVDQU32 (R12)(AX*4), K2, Y4; \
	VMOVDQA32 Y12, Y9; \
	MOVQ DX, R10; \
	MOVQ R14, R15; \
Ltap: \
	LOADX; \
	CMPX; \
	VMOVDQA64 Z1, K4, Z0; \
	VMOVDQA32 Y9, K4, Y4; \
	VPADDD Y10, Y9, Y9; \
	ADDQ R13, R10; \
	DECQ R15; \
	JNZ Ltap; \
	VMOVDQU64 Z0, K1, (DI)(AX*8); \
	VMOVDQU32 Y4, K1, (R12)(AX*4); \
	ADDQ $8, AX; \
	ADDQ BX, DX; \
	VPADDD Y8, Y12, Y12; \
	JMP Lvec; \
Lnext: \
	ADDQ R8, DI; \
	MOVQ R8, CX; \
	SHRQ $1, CX; \
	ADDQ CX, R12; \
	ADDQ R9, SI; \
	VPADDD Y11, Y7, Y7; \
	DECQ R11; \
	JNZ Lrow

// (dst unsafe.Pointer, di *int32, ds int, src unsafe.Pointer, sr, sc, ts, taps, rows, cols int, init uint64, load bool, i0, ir, ic, it int32)
#define P512_IDXLIN64(CMPX) \
	P512_IDX64_COMMON; \
	MOVQ src+24(FP), SI; \
	MOVQ sr+32(FP), R9; \
	SHLQ $3, R9; \
	MOVQ ts+48(FP), R13; \
	SHLQ $3, R13; \
	VPBROADCASTD ic+100(FP), Y6; \
	VPMULLD p512iota<>(SB), Y6, Y6; \
	VPBROADCASTD i0+92(FP), Y7; \
	VPADDD Y6, Y7, Y7; \
	VPBROADCASTD ir+96(FP), Y11; \
	MOVL ic+100(FP), AX; \
	SHLL $3, AX; \
	VPBROADCASTD AX, Y8; \
	VPBROADCASTD it+104(FP), Y10; \
	MOVQ sc+40(FP), R10; \
	CMPQ R10, $1; \
	JEQ contig; \
	VPBROADCASTD R10, Y5; \
	VPMULLD p512iota<>(SB), Y5, Y5; \
	MOVQ R10, BX; \
	SHLQ $6, BX; \
	P512_IDXLIN64_ROWS(grow, gvec, gtail, ggo, gtap, gnext, GATH64, CMPX); \
	JMP done; \
contig: \
	MOVQ $64, BX; \
	P512_IDXLIN64_ROWS(crow, cvec, ctail, cgo, ctap, cnext, LOAD64C, CMPX); \
done: \
	VZEROUPPER; \
	RET

// (dst unsafe.Pointer, di *int32, ds int, src unsafe.Pointer, si *int32, sr, ts, taps, rows, cols int, init uint64, load bool)
// Fold of a source carrying its own indices (column stride 1): SI/BX the
// source value/index rows, R10/DX their tap pointers, CX the index tap
// stride in bytes inside the tap loop.
#define P512_IDX64(CMPX) \
	P512_IDX64_COMMON; \
	MOVQ src+24(FP), SI; \
	MOVQ si+32(FP), BX; \
	MOVQ sr+40(FP), R9; \
	SHLQ $3, R9; \
	MOVQ ts+48(FP), R13; \
	SHLQ $3, R13; \
row: \
	XORQ AX, AX; \
vec: \
	MOVQ cols+72(FP), CX; \
	SUBQ AX, CX; \
	CMPQ CX, $8; \
	JLT tail; \
	KMOVB K7, K1; \
	JMP go; \
tail: \
	TESTQ CX, CX; \
	JLE next; \
	KMOVB K6, K1; \
go: \
	VMOVDQA64 Z15, Z0; \
	VPXORD Y4, Y4, Y4; \
	KANDB K1, K5, K2; \
	VMOVDQU64 (DI)(AX*8), K2, Z0; \
	VMOVDQU32 (R12)(AX*4), K2, Y4; \
	MOVQ SI, R10; \
	MOVQ BX, DX; \
	MOVQ R14, R15; \
	MOVQ R13, CX; \
	SHRQ $1, CX; \
tap: \
	VMOVDQU64.Z (R10)(AX*8), K1, Z1; \
	CMPX; \
	VMOVDQA64 Z1, K4, Z0; \
	VMOVDQU32 (DX)(AX*4), K4, Y4; \
	ADDQ R13, R10; \
	ADDQ CX, DX; \
	DECQ R15; \
	JNZ tap; \
	VMOVDQU64 Z0, K1, (DI)(AX*8); \
	VMOVDQU32 Y4, K1, (R12)(AX*4); \
	ADDQ $8, AX; \
	JMP vec; \
next: \
	ADDQ R8, DI; \
	MOVQ R8, CX; \
	SHRQ $1, CX; \
	ADDQ CX, R12; \
	ADDQ R9, SI; \
	MOVQ R9, CX; \
	SHRQ $1, CX; \
	ADDQ CX, BX; \
	DECQ R11; \
	JNZ row; \
	VZEROUPPER; \
	RET


// func p512MaxF32(dst unsafe.Pointer, ds int, src unsafe.Pointer, sr, sc, ts, taps, rows, cols int, init uint64, load bool)
TEXT ·p512MaxF32(SB), NOSPLIT, $0-81
	VPBROADCASTD init+72(FP), Z15
	P512_FOLD32(VMAXPS, NOFIN)

TEXT ·p512MaxI32(SB), NOSPLIT, $0-81
	VPBROADCASTD init+72(FP), Z15
	P512_FOLD32(VPMAXSD, NOFIN)

TEXT ·p512MaxU32(SB), NOSPLIT, $0-81
	VPBROADCASTD init+72(FP), Z15
	P512_FOLD32(VPMAXUD, NOFIN)

TEXT ·p512MaxF64(SB), NOSPLIT, $0-81
	VPBROADCASTQ init+72(FP), Z15
	P512_FOLD64(VMAXPD, NOFIN)

TEXT ·p512MaxI64(SB), NOSPLIT, $0-81
	VPBROADCASTQ init+72(FP), Z15
	P512_FOLD64(VPMAXSQ, NOFIN)

TEXT ·p512MaxU64(SB), NOSPLIT, $0-81
	VPBROADCASTQ init+72(FP), Z15
	P512_FOLD64(VPMAXUQ, NOFIN)

// func p512AddF32(dst unsafe.Pointer, ds int, src unsafe.Pointer, sr, sc, ts, taps, rows, cols int, div uint64, load bool)
// acc = load ? dst : 0; acc += taps in order; dst = acc / div.
TEXT ·p512AddF32(SB), NOSPLIT, $0-81
	VPXORD Z15, Z15, Z15
	VPBROADCASTD div+72(FP), Z14
	P512_FOLD32(VADDPS, DIV32)

TEXT ·p512AddF64(SB), NOSPLIT, $0-81
	VPXORD Z15, Z15, Z15
	VPBROADCASTQ div+72(FP), Z14
	P512_FOLD64(VADDPD, DIV64)

// func p512MaxI8(dst unsafe.Pointer, ds int, src unsafe.Pointer, sr, sc, ts, taps, rows, cols int, init uint64, load bool)
TEXT ·p512MaxI8(SB), NOSPLIT, $0-81
	MOVQ init+72(FP), AX
	VPBROADCASTB AX, Z15
	P512_FOLDSMALL(64, KMOVQ, VMOVDQU8, LOAD8C, VPMAXSB)

TEXT ·p512MaxU8(SB), NOSPLIT, $0-81
	MOVQ init+72(FP), AX
	VPBROADCASTB AX, Z15
	P512_FOLDSMALL(64, KMOVQ, VMOVDQU8, LOAD8C, VPMAXUB)

TEXT ·p512MaxI16(SB), NOSPLIT, $0-81
	MOVQ init+72(FP), AX
	VPBROADCASTW AX, Z15
	P512_FOLDSMALL16(VPMAXSW)

TEXT ·p512MaxU16(SB), NOSPLIT, $0-81
	MOVQ init+72(FP), AX
	VPBROADCASTW AX, Z15
	P512_FOLDSMALL16(VPMAXUW)

// func p512MaxIdxLinF32(dst unsafe.Pointer, di *int32, ds int, src unsafe.Pointer, sr, sc, ts, taps, rows, cols int, init uint64, load bool, i0, ir, ic, it int32)
TEXT ·p512MaxIdxLinF32(SB), NOSPLIT, $0-108
	P512_IDXLIN32(CMPF32)

TEXT ·p512MaxIdxLinI32(SB), NOSPLIT, $0-108
	P512_IDXLIN32(CMPI32)

TEXT ·p512MaxIdxLinU32(SB), NOSPLIT, $0-108
	P512_IDXLIN32(CMPU32)

// func p512MaxIdxF32(dst unsafe.Pointer, di *int32, ds int, src unsafe.Pointer, si *int32, sr, ts, taps, rows, cols int, init uint64, load bool)
TEXT ·p512MaxIdxF32(SB), NOSPLIT, $0-89
	P512_IDX32(CMPF32)

TEXT ·p512MaxIdxI32(SB), NOSPLIT, $0-89
	P512_IDX32(CMPI32)

TEXT ·p512MaxIdxU32(SB), NOSPLIT, $0-89
	P512_IDX32(CMPU32)

// func p512AddQ(dst unsafe.Pointer, ds int, src unsafe.Pointer, sr, sc, ts, taps, rows, cols int, div uint64, load bool)
// Integer sums modulo 2^64 (avgiFold): acc = load ? dst : 0; acc += taps.
TEXT ·p512AddQ(SB), NOSPLIT, $0-81
	VPXORD Z15, Z15, Z15
	P512_FOLD64(VPADDQ, NOFIN)

// func p512DivRoundQ(s *int64, den *int64, n int) int
// s[i] = s[i]/den[i] rounded to nearest, ties to even (avgiDiv), 8 lanes at
// a time, while every |s[i]| of a vector is below 2^53 (exact in float64:
// the truncated float quotient is floor(s/den) or one more, corrected with
// the exact remainder). Returns how many leading elements it divided.
TEXT ·p512DivRoundQ(SB), NOSPLIT, $0-32
	MOVQ s+0(FP), DI
	MOVQ den+8(FP), SI
	MOVQ n+16(FP), R8
	MOVQ R8, CX
	ANDQ $7, CX
	MOVQ $1, BX
	SHLQ CX, BX
	DECQ BX
	KMOVB BX, K6
	MOVQ $-1, BX
	KMOVB BX, K7
	MOVQ $1, BX
	VPBROADCASTQ BX, Z29
	MOVQ $0x20000000000000, BX
	VPBROADCASTQ BX, Z30
	VPXORQ Z31, Z31, Z31
	XORQ AX, AX
dvec:
	MOVQ R8, DX
	SUBQ AX, DX
	JLE ddone
	KMOVB K7, K1
	CMPQ DX, $8
	JGE dgo
	KMOVB K6, K1
dgo:
	VMOVDQU64.Z (DI)(AX*8), K1, Z0
	VMOVDQU64.Z (SI)(AX*8), K1, Z1
	VPABSQ Z0, Z2
	VPCMPUQ $5, Z30, Z2, K1, K2
	KORTESTB K2, K2
	JNZ ddone
	VCVTQQ2PD Z0, Z3
	VCVTQQ2PD Z1, Z4
	VDIVPD Z4, Z3, Z3
	VCVTTPD2QQ Z3, Z5
	VPMULLQ Z5, Z1, Z6
	VPSUBQ Z6, Z0, Z6
	// r < 0: q--, r += den
	VPCMPQ $1, Z31, Z6, K1, K3
	VPSUBQ Z29, Z5, K3, Z5
	VPADDQ Z1, Z6, K3, Z6
	// r >= den: q++, r -= den
	VPCMPQ $5, Z1, Z6, K1, K3
	VPADDQ Z29, Z5, K3, Z5
	VPSUBQ Z1, Z6, K3, Z6
	// 2r > den, or 2r == den and q odd: q++
	VPADDQ Z6, Z6, Z7
	VPCMPQ $6, Z1, Z7, K1, K3
	VPCMPQ $0, Z1, Z7, K1, K4
	VPTESTMQ Z29, Z5, K4, K4
	KORB K4, K3, K3
	VPADDQ Z29, Z5, K3, Z5
	VMOVDQU64 Z5, K1, (DI)(AX*8)
	ADDQ $8, AX
	JMP dvec
ddone:
	CMPQ AX, R8
	CMOVQGT R8, AX
	MOVQ AX, ret+24(FP)
	VZEROUPPER
	RET

TEXT ·p512WidenB(SB), NOSPLIT, $0-48
	WIDEN(WLB, 8)

TEXT ·p512WidenUB(SB), NOSPLIT, $0-48
	WIDEN(WLUB, 8)

TEXT ·p512WidenW(SB), NOSPLIT, $0-48
	WIDEN(WLW, 16)

TEXT ·p512WidenUW(SB), NOSPLIT, $0-48
	WIDEN(WLUW, 16)

TEXT ·p512WidenD(SB), NOSPLIT, $0-48
	WIDEN(WLD, 32)

TEXT ·p512WidenUD(SB), NOSPLIT, $0-48
	WIDEN(WLUD, 32)

TEXT ·p512WidenQ(SB), NOSPLIT, $0-48
	WIDEN(WLQ, 64)

// func p512MaxIdxLinF64(dst unsafe.Pointer, di *int32, ds int, src unsafe.Pointer, sr, sc, ts, taps, rows, cols int, init uint64, load bool, i0, ir, ic, it int32)
TEXT ·p512MaxIdxLinF64(SB), NOSPLIT, $0-108
	P512_IDXLIN64(CMPF64)

TEXT ·p512MaxIdxLinI64(SB), NOSPLIT, $0-108
	P512_IDXLIN64(CMPI64)

TEXT ·p512MaxIdxLinU64(SB), NOSPLIT, $0-108
	P512_IDXLIN64(CMPU64)

// func p512MaxIdxF64(dst unsafe.Pointer, di *int32, ds int, src unsafe.Pointer, si *int32, sr, ts, taps, rows, cols int, init uint64, load bool)
TEXT ·p512MaxIdxF64(SB), NOSPLIT, $0-89
	P512_IDX64(CMPF64)

TEXT ·p512MaxIdxI64(SB), NOSPLIT, $0-89
	P512_IDX64(CMPI64)

TEXT ·p512MaxIdxU64(SB), NOSPLIT, $0-89
	P512_IDX64(CMPU64)

// func p512F16ToF32(dst *float32, src *uint16, n int)
// IEEE half to float32 (exact; a signalling NaN comes out quiet), 16 per
// vector, the last vector masked.
TEXT ·p512F16ToF32(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
h2sloop:
	CMPQ CX, $16
	JLT h2stail
	VCVTPH2PS (SI), Z0
	VMOVUPS Z0, (DI)
	ADDQ $32, SI
	ADDQ $64, DI
	SUBQ $16, CX
	JMP h2sloop
h2stail:
	TESTQ CX, CX
	JLE h2sdone
	MOVQ $1, AX
	SHLQ CX, AX
	DECQ AX
	KMOVW AX, K1
	VMOVDQU16.Z (SI), K1, Y1
	VCVTPH2PS Y1, Z0
	VMOVUPS Z0, K1, (DI)
h2sdone:
	VZEROUPPER
	RET

// func p512F32ToF16(dst *uint16, src *float32, n int)
// float32 to IEEE half rounding to nearest even (overflow to ±Inf), 16 per
// vector, the last vector masked. NaNs are quietened like F32ToF16 only up
// to payload bits, so callers use it where no NaN is narrowed.
TEXT ·p512F32ToF16(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
s2hloop:
	CMPQ CX, $16
	JLT s2htail
	VMOVUPS (SI), Z0
	VCVTPS2PH $0, Z0, (DI)
	ADDQ $64, SI
	ADDQ $32, DI
	SUBQ $16, CX
	JMP s2hloop
s2htail:
	TESTQ CX, CX
	JLE s2hdone
	MOVQ $1, AX
	SHLQ CX, AX
	DECQ AX
	KMOVW AX, K1
	VMOVUPS.Z (SI), K1, Z0
	VCVTPS2PH $0, Z0, Y1
	VMOVDQU16 Y1, K1, (DI)
s2hdone:
	VZEROUPPER
	RET
