//go:build amd64 && !purego

package kernels

import "unsafe"

// pwPermAsm runs the permute W pass body sel of pw_amd64.s: pwSel[T]() for
// rows loaded once, plus 6 for rows loaded per tap (t.wide).
//
// The twelve bodies (six element types, two load schemes) share this one
// declaration: the selector is an argument and the assembly jumps to the
// body, so every call stays a direct call and //go:noescape keeps the
// pointer arguments (the pwPerm table of maxUnits, a 2 KB stack value) off
// the heap. A table of twelve function values, one per declaration, was
// tried in round 14 and dropped: an indirect call makes every pointer
// argument escape (go build -gcflags=-m: "t escapes to heap").
//
//go:noescape
func pwPermAsm(dst unsafe.Pointer, ds int, src unsafe.Pointer, sr, rows int, t *pwPerm, sel int)

// pwSel returns the body index of element type T in pw_amd64.s's entry
// points: 0..5 for f32, i32, u32, f64, i64, u64 (the types pwPermBuild
// accepts; anything else is a caller's error).
func pwSel[T Number]() int {
	var z T
	sel := 0
	switch kindOf[T]() {
	case kFloat32, kFloat64:
	case kSigned:
		sel = 1
	case kUnsigned:
		sel = 2
	default:
		panic("kernels: permute W pass of an unsupported type")
	}
	if unsafe.Sizeof(z) == 8 {
		sel += 3
	} else if unsafe.Sizeof(z) != 4 {
		panic("kernels: permute W pass of an unsupported type")
	}
	return sel
}

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
	sel := pwSel[T]()
	if t.wide {
		sel += 6
	}
	pwPermAsm(unsafe.Pointer(unsafe.SliceData(dst)), ds*e, unsafe.Pointer(unsafe.SliceData(src)), sr*e, rows, t, sel)
}
