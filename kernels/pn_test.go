package kernels

import (
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// pnWideGeom draws a 3-D MaxPool geometry with more outputs a row than the
// permute W pass holds (17–60), kernels 1–11, strides 1–6, dilations 1–3,
// pads, floor or ceil rounding.
func pnWideGeom(r *rand.Rand) (Window, winPlan) {
	for {
		g := Window{N: 1 + r.IntN(2), C: 1 + r.IntN(12)}
		for a := 0; a < 3; a++ {
			k, s, d := 1+r.IntN(11), 1+r.IntN(6), 1+r.IntN(3)
			base, n := 0, 14
			if a == 2 {
				s, base, n = 1+r.IntN(2), 17, 60
			}
			testPoolAxis(r, &g, k, s, d, nil, func() int { return base + r.IntN(n) })
		}
		p, err := g.plan()
		if err != nil || p.out[2] <= 16 || p.out[0] < 2 {
			continue
		}
		return g, p
	}
}

func testPnWide[T Number](t *testing.T, r *rand.Rand, w1, w2 *Workers) {
	var z T
	taken := pwMaxPoolCheck[T](t, r, w1, w2, 80, pnWideGeom, int(unsafe.Sizeof(z))+4, func(j *job, _ *winPlan) bool { return pwSkipDepth[T](j) })
	require.Greater(t, taken, 5)
}

// TestPnWideDepth runs values-only 3-D MaxPool with more outputs a row
// than one permute register (the per-depth order-free units chosen over
// the depth-slice cache without the permutes, round 13) on 1 and 2 threads
// against MaxPoolReference, bit for bit, with and without ±0, NaN and ±Inf.
func TestPnWideDepth(t *testing.T) {
	w1, w2 := NewWorkers(1), NewWorkers(2)
	defer w1.Close()
	defer w2.Close()
	r := rand.New(rand.NewPCG(13, 1))
	ptRun(t, "f32 f64 i32 u8 i64", func(t *testing.T, e ptElem) { e.pnWide(t, r, w1, w2) })
}

// pnTinyFloatGeom draws a tiny-plane geometry (pltTinyGeom) that float
// MaxPool takes the tiny path on (at most pnTinyFloatTaps taps a plane, a
// W window of two taps or more).
func pnTinyFloatGeom(r *rand.Rand) (Window, winPlan) {
	for {
		g, p := pltTinyGeom(r)
		j := job{wp: p}
		if pltTinyUse(&j, true, false) {
			return g, p
		}
	}
}

func testPnTinyFloat[T Number](t *testing.T, r *rand.Rand, pool []*Workers) {
	for it := 0; it < 60; it++ {
		g, p := pnTinyFloatGeom(r)
		src := poolTabValues[T](r, p.inLen())
		axis := 2 * (it % 2)
		want := make([]T, p.outLen())
		wantI := make([]int64, p.outLen())
		require.NoError(t, MaxPoolReference(g, src, want, wantI, axis))
		for _, w := range pool {
			got := make([]T, p.outLen())
			require.NoError(t, MaxPool[T, int64](w, g, src, got, nil, 0))
			require.Equal(t, pltBits(want), pltBits(got), "%+v values threads %d", g, w.Threads())
			gotI := make([]int64, p.outLen())
			require.NoError(t, MaxPool(w, g, src, got, gotI, axis))
			require.Equal(t, pltBits(want), pltBits(got), "%+v threads %d", g, w.Threads())
			require.Equal(t, wantI, gotI, "%+v indices axis %d threads %d", g, axis, w.Threads())
		}
	}
}

// TestPnTinyFloat runs f32, f64 and f16 MaxPool (values and indices) over
// tiny planes that take the direct folds (pnTinyFloatTaps) on 1 and 2
// threads against MaxPoolReference, bit for bit (NaN, ±Inf, ±0, extremes).
func TestPnTinyFloat(t *testing.T) {
	w1, w2 := NewWorkers(1), NewWorkers(2)
	defer w1.Close()
	defer w2.Close()
	pool := []*Workers{w1, w2}
	r := rand.New(rand.NewPCG(13, 2))
	testPnTinyFloat[float32](t, r, pool)
	testPnTinyFloat[float64](t, r, pool)
	for it := 0; it < 30; it++ {
		g, p := pnTinyFloatGeom(r)
		pltHalfMaxCheck(t, r, g, &p, pool)
	}
}
