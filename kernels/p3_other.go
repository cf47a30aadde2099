//go:build !amd64 || purego

package kernels

// p3On reports whether the row-table MaxPool path runs: never without
// AVX-512 assembly (the separable kernels are faster than its Go loop).
func p3On() bool { return false }

// p3RowsMax runs the row-table fold in Go (see p3RowsMaxGo).
func p3RowsMax[T Number](dst, src []T, tab, rs []int32, nr, cols, planes, ip int, init T) {
	p3RowsMaxGo(dst, src, tab, rs, nr, cols, planes, ip, init)
}
