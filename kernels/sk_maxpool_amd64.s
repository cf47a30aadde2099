//go:build amd64 && !purego

#include "textflag.h"

// Three-tap MaxPool rows (sk_maxpool.go). Every function computes one output
// row: for each group of 16 outputs, acc = float32 lowest, then for each of
// the nr input rows (rs bytes apart, the first at src) the three W taps in
// order, each loaded with its group mask merged into −Inf, folded by
// VMAXPS acc, x, acc (Intel order: acc is the second source, kept when x is
// NaN or equal). Mask table: 8 uint16 per group (tap loads 0–3, output 4).
// Z31 = float32 lowest, Z30 = −Inf (float32), Y29 = −Inf (f16),
// Z28 / Z27 = even / odd lane indices of a 32-lane pair.

DATA skEven<>+0(SB)/8, $0x0000000200000000
DATA skEven<>+8(SB)/8, $0x0000000600000004
DATA skEven<>+16(SB)/8, $0x0000000a00000008
DATA skEven<>+24(SB)/8, $0x0000000e0000000c
DATA skEven<>+32(SB)/8, $0x0000001200000010
DATA skEven<>+40(SB)/8, $0x0000001600000014
DATA skEven<>+48(SB)/8, $0x0000001a00000018
DATA skEven<>+56(SB)/8, $0x0000001e0000001c
GLOBL skEven<>(SB), RODATA|NOPTR, $64

DATA skOdd<>+0(SB)/8, $0x0000000300000001
DATA skOdd<>+8(SB)/8, $0x0000000700000005
DATA skOdd<>+16(SB)/8, $0x0000000b00000009
DATA skOdd<>+24(SB)/8, $0x0000000f0000000d
DATA skOdd<>+32(SB)/8, $0x0000001300000011
DATA skOdd<>+40(SB)/8, $0x0000001700000015
DATA skOdd<>+48(SB)/8, $0x0000001b00000019
DATA skOdd<>+56(SB)/8, $0x0000001f0000001d
GLOBL skOdd<>(SB), RODATA|NOPTR, $64

#define SKARGS \
	MOVQ dst+0(FP), DI \
	MOVQ src+8(FP), SI \
	MOVQ nr+16(FP), R8 \
	MOVQ rs+24(FP), R9 \
	MOVQ tab+32(FP), R10 \
	MOVQ ng+40(FP), R11 \
	MOVL $0xff7fffff, AX \
	VPBROADCASTD AX, Z31 \
	MOVL $0xff800000, AX \
	VPBROADCASTD AX, Z30 \
	MOVL $0xfc00, AX \
	VPBROADCASTW AX, Y29 \
	MOVQ $skEven<>(SB), AX \
	VMOVDQU32 (AX), Z28 \
	MOVQ $skOdd<>(SB), AX \
	VMOVDQU32 (AX), Z27

#define SKGROUP \
	KMOVW 0(R10), K1 \
	KMOVW 2(R10), K2 \
	KMOVW 4(R10), K3 \
	KMOVW 6(R10), K4 \
	KMOVW 8(R10), K5 \
	VMOVAPS Z31, Z0 \
	MOVQ SI, R13 \
	MOVQ R8, R14

// float32 load of 16 lanes at off(R13) under mask k into z.
#define LDF32(off, k, z) \
	VMOVAPS Z30, z \
	VMOVUPS off(R13), k, z

// f16 load of 16 lanes at off(R13) under mask k, widened into z (y its half).
#define LDF16(off, k, y, z) \
	VMOVDQU16 Y29, y \
	VMOVDQU16 off(R13), k, y \
	VCVTPH2PS y, z

// Stride 2: E = cols 0,2,..,30 of (Z1,Z2); O = cols 1,..,31; E1 = cols 2,..,32 (Z3,Z4).
#define FOLDS2 \
	VMOVAPS Z1, Z5 \
	VPERMT2PS Z2, Z28, Z5 \
	VPERMT2PS Z2, Z27, Z1 \
	VPERMT2PS Z4, Z28, Z3 \
	VMAXPS Z0, Z5, Z0 \
	VMAXPS Z0, Z1, Z0 \
	VMAXPS Z0, Z3, Z0

// func skMaxS2F32(dst, src uintptr, nr, rs int, tab *uint16, ng int)
TEXT ·skMaxS2F32(SB), NOSPLIT, $0-48
	SKARGS
s2f32g:
	SKGROUP
s2f32r:
	LDF32(0, K1, Z1)
	LDF32(64, K2, Z2)
	LDF32(8, K3, Z3)
	LDF32(72, K4, Z4)
	FOLDS2
	ADDQ R9, R13
	DECQ R14
	JNZ  s2f32r
	VMOVUPS Z0, K5, (DI)
	ADDQ $128, SI
	ADDQ $64, DI
	ADDQ $16, R10
	DECQ R11
	JNZ  s2f32g
	VZEROUPPER
	RET

// func skMaxS2F16(dst, src uintptr, nr, rs int, tab *uint16, ng int)
TEXT ·skMaxS2F16(SB), NOSPLIT, $0-48
	SKARGS
s2f16g:
	SKGROUP
s2f16r:
	LDF16(0, K1, Y1, Z1)
	LDF16(32, K2, Y2, Z2)
	LDF16(4, K3, Y3, Z3)
	LDF16(36, K4, Y4, Z4)
	FOLDS2
	ADDQ R9, R13
	DECQ R14
	JNZ  s2f16r
	VCVTPS2PH $0, Z0, Y0
	VMOVDQU16 Y0, K5, (DI)
	ADDQ $64, SI
	ADDQ $32, DI
	ADDQ $16, R10
	DECQ R11
	JNZ  s2f16g
	VZEROUPPER
	RET

// func skMaxS1F32(dst, src uintptr, nr, rs int, tab *uint16, ng int)
TEXT ·skMaxS1F32(SB), NOSPLIT, $0-48
	SKARGS
s1f32g:
	SKGROUP
s1f32r:
	LDF32(0, K1, Z1)
	LDF32(4, K2, Z2)
	LDF32(8, K3, Z3)
	VMAXPS Z0, Z1, Z0
	VMAXPS Z0, Z2, Z0
	VMAXPS Z0, Z3, Z0
	ADDQ R9, R13
	DECQ R14
	JNZ  s1f32r
	VMOVUPS Z0, K5, (DI)
	ADDQ $64, SI
	ADDQ $64, DI
	ADDQ $16, R10
	DECQ R11
	JNZ  s1f32g
	VZEROUPPER
	RET

// func skMaxS1F16(dst, src uintptr, nr, rs int, tab *uint16, ng int)
TEXT ·skMaxS1F16(SB), NOSPLIT, $0-48
	SKARGS
s1f16g:
	SKGROUP
s1f16r:
	LDF16(0, K1, Y1, Z1)
	LDF16(2, K2, Y2, Z2)
	LDF16(4, K3, Y3, Z3)
	VMAXPS Z0, Z1, Z0
	VMAXPS Z0, Z2, Z0
	VMAXPS Z0, Z3, Z0
	ADDQ R9, R13
	DECQ R14
	JNZ  s1f16r
	VCVTPS2PH $0, Z0, Y0
	VMOVDQU16 Y0, K5, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	ADDQ $16, R10
	DECQ R11
	JNZ  s1f16g
	VZEROUPPER
	RET
