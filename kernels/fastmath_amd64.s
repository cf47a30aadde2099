//go:build amd64 && !purego

#include "textflag.h"

// AVX2 + FMA bodies of FastExpF32 (fastmath.go): 8 float32 per step, n a multiple of 8.
// feC holds each constant broadcast to a full vector.

#define FEVEC(off, v) \
	DATA feC<>+(off+0)(SB)/4, $v; DATA feC<>+(off+4)(SB)/4, $v; \
	DATA feC<>+(off+8)(SB)/4, $v; DATA feC<>+(off+12)(SB)/4, $v; \
	DATA feC<>+(off+16)(SB)/4, $v; DATA feC<>+(off+20)(SB)/4, $v; \
	DATA feC<>+(off+24)(SB)/4, $v; DATA feC<>+(off+28)(SB)/4, $v

FEVEC(0, 0x3fb8aa3b)   // log2 e
FEVEC(32, 0x3f318000)  // ln2 hi
FEVEC(64, 0xb95e8083)  // ln2 lo
FEVEC(96, 0x39506967)  // P0
FEVEC(128, 0x3ab743ce) // P1
FEVEC(160, 0x3c088908) // P2
FEVEC(192, 0x3d2aa9c1) // P3
FEVEC(224, 0x3e2aaaaa) // P4
FEVEC(256, 0x3f000000) // P5
FEVEC(288, 0x3f800000) // 1.0
FEVEC(320, 0x0000007f) // 127 (int)
FEVEC(352, 0x80000000) // sign bit
FEVEC(384, 0xc2d00000) // -104
FEVEC(416, 0x42b20000) // 89
FEVEC(448, 0x3e2aaaab) // 1/3!  (Elu's e^x − 1 near 0, os_elu.go; 1/2 is P5)
FEVEC(480, 0x3d2aaaab) // 1/4!
FEVEC(512, 0x3c088889) // 1/5!
FEVEC(544, 0x3ab60b61) // 1/6!
FEVEC(576, 0x39500d01) // 1/7!
FEVEC(608, 0x37d00d01) // 1/8!
FEVEC(640, 0xbf000000) // -0.5
GLOBL feC<>(SB), RODATA|NOPTR, $672

// FEEXPPARTS: exp(Y0) = Y2·Y3·Y1 (Y2 = e^r, Y3 and Y1 powers of two, multiplied in this
// order so a result below the normal range is rounded once; Y1 = 0 below -104, where e^x
// rounds to 0, so m·Y2·Y3·Y1 is ±0, or NaN for an infinite m as in the reference);
// clobbers Y0, Y8. Needs Y12 = 1, Y13 = 89, Y14 = -104. VMAXPS/VMINPS take x as the Intel
// second source, so a NaN x passes through.
#define FEEXPPARTS \
	VCMPPS $1, Y14, Y0, Y8; \
	VMAXPS Y0, Y14, Y0; \
	VMINPS Y0, Y13, Y0; \
	VMULPS feC<>+0(SB), Y0, Y1; \
	VROUNDPS $0, Y1, Y1; \
	VFNMADD231PS feC<>+32(SB), Y1, Y0; \
	VFNMADD231PS feC<>+64(SB), Y1, Y0; \
	VMOVUPS feC<>+96(SB), Y2; \
	VFMADD213PS feC<>+128(SB), Y0, Y2; \
	VFMADD213PS feC<>+160(SB), Y0, Y2; \
	VFMADD213PS feC<>+192(SB), Y0, Y2; \
	VFMADD213PS feC<>+224(SB), Y0, Y2; \
	VFMADD213PS feC<>+256(SB), Y0, Y2; \
	VMULPS Y0, Y0, Y3; \
	VFMADD213PS Y0, Y3, Y2; \
	VADDPS Y12, Y2, Y2; \
	VCVTPS2DQ Y1, Y1; \
	VPSRAD $1, Y1, Y3; \
	VPSUBD Y3, Y1, Y1; \
	VPADDD feC<>+320(SB), Y3, Y3; \
	VPSLLD $23, Y3, Y3; \
	VPADDD feC<>+320(SB), Y1, Y1; \
	VPSLLD $23, Y1, Y1; \
	VANDNPS Y1, Y8, Y1

