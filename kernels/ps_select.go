package kernels

import "unsafe"

// Round 14 (ps): values-only MaxPool whose depth and H windows have a
// single tap and whose depth or H stride is above 1 (max f32 13×435×3×11
// k[1,4] s[4,6], 16×21×60×86 k[1,7] s[6,4]). Such axes only select input
// rows: output row (od, oh) reads input row (od·sD − pbD, oh·sH − pbH), or
// nothing when that lies in the padding. The separable kernels handle them
// one output row at a time (a unit setup, a padded row copy and a fold call
// per output row, or per plane on the tiny-plane path); here the selected
// rows are W-pooled in batches: rows sharing one source and destination
// stride — the output rows of a plane (source stride sH·W) or one output
// row of a block of planes (source stride: the input plane) — go through
// one W pass (the permute pass for rows of at most one register of
// outputs, else the interior columns in one fold and each border column in
// one fold over all the rows). Unread rows are never touched. Every output
// folds its W taps in order with the reference's update, so values are the
// reference's bits (f16/bf16 widened per batch and narrowed back, as the
// other MaxPool paths do).

// psSelUse reports whether values-only MaxPool plan p on storage type T
// takes the row-select path: a 2- or 3-D window with one depth tap and one
// H tap, and a depth or H stride above 1 — or, with both strides 1 (every
// row read; the separable kernels stack the planes' rows into one plane,
// smPlanesRows), rows the four-register permutes take (psPerm4Use).
func psSelUse[T Number](p *winPlan) bool {
	if p.nsp < 2 || p.k[0] != 1 || p.k[1] != 1 || p.outLen() == 0 || p.inPlane == 0 {
		return false
	}
	return p.s[0] > 1 || p.s[1] > 1 || psPerm4Use[T](p)
}

// psSelFn returns the row-select runner for storage type T.
func psSelFn[T Number]() runner {
	if poolIsHalf[T]() {
		return psSelRunner[T, float32]{}
	}
	return psSelRunner[T, T]{}
}

// psSelRows returns the valid range [lo, hi) of outputs along an axis of
// one tap: those whose input position o·s − pb lies in [0, in).
func psSelRows(s, pb, in, out int) (lo, hi int) {
	lo = min(out, ceilDiv(pb, s))
	hi = max(lo, min(out, floorDiv(in-1+pb, s)+1))
	return
}

// psSelPlan splits job j (psSelUse) into units of (block of planes, output
// depth, block of output rows) and reports whether it runs in parallel.
// With at least 8 valid output rows a plane, a unit is one plane's block of
// rows and a batch the block's valid rows; with fewer, a unit is a block of
// planes with all their rows and a batch one output row over the block's
// planes. Blocks hold about 16K outputs, and there are at least 4 units per
// thread when the output allows it.
func psSelPlan(j *job, threads int) bool {
	p := &j.wp
	Do, Ho, Wo := p.out[0], p.out[1], p.out[2]
	hlo, hhi := psSelRows(p.s[1], p.pb[1], p.in[1], Ho)
	const outs = 1 << 14
	pb, bh := 1, Ho
	if hhi-hlo >= 8 {
		bh = max(1, min(Ho, outs/max(1, Wo)))
	} else {
		pb = max(1, min(p.planes, outs/max(1, Ho*Wo)))
	}
	units := func() int { return (p.planes + pb - 1) / pb * Do * ((Ho + bh - 1) / bh) }
	for threads > 1 && units() < 4*threads {
		if pb > 1 {
			pb = (pb + 1) / 2
		} else if bh > 1 {
			bh = (bh + 1) / 2
		} else {
			break
		}
	}
	j.bRows, j.nb = bh, (Ho+bh-1)/bh
	j.ints[0], j.ints[1] = 0, pb
	j.units = units()
	j.chunk = max(1, min(j.units/(16*threads), outs/max(1, pb*bh*Wo)))
	return threads > 1 && j.units > 1 && p.outLen()*max(1, p.k[2]) >= 1<<15
}

// psSelRunner runs units of the row-select path: S the storage type, T the
// compute type (float32 for f16/bf16, else S).
type psSelRunner[S, T Number] struct{}

func (psSelRunner[S, T]) run(j *job, s *scratch, lo, hi int) { psSelUnits[S, T](j, s, lo, hi) }

// psSel is the state of one worker's run of units: the plan, the W pass
// (interior columns, permute table) and, for f16/bf16, the widening
// scratch of wRows rows.
type psSel[S, T Number] struct {
	p      *winPlan
	m      maxPass[T, T] // its wmax folds the interior columns
	pw     *pwPerm
	p4     *psPerm4
	src    []S
	dst    []S
	cvt    bool
	wb, ob []T // widened input rows (stride W) and their outputs (stride Wo)
	wRows  int // rows of wb / ob
	low    T
	lowS   S   // low as stored (narrowed)
	sv, dv []T // input and output as T (no widening)
}

