package kernels

import "math"

// Fast float32 transcendental kernels for the fast paths of the activations (the
// reference kernels in unary.go compute in float64 through math.Exp and stay the
// oracle).
//
// feExp is exp(x) in float32 arithmetic: n = round(x·log2 e), r = x − n·ln 2 (two-part
// Cody–Waite constant), e^r by Cephes' degree-7 polynomial (expf.c), scaled by 2^n as
// two exact power-of-two multiplications (so results in the subnormal range are rounded
// once and overflow gives +Inf). Gelu's fast forms (fastgelu.go) compute the parts that
// need more than float32 precision (the tanh form's argument 0.0713·x³ before exp, where
// float32 costs 200+ ulp near x = −10; the erf form's tail polynomial) in float64 and
// avoid the reference's cancellation of 1 + erf for x ≪ 0. Inputs below −104 give 0 (e^−104 rounds to 0), inputs
// are clamped to 89 (e^89 overflows, so the clamp changes no result); NaN stays NaN.
//
// Error (TestFastExpSweep: every 257th float32 bit pattern in [−120, 120] plus the
// specials, on the Go and the AVX2 path, against float64 math): exp at most 1.01 ulp where
// the result is a normal float32; Sigmoid, Swish, Mish, Tanh and SoftPlus stay
// within the few ulp listed in fastmath_test.go (feCases); a result below the normal range
// (|y| < 2^−126) has an absolute error below 2^−126. Relu is exact. The AVX2 path
// (fastmath_amd64.s) uses FMA and may differ from the Go path by an ulp or two, within the
// same bounds.

const (
	feLog2e = 1.44269504088896341
	feLn2Hi = 0.693359375
	feLn2Lo = -2.12194440e-4
	feExpLo = -104
	feExpHi = 89
	feP0    = 1.9875691500e-4
	feP1    = 1.3981999507e-3
	feP2    = 8.3334519073e-3
	feP3    = 4.1665795894e-2
	feP4    = 1.6666665459e-1
	feP5    = 5.0000001201e-1
)

// feExp is the portable definition of the fast exp (see above).
func feExp(x float32) float32 { return feMulExp(1, x) }

// feMulExp is m·e^x with m multiplied in before the power-of-two scaling, so the product
// is accurate where e^x alone would be subnormal.
func feMulExp(m, x float32) float32 {
	if x != x {
		return x
	}
	if x < feExpLo {
		return m * 0 // e^x rounds to 0 (NaN for an infinite m, as the reference's Inf/Inf)
	}
	x = min(x, feExpHi)
	// Round to nearest even by adding and removing 1.5·2^23 (|x·log2 e| < 2^22).
	t := x*feLog2e + 12582912
	t -= 12582912
	r := x - t*feLn2Hi
	r = r - t*feLn2Lo
	p := float32(feP0)
	p = p*r + feP1
	p = p*r + feP2
	p = p*r + feP3
	p = p*r + feP4
	p = p*r + feP5
	y := p*(r*r) + r + 1
	n := int32(t)
	n1 := n >> 1
	n2 := n - n1
	y = m * y
	y *= math.Float32frombits(uint32(n1+127) << 23)
	return y * math.Float32frombits(uint32(n2+127)<<23)
}

// feSigmoid is 1 / (1 + exp(−x)), computed as 1/(1+e) for x ≥ 0 and e/(1+e) below, with
// e = exp(−|x|) (no overflow, accurate tiny results).
func feSigmoid(x float32) float32 { return feXSigmoid(1, x) }

// feXSigmoid is x·sigmoid(z) = x/(1 + exp(−z)) with one rounding of the division.
func feXSigmoid(x, z float32) float32 {
	a := math.Float32frombits(math.Float32bits(z) | 1<<31)
	e := feExp(a)
	if math.Float32bits(z)>>31 != 0 {
		return feMulExp(x, a) / (1 + e)
	}
	return x / (1 + e)
}

// feSwish is x / (1 + exp(−x·β)).
func feSwish(x, beta float32) float32 { return feXSigmoid(x, x*beta) }

// feRelu is x > 0 ? x : 0 without a data-dependent branch (NaN and −0 give +0).
func feRelu(x float32) float32 {
	u := math.Float32bits(x)
	// keep iff 0 < u <= bits(+Inf): positive, not +0, not NaN.
	mask := uint32((int64(u-1) - 0x7f800000) >> 63)
	return math.Float32frombits(u & mask)
}

