//go:build amd64 && !purego

#include "textflag.h"

// 1- and 2-byte integers widened to float32 (exact), 16 per vector, the
// last partial vector masked (no byte outside src or dst touched).
// func pool6WidenXX(dst *float32, src unsafe.Pointer, n int)
#define P6WIDEN(OP, SZ) \
	MOVQ dst+0(FP), DI; \
	MOVQ src+8(FP), SI; \
	MOVQ n+16(FP), CX; \
p6loop: \
	CMPQ CX, $16; \
	JLT p6tail; \
	OP (SI), Z0; \
	VCVTDQ2PS Z0, Z0; \
	VMOVUPS Z0, (DI); \
	ADDQ $SZ, SI; \
	ADDQ $64, DI; \
	SUBQ $16, CX; \
	JMP p6loop; \
p6tail: \
	TESTQ CX, CX; \
	JLE p6done; \
	MOVQ $1, AX; \
	SHLQ CX, AX; \
	DECQ AX; \
	KMOVW AX, K1; \
	OP.Z (SI), K1, Z0; \
	VCVTDQ2PS Z0, Z0; \
	VMOVUPS Z0, K1, (DI); \
p6done: \
	VZEROUPPER; \
	RET

TEXT ·pool6WidenSB(SB), NOSPLIT, $0-24
	P6WIDEN(VPMOVSXBD, 16)

TEXT ·pool6WidenUB(SB), NOSPLIT, $0-24
	P6WIDEN(VPMOVZXBD, 16)

TEXT ·pool6WidenSW(SB), NOSPLIT, $0-24
	P6WIDEN(VPMOVSXWD, 32)

TEXT ·pool6WidenUW(SB), NOSPLIT, $0-24
	P6WIDEN(VPMOVZXWD, 32)
