package kernels

import (
	"context"
	"math"
	"unsafe"
)

// MaxPool computes MaxPool-1/8/14 with the semantics of MaxPoolReference,
// bit for bit, in parallel on w. idx may be nil (values only, and then no
// index work is done). axis is the normalised MaxPool-8/14 index axis
// (0..rank-1).
func MaxPool[T Number, I Index](w *Workers, g Window, src, dst []T, idx []I, axis int) error {
	return MaxPoolContext(context.Background(), w, g, src, dst, idx, axis)
}

// MaxPoolContext is MaxPool that stops early, returning ctx.Err(), when ctx
// is cancelled; the context is checked between work units (a few rows of a
// plane), never inside them. dst and idx are then partially written.
func MaxPoolContext[T Number, I Index](ctx context.Context, w *Workers, g Window, src, dst []T, idx []I, axis int) error {
	p, err := g.plan()
	if err != nil {
		return err
	}
	if err := checkMaxArgs(&p, len(src), len(dst), idx != nil, len(idx), axis); err != nil {
		return err
	}
	if p.outLen() == 0 {
		return nil
	}
	if qrSmallRef[T](&p, idx != nil) {
		// Tiny tensors: the reference loop, no set-up (qr_rules.go).
		return MaxPoolReference(g, src, dst, idx, axis)
	}
	if p.inPlane >= math.MaxInt32 {
		// Plane indices would not fit the int32 index scratch.
		return MaxPoolReference(g, src, dst, idx, axis)
	}
	j := w.acquire()
	j.wp = p
	j.src = unsafe.Pointer(unsafe.SliceData(src))
	j.dst = unsafe.Pointer(unsafe.SliceData(dst))
	j.idx = nil
	j.flag = idx != nil
	if idx != nil {
		j.idx = unsafe.Pointer(unsafe.SliceData(idx))
		j.mode = newIdxMode(&p, axis)
		// Axes of extent 1 with a one-tap window dropped: rows of one
		// column pool as 1-D rows (qi_plane.go).
		qiSqueeze(&p)
		j.wp = p
	}
	j.ints[0] = 0
	// One thread's plan for a job too small to split (q2_split.go).
	thr := q2Threads(w, &p, poolIsHalf[T](), idx != nil, false, false)
	if idx != nil && qiUse[T](&p) {
		// Tiny planes with indices: whole-plane tap tables (qi_plane.go).
		j.fn = qiPlaneRunner[T, I]{}
		return w.run(ctx, j, q2Par(j, thr, qiPlanePlan(j, thr)))
	}
	if idx != nil && q3QiNarrowUse[T](&p) {
		// The same tables for narrow storage, widened per group
		// (q3_qinarrow.go).
		j.fn = q3QiNarrowRunner[T, I]{}
		return w.run(ctx, j, q2Par(j, thr, qiPlanePlan(j, thr)))
	}
	if rows, ok := poolRowsPlan(&p); ok {
		// 1-D: the planes are the rows of one plane, whose flat index is
		// the tensor's (folded by the axis modulus, if any). A window that
		// takes no element keeps its plane's first index (maxBlock).
		j.wp = rows
		j.ints[0] = 1
		if idx != nil {
			j.mode = idxMode{modSp: j.mode.modBase}
		}
	} else if idx == nil && psSelUse[T](&p) {
		// One depth and H tap with a stride: only the rows read, W-pooled
		// in batches (ps_select.go), the planes' rows stacked when they tile.
		if rows, ok := smPlanesRows(&p); ok {
			j.wp = rows
		}
		j.fn = psSelFn[T]()
		return w.run(ctx, j, q2Par(j, thr, psSelPlan(j, thr)))
	} else if idx == nil && psColUse[T](&p) {
		// One W tap with a stride: the H and depth taps folded over the
		// columns read (ps_cols.go).
		j.fn = psColRunner[T]{}
		return w.run(ctx, j, q2Par(j, thr, planRows(j, thr, int(unsafe.Sizeof(src[0])))))
	} else if rows, ok := smPlanesRows(&p); ok && idx == nil {
		j.wp = rows
	} else if idx == nil && qmRowsUse[T](j) && (p.k[1] >= qmSkDepth || !skMaxUse[T](&p, false)) {
		// Narrow 2-D planes: whole planes through p3's row table
		// (qm_rows.go); shallow three-tap windows stay on sk's rows.
		j.fn = p3MaxFn[T]()
		return w.run(ctx, j, q2Par(j, thr, p3Plan(j, thr)))
	} else if skMaxUse[T](&p, idx != nil) {
		// Three-tap W windows: one AVX-512 call per output row (sk_maxpool.go).
		j.fn = skMaxRunner[T]{}
		return w.run(ctx, j, q2Par(j, thr, skMaxPlan(j, thr)))
	}
	j.fn = maxRunner[T, I]{}
	j.ints[1] = 0
	par := planRows(j, thr, int(unsafe.Sizeof(src[0]))+4)
	if q3Use[T](j) {
		// 3-D windows with indices over few columns: depth taps first
		// over whole planes, then the first element equal (q3_depth.go).
		j.fn = q3DepthRunner[T, I]{}
		par = q3DepthPlan(j, thr)
	} else if pi4Use[T](j) {
		// Indices, columns first: an indexed fold of the window rows, the
		// values-only W pass, then the first column equal (pi4_col.go).
		j.fn = pi4MaxRunner[T, I]{}
		if pi4PlanePlan[T](j, thr) {
			j.fn = pi4PlaneRunner[T, I]{}
		}
	} else if piUse[T](j) {
		// Indices on narrow rows: values first, then the first element
		// equal to the maximum (pi_idx.go).
		j.fn = piMaxRunner[T, I]{}
	} else if idx == nil && p3Use[T](j) {
		// Narrow 3-D planes: whole planes through a row table (p3_rows.go).
		j.fn = p3MaxFn[T]()
		par = p3Plan(j, thr)
	} else if pltTinyUse(j, true, kindOf[T]() > kFloat64 && !poolIsHalf[T]()) {
		// Tiny planes: whole planes, windows folded directly (pl_tiny.go).
		j.fn = pltMaxFn[T, I]()
		par = pltTinyPlan(j, thr)
	} else if idx == nil && pwSkipDepth[T](j) {
		// Order-free blocks with the permute W pass (pw_perm.go).
	} else if ok, par2 := pool6DepthPlan(j, thr, max(4, int(unsafe.Sizeof(src[0]))), idx != nil); ok {
		par = par2
	}
	return w.run(ctx, j, q2Par(j, thr, par))
}

