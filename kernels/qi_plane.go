package kernels

import "unsafe"

// Whole-plane tap tables for MaxPool with indices (round 15, helper qi).
//
// On tiny output planes (a few outputs a plane, such as maxidx f32
// 3×373×38×13×2 k[2,6,1] s[6,6,4] d[1,2,1]: 14 outputs of at most 12 taps)
// the separable kernels pay their per-unit cost (the plan of a block, the
// tap tables of its W and H passes, four fold calls a plane and depth) for
// a handful of outputs: 1.8 µs a plane against the scalar reference's 0.7.
// Here the windows of a group of planes are one stream per tap of the
// outer axes: the stride axis is the innermost axis whose window has more
// than one tap (its taps are one table entry's taps, off + t·ts), the axes
// inside it have one tap (fixed per output, or none), and for each tap
// (in scan order) of the axes outside it one AVX-512 tap-table fold
// (poolTabMax) takes every output of the group, its valid taps along the
// stride axis in order. The folds run in the reference's scan order (depth,
// row, column) with the strict ">" update, starting from lowest and the
// plane's first element as index: values and indices are the reference's
// bit for bit. The tables are the same for every group of planes (offsets
// from the group's first element); a worker builds them once per chunk.

// qiMaxGroupOut is the number of outputs a group of planes aims at (one
// table fold call covers qiMaxGroupOut/16 vectors of float32), and
// qiMaxTabBytes bounds the tables of a group.
const (
	qiMaxGroupOut = 512
	qiMaxTabBytes = 48 << 10
)

// qiGeom is the table layout of job j: the stride axis, its element
// stride, the outer-axis taps (calls) and the planes of a group.
type qiGeom struct {
	ax     int // stride axis
	ts     int // element stride of its taps
	nc     int // calls: taps of the axes outside the stride axis
	planes int // planes a group
	n      int // outputs a group (planes · outPlane)
}

func qiGeomOf(p *winPlan) qiGeom {
	g := qiGeom{ax: 2, nc: 1}
	for g.ax > 0 && p.k[g.ax] == 1 {
		g.ax--
	}
	g.ts = p.d[g.ax]
	for a := g.ax + 1; a < 3; a++ {
		g.ts *= p.in[a]
	}
	for a := 0; a < g.ax; a++ {
		g.nc *= p.k[a]
	}
	g.planes = max(1, min(p.planes, qiMaxGroupOut/max(1, p.outPlane)))
	g.planes = max(1, min(g.planes, qiMaxTabBytes/max(1, 8*g.nc*p.outPlane)))
	g.n = g.planes * p.outPlane
	return g
}

// qiTabs is a worker's copy of the tables: per call c, off and cnt of the
// group's outputs at c·n, the largest count and the span of one plane; the
// index template (r·inPlane for the outputs of the group's plane r) and
// the index scratch.
type qiTabs struct {
	g          qiGeom
	off, cnt   []int32
	taps, span []int32
	tmpl, dI   []int32
	calls      []int32 // the calls with at least one tap
}

