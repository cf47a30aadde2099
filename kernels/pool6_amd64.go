//go:build amd64 && !purego

package kernels

import "unsafe"

//go:noescape
func pool6WidenSB(dst *float32, src unsafe.Pointer, n int)

//go:noescape
func pool6WidenUB(dst *float32, src unsafe.Pointer, n int)

//go:noescape
func pool6WidenSW(dst *float32, src unsafe.Pointer, n int)

//go:noescape
func pool6WidenUW(dst *float32, src unsafe.Pointer, n int)

// pool6WidenInt widens 1- and 2-byte integers to float32 (exact) with
// AVX-512 and reports whether it could (poolWiden's per-block widening of
// the byte and short MaxPool paths).
func pool6WidenInt[S, T Number](dst []T, src []S) bool {
	n := len(src)
	if !p512On() || n == 0 || kindOf[T]() != kFloat32 || !poolSmallInt[S]() {
		return false
	}
	if len(dst) < n {
		panic("kernels: pool6WidenInt out of range")
	}
	d := (*float32)(unsafe.Pointer(unsafe.SliceData(dst)))
	s := unsafe.Pointer(unsafe.SliceData(src))
	signed := kindOf[S]() == kSigned
	switch {
	case unsafe.Sizeof(src[0]) == 1 && signed:
		pool6WidenSB(d, s, n)
	case unsafe.Sizeof(src[0]) == 1:
		pool6WidenUB(d, s, n)
	case signed:
		pool6WidenSW(d, s, n)
	default:
		pool6WidenUW(d, s, n)
	}
	return true
}