// feTanh is Cephes' tanhf: an odd polynomial below |x| = 0.625, else
// 1 − 2/(e^{2|x|} + 1) with x's sign.
func feTanh(x float32) float32 {
	if x != x {
		return x
	}
	a := x
	if a < 0 {
		a = -a
	}
	if a < 0.625 {
		z := x * x
		p := float32(-5.70498872745e-3)
		p = p*z + 2.06390887954e-2
		p = p*z - 5.37397155531e-2
		p = p*z + 1.33314422036e-1
		p = p*z - 3.33332819422e-1
		return p*z*x + x
	}
	y := 1 - 2/(feExp(2*a)+1)
	if x < 0 {
		return -y
	}
	return y
}

// feMish is x·tanh(softplus(x)) = x·n/(n + 2) with n = e^x·(e^x + 2), which needs no log
// and does not cancel; above x = 20 tanh(softplus(x)) rounds to 1.
func feMish(x float32) float32 {
	if x > 20 {
		return x
	}
	if x < -64 {
		if x < -110 {
			return x * 0 // −0 (NaN for −Inf, the reference's −Inf·0)
		}
		// mish = x·e^x to float32 precision here.
		return feMulExp(x, x)
	}
	u := feExp(x)
	n := u * (u + 2)
	return x * n / (n + 2)
}

// feSoftPlus is max(x, 0) + log1p(exp(−|x|)) (the log in float64).
func feSoftPlus(x float32) float32 {
	if x != x {
		return x
	}
	a := x
	if a < 0 {
		a = -a
	}
	return max(x, 0) + float32(math.Log1p(float64(feExp(-a))))
}

// FastExpKind selects the function FastExpF32 computes.
type FastExpKind uint8

const (
	FastExp      FastExpKind = iota // e^x
	FastSigmoid                     // 1/(1+e^−x)
	FastSwish                       // x/(1+e^−βx)
	FastRelu                        // x > 0 ? x : 0 (exact)
	FastTanh                        // tanh x
	FastMish                        // x·tanh(softplus x)
	FastSoftPlus                    // log(1+e^x)
	FastGeluErf                     // x·Φ(x) = ½x(1+erf(x/√2)), fastgelu.go
	FastGeluTanh                    // ½x(1+tanh(√(2/π)(x+0.044715x³))), fastgelu.go
	FastElu                         // x < 0 ? β(e^x − 1) : x, os_elu.go
)

// feHasAsm reports whether the assembly body computes kind.
func feHasAsm(kind FastExpKind) bool {
	return kind <= FastRelu || kind == FastGeluErf || kind == FastGeluTanh || kind == FastElu
}

// FastExpF32 computes kind over min(len(dst), len(src)) elements: dst[i] = f(src[i])
// (beta is Swish's β, unused otherwise). dst may alias src. Exp, Sigmoid, Swish, Relu and
// both Gelu forms use AVX2 on amd64 when the CPU has AVX2 and FMA (not with -tags purego); Relu is exact,
// the others have the error bounds documented above.
func FastExpF32(dst, src []float32, kind FastExpKind, beta float32) {
	feApply(dst, src, kind, beta, feSIMD)
}

// feApply is FastExpF32 with the SIMD path on or off (tests run both).
func feApply(dst, src []float32, kind FastExpKind, beta float32, simd bool) {
	n := min(len(dst), len(src))
	dst, src = dst[:n], src[:n]
	if simd && feHasAsm(kind) {
		m := n &^ 7
		if m > 0 {
			feExpAsm(dst[:m], src[:m], kind, beta)
		}
		if m < n {
			var buf [8]float32
			copy(buf[:], src[m:])
			feExpAsm(buf[:], buf[:], kind, beta)
			copy(dst[m:], buf[:n-m])
		}
		return
	}
	switch kind {
	case FastExp:
		for i, x := range src {
			dst[i] = feExp(x)
		}
	case FastSigmoid:
		for i, x := range src {
			dst[i] = feSigmoid(x)
		}
	case FastSwish:
		for i, x := range src {
			dst[i] = feSwish(x, beta)
		}
	case FastRelu:
		for i, x := range src {
			dst[i] = feRelu(x)
		}
	case FastTanh:
		for i, x := range src {
			dst[i] = feTanh(x)
		}
	case FastMish:
		for i, x := range src {
			dst[i] = feMish(x)
		}
	case FastSoftPlus:
		for i, x := range src {
			dst[i] = feSoftPlus(x)
		}
	case FastGeluErf:
		for i, x := range src {
			dst[i] = feGeluErf(x)
		}
	case FastGeluTanh:
		for i, x := range src {
			dst[i] = feGeluTanh(x)
		}
	case FastElu:
		for i, x := range src {
			dst[i] = osElu(x, beta)
		}
	}
}
