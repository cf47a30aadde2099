//go:build amd64 && !purego

package kernels

import "unsafe"

// The row-table folds of p3_amd64.s, one per element type, all of this
// signature: (dst, src, tab, rs, nr, cols, planes, ip, init), ip the input
// plane stride in bytes, init the bits of the fold's start value.

//go:noescape
func p3RowsF32(dst, src unsafe.Pointer, tab, rs *int32, nr, cols, planes, ip int, init uint64)

//go:noescape
func p3RowsI32(dst, src unsafe.Pointer, tab, rs *int32, nr, cols, planes, ip int, init uint64)

//go:noescape
func p3RowsU32(dst, src unsafe.Pointer, tab, rs *int32, nr, cols, planes, ip int, init uint64)

//go:noescape
func p3RowsF64(dst, src unsafe.Pointer, tab, rs *int32, nr, cols, planes, ip int, init uint64)

//go:noescape
func p3RowsI64(dst, src unsafe.Pointer, tab, rs *int32, nr, cols, planes, ip int, init uint64)

//go:noescape
func p3RowsU64(dst, src unsafe.Pointer, tab, rs *int32, nr, cols, planes, ip int, init uint64)

//go:noescape
func p3RowsI16(dst, src unsafe.Pointer, tab, rs *int32, nr, cols, planes, ip int, init uint64)

//go:noescape
func p3RowsU16(dst, src unsafe.Pointer, tab, rs *int32, nr, cols, planes, ip int, init uint64)

//go:noescape
func p3RowsI8(dst, src unsafe.Pointer, tab, rs *int32, nr, cols, planes, ip int, init uint64)

//go:noescape
func p3RowsU8(dst, src unsafe.Pointer, tab, rs *int32, nr, cols, planes, ip int, init uint64)

// p3On reports whether the row-table MaxPool path runs (AVX-512).
func p3On() bool { return p512On() }

// p3RowsFn is the signature of every row-table kernel.
type p3RowsFn func(dst, src unsafe.Pointer, tab, rs *int32, nr, cols, planes, ip int, init uint64)

// p3RowsFor returns the row-table kernel of T.
func p3RowsFor[T Number]() p3RowsFn {
	var z T
	switch kindOf[T]() {
	case kFloat32:
		return p3RowsF32
	case kFloat64:
		return p3RowsF64
	}
	i, u := p3RowsI64, p3RowsU64
	switch unsafe.Sizeof(z) {
	case 1:
		i, u = p3RowsI8, p3RowsU8
	case 2:
		i, u = p3RowsI16, p3RowsU16
	case 4:
		i, u = p3RowsI32, p3RowsU32
	}
	if kindOf[T]() == kSigned {
		return i
	}
	return u
}

// p3RowsMax runs the row-table fold (p3RowsMaxGo) with AVX-512 when
// available. The table's offsets are plane offsets of whole rows of cols
// elements (pltWinFor), so every read lies inside its plane; the slices
// are checked to hold the planes.
func p3RowsMax[T Number](dst, src []T, tab, rs []int32, nr, cols, planes, ip int, init T) {
	if !p3On() || planes <= 0 || nr <= 0 || cols <= 0 {
		p3RowsMaxGo(dst, src, tab, rs, nr, cols, planes, ip, init)
		return
	}
	if len(dst) < planes*nr*cols || len(src) < planes*ip || len(rs) < nr+1 || int(rs[nr]) > len(tab) {
		panic("kernels: p3RowsMax out of range")
	}
	var t *int32
	if len(tab) > 0 {
		t = &tab[0]
	}
	p3RowsFor[T]()(ptr(dst), ptr(src), t, &rs[0], nr, cols, planes, ip*int(unsafe.Sizeof(init)), bits64(init))
}
