package kernels

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkPfFold compares the strided W-pass max folds on one block of
// rows: the direct fold (foldMax: AVX2 stride 2 for f32, gathers),
// the phase split (plPhaseMax) and the fold-then-split kernel (pfFoldMax),
// for 4- and 8-byte elements. go test -run '^$' -bench PfFold ./kernels/
func BenchmarkPfFold(b *testing.B) {
	for _, c := range []struct{ s, taps, cols, rows int }{
		{2, 3, 56, 64}, {3, 3, 19, 64}, {3, 7, 152, 64}, {3, 11, 240, 32}, {4, 2, 40, 64}, {5, 7, 186, 32},
		{6, 3, 38, 64}, {6, 6, 11, 64}, {6, 9, 108, 64}, {4, 4, 22, 64}, {8, 4, 40, 64},
	} {
		b.Run(fmt.Sprintf("f32_s%d_k%d_c%d", c.s, c.taps, c.cols), func(b *testing.B) { pfBenchFold[float32](b, c.s, c.taps, c.cols, c.rows) })
		b.Run(fmt.Sprintf("f64_s%d_k%d_c%d", c.s, c.taps, c.cols), func(b *testing.B) { pfBenchFold[float64](b, c.s, c.taps, c.cols, c.rows) })
	}
}

func pfBenchFold[T Number](b *testing.B, sc, taps, cols, rows int) {
	r := rand.New(rand.NewPCG(1, 2))
	sr := cols*sc + taps
	src := poolTabValues[T](r, rows*sr+64*sc)
	dst := make([]T, rows*cols)
	ph := make([]T, plPhaseLen[T](sc, 1, taps, rows, cols))
	low := lowest[T]()
	b.Run("fold", func(b *testing.B) {
		for b.Loop() {
			foldMax(dst, cols, src, sr, sc, 1, taps, rows, cols, low, false)
		}
	})
	if plDeintVec(int(64 / pfLanes[T]())) {
		b.Run("phase", func(b *testing.B) {
			for b.Loop() {
				plPhaseMax(dst, cols, src, sr, sc, 1, taps, rows, cols, low, ph)
			}
		})
	}
	b.Run("pf", func(b *testing.B) {
		for b.Loop() {
			pfFoldMax(dst, cols, src, sr, sc, 1, taps, 0, 1, rows, cols, low, false)
		}
	})
}
