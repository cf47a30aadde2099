//go:build !amd64 || purego

package kernels

// plDeintVec: no vector phase split off amd64.
func plDeintVec(elem int) bool { return false }

// plDeint: see plDeintGo.
func plDeint[T Number](dst []T, ps int, src []T, sc, nb int, phases []int64) {
	plDeintGo(dst, ps, src, sc, nb, phases)
}
