package kernels

import "unsafe"

// Exact integer AvgPool (fast kernel).
//
// Integer sums are exact modulo 2^64 in uint64 arithmetic (two's complement
// wrapping), and a window's sum is exact whenever it fits: for elements of
// at most 32 bits (|x| ≤ 2^32) a window of fewer than 2^31 taps sums below
// 2^63 in magnitude. Sums modulo 2^64 can be taken in any order and
// differenced, so a unit sums separably: it adds its valid depth slices
// element-wise into uint64 rows (widening; for the next output depth of the
// same plane and rows it only subtracts the slices that left the window and
// adds those that entered), sums those along W into one value per (row,
// output column), then along H into one per output; rows no window covers
// (H stride above the kernel) are skipped. Each
// of the W and H passes either adds the valid taps of every output or,
// when that is cheaper (large kernels; dilation 1), takes prefix sums and
// reads every window's sum as the difference of two of them, whatever the
// kernel, stride and clipping. For 64-bit elements whose values leave the
// 32-bit range the unit also sums their high 32-bit halves, from which the
// exact 128-bit sum is rebuilt. The division rounds to nearest, ties to
// even, exactly as the reference's (avgiDiv).

// avgiLim bounds the sums divided in float64 (exactly representable).
const avgiLim = 1 << 53

// avgiDiv returns s/n rounded to nearest, ties to even (n > 0).
func avgiDiv(s, n int64) int64 {
	if s > -avgiLim && s < avgiLim {
		// s and n are exact in float64, so the quotient is within half an
		// ulp (≤ 0.5) of s/n, and truncating it gives floor(s/n) or
		// floor(s/n)+1 (correction below).
		q := int64(float64(s) / float64(n))
		r := s - q*n
		if r < 0 {
			q--
			r += n
		} else if r >= n {
			q++
			r -= n
		}
		// s/n = q + r/n with 0 ≤ r < n: round half to even.
		if 2*r > n || (2*r == n && q&1 != 0) {
			q++
		}
		return q
	}
	var a acc128
	a.addI(s)
	return int64(a.divRound(uint64(n), true))
}

// avgiDiv128 divides the exact sum 2^32·hs + L, where ws = L mod 2^64 +
// (hs << 32) is the wrapping sum of the elements and hs the sum of their
// high 32-bit halves (0 ≤ L < 2^63), rounding half to even.
func avgiDiv128(ws, hs uint64, n int64, signed bool) uint64 {
	l := ws - hs<<32
	hi := uint64(int64(hs) >> 32)
	lo := hs << 32
	var c uint64
	lo, c = avgiAddCarry(lo, l)
	hi += c
	if hi == uint64(int64(lo)>>63) {
		return uint64(avgiDiv(int64(lo), n))
	}
	return acc128{hi: hi, lo: lo}.divRound(uint64(n), signed)
}

// avgiDivRowGo replaces every s[i] (an int64) by avgiDiv(s[i], den[i]).
func avgiDivRowGo(s []uint64, den []int64) {
	den = den[:len(s)]
	for i, v := range s {
		s[i] = uint64(avgiDiv(int64(v), den[i]))
	}
}

func avgiAddCarry(a, b uint64) (uint64, uint64) {
	s := a + b
	if s < a {
		return s, 1
	}
	return s, 0
}

// avgiWide reports whether an element does not fit the range whose sums
// over < 2^31 taps are exact in an int64 (for 64-bit element types).
func avgiWide(w uint64, signed bool) bool {
	if signed {
		return (w+1<<31)>>32 != 0
	}
	return w>>32 != 0
}

