package kernels

// Portable primitives over rectangles of elements. A rectangle of rows×cols
// elements is addressed by a slice starting at its first element, a row
// stride and (for sources) a column stride. The SIMD versions in
// simd_amd64.s implement exactly the same operations; these are the
// fallbacks and the definition.
//
// "m(acc, x)" below is OpenVINO's max update: x if x > acc, else acc. It never
// picks NaN and keeps the first of equal values (−0 before +0 or vice versa),
// so folding taps in scan order reproduces the reference bit for bit.

func fillGo[T any](dst []T, v T) {
	for i := range dst {
		dst[i] = v
	}
}

// maxRectGo: dst[r*ds+c] = m(dst[r*ds+c], src[r*sr+c*sc]).
func maxRectGo[T Number](dst []T, ds int, src []T, sr, sc, rows, cols int) {
	for r := 0; r < rows; r++ {
		d := dst[r*ds:][:cols]
		s := src[r*sr:]
		if sc == 1 {
			s = s[:cols]
			for c, x := range s {
				if x > d[c] {
					d[c] = x
				}
			}
			continue
		}
		for c := range d {
			if x := s[c*sc]; x > d[c] {
				d[c] = x
			}
		}
	}
}

// maxIdxRectGo folds a source rectangle that carries its own indices (same
// stride sr for values and indices, column stride 1).
func maxIdxRectGo[T Number](dst []T, di []int32, ds int, src []T, si []int32, sr, rows, cols int) {
	for r := 0; r < rows; r++ {
		d := dst[r*ds:][:cols]
		dx := di[r*ds:][:cols]
		s := src[r*sr:][:cols]
		sx := si[r*sr:][:cols]
		for c, x := range s {
			if x > d[c] {
				d[c] = x
				dx[c] = sx[c]
			}
		}
	}
}

// divRectGo: dst[r*ds+c] /= den[c].
func divRectGo[T Number](dst []T, ds int, den []T, rows, cols int) {
	den = den[:cols]
	for r := 0; r < rows; r++ {
		d := dst[r*ds:][:cols]
		for c, q := range den {
			d[c] /= q
		}
	}
}

// ceilDiv and floorDiv divide by a positive b, rounding toward +inf / -inf.
func ceilDiv(a, b int) int {
	if a >= 0 {
		return (a + b - 1) / b
	}
	return -((-a) / b)
}

func floorDiv(a, b int) int {
	if a >= 0 {
		return a / b
	}
	return -((-a + b - 1) / b)
}

func sumGo[T Number](s []T) T {
	var a T
	for _, v := range s {
		a += v
	}
	return a
}

func hasNaNGo[T Number](s []T) bool {
	if kindOf[T]() > kFloat64 {
		return false
	}
	for _, v := range s {
		if v != v {
			return true
		}
	}
	return false
}

// Fused multi-tap folds. A fold reduces, for every element of a rows×cols
// destination rectangle, taps source elements spaced ts apart, in tap order,
// in a register:
//
//	acc = load ? dst[r*ds+c] : init
//	for t := 0; t < taps; t++ { acc = op(acc, src[r*sr+c*sc+t*ts]) }
//	dst[r*ds+c] = acc
//
// One fold replaces taps passes of the per-tap rectangle primitives over the
// destination, and needs no fill of it. For max the order of the updates is
// the per-tap primitives' order, so the results are the same bits.

// foldMaxGo folds with m(acc, x) = x > acc ? x : acc.
func foldMaxGo[T Number](dst []T, ds int, src []T, sr, sc, ts, taps, rows, cols int, init T, load bool) {
	if cols == 1 && !load && ts > 0 && rows > 0 {
		// one column (a border column of a W pass): hoist the bounds checks
		n := (taps-1)*ts + 1
		_ = dst[(rows-1)*ds]
		_ = src[(rows-1)*sr+n-1]
		for r := 0; r < rows; r++ {
			s := src[r*sr:][:n]
			acc := init
			for t := 0; t < n; t += ts {
				if x := s[t]; x > acc {
					acc = x
				}
			}
			dst[r*ds] = acc
		}
		return
	}
	for r := 0; r < rows; r++ {
		d := dst[r*ds:][:cols]
		s := src[r*sr:]
		for c := range d {
			acc := init
			if load {
				acc = d[c]
			}
			p := c * sc
			for t := 0; t < taps; t++ {
				if x := s[p]; x > acc {
					acc = x
				}
				p += ts
			}
			d[c] = acc
		}
	}
}

// foldMaxIdxLinGo is foldMaxGo that also keeps in di the index of the chosen
// element, the index of src[r*sr+c*sc+t*ts] being i0+r*ir+c*ic+t*it. Without
// load the accumulator starts from (init, 0).
func foldMaxIdxLinGo[T Number](dst []T, di []int32, ds int, src []T, sr, sc, ts, taps, rows, cols int, init T, load bool, i0, ir, ic, it int32) {
	for r := 0; r < rows; r++ {
		d := dst[r*ds:][:cols]
		dx := di[r*ds:][:cols]
		s := src[r*sr:]
		base := i0 + int32(r)*ir
		for c := range d {
			acc, ai := init, int32(0)
			if load {
				acc, ai = d[c], dx[c]
			}
			p, ix := c*sc, base+int32(c)*ic
			for t := 0; t < taps; t++ {
				if x := s[p]; x > acc {
					acc, ai = x, ix
				}
				p += ts
				ix += it
			}
			d[c], dx[c] = acc, ai
		}
	}
}

