//go:build !amd64 || purego

package kernels

func skHalfAVX2() bool { return false }

func skNegBits16AVX2(dst, src *uint16, n int)              { panic("kernels: no AVX2") }
func skReluBits16AVX2(dst, src *uint16, n int, lim uint16) { panic("kernels: no AVX2") }
