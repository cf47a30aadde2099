//go:build amd64 && !purego

package kernels

import "unsafe"

// AVX2 float32 primitives (simd_amd64.s). Every wrapper checks that the
// rectangle lies inside its slices before handing raw pointers to assembly,
// so a planning bug panics instead of corrupting memory.

//go:noescape
func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)

//go:noescape
func xgetbv() (eax, edx uint32)

//go:noescape
func fillF32(dst *float32, n int, v float32)

//go:noescape
func maxRectF32(dst *float32, ds int, src *float32, sr, sc, rows, cols int)

//go:noescape
func addRectF32(dst *float32, ds int, src *float32, sr, sc, rows, cols int)

//go:noescape
func divRectF32(dst *float32, ds int, den *float32, rows, cols int)

//go:noescape
func maxIdxRectLinF32(dst *float32, di *int32, ds int, src *float32, sr, sc, rows, cols int, i0, ir, ic int32)

//go:noescape
func maxIdxRectF32(dst *float32, di *int32, ds int, src *float32, si *int32, sr, rows, cols int)

//go:noescape
func sumF32(p *float32, n int) float32

//go:noescape
func anyNaNF32(p *float32, n int) bool

// hasAVX2 is set once at package initialisation (read-only afterwards).
var hasAVX2 = detectAVX2()

func detectAVX2() bool {
	maxID, _, _, _ := cpuid(0, 0)
	if maxID < 7 {
		return false
	}
	_, _, c1, _ := cpuid(1, 0)
	const osxsave, avx, fma = 1 << 27, 1 << 28, 1 << 12
	if c1&osxsave == 0 || c1&avx == 0 {
		return false
	}
	if lo, _ := xgetbv(); lo&6 != 6 { // XMM and YMM state enabled by the OS
		return false
	}
	_, b7, _, _ := cpuid(7, 0)
	return b7&(1<<5) != 0
}

func f32p[T Number](s []T) *float32 { return (*float32)(unsafe.Pointer(unsafe.SliceData(s))) }

// rectOK reports whether a rows×cols rectangle with row stride rs and column
// stride cs starting at s[0] lies inside s.
func rectOK(n, rs, cs, rows, cols int) bool {
	return rows > 0 && cols > 0 && rs >= 0 && (rows-1)*rs+(cols-1)*cs < n
}

func isF32[T Number]() bool { return hasAVX2 && kindOf[T]() == kFloat32 }

func fill[T Number](dst []T, v T) {
	if isF32[T]() && len(dst) >= 8 {
		fillF32(f32p(dst), len(dst), *(*float32)(unsafe.Pointer(&v)))
		return
	}
	fillGo(dst, v)
}

func maxRect[T Number](dst []T, ds int, src []T, sr, sc, rows, cols int) {
	if isF32[T]() && (sc == 1 || sc == 2) && rows > 0 && cols > 0 {
		if !rectOK(len(dst), ds, 1, rows, cols) || !rectOK(len(src), sr, sc, rows, cols) {
			panic("kernels: maxRect out of range")
		}
		maxRectF32(f32p(dst), ds, f32p(src), sr, sc, rows, cols)
		return
	}
	maxRectGo(dst, ds, src, sr, sc, rows, cols)
}

func maxIdxRectLin[T Number](dst []T, di []int32, ds int, src []T, sr, sc, rows, cols int, i0, ir, ic int32) {
	if isF32[T]() && (sc == 1 || sc == 2) && rows > 0 && cols > 0 {
		if !rectOK(len(dst), ds, 1, rows, cols) || !rectOK(len(di), ds, 1, rows, cols) || !rectOK(len(src), sr, sc, rows, cols) {
			panic("kernels: maxIdxRectLin out of range")
		}
		maxIdxRectLinF32(f32p(dst), unsafe.SliceData(di), ds, f32p(src), sr, sc, rows, cols, i0, ir, ic)
		return
	}
	maxIdxRectLinGo(dst, di, ds, src, sr, sc, rows, cols, i0, ir, ic)
}

func maxIdxRect[T Number](dst []T, di []int32, ds int, src []T, si []int32, sr, rows, cols int) {
	if isF32[T]() && rows > 0 && cols > 0 {
		if !rectOK(len(dst), ds, 1, rows, cols) || !rectOK(len(di), ds, 1, rows, cols) ||
			!rectOK(len(src), sr, 1, rows, cols) || !rectOK(len(si), sr, 1, rows, cols) {
			panic("kernels: maxIdxRect out of range")
		}
		maxIdxRectF32(f32p(dst), unsafe.SliceData(di), ds, f32p(src), unsafe.SliceData(si), sr, rows, cols)
		return
	}
	maxIdxRectGo(dst, di, ds, src, si, sr, rows, cols)
}

func addRect[T Number](dst []T, ds int, src []T, sr, sc, rows, cols int) {
	if isF32[T]() && (sc == 1 || sc == 2) && rows > 0 && cols > 0 {
		if !rectOK(len(dst), ds, 1, rows, cols) || !rectOK(len(src), sr, sc, rows, cols) {
			panic("kernels: addRect out of range")
		}
		addRectF32(f32p(dst), ds, f32p(src), sr, sc, rows, cols)
		return
	}
	addRectGo(dst, ds, src, sr, sc, rows, cols)
}

func divRect[T Number](dst []T, ds int, den []T, rows, cols int) {
	if isF32[T]() && rows > 0 && cols > 0 {
		if !rectOK(len(dst), ds, 1, rows, cols) || len(den) < cols {
			panic("kernels: divRect out of range")
		}
		divRectF32(f32p(dst), ds, f32p(den), rows, cols)
		return
	}
	divRectGo(dst, ds, den, rows, cols)
}

// sumSlice returns the sum of s (any order; float rounding differs from a
// sequential sum).
func sumSlice[T Number](s []T) T {
	if isF32[T]() && len(s) >= 8 {
		f := sumF32(f32p(s), len(s))
		return *(*T)(unsafe.Pointer(&f))
	}
	return sumGo(s)
}

// hasNaN reports whether s holds a NaN.
func hasNaN[T Number](s []T) bool {
	if isF32[T]() && len(s) > 0 {
		return anyNaNF32(f32p(s), len(s))
	}
	return hasNaNGo(s)
}
