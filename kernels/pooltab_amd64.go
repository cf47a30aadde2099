//go:build amd64 && !purego

package kernels

import "unsafe"

//go:noescape
func poolTabF32(dst unsafe.Pointer, di *int32, src unsafe.Pointer, si *int32, off, cnt *int32, n, ts, taps int, init uint64, load bool, mode int, i0 int32)

//go:noescape
func poolTabI32(dst unsafe.Pointer, di *int32, src unsafe.Pointer, si *int32, off, cnt *int32, n, ts, taps int, init uint64, load bool, mode int, i0 int32)

//go:noescape
func poolTabU32(dst unsafe.Pointer, di *int32, src unsafe.Pointer, si *int32, off, cnt *int32, n, ts, taps int, init uint64, load bool, mode int, i0 int32)

//go:noescape
func poolTabF64(dst unsafe.Pointer, di *int32, src unsafe.Pointer, si *int32, off, cnt *int32, n, ts, taps int, init uint64, load bool, mode int, i0 int32)

//go:noescape
func poolTabI64(dst unsafe.Pointer, di *int32, src unsafe.Pointer, si *int32, off, cnt *int32, n, ts, taps int, init uint64, load bool, mode int, i0 int32)

//go:noescape
func poolTabU64(dst unsafe.Pointer, di *int32, src unsafe.Pointer, si *int32, off, cnt *int32, n, ts, taps int, init uint64, load bool, mode int, i0 int32)

// poolTabOn reports whether the AVX-512 tap-table folds are available.
func poolTabOn() bool { return p512On() }

// poolTabMax runs the tap-table max fold (poolTabMaxGo) with AVX-512 for
// 4- and 8-byte elements, and in Go otherwise. It checks that every output,
// index and tap lies inside its slice before handing pointers to assembly.
func poolTabMax[T Number](dst []T, di []int32, src []T, si []int32, tab *poolTab, init T, load bool, i0 int32) {
	n := len(tab.off)
	var z T
	sz := unsafe.Sizeof(z)
	if n == 0 {
		return
	}
	if !poolTabOn() || (sz != 4 && sz != 8) || tab.ts >= 1<<26 {
		poolTabMaxGo(dst, di, src, si, tab, init, load, i0)
		return
	}
	if len(tab.cnt) != n || len(dst) < n || (di != nil && len(di) < n) || tab.span > len(src) || (si != nil && tab.span > len(si)) {
		panic("kernels: poolTabMax out of range")
	}
	mode := 0
	var dp, sp *int32
	if di != nil {
		dp, mode = unsafe.SliceData(di), 1
		if si != nil {
			sp, mode = unsafe.SliceData(si), 2
		}
	}
	d, s, iv := ptr(dst), ptr(src), bits64(init)
	o, c := unsafe.SliceData(tab.off), unsafe.SliceData(tab.cnt)
	k := kindOf[T]()
	switch {
	case sz == 4 && k == kFloat32:
		poolTabF32(d, dp, s, sp, o, c, n, tab.ts, tab.taps, iv, load, mode, i0)
	case sz == 4 && k == kSigned:
		poolTabI32(d, dp, s, sp, o, c, n, tab.ts, tab.taps, iv, load, mode, i0)
	case sz == 4:
		poolTabU32(d, dp, s, sp, o, c, n, tab.ts, tab.taps, iv, load, mode, i0)
	case k == kFloat64:
		poolTabF64(d, dp, s, sp, o, c, n, tab.ts, tab.taps, iv, load, mode, i0)
	case k == kSigned:
		poolTabI64(d, dp, s, sp, o, c, n, tab.ts, tab.taps, iv, load, mode, i0)
	default:
		poolTabU64(d, dp, s, sp, o, c, n, tab.ts, tab.taps, iv, load, mode, i0)
	}
}

//go:noescape
func poolTabAddF32(dst unsafe.Pointer, di *int32, src unsafe.Pointer, si *int32, off, cnt *int32, n, ts, taps int, init uint64, load bool, mode int, i0 int32)

//go:noescape
func poolTabAddF64(dst unsafe.Pointer, di *int32, src unsafe.Pointer, si *int32, off, cnt *int32, n, ts, taps int, init uint64, load bool, mode int, i0 int32)

// poolTabAdd runs the tap-table sum (poolTabAddGo) with AVX-512 for float32
// and float64, and in Go otherwise.
func poolTabAdd[T Number](dst []T, src []T, tab *poolTab, load bool) {
	n := len(tab.off)
	if n == 0 {
		return
	}
	k := kindOf[T]()
	if !poolTabOn() || k > kFloat64 || tab.ts >= 1<<26 {
		poolTabAddGo(dst, src, tab, load)
		return
	}
	if len(tab.cnt) != n || len(dst) < n || tab.span > len(src) {
		panic("kernels: poolTabAdd out of range")
	}
	o, c := unsafe.SliceData(tab.off), unsafe.SliceData(tab.cnt)
	if k == kFloat32 {
		poolTabAddF32(ptr(dst), nil, ptr(src), nil, o, c, n, tab.ts, tab.taps, 0, load, 0, 0)
	} else {
		poolTabAddF64(ptr(dst), nil, ptr(src), nil, o, c, n, tab.ts, tab.taps, 0, load, 0, 0)
	}
}