// poolRowsPlan turns a 1-D geometry (D and H of extent 1, no window along
// them) over many planes into one plane whose rows are the planes, so that
// units, folds and their setup cover many short rows at once. It reports
// false when the geometry is not 1-D, has a single plane, or its flat
// indices would not fit the int32 index scratch.
func poolRowsPlan(p *winPlan) (winPlan, bool) {
	for a := 0; a < 2; a++ {
		if p.in[a] != 1 || p.out[a] != 1 || p.k[a] != 1 || p.s[a] != 1 || p.d[a] != 1 || p.pb[a] != 0 || p.pe[a] != 0 {
			return *p, false
		}
	}
	if p.planes <= 1 || p.inLen() >= math.MaxInt32 {
		return *p, false
	}
	q := *p
	q.in[1], q.out[1] = p.planes, p.planes
	q.n, q.c, q.planes = 1, 1, 1
	q.inPlane, q.outPlane = p.inLen(), p.outLen()
	return q, true
}

// scratchBudget bounds the per-worker scratch a unit uses, in bytes, so that
// a unit's working set stays in L1/L2.
const scratchBudget = 48 << 10

// planRows splits the output into units of (plane, output depth, block of
// output rows) and stores the split in j. It reports whether the job is big
// enough to be worth running in parallel. elem is the scratch bytes per
// horizontal-pass element.
func planRows(j *job, threads, elem int) bool {
	p := &j.wp
	ho, wo := p.out[1], p.out[2]
	kd := (p.k[1]-1)*p.d[1] + 1
	// Rows of scratch one output row block needs: (b-1)*s + kd.
	maxB := ho
	if per := wo * elem; per > 0 {
		rowsFit := scratchBudget / per
		if b := (rowsFit-kd)/p.s[1] + 1; b < maxB {
			maxB = max(1, b)
		}
	}
	nb := (ho + maxB - 1) / maxB
	slices := p.planes * p.out[0]
	if threads > 1 && slices < 4*threads {
		nb = max(nb, min(ho, (4*threads+slices-1)/slices))
	}
	nb = max(nb, 1)
	b := (ho + nb - 1) / nb
	nb = (ho + b - 1) / b
	j.bRows, j.nb = b, nb
	j.units = slices * nb
	j.chunk = max(1, min(j.units/(16*threads), (1<<14)/max(1, b*wo))) // keep chunks ≲16K outputs
	work := p.outLen() * p.kernelVol
	return threads > 1 && work >= 1<<15 && j.units > 1
}

