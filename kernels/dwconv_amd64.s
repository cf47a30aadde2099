//go:build amd64 && !purego

#include "textflag.h"

// func dwBlocksAVX2(dst, src *float32, blk *int32, nblk int, taps *int32, w *float32, ntaps int)
// blk holds nblk pairs (source offset, destination offset) in elements; taps holds ntaps
// (>= 1) source offsets. For each block: acc = +0; for each tap t in order:
// acc = acc + src[so+taps[t] : +8]·w[t] (separate multiply and add, as the reference);
// dst[do : +8] = acc. Four blocks share each tap's broadcast.
TEXT ·dwBlocksAVX2(SB), NOSPLIT, $0-56
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ blk+16(FP), R9
	MOVQ nblk+24(FP), R10
	MOVQ taps+32(FP), R8
	MOVQ w+40(FP), BX
	MOVQ ntaps+48(FP), CX

dwquad:
	CMPQ R10, $4
	JLT  dwsingle
	MOVLQSX 0(R9), R11
	LEAQ (SI)(R11*4), R11
	MOVLQSX 8(R9), R12
	LEAQ (SI)(R12*4), R12
	MOVLQSX 16(R9), R13
	LEAQ (SI)(R13*4), R13
	MOVLQSX 24(R9), R14
	LEAQ (SI)(R14*4), R14
	VXORPS Y0, Y0, Y0
	VXORPS Y1, Y1, Y1
	VXORPS Y2, Y2, Y2
	VXORPS Y3, Y3, Y3
	XORQ DX, DX

dwqtap:
	MOVLQSX (R8)(DX*4), AX
	VBROADCASTSS (BX)(DX*4), Y15
	VMULPS (R11)(AX*4), Y15, Y4
	VMULPS (R12)(AX*4), Y15, Y5
	VMULPS (R13)(AX*4), Y15, Y6
	VMULPS (R14)(AX*4), Y15, Y7
	VADDPS Y4, Y0, Y0
	VADDPS Y5, Y1, Y1
	VADDPS Y6, Y2, Y2
	VADDPS Y7, Y3, Y3
	INCQ DX
	CMPQ DX, CX
	JLT  dwqtap

	MOVLQSX 4(R9), AX
	VMOVUPS Y0, (DI)(AX*4)
	MOVLQSX 12(R9), AX
	VMOVUPS Y1, (DI)(AX*4)
	MOVLQSX 20(R9), AX
	VMOVUPS Y2, (DI)(AX*4)
	MOVLQSX 28(R9), AX
	VMOVUPS Y3, (DI)(AX*4)
	ADDQ $32, R9
	SUBQ $4, R10
	JMP  dwquad

dwsingle:
	TESTQ R10, R10
	JEQ   dwdone
	MOVLQSX 0(R9), R11
	LEAQ (SI)(R11*4), R11
	VXORPS Y0, Y0, Y0
	XORQ DX, DX

dwstap:
	MOVLQSX (R8)(DX*4), AX
	VBROADCASTSS (BX)(DX*4), Y15
	VMULPS (R11)(AX*4), Y15, Y4
	VADDPS Y4, Y0, Y0
	INCQ DX
	CMPQ DX, CX
	JLT  dwstap

	MOVLQSX 4(R9), AX
	VMOVUPS Y0, (DI)(AX*4)
	ADDQ $8, R9
	DECQ R10
	JMP  dwsingle

dwdone:
	VZEROUPPER
	RET

// func dwBlocksZ(dst, src *float32, blk *int32, nblk int, taps *int32, w *float32, ntaps int)
// blk holds nblk triples (source offset, destination offset, lane mask) in elements; a
// block computes the lanes of its mask (16 columns, fewer at the end of a row): acc = +0;
// for each tap t in order: acc = acc + src[so+taps[t] : +16]·w[t] (separate multiply and
// add, as the reference); dst[do : +16] = acc under the mask. Lanes outside the mask are
// neither read nor written. Four blocks share each tap's broadcast.
TEXT ·dwBlocksZ(SB), NOSPLIT, $0-56
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ blk+16(FP), R9
	MOVQ nblk+24(FP), R10
	MOVQ taps+32(FP), R8
	MOVQ w+40(FP), BX
	MOVQ ntaps+48(FP), CX