// foldMaxIdxGo folds a source that carries its own indices (si, laid out as
// src), column stride 1. Without load the accumulator starts from (init, 0).
func foldMaxIdxGo[T Number](dst []T, di []int32, ds int, src []T, si []int32, sr, ts, taps, rows, cols int, init T, load bool) {
	for r := 0; r < rows; r++ {
		d := dst[r*ds:][:cols]
		dx := di[r*ds:][:cols]
		for c := range d {
			acc, ai := init, int32(0)
			if load {
				acc, ai = d[c], dx[c]
			}
			p := r*sr + c
			for t := 0; t < taps; t++ {
				if x := src[p]; x > acc {
					acc, ai = x, si[p]
				}
				p += ts
			}
			d[c], dx[c] = acc, ai
		}
	}
}

// foldAddGo folds with acc + x, starting from 0 without load, and stores
// acc/div (div = 1 stores the sum exactly).
func foldAddGo[T Number](dst []T, ds int, src []T, sr, sc, ts, taps, rows, cols int, load bool, div T) {
	if cols == 1 && !load && ts > 0 && rows > 0 {
		// one column (a border column of a W pass): hoist the bounds checks
		n := (taps-1)*ts + 1
		_ = dst[(rows-1)*ds]
		_ = src[(rows-1)*sr+n-1]
		for r := 0; r < rows; r++ {
			s := src[r*sr:][:n]
			var acc T
			for t := 0; t < n; t += ts {
				acc += s[t]
			}
			dst[r*ds] = acc / div
		}
		return
	}
	for r := 0; r < rows; r++ {
		d := dst[r*ds:][:cols]
		s := src[r*sr:]
		for c := range d {
			var acc T
			if load {
				acc = d[c]
			}
			p := c * sc
			for t := 0; t < taps; t++ {
				acc += s[p]
				p += ts
			}
			d[c] = acc / div
		}
	}
}

// interior returns the outputs [lo, hi) ∩ [0, out) whose every tap
// (positions o*s - pb + t*d, t < k) lies inside [0, in).
func interior(s, pb, d, k, in, out int) (lo, hi int) {
	lo = min(out, ceilDiv(pb, s))
	hi = max(0, min(out, floorDiv(in-1-(k-1)*d+pb, s)+1))
	if hi < lo {
		hi = lo
	}
	return
}

// runIter walks outputs [i, end) in runs sharing their valid taps
// [tlo, thi): the interior (all k taps valid) as one run, border outputs one
// by one. It avoids a division per output.
type runIter struct {
	s, pb, d, k, in int
	il, ih, i, end  int
}

func newRunIter(s, pb, d, k, in, out, i0, i1 int) runIter {
	il, ih := interior(s, pb, d, k, in, out)
	return runIter{s: s, pb: pb, d: d, k: k, in: in, il: il, ih: ih, i: i0, end: i1}
}

func (it *runIter) next() (a, b, tlo, thi int, ok bool) {
	if it.i >= it.end {
		return
	}
	a = it.i
	if a >= it.il && a < it.ih {
		b = min(it.end, it.ih)
		tlo, thi = 0, it.k
	} else {
		b = a + 1
		tlo, thi = tapWin(a, it.s, it.pb, it.d, it.k, it.in)
	}
	it.i = b
	return a, b, tlo, thi, true
}

// padRows decides whether a W pass folds padded copies of the rows (all
// columns in one fold) rather than the interior in place and the border
// columns one by one (scalar): worth it when the scalar border work
// (border columns × taps) exceeds about an eighth of the row copy, and not
// when folding every tap of the padded rows would cost more than twice the
// clipped work (huge pads around a small input: the border columns then see
// few valid taps each, and the padded rows would be mostly padding). It
// returns the padded row width.
func padRows(p *winPlan, cl, ch int) (bool, int) {
	Wo := p.out[2]
	if (Wo-(ch-cl))*p.k[2]*8 <= p.in[2] {
		return false, 0
	}
	border := Wo - (ch - cl)
	if clipped := (ch-cl)*p.k[2] + border*min(p.k[2], p.in[2]); Wo*p.k[2] > 2*clipped {
		return false, 0
	}
	return true, max(p.in[2]+p.pb[2]+p.pe[2], (Wo-1)*p.s[2]+(p.k[2]-1)*p.d[2]+1)
}

// copyPaddedGo copies rows rows of W elements (row stride W) from src into
// pad (row stride Wp), each preceded by pb copies of v and followed by v.
func copyPaddedGo[T Number](pad []T, Wp int, src []T, W, rows, pb int, v T) {
	for r := 0; r < rows; r++ {
		row := pad[r*Wp : (r+1)*Wp]
		for i := range row[:pb] {
			row[i] = v
		}
		copy(row[pb:pb+W], src[r*W:(r+1)*W])
		for i := pb + W; i < Wp; i++ {
			row[i] = v
		}
	}
}

// meanPlanesGo: dst[p] = sum(src[p*n : (p+1)*n]) / div.
func meanPlanesGo[T Number](src []T, n int, dst []T, div T) {
	for p := range dst {
		dst[p] = sumSlice(src[p*n:(p+1)*n]) / div
	}
}

// allInterior reports whether every window of every output lies entirely
// inside the input (no tap in padding or past the edge).
func (p *winPlan) allInterior() bool {
	for a := 0; a < 3; a++ {
		lo, hi := interior(p.s[a], p.pb[a], p.d[a], p.k[a], p.in[a], p.out[a])
		if lo != 0 || hi != p.out[a] {
			return false
		}
	}
	return true
}