// unitRows decodes unit u of a pooling job into plane, output depth and output row range.
func (j *job) unitRows(u int) (plane, od, i0, i1 int) {
	return j.decodeUnit(u, j.wp.out[0], j.wp.out[1])
}

// decodeUnit splits unit u = (plane·outD + od)·nb + block into its plane, output depth and
// the output rows [i0, i1) of the block (blocks of bRows rows over outH rows).
func (j *job) decodeUnit(u, outD, outH int) (plane, od, i0, i1 int) {
	blk := u % j.nb
	u /= j.nb
	od = u % outD
	plane = u / outD
	i0 = blk * j.bRows
	i1 = min(i0+j.bRows, outH)
	return
}

func maxUnits[T Number, I Index](j *job, s *scratch, lo, hi int) {
	p := &j.wp
	src := unsafe.Slice((*T)(j.src), p.inLen())
	dst := unsafe.Slice((*T)(j.dst), p.outLen())
	var idx []I
	if j.flag {
		idx = unsafe.Slice((*I)(j.idx), p.outLen())
	}
	if half := poolIsHalf[T](); half || poolSmallInt[T]() && (j.flag || j.wp.out[2] <= 4 && poolTabUse[float32](j)) {
		// f16/bf16 and, with indices or rows of at most 4 outputs
		// (tap tables), 1- and 2-byte integers: widened to float32 per block (exact, order kept), so
		// the float32 folds (the 4-byte indexed ones, the tap tables)
		// apply. f16/bf16 start from float32's lowest, as the per-tensor
		// f32 path did.
		low := float32(lowest[T]())
		if half {
			low = lowest[float32]()
		}
		tab, ok := poolTabsFor[float32](j, s)
		tp := &tab
		if !ok {
			tp = nil
		}
		for u := lo; u < hi; u++ {
			plane, od, i0, i1 := pool6MaxUnit(j, u)
			maxBlock[T, float32](j, s, src, dst, idx, plane, od, i0, i1, true, low, tp)
		}
		return
	}
	tab, ok := poolTabsFor[T](j, s)
	tp := &tab
	if !ok {
		tp = nil
	}
	pv := pvOrderUse[T](j, ok) // values only: depth and H taps first (pv_order.go)
	var pw pwPerm              // narrow rows: the W pass through lane permutes (pw_perm.go)
	pwp := &pw
	if !pv || !pwPermBuild[T](pwp, p) {
		pwp = nil
	}
	for u := lo; u < hi; u++ {
		plane, od, i0, i1 := pool6MaxUnit(j, u)
		if pv && pvMaxOrder(j, s, src, dst, plane, od, i0, i1, tp, pwp) {
			continue
		}
		maxBlock[T, T](j, s, src, dst, idx, plane, od, i0, i1, false, lowest[T](), tp)
	}
}

