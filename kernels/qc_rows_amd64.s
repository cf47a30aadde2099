//go:build amd64 && !purego

#include "textflag.h"
#include "poolmask_amd64.h"

// Round 16 (qc): the row-table max fold of p3_amd64.s (p3RowsMaxGo is the
// definition) for rows of two to four vectors (LANES < cols <= 4·LANES).
// p3_amd64.s walks a row's taps once per vector, reading the tap table
// again for each; here every vector of the row has its own accumulator
// (Z0..Z3), so each tap is one table read, then one load and one max per
// vector (the last vector masked by K6; no element outside a row is read
// or written). The max update puts the new value first, as in p3_amd64.s.
//
// (dst, src unsafe.Pointer, tab, rs *int32, nr, cols, planes, ip int, init uint64)
// Registers: DI dst row, SI source plane, R8 tab, R9 rs, R11 output row,
// R12 cols, R13/R15 the row's taps [t, t1), BX the tap's row, DX its
// offset; K6 the last vector's mask, Z15 init, Z4..Z7 loads.

// QC_V2 … QC_V4 are a tap's loads and maxima and the row's stores for two,
// three and four vectors.
#define QC_V2(MOVU, OP) \
	MOVU (BX), Z4; \
	OP Z0, Z4, Z0; \
	MOVU.Z 64(BX), K6, Z5; \
	OP Z1, Z5, Z1

#define QC_S2(MOVU) \
	MOVU Z0, (DI); \
	MOVU Z1, K6, 64(DI)

#define QC_V3(MOVU, OP) \
	MOVU (BX), Z4; \
	OP Z0, Z4, Z0; \
	MOVU 64(BX), Z5; \
	OP Z1, Z5, Z1; \
	MOVU.Z 128(BX), K6, Z6; \
	OP Z2, Z6, Z2

#define QC_S3(MOVU) \
	MOVU Z0, (DI); \
	MOVU Z1, 64(DI); \
	MOVU Z2, K6, 128(DI)

#define QC_V4(MOVU, OP) \
	MOVU (BX), Z4; \
	OP Z0, Z4, Z0; \
	MOVU 64(BX), Z5; \
	OP Z1, Z5, Z1; \
	MOVU 128(BX), Z6; \
	OP Z2, Z6, Z2; \
	MOVU.Z 192(BX), K6, Z7; \
	OP Z3, Z7, Z3

#define QC_S4(MOVU) \
	MOVU Z0, (DI); \
	MOVU Z1, 64(DI); \
	MOVU Z2, 128(DI); \
	MOVU Z3, K6, 192(DI)

// QC_BODY walks every plane and output row with the tap body V and the
// stores S; SH is log2 of the element size, SC the element size; P, R, T,
// ST, PN the body's labels.
#define QC_BODY(SH, SC, V, S, P, R, T, ST, PN) \
P: \
	XORQ R11, R11; \
R: \
	CMPQ R11, nr+32(FP); \
	JGE PN; \
	MOVLQSX (R9)(R11*4), R13; \
	MOVLQSX 4(R9)(R11*4), R15; \
	VMOVDQA64 Z15, Z0; \
	VMOVDQA64 Z15, Z1; \
	VMOVDQA64 Z15, Z2; \
	VMOVDQA64 Z15, Z3; \
	CMPQ R13, R15; \
	JGE ST; \
T: \
	MOVLQSX (R8)(R13*4), DX; \
	LEAQ (SI)(DX*SC), BX; \
	V; \
	INCQ R13; \
	CMPQ R13, R15; \
	JLT T; \
ST: \
	S; \
	MOVQ R12, DX; \
	SHLQ $SH, DX; \
	ADDQ DX, DI; \
	INCQ R11; \
	JMP R; \
PN: \
	ADDQ ip+56(FP), SI; \
	DECQ planes+48(FP); \
	JNZ P; \
	JMP done

