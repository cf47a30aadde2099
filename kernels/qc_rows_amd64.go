//go:build amd64 && !purego

package kernels

import "unsafe"

// Round 16 (qc): the row-table folds of qc_rows_amd64.s for rows of two to
// four vectors, one accumulator per vector (same signature and definition
// as p3_amd64.s's, p3RowsMaxGo).

//go:noescape
func qcRowsF32(dst, src unsafe.Pointer, tab, rs *int32, nr, cols, planes, ip int, init uint64)

//go:noescape
func qcRowsI32(dst, src unsafe.Pointer, tab, rs *int32, nr, cols, planes, ip int, init uint64)

//go:noescape
func qcRowsU32(dst, src unsafe.Pointer, tab, rs *int32, nr, cols, planes, ip int, init uint64)

//go:noescape
func qcRowsF64(dst, src unsafe.Pointer, tab, rs *int32, nr, cols, planes, ip int, init uint64)

//go:noescape
func qcRowsI64(dst, src unsafe.Pointer, tab, rs *int32, nr, cols, planes, ip int, init uint64)

//go:noescape
func qcRowsU64(dst, src unsafe.Pointer, tab, rs *int32, nr, cols, planes, ip int, init uint64)

//go:noescape
func qcRowsI16(dst, src unsafe.Pointer, tab, rs *int32, nr, cols, planes, ip int, init uint64)

//go:noescape
func qcRowsU16(dst, src unsafe.Pointer, tab, rs *int32, nr, cols, planes, ip int, init uint64)

//go:noescape
func qcRowsI8(dst, src unsafe.Pointer, tab, rs *int32, nr, cols, planes, ip int, init uint64)

//go:noescape
func qcRowsU8(dst, src unsafe.Pointer, tab, rs *int32, nr, cols, planes, ip int, init uint64)

// qcRowsAsm runs the kernel of T (the caller, p3RowsMax, checked the
// slices and qcRowsWide).
func qcRowsAsm[T Number](d, s unsafe.Pointer, t, r *int32, nr, cols, planes, ib int, iv uint64) {
	var z T
	e := int(unsafe.Sizeof(z))
	switch k := kindOf[T](); {
	case k == kFloat32:
		qcRowsF32(d, s, t, r, nr, cols, planes, ib, iv)
	case k == kFloat64:
		qcRowsF64(d, s, t, r, nr, cols, planes, ib, iv)
	case k == kSigned && e == 1:
		qcRowsI8(d, s, t, r, nr, cols, planes, ib, iv)
	case k == kSigned && e == 2:
		qcRowsI16(d, s, t, r, nr, cols, planes, ib, iv)
	case k == kSigned && e == 4:
		qcRowsI32(d, s, t, r, nr, cols, planes, ib, iv)
	case k == kSigned:
		qcRowsI64(d, s, t, r, nr, cols, planes, ib, iv)
	case e == 1:
		qcRowsU8(d, s, t, r, nr, cols, planes, ib, iv)
	case e == 2:
		qcRowsU16(d, s, t, r, nr, cols, planes, ib, iv)
	case e == 4:
		qcRowsU32(d, s, t, r, nr, cols, planes, ib, iv)
	default:
		qcRowsU64(d, s, t, r, nr, cols, planes, ib, iv)
	}
}
