//go:build amd64 && !purego

#include "textflag.h"

// Round 12 (pw): the W pass of rows of few outputs through lane permutes
// (pw_perm.go). For each tap of the table (in tap order) the 32 4-byte (16
// 8-byte) elements of the row from the tap's offset are loaded into two
// registers (masked to the row when it is shorter), one VPERMI2 selects
// the element every output lane reads, and a max folds it into the
// lane's accumulator with the strict update acc = x > acc ? x : acc
// (VMAXPS acc, x, acc in Go's operand order; exact for integers),
// merge-masked to the lanes for which the tap lies inside the row. Lanes
// no tap reaches keep lowest.
//
// The row-once bodies load each row once (every offset 0: rows of at most
// 32 (16) elements); the per-tap bodies load per tap from the tap's offset
// (wider rows).
//
// One entry point, pwPermAsm, holds the twelve bodies (six element types ×
// row-once / per-tap) and jumps to the one sel names (pwSel: type index
// 0..5 = f32, i32, u32, f64, i64, u64, plus 6 for per-tap): one Go
// declaration instead of twelve, still a direct call (so //go:noescape
// holds). Labels inside the macros are macro arguments, so the bodies can
// share one TEXT symbol.
//
// func pwPermAsm(dst unsafe.Pointer, ds int, src unsafe.Pointer, sr, rows int, t *pwPerm, sel int)
// ds and sr are byte strides between rows; rows > 0; t.nt > 0.
// pwPerm layout: low 0..63, nt 64, ldLo 72, ldHi 74, st 76, msk 80 (32×2
// bytes), off 144 (32×4 bytes, elements), idx 272 (32×64 bytes).

// PW_SETUP loads the arguments and the table's header: Z15 the lowest
// value, R12 the tap count, K2/K3 the row's load masks, K4 the store mask,
// R13 the taps' lane masks.
#define PW_SETUP \
	MOVQ dst+0(FP), DI \
	MOVQ ds+8(FP), R8 \
	MOVQ src+16(FP), SI \
	MOVQ sr+24(FP), R9 \
	MOVQ rows+32(FP), R11 \
	MOVQ t+40(FP), DX \
	VMOVDQU32 0(DX), Z15 \
	MOVQ 64(DX), R12 \
	KMOVW 72(DX), K2 \
	KMOVW 74(DX), K3 \
	KMOVW 76(DX), K4 \
	LEAQ 80(DX), R13

// PW_FOLD folds one tap: the lanes' elements selected from Z0:Z1 by the
// tap's permute indices (BX), max-merged into Z2 under its lane mask (AX).
#define PW_FOLD(PERM, MAX) \
	KMOVW (AX), K1 \
	VMOVDQU32 (BX), Z3 \
	PERM Z1, Z0, Z3 \
	MAX Z2, Z3, K1, Z2 \
	ADDQ $2, AX

// PW_NEXT stores the row's outputs and moves to the next row (or returns).
#define PW_NEXT(LD, ROW) \
	LD Z2, K4, (DI) \
	ADDQ R9, SI \
	ADDQ R8, DI \
	DECQ R11 \
	JNZ ROW \
	VZEROUPPER \
	RET

// PW_TAIL ends the tap loop of both kernels (the next tap's permute
// indices, 64 bytes on, until CX taps are folded) and then the row.
#define PW_TAIL(LD, ROW, TAP) \
	ADDQ $64, BX \
	DECQ CX \
	JNZ TAP \
	PW_NEXT(LD, ROW)

// PW_ROWS: every row loaded once. LD is the element width's masked move,
// PERM the two-source permute, MAX the lane max, SC the element size
// (unused: every row starts at offset 0), ROW and TAP the body's labels.
#define PW_ROWS(LD, PERM, MAX, SC, ROW, TAP) \
	PW_SETUP \
	LEAQ 272(DX), R14 \
ROW: \
	LD.Z 0(SI), K2, Z0 \
	LD.Z 64(SI), K3, Z1 \
	VMOVDQA64 Z15, Z2 \
	MOVQ R12, CX \
	MOVQ R13, AX \
	MOVQ R14, BX \
TAP: \
	PW_FOLD(PERM, MAX) \
	PW_TAIL(LD, ROW, TAP)

// PW_TAPS: the row loaded per tap from the tap's offset; SC is the element
// size.
#define PW_TAPS(LD, PERM, MAX, SC, ROW, TAP) \
	PW_SETUP \
	LEAQ 144(DX), DX \
ROW: \
	VMOVDQA64 Z15, Z2 \
	MOVQ R12, CX \
	MOVQ R13, AX \
	MOVQ DX, R15 \
	LEAQ 128(DX), BX \
TAP: \
	MOVLQSX (R15), R10 \
	LEAQ (SI)(R10*SC), R10 \
	LD.Z 0(R10), K2, Z0 \
	LD.Z 64(R10), K3, Z1 \
	PW_FOLD(PERM, MAX) \
	ADDQ $4, R15 \
	PW_TAIL(LD, ROW, TAP)

// PW_SEL jumps to body L when the selector in AX is N.
#define PW_SEL(N, L) \
	CMPQ AX, $N \
	JEQ L

