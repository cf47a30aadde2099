//go:build amd64 && !purego

package kernels

import "unsafe"

// plDeint32 splits nb blocks of 16·s 4-byte elements at src into s phases
// of 16 elements each (only the nph phases listed), phase p at dst + p·pstride bytes (then 64 bytes
// further per block): s loads, and per phase up to four VPERMI2D and
// blends, with idx/masks from plDeintTab for stride s (2..8).
//
//go:noescape
func plDeint32(dst unsafe.Pointer, pstride int, src unsafe.Pointer, s, nb int, idx unsafe.Pointer, masks unsafe.Pointer, phases *int64, nph int)

// plDeint64 is plDeint32 for 8-byte elements: blocks of 8·s elements into
// phases of 8 (VPERMI2Q, tables from plDeintTab.idx64).
//
//go:noescape
func plDeint64(dst unsafe.Pointer, pstride int, src unsafe.Pointer, s, nb int, idx unsafe.Pointer, masks unsafe.Pointer, phases *int64, nph int)

// plDeintVec reports whether plDeint has a vector body for elem-byte
// elements (AVX-512, 4- and 8-byte).
func plDeintVec(elem int) bool { return (elem == 4 || elem == 8) && p512On() }

// plDeint: see plDeintGo.
func plDeint[T Number](dst []T, ps int, src []T, sc, nb int, phases []int64) {
	var z T
	if nb <= 0 || len(phases) == 0 {
		return
	}
	size := int(unsafe.Sizeof(z))
	if (size != 4 && size != 8) || !p512On() || sc < 2 || sc > 8 {
		plDeintGo(dst, ps, src, sc, nb, phases)
		return
	}
	L := plLanes[T]()
	if int(phases[len(phases)-1])*ps+L*nb > len(dst) || L*sc*nb+L*(sc&1) > len(src) {
		panic("kernels: plDeint out of range")
	}
	if size == 4 {
		plDeint32(unsafe.Pointer(unsafe.SliceData(dst)), ps*4, unsafe.Pointer(unsafe.SliceData(src)), sc, nb,
			unsafe.Pointer(&plDeintTab.idx[sc]), unsafe.Pointer(&plDeintTab.mask[sc]), &phases[0], len(phases))
		return
	}
	plDeint64(unsafe.Pointer(unsafe.SliceData(dst)), ps*8, unsafe.Pointer(unsafe.SliceData(src)), sc, nb,
		unsafe.Pointer(&plDeintTab.idx64[sc]), unsafe.Pointer(&plDeintTab.mask64[sc]), &phases[0], len(phases))
}
