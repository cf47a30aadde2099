//go:build amd64 && !purego

#include "textflag.h"

// SCT_STORE_PS writes transposed row r (i its index) of scTrans16x when rows > i,
// as float32 (DX the row step in bytes, K1 the n lanes).
#define SCT_STORE_PS(r, i) \
	CMPQ BX, i; \
	JLE sct_done; \
	VMOVUPS r, K1, (DI); \
	ADDQ DX, DI

// SCT_STORE_PH is SCT_STORE_PS narrowing to f16 (VCVTPS2PH rounds to nearest even,
// as GemmF32ToF16).
#define SCT_STORE_PH(r, i) \
	CMPQ BX, i; \
	JLE sct_done; \
	VCVTPS2PH $0, r, K1, (DI); \
	ADDQ DX, DI

// func scTrans16x(dst unsafe.Pointer, ldb int, src *float32, n, rows int, bias *float32, relu, half bool)
// Transposes the 16×16 block of floats at src (rows 128 bytes apart, the small-N
// block of 32 channels per pixel) and writes its first rows columns as rows of dst,
// ldb bytes apart, n (1..16) values each (masked stores: nothing past them): float32
// values, or, when half, each narrowed to f16 with VCVTPS2PH (round to nearest even, as
// GemmF32ToF16). Before the transpose, each source row gets bias[0:16] added (row
// first, as epiAddRow512) unless bias is nil, then max(x, 0) (as epiRelu512) when relu.
// scTrans16 (float32, no bias, no ReLU) and snTrans16h (f16) are its two callers.
TEXT ·scTrans16x(SB), NOSPLIT, $0-50
	MOVQ dst+0(FP), DI
	MOVQ ldb+8(FP), DX
	MOVQ src+16(FP), SI
	MOVQ n+24(FP), CX
	MOVQ rows+32(FP), BX
	MOVQ $1, AX
	SHLQ CX, AX
	DECQ AX
	KMOVW AX, K1
	VMOVUPS 0(SI), Z0
	VMOVUPS 128(SI), Z1
	VMOVUPS 256(SI), Z2
	VMOVUPS 384(SI), Z3
	VMOVUPS 512(SI), Z4
	VMOVUPS 640(SI), Z5
	VMOVUPS 768(SI), Z6
	VMOVUPS 896(SI), Z7
	VMOVUPS 1024(SI), Z8
	VMOVUPS 1152(SI), Z9
	VMOVUPS 1280(SI), Z10
	VMOVUPS 1408(SI), Z11
	VMOVUPS 1536(SI), Z12
	VMOVUPS 1664(SI), Z13
	VMOVUPS 1792(SI), Z14
	VMOVUPS 1920(SI), Z15
	MOVQ bias+40(FP), R8
	TESTQ R8, R8
	JZ sct_noadd
	VMOVUPS (R8), Z16
	VADDPS Z16, Z0, Z0
	VADDPS Z16, Z1, Z1
	VADDPS Z16, Z2, Z2
	VADDPS Z16, Z3, Z3
	VADDPS Z16, Z4, Z4
	VADDPS Z16, Z5, Z5
	VADDPS Z16, Z6, Z6
	VADDPS Z16, Z7, Z7
	VADDPS Z16, Z8, Z8
	VADDPS Z16, Z9, Z9
	VADDPS Z16, Z10, Z10
	VADDPS Z16, Z11, Z11
	VADDPS Z16, Z12, Z12
	VADDPS Z16, Z13, Z13
	VADDPS Z16, Z14, Z14
	VADDPS Z16, Z15, Z15
sct_noadd:
	MOVBLZX relu+48(FP), R8
	TESTQ R8, R8
	JZ sct_norelu
	VPXORD Z17, Z17, Z17
	VMAXPS Z17, Z0, Z0
	VMAXPS Z17, Z1, Z1
	VMAXPS Z17, Z2, Z2
	VMAXPS Z17, Z3, Z3
	VMAXPS Z17, Z4, Z4
	VMAXPS Z17, Z5, Z5
	VMAXPS Z17, Z6, Z6
	VMAXPS Z17, Z7, Z7
	VMAXPS Z17, Z8, Z8
	VMAXPS Z17, Z9, Z9
	VMAXPS Z17, Z10, Z10
	VMAXPS Z17, Z11, Z11
	VMAXPS Z17, Z12, Z12
	VMAXPS Z17, Z13, Z13
	VMAXPS Z17, Z14, Z14
	VMAXPS Z17, Z15, Z15
