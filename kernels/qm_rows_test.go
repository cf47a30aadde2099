package kernels

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// qmGeom draws a 2-D MaxPool geometry with narrow planes (rows 1–80, width
// 1–64 or, one time in four, 1–300, H kernels 1–11, W kernels 1–8, H strides 2–6 mostly, W strides
// 1–6, dilations 1–3, pads, floor or ceil rounding) over 2–24 planes.
func qmGeom(r *rand.Rand) (Window, winPlan) {
	wide := false
	return qcPlanesGeom(r, 2, 600, func(a int) (k, s, d, n int) {
		n = [2]int{80, 64}[a]
		if a == 0 {
			wide = r.IntN(4) == 0
		} else if wide {
			n = 300
		}
		k, s, d = 1+r.IntN(11), 1+r.IntN(6), 1
		if a == 1 {
			k = 1 + r.IntN(8)
		} else if r.IntN(6) != 0 {
			s = 2 + r.IntN(5)
		}
		if r.IntN(3) == 0 {
			d = 1 + r.IntN(3)
		}
		return k, s, d, n
	})
}

func (ptOf[T]) qmRows(t *testing.T, r *rand.Rand, w1, w2 *Workers) {
	taken := pwMaxPoolCheck[T](t, r, w1, w2, 150, qmGeom, 8, func(j *job, p *winPlan) bool { return qmRowsUse[T](j) })
	if p3On() {
		require.Greater(t, taken, 40)
	}
}

// TestQmRows runs values-only 2-D MaxPool over narrow planes (the row-table
// path where qmRowsUse takes them) for every integer and float type on 1
// and 2 threads against MaxPoolReference, bit for bit, with and without
// ±0, NaN and ±Inf; the round's named geometries take the path and
// allocate nothing.
func TestQmRows(t *testing.T) {
	w1, w2 := NewWorkers(1), NewWorkers(2)
	defer w1.Close()
	defer w2.Close()
	r := rand.New(rand.NewPCG(15, 1))
	ptRun(t, ptAll, func(t *testing.T, e ptElem) { e.qmRows(t, r, w1, w2) })

	for _, c := range qmNamed {
		p, err := c.plan()
		require.NoError(t, err)
		j := job{wp: p}
		require.Equal(t, p3On(), qmRowsUse[float32](&j), "%+v", c)
		src, dst := make([]float32, p.inLen()), make([]float32, p.outLen())
		pwRandVals(r, src, true)
		want := make([]float32, p.outLen())
		require.NoError(t, MaxPoolReference[float32, int64](c, src, want, nil, 0))
		for _, w := range []*Workers{w1, w2} {
			require.NoError(t, MaxPool[float32, int64](w, c, src, dst, nil, 0))
			require.Equal(t, pltBits(want), pltBits(dst), "%+v", c)
			require.Zero(t, testing.AllocsPerRun(5, func() { _ = MaxPool[float32, int64](w, c, src, dst, nil, 0) }))
		}
	}
}

// qmNamed are the sweep geometries of round 15 the rule takes: seed 211
// id 140 and seed 997 ids 164 (bf16 in the sweep) and 82.
var qmNamed = []Window{
	poolR5Win(6, 421, []int{30, 5}, []int{8, 2}, []int{11, 3}, []int{3, 2}, []int{1, 1}, []int{1, 0}, []int{1, 0}),
	poolR5Win(1, 70, []int{101, 18}, []int{18, 4}, []int{8, 7}, []int{6, 5}, []int{1, 1}, []int{2, 2}, []int{2, 2}),
	poolR5Win(2, 128, []int{488, 10}, []int{156, 2}, []int{11, 4}, []int{3, 6}, []int{2, 1}, []int{0, 1}, []int{0, 1}),
}

// TestQmRowsHalf runs f16 and bf16 values-only 2-D MaxPool over the same
// geometries against the float32 reference on the widened data, narrowed
// (NaN, ±Inf, ±0, extremes), on 1 and 2 threads.
func TestQmRowsHalf(t *testing.T) {
	w1, w2 := NewWorkers(1), NewWorkers(2)
	defer w1.Close()
	defer w2.Close()
	r := rand.New(rand.NewPCG(15, 2))
	taken := 0
	for it := 0; it < 120; it++ {
		g, p := qmGeom(r)
		j := job{wp: p}
		if qmRowsUse[poolF16](&j) {
			taken++
		}
		bf := it%2 == 1
		testHalfMaxPool(t, r, g, p.inLen(), p.outLen(), bf, w1, w2)
	}
	if p3On() {
		require.Greater(t, taken, 30)
	}
}
