package kernels

import "unsafe"

// Stacked planes for 2-D float AvgPool (round 15, helper qa). avgBlockFloat
// runs a unit per (plane, block of output rows) and pays a fixed set-up per
// unit: the plan of its block, run iterators, scratch, and one fold call per
// run of rows, per border column, per division run. On planes of a few
// hundred to a few thousand elements that set-up is most of the time (avg
// f32 5×446×7×93 k[2,8] s[3,4]: 2,230 planes of 3×23 outputs, about 0.9 µs
// a plane where its taps take a fifth of that).
//
// Here a unit is a plane and a worker's run of planes is summed as one
// stack: every fold call covers the same rows of all the planes of a batch
// (the plane step is one more row stride), so the calls per plane fall by
// the batch size. The sums are avgBlockFloat's separable sums over the whole
// plane, H first or W first by pqHFirst's rule on the whole plane, then the
// division by the count (the kernel volume when pads count). Each output's
// taps are added in the same order whatever the batch, and every fold call
// covers whole rows (which routine adds an element depends on its column
// only), so the results do not depend on the thread count; the rule reads
// the geometry only (never the storage type), so f16/bf16 results stay the
// float32 kernel's bits.

// qaStackElems bounds the elements of a batch of planes (the input planes
// read, or the H sums and W sums kept between the passes) so that a batch
// stays in L2 between its passes.
const qaStackElems = 1 << 14

// qaGroupElems bounds the elements of one group of rows the W pass copies
// (zero-padded rows, the dense pass's sums).
const qaGroupElems = 1 << 13

// qaStackMaxPlane bounds the input plane (elements) of the path: beyond
// it a batch is one plane and avgBlockFloat's units cost no more.
const qaStackMaxPlane = 1 << 13

// qaGeom holds the geometry-only choices of the stacked path.
type qaGeom struct {
	hFirst   bool // H sums first (pqHFirst on the whole plane)
	rlo, nr  int  // input rows the windows read: [rlo, rlo+nr)
	cl, ch   int  // interior output columns
	usePad   bool // W pass over zero-padded copies of the rows (Wp wide)
	dense    bool // dense W pass (paDenseW)
	Wp       int
	batch    int  // planes summed at a time
	group    int  // rows per W-pass call
	uniform  bool // one divisor: pads counted or no window clipped
	keepRows int  // elements per plane kept between the passes
}

// qaGeomFor returns the choices for plan p (compute type T).
func qaGeomFor[T Number](p *winPlan, padsCount bool) qaGeom {
	H, W, Ho, Wo := p.in[1], p.in[2], p.out[1], p.out[2]
	var g qaGeom
	g.rlo = max(0, -p.pb[1])
	rhi := min(H, (Ho-1)*p.s[1]-p.pb[1]+(p.k[1]-1)*p.d[1]+1)
	g.nr = max(0, rhi-g.rlo)
	g.cl, g.ch = interior(p.s[2], p.pb[2], p.d[2], p.k[2], W, Wo)
	g.usePad, g.Wp = padRows(p, g.cl, g.ch)
	g.dense = paDenseW[T](p, g.cl, g.ch)
	if g.dense && (g.cl > 0 || g.ch < Wo) {
		g.usePad, g.Wp = true, paPadWidth(p)
	}
	g.hFirst = pqHFirst(p, g.usePad)
	g.keepRows = g.nr * Wo
	if g.hFirst {
		g.keepRows = Ho * W
	}
	g.batch = max(1, qaStackElems/max(p.inPlane, g.keepRows, p.outPlane, 1))
	g.group = max(1, qaGroupElems/max(W, g.Wp, 1))
	g.uniform = padsCount || p.allInterior()
	return g
}