func avgUnitsInt[T Number](j *job, s *scratch, lo, hi int) {
	p := &j.wp
	src := unsafe.Slice((*T)(j.src), p.inLen())
	dst := unsafe.Slice((*T)(j.dst), p.outLen())
	var g avgiGeom
	g.i0 = -1
	if p.kernelVol == 1 {
		for u := lo; u < hi; u++ {
			plane, od, i0, i1 := j.unitRows(u)
			pool6AvgiPick(p, src[plane*p.inPlane:][:p.inPlane], dst[plane*p.outPlane+(od*p.out[1]+i0)*p.out[2]:][:(i1-i0)*p.out[2]], od, i0, i1)
		}
		return
	}
	for u := lo; u < hi; u++ {
		plane, od, i0, i1 := j.unitRows(u)
		if i0 != g.i0 || i1 != g.i1 {
			// The geometry depends on the rows only: consecutive units
			// (other depths and planes) reuse it.
			avgiPrepare[T](p, s, &g, i0, i1, avgiAuto)
		}
		out := dst[plane*p.outPlane+(od*p.out[1]+i0)*p.out[2]:][:(i1-i0)*p.out[2]]
		avgiBlock(p, &g, j.flag, src[plane*p.inPlane:][:p.inPlane], plane, od, out)
	}
}

// avgiPlanElem is the scratch bytes per output column and input row a unit
// of the integer average needs (for planRows): the rows' full width in
// uint64 (twice for 64-bit elements).
func avgiPlanElem[T Number](p *winPlan) int {
	var z T
	m := 8
	if unsafe.Sizeof(z) == 8 {
		m = 16
	}
	// planRows budgets scratchBudget per unit; the rows may use 4×.
	return max(1, (p.in[2]+1)*m/max(1, p.out[2])/4)
}

// Summation strategies of the W and H passes (tests force each).
const (
	avgiAuto   = iota // by cost
	avgiTaps          // add the valid taps of every output
	avgiPrefix        // prefix sums (falls back to taps with dilation)
)

// avgiGeom is the geometry and scratch of the integer-average units of
// output rows [i0, i1), and the depth-summed rows the last unit left.
type avgiGeom struct {
	i0, i1           int
	empty            bool // no input row or column: all outputs 0
	rlo, nr, xe      int  // input rows [rlo, rlo+nr), columns [0, xe)
	W, Wo, B         int
	dx, dy, sx, sy   int // W and H dilations and strides
	cl, ch, il, ih   int // interior output columns and (block-relative) rows
	xa, cw           []int32
	ya, cy           []int32
	need             []bool // input row r-rlo is in some window
	prefW, prefH     bool
	hFirst           bool     // H pass first (pool6HFirst): rows summed along H into hx, then along W
	rows, hrows, pre []uint64 // depth sums (nr×xe; of the high halves), prefix row (xe+1)
	hs               []uint64 // (nr+1)×Wo W sums; row 0 is the H prefix origin
	hx               []uint64 // B×xe H sums (hFirst)
	sums, hsums      []uint64 // B×Wo window sums, of the elements and of their high halves
	den              []int64  // the block's divisors (B×Wo; for denKey: the depth count, or -1 for the kernel volume)
	denKey           int64

	// rows holds the sums over slices [za, zb) of plane (when have).
	have          bool
	plane, za, zb int
	flag          uint64 // an element summed into rows leaves the 32-bit range
}

// avgBlockInt averages output rows [i0, i1) of depth od of plane pl into
// out, with the W and H passes' strategy how (for tests).
func avgBlockInt[T Number](p *winPlan, s *scratch, padsInAvg bool, pl, out []T, od, i0, i1, how int) {
	var g avgiGeom
	avgiPrepare[T](p, s, &g, i0, i1, how)
	avgiBlock(p, &g, padsInAvg, pl, 0, od, out)
}

