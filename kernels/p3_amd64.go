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
	// Direct calls, not a table of function values: an indirect call
	// would make every pointer argument escape (//go:noescape is a
	// property of the declaration, not of a func value).
	var z T
	e := int(unsafe.Sizeof(z))
	d, s, r, ib, iv := ptr(dst), ptr(src), &rs[0], ip*e, bits64(init)
	switch k := kindOf[T](); {
	case k == kFloat32:
		p3RowsF32(d, s, t, r, nr, cols, planes, ib, iv)
	case k == kFloat64:
		p3RowsF64(d, s, t, r, nr, cols, planes, ib, iv)
	case k == kSigned && e == 1:
		p3RowsI8(d, s, t, r, nr, cols, planes, ib, iv)
	case k == kSigned && e == 2:
		p3RowsI16(d, s, t, r, nr, cols, planes, ib, iv)
	case k == kSigned && e == 4:
		p3RowsI32(d, s, t, r, nr, cols, planes, ib, iv)
	case k == kSigned:
		p3RowsI64(d, s, t, r, nr, cols, planes, ib, iv)
	case e == 1:
		p3RowsU8(d, s, t, r, nr, cols, planes, ib, iv)
	case e == 2:
		p3RowsU16(d, s, t, r, nr, cols, planes, ib, iv)
	case e == 4:
		p3RowsU32(d, s, t, r, nr, cols, planes, ib, iv)
	default:
		p3RowsU64(d, s, t, r, nr, cols, planes, ib, iv)
	}
}
