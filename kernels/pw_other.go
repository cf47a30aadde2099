//go:build !amd64 || purego

package kernels

// pwPermOn reports whether the permute W pass can run: never without
// AVX-512 assembly.
func pwPermOn() bool { return false }

// pwPermMax is never called without AVX-512 (pwPermOn is false).
func pwPermMax[T Number](dst []T, ds int, src []T, sr, rows int, t *pwPerm) {
	panic("kernels: pwPermMax without AVX-512")
}
