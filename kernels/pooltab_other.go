//go:build !amd64 || purego

package kernels

// poolTabOn: the tap-table folds are used only with AVX-512.
func poolTabOn() bool { return false }

// poolTabMax runs the tap-table max fold in Go (see poolTabMaxGo).
func poolTabMax[T Number](dst []T, di []int32, src []T, si []int32, tab *poolTab, init T, load bool, i0 int32) {
	poolTabMaxGo(dst, di, src, si, tab, init, load, i0)
}

// poolTabAdd runs the tap-table sum in Go (see poolTabAddGo).
func poolTabAdd[T Number](dst []T, src []T, tab *poolTab, load bool) {
	poolTabAddGo(dst, src, tab, load)
}
