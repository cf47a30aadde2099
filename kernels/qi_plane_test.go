package kernels

import (
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// qiForced runs MaxPool with indices through the whole-plane tap tables
// whatever qiUse says (the job set up as MaxPoolContext does before the
// rows plan), on one worker's scratch.
func qiForced[T Number, I Index](g Window, src, dst []T, idx []I, axis int) error {
	j, err := qiTestJob(g, src, dst, idx, axis)
	if err != nil {
		return err
	}
	var s scratch
	qiPlaneUnits[T, I](j, &s, 0, j.units)
	return nil
}

// qiTestJob sets up a one-thread MaxPool job with indices as MaxPoolContext
// does before the rows plan, planned by qiPlanePlan.
func qiTestJob[T Number, I Index](g Window, src, dst []T, idx []I, axis int) (*job, error) {
	p, err := g.plan()
	if err != nil {
		return nil, err
	}
	j := &job{wp: p, flag: true, mode: newIdxMode(&p, axis)}
	j.src = unsafe.Pointer(unsafe.SliceData(src))
	j.dst = unsafe.Pointer(unsafe.SliceData(dst))
	j.idx = unsafe.Pointer(unsafe.SliceData(idx))
	qiPlanePlan(j, 1)
	return j, nil
}

// TestQiMaxIdx: the whole-plane tap tables (forced) against
// MaxPoolReference, values bit for bit and int64 / int32 indices on index
// axes 0, 1 and the last, over random 1-, 2- and 3-D geometries with NaN,
// ±Inf, lowest, −0, ties and sparse windows.
func TestQiMaxIdx(t *testing.T) {
	t.Run("f32", func(t *testing.T) { qiCheck[float32](t) })
	t.Run("f64", func(t *testing.T) { qiCheck[float64](t) })
	t.Run("i32", func(t *testing.T) { qiCheck[int32](t) })
	t.Run("u32", func(t *testing.T) { qiCheck[uint32](t) })
	t.Run("i64", func(t *testing.T) { qiCheck[int64](t) })
	t.Run("u64", func(t *testing.T) { qiCheck[uint64](t) })
}

func qiCheck[T Number](t *testing.T) {
	r := rand.New(rand.NewPCG(15, uint64(unsafe.Sizeof(*new(T)))))
	piForcedLoop(t, r, 300, piGeom, "qi", qiForced[T, int64], qiForced[T, int32])
}

// qiRuleGeoms are sweep geometries qiRule takes (on fewer planes): f32
// 3×373×38×13×2 (seed 997 id 141), 7×416×5×4×17 (seed 31 id 153),
// 11×183×48×2 (seed 31 id 30), 12×56×17×23 (seed 409 id 175), 3×152×10×5
// (seed 11 id 142), f64 14×348×14 (seed 101 id 163) and 15×442×46 (seed
// 997 id 71).
var qiRuleGeoms = []Window{
	poolR5Win(2, 5, []int{38, 13, 2}, []int{7, 2, 1}, []int{2, 6, 1}, []int{6, 6, 4}, []int{1, 2, 1}, []int{0, 0, 0}, []int{0, 0, 0}),
	poolR5Win(1, 9, []int{5, 4, 17}, []int{2, 2, 5}, []int{2, 4, 1}, []int{3, 1, 4}, []int{3, 1, 1}, []int{0, 0, 0}, []int{0, 1, 0}),
	poolR5Win(3, 7, []int{48, 2}, []int{8, 2}, []int{7, 1}, []int{6, 6}, nil, nil, nil),
	poolR5Win(2, 11, []int{17, 23}, []int{6, 2}, []int{1, 10}, []int{3, 6}, []int{1, 2}, nil, nil),
	poolR5Win(3, 5, []int{10, 5}, []int{3, 2}, []int{3, 4}, []int{4, 4}, []int{2, 1}, []int{2, 0}, []int{0, 0}),
	poolR5Win(14, 21, []int{14}, []int{2}, []int{6}, []int{6}, []int{2}, []int{0}, []int{0}),
	poolR5Win(3, 17, []int{46}, []int{8}, []int{7}, []int{6}, nil, []int{3}, []int{1}),
}

// TestQiRule: the rule's geometries take the tables (with AVX-512), and
// through MaxPool on 1 and 2 threads match the reference bit for bit and
// allocate nothing.
func TestQiRule(t *testing.T) {
	pool := []*Workers{nil, NewWorkers(1), NewWorkers(2)}
	defer pool[1].Close()
	defer pool[2].Close()
	t.Run("f32", func(t *testing.T) { qiRuleCheck[float32](t, pool) })
	t.Run("f64", func(t *testing.T) { qiRuleCheck[float64](t, pool) })
	t.Run("i32", func(t *testing.T) { qiRuleCheck[int32](t, pool) })
	t.Run("u64", func(t *testing.T) { qiRuleCheck[uint64](t, pool) })
}

func qiRuleCheck[T Number](t *testing.T, pool []*Workers) {
	r := rand.New(rand.NewPCG(16, uint64(unsafe.Sizeof(*new(T)))))
	for it, g := range qiRuleGeoms {
		p, err := g.plan()
		require.NoError(t, err)
		if unsafe.Sizeof(*new(T)) == 4 || it == 5 {
			require.Equal(t, poolTabOn(), qiUse[T](&p), "%+v", g)
		}
		src := piValues[T](r, p.inLen(), it%2 == 1)
		for _, axis := range []int{0, p.nsp + 1} {
			want, wantI, _ := piWant(t, g, src, axis)
			piPoolCheck(t, pool, g, src, want, wantI, axis, true)
		}
	}
}

// TestQiSqueeze: geometries with axes of extent 1 and one-tap windows
// (dropped by qiSqueeze) through MaxPool on 1 and 2 threads against the
// reference, values bit for bit and int64 indices on every index axis.
func TestQiSqueeze(t *testing.T) {
	pool := []*Workers{nil, NewWorkers(2)}
	defer pool[1].Close()
	r := rand.New(rand.NewPCG(17, 1))
	n := 0
	for it := 0; it < 200; it++ {
		g, _ := piGeom(r)
		// Insert a unit axis (extent 1, kernel 1, no pads) at a random
		// place when there is room, or turn an axis into one.
		a := r.IntN(len(g.In) + 1)
		if len(g.In) == 3 {
			a = r.IntN(3)
			g.In = append([]int(nil), g.In...)
			g.Out = append([]int(nil), g.Out...)
			g.Kernel = append([]int(nil), g.Kernel...)
			g.In[a], g.Out[a], g.Kernel[a] = 1, 1, 1
			if len(g.PadsBegin) > 0 {
				g.PadsBegin = append([]int(nil), g.PadsBegin...)
				g.PadsEnd = append([]int(nil), g.PadsEnd...)
				g.PadsBegin[a], g.PadsEnd[a] = 0, 0
			}
		} else {
			ins := func(v []int, x int) []int {
				if len(v) == 0 {
					return v
				}
				return append(append(append([]int(nil), v[:a]...), x), v[a:]...)
			}
			g.In, g.Out, g.Kernel, g.Strides = ins(g.In, 1), ins(g.Out, 1), ins(g.Kernel, 1), ins(g.Strides, 1+r.IntN(3))
			g.Dilations, g.PadsBegin, g.PadsEnd = ins(g.Dilations, 1+r.IntN(2)), ins(g.PadsBegin, 0), ins(g.PadsEnd, 0)
		}
		p, err := g.plan()
		if err != nil {
			continue
		}
		q := p
		if qiSqueeze(&q); q.nsp < p.nsp {
			n++
		}
		src := piValues[float32](r, p.inLen(), it%4 == 3)
		for axis := 0; axis < 2+p.nsp; axis++ {
			want, wantI, _ := piWant(t, g, src, axis)
			for _, w := range pool {
				got := make([]float32, p.outLen())
				gotI := make([]int64, p.outLen())
				require.NoError(t, MaxPool(w, g, src, got, gotI, axis))
				piSame(t, pltBits(want), pltBits(got), "%+v threads %d", g, w.Threads())
				piSame(t, wantI, gotI, "%+v indices axis %d threads %d", g, axis, w.Threads())
			}
		}
	}
	require.Greater(t, n, 100, "geometries squeezed")
}
