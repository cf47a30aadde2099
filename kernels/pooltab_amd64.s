//go:build amd64 && !purego

#include "textflag.h"

// Tap-table max folds (see poolTabMaxGo in pooltab.go for the definition).
// Output element e folds cnt[e] taps src[off[e] + t·ts], t = 0, 1, …, in
// order, in a register: one stream over a whole block of outputs whatever
// its row width, each vector of 16 (4-byte) or 8 (8-byte) outputs gathering
// tap t of its lanes (VPGATHERDD/VPGATHERDQ at off, base pointer + t·ts),
// lanes whose count is exhausted masked off (cnt > t). The values fold uses
// VMAXPS/VPMAX* under that mask (x > acc ? x : acc, NaN never taken); the
// indexed folds compare x > acc (VCMPPS GT_OQ / VPCMP NLE), i.e. the strict
// ">" update, and blend the value and its index: i0 + off + t·ts (mode 1) or
// the index stored with the source, si[off + t·ts] (mode 2, gathered only
// for the lanes that change).
//
// Registers: DI dst, DX di, SI src, BX si, R8 off, R9 cnt, CX outputs left,
// R13 value tap stride in bytes, R12 index tap stride in bytes (ts·4), R14
// taps (the largest count), R10/R11 tap pointers, R15 tap counter; K1 lanes
// of the vector, K2 active lanes, K4 lanes updated, K5 = load ? ~0 : 0, K7
// all lanes; Z0 acc, Z1 gathered taps, Z2 off, Z3 cnt, Z4 acc index, Z6 lin
// index, Z7 t, Z12 ones, Z13 ts, Z14 i0, Z15 init.

// (dst unsafe.Pointer, di *int32, src unsafe.Pointer, si *int32, off, cnt *int32, n, ts, taps int, init uint64, load bool, mode int, i0 int32)
#define PTAB_ARGS(SHV) \
	MOVQ dst+0(FP), DI; \
	MOVQ di+8(FP), DX; \
	MOVQ src+16(FP), SI; \
	MOVQ si+24(FP), BX; \
	MOVQ off+32(FP), R8; \
	MOVQ cnt+40(FP), R9; \
	MOVQ n+48(FP), CX; \
	MOVQ ts+56(FP), R13; \
	MOVQ R13, R12; \
	SHLQ $SHV, R13; \
	SHLQ $2, R12; \
	MOVQ taps+64(FP), R14; \
	MOVBLZX load+80(FP), AX; \
	NEGQ AX; \
	KMOVQ AX, K5; \
	MOVQ $-1, AX; \
	KMOVQ AX, K7; \
	VPBROADCASTD ts+56(FP), Z13; \
	VPBROADCASTD i0+96(FP), Z14; \
	MOVL $1, AX; \
	VPBROADCASTD AX, Z12; \
	MOVQ mode+88(FP), AX

// No index.
#define PTAB_NOP NOP

// One stream of 4-byte outputs. INITX runs once per vector after Z0 is
// loaded (K2 = load lanes), UPD folds the gathered Z1 into the lanes K2,
// STEPX advances per tap, STOREX stores the index vector.
#define PTAB32(Lvec, Lfull, Lgo, Ltap, Lstore, Ldone, INITX, UPD, STEPX, STOREX) \
Lvec: \
	CMPQ CX, $16; \
	JGE Lfull; \
	MOVQ $1, AX; \
	SHLQ CX, AX; \
	DECQ AX; \
	KMOVW AX, K1; \
	JMP Lgo; \
Lfull: \
	KMOVW K7, K1; \
Lgo: \
	VMOVDQU32.Z (R8), K1, Z2; \
	VMOVDQU32.Z (R9), K1, Z3; \
	VMOVDQA32 Z15, Z0; \
	KANDW K5, K1, K2; \
	VMOVDQU32 (DI), K2, Z0; \
	INITX; \
	VPXORD Z7, Z7, Z7; \
	MOVQ SI, R10; \
	MOVQ BX, R11; \
	MOVQ R14, R15; \
	TESTQ R15, R15; \
	JLE Lstore; \
Ltap: \
	VPCMPD $6, Z7, Z3, K1, K2; \
	KORTESTW K2, K2; \
	JZ Lstore; \
	KMOVW K2, K3; \
	VPGATHERDD (R10)(Z2*4), K3, Z1; \
	UPD; \
	STEPX; \
	VPADDD Z12, Z7, Z7; \
	ADDQ R13, R10; \
	ADDQ R12, R11; \
	DECQ R15; \
	JNZ Ltap; \