dw5quad:
	CMPQ R10, $4
	JLT  dw5single
	MOVLQSX 0(R9), R11
	LEAQ (SI)(R11*4), R11
	MOVLQSX 12(R9), R12
	LEAQ (SI)(R12*4), R12
	MOVLQSX 24(R9), R13
	LEAQ (SI)(R13*4), R13
	MOVLQSX 36(R9), R14
	LEAQ (SI)(R14*4), R14
	MOVL 8(R9), AX
	KMOVW AX, K1
	MOVL 20(R9), AX
	KMOVW AX, K2
	MOVL 32(R9), AX
	KMOVW AX, K3
	MOVL 44(R9), AX
	KMOVW AX, K4
	VXORPS Z0, Z0, Z0
	VXORPS Z1, Z1, Z1
	VXORPS Z2, Z2, Z2
	VXORPS Z3, Z3, Z3
	XORQ DX, DX

dw5qtap:
	MOVLQSX (R8)(DX*4), AX
	VBROADCASTSS (BX)(DX*4), Z15
	VMOVUPS.Z (R11)(AX*4), K1, Z4
	VMOVUPS.Z (R12)(AX*4), K2, Z5
	VMOVUPS.Z (R13)(AX*4), K3, Z6
	VMOVUPS.Z (R14)(AX*4), K4, Z7
	VMULPS Z15, Z4, Z4
	VMULPS Z15, Z5, Z5
	VMULPS Z15, Z6, Z6
	VMULPS Z15, Z7, Z7
	VADDPS Z4, Z0, Z0
	VADDPS Z5, Z1, Z1
	VADDPS Z6, Z2, Z2
	VADDPS Z7, Z3, Z3
	INCQ DX
	CMPQ DX, CX
	JLT  dw5qtap

	MOVLQSX 4(R9), AX
	VMOVUPS Z0, K1, (DI)(AX*4)
	MOVLQSX 16(R9), AX
	VMOVUPS Z1, K2, (DI)(AX*4)
	MOVLQSX 28(R9), AX
	VMOVUPS Z2, K3, (DI)(AX*4)
	MOVLQSX 40(R9), AX
	VMOVUPS Z3, K4, (DI)(AX*4)
	ADDQ $48, R9
	SUBQ $4, R10
	JMP  dw5quad

dw5single:
	TESTQ R10, R10
	JEQ   dw5done
	MOVLQSX 0(R9), R11
	LEAQ (SI)(R11*4), R11
	MOVL 8(R9), AX
	KMOVW AX, K1
	VXORPS Z0, Z0, Z0
	XORQ DX, DX

dw5stap:
	MOVLQSX (R8)(DX*4), AX
	VBROADCASTSS (BX)(DX*4), Z15
	VMOVUPS.Z (R11)(AX*4), K1, Z4
	VMULPS Z15, Z4, Z4
	VADDPS Z4, Z0, Z0
	INCQ DX
	CMPQ DX, CX
	JLT  dw5stap

	MOVLQSX 4(R9), AX
	VMOVUPS Z0, K1, (DI)(AX*4)
	ADDQ $12, R9
	DECQ R10
	JMP  dw5single

dw5done:
	VZEROUPPER
	RET

// func dwDeint2512(ev, od, lin *float32, n int)
// ev[j] = lin[2j], od[j] = lin[2j+1] for j < n (n >= 0).
TEXT ·dwDeint2512(SB), NOSPLIT, $0-32
	MOVQ ev+0(FP), DI
	MOVQ od+8(FP), R8
	MOVQ lin+16(FP), SI
	MOVQ n+24(FP), CX
	MOVQ $dwEvenIdx<>(SB), AX
	VMOVDQU32 (AX), Z8
	MOVQ $dwOddIdx<>(SB), AX
	VMOVDQU32 (AX), Z9

dwd16:
	CMPQ CX, $16
	JLT  dwdtail
	VMOVUPS (SI), Z0
	VMOVUPS 64(SI), Z1
	VMOVAPS Z0, Z2
	VPERMT2PS Z1, Z8, Z0
	VPERMT2PS Z1, Z9, Z2
	VMOVUPS Z0, (DI)
	VMOVUPS Z2, (R8)
	ADDQ $128, SI
	ADDQ $64, DI
	ADDQ $64, R8
	SUBQ $16, CX
	JMP  dwd16

dwdtail:
	TESTQ CX, CX
	JEQ   dwddone
	VMOVSS (SI), X0
	VMOVSS X0, (DI)
	VMOVSS 4(SI), X0
	VMOVSS X0, (R8)
	ADDQ $8, SI
	ADDQ $4, DI
	ADDQ $4, R8
	DECQ CX
	JMP  dwdtail

dwddone:
	VZEROUPPER
	RET