// FEEXP: Y0 = exp(Y0); clobbers Y1-Y3.
#define FEEXP \
	FEEXPPARTS; \
	VMULPS Y3, Y2, Y0; \
	VMULPS Y1, Y0, Y0

// geC: the Gelu constants (fastgelu.go); GEVEC64 broadcasts a float64 to 4 lanes, GEVEC32
// a float32 to 8.
#define GEVEC64(off, v) \
	DATA geC<>+(off+0)(SB)/8, $v; DATA geC<>+(off+8)(SB)/8, $v; \
	DATA geC<>+(off+16)(SB)/8, $v; DATA geC<>+(off+24)(SB)/8, $v

#define GEVEC32(off, v) \
	DATA geC<>+(off+0)(SB)/4, $v; DATA geC<>+(off+4)(SB)/4, $v; \
	DATA geC<>+(off+8)(SB)/4, $v; DATA geC<>+(off+12)(SB)/4, $v; \
	DATA geC<>+(off+16)(SB)/4, $v; DATA geC<>+(off+20)(SB)/4, $v; \
	DATA geC<>+(off+24)(SB)/4, $v; DATA geC<>+(off+28)(SB)/4, $v

GEVEC64(0, 0x3ff0000000000000)   // 1.0
GEVEC64(32, 0x3fd0000000000000)  // geK = 0.25
GEVEC64(64, 0x3fe0000000000000)  // 0.5
GEVEC64(96, 0xbedf1ec1d8502754)  // R0
GEVEC64(128, 0x3fb993c75016d0f0) // R1
GEVEC64(160, 0x3fb911cb8a903bec) // R2
GEVEC64(192, 0x3fbaa77520347d32) // R3
GEVEC64(224, 0x3fa57a3c93fdd7f0) // R4
GEVEC64(256, 0x3fc405e11ceb4f0f) // R5
GEVEC64(288, 0xbfb8b0b70bfd9503) // R6
GEVEC64(320, 0x3fc2342c7375f824) // R7
GEVEC64(352, 0xbf98a91dc93ce9e6) // R8
GEVEC64(384, 0xbfa13e622eb4ed96) // R9
GEVEC64(416, 0x3f87e3559fe5da11) // R10
GEVEC64(448, 0x3ff9884533d43651) // geTanhC1
GEVEC64(480, 0x3fb2444f2a4d8b4b) // geTanhC2
GEVEC64(512, 0x405e000000000000) // 120
GEVEC64(544, 0xc05e000000000000) // -120
GEVEC32(576, 0x7fffffff)         // abs mask
GEVEC32(608, 0x41680000)         // geClamp = 14.5
GEVEC32(640, 0xbf000000)         // -0.5
GLOBL geC<>(SB), RODATA|NOPTR, $672

// GERHALF: Y11 = R(a)·(1 − lo/2)·s in float64 for 4 lanes: a in X9 (float32), lo in X7's
// lanes given as X10, s in X1's lanes given as X0 (all float32, converted here);
// clobbers Y9, Y10. Needs Y15 = 1.0 (float64).
#define GERHALF(aX, loX, sX) \
	VCVTPS2PD aX, Y9; \
	VMOVAPD Y15, Y10; \
	VFMADD231PD geC<>+32(SB), Y9, Y10; \
	VDIVPD Y10, Y15, Y10; \
	VMOVUPD geC<>+416(SB), Y11; \
	VFMADD213PD geC<>+384(SB), Y10, Y11; \
	VFMADD213PD geC<>+352(SB), Y10, Y11; \
	VFMADD213PD geC<>+320(SB), Y10, Y11; \
	VFMADD213PD geC<>+288(SB), Y10, Y11; \
	VFMADD213PD geC<>+256(SB), Y10, Y11; \
	VFMADD213PD geC<>+224(SB), Y10, Y11; \
	VFMADD213PD geC<>+192(SB), Y10, Y11; \
	VFMADD213PD geC<>+160(SB), Y10, Y11; \
	VFMADD213PD geC<>+128(SB), Y10, Y11; \
	VFMADD213PD geC<>+96(SB), Y10, Y11; \
	VCVTPS2PD loX, Y9; \
	VMULPD geC<>+64(SB), Y9, Y9; \
	VFNMADD231PD Y9, Y11, Y11; \
	VCVTPS2PD sX, Y9; \
	VMULPD Y9, Y11, Y11