// avgiPrepare computes the geometry of the units of output rows [i0, i1)
// and takes their scratch from s.
func avgiPrepare[T Number](p *winPlan, s *scratch, g *avgiGeom, i0, i1, how int) {
	H, W := p.in[1], p.in[2]
	Wo := p.out[2]
	B := i1 - i0
	var z T
	wide := unsafe.Sizeof(z) == 8
	*g = avgiGeom{i0: i0, i1: i1, W: W, Wo: Wo, B: B}
	rlo := max(0, i0*p.s[1]-p.pb[1])
	rhi := min(H, (i1-1)*p.s[1]-p.pb[1]+(p.k[1]-1)*p.d[1]+1)
	nr := rhi - rlo
	xe := min(W, (Wo-1)*p.s[2]-p.pb[2]+(p.k[2]-1)*p.d[2]+1)
	xe = qaWholeRows(W, xe) // whole rows: needed rows join (qa_avgi.go)
	if nr <= 0 || xe <= 0 {
		g.empty = true
		return
	}
	g.rlo, g.nr, g.xe = rlo, nr, xe
	words := nr*xe + (xe + 1) + (nr+1)*Wo + 2*B*Wo + 2*Wo + B + B*xe + nr/8
	if wide {
		words += nr*xe + B*Wo
	}
	s.reserve(8*words + 256)
	g.xa = take[int32](s, Wo)
	g.cw = take[int32](s, Wo)
	cl, ch := interior(p.s[2], p.pb[2], p.d[2], p.k[2], W, Wo)
	g.cl, g.ch = cl, ch
	for c := cl; c < ch; c++ { // all taps valid: no division
		g.xa[c], g.cw[c] = int32(c*p.s[2]-p.pb[2]), int32(p.k[2])
	}
	for c := 0; c < Wo; c++ {
		if c == cl && ch > cl {
			c = ch - 1
			continue
		}
		lo, hi := tapWin(c, p.s[2], p.pb[2], p.d[2], p.k[2], W)
		g.xa[c], g.cw[c] = 0, 0 // an empty window reads nothing
		if hi > lo {
			g.xa[c] = int32(c*p.s[2] - p.pb[2] + lo*p.d[2])
			g.cw[c] = int32(hi - lo)
		}
	}
	g.ya = take[int32](s, B)
	g.cy = take[int32](s, B)
	g.need = take[bool](s, nr)
	clear(g.need)
	rl, rh := interior(p.s[1], p.pb[1], p.d[1], p.k[1], H, p.out[1])
	g.il, g.ih = min(max(rl, i0), i1)-i0, max(min(rh, i1), i0)-i0
	if g.ih < g.il {
		g.ih = g.il
	}
	for i := i0; i < i1; i++ {
		b := i - i0
		if i >= rl && i < rh {
			g.ya[b], g.cy[b] = int32(i*p.s[1]-p.pb[1]-rlo), int32(p.k[1])
		} else {
			lo, hi := tapWin(i, p.s[1], p.pb[1], p.d[1], p.k[1], H)
			g.ya[b], g.cy[b] = 0, 0
			if hi > lo {
				g.ya[b] = int32(i*p.s[1] - p.pb[1] + lo*p.d[1] - rlo)
				g.cy[b] = int32(hi - lo)
			}
		}
		for t := 0; t < int(g.cy[b]); t++ {
			g.need[int(g.ya[b])+t*p.d[1]] = true
		}
	}
	// W pass by prefix sums when a row's taps outnumber its width (plus
	// about three operations per output); H pass likewise per column.
	g.dx, g.dy, g.sx, g.sy = p.d[2], p.d[1], p.s[2], p.s[1]
	st := how &^ pool6AvgiHFirst
	g.prefW = p.d[2] == 1 && (st == avgiPrefix || (st == avgiAuto && Wo*min(p.k[2], xe) > xe+3*Wo))
	g.prefH = p.d[1] == 1 && (st == avgiPrefix || (st == avgiAuto && B*min(p.k[1], nr) > nr+3*B))
	g.hFirst = how&pool6AvgiHFirst != 0 || how == avgiAuto && pool6HFirst(p, g)
	g.rows = take[uint64](s, nr*xe)
	g.pre = take[uint64](s, xe+1)
	g.hs = take[uint64](s, (nr+1)*Wo)
	g.sums = take[uint64](s, B*Wo)
	g.den = take[int64](s, B*Wo)
	if g.hFirst {
		g.hx = take[uint64](s, B*xe)
	}
	if wide {
		g.hrows = take[uint64](s, nr*xe)
		g.hsums = take[uint64](s, B*Wo)
	}
}

