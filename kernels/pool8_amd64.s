//go:build amd64 && !purego

#include "textflag.h"

// PL_DEINT is the body of plDeint32 and plDeint64: per block, s loads of
// 64 bytes, then per listed phase up to four two-table permutes (PERM:
// VPERMI2D or VPERMI2Q, one per register pair) merged with BLEND under
// the pair's lane mask, one 64-byte store. Registers: DI dst, R8 phase
// stride (bytes), SI src, CX s, DX blocks left, R9 idx, R10 masks, R15
// phases, R11 source bytes per block (64·s), BX phase counter, R12 phase
// destination, R13/R14 idx/masks of (phase, pair 0).
#define PL_DEINT(PERM, BLEND) \
	MOVQ dst+0(FP), DI; \
	MOVQ pstride+8(FP), R8; \
	MOVQ src+16(FP), SI; \
	MOVQ s+24(FP), CX; \
	MOVQ nb+32(FP), DX; \
	MOVQ idx+40(FP), R9; \
	MOVQ masks+48(FP), R10; \
	MOVQ phases+56(FP), R15; \
	MOVQ CX, R11; \
	SHLQ $6, R11; \
block: \
	TESTQ DX, DX; \
	JZ    done; \
	VMOVDQU64 0(SI), Z0; \
	VMOVDQU64 64(SI), Z1; \
	CMPQ CX, $2; \
	JLE  loaded; \
	VMOVDQU64 128(SI), Z2; \
	VMOVDQU64 192(SI), Z3; \
	CMPQ CX, $4; \
	JLE  loaded; \
	VMOVDQU64 256(SI), Z4; \
	VMOVDQU64 320(SI), Z5; \
	CMPQ CX, $6; \
	JLE  loaded; \
	VMOVDQU64 384(SI), Z6; \
	VMOVDQU64 448(SI), Z7; \
loaded: \
	XORQ BX, BX; \
phase: \
	MOVQ  (R15)(BX*8), AX; \
	MOVQ  AX, R12; \
	IMULQ R8, R12; \
	ADDQ  DI, R12; \
	MOVQ  AX, R13; \
	SHLQ  $8, R13; \
	ADDQ  R9, R13; \
	MOVQ  AX, R14; \
	SHLQ  $3, R14; \
	ADDQ  R10, R14; \
	VMOVDQU64 0(R13), Z8; \
	PERM  Z1, Z0, Z8; \
	CMPQ  CX, $2; \
	JLE   store; \
	VMOVDQU64 64(R13), Z9; \
	PERM  Z3, Z2, Z9; \
	KMOVW 2(R14), K1; \
	BLEND Z9, Z8, K1, Z8; \
	CMPQ  CX, $4; \
	JLE   store; \
	VMOVDQU64 128(R13), Z9; \
	PERM  Z5, Z4, Z9; \
	KMOVW 4(R14), K1; \
	BLEND Z9, Z8, K1, Z8; \
	CMPQ  CX, $6; \
	JLE   store; \
	VMOVDQU64 192(R13), Z9; \
	PERM  Z7, Z6, Z9; \
	KMOVW 6(R14), K1; \
	BLEND Z9, Z8, K1, Z8; \
store: \
	VMOVDQU64 Z8, 0(R12); \
	INCQ  BX; \
	CMPQ  BX, nph+64(FP); \
	JLT   phase; \
	ADDQ  R11, SI; \
	ADDQ  $64, DI; \
	DECQ  DX; \
	JMP   block; \
done: \
	VZEROUPPER; \
	RET

// func plDeint32(dst unsafe.Pointer, pstride int, src unsafe.Pointer, s, nb int, idx unsafe.Pointer, masks unsafe.Pointer, phases *int64, nph int)
// idx: [8][4][16]int32 for this s (phase, pair); masks: [8][4]uint16.
TEXT ·plDeint32(SB), NOSPLIT, $0-72
	PL_DEINT(VPERMI2D, VPBLENDMD)

// func plDeint64(dst unsafe.Pointer, pstride int, src unsafe.Pointer, s, nb int, idx unsafe.Pointer, masks unsafe.Pointer, phases *int64, nph int)
// idx: [8][4][8]int64 for this s (phase, pair); masks: [8][4]uint16 (low 8 bits).
TEXT ·plDeint64(SB), NOSPLIT, $0-72
	PL_DEINT(VPERMI2Q, VPBLENDMQ)
