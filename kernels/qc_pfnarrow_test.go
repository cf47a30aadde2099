package kernels

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/x448/float16"
)

// qcHalfWiden and qcHalfNarrow convert f16/bf16 bits with the exported
// conversions (the per-tensor path), independent of the kernels.
func qcHalfWiden(bits []uint16, bf bool) []float32 {
	out := make([]float32, len(bits))
	if bf {
		BF16ToF32(out, bits)
	} else {
		F16ToF32(out, poolAs[float16.Float16](bits))
	}
	return out
}

func qcHalfNarrow(v []float32, bf bool) []uint16 {
	out := make([]uint16, len(v))
	if bf {
		F32ToBF16(out, v)
	} else {
		F32ToF16(poolAs[float16.Float16](out), v)
	}
	return out
}

// TestQcFoldMax: the narrow fold-then-split kernels (i8, u8, i16, u16 against
// the sequential Go fold; f16/bf16 against the float32 fold of the widened
// rows, narrowed) bit for bit — extremes, NaN, ±Inf, ±0 — strides 1..8,
// 1..3 window rows, with and without an existing dst value, the source
// ending at the last element a window reads.
func TestQcFoldMax(t *testing.T) {
	if !qcPfVec[int8](2) {
		t.Skip("no narrow fold-then-split kernel (not AVX-512)")
	}
	t.Run("i8", func(t *testing.T) { qcFoldIntCheck[int8](t) })
	t.Run("u8", func(t *testing.T) { qcFoldIntCheck[uint8](t) })
	t.Run("i16", func(t *testing.T) { qcFoldIntCheck[int16](t) })
	t.Run("u16", func(t *testing.T) { qcFoldIntCheck[uint16](t) })
	t.Run("f16", func(t *testing.T) { qcFoldHalfCheck[poolF16](t, false) })
	t.Run("bf16", func(t *testing.T) { qcFoldHalfCheck[poolBF16](t, true) })
}

// qcFoldGeom draws one fold: strides, taps, window rows and the source and
// destination lengths (the source ends at the last element read).
type qcFoldCase struct{ sc, ts, taps, kh, rows, cols, rh, sr, ds, nsrc, ndst int }

func qcFoldGeom(r *rand.Rand, it int) qcFoldCase {
	c := qcFoldCase{sc: 1 + r.IntN(8), ts: 1 + r.IntN(3), taps: 1 + r.IntN(11), kh: 1 + r.IntN(3), rows: 1 + r.IntN(6), cols: 1 + r.IntN(70)}
	need := (c.cols-1)*c.sc + (c.taps-1)*c.ts + 1
	c.rh = need + r.IntN(5)
	if c.kh == 1 {
		c.rh = 0
	}
	c.sr = (c.kh-1)*c.rh + need + r.IntN(9)
	if it%3 == 0 {
		c.sr = need
		if c.kh > 1 {
			c.sr = c.rh * c.kh
		}
	}
	c.nsrc = (c.rows-1)*c.sr + (c.kh-1)*c.rh + need
	c.ds = c.cols + r.IntN(3)
	c.ndst = (c.rows-1)*c.ds + c.cols
	return c
}

func qcFoldIntCheck[T Number](t *testing.T) {
	r := rand.New(rand.NewPCG(16, uint64(len(pltBits([]T{0})))+uint64(kindOf[T]())))
	for it := 0; it < 400; it++ {
		c := qcFoldGeom(r, it)
		src := poolTabValues[T](r, c.nsrc)
		load := it%2 == 1
		want := poolTabValues[T](r, c.ndst)
		got := append([]T(nil), want...)
		for y := 0; y < c.kh; y++ {
			foldMaxGo(want, c.ds, src[y*c.rh:], c.sr, c.sc, c.ts, c.taps, c.rows, c.cols, lowest[T](), load || y > 0)
		}
		require.True(t, qcFoldMax(got, c.ds, src, c.sr, c.sc, c.ts, c.taps, c.rh, c.kh, c.rows, c.cols, load))
		require.Equal(t, pltBits(want), pltBits(got), "%+v load %v", c, load)
	}
}