// QC_ROWS: the arguments, K6 (the tail mask, or all lanes when cols is a
// multiple of LANES), the vector count nv = ⌈cols/LANES⌉ (LSH = log2
// LANES) and the body for nv = 2, 3 or 4.
#define QC_ROWS(SH, SC, LANES, LSH, KMOV, MOVU, OP) \
	MOVQ dst+0(FP), DI; \
	MOVQ src+8(FP), SI; \
	MOVQ tab+16(FP), R8; \
	MOVQ rs+24(FP), R9; \
	MOVQ cols+40(FP), R12; \
	POOL_MASKS(R12, LANES, KMOV); \
	TESTQ CX, CX; \
	JNZ masked; \
	KMOV K7, K6; \
masked: \
	CMPQ planes+48(FP), $0; \
	JLE done; \
	MOVQ R12, AX; \
	ADDQ $(LANES-1), AX; \
	SHRQ $LSH, AX; \
	CMPQ AX, $3; \
	JLT nv2; \
	JEQ nv3; \
	QC_BODY(SH, SC, QC_V4(MOVU, OP), QC_S4(MOVU), p4, r4, t4, s4, n4); \
nv3: \
	QC_BODY(SH, SC, QC_V3(MOVU, OP), QC_S3(MOVU), p3, r3, t3, s3, n3); \
nv2: \
	QC_BODY(SH, SC, QC_V2(MOVU, OP), QC_S2(MOVU), p2, r2, t2, s2, n2); \
done: \
	VZEROUPPER; \
	RET

// func qcRowsF32(dst, src unsafe.Pointer, tab, rs *int32, nr, cols, planes, ip int, init uint64)
// and the same for the nine other lane types.
TEXT ·qcRowsF32(SB), NOSPLIT, $0-72
	VPBROADCASTD init+64(FP), Z15
	QC_ROWS(2, 4, 16, 4, KMOVW, VMOVDQU32, VMAXPS)

TEXT ·qcRowsI32(SB), NOSPLIT, $0-72
	VPBROADCASTD init+64(FP), Z15
	QC_ROWS(2, 4, 16, 4, KMOVW, VMOVDQU32, VPMAXSD)

TEXT ·qcRowsU32(SB), NOSPLIT, $0-72
	VPBROADCASTD init+64(FP), Z15
	QC_ROWS(2, 4, 16, 4, KMOVW, VMOVDQU32, VPMAXUD)

TEXT ·qcRowsF64(SB), NOSPLIT, $0-72
	VPBROADCASTQ init+64(FP), Z15
	QC_ROWS(3, 8, 8, 3, KMOVB, VMOVDQU64, VMAXPD)

TEXT ·qcRowsI64(SB), NOSPLIT, $0-72
	VPBROADCASTQ init+64(FP), Z15
	QC_ROWS(3, 8, 8, 3, KMOVB, VMOVDQU64, VPMAXSQ)

TEXT ·qcRowsU64(SB), NOSPLIT, $0-72
	VPBROADCASTQ init+64(FP), Z15
	QC_ROWS(3, 8, 8, 3, KMOVB, VMOVDQU64, VPMAXUQ)

TEXT ·qcRowsI16(SB), NOSPLIT, $0-72
	MOVQ init+64(FP), AX
	VPBROADCASTW AX, Z15
	QC_ROWS(1, 2, 32, 5, KMOVD, VMOVDQU16, VPMAXSW)

TEXT ·qcRowsU16(SB), NOSPLIT, $0-72
	MOVQ init+64(FP), AX
	VPBROADCASTW AX, Z15
	QC_ROWS(1, 2, 32, 5, KMOVD, VMOVDQU16, VPMAXUW)

TEXT ·qcRowsI8(SB), NOSPLIT, $0-72
	MOVQ init+64(FP), AX
	VPBROADCASTB AX, Z15
	QC_ROWS(0, 1, 64, 6, KMOVQ, VMOVDQU8, VPMAXSB)

TEXT ·qcRowsU8(SB), NOSPLIT, $0-72
	MOVQ init+64(FP), AX
	VPBROADCASTB AX, Z15
	QC_ROWS(0, 1, 64, 6, KMOVQ, VMOVDQU8, VPMAXUB)