Lstore: \
	VMOVDQU32 Z0, K1, (DI); \
	STOREX; \
	ADDQ $64, DI; \
	ADDQ $64, DX; \
	ADDQ $64, R8; \
	ADDQ $64, R9; \
	SUBQ $16, CX; \
	JG Lvec; \
Ldone: \
	VZEROUPPER; \
	RET

#define PTAB32_IDXINIT VPXORD Z4, Z4, Z4; VMOVDQU32 (DX), K2, Z4
#define PTAB32_LININIT PTAB32_IDXINIT; VPADDD Z14, Z2, Z6
#define PTAB32_LINSTEP VPADDD Z13, Z6, Z6
#define PTAB32_IDXSTORE VMOVDQU32 Z4, K1, (DX)
#define PTAB32_LINUPD(CMPX) CMPX; VMOVDQA32 Z1, K4, Z0; VMOVDQA32 Z6, K4, Z4
#define PTAB32_SIUPD(CMPX) CMPX; VMOVDQA32 Z1, K4, Z0; KMOVW K4, K3; VPGATHERDD (R11)(Z2*4), K3, Z4

#define PTAB_CMPF32 VCMPPS $0x1e, Z0, Z1, K2, K4
#define PTAB_CMPI32 VPCMPD $6, Z0, Z1, K2, K4
#define PTAB_CMPU32 VPCMPUD $6, Z0, Z1, K2, K4

#define PTAB_FN32(MAXOP, CMPX) \
	PTAB_ARGS(2); \
	VPBROADCASTD init+72(FP), Z15; \
	CMPQ AX, $1; \
	JEQ lin; \
	CMPQ AX, $2; \
	JEQ sidx; \
	PTAB32(vvec, vfull, vgo, vtap, vstore, vdone, PTAB_NOP, MAXOP, PTAB_NOP, PTAB_NOP); \
lin: \
	PTAB32(lvec, lfull, lgo, ltap, lstore, ldone, PTAB32_LININIT, PTAB32_LINUPD(CMPX), PTAB32_LINSTEP, PTAB32_IDXSTORE); \
sidx: \
	PTAB32(svec, sfull, sgo, stap, sstore, sdone, PTAB32_IDXINIT, PTAB32_SIUPD(CMPX), PTAB_NOP, PTAB32_IDXSTORE)

// One stream of 8-byte outputs: 8 lanes, offsets, counts and indices in
// YMM registers.
#define PTAB64(Lvec, Lfull, Lgo, Ltap, Lstore, Ldone, INITX, UPD, STEPX, STOREX) \
Lvec: \
	CMPQ CX, $8; \
	JGE Lfull; \
	MOVQ $1, AX; \
	SHLQ CX, AX; \
	DECQ AX; \
	KMOVB AX, K1; \
	JMP Lgo; \
Lfull: \
	KMOVB K7, K1; \
Lgo: \
	VMOVDQU32.Z (R8), K1, Y2; \
	VMOVDQU32.Z (R9), K1, Y3; \
	VMOVDQA64 Z15, Z0; \
	KANDB K5, K1, K2; \
	VMOVDQU64 (DI), K2, Z0; \
	INITX; \
	VPXORD Y7, Y7, Y7; \
	MOVQ SI, R10; \
	MOVQ BX, R11; \
	MOVQ R14, R15; \
	TESTQ R15, R15; \
	JLE Lstore; \
Ltap: \
	VPCMPD $6, Y7, Y3, K1, K2; \
	KORTESTB K2, K2; \
	JZ Lstore; \
	KMOVB K2, K3; \
	VPGATHERDQ (R10)(Y2*8), K3, Z1; \
	UPD; \
	STEPX; \
	VPADDD Y12, Y7, Y7; \
	ADDQ R13, R10; \
	ADDQ R12, R11; \
	DECQ R15; \
	JNZ Ltap; \
Lstore: \
	VMOVDQU64 Z0, K1, (DI); \
	STOREX; \
	ADDQ $64, DI; \
	ADDQ $32, DX; \
	ADDQ $32, R8; \
	ADDQ $32, R9; \
	SUBQ $8, CX; \
	JG Lvec; \
Ldone: \
	VZEROUPPER; \
	RET