sct_norelu:
	VUNPCKLPS Z1, Z0, Z16
	VUNPCKHPS Z1, Z0, Z17
	VUNPCKLPS Z3, Z2, Z18
	VUNPCKHPS Z3, Z2, Z19
	VUNPCKLPS Z5, Z4, Z20
	VUNPCKHPS Z5, Z4, Z21
	VUNPCKLPS Z7, Z6, Z22
	VUNPCKHPS Z7, Z6, Z23
	VUNPCKLPS Z9, Z8, Z24
	VUNPCKHPS Z9, Z8, Z25
	VUNPCKLPS Z11, Z10, Z26
	VUNPCKHPS Z11, Z10, Z27
	VUNPCKLPS Z13, Z12, Z28
	VUNPCKHPS Z13, Z12, Z29
	VUNPCKLPS Z15, Z14, Z30
	VUNPCKHPS Z15, Z14, Z31
	VSHUFPS $0x44, Z18, Z16, Z0
	VSHUFPS $0xee, Z18, Z16, Z1
	VSHUFPS $0x44, Z19, Z17, Z2
	VSHUFPS $0xee, Z19, Z17, Z3
	VSHUFPS $0x44, Z22, Z20, Z4
	VSHUFPS $0xee, Z22, Z20, Z5
	VSHUFPS $0x44, Z23, Z21, Z6
	VSHUFPS $0xee, Z23, Z21, Z7
	VSHUFPS $0x44, Z26, Z24, Z8
	VSHUFPS $0xee, Z26, Z24, Z9
	VSHUFPS $0x44, Z27, Z25, Z10
	VSHUFPS $0xee, Z27, Z25, Z11
	VSHUFPS $0x44, Z30, Z28, Z12
	VSHUFPS $0xee, Z30, Z28, Z13
	VSHUFPS $0x44, Z31, Z29, Z14
	VSHUFPS $0xee, Z31, Z29, Z15
	VSHUFF32X4 $0x88, Z4, Z0, Z16
	VSHUFF32X4 $0x88, Z5, Z1, Z17
	VSHUFF32X4 $0x88, Z6, Z2, Z18
	VSHUFF32X4 $0x88, Z7, Z3, Z19
	VSHUFF32X4 $0xdd, Z4, Z0, Z20
	VSHUFF32X4 $0xdd, Z5, Z1, Z21
	VSHUFF32X4 $0xdd, Z6, Z2, Z22
	VSHUFF32X4 $0xdd, Z7, Z3, Z23
	VSHUFF32X4 $0x88, Z12, Z8, Z24
	VSHUFF32X4 $0x88, Z13, Z9, Z25
	VSHUFF32X4 $0x88, Z14, Z10, Z26
	VSHUFF32X4 $0x88, Z15, Z11, Z27
	VSHUFF32X4 $0xdd, Z12, Z8, Z28
	VSHUFF32X4 $0xdd, Z13, Z9, Z29
	VSHUFF32X4 $0xdd, Z14, Z10, Z30
	VSHUFF32X4 $0xdd, Z15, Z11, Z31
	VSHUFF32X4 $0x88, Z24, Z16, Z0
	VSHUFF32X4 $0x88, Z25, Z17, Z1
	VSHUFF32X4 $0x88, Z26, Z18, Z2
	VSHUFF32X4 $0x88, Z27, Z19, Z3
	VSHUFF32X4 $0x88, Z28, Z20, Z4
	VSHUFF32X4 $0x88, Z29, Z21, Z5
	VSHUFF32X4 $0x88, Z30, Z22, Z6
	VSHUFF32X4 $0x88, Z31, Z23, Z7
	VSHUFF32X4 $0xdd, Z24, Z16, Z8
	VSHUFF32X4 $0xdd, Z25, Z17, Z9
	VSHUFF32X4 $0xdd, Z26, Z18, Z10
	VSHUFF32X4 $0xdd, Z27, Z19, Z11
	VSHUFF32X4 $0xdd, Z28, Z20, Z12
	VSHUFF32X4 $0xdd, Z29, Z21, Z13
	VSHUFF32X4 $0xdd, Z30, Z22, Z14
	VSHUFF32X4 $0xdd, Z31, Z23, Z15
	MOVBLZX half+49(FP), R8
	TESTQ R8, R8
	JNZ sct_half
	SCT_STORE_PS(Z0, $0)
	SCT_STORE_PS(Z1, $1)
	SCT_STORE_PS(Z2, $2)
	SCT_STORE_PS(Z3, $3)
	SCT_STORE_PS(Z4, $4)
	SCT_STORE_PS(Z5, $5)
	SCT_STORE_PS(Z6, $6)
	SCT_STORE_PS(Z7, $7)
	SCT_STORE_PS(Z8, $8)
	SCT_STORE_PS(Z9, $9)
	SCT_STORE_PS(Z10, $10)
	SCT_STORE_PS(Z11, $11)
	SCT_STORE_PS(Z12, $12)
	SCT_STORE_PS(Z13, $13)
	SCT_STORE_PS(Z14, $14)
	SCT_STORE_PS(Z15, $15)
	JMP sct_done
