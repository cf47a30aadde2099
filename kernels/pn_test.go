package kernels

import (
	"context"
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
	"github.com/x448/float16"
)

// pnWideGeom draws a 3-D MaxPool geometry with more outputs a row than the
// permute W pass holds (17–60), kernels 1–11, strides 1–6, dilations 1–3,
// pads, floor or ceil rounding.
func pnWideGeom(r *rand.Rand) (Window, winPlan) {
	for {
		g := Window{N: 1 + r.IntN(2), C: 1 + r.IntN(12)}
		for a := 0; a < 3; a++ {
			k, s, d := 1+r.IntN(11), 1+r.IntN(6), 1+r.IntN(3)
			if a == 2 {
				s = 1 + r.IntN(2)
			}
			kd := (k-1)*d + 1
			pb, pe := r.IntN(kd/2+1), r.IntN(kd/2+1)
			in := max(1, kd-pb-pe) + r.IntN(14)
			if a == 2 {
				in = max(1, kd-pb-pe) + 17 + r.IntN(60)
			}
			span := in + pb + pe - kd
			out := span/s + 1
			if r.IntN(2) == 0 && span%s != 0 && out*s < in+pb {
				out++
			}
			g.In = append(g.In, in)
			g.Out = append(g.Out, out)
			g.Kernel = append(g.Kernel, k)
			g.Strides = append(g.Strides, s)
			g.Dilations = append(g.Dilations, d)
			g.PadsBegin = append(g.PadsBegin, pb)
			g.PadsEnd = append(g.PadsEnd, pe)
		}
		p, err := g.plan()
		if err != nil || p.out[2] <= 16 || p.out[0] < 2 {
			continue
		}
		return g, p
	}
}

func testPnWide[T Number](t *testing.T, r *rand.Rand, w1, w2 *Workers) {
	taken := 0
	for it := 0; it < 80; it++ {
		g, p := pnWideGeom(r)
		src := make([]T, p.inLen())
		pwRandVals(r, src, r.IntN(2) == 0)
		want := make([]T, p.outLen())
		require.NoError(t, MaxPoolReference[T, int64](g, src, want, nil, 0))
		j := job{wp: p}
		var z T
		planRows(&j, 1, int(unsafe.Sizeof(z))+4)
		if pwSkipDepth[T](&j) {
			taken++
		}
		for _, w := range []*Workers{w1, w2} {
			got := make([]T, p.outLen())
			require.NoError(t, MaxPool[T, int64](w, g, src, got, nil, 0))
			require.Equal(t, pltBits(want), pltBits(got), "%+v", g)
		}
	}
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
	testPnWide[float32](t, r, w1, w2)
	testPnWide[float64](t, r, w1, w2)
	testPnWide[int32](t, r, w1, w2)
	testPnWide[uint8](t, r, w1, w2)
	testPnWide[int64](t, r, w1, w2)
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
		bits := poolHalfBits(r, p.inLen(), false)
		s32 := make([]float32, p.inLen())
		F16ToF32(s32, poolAs[float16.Float16](bits))
		w32 := make([]float32, p.outLen())
		wantI := make([]int64, p.outLen())
		require.NoError(t, MaxPoolReference(g, s32, w32, wantI, 0))
		want := make([]float16.Float16, p.outLen())
		F32ToF16(want, w32)
		for _, w := range pool {
			got := make([]float16.Float16, p.outLen())
			gotI := make([]int64, p.outLen())
			require.NoError(t, MaxPoolF16Context(context.Background(), w, g, poolAs[float16.Float16](bits), got, gotI, 0))
			require.Equal(t, want, got, "%+v f16 threads %d", g, w.Threads())
			require.Equal(t, wantI, gotI, "%+v f16 indices threads %d", g, w.Threads())
		}
	}
}
