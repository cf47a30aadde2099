//go:build amd64 && !purego

#include "textflag.h"

// SM3_STEP is one k step of sm3Kern8x32h at A offset ao (bytes): the 32 f16 values of
// B's row at DI widened (VCVTPH2PS, exact), then for each of the 8 A rows a broadcast
// and two FMAs into Z0..Z15, in gemmKern8x32's order.
#define SM3_STEP(ao) \
	VCVTPH2PS (DI), Z16; \
	VCVTPH2PS 32(DI), Z17; \
	VBROADCASTSS ao+0(SI), Z18; \
	VFMADD231PS Z16, Z18, Z0; \
	VFMADD231PS Z17, Z18, Z1; \
	VBROADCASTSS ao+4(SI), Z19; \
	VFMADD231PS Z16, Z19, Z2; \
	VFMADD231PS Z17, Z19, Z3; \
	VBROADCASTSS ao+8(SI), Z20; \
	VFMADD231PS Z16, Z20, Z4; \
	VFMADD231PS Z17, Z20, Z5; \
	VBROADCASTSS ao+12(SI), Z21; \
	VFMADD231PS Z16, Z21, Z6; \
	VFMADD231PS Z17, Z21, Z7; \
	VBROADCASTSS ao+16(SI), Z22; \
	VFMADD231PS Z16, Z22, Z8; \
	VFMADD231PS Z17, Z22, Z9; \
	VBROADCASTSS ao+20(SI), Z23; \
	VFMADD231PS Z16, Z23, Z10; \
	VFMADD231PS Z17, Z23, Z11; \
	VBROADCASTSS ao+24(SI), Z24; \
	VFMADD231PS Z16, Z24, Z12; \
	VFMADD231PS Z17, Z24, Z13; \
	VBROADCASTSS ao+28(SI), Z25; \
	VFMADD231PS Z16, Z25, Z14; \
	VFMADD231PS Z17, Z25, Z15; \
	ADDQ R8, DI

// SM3_ACC adds C's row at DX to the row's two accumulators and stores them; SM3_ST
// stores them (then DX moves to the next row).
#define SM3_ACC(za, zb) \
	VADDPS (DX), za, za; \
	VADDPS 64(DX), zb, zb; \
	VMOVUPS za, (DX); \
	VMOVUPS zb, 64(DX); \
	ADDQ R9, DX

#define SM3_ST(za, zb) \
	VMOVUPS za, (DX); \
	VMOVUPS zb, 64(DX); \
	ADDQ R9, DX

// func sm3Kern8x32h(kc int, a *float32, b *uint16, ldb int, c *float32, ldc int, acc bool)
// gemmKern8x32 with B's rows f16 (ldb halves apart), widened in the kernel: the same
// FMA chains on the same (exactly widened) values, so C is gemmKern8x32's on the
// widened B bit for bit.
TEXT ·sm3Kern8x32h(SB), NOSPLIT, $0-49
	MOVQ kc+0(FP), CX
	MOVQ a+8(FP), SI
	MOVQ b+16(FP), DI
	MOVQ ldb+24(FP), R8
	SHLQ $1, R8
	MOVQ c+32(FP), DX
	MOVQ ldc+40(FP), R9
	SHLQ $2, R9
	VPXORD Z0, Z0, Z0
	VPXORD Z1, Z1, Z1
	VPXORD Z2, Z2, Z2
	VPXORD Z3, Z3, Z3
	VPXORD Z4, Z4, Z4
	VPXORD Z5, Z5, Z5
	VPXORD Z6, Z6, Z6
	VPXORD Z7, Z7, Z7
	VPXORD Z8, Z8, Z8
	VPXORD Z9, Z9, Z9
	VPXORD Z10, Z10, Z10
	VPXORD Z11, Z11, Z11
	VPXORD Z12, Z12, Z12
	VPXORD Z13, Z13, Z13
	VPXORD Z14, Z14, Z14
	VPXORD Z15, Z15, Z15
	CMPQ CX, $2
	JLT sm3h_tail
sm3h_loop2:
	SM3_STEP(0)
	SM3_STEP(32)
	ADDQ $64, SI
	SUBQ $2, CX
	CMPQ CX, $2
	JGE sm3h_loop2
sm3h_tail:
	TESTQ CX, CX
	JEQ sm3h_done
	SM3_STEP(0)
sm3h_done:
	MOVBLZX acc+48(FP), AX
	TESTQ AX, AX
	JEQ sm3h_store
	SM3_ACC(Z0, Z1)
	SM3_ACC(Z2, Z3)
	SM3_ACC(Z4, Z5)
	SM3_ACC(Z6, Z7)
	SM3_ACC(Z8, Z9)
	SM3_ACC(Z10, Z11)
	SM3_ACC(Z12, Z13)
	SM3_ACC(Z14, Z15)
	VZEROUPPER
	RET
sm3h_store:
	SM3_ST(Z0, Z1)
	SM3_ST(Z2, Z3)
	SM3_ST(Z4, Z5)
	SM3_ST(Z6, Z7)
	SM3_ST(Z8, Z9)
	SM3_ST(Z10, Z11)
	SM3_ST(Z12, Z13)
	SM3_ST(Z14, Z15)
	VZEROUPPER
	RET