// avgiBlock averages output depth od of rows [g.i0, g.i1) of plane pl (number
// plane) into out.
func avgiBlock[T Number](p *winPlan, g *avgiGeom, padsInAvg bool, pl []T, plane, od int, out []T) {
	zlo, zhi := tapWin(od, p.s[0], p.pb[0], p.d[0], p.k[0], p.in[0])
	cz := zhi - zlo
	if g.empty || cz <= 0 {
		clear(out)
		return
	}
	signed := kindOf[T]() == kSigned
	var z T
	wide := unsafe.Sizeof(z) == 8
	za := od*p.s[0] - p.pb[0] + zlo*p.d[0]
	zb := za + cz
	slice := p.in[1] * p.in[2]
	rowOff := g.rlo * p.in[2]
	if p.d[0] == 1 && g.have && g.plane == plane && za >= g.za && za < g.zb && zb >= g.zb && 2*(za-g.za+zb-g.zb) < cz {
		// Slide the depth window: drop slices [g.za, za), add [g.zb, zb).
		for z := g.za; z < za; z++ {
			avgiRows(g, g.rows, pl[z*slice+rowOff:], false, signed, 2, false)
		}
		for z := g.zb; z < zb; z++ {
			g.flag |= avgiRows(g, g.rows, pl[z*slice+rowOff:], false, signed, 1, wide)
		}
	} else {
		g.flag = avgiRows(g, g.rows, pl[za*slice+rowOff:], false, signed, 0, wide)
		for kz := 1; kz < cz; kz++ {
			g.flag |= avgiRows(g, g.rows, pl[(za+kz*p.d[0])*slice+rowOff:], false, signed, 1, wide)
		}
	}
	g.have, g.plane, g.za, g.zb = p.d[0] == 1, plane, za, zb
	avgiPasses(g, g.rows, g.sums)
	big := g.flag>>32 != 0
	if big {
		avgiRows(g, g.hrows, pl[za*slice+rowOff:], true, signed, 0, false)
		for kz := 1; kz < cz; kz++ {
			avgiRows(g, g.hrows, pl[(za+kz*p.d[0])*slice+rowOff:], true, signed, 1, false)
		}
		avgiPasses(g, g.hrows, g.hsums)
	}

	Wo := g.Wo
	kv := int64(p.kernelVol)
	if !big {
		// Divisors of the block: the kernel volume, or the valid tap
		// counts (1 for an empty window, whose sum is 0), then one
		// division pass over the block.
		key := int64(cz)
		if padsInAvg {
			key = -1
		}
		if key != g.denKey {
			for i := 0; i < g.B; i++ {
				den := g.den[i*Wo:][:Wo]
				cyz := max(int64(g.cy[i])*int64(cz), 1)
				for c := range den {
					if padsInAvg {
						den[c] = kv
					} else {
						den[c] = max(int64(g.cw[c]), 1) * cyz
					}
				}
			}
			g.denKey = key
		}
		sm := g.sums[:g.B*Wo]
		avgiDivRow(sm, g.den[:g.B*Wo])
		out = out[:len(sm)]
		for e, v := range sm {
			out[e] = T(int64(v))
		}
		return
	}
	for i := 0; i < g.B; i++ {
		o := out[i*Wo:][:Wo]
		sm := g.sums[i*Wo:][:Wo]
		cyz := int64(g.cy[i]) * int64(cz)
		if cyz == 0 {
			clear(o)
			continue
		}
		hm := g.hsums[i*Wo:][:Wo]
		for c := range o {
			n := int64(g.cw[c])
			if n == 0 {
				o[c] = 0
				continue
			}
			if padsInAvg {
				n = kv
			} else {
				n *= cyz
			}
			o[c] = T(avgiDiv128(sm[c], hm[c], n, signed))
		}
	}
}

