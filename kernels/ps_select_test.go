package kernels

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/x448/float16"
)

// psSelGeom draws a 2- or 3-D MaxPool geometry with one depth tap and one
// H tap, a depth or H stride above 1 and H pads up to 2 (rows in the
// padding), over a W axis of kernel 1–11, stride 1–8, dilation 1–3, pads
// up to half the dilated kernel, widths 1–70 (rows of a permute register
// and wider), floor or ceil rounding; with few rows a plane over many
// planes or many rows over few planes.
func psSelGeom(r *rand.Rand) (Window, winPlan) {
	for {
		nsp := 2 + r.IntN(2)
		g := Window{N: 1 + r.IntN(3), C: 1 + r.IntN(40)}
		if r.IntN(3) == 0 {
			g.C = 1 + r.IntN(3)
		}
		for a := 0; a < nsp-1; a++ {
			s := 1 + r.IntN(6)
			pb, pe := r.IntN(3), r.IntN(3)
			if r.IntN(2) == 0 {
				pb, pe = 0, 0
			}
			in := 1 + r.IntN(12)
			if r.IntN(3) == 0 {
				in = 1 + r.IntN(60)
			}
			span := in + pb + pe - 1
			out := span/s + 1
			if r.IntN(2) == 0 && span%s != 0 && out*s < in+pb {
				out++
			}
			g.testAddAxis(in, out, 1, s, 1+r.IntN(3), pb, pe)
		}
		k, s, d := 1+r.IntN(11), 1+r.IntN(8), 1+r.IntN(3)
		testPoolAxis(r, &g, k, s, d, nil, func() int { return r.IntN(70) })
		p, err := g.plan()
		if err == nil && psSelUse[float32](&p) {
			return g, p
		}
	}
}

// psColGeom draws a 2- or 3-D MaxPool geometry with one W tap and a W
// stride of 2–8 (W pads up to 2: columns in the padding), an H window of
// 2–11 taps (strides 2–6, dilations 1–3, pads up to half the dilated
// kernel) and, for 3-D, a depth window of 1–4 taps.
func psColGeom(r *rand.Rand) (Window, winPlan) {
	for {
		nsp := 2 + r.IntN(2)
		g := Window{N: 1 + r.IntN(3), C: 1 + r.IntN(20)}
		if nsp == 3 {
			testPoolAxis(r, &g, 1+r.IntN(4), 1+r.IntN(3), 1+r.IntN(2), nil, func() int { return r.IntN(8) })
		}
		testPoolAxis(r, &g, 2+r.IntN(10), 2+r.IntN(5), 1+r.IntN(3), nil, func() int { return r.IntN(40) })
		s := 2 + r.IntN(7)
		pb, pe := r.IntN(3), r.IntN(3)
		in := 1 + r.IntN(70)
		span := in + pb + pe - 1
		out := span/s + 1
		if r.IntN(2) == 0 && span%s != 0 && out*s < in+pb {
			out++
		}
		g.testAddAxis(in, out, 1, s, 1+r.IntN(3), pb, pe)
		p, err := g.plan()
		if err == nil && psColUse[float32](&p) {
			return g, p
		}
	}
}

// TestPsSelect runs values-only MaxPool over geometries of the row-select
// and column-select paths (psSelUse, psColUse) for every element type, on 1–3 threads, against
// MaxPoolReference bit for bit (NaN, ±Inf, lowest, −0, ties), with no
// allocation per call.
func TestPsSelect(t *testing.T) {
	pool := []*Workers{nil, NewWorkers(1), NewWorkers(2), NewWorkers(3)}
	defer func() {
		for _, w := range pool {
			w.Close()
		}
	}()
	ptRun(t, ptAll, func(t *testing.T, e ptElem) { e.psSelCheck(t, pool) })
	t.Run("f16", func(t *testing.T) { psSelHalfCheck(t, pool, false) })
	t.Run("bf16", func(t *testing.T) { psSelHalfCheck(t, pool, true) })
}