// qiTabsFor builds job j's tables in scratch s.
func qiTabsFor(p *winPlan, s *scratch) qiTabs {
	g := qiGeomOf(p)
	t := qiTabs{g: g}
	s.reserve(4*(2*g.nc*g.n+3*g.nc+2*g.n) + 128)
	t.off, t.cnt = take[int32](s, g.nc*g.n), take[int32](s, g.nc*g.n)
	t.taps, t.span, t.calls = take[int32](s, g.nc), take[int32](s, g.nc), take[int32](s, g.nc)[:0]
	t.tmpl, t.dI = take[int32](s, g.n), take[int32](s, g.n)
	for r := 0; r < g.planes; r++ {
		fill(t.tmpl[r*p.outPlane:][:p.outPlane], int32(r*p.inPlane))
	}
	st := [3]int{p.in[1] * p.in[2], p.in[2], 1}
	var tap [3]int // taps of the outer axes, in scan order
	for c := 0; c < g.nc; c++ {
		off, cnt := t.off[c*g.n:][:p.outPlane], t.cnt[c*g.n:][:p.outPlane]
		taps, span := 0, 0
		e := 0
		for od := 0; od < p.out[0]; od++ {
			for oh := 0; oh < p.out[1]; oh++ {
				for ow := 0; ow < p.out[2]; ow++ {
					o := [3]int{od, oh, ow}
					pos, n := 0, 0
					for a := 0; a < 3; a++ {
						lo, hi := tapWin(o[a], p.s[a], p.pb[a], p.d[a], p.k[a], p.in[a])
						k := tap[a] // outer axes: this call's tap; inner: 0
						if a == g.ax {
							k, n = lo, hi-lo
						} else if k < lo || k >= hi {
							n = -1
							break
						}
						pos += (o[a]*p.s[a] - p.pb[a] + k*p.d[a]) * st[a]
					}
					if n <= 0 {
						off[e], cnt[e] = 0, 0
					} else {
						off[e], cnt[e] = int32(pos), int32(n)
						taps = max(taps, n)
						span = max(span, pos+(n-1)*g.ts+1)
					}
					e++
				}
			}
		}
		t.taps[c], t.span[c] = int32(taps), int32(span)
		if taps > 0 {
			t.calls = append(t.calls, int32(c))
			for r := 1; r < g.planes; r++ {
				d := int32(r * p.inPlane)
				o2, c2 := t.off[c*g.n+r*p.outPlane:][:p.outPlane], t.cnt[c*g.n+r*p.outPlane:][:p.outPlane]
				copy(c2, cnt)
				for i, v := range off {
					o2[i] = v
					if cnt[i] > 0 {
						o2[i] = v + d
					}
				}
			}
		}
		// Next tap of the outer axes (the last axis fastest).
		for a := g.ax - 1; a >= 0; a-- {
			tap[a]++
			if tap[a] < p.k[a] {
				break
			}
			tap[a] = 0
		}
	}
	return t
}

// qiPlanePlan switches job j to units of qiGeom.planes planes and returns
// whether it runs in parallel.
func qiPlanePlan(j *job, threads int) bool {
	p := &j.wp
	g := qiGeomOf(p)
	j.units = (p.planes + g.planes - 1) / g.planes
	j.bRows, j.nb = p.out[1], 1
	// Two chunks a thread: each run call builds the group tables again
	// (qiTabsFor), which cost more than a group's folds on large planes
	// (round 16, q2: maxidx f32 7×2×31×29×27 k[1,1,2], 14 groups, took
	// 100 µs on one thread and 120 on two in chunks of units/(4·threads);
	// 55 and 45 in these).
	j.chunk = max(1, (j.units+2*threads-1)/(2*threads))
	return threads > 1 && j.units > 1 && p.outLen()*p.kernelVol >= 1<<15
}

type qiPlaneRunner[T Number, I Index] struct{}

func (qiPlaneRunner[T, I]) run(j *job, s *scratch, lo, hi int) { qiPlaneUnits[T, I](j, s, lo, hi) }

// qiPlaneUnits runs the groups of planes [lo, hi) of job j.
func qiPlaneUnits[T Number, I Index](j *job, s *scratch, lo, hi int) {
	p := &j.wp
	src := unsafe.Slice((*T)(j.src), p.inLen())
	dst := unsafe.Slice((*T)(j.dst), p.outLen())
	idx := unsafe.Slice((*I)(j.idx), p.outLen())
	t := qiTabsFor(p, s)
	g := &t.g
	low := lowest[T]()
	linear := j.mode.modBase == 0 && j.mode.modSp == 0
	for u := lo; u < hi; u++ {
		pl0 := u * g.planes
		q := min(g.planes, p.planes-pl0)
		n := q * p.outPlane
		dV := dst[pl0*p.outPlane:][:n]
		dI := t.dI[:n]
		fill(dV, low)
		copy(dI, t.tmpl[:n])
		sv := src[pl0*p.inPlane:][:q*p.inPlane]
		for _, c := range t.calls {
			tab := poolTab{off: t.off[int(c)*g.n:][:n], cnt: t.cnt[int(c)*g.n:][:n],
				ts: g.ts, taps: int(t.taps[c]), span: int(t.span[c]) + (q-1)*p.inPlane}
			poolTabMax(dV, dI, sv, nil, &tab, low, true, 0)
		}
		qiWriteIdx(j, idx[pl0*p.outPlane:][:n], dI, pl0, q, linear)
	}
}