func psSelUnits[S, T Number](j *job, s *scratch, lo, hi int) {
	p := &j.wp
	W, Wo := p.in[2], p.out[2]
	var z T
	e := int(unsafe.Sizeof(z))
	st := psSel[S, T]{p: p, cvt: poolIsHalf[S]()}
	st.src = unsafe.Slice((*S)(j.src), p.inLen())
	st.dst = unsafe.Slice((*S)(j.dst), p.outLen())
	st.low = lowest[T]()
	need := 64*8 + 192
	if st.cvt {
		st.wRows = max(1, min(p.planes*p.out[0]*p.out[1], scratchBudget/((W+Wo)*e)))
		need += st.wRows * (W + Wo) * e
	}
	s.reserve(need)
	var pw pwPerm
	var p4 psPerm4
	if pwPermBuild[T](&pw, p) {
		st.pw = &pw
	} else if psPerm4Build[T](&p4, p) {
		st.p4 = &p4
	}
	if st.cvt {
		st.wb = take[T](s, st.wRows*W)
		st.ob = take[T](s, st.wRows*Wo)
		one := [1]S{}
		poolNarrow(one[:], []T{st.low})
		st.lowS = one[0]
	} else {
		st.lowS = *(*S)(unsafe.Pointer(&st.low))
		st.sv = unsafe.Slice((*T)(j.src), p.inLen())
		st.dv = unsafe.Slice((*T)(j.dst), p.outLen())
	}
	st.m = maxPass[T, T]{p: p, low: st.low}
	st.m.cl, st.m.ch = interior(p.s[2], p.pb[2], p.d[2], p.k[2], W, Wo)

	Do, H, Ho := p.out[0], p.in[1], p.out[1]
	pbk := j.ints[1]
	hlo, hhi := psSelRows(p.s[1], p.pb[1], H, Ho)
	zlo, zhi := psSelRows(p.s[0], p.pb[0], p.in[0], Do)
	for u := lo; u < hi; u++ {
		blk := u % j.nb
		v := u / j.nb
		od := v % Do
		p0 := v / Do * pbk
		p1 := min(p0+pbk, p.planes)
		i0 := blk * j.bRows
		i1 := min(i0+j.bRows, Ho)
		a, b := max(i0, hlo), min(i1, hhi)
		if od < zlo || od >= zhi {
			a, b = i1, i1 // no valid row
		}
		// Rows outside [a, b) read no input.
		for pl := p0; pl < p1; pl++ {
			o := pl*p.outPlane + (od*Ho)*Wo
			fill(st.dst[o+i0*Wo:o+max(i0, min(a, i1))*Wo], st.lowS)
			fill(st.dst[o+max(b, i0)*Wo:o+i1*Wo], st.lowS)
		}
		if a >= b {
			continue
		}
		z := od*p.s[0] - p.pb[0]
		rowIn := func(pl, oh int) int { return pl*p.inPlane + (z*H+oh*p.s[1]-p.pb[1])*W }
		rowOut := func(pl, oh int) int { return pl*p.outPlane + (od*Ho+oh)*Wo }
		if b-a >= p1-p0 {
			for pl := p0; pl < p1; pl++ {
				st.batch(rowOut(pl, a), Wo, rowIn(pl, a), p.s[1]*W, b-a)
			}
		} else {
			for oh := a; oh < b; oh++ {
				st.batch(rowOut(p0, oh), p.outPlane, rowIn(p0, oh), p.inPlane, p1-p0)
			}
		}
	}
}

// batch W-pools rows input rows (the first at element si of the input,
// then every sr) into output rows (the first at element di, then every ds).
func (st *psSel[S, T]) batch(di, ds, si, sr, rows int) {
	if !st.cvt {
		st.wrows(st.dv[di:], ds, st.sv[si:], sr, rows)
		return
	}
	W, Wo := st.p.in[2], st.p.out[2]
	for r0 := 0; r0 < rows; r0 += st.wRows {
		n := min(st.wRows, rows-r0)
		for r := 0; r < n; r++ {
			q := si + (r0+r)*sr
			poolWiden(st.wb[r*W:(r+1)*W], st.src[q:q+W])
		}
		st.wrows(st.ob, Wo, st.wb, W, n)
		for r := 0; r < n; r++ {
			q := di + (r0+r)*ds
			poolNarrow(st.dst[q:q+Wo], st.ob[r*Wo:(r+1)*Wo])
		}
	}
}

// wrows is the W pass of rows rows of src (row stride sr, each starting at
// its column 0) into dst (row stride ds), from fresh accumulators: every
// output folds its valid taps in order.
func (st *psSel[S, T]) wrows(dst []T, ds int, src []T, sr, rows int) {
	p := st.p
	W, Wo := p.in[2], p.out[2]
	if st.pw != nil {
		pwPermMax(dst, ds, src, sr, rows, st.pw)
		return
	}
	if st.p4 != nil {
		psPerm4Max(dst, ds, src, sr, rows, st.p4)
		return
	}
	cl, ch := st.m.cl, st.m.ch
	if ch > cl {
		st.m.wmax(dst[cl:], ds, src[cl*p.s[2]-p.pb[2]:], sr, rows, ch-cl)
	}
	for c := 0; c < Wo; c++ {
		if c == cl && ch > cl {
			c = ch - 1
			continue
		}
		xlo, xhi := tapWin(c, p.s[2], p.pb[2], p.d[2], p.k[2], W)
		if xlo == xhi {
			for r := 0; r < rows; r++ {
				dst[r*ds+c] = st.low
			}
			continue
		}
		foldMax(dst[c:], ds, src[c*p.s[2]-p.pb[2]+xlo*p.d[2]:], sr, 1, p.d[2], xhi-xlo, rows, 1, st.low, false)
	}
}
