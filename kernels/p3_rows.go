package kernels

import "unsafe"

// Round 14 (p3): values-only MaxPool over whole narrow planes by a row table.
//
// 3-D MaxPool whose output planes are narrow (a few output rows of a few
// columns, often one) with many taps per window paid, on the separable
// kernels, a fixed cost per unit (a plane, an output depth and a block of
// rows: the plan, run iterators, scratch, tap tables built per block, one
// fold call per depth tap and run of rows) that was most of the time: max
// f32 7×417×3×27×6 k[2,4,2] s[1,6,6] (8 outputs of 16 taps a plane) ran at
// 1.1 ms against ONNX Runtime's 0.36, max f32 1×424×25×37×5 k[2,2,1]
// s[2,4,1] at 1.6 against 0.7.
//
// Here a unit is a whole plane and a worker's run of planes shares the
// window table of pltWinFor (per output row (depth, row) the plane offsets
// of its valid (depth, row) taps). Per batch of planes one assembly call
// folds, for every output row, its tap rows over all W columns into a
// scratch row (the depth and H taps first, order-free: see pv_order.go);
// then one W pass over all the batch's rows (the permute pass, the levels
// or maxPass.wpass) writes the outputs — or, when the W window is the
// identity (one tap, stride 1, no pad), the first call writes the outputs
// directly. Float planes with a ±0 output and a −0 input are recomputed in
// scan order (pltMaxPlane), so values are the reference's bit for bit.
// f16/bf16 are widened to float32 per batch as the other kernels do.

// p3Use reports whether values-only MaxPool job j (storage T, planned by
// planRows) takes the row-table path: AVX-512, a 3-D geometry over several
// planes, and a row-table fold whose vector work (valid tap rows × vectors
// of a row over the whole plane) is at most 1.6 times the separable
// kernels' estimate for the same plane, their per-unit cost included. (The
// factor is measured: with the path forced on every 3-D values-only
// MaxPool of seeds 1, 7, 11, 23, 31, 41 and 101 (130 geometries, CPU time,
// alternated with main's binary) it won on all but one whose ratio was at
// most 1.74 and lost on the seven at 1.77 or more, by up to 2.8×: windows
// overlapping along D or H, whose taps the separable kernels share.)
func p3Use[T Number](j *job) bool {
	p := &j.wp
	if !p3On() || j.flag || j.ints[0] != 0 || p.nsp != 3 || p.planes < 2 || p.inPlane == 0 || p.kernelVol < 2 {
		return false
	}
	sz := int(unsafe.Sizeof(*new(T)))
	if poolIsHalf[T]() {
		sz = 4
		if (p.inPlane+p.outPlane)*sz > p3MaxPlaneBytes {
			return false // the widened plane would leave the cache
		}
	}
	if p3RowsPer(p, sz)*p.in[2]*sz > p3MaxPlaneBytes {
		return false // not narrow: a plane's scratch rows would leave the cache
	}
	direct, sep := p3Costs(p, sz, j.nb)
	return 5*direct <= 8*sep
}

// p3MaxPlaneBytes bounds the scratch of one plane: its output rows at the
// input width (and, for f16/bf16, the plane widened to float32).
const p3MaxPlaneBytes = 1 << 16

// p3RowsPer returns the scratch rows (W wide) of one plane: its output
// rows and the intermediate rows of its order.
func p3RowsPer(p *winPlan, sz int) int {
	r := p.out[0] * p.out[1]
	switch order, _ := p3OrderOf(p, sz); order {
	case p3HFirst:
		r += p.in[0] * p.out[1]
	case p3DFirst:
		r += p.out[0] * p.in[1]
	}
	return r
}

// p3UnitCost is the fixed cost of one unit of the separable kernels in
// vector folds (a few hundred nanoseconds).
const p3UnitCost = 192