// qaStackUse reports whether float AvgPool job j (planned by planRows)
// takes the stacked path: a 2-D window (or a 3-D one of one depth tap over
// one depth) over several planes of at most qaStackMaxPlane elements,
// unless its rows are narrow enough for pvAvgUse. (The tiny planes of
// pltTinyUse are tested first by the caller.) Against avgBlockFloat on the
// 2-D float AvgPool geometries of eight sweep seeds (88 cases, CPU time,
// round 15) it won up to 3.4× (the tap tables of avg f32 1×306×63×50
// k[5,8] s[6,5]) and lost nowhere beyond the noise.
func qaStackUse[T Number](j *job) bool {
	p := &j.wp
	if j.ints[0] != 0 || p.nsp < 2 || p.planes < 2 || p.inPlane == 0 || p.inPlane > qaStackMaxPlane || p.kernelVol < 2 {
		return false
	}
	if p.in[0] != 1 || p.out[0] != 1 || p.k[0] != 1 {
		return false
	}
	// Rows of at most 8 outputs keep pv_avg.go's H and depth taps first
	// (forced here they lost up to 1.7×: avg f32 4×275×63×25 k[9,3]
	// s[1,6], 5 outputs a row).
	return !pvAvgUse[T](j)
}

// qaStackPlan switches job j to units of whole planes and returns whether
// it runs in parallel.
func qaStackPlan(j *job, threads int) bool {
	p := &j.wp
	g := qaGeomFor[float32](p, j.flag)
	j.units = p.planes
	j.bRows, j.nb = p.out[1], 1
	j.chunk = max(1, min(j.units/(16*threads), g.batch))
	return threads > 1 && pa4SplitSmall(j, threads)
}

// qaStackRunner runs the stacked units (S storage, T compute type).
type qaStackRunner[S, T Number] struct{}

func (qaStackRunner[S, T]) run(j *job, s *scratch, lo, hi int) { qaStack[S, T](j, s, lo, hi) }

// qaStackFn returns the stacked runner for storage type T.
func qaStackFn[T Number]() runner {
	if poolIsHalf[T]() {
		return qaStackRunner[T, float32]{}
	}
	return qaStackRunner[T, T]{}
}

