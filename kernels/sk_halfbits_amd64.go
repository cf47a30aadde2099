//go:build amd64 && !purego

package kernels

//go:noescape
func skNegBits16AVX2(dst, src *uint16, n int)

//go:noescape
func skReluBits16AVX2(dst, src *uint16, n int, lim uint16)

// skHalfAVX2 reports whether the AVX2 bodies of NegBits16 and ReluBits16 run.
func skHalfAVX2() bool { return hasAVX2 }