// p3Costs returns, in vector folds per plane, the work of the row-table
// path (direct: its cheapest order, p3OrderOf, and the W pass's rows) and
// an estimate of the separable kernels' (sep): the per-depth H-first folds
// (pvMaxOrder: the same taps as the direct order, but rows of stride 1
// packed into whole vectors) or the depth-slice cache (each used input
// slice folded along H once, then the depth taps over output rows),
// whichever is less, plus p3UnitCost per unit of nb row blocks and output
// depth.
func p3Costs(p *winPlan, sz, nb int) (direct, sep int) {
	L := 64 / sz
	Wo := p.out[2]
	Do, Ho := p.out[0], p.out[1]
	c := p3CountTaps(p)
	vecW := (p.in[2] + L - 1) / L
	_, work := p3OrderOf(p, sz)
	direct = work + Do*Ho*vecW
	pv := c.nzs * c.hy * vecW
	if p.s[1] == 1 {
		pv = c.nzs * max(1, c.hy/max(1, Ho)) * ((Ho*p.in[2] + L - 1) / L)
	}
	cache := c.used*c.hy*vecW + c.nzs*Ho*((Wo+L-1)/L)
	sep = min(pv+Do*max(1, nb)*p3UnitCost, cache+c.used*p3UnitCost/2+p3UnitCost)
	return
}

// p3Taps counts the valid taps of a plane: hy H taps over the output rows,
// nzs depth taps over the output depths, used input depth slices.
type p3Taps struct{ hy, nzs, used int }

func p3CountTaps(p *winPlan) p3Taps {
	var c p3Taps
	for oh := 0; oh < p.out[1]; oh++ {
		lo, hi := tapWin(oh, p.s[1], p.pb[1], p.d[1], p.k[1], p.in[1])
		c.hy += hi - lo
	}
	last := -1
	for od := 0; od < p.out[0]; od++ {
		lo, hi := tapWin(od, p.s[0], p.pb[0], p.d[0], p.k[0], p.in[0])
		c.nzs += hi - lo
		for kz := lo; kz < hi; kz++ {
			if z := od*p.s[0] - p.pb[0] + kz*p.d[0]; z > last {
				c.used++
				last = z
			}
		}
	}
	return c
}

// The orders of the depth and H taps (all order-free, values only):
// p3Direct folds every output row's (depth, row) taps at once (pltWin's
// table); p3HFirst first folds the H taps of every input depth slice and
// output row (shared by the output depths whose windows overlap), then the
// depth taps; p3DFirst first folds the depth taps of every output depth and
// input row (shared by overlapping H windows), then the H taps.
const (
	p3Direct = iota
	p3HFirst
	p3DFirst
)

// p3OrderOf returns the cheapest order for p and its vector folds per
// plane (sz-byte elements).
func p3OrderOf(p *winPlan, sz int) (order, work int) {
	L := 64 / sz
	vecW := (p.in[2] + L - 1) / L
	c := p3CountTaps(p)
	D, H := p.in[0], p.in[1]
	Do, Ho := p.out[0], p.out[1]
	order, work = p3Direct, c.nzs*c.hy*vecW
	if h := (D*c.hy + c.nzs*Ho) * vecW; 4*h < 3*work {
		order, work = p3HFirst, h
	}
	if d := (c.nzs*H + Do*c.hy) * vecW; 4*d < 3*work {
		order, work = p3DFirst, d
	}
	return
}

// p3Stage is one row table: output row r folds the rows at offsets
// tab[rs[r]:rs[r+1]] of its source, nr rows.
type p3Stage struct {
	tab, rs []int32
	nr      int
}

// p3StageBytes bounds the scratch of the two tables of the two-step
// orders.
func p3StageBytes(p *winPlan) int {
	D, H := p.in[0], p.in[1]
	Do, Ho := p.out[0], p.out[1]
	kz, ky := min(p.k[0], D), min(p.k[1], H)
	return 4*(D*Ho*ky+Do*Ho*kz+Do*H*kz+Do*Ho*ky+D*Ho+Do*H+2*Do*Ho+3) + 64
}

// p3StagesFor builds the two tables of order (p3HFirst or p3DFirst) in s:
// a from the plane into the intermediate rows (W wide), b from those into
// the output rows.
func p3StagesFor(p *winPlan, s *scratch, order int) (a, b p3Stage) {
	D, H := p.in[0], p.in[1]
	Do, Ho := p.out[0], p.out[1]
	if order == p3HFirst {
		// a: row z·Ho + oh folds the H taps of oh in slice z; b: row
		// od·Ho + oh folds the rows z·Ho + oh of od's depth taps.
		return p3StageFor(p, s, D, Ho, 1, H), p3StageFor(p, s, Do, Ho, 0, Ho)
	}
	// a: row od·H + y folds the depth taps of od in row y; b: row od·Ho +
	// oh folds the rows od·H + y of oh's H taps.
	return p3StageFor(p, s, Do, H, 0, H), p3StageFor(p, s, Do, Ho, 1, H)
}

