//go:build !amd64 || purego

package kernels

// psPerm4Max is never called without AVX-512 (psPerm4Build reports false).
func psPerm4Max[T Number](dst []T, ds int, src []T, sr, rows int, t *psPerm4) {
	panic("kernels: psPerm4Max without AVX-512")
}