DATA dwEvenIdx<>+0(SB)/4, $0
DATA dwEvenIdx<>+4(SB)/4, $2
DATA dwEvenIdx<>+8(SB)/4, $4
DATA dwEvenIdx<>+12(SB)/4, $6
DATA dwEvenIdx<>+16(SB)/4, $8
DATA dwEvenIdx<>+20(SB)/4, $10
DATA dwEvenIdx<>+24(SB)/4, $12
DATA dwEvenIdx<>+28(SB)/4, $14
DATA dwEvenIdx<>+32(SB)/4, $16
DATA dwEvenIdx<>+36(SB)/4, $18
DATA dwEvenIdx<>+40(SB)/4, $20
DATA dwEvenIdx<>+44(SB)/4, $22
DATA dwEvenIdx<>+48(SB)/4, $24
DATA dwEvenIdx<>+52(SB)/4, $26
DATA dwEvenIdx<>+56(SB)/4, $28
DATA dwEvenIdx<>+60(SB)/4, $30
GLOBL dwEvenIdx<>(SB), RODATA, $64

DATA dwOddIdx<>+0(SB)/4, $1
DATA dwOddIdx<>+4(SB)/4, $3
DATA dwOddIdx<>+8(SB)/4, $5
DATA dwOddIdx<>+12(SB)/4, $7
DATA dwOddIdx<>+16(SB)/4, $9
DATA dwOddIdx<>+20(SB)/4, $11
DATA dwOddIdx<>+24(SB)/4, $13
DATA dwOddIdx<>+28(SB)/4, $15
DATA dwOddIdx<>+32(SB)/4, $17
DATA dwOddIdx<>+36(SB)/4, $19
DATA dwOddIdx<>+40(SB)/4, $21
DATA dwOddIdx<>+44(SB)/4, $23
DATA dwOddIdx<>+48(SB)/4, $25
DATA dwOddIdx<>+52(SB)/4, $27
DATA dwOddIdx<>+56(SB)/4, $29
DATA dwOddIdx<>+60(SB)/4, $31
GLOBL dwOddIdx<>(SB), RODATA, $64

