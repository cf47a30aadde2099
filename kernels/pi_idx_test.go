package kernels

import (
	"math"
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// piGeom draws a 1-, 2- or 3-D MaxPool geometry (1–20 per axis, 1–60 for
// 1-D; kernels 1–11, strides 1–6, dilations 1–3, asymmetric pads, floor or
// ceil rounding) over a few planes.
func piGeom(r *rand.Rand) (Window, winPlan) {
	for {
		nsp := 1 + r.IntN(3)
		g := Window{N: 1 + r.IntN(3), C: 1 + r.IntN(6)}
		for a := 0; a < nsp; a++ {
			k, s, d := 1+r.IntN(11), 1+r.IntN(6), 1+r.IntN(3)
			if r.IntN(3) == 0 {
				d = 1
			}
			lim := 20
			if nsp == 1 {
				lim = 60
			}
			testPoolAxis(r, &g, k, s, d, func(pb, pe int) (int, int) {
				if r.IntN(3) == 0 {
					return 0, 0
				}
				return pb, pe
			}, func() int { return r.IntN(lim) })
		}
		p, err := g.plan()
		if err == nil && p.kernelVol >= 2 {
			return g, p
		}
	}
}

// piValues draws n values: poolTabValues (NaN, ±Inf, lowest, highest, −0,
// many ties), or with sparse, mostly lowest or NaN (windows where nothing
// is above lowest).
func piValues[T Number](r *rand.Rand, n int, sparse bool) []T {
	v := poolTabValues[T](r, n)
	if sparse {
		for i := range v {
			switch x := r.IntN(10); {
			case x < 5:
				v[i] = lowest[T]()
			case x < 8 && kindOf[T]() <= kFloat64:
				v[i] = T(math.NaN())
			case x < 9 && kindOf[T]() <= kFloat64:
				v[i] = T(math.Inf(-1))
			}
		}
	}
	return v
}

// piForced runs MaxPool with indices through the values-first block
// whatever piUse says (the job set up as MaxPoolContext does, 1-D
// geometries through the rows plan), on one worker's scratch.
func piForced[T Number, I Index](g Window, src, dst []T, idx []I, axis int) error {
	j, err := piTestJob(g, src, dst, idx, axis)
	if err != nil {
		return err
	}
	var s scratch
	piMaxUnits[T, I](j, &s, 0, j.units)
	return nil
}

// piTestJob sets up a one-thread MaxPool job with indices as MaxPoolContext
// does (1-D geometries through the rows plan), planned by planRows.
func piTestJob[T Number, I Index](g Window, src, dst []T, idx []I, axis int) (*job, error) {
	p, err := g.plan()
	if err != nil {
		return nil, err
	}
	j := &job{wp: p, flag: true, mode: newIdxMode(&p, axis)}
	j.src = unsafe.Pointer(unsafe.SliceData(src))
	j.dst = unsafe.Pointer(unsafe.SliceData(dst))
	j.idx = unsafe.Pointer(unsafe.SliceData(idx))
	if rows, ok := poolRowsPlan(&p); ok {
		j.wp = rows
		j.ints[0] = 1
		j.mode = idxMode{modSp: j.mode.modBase}
	}
	planRows(j, 1, int(unsafe.Sizeof(src[0]))+4)
	return j, nil
}

// TestPiMaxIdx: the values-first indexed block (forced, and through MaxPool
// on 1 and 2 threads) against MaxPoolReference, values bit for bit and
// int64 / int32 indices on index axes 0 and 2, over random 1-, 2- and 3-D
// geometries with NaN, ±Inf, lowest, −0 and ties.
func TestPiMaxIdx(t *testing.T) {
	pool := []*Workers{nil, NewWorkers(1), NewWorkers(2)}
	defer pool[1].Close()
	defer pool[2].Close()
	ptRun(t, ptAll, func(t *testing.T, e ptElem) { e.piCheck(t, pool) })
}

// piRuleGeoms are geometries piRule takes (f32/f64): the sweep's
// 5×500×7×18×6 and 13×211×17×6×7 cases on fewer planes, and variants with
// pads, dilations and ceil rounding.
var piRuleGeoms = []Window{
	{N: 2, C: 5, In: []int{7, 18, 6}, Out: []int{2, 3, 2}, Kernel: []int{3, 10, 11}, Strides: []int{6, 6, 1}, Dilations: []int{1, 1, 1}, PadsBegin: []int{1, 0, 3}, PadsEnd: []int{1, 0, 3}},
	{N: 3, C: 4, In: []int{17, 6, 7}, Out: []int{2, 1, 6}, Kernel: []int{8, 7, 4}, Strides: []int{6, 5, 1}, Dilations: []int{1, 1, 1}, PadsBegin: []int{3, 2, 1}, PadsEnd: []int{3, 2, 1}},
	{N: 1, C: 7, In: []int{9, 20, 8}, Out: []int{2, 4, 3}, Kernel: []int{3, 9, 3}, Strides: []int{5, 5, 2}, Dilations: []int{2, 1, 2}, PadsBegin: []int{1, 2, 1}, PadsEnd: []int{0, 3, 1}},
	{N: 2, C: 3, In: []int{40, 5}, Out: []int{2, 2}, Kernel: []int{30, 3}, Strides: []int{25, 2}, Dilations: []int{1, 1}, PadsBegin: []int{5, 0}, PadsEnd: []int{5, 0}},
}

func piCheck[T Number](t *testing.T, pool []*Workers) {
	r := rand.New(rand.NewPCG(12, uint64(unsafe.Sizeof(*new(T)))))
	for it := 0; it < 150+len(piRuleGeoms); it++ {
		g, p := piGeom(r)
		if it >= 150 {
			g = piRuleGeoms[it-150]
			var err error
			p, err = g.plan()
			require.NoError(t, err)
			j := job{wp: p, flag: true}
			require.Equal(t, kindOf[T]() <= kFloat64, piUse[T](&j), "%+v", g)
		}
		src := piValues[T](r, p.inLen(), it%4 == 3)
		axis := 0
		if it%2 == 1 {
			axis = p.nsp + 1
		}
		piForcedCheck(t, "pi", g, src, axis, piForced[T, int64], piForced[T, int32])
		want, wantI, _ := piWant(t, g, src, axis)
		piPoolCheck(t, pool, g, src, want, wantI, axis, it >= 150)
	}
}

// piWant returns MaxPoolReference's values, int64 and int32 indices.
func piWant[T Number](t *testing.T, g Window, src []T, axis int) ([]T, []int64, []int32) {
	t.Helper()
	p, err := g.plan()
	require.NoError(t, err)
	want := make([]T, p.outLen())
	wantI := make([]int64, p.outLen())
	wantI32 := make([]int32, p.outLen())
	require.NoError(t, MaxPoolReference(g, src, want, wantI, axis))
	require.NoError(t, MaxPoolReference(g, src, make([]T, p.outLen()), wantI32, axis))
	return want, wantI, wantI32
}

// piSame requires want == got, reporting the first difference only.
func piSame[E comparable](t *testing.T, want, got []E, msg string, args ...any) {
	t.Helper()
	require.Len(t, got, len(want))
	for i := range want {
		if want[i] != got[i] {
			require.Equal(t, want[i], got[i], append([]any{msg + " (element %d of %d)"}, append(args, i, len(want))...)...)
		}
	}
}

// piForcedCheck runs a forced block (named what in failures) (f64: with int64 indices, f32: int32)
// on src and requires MaxPoolReference's values bit for bit and indices.
func piForcedCheck[T Number](t *testing.T, what string, g Window, src []T, axis int,
	f64 func(Window, []T, []T, []int64, int) error, f32 func(Window, []T, []T, []int32, int) error) {
	t.Helper()
	want, wantI, wantI32 := piWant(t, g, src, axis)
	got := make([]T, len(want))
	gotI := make([]int64, len(want))
	require.NoError(t, f64(g, src, got, gotI, axis))
	piSame(t, pltBits(want), pltBits(got), "%s %+v forced values", what, g)
	piSame(t, wantI, gotI, "%s %+v forced indices axis %d", what, g, axis)
	got = make([]T, len(want))
	gotI32 := make([]int32, len(want))
	require.NoError(t, f32(g, src, got, gotI32, axis))
	piSame(t, pltBits(want), pltBits(got), "%s %+v forced values (int32 indices)", what, g)
	piSame(t, wantI32, gotI32, "%s %+v forced int32 indices axis %d", what, g, axis)
}

// piPoolCheck runs MaxPool with int64 indices on each worker set of pool
// (nil: the caller's goroutine) and requires want and wantI bit for bit,
// and with allocs no allocation per call on workers.
func piPoolCheck[T Number](t *testing.T, pool []*Workers, g Window, src, want []T, wantI []int64, axis int, allocs bool) {
	t.Helper()
	for _, w := range pool {
		got := make([]T, len(want))
		gotI := make([]int64, len(want))
		require.NoError(t, MaxPool(w, g, src, got, gotI, axis))
		piSame(t, pltBits(want), pltBits(got), "%+v threads %d", g, w.Threads())
		piSame(t, wantI, gotI, "%+v indices axis %d threads %d", g, axis, w.Threads())
		if w != nil && allocs {
			n := testing.AllocsPerRun(3, func() { _ = MaxPool(w, g, src, got, gotI, axis) })
			require.Zero(t, n, "%+v allocations per MaxPool, threads %d", g, w.Threads())
		}
	}
}

// piForcedLoop checks a forced block (piForcedCheck) on n geometries from
// draw with piValues (every fourth sparse), index axes 0, 1 and the last
// in turn.
func piForcedLoop[T Number](t *testing.T, r *rand.Rand, n int, draw func(*rand.Rand) (Window, winPlan), what string,
	f64 func(Window, []T, []T, []int64, int) error, f32 func(Window, []T, []T, []int32, int) error) {
	t.Helper()
	for it := 0; it < n; it++ {
		g, p := draw(r)
		src := piValues[T](r, p.inLen(), it%4 == 3)
		axis := []int{0, 1, p.nsp + 1}[it%3]
		piForcedCheck(t, what, g, src, axis, f64, f32)
	}
}