func qcFoldHalfCheck[T Number](t *testing.T, bf bool) {
	r := rand.New(rand.NewPCG(16, 7))
	for it := 0; it < 400; it++ {
		c := qcFoldGeom(r, it)
		bits := poolHalfBits(r, c.nsrc, bf)
		load := it%2 == 1
		old := poolHalfBits(r, c.ndst, bf)
		w32 := qcHalfWiden(old, bf)
		for i, v := range w32 {
			if v != v || v < -math.MaxFloat32 {
				w32[i] = -math.MaxFloat32 // an accumulator never holds NaN
			}
		}
		old = qcHalfNarrow(w32, bf)
		w32 = qcHalfWiden(old, bf)
		s32 := qcHalfWiden(bits, bf)
		for y := 0; y < c.kh; y++ {
			foldMaxGo(w32, c.ds, s32[y*c.rh:], c.sr, c.sc, c.ts, c.taps, c.rows, c.cols, -math.MaxFloat32, load || y > 0)
		}
		want := qcHalfNarrow(w32, bf)
		got := poolAs[T](append([]uint16(nil), old...))
		require.True(t, qcFoldMax(got, c.ds, poolAs[T](bits), c.sr, c.sc, c.ts, c.taps, c.rh, c.kh, c.rows, c.cols, load))
		require.Equal(t, want, poolAs[uint16](got), "%+v load %v", c, load)
		// The scalar fold the kernel hands its last rows to.
		got2 := poolAs[T](append([]uint16(nil), old...))
		for y := 0; y < c.kh; y++ {
			qcFoldGo(got2, c.ds, poolAs[T](bits)[y*c.rh:], c.sr, c.sc, c.ts, c.taps, c.rows, c.cols, load || y > 0)
		}
		require.Equal(t, want, poolAs[uint16](got2), "scalar %+v load %v", c, load)
	}
}

// TestQcColSelect: values-only MaxPool on column-select geometries (one W
// tap, W stride 2..8) of 1- and 2-byte storage, through MaxPool on 1–3
// threads, against MaxPoolReference (f16/bf16: on the tensor widened to
// float32, narrowed back) bit for bit; no allocation.
func TestQcColSelect(t *testing.T) {
	pool := []*Workers{nil, NewWorkers(1), NewWorkers(2), NewWorkers(3)}
	defer func() {
		for _, w := range pool {
			w.Close()
		}
	}()
	t.Run("i8", func(t *testing.T) { qcColIntCheck[int8](t, pool) })
	t.Run("u8", func(t *testing.T) { qcColIntCheck[uint8](t, pool) })
	t.Run("i16", func(t *testing.T) { qcColIntCheck[int16](t, pool) })
	t.Run("u16", func(t *testing.T) { qcColIntCheck[uint16](t, pool) })
	t.Run("f16", func(t *testing.T) { qcColHalfCheck(t, pool, false) })
	t.Run("bf16", func(t *testing.T) { qcColHalfCheck(t, pool, true) })
}

func qcColIntCheck[T Number](t *testing.T, pool []*Workers) {
	r := rand.New(rand.NewPCG(16, 3+uint64(len(pltBits([]T{0})))+uint64(kindOf[T]())))
	for it := 0; it < 80; it++ {
		g, p := psColGeom(r)
		require.True(t, psColUse[T](&p))
		src := poolTabValues[T](r, p.inLen())
		want := make([]T, p.outLen())
		require.NoError(t, MaxPoolReference[T, int64](g, src, want, nil, 0))
		for _, w := range pool {
			got := make([]T, p.outLen())
			fill(got, T(7))
			require.NoError(t, MaxPool[T, int64](w, g, src, got, nil, 0))
			require.Equal(t, pltBits(want), pltBits(got), "%+v threads %d", g, w.Threads())
			if w != nil && it < 3 {
				allocs := testing.AllocsPerRun(3, func() { _ = MaxPool[T, int64](w, g, src, got, nil, 0) })
				require.Zero(t, allocs, "%+v allocations, threads %d", g, w.Threads())
			}
		}
	}
}

func qcColHalfCheck(t *testing.T, pool []*Workers, bf bool) {
	r := rand.New(rand.NewPCG(16, 11))
	for it := 0; it < 80; it++ {
		g, p := psColGeom(r)
		if bf {
			require.Equal(t, qcPfVec[poolBF16](p.s[2]), psColUse[poolBF16](&p))
		} else {
			require.Equal(t, qcPfVec[poolF16](p.s[2]) && p.out[2] >= 2, psColUse[poolF16](&p))
		}
		bits := poolHalfBits(r, p.inLen(), bf)
		w32 := make([]float32, p.outLen())
		require.NoError(t, MaxPoolReference[float32, int64](g, qcHalfWiden(bits, bf), w32, nil, 0))
		want := qcHalfNarrow(w32, bf)
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