sct_half:
	SCT_STORE_PH(Z0, $0)
	SCT_STORE_PH(Z1, $1)
	SCT_STORE_PH(Z2, $2)
	SCT_STORE_PH(Z3, $3)
	SCT_STORE_PH(Z4, $4)
	SCT_STORE_PH(Z5, $5)
	SCT_STORE_PH(Z6, $6)
	SCT_STORE_PH(Z7, $7)
	SCT_STORE_PH(Z8, $8)
	SCT_STORE_PH(Z9, $9)
	SCT_STORE_PH(Z10, $10)
	SCT_STORE_PH(Z11, $11)
	SCT_STORE_PH(Z12, $12)
	SCT_STORE_PH(Z13, $13)
	SCT_STORE_PH(Z14, $14)
	SCT_STORE_PH(Z15, $15)
sct_done:
	VZEROUPPER
	RET

// func scCvtRows(n, rows int, dst *float32, ldd int, src *uint16, lds int)
// Widens rows rows of n f16 values (src rows lds halves apart) into f32 rows ldd
// floats apart (VCVTPH2PS, exact): 16 per step, then a masked tail (masked-off lanes
// are neither read nor written).
TEXT ·scCvtRows(SB), NOSPLIT, $0-48
	MOVQ n+0(FP), R8
	MOVQ rows+8(FP), BX
	MOVQ dst+16(FP), DI
	MOVQ ldd+24(FP), R9
	SHLQ $2, R9
	MOVQ src+32(FP), SI
	MOVQ lds+40(FP), R10
	SHLQ $1, R10
	MOVQ R8, CX
	ANDQ $15, CX
	MOVL $1, AX
	SHLL CX, AX
	DECL AX
	KMOVW AX, K1
	TESTQ BX, BX
	JLE cvtrDone
cvtrRow:
	MOVQ SI, R11
	MOVQ DI, R12
	MOVQ R8, CX
cvtrLoop:
	CMPQ CX, $16
	JLT cvtrTail
	VCVTPH2PS (R11), Z0
	VMOVUPS Z0, (R12)
	ADDQ $32, R11
	ADDQ $64, R12
	SUBQ $16, CX
	JMP cvtrLoop
cvtrTail:
	TESTQ CX, CX
	JZ cvtrNext
	VMOVDQU16.Z (R11), K1, Y1
	VCVTPH2PS Y1, Z0
	VMOVUPS Z0, K1, (R12)
cvtrNext:
	ADDQ R10, SI
	ADDQ R9, DI
	DECQ BX
	JNZ cvtrRow
cvtrDone:
	VZEROUPPER
	RET

// func scCvtDeint(n, rows int, src *uint16, lds int, ev, od *float32, ldd int)
// For each of rows rows (src rows lds halves apart, ev and od rows ldd floats apart):
// widens the f16 values at even indices of src[0:n] into ev[0:(n+1)/2] and those at
// odd indices into od[0:n/2] (not when od is nil). 32 halves per step: VPMOVDW keeps
// the low (even) half of each dword, a 16-bit shift first gives the odd ones; then a
// masked tail (masked-off lanes are neither read nor written).
TEXT ·scCvtDeint(SB), NOSPLIT, $0-56
	MOVQ n+0(FP), R8
	MOVQ rows+8(FP), BX
	MOVQ src+16(FP), SI
	MOVQ lds+24(FP), R10
	SHLQ $1, R10
	MOVQ ev+32(FP), DI
	MOVQ od+40(FP), DX
	MOVQ ldd+48(FP), R9
	SHLQ $2, R9
	// tail masks: K1 the rem = n mod 32 halves, K2 (rem+1)/2 evens, K3 rem/2 odds
	MOVQ R8, CX
	ANDQ $31, CX
	MOVQ $1, AX
	SHLQ CX, AX
	DECQ AX
	KMOVD AX, K1
	MOVQ CX, R11
	INCQ R11
	SHRQ $1, R11
	MOVQ CX, R12
	SHRQ $1, R12
	MOVQ R11, CX
	MOVL $1, AX
	SHLL CX, AX
	DECL AX
	KMOVW AX, K2
	MOVQ R12, CX
	MOVL $1, AX
	SHLL CX, AX
	DECL AX
	KMOVW AX, K3
	TESTQ BX, BX
	JLE cvdDone
