package kernels

// Unary ops on the stored bits of 16-bit floats (round 12, helper sk): the
// sign flip of Negative and Relu on f16/bf16 need no float32 scratch — the
// reference's widen, op, narrow gives the same bits (Relu: x > 0 ? x : +0
// keeps a positive finite or +Inf value, which widens and narrows exactly,
// and gives +0 for the rest: −0, negatives, NaN of either sign).

// NegBits16 sets dst[i] = src[i] with its sign bit flipped (Negative on f16
// or bf16 bits). dst and src have the same length (dst may be src).
func NegBits16(dst, src []uint16) {
	src = src[:len(dst)]
	n := 0
	if skHalfAVX2() && len(dst) >= 16 {
		n = len(dst) &^ 15
		skNegBits16AVX2(&dst[0], &src[0], n)
	}
	for i := n; i < len(dst); i++ {
		dst[i] = src[i] ^ 0x8000
	}
}

// ReluBits16 sets dst[i] = src[i] where it is a positive value (1 ≤ bits ≤ inf,
// the bits of +Inf: 0x7c00 for f16, 0x7f80 for bf16), else +0: Relu on f16 or
// bf16 bits. dst may be src.
func ReluBits16(dst, src []uint16, inf uint16) {
	src = src[:len(dst)]
	n := 0
	if skHalfAVX2() && len(dst) >= 16 {
		n = len(dst) &^ 15
		skReluBits16AVX2(&dst[0], &src[0], n, inf+1)
	}
	for i := n; i < len(dst); i++ {
		if h := src[i]; h-1 < inf {
			dst[i] = h
		} else {
			dst[i] = 0
		}
	}
}
