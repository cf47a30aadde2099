//go:build amd64 && !purego

package kernels

//go:noescape
func skAffPH512(dst, src *uint16, n int, c *skAff)

// skAffOK reports whether skAffPH runs (AVX-512).
func skAffOK() bool { return p512On() }

// skAffPH sets dst = chain c applied to src (f16 bits), computed in float32 and
// narrowed to nearest even.
func skAffPH(dst, src []uint16, c *skAff) {
	if len(dst) > 0 {
		src = src[:len(dst)]
		skAffPH512(&dst[0], &src[0], len(dst), c)
	}
}
