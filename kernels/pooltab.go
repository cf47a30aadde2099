package kernels

import (
	"math"
	"unsafe"
)

// Tap-table folds: a block of outputs folded as one stream, whatever the
// width of its rows. Output e folds cnt[e] taps src[off[e] + t·ts] in tap
// order; per-output start offsets and counts describe border outputs
// (clipped windows) as well as interior ones, so narrow rows (a few
// outputs each, often all of them border columns) fill whole vectors
// instead of one masked vector, or a scalar loop, per row. maxBlock uses
// two tables per block: the W pass (rows of the block × output columns, the
// rows optionally compacted to those some window reads) and the H pass.

// poolTab is a tap table: n = len(off) outputs, taps is the largest count
// and span bounds the source elements read (every off[e] + (cnt[e]-1)·ts <
// span); ts is the tap stride the table was checked with.
type poolTab struct {
	off, cnt []int32
	ts, taps int
	span     int
}

// finish computes taps and span for tap stride ts. An output with no tap
// gets offset 0.
func (t *poolTab) finish(ts int) {
	t.ts, t.taps, t.span = ts, 0, 0
	for e, c := range t.cnt {
		if c <= 0 {
			t.cnt[e], t.off[e] = 0, 0
			continue
		}
		t.taps = max(t.taps, int(c))
		t.span = max(t.span, int(t.off[e])+(int(c)-1)*ts+1)
		if t.off[e] < 0 {
			t.span = math.MaxInt // never inside a source: poolTabMax refuses it
		}
	}
}

// poolTabMaxGo is the definition of the tap-table max fold. For every
// output e: acc = load ? (dst[e], di[e]) : (init, 0); for t < cnt[e]:
// x = src[off[e]+t·ts]; if x > acc { acc = x; index = i0+off[e]+t·ts
// (si == nil) or si[off[e]+t·ts] }. di == nil folds values only.
func poolTabMaxGo[T Number](dst []T, di []int32, src []T, si []int32, tab *poolTab, init T, load bool, i0 int32) {
	ts := tab.ts
	dst = dst[:len(tab.off)]
	for e, o := range tab.off {
		acc, ai := init, int32(0)
		if load {
			acc = dst[e]
			if di != nil {
				ai = di[e]
			}
		}
		p := int(o)
		for t := int32(0); t < tab.cnt[e]; t++ {
			if x := src[p]; x > acc {
				acc = x
				if si != nil {
					ai = si[p]
				} else {
					ai = i0 + int32(p)
				}
			}
			p += ts
		}
		dst[e] = acc
		if di != nil {
			di[e] = ai
		}
	}
}

// poolTabAddGo is the definition of the tap-table sum: for every output e,
// acc = load ? dst[e] : 0, then acc += src[off[e]+t·ts] for t < cnt[e], in
// order.
func poolTabAddGo[T Number](dst []T, src []T, tab *poolTab, load bool) {
	ts := tab.ts
	dst = dst[:len(tab.off)]
	for e, o := range tab.off {
		var acc T
		if load {
			acc = dst[e]
		}
		p := int(o)
		for t := int32(0); t < tab.cnt[e]; t++ {
			acc += src[p]
			p += ts
		}
		dst[e] = acc
	}
}

// poolTabUse reports whether maxBlock (avgBlockFloat) folds the blocks of
// job j through tap tables: with the AVX-512 table folds, for 4- and 8-byte
// T, when an output row fills at most half a vector, or less than a vector
// and its columns would be gathered anyway (column stride above 1; 2 for
// float32, which the AVX2 folds deinterleave from contiguous loads) and the
// H stride skips rows (the W table leaves them out); and
// when building the tables pays: one block of rows per (plane, depth), so
// that a worker builds them once per chunk of units, and at least 32 units.
func poolTabUse[T Number](j *job) bool {
	var z T
	sz := int(unsafe.Sizeof(z))
	p := &j.wp
	Wo, sc := p.out[2], p.s[2]
	if !poolTabOn() || (sz != 4 && sz != 8) || j.nb != 1 || j.units < 32 {
		return false
	}
	if pfTabSkip[T](p) {
		return false
	}
	gathered := sc > 2 || sc == 2 && kindOf[T]() != kFloat32
	skips := p.s[1] > (p.k[1]-1)*p.d[1]+1 // rows no window reads, left out of the W pass
	return Wo*sz < 32 || Wo*sz < 64 && gathered && skips
}

