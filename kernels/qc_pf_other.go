//go:build !amd64 || purego

package kernels

// qcPfVec: no narrow fold-then-split kernel off amd64 (qcFoldMax reports
// false).
func qcPfVec[T Number](sc int) bool { return false }

func qcPfAsm[T Number](dst []T, ds int, src []T, sr, sc, ts, taps, rh, kh, rows, cols int, init uint32, load bool) {
	panic("kernels: qcPfAsm without a vector body")
}