// p3StageFor builds one table in s over rows (i, j), i < n0, j < n1 (row
// i·n1 + j): the taps of axis ax (0: depth, indexed by i; 1: H, indexed by
// j) of that output index, each at row offset (i'·m + j')·W of its source,
// where (i', j') is (i, j) with the tapped index replaced by the tap's
// input position.
func p3StageFor(p *winPlan, s *scratch, n0, n1, ax, m int) p3Stage {
	W := p.in[2]
	st := p3Stage{tab: take[int32](s, n0*n1*min(p.k[ax], p.in[ax])), rs: take[int32](s, n0*n1+1), nr: n0 * n1}
	n := 0
	for i := 0; i < n0; i++ {
		for j := 0; j < n1; j++ {
			st.rs[i*n1+j] = int32(n)
			o := i
			if ax == 1 {
				o = j
			}
			lo, hi := tapWin(o, p.s[ax], p.pb[ax], p.d[ax], p.k[ax], p.in[ax])
			for t := lo; t < hi; t++ {
				x, y := i, j
				if pos := o*p.s[ax] - p.pb[ax] + t*p.d[ax]; ax == 0 {
					x = pos
				} else {
					y = pos
				}
				st.tab[n] = int32((x*m + y) * W)
				n++
			}
		}
	}
	st.rs[n0*n1] = int32(n)
	return st
}

// p3Plan switches job j to units of whole planes (as pltTinyPlan) in
// chunks of up to 64 planes, a quarter of a thread's share at least, so
// that a worker builds the window table once per many planes; it returns
// whether the job runs in parallel.
func p3Plan(j *job, threads int) bool {
	par := pltTinyPlan(j, threads)
	j.chunk = max(1, min(64, (j.units+4*threads-1)/(4*threads)))
	if !par {
		// One worker runs every plane: one table for up to 64 of them
		// (round 15, qr: max f32 2×2×32×18×4 k[7,10,1], 4 planes, had
		// built its tables once per plane).
		j.chunk = min(64, j.units)
	}
	return par
}

// p3Ident reports whether the W window of p is the identity (every output
// column is its input column).
func p3Ident(p *winPlan) bool {
	return p.k[2] == 1 && p.s[2] == 1 && p.pb[2] == 0 && p.out[2] == p.in[2]
}

// p3MaxFn returns the row-table runner for storage type T.
func p3MaxFn[T Number]() runner {
	if poolIsHalf[T]() {
		return p3Runner[T, float32]{}
	}
	return p3Runner[T, T]{}
}

// p3Runner runs the row-table units (whole planes; S storage, T compute
// type).
type p3Runner[S, T Number] struct{}

func (p3Runner[S, T]) run(j *job, s *scratch, lo, hi int) { p3MaxPlanes[S, T](j, s, lo, hi) }

// p3Batch returns the planes folded per call: about 32 KiB of scratch rows
// (and, with cvt, of widened planes) of sz-byte elements.
func p3Batch(p *winPlan, sz int, cvt bool) int {
	per := p3RowsPer(p, sz) * p.in[2] * sz
	if cvt {
		per += (p.inPlane + p.outPlane) * sz
	}
	return max(1, (32<<10)/max(1, per))
}

