package kernels

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/x448/float16"
)

// p3Geom draws a 3-D MaxPool geometry with narrow output planes (depth and
// rows 1–30, width 1–40, kernels 1–11, strides 1–6, dilations 1–3, pads,
// floor or ceil rounding) over 2–24 planes.
func p3Geom(r *rand.Rand) (Window, winPlan) {
	return qcPlanesGeom(r, 3, 400, func(a int) (k, s, d, n int) {
		k, s, d = 1+r.IntN(11), 1+r.IntN(6), 1
		if r.IntN(3) == 0 {
			d = 1 + r.IntN(3)
		}
		if a == 2 && r.IntN(3) == 0 {
			k, s, d = 1, 1, 1 // the identity W window
		}
		n = 30
		if a == 2 {
			n = 40
		}
		return k, s, d, n
	})
}

func testP3Rows[T Number](t *testing.T, r *rand.Rand, w1, w2 *Workers) {
	var orders [3]int
	taken := pwMaxPoolCheck[T](t, r, w1, w2, 150, p3Geom, 8, func(j *job, p *winPlan) bool {
		if !p3Use[T](j) {
			return false
		}
		o, _ := p3OrderOf(p, 4)
		orders[o]++
		return true
	})
	if p3On() {
		// Every order of the depth and H taps is taken.
		require.Greater(t, taken, 10)
		require.Greater(t, min(orders[0], orders[1], orders[2]), 1, "orders %v", orders)
	}
}

// TestP3Rows runs values-only 3-D MaxPool over narrow planes (the row-table
// path, p3_rows.go, where its rule takes them) for every integer and float
// type on 1 and 2 threads against MaxPoolReference, bit for bit, with and
// without ±0, NaN and ±Inf.
func TestP3Rows(t *testing.T) {
	w1, w2 := NewWorkers(1), NewWorkers(2)
	defer w1.Close()
	defer w2.Close()
	r := rand.New(rand.NewPCG(14, 3))
	testP3Rows[float32](t, r, w1, w2)
	testP3Rows[float64](t, r, w1, w2)
	testP3Rows[int8](t, r, w1, w2)
	testP3Rows[uint8](t, r, w1, w2)
	testP3Rows[int16](t, r, w1, w2)
	testP3Rows[uint16](t, r, w1, w2)
	testP3Rows[int32](t, r, w1, w2)
	testP3Rows[uint32](t, r, w1, w2)
	testP3Rows[int64](t, r, w1, w2)
	testP3Rows[uint64](t, r, w1, w2)

	// No allocation per call (max f32 7×417×3×27×6 k[2,4,2] s[1,6,6]).
	g := Window{N: 7, C: 417, In: []int{3, 27, 6}, Out: []int{2, 4, 1}, Kernel: []int{2, 4, 2}, Strides: []int{1, 6, 6}}
	p, err := g.plan()
	require.NoError(t, err)
	src, dst := make([]float32, p.inLen()), make([]float32, p.outLen())
	for _, w := range []*Workers{w1, w2} {
		require.NoError(t, MaxPool[float32, int64](w, g, src, dst, nil, 0))
		require.Zero(t, testing.AllocsPerRun(5, func() { _ = MaxPool[float32, int64](w, g, src, dst, nil, 0) }))
	}
}

// TestP3RowsHalf runs f16 and bf16 values-only MaxPool over the same
// geometries against the float32 reference on the widened data, narrowed
// (NaN, ±Inf, ±0, extremes), on 1 and 2 threads.
func TestP3RowsHalf(t *testing.T) {
	w1, w2 := NewWorkers(1), NewWorkers(2)
	defer w1.Close()
	defer w2.Close()
	r := rand.New(rand.NewPCG(14, 4))
	taken := 0
	for it := 0; it < 120; it++ {
		g, p := p3Geom(r)
		j := job{wp: p}
		planRows(&j, 1, 8)
		if p3Use[poolF16](&j) {
			taken++
		}
		bf := it%2 == 1
		testHalfMaxPool(t, r, g, p.inLen(), p.outLen(), bf, w1, w2)
	}
	if p3On() {
		require.Greater(t, taken, 10)
	}
}

// testHalfMaxPool checks MaxPool over random f16 (bf false) or bf16 values of
// geometry g bit for bit against the f32 reference rounded once, on every
// worker pool given.
func testHalfMaxPool(t *testing.T, r *rand.Rand, g Window, inLen, outLen int, bf bool, ws ...*Workers) {
	t.Helper()
	bits := poolHalfBits(r, inLen, bf)
	s32 := make([]float32, inLen)
	if bf {
		BF16ToF32(s32, bits)
	} else {
		F16ToF32(s32, poolAs[float16.Float16](bits))
	}
	w32 := make([]float32, outLen)
	require.NoError(t, MaxPoolReference[float32, int64](g, s32, w32, nil, 0))
	want := make([]uint16, outLen)
	if bf {
		F32ToBF16(want, w32)
	} else {
		F32ToF16(poolAs[float16.Float16](want), w32)
	}
	for _, w := range ws {
		got := make([]uint16, outLen)
		if bf {
			require.NoError(t, MaxPoolBF16Context[int64](context.Background(), w, g, bits, got, nil, 0))
		} else {
			require.NoError(t, MaxPoolF16Context[int64](context.Background(), w, g, poolAs[float16.Float16](bits), poolAs[float16.Float16](got), nil, 0))
		}
		require.Equal(t, want, got, "%+v bf16 %v threads %d", g, bf, w.Threads())
	}
}