// qaStack runs AvgPool planes [lo, hi) of job j on the stacked path.
func qaStack[S, T Number](j *job, s *scratch, lo, hi int) {
	p := &j.wp
	H, W, Ho, Wo := p.in[1], p.in[2], p.out[1], p.out[2]
	g := qaGeomFor[T](p, j.flag)
	cvt := poolIsHalf[S]()
	var zt T
	elem := int(unsafe.Sizeof(zt))
	P := g.batch
	R := g.group
	phLen := 0
	if plPhaseUse[T](p.s[2], p.d[2], p.k[2], Wo) || plPhaseUse[T](p.s[2], p.d[2], p.k[2], g.ch-g.cl) {
		phLen = plPhaseLen[T](p.s[2], p.d[2], p.k[2], R, Wo)
	}
	padLen, dnLen := 0, 0
	if g.usePad {
		padLen = R * g.Wp
	}
	if g.dense {
		dnLen = R * max(W, g.Wp)
	}
	need := (2*Wo+P*g.keepRows+phLen+padLen+dnLen)*elem + 4*Wo + 256
	if cvt {
		need += P * (p.inPlane + p.outPlane) * elem
	}
	s.reserve(need)
	denI, den := take[T](s, Wo), take[T](s, Wo) // divisors of interior rows, of a border row
	cw := take[int32](s, Wo)
	keep := take[T](s, P*g.keepRows)
	ph := take[T](s, phLen)
	pad := take[T](s, padLen)
	dn := take[T](s, dnLen)
	var wb, ob []T
	if cvt {
		wb, ob = take[T](s, P*p.inPlane), take[T](s, P*p.outPlane)
	}
	if g.uniform {
		fill(denI, T(p.kernelVol))
	} else {
		qaCols(p, &g, cw)
		qaDenRow(denI, cw, p.k[1])
	}
	src := unsafe.Slice((*S)(j.src), p.inLen())
	dst := unsafe.Slice((*S)(j.dst), p.outLen())
	sp, dp := p.inPlane, p.outPlane
	for b0 := lo; b0 < hi; b0 += P {
		n := min(P, hi-b0)
		var v, out []T
		if cvt {
			poolWidenExact(wb, src[b0*sp:(b0+n)*sp])
			v, out = wb[:n*sp], ob[:n*dp]
		} else {
			v = unsafe.Slice((*T)(unsafe.Pointer(&src[b0*sp])), n*sp)
			out = unsafe.Slice((*T)(unsafe.Pointer(&dst[b0*dp])), n*dp)
		}
		rows := newRunIter(p.s[1], p.pb[1], p.d[1], p.k[1], H, Ho, 0, Ho)
		divided := false
		if g.hFirst {
			// H sums: Ho rows of W per plane into keep, then the W pass
			// of the n·Ho rows into the outputs.
			hf := keep[:n*Ho*W]
			qaHPass(hf, Ho*W, W, v, sp, W, &rows, p, n, 0, 1)
			div := T(1)
			if g.uniform {
				div = T(p.kernelVol)
			}
			divided = qaWPass(out, hf, n*Ho, p, &g, ph, pad, dn, div)
		} else {
			// W sums of the nr rows read per plane into keep, then the
			// H pass into the outputs.
			hs := keep[:n*g.nr*Wo]
			if g.nr == H {
				qaWPass(hs, v, n*H, p, &g, ph, pad, dn, 1)
			} else {
				for pl := 0; pl < n; pl++ {
					qaWPass(hs[pl*g.nr*Wo:], v[pl*sp+g.rlo*W:], g.nr, p, &g, ph, pad, dn, 1)
				}
			}
			div := T(1)
			if g.uniform {
				div = T(p.kernelVol) // divided in the H pass
			}
			qaHPass(out, dp, Wo, hs, g.nr*Wo, Wo, &rows, p, n, g.rlo, div)
		}
		switch {
		case g.uniform && g.hFirst && !divided:
			divRect(out, Wo, denI, n*Ho, Wo)
		case !g.uniform:
			qaDivide(out, dp, n, p, cw, denI, den)
		}
		if cvt {
			poolNarrowExact(dst[b0*dp:(b0+n)*dp], out)
		}
	}
}

// qaHPass sums the H windows of n planes: src planes sp apart, rows sr
// elements (cols of them summed) from input row rlo on; dst planes dp apart,
// rows cols apart. A run of output rows sharing their taps is one fold per
// plane when it has more rows than there are planes, else one fold per
// output row over all the planes; every sum is divided by div.
func qaHPass[T Number](dst []T, dp, cols int, src []T, sp, sr int, rows *runIter, p *winPlan, n, rlo int, div T) {
	for {
		i, i2, ylo, yhi, ok := rows.next()
		if !ok {
			return
		}
		if ylo == yhi {
			for pl := 0; pl < n; pl++ {
				fill(dst[pl*dp+i*cols:pl*dp+i2*cols], 0)
			}
			continue
		}
		r := (i*p.s[1] - p.pb[1] + ylo*p.d[1] - rlo) * sr
		if i2-i > n {
			for pl := 0; pl < n; pl++ {
				foldAdd(dst[pl*dp+i*cols:], cols, src[pl*sp+r:], p.s[1]*sr, 1, p.d[1]*sr, yhi-ylo, i2-i, cols, false, div)
			}
			continue
		}
		for o := i; o < i2; o++ {
			foldAdd(dst[o*cols:], dp, src[r+(o-i)*p.s[1]*sr:], sp, 1, p.d[1]*sr, yhi-ylo, n, cols, false, div)
		}
	}
}

