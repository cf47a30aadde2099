package kernels

import (
	"context"
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
	"github.com/x448/float16"
)

// pltTinyGeom draws a 2- or 3-D geometry over small planes (1–12 per axis,
// kernels 1–11, strides 1–6, dilations 1–3, pads, floor or ceil rounding)
// that the tiny-plane path takes (pltTinyUse), over many planes; for
// AvgPool the plan as qtReduce leaves it.
func pltTinyGeom(r *rand.Rand) (Window, winPlan) {
	for {
		nsp := 2 + r.IntN(2)
		g := Window{N: 1 + r.IntN(3), C: 2 + r.IntN(40)}
		for a := 0; a < nsp; a++ {
			k, s, d := 1+r.IntN(11), 1+r.IntN(6), 1+r.IntN(3)
			testPoolAxis(r, &g, k, s, d, nil, func() int { return r.IntN(12) })
		}
		p, err := g.plan()
		if err != nil {
			continue
		}
		j := job{wp: p}
		// AvgPool's plan after qtReduce must take the path too (round 16).
		ja := job{wp: p}
		qtReduce(&ja.wp, false)
		if pltTinyUse(&j, false, false) && pltTinyUse(&j, true, true) && pltTinyUse(&ja, false, false) {
			return g, p
		}
	}
}

// pltBits returns the bits of a slice of 1- to 8-byte numbers, for exact
// comparisons (NaN included).
func pltBits[T Number](v []T) []uint64 {
	var z T
	out := make([]uint64, len(v))
	for i := range v {
		p := unsafe.Pointer(&v[i])
		switch unsafe.Sizeof(z) {
		case 1:
			out[i] = uint64(*(*uint8)(p))
		case 2:
			out[i] = uint64(*(*uint16)(p))
		case 4:
			out[i] = uint64(*(*uint32)(p))
		default:
			out[i] = *(*uint64)(p)
		}
	}
	return out
}

// TestPlTiny: MaxPool (values, int64 and int32 indices, index axes 0 and 2)
// and AvgPool (pads counted or not) on tiny planes, through MaxPool and
// AvgPool on 1 and 2 threads, against the scalar references bit for bit —
// the tiny path folds every window in the reference's order with its
// update, so float sums are the same bits too. Data with NaN, ±Inf,
// extremes, −0 and ties.
func TestPlTiny(t *testing.T) {
	pool := []*Workers{nil, NewWorkers(1), NewWorkers(2)}
	defer pool[1].Close()
	defer pool[2].Close()
	ptRun(t, ptAll, func(t *testing.T, e ptElem) { e.pltTinyCheck(t, pool) })
	t.Run("f16", func(t *testing.T) { pltTinyHalfCheck(t, pool) })
}

func pltTinyCheck[T Number](t *testing.T, pool []*Workers) {
	r := rand.New(rand.NewPCG(11, uint64(unsafe.Sizeof(*new(T)))))
	for it := 0; it < 60; it++ {
		g, p := pltTinyGeom(r)
		src := poolTabValues[T](r, p.inLen())
		axis := 0
		if it%2 == 1 {
			axis = 2
		}
		want := make([]T, p.outLen())
		wantI := make([]int64, p.outLen())
		wantI32 := make([]int32, p.outLen())
		require.NoError(t, MaxPoolReference(g, src, want, wantI, axis))
		require.NoError(t, MaxPoolReference(g, src, make([]T, p.outLen()), wantI32, axis))
		wantAvg := [2][]T{make([]T, p.outLen()), make([]T, p.outLen())}
		for e, excl := range []bool{false, true} {
			require.NoError(t, AvgPoolReference(g, src, wantAvg[e], excl))
		}
		for _, w := range pool {
			got := make([]T, p.outLen())
			require.NoError(t, MaxPool[T, int64](w, g, src, got, nil, 0))
			require.Equal(t, pltBits(want), pltBits(got), "%+v values threads %d", g, w.Threads())
			gotI := make([]int64, p.outLen())
			require.NoError(t, MaxPool(w, g, src, got, gotI, axis))
			require.Equal(t, pltBits(want), pltBits(got), "%+v threads %d", g, w.Threads())
			require.Equal(t, wantI, gotI, "%+v indices axis %d threads %d", g, axis, w.Threads())
			gotI32 := make([]int32, p.outLen())
			require.NoError(t, MaxPool(w, g, src, got, gotI32, axis))
			require.Equal(t, wantI32, gotI32, "%+v int32 indices axis %d threads %d", g, axis, w.Threads())
			for e, excl := range []bool{false, true} {
				require.NoError(t, AvgPool(w, g, src, got, excl))
				require.Equal(t, pltBits(wantAvg[e]), pltBits(got), "%+v avg excl %v threads %d", g, excl, w.Threads())
			}
			if w != nil && it < 4 {
				allocs := testing.AllocsPerRun(3, func() {
					_ = MaxPool(w, g, src, got, gotI, axis)
					_ = AvgPool(w, g, src, got, true)
				})
				require.Zero(t, allocs, "%+v allocations per MaxPool+AvgPool, threads %d", g, w.Threads())
			}
		}
	}
}

// pltTinyHalfCheck: f16 MaxPool against the reference on the widened tensor
// (narrowed back), f16 AvgPool against the float32 kernel (pqAvgF16Check)
// and against the float32 reference (the same bits here: the tiny path is
// the reference's order).
func pltTinyHalfCheck(t *testing.T, pool []*Workers) {
	r := rand.New(rand.NewPCG(11, 2))
	for it := 0; it < 60; it++ {
		g, p := pltTinyGeom(r)
		pltHalfMaxCheck(t, r, g, &p, pool)
		s32, w32 := make([]float32, p.inLen()), make([]float32, p.outLen())
		want := make([]float16.Float16, p.outLen())
		for _, excl := range []bool{false, true} {
			pqAvgF16Check(t, r, g, &p, excl, pool)
			bits := poolHalfBits(r, p.inLen(), false)
			F16ToF32(s32, poolAs[float16.Float16](bits))
			require.NoError(t, AvgPoolReference(g, s32, w32, excl))
			F32ToF16(want, w32)
			got := make([]float16.Float16, p.outLen())
			require.NoError(t, AvgPoolF16Context(context.Background(), pool[2], g, poolAs[float16.Float16](bits), got, excl))
			require.Equal(t, want, got, "%+v f16 avg excl %v", g, excl)
		}
	}
}

// pltHalfMaxCheck runs f16 MaxPool (values and indices) of geometry g on
// every worker pool against the reference on the widened tensor, narrowed
// back.
func pltHalfMaxCheck(t *testing.T, r *rand.Rand, g Window, p *winPlan, pool []*Workers) {
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
		require.Equal(t, want, got, "%+v f16 max threads %d", g, w.Threads())
		require.Equal(t, wantI, gotI, "%+v f16 indices threads %d", g, w.Threads())
	}
}
