package kernels

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// pvGeom draws a 2- or 3-D MaxPool geometry whose H window has two taps or
// more (H strides 1..6, any W stride, dilations, pads, floor or ceil).
func pvGeom(r *rand.Rand) Window {
	nsp := 2 + r.IntN(2)
	g := Window{N: 1 + r.IntN(2), C: 1 + r.IntN(4)}
	for a := 0; a < nsp; a++ {
		k, s, d := 1+r.IntN(11), 1+r.IntN(6), 1+r.IntN(2)
		if a == nsp-2 { // H
			k = 2 + r.IntN(9)
		}
		if a == nsp-1 && r.IntN(2) == 0 { // W: often stride 1, deep (the levels from 16 taps)
			s, d, k = 1, 1+r.IntN(2), 1+r.IntN(24)
		}
		if a == 0 && nsp == 3 {
			k, s = 1+r.IntN(3), 1+r.IntN(2)
		}
		testPoolAxis(r, &g, k, s, d, nil, func() int {
			e := r.IntN(30)
			if a == nsp-1 && r.IntN(3) > 0 { // else narrow rows
				e += r.IntN(90)
			}
			return e
		})
	}
	return g
}

// TestPvMaxOrder: values-only MaxPool taking the depth and H taps first
// (pvMaxOrder) against the reference bit for bit — data with NaN, ±Inf,
// extremes, ties, and with or without −0 — through MaxPool on 1 and 2
// threads, and block by block through pvMaxOrder itself: on data without
// −0 it must take every block the cost rule gives it; on data whose
// zero outputs may come from a −0 it may refuse, never be wrong.
func TestPvMaxOrder(t *testing.T) {
	pool := []*Workers{nil, NewWorkers(2)}
	defer pool[1].Close()
	t.Run("f32", func(t *testing.T) { pvMaxOrderCheck[float32](t, pool) })
	t.Run("f64", func(t *testing.T) { pvMaxOrderCheck[float64](t, pool) })
	t.Run("i32", func(t *testing.T) { pvMaxOrderCheck[int32](t, pool) })
	t.Run("i64", func(t *testing.T) { pvMaxOrderCheck[int64](t, pool) })
	t.Run("u8", func(t *testing.T) { pvMaxOrderCheck[uint8](t, pool) })
	t.Run("i16", func(t *testing.T) { pvMaxOrderCheck[int16](t, pool) })
}

func pvMaxOrderCheck[T Number](t *testing.T, pool []*Workers) {
	r := rand.New(rand.NewPCG(10, 14))
	taken, refused := 0, 0
	lvStride1, lvNarrow := 0, 0 // geometries whose W pass takes the levels
	for it := 0; it < 90; it++ {
		g := pvGeom(r)
		p, err := g.plan()
		require.NoError(t, err, "%+v", g)
		if pvLevelsUse(&p) && p.s[2] == 1 {
			lvStride1++
		} else if pvLevelsUse(&p) {
			lvNarrow++
		}
		src := poolTabValues[T](r, p.inLen())
		negZero := it%3 != 0
		if !negZero {
			for i, v := range src {
				if v == 0 {
					src[i] = 0 // +0 only
				}
			}
		} else if it%3 == 2 {
			// Many zeros of both signs: zero outputs from mixed windows.
			for i := range src {
				if r.IntN(3) == 0 {
					src[i] = T(math.Copysign(0, float64(1-2*r.IntN(2))))
				}
			}
		}
		want := make([]T, p.outLen())
		require.NoError(t, MaxPoolReference(g, src, want, []int64(nil), 0))
		for _, w := range pool {
			got := make([]T, p.outLen())
			require.NoError(t, MaxPool(w, g, src, got, []int64(nil), 0))
			require.Equal(t, plBits(want), plBits(got), "%+v", g)
		}
		// Block by block: the whole plane's rows, or a few rows.
		j := &job{wp: p}
		s := &scratch{}
		Ho := p.out[1]
		got := make([]T, p.outLen())
		for plane := 0; plane < p.planes; plane++ {
			for od := 0; od < p.out[0]; od++ {
				i0 := r.IntN(Ho)
				i1 := i0 + 1 + r.IntN(Ho-i0)
				rlo := max(0, i0*p.s[1]-p.pb[1])
				rhi := min(p.in[1], (i1-1)*p.s[1]-p.pb[1]+(p.k[1]-1)*p.d[1]+1)
				zlo, zhi := tapWin(od, p.s[0], p.pb[0], p.d[0], p.k[0], p.in[0])
				wc, hc := pvOrderCosts(&p, i1-i0, rhi-rlo, zhi-zlo)
				expect := rhi > rlo && zhi > zlo && 4*hc <= 3*wc
				ok := pvMaxOrder(j, s, src, got, plane, od, i0, i1, nil, nil)
				if !negZero || kindOf[T]() > kFloat64 {
					require.Equal(t, expect, ok, "%+v od %d rows [%d,%d)", g, od, i0, i1)
				} else if expect && !ok {
					refused++
				}
				if ok {
					taken++
					o := plane*p.outPlane + (od*Ho+i0)*p.out[2]
					n := (i1 - i0) * p.out[2]
					require.Equal(t, plBits(want[o:o+n]), plBits(got[o:o+n]), "%+v od %d rows [%d,%d)", g, od, i0, i1)
				}
			}
		}
	}
	require.Greater(t, taken, 200)
	require.Greater(t, lvStride1, 10)
	require.Greater(t, lvNarrow, 10)
	if kindOf[T]() <= kFloat64 {
		require.Greater(t, refused, 5) // the −0 check was exercised
	}
}

