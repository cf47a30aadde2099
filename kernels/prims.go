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

// maxIdxRectLinGo is maxRectGo that also keeps, in di, the index of the
// chosen source element, the index of src[r*sr+c*sc] being i0+r*ir+c*ic.
func maxIdxRectLinGo[T Number](dst []T, di []int32, ds int, src []T, sr, sc, rows, cols int, i0, ir, ic int32) {
	for r := 0; r < rows; r++ {
		d := dst[r*ds:][:cols]
		dx := di[r*ds:][:cols]
		s := src[r*sr:]
		ix := i0 + int32(r)*ir
		for c := range d {
			if x := s[c*sc]; x > d[c] {
				d[c] = x
				dx[c] = ix
			}
			ix += ic
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

// addRectGo: dst[r*ds+c] += src[r*sr+c*sc].
func addRectGo[T Number](dst []T, ds int, src []T, sr, sc, rows, cols int) {
	for r := 0; r < rows; r++ {
		d := dst[r*ds:][:cols]
		s := src[r*sr:]
		if sc == 1 {
			s = s[:cols]
			for c, x := range s {
				d[c] += x
			}
			continue
		}
		for c := range d {
			d[c] += s[c*sc]
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

// tapRange returns the outputs [lo, hi) ∩ [0, out) whose tap at offset off
// (position o*s + off) lies inside [0, in).
func tapRange(off, s, in, out int) (lo, hi int) {
	lo = max(0, ceilDiv(-off, s))
	hi = min(out, floorDiv(in-1-off, s)+1)
	if hi < lo {
		hi = lo
	}
	return
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
