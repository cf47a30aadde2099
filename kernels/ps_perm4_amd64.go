//go:build amd64 && !purego

package kernels

import "unsafe"

// psPerm4Asm runs the four-register permute body sel (pwSel) of
// pw_amd64.s: one declaration for the six element types, as pwPermAsm.
//
//go:noescape
func psPerm4Asm(dst unsafe.Pointer, ds int, src unsafe.Pointer, sr, rows int, t *psPerm4, sel int)

// psPerm4Max folds the W windows of rows rows of src (row stride sr
// elements) into dst (row stride ds elements) through the table t built by
// psPerm4Build for T. The caller guarantees rows > 0 and that every row's
// W elements and Wo outputs lie inside src and dst.
func psPerm4Max[T Number](dst []T, ds int, src []T, sr, rows int, t *psPerm4) {
	var z T
	e := int(unsafe.Sizeof(z))
	psPerm4Asm(unsafe.Pointer(unsafe.SliceData(dst)), ds*e, unsafe.Pointer(unsafe.SliceData(src)), sr*e, rows, t, pwSel[T]())
}
