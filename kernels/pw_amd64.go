//go:build amd64 && !purego

package kernels

import "unsafe"

//go:noescape
func pwPermWF32(dst unsafe.Pointer, ds int, src unsafe.Pointer, sr, rows int, t *pwPerm)

//go:noescape
func pwPermF32(dst unsafe.Pointer, ds int, src unsafe.Pointer, sr, rows int, t *pwPerm)

//go:noescape
func pwPermWI32(dst unsafe.Pointer, ds int, src unsafe.Pointer, sr, rows int, t *pwPerm)

//go:noescape
func pwPermI32(dst unsafe.Pointer, ds int, src unsafe.Pointer, sr, rows int, t *pwPerm)

//go:noescape
func pwPermWU32(dst unsafe.Pointer, ds int, src unsafe.Pointer, sr, rows int, t *pwPerm)

//go:noescape
func pwPermU32(dst unsafe.Pointer, ds int, src unsafe.Pointer, sr, rows int, t *pwPerm)

//go:noescape
func pwPermWF64(dst unsafe.Pointer, ds int, src unsafe.Pointer, sr, rows int, t *pwPerm)

//go:noescape
func pwPermF64(dst unsafe.Pointer, ds int, src unsafe.Pointer, sr, rows int, t *pwPerm)

//go:noescape
func pwPermWI64(dst unsafe.Pointer, ds int, src unsafe.Pointer, sr, rows int, t *pwPerm)

//go:noescape
func pwPermI64(dst unsafe.Pointer, ds int, src unsafe.Pointer, sr, rows int, t *pwPerm)

//go:noescape
func pwPermWU64(dst unsafe.Pointer, ds int, src unsafe.Pointer, sr, rows int, t *pwPerm)

//go:noescape
func pwPermU64(dst unsafe.Pointer, ds int, src unsafe.Pointer, sr, rows int, t *pwPerm)

// pwPermOn reports whether the permute W pass can run (AVX-512 allowed and
// present).
func pwPermOn() bool { return p512On() }

// pwPermFn is the signature of every permute kernel: byte strides ds and
// sr between rows.
type pwPermFn func(dst unsafe.Pointer, ds int, src unsafe.Pointer, sr, rows int, t *pwPerm)

// pwPermFns returns the permute kernels of T: rows loaded once (pwPermXXX)
// and loaded per tap (pwPermWXXX).
func pwPermFns[T Number]() (rows, taps pwPermFn) {
	var z T
	wide := unsafe.Sizeof(z) == 8
	switch kindOf[T]() {
	case kFloat32:
		return pwPermF32, pwPermWF32
	case kFloat64:
		return pwPermF64, pwPermWF64
	case kSigned:
		if wide {
			return pwPermI64, pwPermWI64
		}
		return pwPermI32, pwPermWI32
	default:
		if wide {
			return pwPermU64, pwPermWU64
		}
		return pwPermU32, pwPermWU32
	}
}

// pwPermMax folds the W windows of rows rows of src (row stride sr
// elements) into dst (row stride ds elements) through the table t built by
// pwPermBuild for T (4- and 8-byte floats and integers). The caller
// guarantees pwPermOn, rows > 0 and that every row's W elements and Wo
// outputs lie inside src and dst.
func pwPermMax[T Number](dst []T, ds int, src []T, sr, rows int, t *pwPerm) {
	var z T
	e := int(unsafe.Sizeof(z))
	f, wide := pwPermFns[T]()
	if t.wide {
		f = wide
	}
	f(unsafe.Pointer(unsafe.SliceData(dst)), ds*e, unsafe.Pointer(unsafe.SliceData(src)), sr*e, rows, t)
}
