package kernels

import "math"

// Fast float32 Gelu (both modes of Gelu-7; Gelu-1 is the erf mode). The reference
// kernels GeluErf and GeluTanh compute 0.5·x·(1 + erf(x/√2)) and
// 0.5·x·(1 + tanh(√(2/π)·(x + 0.044715·x³))) in float64 and stay the oracle of the
// reference path; both lose all relative accuracy for x ≪ 0, where 1 + erf and 1 + tanh
// cancel (below x ≈ −5.5 the float64 reference keeps only an absolute accuracy of about
// |x|·2^−53, and returns ±0 below x ≈ −8.3). The fast forms avoid the cancellation:
//
// Erf mode: gelu(x) = x·Φ(x), Φ(x) = 1 − q for x ≥ 0 and q for x < 0, with
// q = Q(|x|) = ½·erfc(|x|/√2) = e^{−x²/2}·R(|x|). R(a) = Q(a)·e^{a²/2} is smooth and
// positive on [0, ∞); it is a degree-10 polynomial in t = 1/(1 + a/4), evaluated in
// float64 (relative error of the fit 4.2e−9 on a ∈ [0, 14.5], fitted by reweighted least
// squares on Chebyshev nodes: testdata/bench/synth/gelu_fit.py). x² is split exactly into hi + lo (hi = fl(x·x)) so
// e^{−x²/2} = e^{−hi/2}·(1 − lo/2) keeps float32 accuracy up to x²/2 ≈ 104, where the
// float32 exp underflows; |x| is clamped to 14.5 (Q(14.5) < 2^−150, so the clamp changes
// no result). No branch, no cancellation: 1 − q ≥ ½.
//
// Tanh mode: 1 + tanh(y) = 2·sigmoid(2y), so gelu(x) = x·sigmoid(z) with
// z = x·(1.5957691216 + 0.0713548163·x²) = 2y. z is computed in float64 (the argument of
// the exp needs more than float32 precision: near x = −10, z ≈ −87 and a float32 z costs
// 100+ ulp), clamped to ±120 and split into hi + lo float32; x ≥ 0 gives
// x/(1 + e^{−z}), x < 0 gives x·e^{z}/(1 + e^{z}) with e^{z} = e^{hi}·(1 + lo) (no overflow,
// no cancellation).
//
// Error (TestFastGeluSweep: every 1021st float32 bit pattern in [−120, 120] plus the
// specials, Go and AVX2 paths): against the exact function (float64 through math.Erfc for
// the erf mode, x/(1 + exp(−z)) for the tanh mode) at most 3 ulp (erf; measured 2.55) and
// 4 ulp (tanh; measured 3.21) where the result is a normal float32, absolute error below
// 2^−126 below the normal range; against the float64 reference kernels
// |fast − reference| ≤ 3 (4) ulp(reference) + |x|·2^−52 (the second term is the
// reference's own cancellation error for x ≪ 0). The AVX2 + FMA body (fastmath_amd64.s)
// runs the same float64 parts in 4-lane halves and meets the same bounds.

const (
	geClamp = 14.5
	geK     = 0.25
	geR0    = -7.4196208332907091e-06
	geR1    = 0.099911171963700474
	geR2    = 0.097927781418760851
	geR3    = 0.10411769901519533
	geR4    = 0.041948216500642732
	geR5    = 0.15642942344731423
	geR6    = -0.096446457316762532
	geR7    = 0.14221721303687318
	geR8    = -0.024082627685155254
	geR9    = -0.033679073525912859
	geR10   = 0.011664074842639345

	geTanhC1 = 1.5957691216057308  // 2·√(2/π)
	geTanhC2 = geTanhC1 * 0.044715 // 2·√(2/π)·0.044715
	geTanhZ  = 120
)

// geR is R(a) = ½·erfc(a/√2)·e^{a²/2} (see above), a in [0, 14.5], evaluated in float64
// (a float32 Horner scheme loses up to 6 ulp: the terms c_i·t^i do not decay).
func geR(a float32) float64 {
	t := 1 / (1 + geK*float64(a))
	r := geR10*t + geR9
	r = r*t + geR8
	r = r*t + geR7
	r = r*t + geR6
	r = r*t + geR5
	r = r*t + geR4
	r = r*t + geR3
	r = r*t + geR2
	r = r*t + geR1
	return r*t + geR0
}

// feGeluErf is x·Φ(x), the erf-mode Gelu (see above).
func feGeluErf(x float32) float32 {
	if x != x {
		return x
	}
	a := min(math.Float32frombits(math.Float32bits(x)&^(1<<31)), geClamp)
	hi := a * a
	lo := float32(float64(a)*float64(a) - float64(hi)) // exact: a·a has 48 bits
	m := geR(a) * (1 - 0.5*float64(lo))
	if x < 0 {
		return feMulExp(float32(m*float64(x)), -0.5*hi)
	}
	return x * (1 - feMulExp(float32(m), -0.5*hi))
}

// feGeluTanh is x·sigmoid(2·√(2/π)·(x + 0.044715·x³)), the tanh-mode Gelu (see above).
func feGeluTanh(x float32) float32 {
	if x != x {
		return x
	}
	x64 := float64(x)
	z := x64 * (geTanhC1 + geTanhC2*x64*x64)
	z = max(min(z, geTanhZ), -geTanhZ)
	hi := float32(z)
	if x >= 0 {
		return x / (1 + feExp(-hi))
	}
	lo := float32(z - float64(hi))
	return feMulExp(x+x*lo, hi) / (1 + feExp(hi))
}
