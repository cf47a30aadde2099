package kernels

import (
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// q3Forced runs MaxPool with indices through the depth-first whole-plane
// block whatever q3Use says (the job set up as MaxPoolContext does), on
// one worker's scratch. The geometry must be 3-D (q3Fits).
func q3Forced[T Number, I Index](g Window, src, dst []T, idx []I, axis int) error {
	j, err := piTestJob(g, src, dst, idx, axis)
	if err != nil {
		return err
	}
	if j.ints[0] == 0 {
		qiSqueeze(&j.wp)
	}
	q3DepthPlan(j, 1)
	var s scratch
	q3DepthUnits[T, I](j, &s, 0, j.units)
	return nil
}

// q3Geom draws a 3-D geometry the block fits (piGeom's axes).
func q3Geom(r *rand.Rand, sz int) (Window, winPlan) {
	for {
		g, p := piGeom(r)
		if q3Fits(&p, sz) {
			return g, p
		}
	}
}

// TestQ3MaxIdx: the depth-first block (forced) against MaxPoolReference,
// values bit for bit and int64 / int32 indices on index axes 0, 1 and the
// last, over random 3-D geometries with NaN, ±Inf, lowest, −0, ties and
// sparse windows.
func TestQ3MaxIdx(t *testing.T) {
	t.Run("f32", func(t *testing.T) { q3Check[float32](t) })
	t.Run("f64", func(t *testing.T) { q3Check[float64](t) })
	t.Run("i32", func(t *testing.T) { q3Check[int32](t) })
	t.Run("u32", func(t *testing.T) { q3Check[uint32](t) })
	t.Run("i64", func(t *testing.T) { q3Check[int64](t) })
	t.Run("u64", func(t *testing.T) { q3Check[uint64](t) })
	t.Run("i8", func(t *testing.T) { q3Check[int8](t) })
	t.Run("u8", func(t *testing.T) { q3Check[uint8](t) })
	t.Run("i16", func(t *testing.T) { q3Check[int16](t) })
	t.Run("u16", func(t *testing.T) { q3Check[uint16](t) })
}

func q3Check[T Number](t *testing.T) {
	sz := int(unsafe.Sizeof(*new(T)))
	r := rand.New(rand.NewPCG(16, uint64(sz)))
	piForcedLoop(t, r, 300, func(r *rand.Rand) (Window, winPlan) { return q3Geom(r, sz) }, "q3", q3Forced[T, int64], q3Forced[T, int32])
}

// q3RuleGeoms are sweep geometries q3Rule takes (on fewer planes): f32
// 9×94×14×23×6 k[11,3,2] (seed 1009 id 159), 2×246×29×34×4 k[7,11,1]
// (seed 727 id 5), 5×239×10×23×3 k[5,7,3] (seed 409 id 0),
// 1×283×20×19×3 k[11,6,1] (seed 79 id 63); i64 2×54×17×5×26 k[3,3,7]
// (seed 701 id 169) and 2×309×21×4×32 k[6,1,8] (seed 23 id 91).
var q3RuleGeoms = []Window{
	poolR5Win(2, 5, []int{14, 23, 6}, []int{2, 8, 1}, []int{11, 3, 2}, []int{4, 3, 5}, []int{1, 1, 1}, []int{2, 1, 0}, []int{1, 0, 0}),
	poolR5Win(2, 4, []int{29, 34, 4}, []int{5, 9, 1}, []int{7, 11, 1}, []int{6, 4, 4}, []int{1, 1, 1}, []int{2, 4, 0}, []int{0, 4, 0}),
	poolR5Win(1, 7, []int{10, 23, 3}, []int{2, 9, 1}, []int{5, 7, 3}, []int{5, 2, 3}, []int{1, 1, 1}, []int{0, 0, 0}, []int{0, 0, 0}),
	poolR5Win(1, 6, []int{20, 19, 3}, []int{5, 3, 1}, []int{11, 6, 1}, []int{5, 5, 3}, []int{1, 1, 1}, []int{4, 0, 0}, []int{4, 0, 0}),
	poolR5Win(2, 3, []int{17, 5, 26}, []int{5, 1, 5}, []int{3, 3, 7}, []int{3, 3, 5}, []int{1, 1, 2}, []int{1, 0, 6}, []int{1, 0, 1}),
	poolR5Win(1, 9, []int{21, 4, 32}, []int{5, 1, 5}, []int{6, 1, 8}, []int{4, 5, 6}, []int{1, 1, 1}, []int{0, 0, 0}, []int{0, 0, 0}),
}

// TestQ3Rule: the rule's geometries take the block (f32 and f64 for the
// float ones, i64 and u64 for the integer ones; never i32), and through
// MaxPool on 1 and 2 threads match the reference bit for bit and
// allocate nothing.
func TestQ3Rule(t *testing.T) {
	pool := []*Workers{nil, NewWorkers(1), NewWorkers(2)}
	defer pool[1].Close()
	defer pool[2].Close()
	t.Run("f32", func(t *testing.T) { q3RuleCheck[float32](t, pool, q3RuleGeoms[:4]) })
	t.Run("f64", func(t *testing.T) { q3RuleCheck[float64](t, pool, q3RuleGeoms[:4]) })
	t.Run("i64", func(t *testing.T) { q3RuleCheck[int64](t, pool, q3RuleGeoms[4:]) })
	t.Run("u64", func(t *testing.T) { q3RuleCheck[uint64](t, pool, q3RuleGeoms[4:]) })
	for _, g := range q3RuleGeoms {
		p, err := g.plan()
		require.NoError(t, err)
		j := job{wp: p, flag: true}
		require.False(t, q3Use[int32](&j), "%+v", g)
	}
}

func q3RuleCheck[T Number](t *testing.T, pool []*Workers, geoms []Window) {
	r := rand.New(rand.NewPCG(16, uint64(unsafe.Sizeof(*new(T)))))
	for it, g := range geoms {
		p, err := g.plan()
		require.NoError(t, err)
		j := job{wp: p, flag: true}
		require.True(t, q3Use[T](&j), "%+v", g)
		src := piValues[T](r, p.inLen(), it%2 == 1)
		for _, axis := range []int{0, p.nsp + 1} {
			want, wantI, _ := piWant(t, g, src, axis)
			piPoolCheck(t, pool, g, src, want, wantI, axis, true)
		}
	}
}
