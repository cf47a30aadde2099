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
	if kindOf[T]() > kFloat64 && qrSmallRef[T](&p, false) {
		// Tiny integer tensors: the reference loop, no set-up (qr_rules.go).
		return AvgPoolReference(g, src, dst, excludePad)
	}
	j := w.acquire()
	j.wp = p
	j.src = unsafe.Pointer(unsafe.SliceData(src))
	j.dst = unsafe.Pointer(unsafe.SliceData(dst))
	j.idx = nil
	j.flag = !excludePad && p.padsAny // pads count in the divisor
	// No flags left by an earlier job: pltTinyUse and pa4DeepUse read
	// ints[0] (round 15, qr: with tiny MaxPools no longer setting it, a 1-D
	// MaxPool's 1 changed the next AvgPool's path).
	j.ints[0], j.ints[1] = 0, 0
	if qtReduce(&p, j.flag) {
		// Axes of one row, one tap or a row select reduced (qt_reduce.go).
		j.wp = p
	}
	// One thread's plan for a job too small to split (q2_split.go).
	thr := q2Threads(w, &p, poolIsHalf[T](), false, true, kindOf[T]() > kFloat64 && !poolIsHalf[T]())
	if qtIntRowsUse[T](&p) {
		// 1-D integer rows of few taps: direct sums (qt_rows.go).
		j.fn = qtIntRowsRunner[T]{}
		return w.run(ctx, j, pltTinyPlan(j, thr))
	}
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
	par := planRows(j, thr, elem)
	par = par || pa4SplitSmall(j, thr) // small runs split too (pa4_deep.go)
	if (poolIsHalf[T]() || kindOf[T]() <= kFloat64) && qtTinyDeepUse(j) {
		// Deep windows over tiny planes, fewer taps than either
		// separable path's work: direct sums (qt_tiny.go).
		j.fn = pltAvgFn[T]()
		par = pltTinyPlan(j, thr)
	} else if (poolIsHalf[T]() || kindOf[T]() <= kFloat64) && pa4DeepUse(j) {
		// Deep windows over tiny output planes: whole planes (pa4_deep.go).
		j.fn = pa4DeepFn[T]()
		par = pltTinyPlan(j, thr)
	} else if pltTinyUse(j, false, false) || kindOf[T]() > kFloat64 && !poolIsHalf[T]() && qaTinyInt(j) {
		// Tiny planes: whole planes, windows summed directly (pl_tiny.go).
		j.fn = pltAvgFn[T]()
		par = pltTinyPlan(j, thr)
	} else if poolIsHalf[T]() && qaStackUse[float32](j) || kindOf[T]() <= kFloat64 && qaStackUse[T](j) {
		// 2-D windows over small planes: planes stacked (qa_stack.go).
		j.fn = qaStackFn[T]()
		par = qaStackPlan(j, thr)
	}
	return w.run(ctx, j, q2Par(j, thr, par))
}