// GETHALF: z = x·(C1 + C2·x²) in float64 for the 4 float32 lanes of xX, clamped to
// ±120 (NaN kept), split into hiX = fl32(z) and loX = fl32(z − hi); clobbers Y9-Y11.
#define GETHALF(xX, hiX, hiY, loX) \
	VCVTPS2PD xX, Y9; \
	VMULPD Y9, Y9, Y10; \
	VMOVUPD geC<>+448(SB), Y11; \
	VFMADD231PD geC<>+480(SB), Y10, Y11; \
	VMULPD Y9, Y11, Y11; \
	VMOVUPD geC<>+512(SB), Y10; \
	VMINPD Y11, Y10, Y11; \
	VMOVUPD geC<>+544(SB), Y10; \
	VMAXPD Y11, Y10, Y11; \
	VCVTPD2PSY Y11, hiX; \
	VCVTPS2PD hiX, Y10; \
	VSUBPD Y10, Y11, Y10; \
	VCVTPD2PSY Y10, loX

// func feExpAVX2(dst, src *float32, n int, kind int, beta float32)
TEXT ·feExpAVX2(SB), NOSPLIT, $0-36
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ kind+24(FP), DX
	VBROADCASTSS beta+32(FP), Y15
	VMOVUPS feC<>+288(SB), Y12
	VMOVUPS feC<>+416(SB), Y13
	VMOVUPS feC<>+384(SB), Y14
	VXORPS Y11, Y11, Y11
	SHRQ $3, CX
	JEQ done
	CMPQ DX, $1
	JEQ sigmoid
	CMPQ DX, $2
	JEQ swish
	CMPQ DX, $3
	JEQ relu
	CMPQ DX, $7
	JEQ geluerf
	CMPQ DX, $8
	JEQ gelutanh
	CMPQ DX, $9
	JEQ elu

exp:
	VMOVUPS (SI), Y0
	FEEXP
	VMOVUPS Y0, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JNE exp
	JMP done

sigmoid:
	// e = exp(-|x|); x >= 0: 1/(1+e), else e/(1+e) (no overflow for large -x).
	VMOVUPS (SI), Y4
	VORPS feC<>+352(SB), Y4, Y0
	FEEXP
	VADDPS Y12, Y0, Y5
	VBLENDVPS Y4, Y0, Y12, Y6
	VDIVPS Y5, Y6, Y0
	VMOVUPS Y0, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JNE sigmoid
	JMP done

swish:
	// e = exp(-|βx|); βx >= 0: x/(1+e), else x·e/(1+e) with x·e scaled last (accurate
	// where e alone would be subnormal).
	VMOVUPS (SI), Y4
	VMULPS Y15, Y4, Y7
	VORPS feC<>+352(SB), Y7, Y0
	FEEXPPARTS
	VMULPS Y4, Y2, Y6
	VMULPS Y3, Y2, Y0
	VMULPS Y1, Y0, Y0
	VMULPS Y3, Y6, Y6
	VMULPS Y1, Y6, Y6
	VADDPS Y12, Y0, Y5
	VBLENDVPS Y7, Y6, Y4, Y6
	VDIVPS Y5, Y6, Y0
	VMOVUPS Y0, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JNE swish
	JMP done

relu:
	VMOVUPS (SI), Y4
	VMAXPS Y11, Y4, Y0
	VMOVUPS Y0, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JNE relu
	JMP done

