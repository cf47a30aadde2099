package kernels

import (
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// pi4Forced runs MaxPool with indices through the column-first block
// whatever pi4Use says (the job set up as MaxPoolContext does, 1-D
// geometries through the rows plan), on one worker's scratch.
func pi4Forced[T Number, I Index](g Window, src, dst []T, idx []I, axis int, planes bool) error {
	j, err := piTestJob(g, src, dst, idx, axis)
	if err != nil {
		return err
	}
	var s scratch
	if planes && j.ints[0] == 0 && pi4PlanePlan[T](j, 1) {
		pi4PlaneRunner[T, I]{}.run(j, &s, 0, j.units)
		return nil
	}
	pi4MaxUnits[T, I](j, &s, 0, j.units)
	return nil
}

// TestPi4MaxIdx: the column-first indexed block (forced) against
// MaxPoolReference, values bit for bit and int64 / int32 indices on index
// axes 0 and 2, over random 1-, 2- and 3-D geometries with NaN, ±Inf,
// lowest, −0 and ties.
func TestPi4MaxIdx(t *testing.T) {
	t.Run("f32", func(t *testing.T) { pi4Check[float32](t) })
	t.Run("f64", func(t *testing.T) { pi4Check[float64](t) })
	t.Run("i32", func(t *testing.T) { pi4Check[int32](t) })
	t.Run("u32", func(t *testing.T) { pi4Check[uint32](t) })
	t.Run("i64", func(t *testing.T) { pi4Check[int64](t) })
	t.Run("u64", func(t *testing.T) { pi4Check[uint64](t) })
}

func pi4Check[T Number](t *testing.T) {
	r := rand.New(rand.NewPCG(14, uint64(unsafe.Sizeof(*new(T)))))
	for it := 0; it < 300; it++ {
		g, p := piGeom(r)
		src := piValues[T](r, p.inLen(), it%4 == 3)
		axis := 0
		if it%2 == 1 {
			axis = p.nsp + 1
		}
		for _, planes := range []bool{false, true} {
			piForcedCheck(t, map[bool]string{false: "pi4 rows", true: "pi4 planes"}[planes], g, src, axis,
				func(g Window, src, dst []T, idx []int64, axis int) error {
					return pi4Forced(g, src, dst, idx, axis, planes)
				},
				func(g Window, src, dst []T, idx []int32, axis int) error {
					return pi4Forced(g, src, dst, idx, axis, planes)
				})
		}
	}
}

// pi4RuleGeoms are geometries pi4Rule takes: the sweep's f32
// 3×162×39×8×6 (seed 101), 1×207×38×5×34 (seed 23), 4×4×38×30×17
// (seed 11), 5×500×7×18×6 (seed 1), 4×377×30×9×4 and 1×487×37×7×8
// (seed 409) cases on fewer planes.
var pi4RuleGeoms = []Window{
	{N: 2, C: 3, In: []int{39, 8, 6}, Out: []int{4, 1, 5}, Kernel: []int{10, 8, 6}, Strides: []int{5, 6, 1}, Dilations: []int{3, 1, 1}, PadsBegin: []int{0, 0, 2}, PadsEnd: []int{0, 0, 2}},
	{N: 1, C: 5, In: []int{38, 5, 34}, Out: []int{8, 1, 4}, Kernel: []int{8, 4, 8}, Strides: []int{5, 5, 5}, Dilations: []int{1, 3, 2}, PadsBegin: []int{3, 4, 0}, PadsEnd: []int{3, 4, 0}},
	{N: 2, C: 2, In: []int{38, 30, 17}, Out: []int{6, 7, 3}, Kernel: []int{6, 8, 4}, Strides: []int{6, 5, 6}, Dilations: []int{3, 1, 1}, PadsBegin: []int{5, 3, 1}, PadsEnd: []int{3, 1, 1}},
	{N: 2, C: 5, In: []int{7, 18, 6}, Out: []int{2, 3, 2}, Kernel: []int{3, 10, 11}, Strides: []int{6, 6, 1}, Dilations: []int{1, 1, 1}, PadsBegin: []int{1, 0, 3}, PadsEnd: []int{1, 0, 3}},
	{N: 4, C: 37, In: []int{30, 9, 4}, Out: []int{15, 2, 2}, Kernel: []int{4, 6, 3}, Strides: []int{2, 4, 4}, Dilations: []int{1, 1, 1}, PadsBegin: []int{1, 0, 0}, PadsEnd: []int{1, 0, 0}},
	{N: 1, C: 41, In: []int{37, 7, 8}, Out: []int{4, 3, 5}, Kernel: []int{11, 5, 6}, Strides: []int{6, 4, 1}, Dilations: []int{2, 1, 1}, PadsBegin: []int{0, 2, 0}, PadsEnd: []int{0, 2, 2}},
}

// TestPi4Rule: the rule's geometries take the block, through MaxPool on 1
// and 2 threads, match the reference bit for bit and allocate nothing.
func TestPi4Rule(t *testing.T) {
	pool := []*Workers{nil, NewWorkers(1), NewWorkers(2)}
	defer pool[1].Close()
	defer pool[2].Close()
	t.Run("f32", func(t *testing.T) { pi4RuleCheck[float32](t, pool) })
	t.Run("f64", func(t *testing.T) { pi4RuleCheck[float64](t, pool) })
	t.Run("i32", func(t *testing.T) { pi4RuleCheck[int32](t, pool) })
	t.Run("i64", func(t *testing.T) { pi4RuleCheck[int64](t, pool) })
}

func pi4RuleCheck[T Number](t *testing.T, pool []*Workers) {
	r := rand.New(rand.NewPCG(15, uint64(unsafe.Sizeof(*new(T)))))
	for it, g := range pi4RuleGeoms {
		p, err := g.plan()
		require.NoError(t, err)
		j := job{wp: p, flag: true}
		planRows(&j, 1, int(unsafe.Sizeof(*new(T)))+4)
		require.True(t, pi4Use[T](&j), "%+v", g)
		src := piValues[T](r, p.inLen(), it%2 == 1)
		want := make([]T, p.outLen())
		wantI := make([]int64, p.outLen())
		require.NoError(t, MaxPoolReference(g, src, want, wantI, 0))
		for _, w := range pool {
			got := make([]T, p.outLen())
			gotI := make([]int64, p.outLen())
			require.NoError(t, MaxPool(w, g, src, got, gotI, 0))
			piSame(t, pltBits(want), pltBits(got), "%+v threads %d", g, w.Threads())
			piSame(t, wantI, gotI, "%+v indices threads %d", g, w.Threads())
			if w != nil {
				allocs := testing.AllocsPerRun(3, func() { _ = MaxPool(w, g, src, got, gotI, 0) })
				require.Zero(t, allocs, "%+v allocations per MaxPool, threads %d", g, w.Threads())
			}
		}
	}
}