// psFixed are row-select geometries with output columns whose W window
// lies in the padding (narrow rows through the permutes, wide rows through
// the folds) and rows whose H window does.
var psFixed = []Window{
	{N: 2, C: 3, In: []int{7, 10}, Out: []int{3, 5}, Kernel: []int{1, 2}, Strides: []int{3, 3}, Dilations: []int{1, 1}, PadsBegin: []int{1, 4}, PadsEnd: []int{0, 3}},
	{N: 1, C: 5, In: []int{5, 60}, Out: []int{2, 25}, Kernel: []int{1, 2}, Strides: []int{4, 3}, Dilations: []int{1, 1}, PadsBegin: []int{0, 5}, PadsEnd: []int{0, 8}},
	{N: 3, C: 2, In: []int{4, 6, 40}, Out: []int{3, 4, 9}, Kernel: []int{1, 1, 5}, Strides: []int{2, 3, 5}, Dilations: []int{1, 1, 2}, PadsBegin: []int{2, 4, 9}, PadsEnd: []int{0, 2, 9}},
}

func psSelCheck[T Number](t *testing.T, pool []*Workers) {
	r := rand.New(rand.NewPCG(14, uint64(kindOf[T]())*16+uint64(len(pltBits([]T{0})))))
	for it := 0; it < 120+len(psFixed); it++ {
		g, p := psSelGeom(r)
		if it%3 == 2 {
			g, p = psColGeom(r)
		}
		if it >= 120 {
			g = psFixed[it-120]
			var err error
			p, err = g.plan()
			require.NoError(t, err)
		}
		src := poolTabValues[T](r, p.inLen())
		want := make([]T, p.outLen())
		require.NoError(t, MaxPoolReference[T, int64](g, src, want, nil, 0))
		for _, w := range pool {
			got := make([]T, p.outLen())
			for i := range got {
				got[i] = T(7)
			}
			require.NoError(t, MaxPool[T, int64](w, g, src, got, nil, 0))
			require.Equal(t, pltBits(want), pltBits(got), "%+v threads %d", g, w.Threads())
			if w != nil && it < 4 {
				allocs := testing.AllocsPerRun(3, func() { _ = MaxPool[T, int64](w, g, src, got, nil, 0) })
				require.Zero(t, allocs, "%+v allocations, threads %d", g, w.Threads())
			}
		}
	}
}

// psSelHalfCheck runs f16 (or bf16) values-only MaxPool on the row-select
// geometries against the reference on the tensor widened to float32,
// narrowed back.
func psSelHalfCheck(t *testing.T, pool []*Workers, bf bool) {
	r := rand.New(rand.NewPCG(14, 99))
	for it := 0; it < 60; it++ {
		g, p := psSelGeom(r)
		bits := poolHalfBits(r, p.inLen(), bf)
		s32, w32 := make([]float32, p.inLen()), make([]float32, p.outLen())
		want := make([]uint16, p.outLen())
		if bf {
			BF16ToF32(s32, bits)
		} else {
			F16ToF32(s32, poolAs[float16.Float16](bits))
		}
		require.NoError(t, MaxPoolReference[float32, int64](g, s32, w32, nil, 0))
		if bf {
			F32ToBF16(want, w32)
		} else {
			F32ToF16(poolAs[float16.Float16](want), w32)
		}
		for _, w := range pool {
			got := make([]uint16, p.outLen())
			if bf {
				require.NoError(t, MaxPoolBF16Context[int64](context.Background(), w, g, bits, got, nil, 0))
			} else {
				require.NoError(t, MaxPoolF16Context[int64](context.Background(), w, g, poolAs[float16.Float16](bits), poolAs[float16.Float16](got), nil, 0))
			}
			require.Equal(t, want, got, "%+v bf16 %v threads %d", g, bf, w.Threads())
		}
	}
}