#define PTAB64_IDXINIT VPXORD Y4, Y4, Y4; VMOVDQU32 (DX), K2, Y4
#define PTAB64_LININIT PTAB64_IDXINIT; VPADDD Y14, Y2, Y6
#define PTAB64_LINSTEP VPADDD Y13, Y6, Y6
#define PTAB64_IDXSTORE VMOVDQU32 Y4, K1, (DX)
#define PTAB64_LINUPD(CMPX) CMPX; VMOVDQA64 Z1, K4, Z0; VMOVDQA32 Y6, K4, Y4
#define PTAB64_SIUPD(CMPX) CMPX; VMOVDQA64 Z1, K4, Z0; KMOVB K4, K3; VPGATHERDD (R11)(Y2*4), K3, Y4

#define PTAB_CMPF64 VCMPPD $0x1e, Z0, Z1, K2, K4
#define PTAB_CMPI64 VPCMPQ $6, Z0, Z1, K2, K4
#define PTAB_CMPU64 VPCMPUQ $6, Z0, Z1, K2, K4

#define PTAB_FN64(MAXOP, CMPX) \
	PTAB_ARGS(3); \
	VPBROADCASTQ init+72(FP), Z15; \
	CMPQ AX, $1; \
	JEQ lin; \
	CMPQ AX, $2; \
	JEQ sidx; \
	PTAB64(vvec, vfull, vgo, vtap, vstore, vdone, PTAB_NOP, MAXOP, PTAB_NOP, PTAB_NOP); \
lin: \
	PTAB64(lvec, lfull, lgo, ltap, lstore, ldone, PTAB64_LININIT, PTAB64_LINUPD(CMPX), PTAB64_LINSTEP, PTAB64_IDXSTORE); \
sidx: \
	PTAB64(svec, sfull, sgo, stap, sstore, sdone, PTAB64_IDXINIT, PTAB64_SIUPD(CMPX), PTAB_NOP, PTAB64_IDXSTORE)

#define PTAB_MAXPS VMAXPS Z0, Z1, K2, Z0
#define PTAB_MAXSD VPMAXSD Z1, Z0, K2, Z0
#define PTAB_MAXUD VPMAXUD Z1, Z0, K2, Z0
#define PTAB_MAXPD VMAXPD Z0, Z1, K2, Z0
#define PTAB_MAXSQ VPMAXSQ Z1, Z0, K2, Z0
#define PTAB_MAXUQ VPMAXUQ Z1, Z0, K2, Z0

// func poolTabF32(dst unsafe.Pointer, di *int32, src unsafe.Pointer, si *int32, off, cnt *int32, n, ts, taps int, init uint64, load bool, mode int, i0 int32)
TEXT ·poolTabF32(SB), NOSPLIT, $0-100
	PTAB_FN32(PTAB_MAXPS, PTAB_CMPF32)

TEXT ·poolTabI32(SB), NOSPLIT, $0-100
	PTAB_FN32(PTAB_MAXSD, PTAB_CMPI32)

TEXT ·poolTabU32(SB), NOSPLIT, $0-100
	PTAB_FN32(PTAB_MAXUD, PTAB_CMPU32)

TEXT ·poolTabF64(SB), NOSPLIT, $0-100
	PTAB_FN64(PTAB_MAXPD, PTAB_CMPF64)

TEXT ·poolTabI64(SB), NOSPLIT, $0-100
	PTAB_FN64(PTAB_MAXSQ, PTAB_CMPI64)

TEXT ·poolTabU64(SB), NOSPLIT, $0-100
	PTAB_FN64(PTAB_MAXUQ, PTAB_CMPU64)

#define PTAB_ADDPS VADDPS Z1, Z0, K2, Z0
#define PTAB_ADDPD VADDPD Z1, Z0, K2, Z0

// func poolTabAddF32(dst unsafe.Pointer, di *int32, src unsafe.Pointer, si *int32, off, cnt *int32, n, ts, taps int, init uint64, load bool, mode int, i0 int32)
// acc = load ? dst : init; acc += taps in order (mode 0 only).
TEXT ·poolTabAddF32(SB), NOSPLIT, $0-100
	PTAB_ARGS(2)
	VPBROADCASTD init+72(FP), Z15
	PTAB32(vvec, vfull, vgo, vtap, vstore, vdone, PTAB_NOP, PTAB_ADDPS, PTAB_NOP, PTAB_NOP)

TEXT ·poolTabAddF64(SB), NOSPLIT, $0-100
	PTAB_ARGS(3)
	VPBROADCASTQ init+72(FP), Z15
	PTAB64(vvec, vfull, vgo, vtap, vstore, vdone, PTAB_NOP, PTAB_ADDPD, PTAB_NOP, PTAB_NOP)
