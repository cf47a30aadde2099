//go:build amd64 && !purego

#include "textflag.h"

// func gemvKern1x128off(kc int, a *float32, lda int, b *float32, off *int, c *float32, acc bool)
// One row of an 8×32 tile's A panel (element k at a + k·lda floats) times kc rows of B
// (row k at b + off[k] floats, 128 floats each): eight accumulators, each a sum over k in
// order from zero, then added to c when acc — per element the 8×32 offset kernel's order.
TEXT ·gemvKern1x128off(SB), NOSPLIT, $0-49
	MOVQ kc+0(FP), CX
	MOVQ a+8(FP), SI
	MOVQ lda+16(FP), R9
	SHLQ $2, R9
	MOVQ b+24(FP), DI
	MOVQ off+32(FP), R8
	MOVQ c+40(FP), DX
	VPXORD Z0, Z0, Z0
	VPXORD Z1, Z1, Z1
	VPXORD Z2, Z2, Z2
	VPXORD Z3, Z3, Z3
	VPXORD Z4, Z4, Z4
	VPXORD Z5, Z5, Z5
	VPXORD Z6, Z6, Z6
	VPXORD Z7, Z7, Z7
r128loop:
	TESTQ CX, CX
	JEQ r128done
	MOVQ (R8), R10
	LEAQ (DI)(R10*4), R11
	VBROADCASTSS (SI), Z16
	VFMADD231PS (R11), Z16, Z0
	VFMADD231PS 64(R11), Z16, Z1
	VFMADD231PS 128(R11), Z16, Z2
	VFMADD231PS 192(R11), Z16, Z3
	VFMADD231PS 256(R11), Z16, Z4
	VFMADD231PS 320(R11), Z16, Z5
	VFMADD231PS 384(R11), Z16, Z6
	VFMADD231PS 448(R11), Z16, Z7
	ADDQ R9, SI
	ADDQ $8, R8
	DECQ CX
	JMP r128loop
r128done:
	MOVBLZX acc+48(FP), AX
	TESTQ AX, AX
	JEQ r128store
	VADDPS (DX), Z0, Z0
	VADDPS 64(DX), Z1, Z1
	VADDPS 128(DX), Z2, Z2
	VADDPS 192(DX), Z3, Z3
	VADDPS 256(DX), Z4, Z4
	VADDPS 320(DX), Z5, Z5
	VADDPS 384(DX), Z6, Z6
	VADDPS 448(DX), Z7, Z7
r128store:
	VMOVUPS Z0, (DX)
	VMOVUPS Z1, 64(DX)
	VMOVUPS Z2, 128(DX)
	VMOVUPS Z3, 192(DX)
	VMOVUPS Z4, 256(DX)
	VMOVUPS Z5, 320(DX)
	VMOVUPS Z6, 384(DX)
	VMOVUPS Z7, 448(DX)
	VZEROUPPER
	RET

// func gemvKern1x32off(kc int, a *float32, lda int, b *float32, off *int, c *float32, acc bool)
// gemvKern1x128off for 32 columns.
TEXT ·gemvKern1x32off(SB), NOSPLIT, $0-49
	MOVQ kc+0(FP), CX
	MOVQ a+8(FP), SI
	MOVQ lda+16(FP), R9
	SHLQ $2, R9
	MOVQ b+24(FP), DI
	MOVQ off+32(FP), R8
	MOVQ c+40(FP), DX
	VPXORD Z0, Z0, Z0
	VPXORD Z1, Z1, Z1
r32loop:
	TESTQ CX, CX
	JEQ r32done
	MOVQ (R8), R10
	LEAQ (DI)(R10*4), R11
	VBROADCASTSS (SI), Z16
	VFMADD231PS (R11), Z16, Z0
	VFMADD231PS 64(R11), Z16, Z1
	ADDQ R9, SI
	ADDQ $8, R8
	DECQ CX
	JMP r32loop
r32done:
	MOVBLZX acc+48(FP), AX
	TESTQ AX, AX
	JEQ r32store
	VADDPS (DX), Z0, Z0
	VADDPS 64(DX), Z1, Z1
r32store:
	VMOVUPS Z0, (DX)
	VMOVUPS Z1, 64(DX)
	VZEROUPPER
	RET