geluerf:
	// a = min(|x|, 14.5); a² = hi + lo exactly; m = R(a)·(1 − lo/2)·(x < 0 ? x : 1) in
	// float64; q = m·e^{−hi/2}; x < 0: q, else x·(1 − q).
	VMOVUPD geC<>+0(SB), Y15
	VMOVUPS (SI), Y4
	VANDPS geC<>+576(SB), Y4, Y5
	VMOVUPS geC<>+608(SB), Y6
	VMINPS Y5, Y6, Y5
	VMULPS Y5, Y5, Y6
	VMOVAPS Y6, Y7
	VFMSUB231PS Y5, Y5, Y7
	VBLENDVPS Y4, Y4, Y12, Y1
	GERHALF(X5, X7, X1)
	VCVTPD2PSY Y11, X2
	VEXTRACTF128 $1, Y5, X5
	VEXTRACTF128 $1, Y7, X7
	VEXTRACTF128 $1, Y1, X1
	GERHALF(X5, X7, X1)
	VCVTPD2PSY Y11, X3
	VINSERTF128 $1, X3, Y2, Y5
	VMULPS geC<>+640(SB), Y6, Y0
	FEEXPPARTS
	VMULPS Y2, Y5, Y5
	VMULPS Y3, Y5, Y5
	VMULPS Y1, Y5, Y5
	VSUBPS Y5, Y12, Y6
	VMULPS Y4, Y6, Y6
	VBLENDVPS Y4, Y5, Y6, Y0
	VMOVUPS Y0, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JNE geluerf
	JMP done

gelutanh:
	// z = hi + lo (float64 split); e = e^{−|hi|}; z ≥ 0: x/(1+e), else
	// (x + x·lo)·e/(1+e) (e scaled last, as in swish).
	VMOVUPS (SI), Y4
	GETHALF(X4, X2, Y2, X3)
	VEXTRACTF128 $1, Y4, X5
	GETHALF(X5, X0, Y0, X1)
	VINSERTF128 $1, X0, Y2, Y5
	VINSERTF128 $1, X1, Y3, Y6
	VMOVAPS Y4, Y7
	VFMADD231PS Y6, Y4, Y7
	VORPS feC<>+352(SB), Y5, Y0
	FEEXPPARTS
	VMULPS Y7, Y2, Y7
	VMULPS Y3, Y2, Y0
	VMULPS Y1, Y0, Y0
	VMULPS Y3, Y7, Y7
	VMULPS Y1, Y7, Y7
	VADDPS Y12, Y0, Y0
	VBLENDVPS Y5, Y7, Y4, Y6
	VDIVPS Y0, Y6, Y0
	VMOVUPS Y0, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JNE gelutanh
	JMP done

elu:
	// x < 0: β·(x > −1/2 ? x + x²·(1/2! + x(1/3! + … + x/8!)) : e^x − 1), else x (os_elu.go).
	VMOVUPS (SI), Y4
	VMOVAPS Y4, Y0
	FEEXP
	VSUBPS Y12, Y0, Y5
	VMOVUPS feC<>+608(SB), Y6
	VFMADD213PS feC<>+576(SB), Y4, Y6
	VFMADD213PS feC<>+544(SB), Y4, Y6
	VFMADD213PS feC<>+512(SB), Y4, Y6
	VFMADD213PS feC<>+480(SB), Y4, Y6
	VFMADD213PS feC<>+448(SB), Y4, Y6
	VFMADD213PS feC<>+256(SB), Y4, Y6
	VMULPS Y4, Y4, Y7
	VFMADD213PS Y4, Y7, Y6
	VCMPPS $1, feC<>+640(SB), Y4, Y8
	VBLENDVPS Y8, Y5, Y6, Y6
	VMULPS Y15, Y6, Y6
	VCMPPS $1, Y11, Y4, Y8
	VBLENDVPS Y8, Y6, Y4, Y0
	VMOVUPS Y0, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JNE elu
	JMP done

done:
	VZEROUPPER
	RET
