//go:build !amd64 || purego

package kernels

// gemmRowOffFor returns nil: without the AVX-512 family every row of a padded
// convolution goes through the offset tile kernel.
func gemmRowOffFor(GemmArch) gemmRowOffFunc { return nil }