cvdRow:
	MOVQ SI, R11
	MOVQ DI, R12
	MOVQ DX, R13
	MOVQ R8, CX
cvdLoop:
	CMPQ CX, $32
	JLT cvdTail
	VMOVDQU16 (R11), Z0
	VPMOVDW Z0, Y1
	VCVTPH2PS Y1, Z4
	VMOVUPS Z4, (R12)
	TESTQ DX, DX
	JZ cvdNoOdd
	VPSRLD $16, Z0, Z2
	VPMOVDW Z2, Y3
	VCVTPH2PS Y3, Z5
	VMOVUPS Z5, (R13)
	ADDQ $64, R13
cvdNoOdd:
	ADDQ $64, R11
	ADDQ $64, R12
	SUBQ $32, CX
	JMP cvdLoop
cvdTail:
	TESTQ CX, CX
	JZ cvdNext
	VMOVDQU16.Z (R11), K1, Z0
	VPMOVDW Z0, Y1
	VCVTPH2PS Y1, Z4
	VMOVUPS Z4, K2, (R12)
	TESTQ DX, DX
	JZ cvdNext
	VPSRLD $16, Z0, Z2
	VPMOVDW Z2, Y3
	VCVTPH2PS Y3, Z5
	VMOVUPS Z5, K3, (R13)
cvdNext:
	ADDQ R10, SI
	ADDQ R9, DI
	TESTQ DX, DX
	JZ cvdNoOddRow
	ADDQ R9, DX
cvdNoOddRow:
	DECQ BX
	JNZ cvdRow
cvdDone:
	VZEROUPPER
	RET

// func scDeintRows(n, rows int, src *float32, lds int, ev, od *float32, ldd int)
// scCvtDeint for f32 rows: the values at even indices of src[0:n] go to
// ev[0:(n+1)/2], those at odd indices to od[0:n/2] (not when od is nil). 16 floats per
// step as 8 qwords: VPMOVQD keeps the low (even) float of each, a 32-bit shift first
// gives the odd ones; then a masked tail.
TEXT ·scDeintRows(SB), NOSPLIT, $0-56
	MOVQ n+0(FP), R8
	MOVQ rows+8(FP), BX
	MOVQ src+16(FP), SI
	MOVQ lds+24(FP), R10
	SHLQ $2, R10
	MOVQ ev+32(FP), DI
	MOVQ od+40(FP), DX
	MOVQ ldd+48(FP), R9
	SHLQ $2, R9
	// tail masks: K1 the rem = n mod 16 floats, K2 (rem+1)/2 evens, K3 rem/2 odds
	MOVQ R8, CX
	ANDQ $15, CX
	MOVL $1, AX
	SHLL CX, AX
	DECL AX
	KMOVW AX, K1
	MOVQ CX, R11
	INCQ R11
	SHRQ $1, R11
	MOVQ CX, R12
	SHRQ $1, R12
	MOVQ R11, CX
	MOVL $1, AX
	SHLL CX, AX
	DECL AX
	KMOVW AX, K2
	MOVQ R12, CX
	MOVL $1, AX
	SHLL CX, AX
	DECL AX
	KMOVW AX, K3
	TESTQ BX, BX
	JLE dtrDone
dtrRow:
	MOVQ SI, R11
	MOVQ DI, R12
	MOVQ DX, R13
	MOVQ R8, CX
dtrLoop:
	CMPQ CX, $16
	JLT dtrTail
	VMOVUPS (R11), Z0
	VPMOVQD Z0, Y1
	VMOVUPS Y1, (R12)
	TESTQ DX, DX
	JZ dtrNoOdd
	VPSRLQ $32, Z0, Z2
	VPMOVQD Z2, Y3
	VMOVUPS Y3, (R13)
	ADDQ $32, R13
dtrNoOdd:
	ADDQ $64, R11
	ADDQ $32, R12
	SUBQ $16, CX
	JMP dtrLoop
dtrTail:
	TESTQ CX, CX
	JZ dtrNext
	VMOVUPS.Z (R11), K1, Z0
	VPMOVQD Z0, Y1
	VMOVUPS Y1, K2, (R12)
	TESTQ DX, DX
	JZ dtrNext
	VPSRLQ $32, Z0, Z2
	VPMOVQD Z2, Y3
	VMOVUPS Y3, K3, (R13)
dtrNext:
	ADDQ R10, SI
	ADDQ R9, DI
	TESTQ DX, DX
	JZ dtrNoOddRow
	ADDQ R9, DX
dtrNoOddRow:
	DECQ BX
	JNZ dtrRow
dtrDone:
	VZEROUPPER
	RET
