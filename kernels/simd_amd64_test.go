//go:build amd64 && !purego

package kernels

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSIMDPrimitives runs every AVX2 primitive and its Go definition on the
// same random rectangles (all tail lengths, strides 1 and 2, NaN, ±Inf, ±0,
// ties) and requires identical bits.
func TestSIMDPrimitives(t *testing.T) {
	if !hasAVX2 {
		t.Skip("no AVX2")
	}
	r := rand.New(rand.NewPCG(5, 5))
	for it := 0; it < 3000; it++ {
		rows := 1 + r.IntN(4)
		cols := 1 + r.IntN(40)
		sc := 1 + r.IntN(2)
		ds := cols + r.IntN(3)
		sr := (cols-1)*sc + 1 + r.IntN(3)
		src := randData[float32](r, (rows-1)*sr+(cols-1)*sc+1, false)
		si := make([]int32, len(src))
		for i := range si {
			si[i] = int32(r.IntN(1000))
		}
		dst0 := randData[float32](r, (rows-1)*ds+cols, false)
		for i := range dst0 { // accumulators are never NaN in the kernels except adaptive's first element
			if dst0[i] != dst0[i] && r.IntN(2) == 0 {
				dst0[i] = low32
			}
		}
		di0 := make([]int32, len(dst0))
		for i := range di0 {
			di0[i] = int32(r.IntN(1000))
		}
		a, b := append([]float32{}, dst0...), append([]float32{}, dst0...)
		maxRect(a, ds, src, sr, sc, rows, cols)
		maxRectGo(b, ds, src, sr, sc, rows, cols)
		require.Equal(t, bitsOf(b), bitsOf(a), "maxRect rows %d cols %d sc %d", rows, cols, sc)

		ai, bi := append([]int32{}, di0...), append([]int32{}, di0...)
		if sc == 1 {
			a, b = append([]float32{}, dst0...), append([]float32{}, dst0...)
			maxIdxRect(a, ai, ds, src, si, sr, rows, cols)
			maxIdxRectGo(b, bi, ds, src, si, sr, rows, cols)
			require.Equal(t, bitsOf(b), bitsOf(a), "maxIdxRect values")
			require.Equal(t, bi, ai, "maxIdxRect indices")
		}

		den := randData[float32](r, cols, true)
		a, b = append([]float32{}, dst0...), append([]float32{}, dst0...)
		divRect(a, ds, den, rows, cols)
		divRectGo(b, ds, den, rows, cols)
		for i := range a {
			require.True(t, a[i] == b[i] || (a[i] != a[i] && b[i] != b[i]), "divRect %d", i)
		}
		f := make([]float32, cols)
		fill(f, -2.5)
		for _, v := range f {
			require.Equal(t, float32(-2.5), v)
		}
	}
}