// avgiRows stores (op 0), adds (1) or subtracts (2) the needed rows of one
// depth slice (src at row rlo, row stride W), widened to two's complement
// uint64 or, with high, their high 32-bit halves, into dst (nr×xe). With
// chk it returns a value whose bits 32 and up are set if an element leaves
// the range whose window sums are exact in an int64 (see avgiWide).
func avgiRows[T Number](g *avgiGeom, dst []uint64, src []T, high, signed bool, op int, chk bool) uint64 {
	var f uint64
	for r := 0; r < g.nr; {
		if !g.need[r] {
			r++
			continue
		}
		e := r + 1
		if g.xe == g.W {
			// Whole rows: a run of needed rows is contiguous in both;
			// gaps of at most pa4GapElems elements join the run (one
			// widening call instead of two: the rows in the gap are
			// summed too and never read).
			for e < g.nr {
				if g.need[e] {
					e++
					continue
				}
				n := e + 1
				for n < g.nr && !g.need[n] && (n-e)*g.xe <= pa4GapElems {
					n++
				}
				if n >= g.nr || !g.need[n] {
					break
				}
				e = n
			}
		}
		f |= avgiWiden(dst[r*g.xe:][:(e-r)*g.xe], src[r*g.W:][:(e-r)*g.xe], high, signed, op, chk)
		r = e
	}
	return f
}

// avgiPasses sums every output's window of the depth-summed rows into sums
// (B×Wo): along W into g.hs, then along H.
func avgiPasses(g *avgiGeom, rows, sums []uint64) {
	Wo := g.Wo
	if g.hFirst {
		pool6AvgiPassesHW(g, rows, sums)
		return
	}
	hs := g.hs[Wo:] // row 0 is the H prefix sums' origin
	avgiWPass(g, rows, g.nr, g.need, hs)
	avgiHPass(g, sums)
}

// avgiWPass sums rows nr×xe (those with need[r], every row when need is
// nil) along W into hs (nr×Wo).
func avgiWPass(g *avgiGeom, rows []uint64, nr int, need []bool, hs []uint64) {
	xe, Wo := g.xe, g.Wo
	if g.prefW {
		for r := 0; r < nr; r++ {
			h := hs[r*Wo:][:Wo]
			if need != nil && !need[r] {
				continue
			}
			pre := g.pre[:xe+1]
			pre[0] = 0
			var run uint64
			for x, v := range rows[r*xe:][:xe] {
				run += v
				pre[x+1] = run
			}
			for c := range h {
				x0 := int(g.xa[c])
				h[c] = pre[x0+int(g.cw[c])] - pre[x0]
			}
		}
	} else {
		// Interior columns in one fold, border columns one by one. Rows no
		// window reads are summed too (stale, never used).
		if g.ch > g.cl {
			avgiFold(hs[g.cl:], Wo, rows[g.xa[g.cl]:], xe, g.sx, g.dx, int(g.cw[g.cl]), nr, g.ch-g.cl)
		}
		for c := 0; c < Wo; c++ {
			if c == g.cl && g.ch > g.cl {
				c = g.ch - 1
				continue
			}
			if g.cw[c] == 0 {
				for r := 0; r < nr; r++ {
					hs[r*Wo+c] = 0
				}
				continue
			}
			avgiFold(hs[c:], Wo, rows[g.xa[c]:], xe, 1, g.dx, int(g.cw[c]), nr, 1)
		}
	}
}

