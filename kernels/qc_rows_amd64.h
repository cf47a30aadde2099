// Round 16 (qc): the row-table max fold of p3_amd64.s (p3RowsMaxGo is the
// definition) for rows of two to four vectors (LANES < cols <= 4·LANES).
// P3_ROWS walks a row's taps once per vector, reading the tap table again
// for each; here every vector of the row has its own accumulator (Z0..Z3),
// so each tap is one table read, then one load and one max per vector (the
// last vector masked by K6; no element outside a row is read or written).
// The max update puts the new value first, as in P3_ROWS.
// BenchmarkPoolQc's first four cases (CPU time a call, 1 thread, main's
// kernel and this one alternated, two rounds, load ~30):
// max f32 1×58×545×60 k[2,2] s[3,6] d[3,1] 275–285 → 201–205 µs, 1×45×817×45
// k[9,2] s[3,5] 423–445 → 356–358, 2×247×204×19 k[11,7] s[5,6] d[2,1]
// 506–543 → 416–448, 1×87×993×24 k[11,7] s[3,6] 737–758 → 618–646.
//
// Registers as P3_ROWS: DI dst row, SI source plane, R8 tab, R9 rs, R11
// output row, R12 cols, R13/R15 the row's taps [t, t1), BX the tap's row,
// DX its offset; K6 the last vector's mask, Z15 init, Z4..Z7 loads.

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

// QC_WIDE runs the whole fold (up to P3_ROWS's done label) when the rows
// are two to four vectors (nv = ⌈cols/LANES⌉, LSH = log2 LANES, SC the
// element size), else falls through to NARROW. K6 becomes the last
// vector's mask (all lanes when cols is a multiple of LANES).
#define QC_WIDE(SH, SC, LANES, LSH, KMOV, MOVU, OP, NARROW) \
	MOVQ R12, AX; \
	ADDQ $(LANES-1), AX; \
	SHRQ $LSH, AX; \
	CMPQ AX, $2; \
	JLT NARROW; \
	CMPQ AX, $4; \
	JGT NARROW; \
	MOVQ R12, CX; \
	ANDQ $(LANES-1), CX; \
	JNZ masked; \
	KMOV K7, K6; \
masked: \
	CMPQ AX, $3; \
	JLT nv2; \
	JEQ nv3; \
	QC_BODY(SH, SC, QC_V4(MOVU, OP), QC_S4(MOVU), p4, r4, t4, s4, n4); \
nv3: \
	QC_BODY(SH, SC, QC_V3(MOVU, OP), QC_S3(MOVU), p3, r3, t3, s3, n3); \
nv2: \
	QC_BODY(SH, SC, QC_V2(MOVU, OP), QC_S2(MOVU), p2, r2, t2, s2, n2); \
NARROW:
