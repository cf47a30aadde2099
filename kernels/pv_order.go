package kernels

import "unsafe"

// Order-free MaxPool (values only). Without indices, the value a max fold
// returns is the same bits in any fold order, except for one case: the
// reference takes the first element, in (d, h, w) scan order, equal to the
// window's maximum, and two elements compare equal with different bits
// only when they are +0 and −0 (NaN is never taken: every fold starts from
// lowest and updates on a strict ">"). So
//
//   - for integer types any order is exact;
//   - for floats any order is exact for every output whose value is not
//     ±0, and for the others when the window holds no −0.
//
// pvMaxOrder uses that freedom to fold the depth and H taps first, over
// whole input rows (contiguous, cheap folds), and the W taps last, over the
// block's B output rows only — instead of the W pass over every input row
// the block reads (maxBlock). With an H stride s and kernel k that is
// about k·W·B + Wo·B·kW taps against ((B−1)·s + k)·Wo·kW + B·Wo·k: for
// MaxPool 1×248×47×109 k[9,11] s[5,1] 3.3× fewer. Float results are then
// checked: when an output of the block is ±0 and the rows it read hold a
// −0, the block reports false and maxBlock recomputes it in scan order.

// pvOrderCosts returns the taps folded by the W-first block (maxBlock) and
// by the H-first block (pvMaxOrder) for one output depth with nz valid
// depth taps over B output rows reading nr input rows.
func pvOrderCosts(p *winPlan, B, nr, nz int) (wFirst, hFirst int) {
	W, Wo := p.in[2], p.out[2]
	kd := (p.k[1]-1)*p.d[1] + 1
	wRows := nr
	if p.s[1] > kd {
		wRows = min(nr, B*kd) // maxBlock pools the window rows only (gap rows)
	}
	// A W pass over narrow rows pays per row and per vector tail: count
	// at least 8 columns a row.
	wCols := max(Wo, 8)
	wFirst = nz * (wRows*wCols*p.k[2] + B*Wo*p.k[1])
	hFirst = nz*B*W*p.k[1] + B*wCols*p.k[2]
	return
}

// pvOrderUse reports whether values-only MaxPool job j (storage and compute
// type T) takes pvMaxOrder: a 2- or 3-D geometry with an H window of two
// taps or more whose H-first taps are at most three quarters of the W-first
// ones for a full block of rows.
func pvOrderUse[T Number](j *job, tabbed bool) bool {
	p := &j.wp
	if j.flag || j.ints[0] != 0 || j.ints[1] != 0 || p.k[1] < 2 {
		return false
	}
	B := min(j.bRows, p.out[1])
	nr := min(p.in[1], (B-1)*p.s[1]+(p.k[1]-1)*p.d[1]+1)
	w, h := pvOrderCosts(p, B, nr, 1)
	if tabbed {
		w = pltTabbedCost(w)
	}
	return 4*h <= 3*w
}

// pltTabbedCost weighs the W-first taps of a block whose passes run through
// the tap tables (round 11, helper pl): every tap there is a lane of a
// gather, and the tables are built per block, which costs more than a tap
// of the contiguous folds the H-first block runs (max f32 1×85×611×39
// k[5,9] s[4,6]: 1.7× ORT through the tables; weights 2× and 4× took it
// from 2.9 to 0.6–0.8 ms CPU time, 2×477×48×35 k[6,7] s[3,6] from 2.0 to
// 0.95; 1× changed nothing).
func pltTabbedCost(w int) int {
	return w * pltTabWeight / 4
}

// pltTabWeight is the cost of a tap-table tap in quarters of a contiguous
// fold's.
const pltTabWeight = 8

