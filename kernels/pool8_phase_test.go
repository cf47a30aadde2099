package kernels

import (
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// plBits returns the bytes of v (bit-for-bit comparison, NaN included).
func plBits[T Number](v []T) []byte {
	var z T
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(v))), len(v)*int(unsafe.Sizeof(z)))
}

// TestPlPhaseMax: the phase-split folds (values, and values with indices)
// against the Go definitions of the strided folds, bit for bit (NaN, ±Inf, ±0, extremes), the last row of the
// source as short as the last tap allows.
func TestPlPhaseMax(t *testing.T) {
	t.Run("f32", func(t *testing.T) { plPhaseMaxCheck[float32](t) })
	t.Run("i32", func(t *testing.T) { plPhaseMaxCheck[int32](t) })
	t.Run("u32", func(t *testing.T) { plPhaseMaxCheck[uint32](t) })
	t.Run("f64", func(t *testing.T) { plPhaseMaxCheck[float64](t) })
	t.Run("i64", func(t *testing.T) { plPhaseMaxCheck[int64](t) })
	t.Run("u64", func(t *testing.T) { plPhaseMaxCheck[uint64](t) })
}

func plPhaseMaxCheck[T Number](t *testing.T) {
	r := rand.New(rand.NewPCG(8, 14))
	for it := 0; it < 300; it++ {
		sc, ts, taps := 2+r.IntN(7), 1+r.IntN(3), 1+r.IntN(11)
		rows, cols := 1+r.IntN(5), 16+r.IntN(70)
		if it%4 == 0 {
			rows = 1 + r.IntN(40) // several groups of rows (plPhaseRows)
		}
		need := (cols-1)*sc + (taps-1)*ts + 1
		sr := need + r.IntN(6)
		src := poolTabValues[T](r, (rows-1)*sr+need)
		ds := cols + r.IntN(3)
		want := make([]T, (rows-1)*ds+cols)
		got := make([]T, len(want))
		init := lowest[T]()
		foldMaxGo(want, ds, src, sr, sc, ts, taps, rows, cols, init, false)
		ph := make([]T, plPhaseLen[T](sc, ts, taps, rows, cols))
		plPhaseMax(got, ds, src, sr, sc, ts, taps, rows, cols, init, ph)
		require.Equal(t, plBits(want), plBits(got), "sc %d ts %d taps %d rows %d cols %d", sc, ts, taps, rows, cols)
		// With indices (i0 + r·ir + c·ic + t·it, as the W pass passes them).
		wantI, gotI := make([]int32, len(want)), make([]int32, len(want))
		i0, ir := int32(r.IntN(100)), int32(sr+r.IntN(3))
		foldMaxIdxLinGo(want, wantI, ds, src, sr, sc, ts, taps, rows, cols, init, false, i0, ir, int32(sc), int32(ts))
		plPhaseMaxIdx(got, gotI, ds, src, sr, sc, ts, taps, rows, cols, init, ph, i0, ir, int32(sc), int32(ts))
		require.Equal(t, plBits(want), plBits(got), "idx: sc %d ts %d taps %d rows %d cols %d", sc, ts, taps, rows, cols)
		require.Equal(t, wantI, gotI, "idx: sc %d ts %d taps %d rows %d cols %d", sc, ts, taps, rows, cols)
	}
}

// TestPlPhaseMaxPool: MaxPool (values) with W strides 3..8 on wide rows,
// 1- and 2-D (H strides above the H kernel: the gap rows), values and
// indices, against the reference bit for bit, 1 and 2 threads.
func TestPlPhaseMaxPool(t *testing.T) {
	pool := []*Workers{nil, NewWorkers(2)}
	defer pool[1].Close()
	t.Run("f32", func(t *testing.T) { plPhaseMaxPoolCheck[float32](t, pool) })
	t.Run("i32", func(t *testing.T) { plPhaseMaxPoolCheck[int32](t, pool) })
	t.Run("u8", func(t *testing.T) { plPhaseMaxPoolCheck[uint8](t, pool) })
	t.Run("f64", func(t *testing.T) { plPhaseMaxPoolCheck[float64](t, pool) })
	t.Run("i64", func(t *testing.T) { plPhaseMaxPoolCheck[int64](t, pool) })
}

func plPhaseMaxPoolCheck[T Number](t *testing.T, pool []*Workers) {
	r := rand.New(rand.NewPCG(8, 15))
	used := 0
	for it := 0; it < 60; it++ {
		k, s, d := 1+r.IntN(11), 2+r.IntN(7), 1+r.IntN(2)
		W := (k-1)*d + 1 + r.IntN(300)
		pb, pe := r.IntN((k-1)*d/2+1), r.IntN((k-1)*d/2+1)
		wo := (W+pb+pe-(k-1)*d-1)/s + 1
		g := Window{N: 1 + r.IntN(2), C: 1 + r.IntN(5), In: []int{W}, Out: []int{wo}, Kernel: []int{k}, Strides: []int{s},
			Dilations: []int{d}, PadsBegin: []int{pb}, PadsEnd: []int{pe}}
		if r.IntN(2) == 0 {
			kh, sh := 1+r.IntN(4), 1+r.IntN(6)
			H := kh + r.IntN(12)
			g.In = []int{H, W}
			g.Out = []int{(H-kh)/sh + 1, wo}
			g.Kernel, g.Strides, g.Dilations = []int{kh, k}, []int{sh, s}, []int{1, d}
			g.PadsBegin, g.PadsEnd = []int{0, pb}, []int{0, pe}
		}
		p, err := g.plan()
		require.NoError(t, err)
		if plPhaseUse[T](s, d, k, wo-2) {
			used++
		}
		src := poolTabValues[T](r, p.inLen())
		want := make([]T, p.outLen())
		var wantI, gotI []int64
		if it%3 == 0 { // with indices (the H-gap rows apply to them too)
			wantI, gotI = make([]int64, p.outLen()), make([]int64, p.outLen())
		}
		require.NoError(t, MaxPoolReference(g, src, want, wantI, 0))
		for _, w := range pool {
			got := make([]T, p.outLen())
			require.NoError(t, MaxPool(w, g, src, got, gotI, 0))
			require.Equal(t, plBits(want), plBits(got), "%+v", g)
			require.Equal(t, wantI, gotI, "%+v", g)
		}
	}
	var z T
	if plDeintVec(int(unsafe.Sizeof(z))) {
		require.Greater(t, used, 10)
	}
}
