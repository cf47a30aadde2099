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

// pwPermMax folds the W windows of rows rows of src (row stride sr
// elements) into dst (row stride ds elements) through the table t built by
// pwPermBuild for T. The caller guarantees pwPermOn, rows > 0 and that
// every row's W elements and Wo outputs lie inside src and dst.
func pwPermMax[T Number](dst []T, ds int, src []T, sr, rows int, t *pwPerm) {
	var z T
	e := int(unsafe.Sizeof(z))
	d := unsafe.Pointer(unsafe.SliceData(dst))
	s := unsafe.Pointer(unsafe.SliceData(src))
	if t.wide {
		switch kindOf[T]() {
		case kFloat32:
			pwPermWF32(d, ds*e, s, sr*e, rows, t)
		case kFloat64:
			pwPermWF64(d, ds*e, s, sr*e, rows, t)
		case kSigned:
			if e == 4 {
				pwPermWI32(d, ds*e, s, sr*e, rows, t)
			} else {
				pwPermWI64(d, ds*e, s, sr*e, rows, t)
			}
		case kUnsigned:
			if e == 4 {
				pwPermWU32(d, ds*e, s, sr*e, rows, t)
			} else {
				pwPermWU64(d, ds*e, s, sr*e, rows, t)
			}
		}
		return
	}
	switch kindOf[T]() {
	case kFloat32:
		pwPermF32(d, ds*e, s, sr*e, rows, t)
	case kFloat64:
		pwPermF64(d, ds*e, s, sr*e, rows, t)
	case kSigned:
		if e == 4 {
			pwPermI32(d, ds*e, s, sr*e, rows, t)
		} else {
			pwPermI64(d, ds*e, s, sr*e, rows, t)
		}
	case kUnsigned:
		if e == 4 {
			pwPermU32(d, ds*e, s, sr*e, rows, t)
		} else {
			pwPermU64(d, ds*e, s, sr*e, rows, t)
		}
	}
}