// p3MaxPlanes computes MaxPool planes [lo, hi) of job j (values only).
func p3MaxPlanes[S, T Number](j *job, s *scratch, lo, hi int) {
	p := &j.wp
	src := unsafe.Slice((*S)(j.src), p.inLen())
	dst := unsafe.Slice((*S)(j.dst), p.outLen())
	W, Wo := p.in[2], p.out[2]
	R := p.out[0] * p.out[1]
	low := lowest[T]()
	sz := int(unsafe.Sizeof(low))
	cvt := poolIsHalf[S]()
	ident := p3Ident(p)
	P := min(p3Batch(p, sz, cvt), hi-lo)

	var pw pwPerm
	usePw := !ident && pwPermBuild[T](&pw, p)
	levels := !ident && !usePw && pvLevelsUse(p) && qrP3Levels[S]() // qr_rules.go
	m := maxPass[T, T]{p: p, low: low}
	m.cl, m.ch = interior(p.s[2], p.pb[2], p.d[2], p.k[2], W, Wo)
	m.usePad, m.Wp = padRows(p, m.cl, m.ch)
	if ident || usePw || levels {
		m.usePad = false
	}
	order, _ := p3OrderOf(p, sz)
	mid := p3RowsPer(p, sz) - R // intermediate rows of a plane
	need := pltWinBytes(p) + 64 + P*mid*W*sz
	if order != p3Direct {
		need += p3StageBytes(p)
	}
	if !ident {
		need += P * R * W * sz
	}
	if levels {
		need += pvLevelsLen(p, P*R) * sz
	}
	if m.usePad {
		need += P * R * m.Wp * sz
	}
	if cvt {
		need += P * (p.inPlane + p.outPlane) * sz
	}
	s.reserve(need + 256)
	w := pltWinFor(p, s)
	var sa, sb p3Stage
	var tmp []T
	if order != p3Direct {
		sa, sb = p3StagesFor(p, s, order)
		tmp = take[T](s, P*mid*W)
	}
	var hs, lv, wb, ob []T
	if !ident {
		hs = take[T](s, P*R*W)
	}
	if levels {
		lv = take[T](s, pvLevelsLen(p, P*R))
	}
	if m.usePad {
		m.pad = take[T](s, P*R*m.Wp)
	}
	if cvt {
		wb = take[T](s, P*p.inPlane)
		ob = take[T](s, P*p.outPlane)
	}
	check := pvIsFloat[T]()
	for b0 := lo; b0 < hi; b0 += P {
		n := min(P, hi-b0)
		var v, out []T
		if cvt {
			poolWiden(wb, src[b0*p.inPlane:(b0+n)*p.inPlane])
			v, out = wb[:n*p.inPlane], ob[:n*p.outPlane]
		} else {
			v = unsafe.Slice((*T)(unsafe.Pointer(&src[b0*p.inPlane])), n*p.inPlane)
			out = unsafe.Slice((*T)(unsafe.Pointer(&dst[b0*p.outPlane])), n*p.outPlane)
		}
		rows := hs
		if ident {
			rows = out
		}
		if order == p3Direct {
			p3RowsMax(rows, v, w.rows, w.rs, R, W, n, p.inPlane, low)
		} else {
			p3RowsMax(tmp, v, sa.tab, sa.rs, sa.nr, W, n, p.inPlane, low)
			p3RowsMax(rows, tmp, sb.tab, sb.rs, sb.nr, W, n, mid*W, low)
		}
		switch {
		case ident:
		case usePw:
			pwPermMax(out, Wo, hs, W, n*R, &pw)
		case levels:
			pvWLevels(p, out, hs, lv, n*R, low)
		default:
			m.hs, m.srcT = out, hs
			m.wpass(hs, 0, 0, 0, n*R)
		}
		if check && pvAnyZero(out) {
			// ±0 outputs: a plane that holds a −0 is recomputed in scan
			// order.
			for e := 0; e < n; e++ {
				o := out[e*p.outPlane:][:p.outPlane]
				pv := v[e*p.inPlane:][:p.inPlane]
				if pvAnyZero(o) && pvAnyNegZero(pv) {
					pltMaxPlane(&w, pv, o, nil, Wo, low)
				}
			}
		}
		if cvt {
			poolNarrow(dst[b0*p.outPlane:(b0+n)*p.outPlane], out)
		}
	}
}

// p3RowsMaxGo is the definition of the row-table fold: for every plane q <
// planes and output row r < nr, dst[(q·nr + r)·cols + c] = the max (first
// value greater, from init) of src[q·ip + tab[t] + c] over t in
// [rs[r], rs[r+1]), for c < cols.
func p3RowsMaxGo[T Number](dst, src []T, tab, rs []int32, nr, cols, planes, ip int, init T) {
	for q := 0; q < planes; q++ {
		for r := 0; r < nr; r++ {
			d := dst[(q*nr+r)*cols:][:cols]
			for c := range d {
				d[c] = init
			}
			for _, o := range tab[rs[r]:rs[r+1]] {
				row := src[q*ip+int(o):][:cols]
				for c, x := range row {
					if x > d[c] {
						d[c] = x
					}
				}
			}
		}
	}
}