// qiWriteIdx stores the plane offsets dI (from a group's first element) of
// the q planes from plane pl0 as the tensor's indices ix.
func qiWriteIdx[I Index](j *job, ix []I, dI []int32, pl0, q int, linear bool) {
	p := &j.wp
	if linear {
		writeIdx(ix, dI, j.mode.base(pl0/p.c, pl0%p.c))
		return
	}
	for r := 0; r < q; r++ {
		pl := pl0 + r
		base, d := j.mode.base(pl/p.c, pl%p.c), int32(r*p.inPlane)
		for e, v := range dI[r*p.outPlane:][:p.outPlane] {
			ix[r*p.outPlane+e] = I(base + j.mode.sp(uint64(v-d)))
		}
	}
}

// qiUse reports whether MaxPool with indices of plan p (storage T) takes
// the whole-plane tap tables: AVX-512 (the table folds), 4- or 8-byte
// elements, more than one plane, and planes whose estimated cost is below
// the units' setup cost of the other kernels. The estimate counts the
// gathers of a plane (calls × taps along the stride axis × outputs /
// lanes) at 10 ns and the outputs at 1 ns; it must stay below 110 ns per
// output depth (a unit of the separable and column-first kernels) for 2-
// and 3-D windows, and below 60 ns for 1-D rows (the rows plan shares one
// unit among many rows). Fitted on the 4- and 8-byte maxidx geometries of
// the sweeps with seeds 1, 7, 11, 23, 31, 101, 409 and 997 (CPU time, the
// tables forced against the dispatch of round 14; docs/performance.md
// "Round 15 (qi)"): every geometry it takes ran 0.05–0.95× the time of
// the kernel it replaces; above the bounds the tables lost (1.1–1.6× at
// 120–280 ns a unit) to kernels whose cost is per output, not per tap.
func qiUse[T Number](p *winPlan) bool {
	sz := int(unsafe.Sizeof(*new(T)))
	if (sz != 4 && sz != 8) || poolIsHalf[T]() {
		return false
	}
	return qiFits(p, sz, 60)
}

// qiFits is the geometry and cost rule of qiUse for elements of sz bytes
// in the tables (the tables' type: 4 for narrow storage widened to
// float32, q3_qinarrow.go), with lim1D the bound of 1-D rows.
func qiFits(p *winPlan, sz, lim1D int) bool {
	if !poolTabOn() || p.planes < 2 || p.inPlane == 0 || p.outPlane == 0 {
		return false
	}
	if p.inLen() >= 1<<31 {
		return false
	}
	g := qiGeomOf(p)
	kax := 0 // the most valid taps of an output along the stride axis
	for o := 0; o < p.out[g.ax]; o++ {
		lo, hi := tapWin(o, p.s[g.ax], p.pb[g.ax], p.d[g.ax], p.k[g.ax], p.in[g.ax])
		kax = max(kax, hi-lo)
	}
	lanes := 64 / sz
	q := 10*g.nc*kax*p.outPlane/lanes + p.outPlane // ns a plane
	if p.nsp == 1 {
		return q <= lim1D
	}
	return q <= 110*p.out[0]
}

// qiSqueeze drops from plan p the spatial axes of extent 1 whose window is
// one tap without pads (one output), the others moving to the back, so
// that a 2-D pool over rows of one column (maxidx f32 5×201×112×1 k[10,1]:
// 3× the time of the 1-D pool of the same rows) runs as a 1-D pool and a
// 3-D one with a unit axis as 2-D. Plane offsets, hence indices, do not
// change: the dropped axes contribute nothing to them. The index mode
// must be computed before (it uses the original axes).
func qiSqueeze(p *winPlan) {
	q := *p
	n := 0 // axes kept, filled from the back
	for a := 2; a >= 3-p.nsp; a-- {
		if p.in[a] == 1 && p.out[a] == 1 && p.k[a] == 1 && p.pb[a] == 0 && p.pe[a] == 0 {
			continue
		}
		b := 2 - n
		q.in[b], q.out[b], q.k[b], q.s[b], q.d[b], q.pb[b], q.pe[b] = p.in[a], p.out[a], p.k[a], p.s[a], p.d[a], p.pb[a], p.pe[a]
		n++
	}
	if n == 0 || n == p.nsp {
		return
	}
	for b := 0; b < 3-n; b++ {
		q.in[b], q.out[b], q.k[b], q.s[b], q.d[b], q.pb[b], q.pe[b] = 1, 1, 1, 1, 1, 0, 0
	}
	q.nsp = n
	*p = q
}
