//go:build amd64 && !purego

package kernels

import "unsafe"

//go:noescape
func psPerm4F32(dst unsafe.Pointer, ds int, src unsafe.Pointer, sr, rows int, t *psPerm4)

//go:noescape
func psPerm4I32(dst unsafe.Pointer, ds int, src unsafe.Pointer, sr, rows int, t *psPerm4)

//go:noescape
func psPerm4U32(dst unsafe.Pointer, ds int, src unsafe.Pointer, sr, rows int, t *psPerm4)

//go:noescape
func psPerm4F64(dst unsafe.Pointer, ds int, src unsafe.Pointer, sr, rows int, t *psPerm4)

//go:noescape
func psPerm4I64(dst unsafe.Pointer, ds int, src unsafe.Pointer, sr, rows int, t *psPerm4)

//go:noescape
func psPerm4U64(dst unsafe.Pointer, ds int, src unsafe.Pointer, sr, rows int, t *psPerm4)

// psPerm4Max folds the W windows of rows rows of src (row stride sr
// elements) into dst (row stride ds elements) through the table t built by
// psPerm4Build for T. The caller guarantees rows > 0 and that every row's
// W elements and Wo outputs lie inside src and dst.
func psPerm4Max[T Number](dst []T, ds int, src []T, sr, rows int, t *psPerm4) {
	var z T
	e := int(unsafe.Sizeof(z))
	d := unsafe.Pointer(unsafe.SliceData(dst))
	s := unsafe.Pointer(unsafe.SliceData(src))
	switch k := kindOf[T](); {
	case k == kFloat32:
		psPerm4F32(d, ds*e, s, sr*e, rows, t)
	case k == kFloat64:
		psPerm4F64(d, ds*e, s, sr*e, rows, t)
	case k == kSigned && e == 4:
		psPerm4I32(d, ds*e, s, sr*e, rows, t)
	case k == kSigned:
		psPerm4I64(d, ds*e, s, sr*e, rows, t)
	case e == 4:
		psPerm4U32(d, ds*e, s, sr*e, rows, t)
	default:
		psPerm4U64(d, ds*e, s, sr*e, rows, t)
	}
}
