//go:build !amd64 || purego

package kernels

func skAffOK() bool { return false }

func skAffPH(dst, src []uint16, c *skAff) { panic("kernels: skAffPH without AVX-512") }
