package kernels

import (
	"math"
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// poolTabRandom fills a random table of n outputs over a source of m
// elements with tap stride ts (some outputs empty).
func poolTabRandom(r *rand.Rand, n, m, ts, maxTaps int) poolTab {
	t := poolTab{off: make([]int32, n), cnt: make([]int32, n)}
	for e := range n {
		c := r.IntN(maxTaps + 1)
		if c > 0 && (c-1)*ts >= m {
			c = (m-1)/ts + 1
		}
		t.cnt[e] = int32(c)
		if c > 0 {
			t.off[e] = int32(r.IntN(m - (c-1)*ts))
		}
	}
	t.finish(ts)
	return t
}

// poolTabValues draws values with many ties, ±0, ±Inf, NaN (floats) and
// the type's extremes.
func poolTabValues[T Number](r *rand.Rand, n int) []T {
	v := make([]T, n)
	for i := range v {
		switch x := r.IntN(20); {
		case x == 0:
			v[i] = lowest[T]()
		case x == 1:
			v[i] = highest[T]()
		case x == 2 && kindOf[T]() <= kFloat64:
			v[i] = T(math.Inf(1 - 2*r.IntN(2)))
		case x == 3 && kindOf[T]() <= kFloat64:
			v[i] = T(math.NaN())
		case x == 4 && kindOf[T]() <= kFloat64:
			v[i] = T(math.Copysign(0, -1))
		default:
			v[i] = T(r.IntN(7))
		}
	}
	return v
}

func poolTabCheck[T Number](t *testing.T) {
	r := rand.New(rand.NewPCG(3, uint64(poolTabSize[T]())))
	for it := range 300 {
		n := 1 + r.IntN(70)
		m := 1 + r.IntN(200)
		ts := 1 + r.IntN(9)
		tab := poolTabRandom(r, n, m, ts, 12)
		src := poolTabValues[T](r, m)
		si := make([]int32, m)
		for i := range si {
			si[i] = int32(r.IntN(1000))
		}
		load := it%3 == 0
		init := lowest[T]()
		if it%5 == 1 {
			init = T(3)
		}
		d0 := poolTabValues[T](r, n)
		x0 := make([]int32, n)
		for i := range x0 {
			x0[i] = int32(r.IntN(1000))
		}
		for mode := range 3 {
			var wantI, gotI, sidx []int32
			if mode > 0 {
				wantI, gotI = append([]int32(nil), x0...), append([]int32(nil), x0...)
			}
			if mode == 2 {
				sidx = si
			}
			want, got := append([]T(nil), d0...), append([]T(nil), d0...)
			poolTabMaxGo(want, wantI, src, sidx, &tab, init, load, 17)
			poolTabMax(got, gotI, src, sidx, &tab, init, load, 17)
			require.Equal(t, poolTabBits(want), poolTabBits(got), "iteration %d mode %d values", it, mode)
			require.Equal(t, wantI, gotI, "iteration %d mode %d indices", it, mode)
		}
		if kindOf[T]() <= kFloat64 {
			// The sum: the same order, so the same bits.
			want, got := append([]T(nil), d0...), append([]T(nil), d0...)
			poolTabAddGo(want, src, &tab, load)
			poolTabAdd(got, src, &tab, load)
			require.Equal(t, poolTabBits(want), poolTabBits(got), "iteration %d sums", it)
		}
	}
}

func poolTabSize[T Number]() int {
	var z T
	return int(unsafe.Sizeof(z))
}

// poolTabBits returns the bit patterns of v (NaN payloads compared exactly).
func poolTabBits[T Number](v []T) []uint64 {
	out := make([]uint64, len(v))
	for i := range v {
		var u uint64
		*(*T)(unsafe.Pointer(&u)) = v[i]
		out[i] = u
	}
	return out
}

// TestPoolTabFold compares the tap-table fold (AVX-512 where available)
// with its Go definition for every element type it serves, with and
// without indices, random tables (empty outputs, ties, NaN, ±Inf, ±0).
func TestPoolTabFold(t *testing.T) {
	t.Run("f32", poolTabCheck[float32])
	t.Run("f64", poolTabCheck[float64])
	t.Run("i32", poolTabCheck[int32])
	t.Run("u32", poolTabCheck[uint32])
	t.Run("i64", poolTabCheck[int64])
	t.Run("u64", poolTabCheck[uint64])
	t.Run("i8", poolTabCheck[int8])
}

// poolTabWindow draws a geometry with narrow output rows (1–15 columns),
// deep or dilated windows, strides above the kernel (compacted rows) and
// large pads (empty windows).
func poolTabWindow(r *rand.Rand) Window {
	nsp := 1 + r.IntN(3)
	g := Window{N: 1 + r.IntN(2), C: 1 + r.IntN(48)} // often ≥ 32 units: tap tables
	for a := 0; a < nsp; a++ {
		for {
			in := 1 + r.IntN(24)
			k := 1 + r.IntN(11)
			s := 1 + r.IntN(7)
			d := 1
			if r.IntN(3) == 0 {
				d = 1 + r.IntN(3)
			}
			pb, pe := 0, 0
			if r.IntN(2) == 0 {
				pb, pe = r.IntN(k*d), r.IntN(k*d)
			}
			kd := (k-1)*d + 1
			if kd > in+pb+pe {
				continue
			}
			out := (in+pb+pe-kd)/s + 1
			if c := (in+pb+pe-kd+s-1)/s + 1; r.IntN(3) == 0 && (c-1)*s < in+pb {
				out = c // ceil rounding
			}
			if a == nsp-1 && out > 15 {
				continue
			}
			g.In, g.Out = append(g.In, in), append(g.Out, out)
			g.Kernel, g.Strides, g.Dilations = append(g.Kernel, k), append(g.Strides, s), append(g.Dilations, d)
			g.PadsBegin, g.PadsEnd = append(g.PadsBegin, pb), append(g.PadsEnd, pe)
			break
		}
	}
	return g
}

func poolTabMaxCheck[T Number](t *testing.T, r *rand.Rand, pool []*Workers, iters int) {
	for it := 0; it < iters; it++ {
		g := poolTabWindow(r)
		p, err := g.plan()
		require.NoError(t, err, "%+v", g)
		src := poolTabValues[T](r, p.inLen())
		axis := r.IntN(2 + len(g.In))
		want, wantI := make([]T, p.outLen()), make([]int64, p.outLen())
		require.NoError(t, MaxPoolReference(g, src, want, wantI, axis))
		for _, w := range pool {
			got, gotI := make([]T, p.outLen()), make([]int64, p.outLen())
			require.NoError(t, MaxPool(w, g, src, got, gotI, axis))
			require.Equal(t, poolTabBits(want), poolTabBits(got), "%+v axis %d", g, axis)
			require.Equal(t, wantI, gotI, "indices %+v axis %d", g, axis)
			got2 := make([]T, p.outLen())
			require.NoError(t, MaxPool[T, int64](w, g, src, got2, nil, axis))
			require.Equal(t, poolTabBits(want), poolTabBits(got2), "values only %+v", g)
		}
	}
}

// TestPoolTabMaxPool runs MaxPool on narrow-row geometries (the tap-table
// path on AVX-512; the other folds elsewhere) against the reference, values
// and indices bit for bit, with ties, NaN, ±Inf, ±0, extremes and empty
// windows, on 1–3 threads.
func TestPoolTabMaxPool(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 14))
	pool := []*Workers{nil, NewWorkers(1), NewWorkers(2), NewWorkers(3)}
	defer func() {
		for _, w := range pool {
			w.Close()
		}
	}()
	iters := 60
	if testing.Short() || raceEnabled {
		iters = 10
	}
	ptRun(t, "f32 f64 i32 u32 i64 u64 i8 u16", func(t *testing.T, e ptElem) { e.poolTabMaxCheck(t, r, pool, iters) })
}
