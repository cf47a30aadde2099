//go:build !amd64 || purego

package kernels

// Without SIMD support every primitive is the portable Go version.

func fill[T Number](dst []T, v T) { fillGo(dst, v) }

func maxRect[T Number](dst []T, ds int, src []T, sr, sc, rows, cols int) {
	maxRectGo(dst, ds, src, sr, sc, rows, cols)
}

func maxIdxRectLin[T Number](dst []T, di []int32, ds int, src []T, sr, sc, rows, cols int, i0, ir, ic int32) {
	maxIdxRectLinGo(dst, di, ds, src, sr, sc, rows, cols, i0, ir, ic)
}

func maxIdxRect[T Number](dst []T, di []int32, ds int, src []T, si []int32, sr, rows, cols int) {
	maxIdxRectGo(dst, di, ds, src, si, sr, rows, cols)
}

func addRect[T Number](dst []T, ds int, src []T, sr, sc, rows, cols int) {
	addRectGo(dst, ds, src, sr, sc, rows, cols)
}

func divRect[T Number](dst []T, ds int, den []T, rows, cols int) {
	divRectGo(dst, ds, den, rows, cols)
}

func sumSlice[T Number](s []T) T { return sumGo(s) }

func hasNaN[T Number](s []T) bool { return hasNaNGo(s) }