// TestPvAnyMasked: the vector scans against their Go definitions, every
// length up to 40 and the match at every position.
func TestPvAnyMasked(t *testing.T) {
	for n := 0; n <= 40; n++ {
		v32 := make([]uint32, n)
		v64 := make([]uint64, n)
		for i := range v32 {
			v32[i], v64[i] = 0x3f800000, 0x3ff0000000000000
		}
		require.False(t, pvAnyMasked32(v32, 0x7fffffff, 0))
		require.False(t, pvAnyMasked64(v64, 0x7fffffffffffffff, 0))
		for pos := 0; pos < n; pos++ {
			v32[pos], v64[pos] = 0x80000000, 0x8000000000000000
			require.True(t, pvAnyMasked32(v32, 0x7fffffff, 0), "n %d pos %d", n, pos)
			require.True(t, pvAnyMasked32(v32, 0xffffffff, 0x80000000), "n %d pos %d", n, pos)
			require.True(t, pvAnyMasked64(v64, 0x7fffffffffffffff, 0), "n %d pos %d", n, pos)
			require.True(t, pvAnyMasked64(v64, 0xffffffffffffffff, 0x8000000000000000), "n %d pos %d", n, pos)
			v32[pos], v64[pos] = 0, 0
			require.True(t, pvAnyMasked32(v32, 0x7fffffff, 0))
			require.False(t, pvAnyMasked32(v32, 0xffffffff, 0x80000000))
			require.False(t, pvAnyMasked64(v64, 0xffffffffffffffff, 0x8000000000000000))
			v32[pos], v64[pos] = 0x3f800000, 0x3ff0000000000000
		}
	}
}

// TestPvAvgNarrow: float AvgPool over rows of at most 8 outputs (pvAvgBlock:
// depth and H taps first, scalar W sums), 2- and 3-D, pads counted or not,
// strides and dilations, against the reference within the documented
// bound, the same bits on 1, 2 and 3 threads (pqOrderCheck), and f16
// against the float32 kernel bit for bit.
func TestPvAvgNarrow(t *testing.T) {
	pool := []*Workers{nil, NewWorkers(2), NewWorkers(3)}
	defer pool[1].Close()
	defer pool[2].Close()
	r := rand.New(rand.NewPCG(10, 15))
	used := 0
	for it := 0; it < 80; it++ {
		g := pvGeom(r)
		p, err := g.plan()
		require.NoError(t, err)
		if p.out[2] > 8 {
			continue
		}
		used++
		excl := r.IntN(2) == 0
		pqOrderCheck[float32](t, r, g, excl, pool)
		pqOrderCheck[float64](t, r, g, excl, pool)
		pqAvgF16Check(t, r, g, &p, excl, pool)
	}
	require.Greater(t, used, 15)
}
