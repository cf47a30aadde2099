//go:build amd64 && !purego

#include "textflag.h"

// Round 12 (pw): the W pass of narrow rows through lane permutes
// (pw_perm.go). Every row of at most 32 4-byte (16 8-byte) elements is
// loaded into two registers; each tap of the table (in tap order) selects
// the element every output lane reads by one VPERMI2 and folds it into the
// lane's accumulator with the strict update acc = x > acc ? x : acc
// (VMAXPS acc, x, acc in Go's operand order; exact for integers),
// merge-masked to the lanes for which the tap lies inside the row. Lanes
// no tap reaches keep lowest.
//
// func pwPermXXX(dst unsafe.Pointer, ds int, src unsafe.Pointer, sr, rows int, t *pwPerm)
// ds and sr are byte strides between rows; rows > 0; t.nt > 0.
// pwPerm layout: low 0..63, nt 64, ldLo 72, ldHi 74, st 76, msk 80 (32×2
// bytes), idx 144 (32×64 bytes).

TEXT ·pwPermF32(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ ds+8(FP), R8
	MOVQ src+16(FP), SI
	MOVQ sr+24(FP), R9
	MOVQ rows+32(FP), R11
	MOVQ t+40(FP), DX
	VMOVDQU32 0(DX), Z15
	MOVQ 64(DX), R12
	KMOVW 72(DX), K2
	KMOVW 74(DX), K3
	KMOVW 76(DX), K4
	LEAQ 80(DX), R13
	LEAQ 144(DX), R14
row:
	VMOVDQU32.Z 0(SI), K2, Z0
	VMOVDQU32.Z 64(SI), K3, Z1
	VMOVDQA64 Z15, Z2
	MOVQ R12, CX
	MOVQ R13, AX
	MOVQ R14, BX
tap:
	KMOVW (AX), K1
	VMOVDQU32 (BX), Z3
	VPERMI2PS Z1, Z0, Z3
	VMAXPS Z2, Z3, K1, Z2
	ADDQ $2, AX
	ADDQ $64, BX
	DECQ CX
	JNZ tap
	VMOVDQU32 Z2, K4, (DI)
	ADDQ R9, SI
	ADDQ R8, DI
	DECQ R11
	JNZ row
	VZEROUPPER
	RET

TEXT ·pwPermI32(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ ds+8(FP), R8
	MOVQ src+16(FP), SI
	MOVQ sr+24(FP), R9
	MOVQ rows+32(FP), R11
	MOVQ t+40(FP), DX
	VMOVDQU32 0(DX), Z15
	MOVQ 64(DX), R12
	KMOVW 72(DX), K2
	KMOVW 74(DX), K3
	KMOVW 76(DX), K4
	LEAQ 80(DX), R13
	LEAQ 144(DX), R14
row:
	VMOVDQU32.Z 0(SI), K2, Z0
	VMOVDQU32.Z 64(SI), K3, Z1
	VMOVDQA64 Z15, Z2
	MOVQ R12, CX
	MOVQ R13, AX
	MOVQ R14, BX
tap:
	KMOVW (AX), K1
	VMOVDQU32 (BX), Z3
	VPERMI2D Z1, Z0, Z3
	VPMAXSD Z2, Z3, K1, Z2
	ADDQ $2, AX
	ADDQ $64, BX
	DECQ CX
	JNZ tap
	VMOVDQU32 Z2, K4, (DI)
	ADDQ R9, SI
	ADDQ R8, DI
	DECQ R11
	JNZ row
	VZEROUPPER
	RET

TEXT ·pwPermU32(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ ds+8(FP), R8
	MOVQ src+16(FP), SI
	MOVQ sr+24(FP), R9
	MOVQ rows+32(FP), R11
	MOVQ t+40(FP), DX
	VMOVDQU32 0(DX), Z15
	MOVQ 64(DX), R12
	KMOVW 72(DX), K2
	KMOVW 74(DX), K3
	KMOVW 76(DX), K4
	LEAQ 80(DX), R13
	LEAQ 144(DX), R14
row:
	VMOVDQU32.Z 0(SI), K2, Z0
	VMOVDQU32.Z 64(SI), K3, Z1
	VMOVDQA64 Z15, Z2
	MOVQ R12, CX
	MOVQ R13, AX
	MOVQ R14, BX
tap:
	KMOVW (AX), K1
	VMOVDQU32 (BX), Z3
	VPERMI2D Z1, Z0, Z3
	VPMAXUD Z2, Z3, K1, Z2
	ADDQ $2, AX
	ADDQ $64, BX
	DECQ CX
	JNZ tap
	VMOVDQU32 Z2, K4, (DI)
	ADDQ R9, SI
	ADDQ R8, DI
	DECQ R11
	JNZ row
	VZEROUPPER
	RET

TEXT ·pwPermF64(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ ds+8(FP), R8
	MOVQ src+16(FP), SI
	MOVQ sr+24(FP), R9
	MOVQ rows+32(FP), R11
	MOVQ t+40(FP), DX
	VMOVDQU32 0(DX), Z15
	MOVQ 64(DX), R12
	KMOVW 72(DX), K2
	KMOVW 74(DX), K3
	KMOVW 76(DX), K4
	LEAQ 80(DX), R13
	LEAQ 144(DX), R14
row:
	VMOVDQU64.Z 0(SI), K2, Z0
	VMOVDQU64.Z 64(SI), K3, Z1
	VMOVDQA64 Z15, Z2
	MOVQ R12, CX
	MOVQ R13, AX
	MOVQ R14, BX
tap:
	KMOVW (AX), K1
	VMOVDQU32 (BX), Z3
	VPERMI2PD Z1, Z0, Z3
	VMAXPD Z2, Z3, K1, Z2
	ADDQ $2, AX
	ADDQ $64, BX
	DECQ CX
	JNZ tap
	VMOVDQU64 Z2, K4, (DI)
	ADDQ R9, SI
	ADDQ R8, DI
	DECQ R11
	JNZ row
	VZEROUPPER
	RET

TEXT ·pwPermI64(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ ds+8(FP), R8
	MOVQ src+16(FP), SI
	MOVQ sr+24(FP), R9
	MOVQ rows+32(FP), R11
	MOVQ t+40(FP), DX
	VMOVDQU32 0(DX), Z15
	MOVQ 64(DX), R12
	KMOVW 72(DX), K2
	KMOVW 74(DX), K3
	KMOVW 76(DX), K4
	LEAQ 80(DX), R13
	LEAQ 144(DX), R14
row:
	VMOVDQU64.Z 0(SI), K2, Z0
	VMOVDQU64.Z 64(SI), K3, Z1
	VMOVDQA64 Z15, Z2
	MOVQ R12, CX
	MOVQ R13, AX
	MOVQ R14, BX
tap:
	KMOVW (AX), K1
	VMOVDQU32 (BX), Z3
	VPERMI2Q Z1, Z0, Z3
	VPMAXSQ Z2, Z3, K1, Z2
	ADDQ $2, AX
	ADDQ $64, BX
	DECQ CX
	JNZ tap
	VMOVDQU64 Z2, K4, (DI)
	ADDQ R9, SI
	ADDQ R8, DI
	DECQ R11
	JNZ row
	VZEROUPPER
	RET

TEXT ·pwPermU64(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ ds+8(FP), R8
	MOVQ src+16(FP), SI
	MOVQ sr+24(FP), R9
	MOVQ rows+32(FP), R11
	MOVQ t+40(FP), DX
	VMOVDQU32 0(DX), Z15
	MOVQ 64(DX), R12
	KMOVW 72(DX), K2
	KMOVW 74(DX), K3
	KMOVW 76(DX), K4
	LEAQ 80(DX), R13
	LEAQ 144(DX), R14
row:
	VMOVDQU64.Z 0(SI), K2, Z0
	VMOVDQU64.Z 64(SI), K3, Z1
	VMOVDQA64 Z15, Z2
	MOVQ R12, CX
	MOVQ R13, AX
	MOVQ R14, BX
tap:
	KMOVW (AX), K1
	VMOVDQU32 (BX), Z3
	VPERMI2Q Z1, Z0, Z3
	VPMAXUQ Z2, Z3, K1, Z2
	ADDQ $2, AX
	ADDQ $64, BX
	DECQ CX
	JNZ tap
	VMOVDQU64 Z2, K4, (DI)
	ADDQ R9, SI
	ADDQ R8, DI
	DECQ R11
	JNZ row
	VZEROUPPER
	RET
