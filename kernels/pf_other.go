//go:build !amd64 || purego

package kernels

// pfVec: no fold-then-split kernel off amd64 (pfFoldMax reports false).
func pfVec[T Number](sc int) bool { return false }

func pfMaxAsm[T Number](dst []T, ds int, src []T, sr, sc, ts, taps, rh, kh, rows, cols int, init T, load bool) {
	panic("kernels: pfMaxAsm without a vector body")
}

func pfMaxIdxAsm[T Number](dst []T, di []int32, ds int, src []T, sr, sc, ts, taps, rh, kh, rows, cols int, init T, load bool, i0, ir, ic, it, ih int32) {
	panic("kernels: pfMaxIdxAsm without a vector body")
}