// func dwCopyRows(dst *float32, ds int, src *float32, ss int, rows, n int)
// copies rows rows of n (>= 1) floats: src row r at src+r·ss to dst+r·ds (strides in
// elements), 16 at a time with a masked tail.
TEXT ·dwCopyRows(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ ds+8(FP), R8
	SHLQ $2, R8
	MOVQ src+16(FP), SI
	MOVQ ss+24(FP), R9
	SHLQ $2, R9
	MOVQ rows+32(FP), R10
	MOVQ n+40(FP), R11
	MOVQ R11, CX
	ANDQ $15, CX
	MOVL $1, AX
	SHLL CX, AX
	DECL AX
	KMOVW AX, K1            // the tail's lanes (none when n is a multiple of 16)
	MOVQ R11, R12
	ANDQ $-16, R12          // elements in whole vectors

dwcrow:
	TESTQ R10, R10
	JEQ   dwcdone
	XORQ DX, DX

dwcvec:
	CMPQ DX, R12
	JGE  dwctail
	VMOVUPS (SI)(DX*4), Z0
	VMOVUPS Z0, (DI)(DX*4)
	ADDQ $16, DX
	JMP  dwcvec

dwctail:
	VMOVUPS.Z (SI)(DX*4), K1, Z0
	VMOVUPS Z0, K1, (DI)(DX*4)
	ADDQ R8, DI
	ADDQ R9, SI
	DECQ R10
	JMP  dwcrow

dwcdone:
	VZEROUPPER
	RET

// func dw9Z(dst, src *float32, blk *int32, nblk int, taps *int32, w *float32)
// dwBlocksZ for exactly 9 taps (3×3 kernels) with taps[0] == 0: the weights stay in
// Z16–Z24 and the tap offsets in registers, one block at a time (out-of-order execution
// overlaps the blocks' add chains). Same operations in the same order.
TEXT ·dw9Z(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ blk+16(FP), R9
	MOVQ nblk+24(FP), R10
	MOVQ taps+32(FP), R8
	MOVQ w+40(FP), R11
	VBROADCASTSS 0(R11), Z16
	VBROADCASTSS 4(R11), Z17
	VBROADCASTSS 8(R11), Z18
	VBROADCASTSS 12(R11), Z19
	VBROADCASTSS 16(R11), Z20
	VBROADCASTSS 20(R11), Z21
	VBROADCASTSS 24(R11), Z22
	VBROADCASTSS 28(R11), Z23
	VBROADCASTSS 32(R11), Z24
	VXORPS Z31, Z31, Z31
	MOVLQSX 4(R8), R12
	SHLQ $2, R12
	MOVLQSX 8(R8), R13
	SHLQ $2, R13
	MOVLQSX 12(R8), R14
	SHLQ $2, R14
	MOVLQSX 16(R8), R15
	SHLQ $2, R15
	MOVLQSX 20(R8), AX
	SHLQ $2, AX
	MOVLQSX 24(R8), BX
	SHLQ $2, BX
	MOVLQSX 28(R8), CX
	SHLQ $2, CX
	MOVLQSX 32(R8), DX
	SHLQ $2, DX
	TESTQ R10, R10
	JEQ   dw9done

dw9blk:
	MOVLQSX 0(R9), R11
	LEAQ (SI)(R11*4), R11
	MOVL 8(R9), R8
	KMOVW R8, K1
	VMULPS.Z (R11), Z16, K1, Z1
	VADDPS Z1, Z31, Z0
	VMULPS.Z (R11)(R12*1), Z17, K1, Z2
	VADDPS Z2, Z0, Z0
	VMULPS.Z (R11)(R13*1), Z18, K1, Z3
	VADDPS Z3, Z0, Z0
	VMULPS.Z (R11)(R14*1), Z19, K1, Z4
	VADDPS Z4, Z0, Z0
	VMULPS.Z (R11)(R15*1), Z20, K1, Z5
	VADDPS Z5, Z0, Z0
	VMULPS.Z (R11)(AX*1), Z21, K1, Z6
	VADDPS Z6, Z0, Z0
	VMULPS.Z (R11)(BX*1), Z22, K1, Z7
	VADDPS Z7, Z0, Z0
	VMULPS.Z (R11)(CX*1), Z23, K1, Z8
	VADDPS Z8, Z0, Z0
	VMULPS.Z (R11)(DX*1), Z24, K1, Z9
	VADDPS Z9, Z0, Z0
	MOVLQSX 4(R9), R8
	VMOVUPS Z0, K1, (DI)(R8*4)
	ADDQ $12, R9
	DECQ R10
	JNZ  dw9blk

dw9done:
	VZEROUPPER
	RET

// func dw9Y(dst, src *float32, blk *int32, nblk int, taps *int32, w *float32)
// dwBlocksAVX2 for exactly 9 taps with taps[0] == 0: the weights stay in Y7–Y15, the tap
// offsets in registers, one 8-column block at a time. Same operations in the same order.
TEXT ·dw9Y(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ blk+16(FP), R9
	MOVQ nblk+24(FP), R10
	MOVQ taps+32(FP), R8
	MOVQ w+40(FP), R11
	VBROADCASTSS 0(R11), Y7
	VBROADCASTSS 4(R11), Y8
	VBROADCASTSS 8(R11), Y9
	VBROADCASTSS 12(R11), Y10
	VBROADCASTSS 16(R11), Y11
	VBROADCASTSS 20(R11), Y12
	VBROADCASTSS 24(R11), Y13
	VBROADCASTSS 28(R11), Y14
	VBROADCASTSS 32(R11), Y15
	VXORPS Y6, Y6, Y6
	MOVLQSX 4(R8), R12
	SHLQ $2, R12
	MOVLQSX 8(R8), R13
	SHLQ $2, R13
	MOVLQSX 12(R8), R14
	SHLQ $2, R14
	MOVLQSX 16(R8), R15
	SHLQ $2, R15
	MOVLQSX 20(R8), AX
	SHLQ $2, AX
	MOVLQSX 24(R8), BX
	SHLQ $2, BX
	MOVLQSX 28(R8), CX
	SHLQ $2, CX
	MOVLQSX 32(R8), DX
	SHLQ $2, DX
	TESTQ R10, R10
	JEQ   dw9ydone

dw9yblk:
	MOVLQSX 0(R9), R11
	LEAQ (SI)(R11*4), R11
	VMULPS (R11), Y7, Y1
	VADDPS Y1, Y6, Y0
	VMULPS (R11)(R12*1), Y8, Y2
	VADDPS Y2, Y0, Y0
	VMULPS (R11)(R13*1), Y9, Y3
	VADDPS Y3, Y0, Y0
	VMULPS (R11)(R14*1), Y10, Y4
	VADDPS Y4, Y0, Y0
	VMULPS (R11)(R15*1), Y11, Y5
	VADDPS Y5, Y0, Y0
	VMULPS (R11)(AX*1), Y12, Y1
	VADDPS Y1, Y0, Y0
	VMULPS (R11)(BX*1), Y13, Y2
	VADDPS Y2, Y0, Y0
	VMULPS (R11)(CX*1), Y14, Y3
	VADDPS Y3, Y0, Y0
	VMULPS (R11)(DX*1), Y15, Y4
	VADDPS Y4, Y0, Y0
	MOVLQSX 4(R9), R8
	VMOVUPS Y0, (DI)(R8*4)
	ADDQ $8, R9
	DECQ R10
	JNZ  dw9yblk

dw9ydone:
	VZEROUPPER
	RET