// maxBlock computes output rows [i0, i1) of depth od of one plane, or, with
// od < 0, of every output depth of the plane (pool6DepthPlan: each input
// depth slice is pooled along H and W once into a cache and the depth taps
// fold the cached slices).
//
// The window is separable: for each valid depth tap (in order) the needed
// input rows are pooled along W into scratch, then the scratch rows are
// folded along H into the output rows. Each pass is one fused fold per
// group of rows or columns sharing their valid taps: all the taps of an
// output are folded in a register, in order, so the fold order is
// (d, h, w)-lexicographic per output, exactly the reference's scan order,
// and with the strict ">" update the result (value and index) is the
// reference's. With the depth cache each slice holds its (h, w) maximum and
// the first index of it, and the depth fold takes the first slice holding
// the overall maximum, so the result is the same.
//
// With cvt, the storage type S is widened per block into the compute type T
// (every S value exact in T, order kept): each depth tap's input rows are
// widened into scratch before the W pass and the output rows narrowed back
// at the end; low is then the storage type's lowest, widened (or, for
// f16/bf16, float32's, as the f32 path computes). Without cvt, S and T are
// the same type.
//
// With tab (narrow rows, poolTabsFor), the W and H passes of each depth tap
// are two tap-table streams (pooltab.go), the tables built once per block
// of rows and kept at the start of the scratch.
func maxBlock[S, T Number, I Index](j *job, s *scratch, src, dst []S, idx []I, plane, od, i0, i1 int, cvt bool, low T, tab *poolTabs) {
	p := &j.wp
	H, W := p.in[1], p.in[2]
	Ho, Wo := p.out[1], p.out[2]
	B := i1 - i0
	withIdx := idx != nil
	all := od < 0 // every output depth, through the depth-slice cache
	nd := 1       // output depths computed
	if all {
		od, nd = 0, p.out[0]
	}

	outOff := plane*p.outPlane + (od*Ho+i0)*Wo

	m := maxPass[S, T]{p: p, src: src, low: low, cvt: cvt, withIdx: withIdx, i0: i0, i1: i1, inBase: plane * p.inPlane}
	m.rlo = max(0, i0*p.s[1]-p.pb[1])
	rhi := min(H, (i1-1)*p.s[1]-p.pb[1]+(p.k[1]-1)*p.d[1]+1)
	m.nr = max(0, rhi-m.rlo)
	nr := m.nr

	elem := int(unsafe.Sizeof(low))
	ielem := 0
	if withIdx {
		ielem = 4
	}
	// The depth-slice cache: slices [zc0, zc0+nz) of B·Wo pooled values
	// (and indices), and the outputs in scratch when they are not written
	// in place (indices, narrowing).
	zc0, nz := 0, 0
	if all {
		zc0, nz = pool6DepthSpan(p)
	}
	direct := !cvt && !(all && withIdx)
	// With an H stride above the dilated H kernel some rows are read by no
	// window: the W pass then covers each output row's window rows only,
	// kept at their window position (plGapRows).
	hsRows := nr
	m.gap = nr > 0 && tab == nil && p.s[1] > (p.k[1]-1)*p.d[1]+1
	if m.gap {
		hsRows = max(nr, B*((p.k[1]-1)*p.d[1]+1))
	}
	need := hsRows*Wo*(elem+ielem) + nz*B*Wo*(elem+ielem)
	if !direct {
		need += nd * B * Wo * elem
	}
	if withIdx {
		need += nd * B * Wo * 4
	}
	m.cl, m.ch = interior(p.s[2], p.pb[2], p.d[2], p.k[2], W, Wo)
	m.useTab = nr > 0 && tab != nil
	// With many border columns, fold a copy of the rows padded with lowest
	// (never taken: the update is strict and accumulators start at lowest).
	m.usePad, m.Wp = padRows(p, m.cl, m.ch)
	if m.useTab {
		m.usePad = false
	}
	if m.usePad {
		need += nr * m.Wp * elem
	}
	if cvt {
		need += nr * W * elem
	}
	// Column stride 3..8: the W pass through the phase split
	// (pool8_phase.go).
	phLen := 0
	if nr > 0 && !m.useTab {
		cols := m.ch - m.cl
		if m.usePad {
			cols = Wo
		}
		if plPhaseUse[T](p.s[2], p.d[2], p.k[2], cols) {
			phLen = plPhaseLen[T](p.s[2], p.d[2], p.k[2], nr, Wo)
			need += phLen * elem
		}
	}
	if tab != nil {
		poolScratchFrom(s, tab.mark, need+192)
	} else {
		s.reserve(need + 192)
	}
	// dV/dI hold the nd output depths, depth od+e at e·dS.
	dS := B * Wo
	var dV []T
	if direct {
		if all {
			dS = Ho * Wo
		}
		dV = unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(dst[outOff:]))), (nd-1)*dS+B*Wo)
		m.srcT = unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(src))), len(src))
	} else {
		dV = take[T](s, nd*B*Wo)
		if !cvt {
			m.srcT = unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(src))), len(src))
		}
	}
	if cvt {
		m.wb = take[T](s, nr*W)
	}
	m.hs = take[T](s, hsRows*Wo)
	var dI []int32
	if withIdx {
		m.hI = take[int32](s, hsRows*Wo)
		dI = take[int32](s, nd*B*Wo)
	}
	var cV []T
	var cI []int32
	if nz > 0 {
		cV = take[T](s, nz*B*Wo)
		if withIdx {
			cI = take[int32](s, nz*B*Wo)
		}
	}
	if m.usePad {
		m.pad = take[T](s, nr*m.Wp)
	}
	m.ph = take[T](s, phLen)
	if m.useTab {
		m.tab = tab
		if tab.i0 != i0 || tab.i1 != i1 {
			tab.build(p, i0, i1, m.rlo, nr)
		}
	}

	switch {
	case nr == 0:
		// No input row: every window of the block is empty (dV holds nd
		// depths of B·Wo at stride dS; dI is dense).
		for e := 0; e < nd; e++ {
			fill(dV[e*dS:e*dS+B*Wo], low)
		}
		if withIdx {
			fill(dI, 0)
		}
	case all:
		pool6MaxDepths(&m, dV, dI, dS, cV, cI, zc0, nz)
	default:
		first := true // no depth tap folded into the output yet
		// Only the depth taps inside the input: a window made huge by huge
		// pads costs no more than the input it covers.
		zlo, zhi := tapWin(od, p.s[0], p.pb[0], p.d[0], p.k[0], p.in[0])
		for kz := zlo; kz < zhi; kz++ {
			m.slice(od*p.s[0]-p.pb[0]+kz*p.d[0], dV, dI, first)
			first = false
		}
		if first {
			fill(dV, low)
			if withIdx {
				fill(dI, 0)
			}
		}
	}
	if withIdx && j.ints[0] == 1 {
		// Rows are planes (poolRowsPlan): a window that took no element (index
		// 0 from the fold's start; a taken element of row i > 0 has a
		// non-zero index) has its plane's first index, i·W.
		for i := i0; i < i1; i++ {
			for e, v := range dI[(i-i0)*Wo:][:Wo] {
				if v == 0 {
					dI[(i-i0)*Wo+e] = int32(i * W)
				}
			}
		}
	}
	for e := 0; e < nd; e++ {
		o := outOff + e*Ho*Wo
		if cvt {
			poolNarrow(dst[o:o+B*Wo], dV[e*B*Wo:])
		} else if !direct {
			copy(unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(dst[o:]))), B*Wo), dV[e*B*Wo:])
		}
		if withIdx {
			b, c := plane/p.c, plane%p.c
			base := j.mode.base(b, c)
			out := idx[o : o+B*Wo]
			dIe := dI[e*B*Wo:][:B*Wo]
			if j.mode.modSp == 0 {
				writeIdx(out, dIe, base)
			} else {
				for x, v := range dIe {
					out[x] = I(base + j.mode.sp(uint64(v)))
				}
			}
		}
	}
}