// TestSIMDFolds runs the AVX2 multi-tap folds and their Go definitions on
// the same random rectangles (all tail lengths, strides 1 and 2, 1–5 taps,
// load or init, NaN, ±Inf, ±0, ties) and requires identical bits (max) or
// identical values (add, same summation order).
func TestSIMDFolds(t *testing.T) {
	if !hasAVX2 {
		t.Skip("no AVX2")
	}
	r := rand.New(rand.NewPCG(7, 7))
	for it := 0; it < 4000; it++ {
		rows := 1 + r.IntN(4)
		cols := 1 + r.IntN(40)
		sc := 1 + r.IntN(2)
		taps := 1 + r.IntN(5)
		ts := r.IntN(4)
		if r.IntN(3) == 0 {
			ts = 40 + r.IntN(50)
		}
		ds := cols + r.IntN(3)
		sr := (cols-1)*sc + 1 + r.IntN(3) + r.IntN(2)*(taps-1)*ts
		load := r.IntN(2) == 0
		src := randData[float32](r, (rows-1)*sr+(cols-1)*sc+(taps-1)*ts+1, false)
		si := make([]int32, len(src))
		for i := range si {
			si[i] = int32(r.IntN(1000))
		}
		dst0 := randData[float32](r, (rows-1)*ds+cols, false)
		for i := range dst0 {
			if dst0[i] != dst0[i] {
				dst0[i] = low32
			}
		}
		di0 := make([]int32, len(dst0))
		for i := range di0 {
			di0[i] = int32(r.IntN(1000))
		}
		init := float32(low32)
		if r.IntN(2) == 0 {
			init = float32(r.IntN(5) - 2)
		}
		msg := func(what string) string {
			return what + " " + string(rune('0'+rows)) + " rows, cols/sc/taps/ts/load " +
				itoa(cols) + "/" + itoa(sc) + "/" + itoa(taps) + "/" + itoa(ts) + "/" + map[bool]string{true: "load", false: "init"}[load]
		}

		a, b := append([]float32{}, dst0...), append([]float32{}, dst0...)
		foldMax(a, ds, src, sr, sc, ts, taps, rows, cols, init, load)
		foldMaxGo(b, ds, src, sr, sc, ts, taps, rows, cols, init, load)
		require.Equal(t, bitsOf(b), bitsOf(a), msg("foldMax"))

		a, b = append([]float32{}, dst0...), append([]float32{}, dst0...)
		ai, bi := append([]int32{}, di0...), append([]int32{}, di0...)
		i0, ir, ic, itp := int32(r.IntN(50)), int32(r.IntN(100)), int32(sc), int32(ts)
		foldMaxIdxLin(a, ai, ds, src, sr, sc, ts, taps, rows, cols, init, load, i0, ir, ic, itp)
		foldMaxIdxLinGo(b, bi, ds, src, sr, sc, ts, taps, rows, cols, init, load, i0, ir, ic, itp)
		require.Equal(t, bitsOf(b), bitsOf(a), msg("foldMaxIdxLin values"))
		require.Equal(t, bi, ai, msg("foldMaxIdxLin indices"))

		if sc == 1 {
			a, b = append([]float32{}, dst0...), append([]float32{}, dst0...)
			ai, bi = append([]int32{}, di0...), append([]int32{}, di0...)
			foldMaxIdx(a, ai, ds, src, si, sr, ts, taps, rows, cols, init, load)
			foldMaxIdxGo(b, bi, ds, src, si, sr, ts, taps, rows, cols, init, load)
			require.Equal(t, bitsOf(b), bitsOf(a), msg("foldMaxIdx values"))
			require.Equal(t, bi, ai, msg("foldMaxIdx indices"))
		}

		fin := randData[float32](r, len(src), true)
		a, b = append([]float32{}, dst0...), append([]float32{}, dst0...)
		div := float32(1 + r.IntN(9))
		foldAdd(a, ds, fin, sr, sc, ts, taps, rows, cols, load, div)
		foldAddGo(b, ds, fin, sr, sc, ts, taps, rows, cols, load, div)
		for i := range a {
			require.True(t, a[i] == b[i] || (a[i] != a[i] && b[i] != b[i]), "%s %d: %v vs %v", msg("foldAdd"), i, a[i], b[i])
		}
	}
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// TestSIMDWinMaxIdx checks the AVX2 window reduction of AdaptiveMaxPool
// against the scalar rule (largest value, then smallest index, −0 == +0) on
// windows of every length 1..40, overlapping, with ties and ±0/±Inf.
func TestSIMDWinMaxIdx(t *testing.T) {
	if !hasAVX2 {
		t.Skip("no AVX2")
	}
	r := rand.New(rand.NewPCG(9, 9))
	for it := 0; it < 3000; it++ {
		W := 1 + r.IntN(90)
		Wo := 1 + r.IntN(min(W, 12))
		if r.IntN(4) == 0 {
			Wo = 1 + r.IntN(W+5) // more windows than columns: overlapping
		}
		colV := randData[float32](r, W, false)
		colI := make([]int32, W)
		for i := range colV {
			if colV[i] != colV[i] {
				colV[i] = float32(math.Inf(-1))
			}
			colI[i] = int32(r.IntN(40))
		}
		wb := make([]int32, 2*Wo)
		for c := 0; c < Wo; c++ {
			wb[2*c], wb[2*c+1] = int32(adStart(c, W, Wo)), int32(adEnd(c, W, Wo))
		}
		wv, wi := make([]float32, Wo), make([]int32, Wo)
		require.True(t, winMaxIdx(colV, colI, wb, wv, wi))
		for c := 0; c < Wo; c++ {
			w0, w1 := int(wb[2*c]), int(wb[2*c+1])
			bv, bi := colV[w0], colI[w0]
			for x := w0 + 1; x < w1; x++ {
				if v := colV[x]; v > bv || (v == bv && colI[x] < bi) {
					bv, bi = v, colI[x]
				}
			}
			require.True(t, bv == wv[c], "window %d [%d,%d) of %d: value %v want %v", c, w0, w1, W, wv[c], bv)
			require.Equal(t, bi, wi[c], "window %d [%d,%d) of %d: index", c, w0, w1, W)
		}
	}
}

// TestSIMDCopyPadded compares the AVX2 padded row copy with its Go definition.
func TestSIMDCopyPadded(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 3))
	for it := 0; it < 2000; it++ {
		W, rows, pb := 1+r.IntN(40), 1+r.IntN(4), r.IntN(5)
		Wp := pb + W + r.IntN(6)
		src := randData[float32](r, rows*W, false)
		a, b := make([]float32, rows*Wp), make([]float32, rows*Wp)
		copyPadded(a, Wp, src, W, rows, pb, -7)
		copyPaddedGo(b, Wp, src, W, rows, pb, -7)
		require.Equal(t, bitsOf(b), bitsOf(a), "W %d rows %d pb %d Wp %d", W, rows, pb, Wp)
	}
}

