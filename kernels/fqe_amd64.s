//go:build amd64 && !purego

#include "textflag.h"

// FQETAIL sets K1 to the low CX bits (0 < CX < 16).
#define FQETAIL \
	MOVL $1, AX \
	SHLL CX, AX \
	DECL AX \
	KMOVW AX, K1

// FQEQUOT sets Z3 = round(a/d·lm1)/lm1 from Z1 = a with the corrected quotients (Z1, Z2
// clobbered).
#define FQEQUOT \
	VMULPS Z16, Z1, Z2 \
	VFNMADD231PS Z9, Z2, Z1 \
	VFMADD231PS Z16, Z1, Z2 \
	VMULPS Z10, Z2, Z2 \
	VRNDSCALEPS $0, Z2, Z2 \
	VMULPS Z17, Z2, Z3 \
	VFNMADD231PS Z10, Z3, Z2 \
	VFMADD231PS Z17, Z2, Z3

// FQELOAD loads the constants of p (AX) into Z8-Z18.
#define FQELOAD \
	VBROADCASTSS 0(AX), Z8 \
	VBROADCASTSS 4(AX), Z9 \
	VBROADCASTSS 8(AX), Z10 \
	VBROADCASTSS 12(AX), Z11 \
	VBROADCASTSS 16(AX), Z12 \
	VBROADCASTSS 20(AX), Z13 \
	VBROADCASTSS 24(AX), Z14 \
	VBROADCASTSS 28(AX), Z15 \
	VBROADCASTSS 32(AX), Z16 \
	VBROADCASTSS 36(AX), Z17 \
	VBROADCASTSS 40(AX), Z18

// FQEOUT finishes a vector: Z3·od + ol, the out-of-range lanes (K2: x <= mn, K3: x > mx)
// replaced, stored under K1.
#define FQEOUT \
	VMULPS Z11, Z3, Z3 \
	VADDPS Z12, Z3, Z3 \
	VMOVAPS Z13, K3, Z3 \
	VMOVAPS Z12, K2, Z3 \
	VMOVUPS Z3, K1, (DI)

// func fqeBlock512Safe(dst, x *float32, n int, p *fqParams)
// fqeBlock512 for a block whose every in-range lane may take the corrected quotients
// (fqParams.safe: see fqMake): no per-vector test.
TEXT ·fqeBlock512Safe(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ x+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ p+24(FP), AX
	FQELOAD
	KXNORW K1, K1, K1
	TESTQ CX, CX
	JLE fqsDone

fqsLoop:
	CMPQ CX, $16
	JGE  fqsBody
	FQETAIL

fqsBody:
	VMOVUPS.Z (SI), K1, Z0
	VSUBPS Z8, Z0, Z1
	VCMPPS $0x12, Z14, Z0, K2
	VCMPPS $0x1E, Z15, Z0, K3
	FQEQUOT
	FQEOUT
	ADDQ $64, SI
	ADDQ $64, DI
	SUBQ $16, CX
	JG   fqsLoop

fqsDone:
	VZEROUPPER
	RET

// func fqeBlock512(dst, x *float32, n int, p *fqParams)
// FakeQuantize over n >= 1 floats (dst may equal x): whole 16-float vectors, then a masked
// tail. Per lane a = x − il; q = round(a/d·lm1) (VRNDSCALEPS nearest even, as the
// reference's nearbyint); y = q/lm1·od + ol; x > mx → oh; x <= mn → ol (last, so it wins).
// The two quotients use Markstein's correction (q0 = a·(1/b), r = a − q0·b, q0 + r·(1/b),
// correctly rounded) unless a lane in range has !(|a| >= thr) (tiny a, NaN, or thr NaN for
// the block): that vector divides with VDIVPS (fqMake).
TEXT ·fqeBlock512(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ x+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ p+24(FP), AX
	FQELOAD // Z8 il, Z9 d, Z10 lm1, Z11 od, Z12 ol, Z13 oh, Z14 mn, Z15 mx, Z16 1/d, Z17 1/lm1, Z18 thr
	MOVL $0x7fffffff, AX
	VPBROADCASTD AX, Z19
	KXNORW K1, K1, K1
	TESTQ CX, CX
	JLE fqeDone

fqeLoop:
	CMPQ CX, $16
	JGE  fqeBody
	FQETAIL

fqeBody:
	VMOVUPS.Z (SI), K1, Z0
	VSUBPS Z8, Z0, Z1          // a
	VCMPPS $0x12, Z14, Z0, K2  // x <= mn (LE_OQ)
	VCMPPS $0x1E, Z15, Z0, K3  // x > mx (GT_OQ)
	KORW K2, K3, K4
	VPANDD Z19, Z1, Z2         // |a|
	VCMPPS $0x19, Z18, Z2, K5  // !(|a| >= thr) (NGE_UQ)
	KANDNW K5, K4, K5          // ... in range
	KANDW K1, K5, K5
	KORTESTW K5, K5
	JNZ fqeDiv
	FQEQUOT

fqeJoin:
	FQEOUT
	ADDQ $64, SI
	ADDQ $64, DI
	SUBQ $16, CX
	JG   fqeLoop

fqeDone:
	VZEROUPPER
	RET

fqeDiv:
	VDIVPS Z9, Z1, Z2
	VMULPS Z10, Z2, Z2
	VRNDSCALEPS $0, Z2, Z2
	VDIVPS Z10, Z2, Z3
	JMP fqeJoin

// SQFQPREBODY is one vector of sqFQPre512: x + bias (Z20), max(x, +0) (Z21) when RELU
// is its second line, then fqeBlock512Safe's FakeQuantize.
#define SQFQPREBODY(RELU) \
	VMOVUPS.Z (SI), K1, Z0 \
	VADDPS Z20, Z0, Z0 \
	RELU \
	VSUBPS Z8, Z0, Z1 \
	VCMPPS $0x12, Z14, Z0, K2 \
	VCMPPS $0x1E, Z15, Z0, K3 \
	FQEQUOT \
	FQEOUT

#define SQRELU VMAXPS Z21, Z0, Z0
#define SQNOP

// func sqFQPre512(dst, x *float32, n int, p *fqParams, bias float32, relu uint32)
// FakeQuantize(Relu?(x + bias)) over n >= 1 floats (dst may equal x) for a block whose
// constants are fqParams.safe, in registers: the operations, and so the bits, of the
// epilogue's AddChan (x + bias), Relu (x > 0 ? x : +0; VMAXPS returns its second operand
// +0 for NaN and for ±0) and fqeBlock512Safe run one after the other. bias −0 adds
// nothing (x + −0 = x for every x).
TEXT ·sqFQPre512(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ x+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ p+24(FP), AX
	VBROADCASTSS bias+32(FP), Z20
	MOVL relu+36(FP), DX
	FQELOAD
	VXORPS Z21, Z21, Z21
	KXNORW K1, K1, K1
	TESTQ CX, CX
	JLE sqpDone
	TESTL DX, DX
	JNZ sqpReluLoop

sqpLoop:
	CMPQ CX, $16
	JGE  sqpBody
	FQETAIL

sqpBody:
	SQFQPREBODY(SQNOP)
	ADDQ $64, SI
	ADDQ $64, DI
	SUBQ $16, CX
	JG   sqpLoop
	JMP  sqpDone

sqpReluLoop:
	CMPQ CX, $16
	JGE  sqpReluBody
	FQETAIL

sqpReluBody:
	SQFQPREBODY(SQRELU)
	ADDQ $64, SI
	ADDQ $64, DI
	SUBQ $16, CX
	JG   sqpReluLoop

sqpDone:
	VZEROUPPER
	RET
