//go:build amd64 && !purego

package kernels

import "unsafe"

// plDeint32 splits nb blocks of 16·s 4-byte elements at src into s phases
// of 16 elements each (only the nph phases listed), phase p at dst + p·pstride bytes (then 64 bytes
// further per block): s loads, and per phase up to four VPERMI2D and
// blends, with idx/masks from plDeintTab for stride s (3..8).
//
//go:noescape
func plDeint32(dst unsafe.Pointer, pstride int, src unsafe.Pointer, s, nb int, idx unsafe.Pointer, masks unsafe.Pointer, phases *int64, nph int)

// plDeintVec reports whether plDeint has a vector body for elem-byte
// elements (AVX-512, 4-byte).
func plDeintVec(elem int) bool { return elem == 4 && p512On() }

// plDeint: see plDeintGo.
func plDeint[T Number](dst []T, ps int, src []T, sc, nb int, phases []int64) {
	var z T
	if nb <= 0 || len(phases) == 0 {
		return
	}
	if unsafe.Sizeof(z) != 4 || !p512On() || sc < 3 || sc > 8 {
		plDeintGo(dst, ps, src, sc, nb, phases)
		return
	}
	if int(phases[len(phases)-1])*ps+16*nb > len(dst) || 16*sc*nb+16*(sc&1) > len(src) {
		panic("kernels: plDeint out of range")
	}
	plDeint32(unsafe.Pointer(unsafe.SliceData(dst)), ps*4, unsafe.Pointer(unsafe.SliceData(src)), sc, nb,
		unsafe.Pointer(&plDeintTab.idx[sc]), unsafe.Pointer(&plDeintTab.mask[sc]), &phases[0], len(phases))
}
