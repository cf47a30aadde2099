//go:build amd64 && !purego

#include "textflag.h"

// func skNegBits16AVX2(dst, src *uint16, n int)
// n a positive multiple of 16: dst[i] = src[i] ^ 0x8000.
TEXT ·skNegBits16AVX2(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	MOVL $0x80008000, AX
	MOVL AX, X15
	VPBROADCASTD X15, Y15
sknLoop:
	VPXOR (SI), Y15, Y0
	VMOVDQU Y0, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	SUBQ $16, CX
	JNZ  sknLoop
	VZEROUPPER
	RET

// func skReluBits16AVX2(dst, src *uint16, n int, lim uint16)
// n a positive multiple of 16: dst[i] = 0 < src[i] < lim (as int16) ? src[i] : 0.
TEXT ·skReluBits16AVX2(SB), NOSPLIT, $0-26
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	MOVWLZX lim+24(FP), AX
	MOVL AX, X15
	VPBROADCASTW X15, Y15
	VPXOR Y14, Y14, Y14
skrLoop:
	VMOVDQU (SI), Y0
	VPCMPGTW Y14, Y0, Y1 // h > 0
	VPCMPGTW Y0, Y15, Y2 // lim > h
	VPAND Y1, Y2, Y1
	VPAND Y0, Y1, Y0
	VMOVDQU Y0, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	SUBQ $16, CX
	JNZ  skrLoop
	VZEROUPPER
	RET