// maxPass is the state of the W and H passes of one block of output rows
// [i0, i1) of one plane, shared by its depth slices: the source (as T
// without cvt, srcT; widened per slice into wb with cvt), the W-pass rows
// [rlo, rlo+nr) (hs, hI), the padded row copies, the interior columns
// [cl, ch) and the tap tables.
type maxPass[S, T Number] struct {
	p                   *winPlan
	src                 []S
	srcT, wb, hs, pad   []T
	ph                  []T // phase-split scratch (plPhaseMax), nil when unused
	hI                  []int32
	tab                 *poolTabs
	low                 T
	inBase, i0, i1      int
	rlo, nr, cl, ch, Wp int
	cvt, usePad, useTab bool
	withIdx             bool
	gap                 bool // H stride above the dilated H kernel: W pass of the window rows only
}

// slice folds the (H, W) windows of input depth z over the block's output
// rows into dV (and dI), B·Wo elements: into fresh accumulators when first,
// else into those already there (the next depth tap).
func (m *maxPass[S, T]) slice(z int, dV []T, dI []int32, first bool) {
	p := m.p
	H, W := p.in[1], p.in[2]
	Wo := p.out[2]
	i0, i1, rlo, nr := m.i0, m.i1, m.rlo, m.nr
	inBase, low, hs, hI, withIdx := m.inBase, m.low, m.hs, m.hI, m.withIdx
	zoff := z * H * W
	rowOff := zoff + rlo*W // plane offset of row rlo
	// sv[q-sb] is the input element at flat offset q.
	sv, sb := m.srcT, 0
	if m.cvt {
		poolWiden(m.wb, m.src[inBase+rowOff:inBase+rowOff+nr*W])
		sv, sb = m.wb, inBase+rowOff
	}
	if m.useTab {
		// W pass and H pass as two streams; the index of an input
		// element at offset o from row rlo is rowOff + o.
		tab := m.tab
		if withIdx {
			poolTabMax(hs, hI, sv[inBase+rowOff-sb:], nil, &tab.w, low, false, int32(rowOff))
			poolTabMax(dV, dI, hs, hI, &tab.h, low, !first, 0)
		} else {
			poolTabMax(hs, nil, sv[inBase+rowOff-sb:], nil, &tab.w, low, false, 0)
			poolTabMax(dV, nil, hs, nil, &tab.h, low, !first, 0)
		}
		return
	}
	if pfDirect(m, sv, sb, zoff, dV, dI, first) {
		return
	}
	if !m.gap {
		m.wpass(sv, sb, rowOff, 0, nr)
	} else {
		// Only the window rows of each output row, at hs rows
		// (i-i0)·kd + (y - (i·s - pb)).
		kd := (p.k[1]-1)*p.d[1] + 1
		for i := i0; i < i1; i++ {
			org := i*p.s[1] - p.pb[1]
			ya, yb := max(org, 0), min(org+kd, H)
			if yb > ya {
				m.wpass(sv, sb, zoff+ya*W, (i-i0)*kd+ya-org, yb-ya)
			}
		}
	}
	// H pass: fold the scratch rows into the output rows, one fold
	// per run of output rows with the same valid taps.
	rows := newRunIter(p.s[1], p.pb[1], p.d[1], p.k[1], H, p.out[1], i0, i1)
	for {
		i, i2, ylo, yhi, ok := rows.next()
		if !ok {
			break
		}
		o := (i - i0) * Wo
		if ylo == yhi {
			if first {
				fill(dV[o:(i2-i0)*Wo], low)
				if withIdx {
					fill(dI[o:(i2-i0)*Wo], 0)
				}
			}
			continue
		}
		r := (i*p.s[1] - p.pb[1] + ylo*p.d[1] - rlo) * Wo
		rs := p.s[1] * Wo // hs elements between output rows
		if m.gap {
			kd := (p.k[1]-1)*p.d[1] + 1
			r, rs = ((i-i0)*kd+ylo*p.d[1])*Wo, kd*Wo
		}
		nrows, ncols := i2-i, Wo
		if p.s[1] == 1 {
			// Stride 1: source and destination rows are both
			// contiguous with stride Wo, so the run is one long
			// row (no per-row vector tail).
			nrows, ncols = 1, (i2-i)*Wo
		}
		if withIdx {
			foldMaxIdx(dV[o:], dI[o:], Wo, hs[r:], hI[r:], rs, p.d[1]*Wo, yhi-ylo, nrows, ncols, low, !first)
		} else {
			foldMax(dV[o:], Wo, hs[r:], rs, 1, p.d[1]*Wo, yhi-ylo, nrows, ncols, low, !first)
		}
	}
}

