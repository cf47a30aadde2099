package kernels

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestPfFoldMax: the fold-then-split kernel against the sequential Go fold
// (foldMaxGo once per window row, in order), bit for bit (NaN, ±Inf, ±0,
// extremes), strides 1..8, dilations 1..3, 1..3 window rows, with and
// without an existing dst value, the source ending at the last element a
// window reads (the rows whose blocks would read past it take foldMax).
func TestPfFoldMax(t *testing.T) {
	t.Run("f32", func(t *testing.T) { pfFoldMaxCheck[float32](t) })
	t.Run("i32", func(t *testing.T) { pfFoldMaxCheck[int32](t) })
	t.Run("u32", func(t *testing.T) { pfFoldMaxCheck[uint32](t) })
	t.Run("f64", func(t *testing.T) { pfFoldMaxCheck[float64](t) })
	t.Run("i64", func(t *testing.T) { pfFoldMaxCheck[int64](t) })
	t.Run("u64", func(t *testing.T) { pfFoldMaxCheck[uint64](t) })
}

func pfFoldMaxCheck[T Number](t *testing.T) {
	r := rand.New(rand.NewPCG(10, 14))
	ran := false
	for it := 0; it < 400; it++ {
		sc, ts, taps, kh := 1+r.IntN(8), 1+r.IntN(3), 1+r.IntN(11), 1+r.IntN(3)
		rows, cols := 1+r.IntN(6), 1+r.IntN(70)
		need := (cols-1)*sc + (taps-1)*ts + 1
		rh := need + r.IntN(5)
		if kh == 1 {
			rh = 0
		}
		sr := (kh-1)*rh + need + r.IntN(9)
		if it%3 == 0 {
			sr = need // rows overlap the next row's window rows
			if kh > 1 {
				sr = rh * kh
			}
		}
		src := poolTabValues[T](r, (rows-1)*sr+(kh-1)*rh+need)
		ds := cols + r.IntN(3)
		load := it%2 == 1
		init := lowest[T]()
		want := poolTabValues[T](r, (rows-1)*ds+cols)
		for i := range want {
			if want[i] < init || want[i] != want[i] {
				want[i] = init // accumulators never hold NaN or less than init
			}
		}
		got := append([]T(nil), want...)
		for y := 0; y < kh; y++ {
			foldMaxGo(want, ds, src[y*rh:], sr, sc, ts, taps, rows, cols, init, load || y > 0)
		}
		ok := pfFoldMax(got, ds, src, sr, sc, ts, taps, rh, kh, rows, cols, init, load)
		if !ok {
			continue
		}
		ran = true
		require.Equal(t, plBits(want), plBits(got), "sc %d ts %d taps %d kh %d rows %d cols %d load %v", sc, ts, taps, kh, rows, cols, load)
		// With indices: i0 + r·ir + c·ic + y·ih + t·it.
		wantV := poolTabValues[T](r, len(want))
		for i := range wantV {
			if wantV[i] < init || wantV[i] != wantV[i] {
				wantV[i] = init
			}
		}
		wantI := make([]int32, len(want))
		for i := range wantI {
			wantI[i] = int32(r.IntN(1000))
		}
		gotV, gotI := append([]T(nil), wantV...), append([]int32(nil), wantI...)
		i0, ir, ic, it, ih := int32(r.IntN(100)), int32(sr+r.IntN(3)), int32(sc+r.IntN(2)), int32(ts), int32(rh+r.IntN(2))
		for y := 0; y < kh; y++ {
			foldMaxIdxLinGo(wantV, wantI, ds, src[y*rh:], sr, sc, ts, taps, rows, cols, init, load || y > 0, i0+int32(y)*ih, ir, ic, it)
		}
		require.True(t, pfFoldMaxIdx(gotV, gotI, ds, src, sr, sc, ts, taps, rh, kh, rows, cols, init, load, i0, ir, ic, it, ih))
		require.Equal(t, plBits(wantV), plBits(gotV), "idx: sc %d ts %d taps %d kh %d rows %d cols %d load %v", sc, ts, taps, kh, rows, cols, load)
		require.Equal(t, wantI, gotI, "idx: sc %d ts %d taps %d kh %d rows %d cols %d load %v", sc, ts, taps, kh, rows, cols, load)
	}
	if pfVec[T](2) {
		require.True(t, ran)
	}
}