// avgiHPass sums the W sums g.hs along H into sums (B×Wo).
func avgiHPass(g *avgiGeom, sums []uint64) {
	Wo := g.Wo
	hs := g.hs[Wo:]
	if g.prefH {
		clear(g.hs[:Wo])
		for r := 0; r < g.nr; r++ {
			if !g.need[r] {
				clear(hs[r*Wo:][:Wo]) // read by no window
			}
		}
		for r := 1; r <= g.nr; r++ {
			prev := g.hs[(r-1)*Wo:][:Wo]
			cur := g.hs[r*Wo:][:Wo]
			for c := range cur {
				cur[c] += prev[c]
			}
		}
		for i := 0; i < g.B; i++ {
			cy := int(g.cy[i])
			sm := sums[i*Wo:][:Wo]
			if cy == 0 {
				clear(sm)
				continue
			}
			a := g.hs[int(g.ya[i])*Wo:][:Wo]
			b := g.hs[(int(g.ya[i])+cy)*Wo:][:Wo]
			for c := range sm {
				sm[c] = b[c] - a[c]
			}
		}
		return
	}
	// Interior rows in one fold, border rows one by one.
	if g.ih > g.il {
		avgiFold(sums[g.il*Wo:], Wo, hs[int(g.ya[g.il])*Wo:], g.sy*Wo, 1, g.dy*Wo, int(g.cy[g.il]), g.ih-g.il, Wo)
	}
	for i := 0; i < g.B; i++ {
		if i == g.il && g.ih > g.il {
			i = g.ih - 1
			continue
		}
		cy := int(g.cy[i])
		if cy == 0 {
			clear(sums[i*Wo:][:Wo])
			continue
		}
		avgiFold(sums[i*Wo:], Wo, hs[int(g.ya[i])*Wo:], Wo, 1, g.dy*Wo, cy, 1, Wo)
	}
}

// avgiFoldGo sums, for every element of a rows×cols rectangle of dst (row
// stride ds), taps source elements ts apart (src[r*sr+c*sc+t*ts]) modulo
// 2^64.
func avgiFoldGo(dst []uint64, ds int, src []uint64, sr, sc, ts, taps, rows, cols int) {
	for r := 0; r < rows; r++ {
		d := dst[r*ds:][:cols]
		s := src[r*sr:]
		if sc == 1 {
			copy(d, s[:cols])
			for t := 1; t < taps; t++ {
				for c, v := range s[t*ts:][:cols] {
					d[c] += v
				}
			}
			continue
		}
		for c := range d {
			d[c] = s[c*sc]
		}
		for t := 1; t < taps; t++ {
			st := s[t*ts:]
			for c := range d {
				d[c] += st[c*sc]
			}
		}
	}
}

// avgiWiden stores (op 0), adds (1) or subtracts (2) the elements of src,
// or their high 32-bit halves, into dst as two's complement uint64. With
// chk (elements, op 0 or 1) it returns a value whose bits 32 and up are set if an
// element leaves the 32-bit range (see avgiWide).
func avgiWiden[T Number](dst []uint64, src []T, high, signed bool, op int, chk bool) uint64 {
	dst = dst[:len(src)]
	var f uint64
	bias := uint64(0)
	if signed {
		bias = 1 << 31
	}
	if !high {
		if f, ok := avgiWidenVec(dst, src, op, bias); ok {
			if !chk {
				f = 0
			}
			return f
		}
	}
	switch {
	case high && signed && op == 1:
		for x, v := range src {
			dst[x] += uint64(int64(v) >> 32)
		}
	case high && signed:
		for x, v := range src {
			dst[x] = uint64(int64(v) >> 32)
		}
	case high && op == 1:
		for x, v := range src {
			dst[x] += uint64(v) >> 32
		}
	case high:
		for x, v := range src {
			dst[x] = uint64(v) >> 32
		}
	case op == 2:
		for x, v := range src {
			dst[x] -= uint64(v)
		}
	case chk && op == 1:
		for x, v := range src {
			f |= uint64(v) + bias
			dst[x] += uint64(v)
		}
	case chk:
		for x, v := range src {
			f |= uint64(v) + bias
			dst[x] = uint64(v)
		}
	case op == 1:
		for x, v := range src {
			dst[x] += uint64(v)
		}
	default:
		for x, v := range src {
			dst[x] = uint64(v)
		}
	}
	return f
}
