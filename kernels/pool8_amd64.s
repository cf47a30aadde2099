//go:build amd64 && !purego

#include "textflag.h"

// func plDeint32(dst unsafe.Pointer, pstride int, src unsafe.Pointer, s, nb int, idx unsafe.Pointer, masks unsafe.Pointer, phases *int64, nph int)
// idx: [8][4][16]int32 for this s (phase, pair); masks: [8][4]uint16.
TEXT ·plDeint32(SB), NOSPLIT, $0-72
	MOVQ dst+0(FP), DI
	MOVQ pstride+8(FP), R8
	MOVQ src+16(FP), SI
	MOVQ s+24(FP), CX
	MOVQ nb+32(FP), DX
	MOVQ idx+40(FP), R9
	MOVQ masks+48(FP), R10
	MOVQ phases+56(FP), R15
	MOVQ CX, R11
	SHLQ $6, R11 // source bytes per block: 64·s

block:
	TESTQ DX, DX
	JZ    done
	VMOVDQU32 0(SI), Z0
	VMOVDQU32 64(SI), Z1
	CMPQ CX, $2
	JLE  loaded
	VMOVDQU32 128(SI), Z2
	VMOVDQU32 192(SI), Z3
	CMPQ CX, $4
	JLE  loaded
	VMOVDQU32 256(SI), Z4
	VMOVDQU32 320(SI), Z5
	CMPQ CX, $6
	JLE  loaded
	VMOVDQU32 384(SI), Z6
	VMOVDQU32 448(SI), Z7

loaded:
	XORQ BX, BX // index into phases

phase:
	MOVQ  (R15)(BX*8), AX // phase p
	MOVQ  AX, R12
	IMULQ R8, R12
	ADDQ  DI, R12         // phase destination
	MOVQ  AX, R13
	SHLQ  $8, R13
	ADDQ  R9, R13         // idx of (p, pair 0)
	MOVQ  AX, R14
	SHLQ  $3, R14
	ADDQ  R10, R14        // masks of (p, pair 0)
	VMOVDQU32 0(R13), Z8
	VPERMI2D  Z1, Z0, Z8
	CMPQ      CX, $2
	JLE       store
	VMOVDQU32 64(R13), Z9
	VPERMI2D  Z3, Z2, Z9
	KMOVW     2(R14), K1
	VPBLENDMD Z9, Z8, K1, Z8
	CMPQ      CX, $4
	JLE       store
	VMOVDQU32 128(R13), Z9
	VPERMI2D  Z5, Z4, Z9
	KMOVW     4(R14), K1
	VPBLENDMD Z9, Z8, K1, Z8
	CMPQ      CX, $6
	JLE       store
	VMOVDQU32 192(R13), Z9
	VPERMI2D  Z7, Z6, Z9
	KMOVW     6(R14), K1
	VPBLENDMD Z9, Z8, K1, Z8

store:
	VMOVDQU32 Z8, 0(R12)
	INCQ      BX
	CMPQ      BX, nph+64(FP)
	JLT       phase
	ADDQ      R11, SI
	ADDQ      $64, DI
	DECQ      DX
	JMP       block

done:
	VZEROUPPER
	RET
