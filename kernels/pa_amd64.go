//go:build amd64 && !purego

package kernels

// paDenseOn reports whether the dense W pass may be chosen: its contiguous
// and strided folds are AVX-512 ones (elsewhere the gathered fold is a
// scalar loop as cheap per output as the dense pass's steps).
func paDenseOn() bool { return p512On() }
