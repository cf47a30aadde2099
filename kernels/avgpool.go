package kernels

import (
	"context"
	"unsafe"
)

// AvgPool computes AvgPool-1/14 (AvgPool-16 when Dilations are given) in
// parallel on w, with the semantics of AvgPoolReference.
//
// Integer results are identical to the reference. Float results are the same
// sums taken in a different order (separable: W, then H, then D), divided by
// the same count, so they differ from the reference by float rounding
// only: the tests bound the difference by (kernel volume + 2)·ε·Σ|x|/count.
func AvgPool[T Number](w *Workers, g Window, src, dst []T, excludePad bool) error {
	return AvgPoolContext(context.Background(), w, g, src, dst, excludePad)
}

// AvgPoolContext is AvgPool that stops early, returning ctx.Err(), when ctx
// is cancelled; the context is checked between work units.
func AvgPoolContext[T Number](ctx context.Context, w *Workers, g Window, src, dst []T, excludePad bool) error {
	p, err := g.plan()
	if err != nil {
		return err
	}
	if err := checkLens("src", len(src), p.inLen()); err != nil {
		return err
	}
	if err := checkLens("dst", len(dst), p.outLen()); err != nil {
		return err
	}
	if p.outLen() == 0 {
		return nil
	}
	j := w.acquire()
	j.wp = p
	j.src = unsafe.Pointer(unsafe.SliceData(src))
	j.dst = unsafe.Pointer(unsafe.SliceData(dst))
	j.idx = nil
	j.flag = !excludePad && p.padsAny // pads count in the divisor
	if rows, ok := poolRowsPlan(&p); ok {
		j.wp = rows // 1-D: the planes are the rows of one plane
	}
	elem := int(unsafe.Sizeof(src[0]))
	switch {
	case poolIsHalf[T]():
		j.fn = poolAvgHalfRunner[T]{} // f16/bf16: summed in float32
		elem = 4
	case kindOf[T]() <= kFloat64:
		j.fn = avgFloatRunner[T]{}
	default:
		j.fn = avgIntRunner[T]{}
		elem = avgiPlanElem[T](&j.wp)
	}
	par := planRows(j, w.threadsFor(), elem)
	return w.run(ctx, j, par)
}

func avgUnitsFloat[T Number](j *job, s *scratch, lo, hi int) {
	p := &j.wp
	src := unsafe.Slice((*T)(j.src), p.inLen())
	dst := unsafe.Slice((*T)(j.dst), p.outLen())
	tab, ok := poolTabsFor[T](j, s)
	tp := &tab
	if !ok {
		tp = nil
	}
	for u := lo; u < hi; u++ {
		plane, od, i0, i1 := j.unitRows(u)
		avgBlockFloat[T, T](j, s, src, dst, plane, od, i0, i1, false, tp)
	}
}

