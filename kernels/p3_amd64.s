//go:build amd64 && !purego

#include "textflag.h"
#include "poolmask_amd64.h"
#include "qc_rows_amd64.h"

// Row-table max folds of whole planes (round 14, helper p3; see p3_rows.go
// and p3RowsMaxGo for the definition). For every plane and every output
// row r: dst row r (cols elements) = max(init, src[tab[t] + c] for t in
// [rs[r], rs[r+1])), column by column, in vectors of LANES columns (the
// last one masked, so no element outside a row is read or written). The
// max update puts the new value first, as in pool512_amd64.s.
//
// (dst, src unsafe.Pointer, tab, rs *int32, nr, cols, planes, ip int, init uint64)
// Registers: DI dst row, SI source plane, R8 tab, R9 rs, R11 output row,
// R12 cols, R13/R15 the row's taps [t0, t1), R10 tap, AX column offset in
// bytes, BX source plane + AX, CX columns left, DX/R14 tap offsets; K7 full
// mask, K6 tail mask, Z15 init. The taps of a vector are folded two at a
// time into Z0 and Z2 (two dependency chains), which are then merged: for
// values only the fold order is free (p3_rows.go). planes counts down in
// its argument slot. Rows of two to four vectors take QC_WIDE's bodies
// (qc_rows_amd64.h, round 16): one accumulator per vector. SC is the
// element size, LSH log2 LANES.
#define P3_ROWS(SH, SC, LANES, LSH, KMOV, MOVU, LOADA, LOADB, OP) \
	MOVQ dst+0(FP), DI; \
	MOVQ src+8(FP), SI; \
	MOVQ tab+16(FP), R8; \
	MOVQ rs+24(FP), R9; \
	MOVQ cols+40(FP), R12; \
	POOL_MASKS(R12, LANES, KMOV); \
	CMPQ planes+48(FP), $0; \
	JLE done; \
	QC_WIDE(SH, SC, LANES, LSH, KMOV, MOVU, OP, plane); \
	XORQ R11, R11; \
row: \
	CMPQ R11, nr+32(FP); \
	JGE pnext; \
	MOVLQSX (R9)(R11*4), R13; \
	MOVLQSX 4(R9)(R11*4), R15; \
	XORQ AX, AX; \
	MOVQ R12, CX; \
vec: \
	CMPQ CX, $LANES; \
	JLT tail; \
	KMOV K7, K1; \
	JMP go; \
tail: \
	TESTQ CX, CX; \
	JLE rnext; \
	KMOV K6, K1; \
go: \
	VMOVDQA64 Z15, Z0; \
	VMOVDQA64 Z15, Z2; \
	LEAQ (SI)(AX*1), BX; \
	MOVQ R13, R10; \
pair: \
	LEAQ 1(R10), DX; \
	CMPQ DX, R15; \
	JGE single; \
	MOVLQSX (R8)(R10*4), DX; \
	MOVLQSX 4(R8)(R10*4), R14; \
	LOADA; \
	LOADB; \
	OP Z0, Z1, Z0; \
	OP Z2, Z3, Z2; \
	ADDQ $2, R10; \
	JMP pair; \
single: \
	CMPQ R10, R15; \
	JGE store; \
	MOVLQSX (R8)(R10*4), DX; \
	LOADA; \
	OP Z0, Z1, Z0; \
store: \
	OP Z0, Z2, Z0; \
	MOVU Z0, K1, (DI)(AX*1); \
	ADDQ $64, AX; \
	SUBQ $LANES, CX; \
	JG vec; \
rnext: \
	MOVQ R12, DX; \
	SHLQ $SH, DX; \
	ADDQ DX, DI; \
	INCQ R11; \
	JMP row; \
pnext: \
	ADDQ ip+56(FP), SI; \
	DECQ planes+48(FP); \
	JNZ plane; \
done: \
	VZEROUPPER; \
	RET

#define P3LDA32 VMOVDQU32.Z (BX)(DX*4), K1, Z1
#define P3LDB32 VMOVDQU32.Z (BX)(R14*4), K1, Z3
#define P3LDA64 VMOVDQU64.Z (BX)(DX*8), K1, Z1
#define P3LDB64 VMOVDQU64.Z (BX)(R14*8), K1, Z3
#define P3LDA16 VMOVDQU16.Z (BX)(DX*2), K1, Z1
#define P3LDB16 VMOVDQU16.Z (BX)(R14*2), K1, Z3
#define P3LDA8 VMOVDQU8.Z (BX)(DX*1), K1, Z1
#define P3LDB8 VMOVDQU8.Z (BX)(R14*1), K1, Z3

// P3_BODY32, P3_BODY64, P3_BODY16 and P3_BODY8 are the body of a kernel
// of 4-, 8-, 2- and 1-byte lanes: the init broadcast and P3_ROWS, OP the
// lane max. (The TEXT lines stay outside the macros, where go vet checks
// their frames against the Go declarations.)
#define P3_BODY32(OP) \
	VPBROADCASTD init+64(FP), Z15; \
	P3_ROWS(2, 4, 16, 4, KMOVW, VMOVDQU32, P3LDA32, P3LDB32, OP)

#define P3_BODY64(OP) \
	VPBROADCASTQ init+64(FP), Z15; \
	P3_ROWS(3, 8, 8, 3, KMOVB, VMOVDQU64, P3LDA64, P3LDB64, OP)

#define P3_BODY16(OP) \
	MOVQ init+64(FP), AX; \
	VPBROADCASTW AX, Z15; \
	P3_ROWS(1, 2, 32, 5, KMOVD, VMOVDQU16, P3LDA16, P3LDB16, OP)

#define P3_BODY8(OP) \
	MOVQ init+64(FP), AX; \
	VPBROADCASTB AX, Z15; \
	P3_ROWS(0, 1, 64, 6, KMOVQ, VMOVDQU8, P3LDA8, P3LDB8, OP)

// func p3RowsF32(dst, src unsafe.Pointer, tab, rs *int32, nr, cols, planes, ip int, init uint64)
// and the same for the nine other lane types.
TEXT ·p3RowsF32(SB), NOSPLIT, $0-72
	P3_BODY32(VMAXPS)

TEXT ·p3RowsI32(SB), NOSPLIT, $0-72
	P3_BODY32(VPMAXSD)

TEXT ·p3RowsU32(SB), NOSPLIT, $0-72
	P3_BODY32(VPMAXUD)

TEXT ·p3RowsF64(SB), NOSPLIT, $0-72
	P3_BODY64(VMAXPD)

TEXT ·p3RowsI64(SB), NOSPLIT, $0-72
	P3_BODY64(VPMAXSQ)

TEXT ·p3RowsU64(SB), NOSPLIT, $0-72
	P3_BODY64(VPMAXUQ)

TEXT ·p3RowsI16(SB), NOSPLIT, $0-72
	P3_BODY16(VPMAXSW)

TEXT ·p3RowsU16(SB), NOSPLIT, $0-72
	P3_BODY16(VPMAXUW)

TEXT ·p3RowsI8(SB), NOSPLIT, $0-72
	P3_BODY8(VPMAXSB)

TEXT ·p3RowsU8(SB), NOSPLIT, $0-72
	P3_BODY8(VPMAXUB)
