//go:build amd64 && !purego

#include "textflag.h"

// func pvAnyMasked32AVX2(p unsafe.Pointer, n int, mask, val uint32) bool
// n is a positive multiple of 8.
TEXT ·pvAnyMasked32AVX2(SB), NOSPLIT, $0-25
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), CX
	MOVL mask+16(FP), AX
	VMOVD AX, X3
	VPBROADCASTD X3, Y3
	MOVL val+20(FP), AX
	VMOVD AX, X4
	VPBROADCASTD X4, Y4
	VPXOR Y2, Y2, Y2
pvm32loop16:
	CMPQ CX, $16
	JLT pvm32tail
	VPAND (SI), Y3, Y0
	VPAND 32(SI), Y3, Y1
	VPCMPEQD Y4, Y0, Y0
	VPCMPEQD Y4, Y1, Y1
	VPOR Y0, Y2, Y2
	VPOR Y1, Y2, Y2
	ADDQ $64, SI
	SUBQ $16, CX
	JMP pvm32loop16
pvm32tail:
	TESTQ CX, CX
	JEQ pvm32done
	VPAND (SI), Y3, Y0
	VPCMPEQD Y4, Y0, Y0
	VPOR Y0, Y2, Y2
pvm32done:
	VPTEST Y2, Y2
	SETNE ret+24(FP)
	VZEROUPPER
	RET

// func pvAnyMasked64AVX2(p unsafe.Pointer, n int, mask, val uint64) bool
// n is a positive multiple of 4.
TEXT ·pvAnyMasked64AVX2(SB), NOSPLIT, $0-33
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), CX
	VPBROADCASTQ mask+16(FP), Y3
	VPBROADCASTQ val+24(FP), Y4
	VPXOR Y2, Y2, Y2
pvm64loop8:
	CMPQ CX, $8
	JLT pvm64tail
	VPAND (SI), Y3, Y0
	VPAND 32(SI), Y3, Y1
	VPCMPEQQ Y4, Y0, Y0
	VPCMPEQQ Y4, Y1, Y1
	VPOR Y0, Y2, Y2
	VPOR Y1, Y2, Y2
	ADDQ $64, SI
	SUBQ $8, CX
	JMP pvm64loop8
pvm64tail:
	TESTQ CX, CX
	JEQ pvm64done
	VPAND (SI), Y3, Y0
	VPCMPEQQ Y4, Y0, Y0
	VPOR Y0, Y2, Y2
pvm64done:
	VPTEST Y2, Y2
	SETNE ret+32(FP)
	VZEROUPPER
	RET