// TestSIMDFoldIdxTail4x2 covers foldMaxIdxLin's two-rows-per-vector row
// tails (column stride 1, no load, tails of 1–4 columns, odd and even row
// counts) against the Go definition.
func TestSIMDFoldIdxTail4x2(t *testing.T) {
	if !hasAVX2 {
		t.Skip("no AVX2")
	}
	r := rand.New(rand.NewPCG(11, 3))
	for it := 0; it < 3000; it++ {
		rows := 2 + r.IntN(9)
		cols := 8*(1+r.IntN(4)) + 1 + r.IntN(4)
		taps := 1 + r.IntN(5)
		ts := r.IntN(3)
		if r.IntN(4) == 0 {
			ts = cols + r.IntN(20)
		}
		ds := cols + r.IntN(5)
		sr := cols + r.IntN(3) + r.IntN(2)*(taps-1)*ts
		src := randData[float32](r, (rows-1)*sr+cols-1+(taps-1)*ts+1, false)
		dst0 := randData[float32](r, (rows-1)*ds+cols, false)
		init := float32(low32)
		if r.IntN(2) == 0 {
			init = float32(r.IntN(5) - 2)
		}
		i0, ir, ic, itp := int32(r.IntN(50)), int32(r.IntN(100)), int32(1+r.IntN(2)), int32(r.IntN(7))
		a, b := append([]float32{}, dst0...), append([]float32{}, dst0...)
		ai, bi := make([]int32, len(dst0)), make([]int32, len(dst0))
		for i := range ai {
			ai[i] = int32(i)
			bi[i] = int32(i)
		}
		foldMaxIdxLin(a, ai, ds, src, sr, 1, ts, taps, rows, cols, init, false, i0, ir, ic, itp)
		foldMaxIdxLinGo(b, bi, ds, src, sr, 1, ts, taps, rows, cols, init, false, i0, ir, ic, itp)
		require.Equal(t, bitsOf(b), bitsOf(a), "values rows %d cols %d taps %d ts %d", rows, cols, taps, ts)
		require.Equal(t, bi, ai, "indices rows %d cols %d taps %d ts %d", rows, cols, taps, ts)

		// foldMaxIdx (source indices, load or init) on the same rectangle.
		si := make([]int32, len(src))
		for i := range si {
			si[i] = int32(r.IntN(1000))
		}
		load := r.IntN(2) == 0
		a, b = append([]float32{}, dst0...), append([]float32{}, dst0...)
		for i := range a {
			if a[i] != a[i] { // a loaded accumulator is never NaN
				a[i], b[i] = low32, low32
			}
		}
		for i := range ai {
			ai[i] = int32(i)
			bi[i] = int32(i)
		}
		foldMaxIdx(a, ai, ds, src, si, sr, ts, taps, rows, cols, init, load)
		foldMaxIdxGo(b, bi, ds, src, si, sr, ts, taps, rows, cols, init, load)
		require.Equal(t, bitsOf(b), bitsOf(a), "foldMaxIdx values rows %d cols %d taps %d ts %d load %v", rows, cols, taps, ts, load)
		require.Equal(t, bi, ai, "foldMaxIdx indices rows %d cols %d taps %d ts %d load %v", rows, cols, taps, ts, load)
	}
}
