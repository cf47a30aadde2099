//go:build !amd64 || purego

package kernels

// paDenseOn: without the AVX-512 folds the dense W pass is not chosen.
func paDenseOn() bool { return false }