// wpass is the W pass of nr input rows starting at plane offset rowOff
// (sv[q-sb] is the input element at flat offset q) into hs rows from hsRow.
func (m *maxPass[S, T]) wpass(sv []T, sb, rowOff, hsRow, nr int) {
	p := m.p
	W := p.in[2]
	Wo := p.out[2]
	cl, ch := m.cl, m.ch
	inBase, low, withIdx := m.inBase, m.low, m.withIdx
	hs := m.hs[hsRow*Wo:]
	var hI []int32
	if withIdx {
		hI = m.hI[hsRow*Wo:]
	}
	// W pass over the rows into hs: interior
	// columns in one fold, border columns one by one (or all
	// columns in one fold over padded rows).
	if m.usePad {
		Wp := m.Wp
		copyPadded(m.pad, Wp, sv[inBase+rowOff-sb:], W, nr, p.pb[2], low)
		if withIdx {
			m.wmaxIdx(hs, hI, Wo, m.pad, Wp, nr, Wo,
				int32(rowOff-p.pb[2]), int32(W), int32(p.s[2]), int32(p.d[2]))
		} else {
			m.wmax(hs, Wo, m.pad, Wp, nr, Wo)
		}
	} else if cl == 0 && ch == Wo && W == p.s[2]*Wo {
		// No border columns and rows exactly s·Wo wide: source,
		// destination and indices are linear across rows, so the
		// pass is one long row (no per-row vector tail).
		off := -p.pb[2] // 0: column 0 is interior, so there is no left pad
		if withIdx {
			m.wmaxIdx(hs, hI, nr*Wo, sv[inBase+rowOff+off-sb:], nr*W, 1, nr*Wo,
				int32(rowOff+off), 0, int32(p.s[2]), int32(p.d[2]))
		} else {
			m.wmax(hs, nr*Wo, sv[inBase+rowOff+off-sb:], nr*W, 1, nr*Wo)
		}
	} else if ch > cl {
		off := cl*p.s[2] - p.pb[2]
		if withIdx {
			m.wmaxIdx(hs[cl:], hI[cl:], Wo, sv[inBase+rowOff+off-sb:], W, nr, ch-cl,
				int32(rowOff+off), int32(W), int32(p.s[2]), int32(p.d[2]))
		} else {
			m.wmax(hs[cl:], Wo, sv[inBase+rowOff+off-sb:], W, nr, ch-cl)
		}
	}
	for c := 0; c < Wo && !m.usePad; c++ {
		if c == cl && ch > cl {
			c = ch - 1
			continue
		}
		xlo, xhi := tapWin(c, p.s[2], p.pb[2], p.d[2], p.k[2], W)
		if xlo == xhi {
			for r := 0; r < nr; r++ {
				hs[r*Wo+c] = low
			}
			continue
		}
		off := c*p.s[2] - p.pb[2] + xlo*p.d[2]
		if withIdx {
			foldMaxIdxLin(hs[c:], hI[c:], Wo, sv[inBase+rowOff+off-sb:], W, 1, p.d[2], xhi-xlo, nr, 1, low, false,
				int32(rowOff+off), int32(W), 0, int32(p.d[2]))
		} else {
			foldMax(hs[c:], Wo, sv[inBase+rowOff+off-sb:], W, 1, p.d[2], xhi-xlo, nr, 1, low, false)
		}
	}
}

