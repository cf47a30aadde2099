package kernels

import "math/bits"

// W pass of the order-free MaxPool block (pv_order.go) through doubling
// levels. Level m holds, at every position x of the block's rows laid end
// to end, the maximum of the m elements x, x+d, …, x+(m−1)·d (m a power of
// two; level 2m is a two-tap fold of level m, so every level is one
// contiguous fold over the whole block). A window of n ≥ 1 taps starting
// at x is then the maximum of two entries of level m = 2^⌊log2 n⌋, at x and
// at x+(n−m)·d: the two ranges cover the window and overlap, which changes
// no maximum (the block is order-free: every value it folds is ≥ lowest
// and not NaN, so any grouping gives the same bits). A level entry that
// runs past the end of its row is never read: every window lies in its
// row.
//
// Deep windows with column stride 1 take ⌊log2 k⌋ two-tap level folds and
// one two-tap fold into the output (8 loads per output for k = 11 instead
// of 11); narrow rows with a column stride of 2 or more (a few outputs per
// row, where the folds gather every tap per row) take the levels and one
// scalar two-entry selection per output.

// pvLevelsUse reports whether the order-free W pass of B rows takes the
// levels: column stride 1 with at least 16 taps, or a column stride of 2 or
// more with at most 8 outputs a row and at least 3 taps (fewer than 256).
func pvLevelsUse(p *winPlan) bool {
	k, s, Wo := p.k[2], p.s[2], p.out[2]
	return k < 256 && (s == 1 && k >= 16 || s >= 2 && Wo <= 8 && k >= 3)
}

// pvLevelsLen returns the scratch elements the levels of B rows need.
func pvLevelsLen(p *winPlan, B int) int {
	return (bits.Len(uint(p.k[2])) - 1) * B * p.in[2]
}

// pvWLevels computes the W pass of B rows of W elements (hs, row stride W)
// into dst (B rows of Wo, row stride Wo), using lv (pvLevelsLen elements)
// for the levels.
func pvWLevels[T Number](p *winPlan, dst, hs, lv []T, B int, low T) {
	W, Wo := p.in[2], p.out[2]
	s, d, k, pb := p.s[2], p.d[2], p.k[2], p.pb[2]
	n := B * W
	// levels[l] is level 2^l over the n elements (level 1 is hs).
	var levels [8][]T
	levels[0] = hs[:n]
	nl := bits.Len(uint(k)) // levels 1, 2, …, 2^(nl-1) ≤ k
	for l := 1; l < nl; l++ {
		m := 1 << (l - 1)
		cur := lv[(l-1)*n : l*n]
		// Entries past n−m·d would read past the block: no window uses them.
		if v := n - m*d; v > 0 {
			foldMax(cur, v, levels[l-1], 0, 1, m*d, 2, 1, v, low, false)
		}
		levels[l] = cur
	}
	cl, ch := interior(s, pb, d, k, W, Wo)
	if s == 1 && ch > cl {
		// Interior columns: two taps of level m, contiguous.
		l := nl - 1
		m := 1 << l
		off := cl - pb
		foldMax(dst[cl:], Wo, levels[l][off:], W, 1, (k-m)*d, 2, B, ch-cl, low, false)
	} else {
		cl, ch = 0, 0
	}
	for c := 0; c < Wo; c++ {
		if c == cl && ch > cl {
			c = ch - 1
			continue
		}
		tlo, thi := tapWin(c, s, pb, d, k, W)
		cnt := thi - tlo
		if cnt <= 0 {
			for r := 0; r < B; r++ {
				dst[r*Wo+c] = low
			}
			continue
		}
		l := bits.Len(uint(cnt)) - 1
		L := levels[l]
		o1 := c*s - pb + tlo*d
		o2 := o1 + (cnt-(1<<l))*d
		for r := 0; r < B; r++ {
			v := L[r*W+o1]
			if w := L[r*W+o2]; w > v {
				v = w
			}
			dst[r*Wo+c] = v
		}
	}
}