// poolTabBuild fills the W-pass table w (its rows are the input rows the
// block reads, from row rlo on, as hs rows) and the H-pass table h (the
// block's outputs, reading hs) of output rows [i0, i1) and returns the
// number of hs rows. When windows do not overlap along H (stride ≥ dilated
// kernel) hs holds only the rows some window reads, each window's rows
// consecutive; otherwise every row of [rlo, rlo+nr).
// w.off/w.cnt hold nr·Wo and h.off/h.cnt (i1-i0)·Wo elements.
func poolTabBuild(p *winPlan, i0, i1, rlo, nr int, w, h *poolTab) int {
	H, W, Wo := p.in[1], p.in[2], p.out[2]
	// Column part of the W table: start offset and count per column.
	cOff, cCnt := h.off[:Wo], h.cnt[:Wo] // borrowed until the H table is written
	for c := 0; c < Wo; c++ {
		xlo, xhi := tapWin(c, p.s[2], p.pb[2], p.d[2], p.k[2], W)
		cOff[c] = int32(c*p.s[2] - p.pb[2] + xlo*p.d[2])
		cCnt[c] = int32(xhi - xlo)
	}
	row := func(q, y int) {
		base := int32((y - rlo) * W)
		for c := 0; c < Wo; c++ {
			w.off[q*Wo+c] = base + cOff[c]
			w.cnt[q*Wo+c] = cCnt[c]
		}
	}
	kd := (p.k[1]-1)*p.d[1] + 1
	compact := p.s[1] >= kd
	nq := 0
	if compact {
		for i := i0; i < i1; i++ {
			ylo, yhi := tapWin(i, p.s[1], p.pb[1], p.d[1], p.k[1], H)
			for ky := ylo; ky < yhi; ky++ {
				row(nq, i*p.s[1]-p.pb[1]+ky*p.d[1])
				nq++
			}
		}
	} else {
		for q := 0; q < nr; q++ {
			row(q, rlo+q)
		}
		nq = nr
	}
	w.off, w.cnt = w.off[:nq*Wo], w.cnt[:nq*Wo]
	w.finish(p.d[2])
	q := 0
	hts := p.d[1] * Wo
	if compact {
		hts = Wo
	}
	for i := i0; i < i1; i++ {
		ylo, yhi := tapWin(i, p.s[1], p.pb[1], p.d[1], p.k[1], H)
		start := q
		if !compact {
			start = i*p.s[1] - p.pb[1] + ylo*p.d[1] - rlo
		}
		o := (i - i0) * Wo
		for c := 0; c < Wo; c++ {
			h.off[o+c] = int32(start*Wo + c)
			h.cnt[o+c] = int32(yhi - ylo)
		}
		if compact {
			q += yhi - ylo
		}
	}
	h.off, h.cnt = h.off[:(i1-i0)*Wo], h.cnt[:(i1-i0)*Wo]
	h.finish(hts)
	return nq
}

// poolTabs holds the tables of the last block of rows built by a worker
// for a chunk of units (units of consecutive planes and depths share their
// block): storage for the largest block at the start of the scratch, and
// the scratch mark after it.
type poolTabs struct {
	w, h       poolTab
	wOff, wCnt []int32
	hOff, hCnt []int32
	i0, i1     int
	mark       int
}

// poolTabsFor returns the table cache for a chunk of maxBlock units of job
// j and true when they fold through tap tables (poolTabUse). The tables
// are taken from the start of the scratch; maxBlock then hands out the rest
// from the mark (poolScratchFrom).
func poolTabsFor[T Number](j *job, s *scratch) (poolTabs, bool) {
	p := &j.wp
	Wo := p.out[2]
	if !poolTabUse[T](j) {
		return poolTabs{}, false
	}
	b := j.bRows
	nr := min(p.in[1], (b-1)*p.s[1]+(p.k[1]-1)*p.d[1]+1)
	s.reserve(2*(nr+b)*Wo*4 + 64)
	t := poolTabs{i0: -1, i1: -1}
	t.wOff, t.wCnt = take[int32](s, nr*Wo), take[int32](s, nr*Wo)
	t.hOff, t.hCnt = take[int32](s, b*Wo), take[int32](s, b*Wo)
	t.mark = s.used
	return t, true
}

// build fills the tables for output rows [i0, i1) reading nr rows from rlo.
func (t *poolTabs) build(p *winPlan, i0, i1, rlo, nr int) {
	Wo := p.out[2]
	t.w.off, t.w.cnt = t.wOff[:nr*Wo], t.wCnt[:nr*Wo]
	t.h.off, t.h.cnt = t.hOff[:(i1-i0)*Wo], t.hCnt[:(i1-i0)*Wo]
	poolTabBuild(p, i0, i1, rlo, nr, &t.w, &t.h)
	t.i0, t.i1 = i0, i1
}

// poolScratchFrom is scratch.reserve that keeps the first mark words (the
// tables): it makes room for bytes more and hands out from the mark. If the
// buffer must grow, slices taken before keep the old array alive and valid.
func poolScratchFrom(s *scratch, mark, bytes int) {
	words := mark + (bytes+7)/8 + 8
	if len(s.buf) < words {
		s.buf = make([]uint64, words)
	}
	s.used = mark
}