// qaWPass sums the W windows of rows contiguous rows of src (W elements
// each) into dst (rows of Wo), in groups of g.group rows: interior columns
// in one fold and border columns one by one, or every column over
// zero-padded rows, or the dense pass (as avgBlockFloat's wpass). When every
// column is interior and the fold is direct (no phase split), the sums are
// divided by div in it and qaWPass returns true.
func qaWPass[T Number](dst, src []T, rows int, p *winPlan, g *qaGeom, ph, pad, dn []T, div T) bool {
	W, Wo := p.in[2], p.out[2]
	if !g.dense && !g.usePad && g.cl == 0 && g.ch == Wo && (len(ph) == 0 || !plPhaseUse[T](p.s[2], p.d[2], p.k[2], Wo)) {
		foldAdd(dst, Wo, src, W, p.s[2], p.d[2], p.k[2], rows, Wo, false, div)
		return true
	}
	for r0 := 0; r0 < rows; r0 += g.group {
		n := min(g.group, rows-r0)
		d, sv := dst[r0*Wo:], src[r0*W:]
		switch {
		case g.dense:
			paDenseWAdd(d, dn, sv, pad, p, n, g.cl, g.ch, g.usePad, g.Wp)
		case g.usePad:
			copyPadded(pad, g.Wp, sv, W, n, p.pb[2], 0)
			avgWAdd(d, Wo, pad, g.Wp, p, n, Wo, ph)
		default:
			if g.ch > g.cl {
				avgWAdd(d[g.cl:], Wo, sv[g.cl*p.s[2]-p.pb[2]:], W, p, n, g.ch-g.cl, ph)
			}
			for c := 0; c < Wo; c++ {
				if c == g.cl && g.ch > g.cl {
					c = g.ch - 1
					continue
				}
				xlo, xhi := tapWin(c, p.s[2], p.pb[2], p.d[2], p.k[2], W)
				if xlo == xhi {
					for r := 0; r < n; r++ {
						d[r*Wo+c] = 0
					}
					continue
				}
				foldAdd(d[c:], Wo, sv[c*p.s[2]-p.pb[2]+xlo*p.d[2]:], W, 1, p.d[2], xhi-xlo, n, 1, false, 1)
			}
		}
	}
	return false
}

// qaCols fills cw with the valid W taps of each output column: k for the
// interior columns, tapWin's count for the border ones.
func qaCols(p *winPlan, g *qaGeom, cw []int32) {
	for c := range cw {
		if c >= g.cl && c < g.ch {
			cw[c] = int32(p.k[2])
			continue
		}
		lo, hi := tapWin(c, p.s[2], p.pb[2], p.d[2], p.k[2], p.in[2])
		cw[c] = int32(hi - lo)
	}
}

// qaDenRow fills den with the divisors of an output row of cy valid H
// taps (1 where no tap is valid: the sum is zero).
func qaDenRow[T Number](den []T, cw []int32, cy int) {
	for c, n := range cw {
		den[c] = T(max(cy*int(n), 1))
	}
}

// qaDivide divides the sums of n output planes (dp apart) by their counts:
// per run of output rows sharing their H taps one row of divisors (denI
// for the interior rows, else computed into den), one division pass per
// plane or per output row over the planes, as qaHPass folds.
func qaDivide[T Number](out []T, dp, n int, p *winPlan, cw []int32, denI, den []T) {
	Wo := p.out[2]
	rows := newRunIter(p.s[1], p.pb[1], p.d[1], p.k[1], p.in[1], p.out[1], 0, p.out[1])
	for {
		i, i2, ylo, yhi, ok := rows.next()
		if !ok {
			return
		}
		d := denI
		if yhi-ylo != p.k[1] {
			qaDenRow(den, cw, yhi-ylo)
			d = den
		}
		if i2-i > n {
			for pl := 0; pl < n; pl++ {
				divRect(out[pl*dp+i*Wo:], Wo, d, i2-i, Wo)
			}
			continue
		}
		for o := i; o < i2; o++ {
			divRect(out[o*Wo:], dp, d, n, Wo)
		}
	}
}