func avgUnitsFloat[T Number](j *job, s *scratch, lo, hi int) {
	p := &j.wp
	src := unsafe.Slice((*T)(j.src), p.inLen())
	dst := unsafe.Slice((*T)(j.dst), p.outLen())
	if pvAvgUse[T](j) { // narrow rows: depth and H taps first (pv_avg.go)
		cols := pvColsFor(p)
		for u := lo; u < hi; u++ {
			plane, od, i0, i1 := j.unitRows(u)
			pvAvgBlock[T, T](j, s, src, dst, plane, od, i0, i1, false, &cols)
		}
		return
	}
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
	// Dense W pass (paDenseW): every position of the rows summed with
	// contiguous shifted adds, the outputs picked by one strided fold;
	// border columns through zero-padded rows.
	dense := nr > 0 && !useTab && paDenseW[T](p, cl, ch)
	if dense && (cl > 0 || ch < Wo) {
		usePad, Wp = true, paPadWidth(p)
	}

	cvtBytes := 0
	if cvt {
		cvtBytes = (nr*W+B*Wo)*elem + 64
	}
	// H first (pqHFirst): the valid rows of each output row are summed
	// into one row of W, and only those B rows go through the W pass.
	hFirst := nr > 0 && !useTab && pqHFirst(p, usePad)
	wRows := nr // rows through the W pass
	hsRows := nr
	if hFirst {
		wRows, hsRows = B, max(nr, B) // a block may have fewer input rows than output rows
	}
	padBytes := 0
	if usePad {
		padBytes = hsRows * Wp * elem
	}
	// Column stride 3..8 (2 for float64): the W pass through the phase
	// split (pool8_phase.go), as MaxPool's.
	phLen := 0
	if nr > 0 && !useTab {
		cols := ch - cl
		if usePad {
			cols = Wo
		}
		if plPhaseUse[T](p.s[2], p.d[2], p.k[2], cols) {
			phLen = plPhaseLen[T](p.s[2], p.d[2], p.k[2], wRows, cols)
		}
	}
	hfLen := 0
	if hFirst {
		hfLen = B * W
	}
	dnLen := 0
	if dense {
		dnLen = wRows * W
		if usePad {
			dnLen = wRows * Wp
		}
	}
	// Depth first (pqDFirst): the sum of the valid depth slices' rows
	// (dacc), and with cvt all of them widened (wb).
	dFirst := nr > 0 && pqDFirst(p)
	daccLen, wbLen := 0, nr*W
	if dFirst {
		daccLen = nr * W
		wbLen = min(p.k[0], p.in[0]) * nr * W
		cvtBytes += (wbLen - nr*W) * elem
	}
	if need := (hsRows+1)*Wo*elem + 4*Wo + padBytes + cvtBytes + (phLen+hfLen+daccLen+dnLen)*elem + 256; tab != nil {
		poolScratchFrom(s, tab.mark, need)
	} else {
		s.reserve(need)
	}
	if useTab && (tab.i0 != i0 || tab.i1 != i1) {
		tab.build(p, i0, i1, rlo, nr)
	}
	hs := take[T](s, hsRows*Wo)
	den := take[T](s, Wo)
	ph := take[T](s, phLen)
	hf := take[T](s, hfLen)
	dacc := take[T](s, daccLen)
	dn := take[T](s, dnLen)
	var pad []T
	if usePad {
		pad = take[T](s, hsRows*Wp)
	}
	var dV, wb, srcT []T
	if cvt {
		dV = take[T](s, B*Wo)
		wb = take[T](s, wbLen)
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
	// wpass sums rows of W elements (rs[q-sb] is the element at flat
	// offset q, the first row at flat offset off) along W into hs:
	// interior columns in one fold, border columns one by one (or all
	// columns in one fold over zero-padded rows).
	wpass := func(rs []T, sb, off, rows int) {
		if dense {
			paDenseWAdd(hs, dn, rs[off-sb:], pad, p, rows, cl, ch, usePad, Wp)
			return
		}
		if usePad {
			copyPadded(pad, Wp, rs[off-sb:], W, rows, p.pb[2], 0)
			avgWAdd(hs, Wo, pad, Wp, p, rows, Wo, ph)
		} else if ch > cl {
			avgWAdd(hs[cl:], Wo, rs[off-sb+cl*p.s[2]-p.pb[2]:], W, p, rows, ch-cl, ph)
		}
		for c := 0; c < Wo && !usePad; c++ {
			if c == cl && ch > cl {
				c = ch - 1
				continue
			}
			xlo, xhi := tapWin(c, p.s[2], p.pb[2], p.d[2], p.k[2], W)
			if xlo == xhi {
				for r := 0; r < rows; r++ {
					hs[r*Wo+c] = 0
				}
				continue
			}
			foldAdd(hs[c:], Wo, rs[off-sb+c*p.s[2]-p.pb[2]+xlo*p.d[2]:], W, 1, p.d[2], xhi-xlo, rows, 1, false, 1)
		}
	}
	// slice sums the (H, W) windows of one depth slice (or, depth first,
	// of the sum of the valid slices) into dV: sv[q-sb] is the element at
	// flat offset q, the slice's first row at rowOff; div divides the
	// last fold (pads counted or no clipped window).
	slice := func(sv []T, sb, rowOff int, div T) {
		if useTab {
			poolTabAdd(hs, sv[rowOff-sb:], &tab.w, false)
			poolTabAdd(dV, hs, &tab.h, cz > 0)
			cz++
			return
		}
		rows := newRunIter(p.s[1], p.pb[1], p.d[1], p.k[1], H, p.out[1], i0, i1)
		if hFirst {
			// H pass into hf (B rows of W), then the W pass of those
			// rows into hs, added into the output.
			for {
				i, i2, ylo, yhi, ok := rows.next()
				if !ok {
					break
				}
				o := (i - i0) * W
				if ylo == yhi {
					fill(hf[o:(i2-i0)*W], 0)
					continue
				}
				r := rowOff - sb + (i*p.s[1]-p.pb[1]+ylo*p.d[1]-rlo)*W
				foldAdd(hf[o:], W, sv[r:], p.s[1]*W, 1, p.d[1]*W, yhi-ylo, i2-i, W, false, 1)
			}
			wpass(hf, 0, 0, B)
			// Row by row (not one long row): which routine adds an
			// element then depends on its column only, never on the
			// block split (NaN payloads stay the same on every
			// thread count).
			foldAdd(dV, Wo, hs, Wo, 1, 1, 1, B, Wo, cz > 0, div)
			cz++
			return
		}
		wpass(sv, sb, rowOff, nr)
		// H pass: one fold per run of output rows with the same valid taps.
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
	if nz := zLast - zFirst + 1; nr > 0 && dFirst && nz > 0 {
		// Depth first: the valid slices' rows added element-wise (one
		// fold of nz taps over nr·W contiguous elements), then one H and
		// W pass; the divisor counts nz depth taps.
		div := T(1)
		if uniform && !useTab {
			div, scaled = T(p.kernelVol), true
		}
		z0 := od*p.s[0] - p.pb[0] + zFirst
		rowOff := plane*p.inPlane + z0*H*W + rlo*W
		if cvt {
			for k := 0; k < nz; k++ {
				poolWidenExact(wb[k*nr*W:], src[rowOff+k*H*W:rowOff+k*H*W+nr*W])
			}
			foldAdd(dacc, nr*W, wb, nr*W, 1, nr*W, nz, 1, nr*W, false, 1)
		} else {
			foldAdd(dacc, nr*W, srcT[rowOff:], nr*W, 1, H*W, nz, 1, nr*W, false, 1)
		}
		slice(dacc, rowOff, rowOff, div)
		cz = nz
	} else if nr > 0 {
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
			slice(sv, sb, rowOff, div)
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

// pqDFirst reports whether float AvgPool adds the valid depth slices of a
// unit first (round 9): for small output planes the per-slice H and W
// passes are a few tiny calls each, and a 3-D kernel repeats them for
// every depth tap (e.g. f16 5×212×17×9×11 k[6,3,3]: 2×3 outputs per
// slice, slower than the scalar reference). Then one fold adds the nz
// slices' rows and one H and W pass follows. The sums are taken in
// another order (within the documented bound); the choice depends on the
// geometry only, so results do not depend on the thread count.
func pqDFirst(p *winPlan) bool {
	return p.k[0] > 1 && p.d[0] == 1 && p.out[1]*p.out[2] <= 64 && min(p.k[0], p.in[0])*p.in[1]*p.in[2] <= paDFirstSlab
}

// pqHFirst reports whether float AvgPool sums along H first (round 9): the
// H pass then adds B rows of W contiguous elements per H tap, and only the
// B output rows (not the nr input rows they cover) go through the W pass,
// which costs more per element (its columns are strided, gathered or
// split by phase, and it has border columns). Sums are taken in a
// different order than W first; both are within the documented bound
// ((taps+2)·ε·Σ|x|/count), which holds for any order. The choice depends
// on the geometry only (a whole plane's rows), never on the block split,
// so results do not depend on the thread count.
func pqHFirst(p *winPlan, usePad bool) bool {
	B := p.out[1]
	nr := min(p.in[1], (B-1)*p.s[1]+(p.k[1]-1)*p.d[1]+1)
	if nr <= B {
		return false
	}
	W, Wo, kh, kw := p.in[2], p.out[2], p.k[1], p.k[2]
	// Cost per W-pass output tap relative to a contiguous add: gathered or
	// split columns, and narrow rows (per-row overhead), cost more.
	cw := 1
	if p.s[2] > 1 {
		cw = 3
	}
	if Wo < 16 {
		cw *= 2
	}
	if usePad {
		cw++
	}
	wFirst := nr*Wo*kw*cw + B*Wo*kh
	hFirst := B*W*kh + B*Wo*kw*cw + B*Wo
	return hFirst < wFirst
}

// avgWAdd is the W-pass sum of rows × cols outputs from fresh
// accumulators: through the phase split when avgBlockFloat reserved its
// scratch ph for it, else the direct (gathered) fold.
func avgWAdd[T Number](dst []T, ds int, src []T, sr int, p *winPlan, rows, cols int, ph []T) {
	if len(ph) > 0 && plPhaseUse[T](p.s[2], p.d[2], p.k[2], cols) && plPhaseLen[T](p.s[2], p.d[2], p.k[2], rows, cols) <= len(ph) {
		plPhaseAdd(dst, ds, src, sr, p.s[2], p.d[2], p.k[2], rows, cols, ph)
		return
	}
	foldAdd(dst, ds, src, sr, p.s[2], p.d[2], p.k[2], rows, cols, false, 1)
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