// wmax is the values-only W-pass fold of rows × cols outputs (column
// stride, dilation and taps of the plan's W axis) from fresh accumulators:
// through the phase split when maxBlock reserved its scratch for it.
func (m *maxPass[S, T]) wmax(dst []T, ds int, src []T, sr, rows, cols int) {
	p := m.p
	if pfWUse[T](p.s[2]) && pfFoldMax(dst, ds, src, sr, p.s[2], p.d[2], p.k[2], 0, 1, rows, cols, m.low, false) {
		return
	}
	if m.ph != nil && plPhaseUse[T](p.s[2], p.d[2], p.k[2], cols) && plPhaseLen[T](p.s[2], p.d[2], p.k[2], rows, cols) <= len(m.ph) {
		plPhaseMax(dst, ds, src, sr, p.s[2], p.d[2], p.k[2], rows, cols, m.low, m.ph)
		return
	}
	foldMax(dst, ds, src, sr, p.s[2], p.d[2], p.k[2], rows, cols, m.low, false)
}

// wmaxIdx is wmax with indices: foldMaxIdxLin from fresh accumulators,
// the index of the element of row r, column c, tap t being
// i0 + r·ir + c·ic + t·it.
func (m *maxPass[S, T]) wmaxIdx(dst []T, di []int32, ds int, src []T, sr, rows, cols int, i0, ir, ic, it int32) {
	p := m.p
	if pfWUse[T](p.s[2]) && pfFoldMaxIdx(dst, di, ds, src, sr, p.s[2], p.d[2], p.k[2], 0, 1, rows, cols, m.low, false, i0, ir, ic, it, 0) {
		return
	}
	if m.ph != nil && plPhaseUse[T](p.s[2], p.d[2], p.k[2], cols) && plPhaseLen[T](p.s[2], p.d[2], p.k[2], rows, cols) <= len(m.ph) {
		plPhaseMaxIdx(dst, di, ds, src, sr, p.s[2], p.d[2], p.k[2], rows, cols, m.low, m.ph, i0, ir, ic, it)
		return
	}
	foldMaxIdxLin(dst, di, ds, src, sr, p.s[2], p.d[2], p.k[2], rows, cols, m.low, false, i0, ir, ic, it)
}

// writeIdxGo stores base+plane index as I (wrapping for int32, as the
// reference's size_t → int32 conversion does).
func writeIdxGo[I Index](out []I, dI []int32, base uint64) {
	out = out[:len(dI)]
	for e, v := range dI {
		out[e] = I(base + uint64(v))
	}
}