// PW_SEL5 is the selector chain both entry points share: types 1..5 (i32,
// u32, f64, i64, u64) jump to their labels, type 0 (f32) falls through.
#define PW_SEL5 \
	PW_SEL(1, i32) \
	PW_SEL(2, u32) \
	PW_SEL(3, f64) \
	PW_SEL(4, i64) \
	PW_SEL(5, u64)

// PW_F32 … PW_U64 expand body macro BODY (PW_ROWS, PW_TAPS, PS4_ROWS) for
// one element type: its masked move, two-source permute, lane max and
// element size, then the body's labels.
#define PW_F32(BODY, ROW, TAP) BODY(VMOVDQU32, VPERMI2PS, VMAXPS, 4, ROW, TAP)
#define PW_I32(BODY, ROW, TAP) BODY(VMOVDQU32, VPERMI2D, VPMAXSD, 4, ROW, TAP)
#define PW_U32(BODY, ROW, TAP) BODY(VMOVDQU32, VPERMI2D, VPMAXUD, 4, ROW, TAP)
#define PW_F64(BODY, ROW, TAP) BODY(VMOVDQU64, VPERMI2PD, VMAXPD, 8, ROW, TAP)
#define PW_I64(BODY, ROW, TAP) BODY(VMOVDQU64, VPERMI2Q, VPMAXSQ, 8, ROW, TAP)
#define PW_U64(BODY, ROW, TAP) BODY(VMOVDQU64, VPERMI2Q, VPMAXUQ, 8, ROW, TAP)

TEXT ·pwPermAsm(SB), NOSPLIT, $0-56
	MOVQ sel+48(FP), AX
	PW_SEL5
	PW_SEL(6, wf32)
	PW_SEL(7, wi32)
	PW_SEL(8, wu32)
	PW_SEL(9, wf64)
	PW_SEL(10, wi64)
	PW_SEL(11, wu64)
	PW_F32(PW_ROWS, rowF32, tapF32)
i32:
	PW_I32(PW_ROWS, rowI32, tapI32)
u32:
	PW_U32(PW_ROWS, rowU32, tapU32)
f64:
	PW_F64(PW_ROWS, rowF64, tapF64)
i64:
	PW_I64(PW_ROWS, rowI64, tapI64)
u64:
	PW_U64(PW_ROWS, rowU64, tapU64)
wf32:
	PW_F32(PW_TAPS, wrowF32, wtapF32)
wi32:
	PW_I32(PW_TAPS, wrowI32, wtapI32)
wu32:
	PW_U32(PW_TAPS, wrowU32, wtapU32)
wf64:
	PW_F64(PW_TAPS, wrowF64, wtapF64)
wi64:
	PW_I64(PW_TAPS, wrowI64, wtapI64)
wu64:
	PW_U64(PW_TAPS, wrowU64, wtapU64)

// Round 14 (ps): rows of up to four registers (psPerm4, ps_perm4.go). The
// row is loaded once into Z0:Z1 (elements 0..2L−1) and Z4:Z5 (2L..4L−1),
// each register masked to the row (K2, K3, K5, K6); per tap the permute
// indices select from both pairs and the lanes whose position lies in the
// upper half (the tap's hi mask, K7) take the second selection before the
// max. R15 walks the taps' hi masks (psPerm4 offset 2324).
#define PS4_ROWS(LD, PERM, MAX, SC, ROW, TAP) \
	PW_SETUP \
	LEAQ 272(DX), R14 \
	KMOVW 2320(DX), K5 \
	KMOVW 2322(DX), K6 \
	LEAQ 2324(DX), R10 \
ROW: \
	LD.Z 0(SI), K2, Z0 \
	LD.Z 64(SI), K3, Z1 \
	LD.Z 128(SI), K5, Z4 \
	LD.Z 192(SI), K6, Z5 \
	VMOVDQA64 Z15, Z2 \
	MOVQ R12, CX \
	MOVQ R13, AX \
	MOVQ R14, BX \
	MOVQ R10, R15 \
TAP: \
	KMOVW (R15), K7 \
	VMOVDQU32 (BX), Z6 \
	VMOVDQA64 Z6, Z3 \
	PERM Z5, Z4, Z6 \
	PERM Z1, Z0, Z3 \
	LD Z6, K7, Z3 \
	KMOVW (AX), K1 \
	MAX Z2, Z3, K1, Z2 \
	ADDQ $2, AX \
	ADDQ $2, R15 \
	ADDQ $64, BX \
	DECQ CX \
	JNZ TAP \
	PW_NEXT(LD, ROW)

// psPerm4Asm: the six bodies in one entry point, selected as pwPermAsm's
// row-once bodies (sel 0..5).
//
// func psPerm4Asm(dst unsafe.Pointer, ds int, src unsafe.Pointer, sr, rows int, t *psPerm4, sel int)
TEXT ·psPerm4Asm(SB), NOSPLIT, $0-56
	MOVQ sel+48(FP), AX
	PW_SEL5
	PW_F32(PS4_ROWS, rowF32, tapF32)
i32:
	PW_I32(PS4_ROWS, rowI32, tapI32)
u32:
	PW_U32(PS4_ROWS, rowU32, tapU32)
f64:
	PW_F64(PS4_ROWS, rowF64, tapF64)
i64:
	PW_I64(PS4_ROWS, rowI64, tapI64)
u64:
	PW_U64(PS4_ROWS, rowU64, tapU64)
