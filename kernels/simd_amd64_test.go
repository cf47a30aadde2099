//go:build amd64 && !purego

package kernels

import (
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

		a, b = append([]float32{}, dst0...), append([]float32{}, dst0...)
		ai, bi := append([]int32{}, di0...), append([]int32{}, di0...)
		i0, ir, ic := int32(r.IntN(50)), int32(r.IntN(100)), int32(sc)
		maxIdxRectLin(a, ai, ds, src, sr, sc, rows, cols, i0, ir, ic)
		maxIdxRectLinGo(b, bi, ds, src, sr, sc, rows, cols, i0, ir, ic)
		require.Equal(t, bitsOf(b), bitsOf(a), "maxIdxRectLin values")
		require.Equal(t, bi, ai, "maxIdxRectLin indices rows %d cols %d sc %d", rows, cols, sc)

		if sc == 1 {
			a, b = append([]float32{}, dst0...), append([]float32{}, dst0...)
			ai, bi = append([]int32{}, di0...), append([]int32{}, di0...)
			maxIdxRect(a, ai, ds, src, si, sr, rows, cols)
			maxIdxRectGo(b, bi, ds, src, si, sr, rows, cols)
			require.Equal(t, bitsOf(b), bitsOf(a), "maxIdxRect values")
			require.Equal(t, bi, ai, "maxIdxRect indices")
		}

		fin := randData[float32](r, len(src), true)
		a, b = append([]float32{}, dst0...), append([]float32{}, dst0...)
		addRect(a, ds, fin, sr, sc, rows, cols)
		addRectGo(b, ds, fin, sr, sc, rows, cols)
		for i := range a {
			require.True(t, a[i] == b[i] || (a[i] != a[i] && b[i] != b[i]), "addRect %d: %v vs %v", i, a[i], b[i])
		}
		// accumulate all rows into one (ds = 0)
		a, b = append([]float32{}, dst0[:cols]...), append([]float32{}, dst0[:cols]...)
		addRect(a, 0, fin, sr, sc, rows, cols)
		addRectGo(b, 0, fin, sr, sc, rows, cols)
		for i := range a {
			require.True(t, a[i] == b[i] || (a[i] != a[i] && b[i] != b[i]), "addRect ds=0 %d", i)
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
