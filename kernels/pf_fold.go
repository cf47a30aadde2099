package kernels

import "unsafe"

// Round 10 (pf): fold-then-split strided MaxPool (issue 14).
//
// pfFoldMax folds a window of kh rows × taps columns per output: the
// output (r, c) of rows × cols is
//
//	fold over y < kh, t < taps (in that order) of src[r·sr + y·rh + c·sc + t·ts]
//
// with the strict ">" update from init (or from dst's value with load), the
// reference's (h, w) scan order. With AVX-512 (pf_amd64.s) each block of L
// outputs (16 4-byte or 8 8-byte lanes) loads, per tap, the s = sc
// registers of L·s contiguous elements from the tap's first element and
// max-folds them into s accumulator registers, so lane e of register j
// holds the fold of the elements e + 16j (in L units) from every tap's
// start, in tap order; one phase-0 split (the plDeint tables) then picks
// the lanes s·i, which are the block's outputs. Nothing is written but the
// outputs: no phase rows (round 8/9's split), no gathers, and with kh > 1
// (an H stride at least the dilated H kernel) no W-pass rows either. The
// fold of each output is the sequential fold bit for bit: every lane folds
// its own elements in tap order with the same update, and the final
// combine with an existing dst value (load) is op(old, fold from init),
// which equals the sequential fold from old because accumulators start at
// init (the lowest value) and only the strict ">" moves them.
//
// The kernel reads whole blocks: up to L·s·⌈cols/L⌉ + (taps-1)·ts
// elements from a row's first tap; rows whose blocks would read past src
// are folded by foldMax (one call per window row).
func pfFoldMax[T Number](dst []T, ds int, src []T, sr, sc, ts, taps, rh, kh, rows, cols int, init T, load bool) bool {
	if !pfVec[T](sc) || rows <= 0 || cols <= 0 || taps <= 0 || kh <= 0 || sr < 0 || ts < 0 || rh < 0 {
		return false
	}
	if ds < 0 || (rows-1)*ds+cols > len(dst) || (kh-1)*rh+(rows-1)*sr+(cols-1)*sc+(taps-1)*ts >= len(src) {
		panic("kernels: pfFoldMax out of range")
	}
	fit := qcFitRows(len(src), pfLanes[T](), sr, sc, ts, taps, rh, kh, rows, cols)
	if fit > 0 {
		pfMaxAsm(dst, ds, src, sr, sc, ts, taps, rh, kh, fit, cols, init, load)
	}
	if fit < rows {
		d, s := dst[fit*ds:], src[fit*sr:]
		for y := 0; y < kh; y++ {
			foldMax(d, ds, s[y*rh:], sr, sc, ts, taps, rows-fit, cols, init, load || y > 0)
		}
	}
	return true
}

// pfFoldMaxIdx is pfFoldMax with indices: the index of the element of
// output (r, c), window row y and tap t is i0 + r·ir + c·ic + y·ih + t·it
// (int32 arithmetic, as foldMaxIdxLin), taken with its value on a strict
// ">" (with load, the new fold replaces dst's value and index only when
// greater: the sequential fold's first maximum); an output that took no
// element (still at init) has index 0, as foldMaxIdxLin. The kernel keeps, per
// accumulator lane, the offset y·ih + t·it of the tap it holds, split with
// the same permutes as the values.
func pfFoldMaxIdx[T Number](dst []T, di []int32, ds int, src []T, sr, sc, ts, taps, rh, kh, rows, cols int, init T, load bool, i0, ir, ic, it, ih int32) bool {
	if !pfVec[T](sc) || rows <= 0 || cols <= 0 || taps <= 0 || kh <= 0 || sr < 0 || ts < 0 || rh < 0 {
		return false
	}
	if ds < 0 || (rows-1)*ds+cols > min(len(dst), len(di)) || (kh-1)*rh+(rows-1)*sr+(cols-1)*sc+(taps-1)*ts >= len(src) {
		panic("kernels: pfFoldMaxIdx out of range")
	}
	fit := qcFitRows(len(src), pfLanes[T](), sr, sc, ts, taps, rh, kh, rows, cols)
	if fit > 0 {
		pfMaxIdxAsm(dst, di, ds, src, sr, sc, ts, taps, rh, kh, fit, cols, init, load, i0, ir, ic, it, ih)
	}
	if fit < rows {
		d, x, s := dst[fit*ds:], di[fit*ds:], src[fit*sr:]
		for y := 0; y < kh; y++ {
			foldMaxIdxLin(d, x, ds, s[y*rh:], sr, sc, ts, taps, rows-fit, cols, init, load || y > 0,
				i0+int32(fit)*ir+int32(y)*ih, ir, ic, it)
		}
	}
	return true
}

// pfLanes returns the outputs per block of pfFoldMax: 16 4-byte or 8
// 8-byte lanes.
func pfLanes[T Number]() int {
	var z T
	return 64 / int(unsafe.Sizeof(z))
}

// pfWUse reports whether a W pass with column stride sc takes pfFoldMax:
// strides 3..8, and 2 but for float32 (whose AVX2 stride-2 fold is as fast;
// BenchmarkPfFold).
func pfWUse[T Number](sc int) bool {
	return pfVec[T](sc) && (sc >= 3 || sc == 2 && kindOf[T]() != kFloat32)
}

// pfTailRegs returns the registers of L elements the last block of a row of
// cols outputs reads per tap (its lanes l < L read elements up to
// (l-1)·sc): the kernels fold only those for a partial block, so a row of
// 4 outputs at stride 6 folds 2 registers per tap, not 6.
func pfTailRegs[T Number](sc, cols int) int {
	L := pfLanes[T]()
	l := cols % L
	if l == 0 {
		l = L
	}
	return ((l-1)*sc)/L + 1
}