// avgBlockFloat sums separably (W pass into scratch, H pass into the output
// rows, over the valid depth taps) and divides by the per-output count.
//
// With cvt, the storage type S (f16/bf16) is widened per block into the
// compute type T (float32) exactly as the per-tensor path widens the whole
// tensor (F16ToF32/BF16ToF32): each depth tap's input rows just before its
// W pass. The sums, their order and the divisions are the float32 kernel's,
// and the output rows are narrowed at the end as the per-tensor path
// narrows (F32ToF16/F32ToBF16, NaN included), so the results are its bits.
//
// With tab (narrow rows, poolTabsFor), the W and H passes of each depth tap
// are two tap-table sums (pooltab.go) in the same tap order, and every
// division is left to avgDivide.
func avgBlockFloat[S, T Number](j *job, s *scratch, src, dst []S, plane, od, i0, i1 int, cvt bool, tab *poolTabs) {
	p := &j.wp
	H, W := p.in[1], p.in[2]
	Wo := p.out[2]
	B := i1 - i0
	outOff := plane*p.outPlane + (od*p.out[1]+i0)*Wo

	rlo := max(0, i0*p.s[1]-p.pb[1])
	rhi := min(H, (i1-1)*p.s[1]-p.pb[1]+(p.k[1]-1)*p.d[1]+1)
	nr := max(0, rhi-rlo)
	var z0 T
	elem := int(unsafe.Sizeof(z0))
	cl, ch := interior(p.s[2], p.pb[2], p.d[2], p.k[2], W, Wo)
	// With many border columns, fold a copy of the rows padded with zeros.
	usePad, Wp := padRows(p, cl, ch)
	useTab := nr > 0 && tab != nil
	if useTab {
		usePad = false
	}
	padBytes := 0
	if usePad {
		padBytes = nr * Wp * elem
	}
	cvtBytes := 0
	if cvt {
		cvtBytes = (nr*W+B*Wo)*elem + 64
	}
	if need := (nr+1)*Wo*elem + 4*Wo + padBytes + cvtBytes + 192; tab != nil {
		poolScratchFrom(s, tab.mark, need)
	} else {
		s.reserve(need)
	}
	if useTab && (tab.i0 != i0 || tab.i1 != i1) {
		tab.build(p, i0, i1, rlo, nr)
	}
	hs := take[T](s, nr*Wo)
	den := take[T](s, Wo)
	var pad []T
	if usePad {
		pad = take[T](s, nr*Wp)
	}
	var dV, wb, srcT []T
	if cvt {
		dV = take[T](s, B*Wo)
		wb = take[T](s, nr*W)
	} else {
		dV = unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(dst[outOff:]))), B*Wo)
		srcT = unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(src))), len(src))
	}

	// With pads counted every output is divided by the kernel volume: fused
	// into the H pass of the last depth tap. So is every output when no
	// window is clipped by the input's edges.
	zFirst, zLast := tapWin(od, p.s[0], p.pb[0], p.d[0], p.k[0], p.in[0])
	zLast--
	uniform := j.flag || p.allInterior()
	scaled := false
	cz := 0
	if nr > 0 {
		inBase := plane * p.inPlane
		for kz := zFirst; kz <= zLast; kz++ {
			z := od*p.s[0] - p.pb[0] + kz*p.d[0]
			div := T(1)
			if uniform && kz == zLast && !useTab {
				div, scaled = T(p.kernelVol), true
			}
			rowOff := inBase + z*H*W + rlo*W
			// sv[q-sb] is the input element at flat offset q.
			sv, sb := srcT, 0
			if cvt {
				poolWidenExact(wb, src[rowOff:rowOff+nr*W])
				sv, sb = wb, rowOff
			}
			if useTab {
				poolTabAdd(hs, sv[rowOff-sb:], &tab.w, false)
				poolTabAdd(dV, hs, &tab.h, cz > 0)
				cz++
				continue
			}
			// W pass: interior columns in one fold, border columns one by
			// one (or all columns in one fold over zero-padded rows).
			if usePad {
				copyPadded(pad, Wp, sv[rowOff-sb:], W, nr, p.pb[2], 0)
				foldAdd(hs, Wo, pad, Wp, p.s[2], p.d[2], p.k[2], nr, Wo, false, 1)
			} else if ch > cl {
				foldAdd(hs[cl:], Wo, sv[rowOff-sb+cl*p.s[2]-p.pb[2]:], W, p.s[2], p.d[2], p.k[2], nr, ch-cl, false, 1)
			}
			for c := 0; c < Wo && !usePad; c++ {
				if c == cl && ch > cl {
					c = ch - 1
					continue
				}
				xlo, xhi := tapWin(c, p.s[2], p.pb[2], p.d[2], p.k[2], W)
				if xlo == xhi {
					for r := 0; r < nr; r++ {
						hs[r*Wo+c] = 0
					}
					continue
				}
				foldAdd(hs[c:], Wo, sv[rowOff-sb+c*p.s[2]-p.pb[2]+xlo*p.d[2]:], W, 1, p.d[2], xhi-xlo, nr, 1, false, 1)
			}
			// H pass: one fold per run of output rows with the same valid taps.
			rows := newRunIter(p.s[1], p.pb[1], p.d[1], p.k[1], H, p.out[1], i0, i1)
			for {
				i, i2, ylo, yhi, ok := rows.next()
				if !ok {
					break
				}
				o := (i - i0) * Wo
				if ylo == yhi {
					if cz == 0 {
						fill(dV[o:(i2-i0)*Wo], 0)
					}
					continue
				}
				r := (i*p.s[1] - p.pb[1] + ylo*p.d[1] - rlo) * Wo
				foldAdd(dV[o:], Wo, hs[r:], p.s[1]*Wo, 1, p.d[1]*Wo, yhi-ylo, i2-i, Wo, cz > 0, div)
			}
			cz++
		}
	}
	if cz == 0 {
		fill(dV, 0)
	}
	avgDivide(j, s, dV, den, i0, i1, cz, cl, ch, scaled)
	if cvt {
		poolNarrowExact(dst[outOff:outOff+B*Wo], dV)
	}
}

// avgDivide divides the sums dV of output rows [i0, i1) by their counts
// (nothing when scaled already did in the last H pass); cz is the number of
// valid depth taps, [cl, ch) the interior columns, den scratch of Wo.
func avgDivide[T Number](j *job, s *scratch, dV, den []T, i0, i1, cz, cl, ch int, scaled bool) {
	p := &j.wp
	H, W := p.in[1], p.in[2]
	Wo := p.out[2]
	B := i1 - i0
	// Divide. With pads counted the count is the kernel volume; otherwise
	// the product of per-axis valid tap counts.
	if scaled {
		return
	}
	if j.flag {
		fill(den, T(p.kernelVol))
		divRect(dV, Wo, den, B, Wo)
		return
	}
	if cz == 0 {
		return // all zero: no valid depth tap (or no valid rows)
	}
	// Per-column valid counts, once per block; a row's divisor is
	// cz·cy·cw[c]. Columns with no valid tap hold a zero sum: divide by 1.
	cw := take[int32](s, Wo)
	for c := 0; c < Wo; c++ {
		if c >= cl && c < ch {
			cw[c] = int32(p.k[2])
			continue
		}
		lo, hi := tapWin(c, p.s[2], p.pb[2], p.d[2], p.k[2], W)
		cw[c] = int32(max(hi-lo, 0))
	}
	prevCy := -1
	rows := newRunIter(p.s[1], p.pb[1], p.d[1], p.k[1], H, p.out[1], i0, i1)
	for {
		i, i2, lo, hi, ok := rows.next()
		if !ok {
			break
		}
		cy := cz * (hi - lo)
		if cy == 0 {
			continue // row is all zeros; count 0 gives 0
		}
		if cy != prevCy {
			for c := range den {
				den[c] = T(max(cy*int(cw[c]), 1))
			}
			prevCy = cy
		}
		divRect(dV[(i-i0)*Wo:], Wo, den, i2-i, Wo)
	}
}

// tapWin returns the range [lo, hi) of taps t in [0, k) whose position
// o*s - pb + t*d is inside [0, in).
func tapWin(o, s, pb, d, k, in int) (lo, hi int) {
	org := o*s - pb
	lo = max(0, ceilDiv(-org, d))
	hi = min(k, floorDiv(in-1-org, d)+1)
	if hi < lo {
		hi = lo
	}
	return
}