// pvMaxOrder computes output rows [i0, i1) of output depth od of one plane
// (values only, T the storage and compute type) folding depth, then H, then
// W; see the comment above. It reports false, having written nothing the
// caller keeps, when the block must be computed in scan order (maxBlock).
// tab, when not nil, holds tap tables at the start of the scratch (kept).
// pw, when not nil, is the permute table of the W pass (pw_perm.go), which
// then replaces the levels and the folds.
func pvMaxOrder[T Number](j *job, s *scratch, src, dst []T, plane, od, i0, i1 int, tab *poolTabs, pw *pwPerm) bool {
	p := &j.wp
	H, W := p.in[1], p.in[2]
	Wo := p.out[2]
	B := i1 - i0
	if od < 0 || B <= 0 {
		return false
	}
	rlo := max(0, i0*p.s[1]-p.pb[1])
	rhi := min(H, (i1-1)*p.s[1]-p.pb[1]+(p.k[1]-1)*p.d[1]+1)
	nr := rhi - rlo
	zlo, zhi := tapWin(od, p.s[0], p.pb[0], p.d[0], p.k[0], p.in[0])
	if nr <= 0 || zhi <= zlo || tab != nil && !pvLevelsUse(p) && pw == nil {
		// (Rows narrow enough for the tap tables stream better through
		// them than through per-row folds, unless the levels apply.)
		return false
	}
	w, h := pvOrderCosts(p, B, nr, zhi-zlo)
	if tab != nil {
		w = pltTabbedCost(w)
	}
	if 4*h > 3*w {
		return false
	}
	low := lowest[T]()
	elem := int(unsafe.Sizeof(low))

	m := maxPass[T, T]{p: p, low: low, i0: i0, i1: i1}
	m.cl, m.ch = interior(p.s[2], p.pb[2], p.d[2], p.k[2], W, Wo)
	m.usePad, m.Wp = padRows(p, m.cl, m.ch)
	need := B * W
	levels := pw == nil && pvLevelsUse(p)
	if pw != nil {
		m.usePad = false
	}
	if levels {
		m.usePad = false
		need += pvLevelsLen(p, B)
	}
	if m.usePad {
		need += B * m.Wp
	}
	cols := m.ch - m.cl
	if m.usePad {
		cols = Wo
	}
	phLen := 0
	if !levels && pw == nil && plPhaseUse[T](p.s[2], p.d[2], p.k[2], cols) {
		phLen = plPhaseLen[T](p.s[2], p.d[2], p.k[2], B, Wo)
		need += phLen
	}
	if tab != nil {
		poolScratchFrom(s, tab.mark, need*elem+192)
	} else {
		s.reserve(need*elem + 192)
	}
	hs := take[T](s, B*W)
	if m.usePad {
		m.pad = take[T](s, B*m.Wp)
	}
	m.ph = take[T](s, phLen)
	var lv []T
	if levels {
		lv = take[T](s, pvLevelsLen(p, B))
	}

	// Depth and H taps into B rows of W.
	first := true
	for kz := zlo; kz < zhi; kz++ {
		zoff := plane*p.inPlane + (od*p.s[0]-p.pb[0]+kz*p.d[0])*H*W
		rows := newRunIter(p.s[1], p.pb[1], p.d[1], p.k[1], H, p.out[1], i0, i1)
		for {
			i, i2, ylo, yhi, ok := rows.next()
			if !ok {
				break
			}
			o := (i - i0) * W
			if ylo == yhi {
				if first {
					fill(hs[o:(i2-i0)*W], low)
				}
				continue
			}
			r := zoff + (i*p.s[1]-p.pb[1]+ylo*p.d[1])*W
			nrows, ncols := i2-i, W
			if p.s[1] == 1 {
				// Source and destination rows both W apart: one long row.
				nrows, ncols = 1, (i2-i)*W
			}
			foldMax(hs[o:], W, src[r:], p.s[1]*W, 1, p.d[1]*W, yhi-ylo, nrows, ncols, low, !first)
		}
		first = false
	}

	// W taps, straight into the block's output rows.
	outOff := plane*p.outPlane + (od*p.out[1]+i0)*Wo
	dV := dst[outOff : outOff+B*Wo]
	if pw != nil {
		pwPermMax(dV, Wo, hs, W, B, pw)
	} else if levels {
		pvWLevels(p, dV, hs, lv, B, low)
	} else {
		m.hs = dV
		m.srcT = hs
		m.wpass(hs, 0, 0, 0, B)
	}

	if !pvIsFloat[T]() || !pvAnyZero(dV) {
		return true
	}
	for kz := zlo; kz < zhi; kz++ {
		zoff := plane*p.inPlane + (od*p.s[0]-p.pb[0]+kz*p.d[0])*H*W
		if pvAnyNegZero(src[zoff+rlo*W : zoff+rhi*W]) {
			return false
		}
	}
	return true
}

// pvIsFloat reports whether T is float32 or float64.
func pvIsFloat[T Number]() bool { k := kindOf[T](); return k == kFloat32 || k == kFloat64 }

// pvAnyZero reports whether a float slice holds +0 or −0 (false for other
// types).
func pvAnyZero[T Number](v []T) bool {
	switch kindOf[T]() {
	case kFloat32:
		return pvAnyMasked32(unsafe.Slice((*uint32)(unsafe.Pointer(unsafe.SliceData(v))), len(v)), 0x7fffffff, 0)
	case kFloat64:
		return pvAnyMasked64(unsafe.Slice((*uint64)(unsafe.Pointer(unsafe.SliceData(v))), len(v)), 0x7fffffffffffffff, 0)
	}
	return false
}

// pvAnyNegZero reports whether a float slice holds −0 (false for other
// types).
func pvAnyNegZero[T Number](v []T) bool {
	switch kindOf[T]() {
	case kFloat32:
		return pvAnyMasked32(unsafe.Slice((*uint32)(unsafe.Pointer(unsafe.SliceData(v))), len(v)), 0xffffffff, 0x80000000)
	case kFloat64:
		return pvAnyMasked64(unsafe.Slice((*uint64)(unsafe.Pointer(unsafe.SliceData(v))), len(v)), 0xffffffffffffffff, 0x8000000000000000)
	}
	return false
}

// pvAnyMasked32Go reports whether some v[i]&mask == val.
func pvAnyMasked32Go(v []uint32, mask, val uint32) bool {
	for _, x := range v {
		if x&mask == val {
			return true
		}
	}
	return false
}

// pvAnyMasked64Go reports whether some v[i]&mask == val.
func pvAnyMasked64Go(v []uint64, mask, val uint64) bool {
	for _, x := range v {
		if x&mask == val {
			return true
		}
	}
	return false
}
