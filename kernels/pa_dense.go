package kernels

import "unsafe"

// Round 13 (pa): the dense W pass of float AvgPool.
//
// A W pass with a column stride s ≥ 3 (f32; ≥ 2 for f64) over rows of few
// outputs runs, per tap, one gathered fold per row (its lanes strided by
// s), and every clipped border column is one more fold per row. The dense
// pass instead sums all positions x of the rows, S[x] = Σ_t row[x + t·d]
// in tap order from 0, with contiguous folds over each row's positions
// whose window ends in the row, and then picks the outputs S[c·s − pb] with one strided one-tap fold.
// Each output is the same sum of the same taps in the same order as the
// gathered fold's; border columns read zero-padded rows (copyPadded), so
// their sums add zeros for the pad taps (exact, a −0 sum becomes +0, as
// with padRows' copies). The choice depends on the geometry only.

// paGatherCost is the cost of a gathered vector fold step relative to a
// contiguous one in paDenseW's model.
const paGatherCost = 8

// paDenseW reports whether float AvgPool's W pass (interior columns
// [cl, ch)) is cheaper dense than gathered: it is taken for column strides
// the contiguous and phase-split folds do not cover, windows of ≥ 2 taps,
// and when k·⌈Wr/L⌉ contiguous steps plus one gathered fold per row cost
// less than k gathered folds per row and the border columns' folds.
func paDenseW[T Number](p *winPlan, cl, ch int) bool {
	if kindOf[T]() > kFloat64 {
		return false
	}
	var z T
	elem := int(unsafe.Sizeof(z))
	s, k, Wo := p.s[2], p.k[2], p.out[2]
	if k < 2 || s < 2 || elem == 4 && s < 3 || !paDenseOn() {
		return false
	}
	cols := ch - cl
	if cols > 0 && plPhaseUse[T](s, p.d[2], k, cols) {
		return false
	}
	L := 64 / elem
	Wr := p.in[2]
	border := Wo - cols
	if border > 0 {
		Wr = paPadWidth(p)
	}
	cv := (cols + L - 1) / L
	dense := k*((Wr+L-1)/L) + paGatherCost*((Wo+L-1)/L)
	if border > 0 {
		dense += (Wr + L - 1) / L // the padded copy
	}
	gathered := paGatherCost * (k*cv + border*k)
	return dense < gathered
}

// paPadWidth is the row width of padRows' zero-padded copies.
func paPadWidth(p *winPlan) int {
	return max(p.in[2]+p.pb[2]+p.pe[2], (p.out[2]-1)*p.s[2]+(p.k[2]-1)*p.d[2]+1)
}

// paDenseWAdd is the dense W pass of rows rows of src (row stride W, the
// rows contiguous) into hs (row stride Wo): with usePad through pad (rows
// of Wp, every output column), else the interior columns [cl, ch) only
// (the caller has no border columns then). dn is scratch of rows·W
// (rows·Wp) elements.
func paDenseWAdd[T Number](hs, dn, src, pad []T, p *winPlan, rows, cl, ch int, usePad bool, Wp int) {
	W, Wo := p.in[2], p.out[2]
	base, Wr, c0, c1, o := src, W, cl, ch, cl*p.s[2]-p.pb[2]
	if usePad {
		copyPadded(pad, Wp, src, W, rows, p.pb[2], 0)
		base, Wr, c0, c1, o = pad, Wp, 0, Wo, 0
	}
	if c1 <= c0 || rows <= 0 {
		return
	}
	// Row by row (not the rows end to end): which routine adds a
	// position then depends on its column only, never on the block
	// split, so NaN payloads are the same on every thread count.
	n := Wr - (p.k[2]-1)*p.d[2]
	foldAdd(dn, Wr, base, Wr, 1, p.d[2], p.k[2], rows, n, false, 1)
	foldAdd(hs[c0:], Wo, dn[o:], Wr, p.s[2], 1, 1, rows, c1-c0, false, 1)
}

// paDFirstSlab bounds the depth slab (valid depth slices × H × W elements)
// pqDFirst adds first. Round 9 had 4096; 3-D windows over sparse H and W
// taps (avg f32 12×28×7×19×35 k[7,1,1] s[4,6,3]: 4655 elements, 2×4×12
// outputs) then ran seven tiny H and W passes per output depth, a few
// dozen calls of a few elements per plane.
const paDFirstSlab = 16384
