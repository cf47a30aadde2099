package kernels

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/x448/float16"
)

// pool6DepthWindow draws a 3-D geometry whose depth windows overlap (depth
// stride below the dilated depth kernel, the depth-slice cache's case):
// deep or dilated depth kernels, pads that empty some depth windows, ceil
// rounding, narrow rows (tap tables) and wide ones (the other folds).
func pool6DepthWindow(r *rand.Rand) Window {
	g := Window{N: 1 + r.IntN(2), C: 1 + r.IntN(24)}
	for a := 0; a < 3; a++ {
		for {
			in := 1 + r.IntN(20)
			if a == 2 && r.IntN(3) == 0 {
				in = 20 + r.IntN(80)
			}
			k := 1 + r.IntN(8)
			s := 1 + r.IntN(6)
			d := 1
			if r.IntN(3) == 0 {
				d = 1 + r.IntN(3)
			}
			if a == 0 {
				k = 2 + r.IntN(8)
				s = 1 + r.IntN((k-1)*d+1-1) // overlapping depth windows
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
			if a == 0 && out < 2 {
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

// pool6Planned reports whether MaxPool plans g with the depth-slice cache on
// threads threads.
func pool6Planned(g Window, threads int, elem int, idx bool) bool {
	p, err := g.plan()
	if err != nil {
		return false
	}
	j := &job{wp: p}
	planRows(j, threads, elem+4)
	ok, _ := pool6DepthPlan(j, threads, max(4, elem), idx)
	return ok
}

func pool6DepthCheck[T Number](t *testing.T, r *rand.Rand, pool []*Workers, iters int) {
	cached := 0
	for it := 0; it < iters; it++ {
		g := pool6DepthWindow(r)
		p, err := g.plan()
		require.NoError(t, err, "%+v", g)
		if pool6Planned(g, 1, poolTabSize[T](), true) {
			cached++
		}
		src := poolTabValues[T](r, p.inLen())
		axis := r.IntN(2 + len(g.In))
		want, wantI := make([]T, p.outLen()), make([]int64, p.outLen())
		require.NoError(t, MaxPoolReference(g, src, want, wantI, axis))
		for _, w := range pool {
			got, gotI := make([]T, p.outLen()), make([]int64, p.outLen())
			require.NoError(t, MaxPool(w, g, src, got, gotI, axis))
			require.Equal(t, poolTabBits(want), poolTabBits(got), "%+v axis %d threads %d", g, axis, w.Threads())
			require.Equal(t, wantI, gotI, "indices %+v axis %d threads %d", g, axis, w.Threads())
			got2 := make([]T, p.outLen())
			require.NoError(t, MaxPool[T, int64](w, g, src, got2, nil, axis))
			require.Equal(t, poolTabBits(want), poolTabBits(got2), "values only %+v threads %d", g, w.Threads())
			got3, gotI3 := make([]T, p.outLen()), make([]int32, p.outLen())
			require.NoError(t, MaxPool(w, g, src, got3, gotI3, axis))
			for e := range wantI {
				require.Equal(t, int32(wantI[e]), gotI3[e], "int32 indices %+v axis %d", g, axis)
			}
		}
	}
	require.Greater(t, cached, iters/2, "geometries through the depth-slice cache")
}

// TestPool6DepthMax runs MaxPool on 3-D geometries with overlapping depth
// windows (the depth-slice cache) against the reference, values and indices
// bit for bit, with ties, NaN, ±Inf, ±0, extremes and empty windows, on 1–3
// threads, for every compute path (4- and 8-byte folds, dense byte folds,
// bytes widened with indices).
func TestPool6DepthMax(t *testing.T) {
	r := rand.New(rand.NewPCG(6, 14))
	pool := []*Workers{nil, NewWorkers(1), NewWorkers(2), NewWorkers(3)}
	defer func() {
		for _, w := range pool {
			w.Close()
		}
	}()
	iters := 40
	if testing.Short() || raceEnabled {
		iters = 8
	}
	ptRun(t, "f32 f64 i32 u32 i64 u64 i8 u16", func(t *testing.T, e ptElem) { e.pool6DepthCheck(t, r, pool, iters) })
}

// TestPool6DepthHalf runs the depth-slice cache on f16 and bf16 storage
// (widened per slice, narrowed per output depth) against the per-tensor
// path: the reference on the widened tensor, narrowed.
func TestPool6DepthHalf(t *testing.T) {
	r := rand.New(rand.NewPCG(6, 16))
	pool := []*Workers{nil, NewWorkers(2)}
	defer func() {
		for _, w := range pool {
			w.Close()
		}
	}()
	iters := 30
	if testing.Short() || raceEnabled {
		iters = 6
	}
	for it := 0; it < iters; it++ {
		g := pool6DepthWindow(r)
		p, err := g.plan()
		require.NoError(t, err)
		nin, nout := p.inLen(), p.outLen()
		axis := r.IntN(2 + len(g.In))
		for _, bf := range []bool{false, true} {
			bits := poolHalfBits(r, nin, bf)
			s32 := make([]float32, nin)
			if bf {
				BF16ToF32(s32, bits)
			} else {
				F16ToF32(s32, poolAs[float16.Float16](bits))
			}
			refV32, refI := make([]float32, nout), make([]int64, nout)
			require.NoError(t, MaxPoolReference(g, s32, refV32, refI, axis))
			refV := make([]uint16, nout)
			if bf {
				F32ToBF16(refV, refV32)
			} else {
				F32ToF16(poolAs[float16.Float16](refV), refV32)
			}
			for _, w := range pool {
				got, gotI := make([]uint16, nout), make([]int64, nout)
				if bf {
					require.NoError(t, MaxPoolBF16Context(context.Background(), w, g, bits, got, gotI, axis))
				} else {
					require.NoError(t, MaxPoolF16Context(context.Background(), w, g,
						poolAs[float16.Float16](bits), poolAs[float16.Float16](got), gotI, axis))
				}
				require.Equal(t, refV, got, "values %+v bf16 %v threads %d", g, bf, w.Threads())
				require.Equal(t, refI, gotI, "indices %+v bf16 %v", g, bf)
			}
		}
	}
}

func pool6WidenCheck[S Number](t *testing.T, r *rand.Rand) {
	for n := 0; n < 80; n++ {
		src := make([]S, n+3)
		for i := range src {
			switch r.IntN(5) {
			case 0:
				src[i] = lowest[S]()
			case 1:
				src[i] = highest[S]()
			default:
				src[i] = S(r.Uint64())
			}
		}
		got := make([]float32, n+3)
		for i := range got {
			got[i] = -7 // past n: must stay untouched
		}
		poolWiden(got, src[:n])
		for i := range got {
			want := float32(-7)
			if i < n {
				want = float32(src[i])
			}
			require.Equal(t, want, got[i], "n %d element %d", n, i)
		}
	}
}

// TestPool6Widen checks the per-block widening of 1- and 2-byte integers to
// float32 (AVX-512 where available, masked tails) against the conversion,
// for every length up to 80 and the types' extremes.
func TestPool6Widen(t *testing.T) {
	r := rand.New(rand.NewPCG(6, 8))
	ptRun(t, "i8 u8 i16 u16", func(t *testing.T, e ptElem) { e.pool6WidenCheck(t, r) })
}
