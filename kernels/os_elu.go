package kernels

// Fast Elu-1 on float32 data (FastExpF32's kind FastElu; the AVX2 body is `elu` in
// fastmath_amd64.s): x for x ≥ 0 (and NaN, −0), alpha·m below, with
//   - m = e^x − 1 from the fast exponential where x ≤ −1/2 (e ≤ 0.61, so e − 1 ≤ −0.39 and e's
//     1-ulp error stays within a few ulp of the result; −alpha below −104 and at −Inf);
//   - m = x + x²·(1/2! + x·(1/3! + … + x/8!)) for −1/2 < x < 0, where subtracting 1 from an
//     exponential would cancel (truncation below 2e-8 relative, x added last exactly).
// The reference (kernels.Elu) computes alpha·(e^x − 1) in float64 (OpenVINO's in the data
// type); TestOsEluF32 bounds the difference at 6 float32 ulp (the reference gives 0 where
// |x| < 2^-53, EluF32 alpha·x). alpha is rounded to float32.

// osElu is the portable definition (the Go path of FastExpF32's FastElu).
func osElu(x, alpha float32) float32 {
	if !(x < 0) {
		return x
	}
	if x > -0.5 {
		h := float32(1.0/40320)*x + 1.0/5040
		h = h*x + 1.0/720
		h = h*x + 1.0/120
		h = h*x + 1.0/24
		h = h*x + 1.0/6
		h = h*x + 0.5
		return alpha * (h*(x*x) + x)
	}
	return alpha * (feExp(x) - 1)
}

// EluF32 computes Elu-1 with the given alpha over src into dst (dst may equal src), 8 lanes at
// a time where the AVX2 body runs.
func EluF32(dst, src []float32, alpha float64) { FastExpF32(dst, src, FastElu, float32(alpha)) }
