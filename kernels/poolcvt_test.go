package kernels

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/x448/float16"
)

// poolHalfBits draws f16/bf16 bit patterns: mostly small finite values with
// ties, plus ±0, ±Inf, NaNs and extremes.
func poolHalfBits(r *rand.Rand, n int, bf bool) []uint16 {
	special := []uint16{0x0000, 0x8000, 0x7c00, 0xfc00, 0x7e00, 0xfe01, 0x7bff, 0xfbff, 0x0001}
	if bf {
		special = []uint16{0x0000, 0x8000, 0x7f80, 0xff80, 0x7fc0, 0xffc1, 0x7f7f, 0xff7f, 0x0001}
	}
	out := make([]uint16, n)
	for i := range out {
		switch r.IntN(10) {
		case 0:
			out[i] = special[r.IntN(len(special))]
		case 1, 2:
			out[i] = uint16(r.Uint32())
		default:
			out[i] = uint16(r.IntN(16)) | uint16(r.IntN(2))<<15 | 0x3c00
		}
	}
	return out
}

// TestPoolHalfMax checks the per-block widened f16/bf16 MaxPool against the
// reference run on the whole tensor widened to float32 and narrowed back
// (the per-tensor path it replaces), values and indices bit for bit.
func TestPoolHalfMax(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 3))
	pool := []*Workers{nil, NewWorkers(1), NewWorkers(2), NewWorkers(3)}
	defer func() {
		for _, w := range pool {
			w.Close()
		}
	}()
	iters := 150
	if testing.Short() || raceEnabled {
		iters = 20
	}
	for it := 0; it < iters; it++ {
		g := randWindow(r, it%6 == 5)
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
			refV32 := make([]float32, nout)
			refI := make([]int64, nout)
			require.NoError(t, MaxPoolReference(g, s32, refV32, refI, axis))
			refV := make([]uint16, nout)
			if bf {
				F32ToBF16(refV, refV32)
			} else {
				F32ToF16(poolAs[float16.Float16](refV), refV32)
			}
			desc := fmt.Sprintf("%+v bf16 %v axis %d", g, bf, axis)
			for _, w := range pool {
				for _, withIdx := range []bool{true, false} {
					got := make([]uint16, nout)
					var gotI []int64
					if withIdx {
						gotI = make([]int64, nout)
					}
					if bf {
						require.NoError(t, MaxPoolBF16Context(context.Background(), w, g, bits, got, gotI, axis))
					} else {
						require.NoError(t, MaxPoolF16Context(context.Background(), w, g,
							poolAs[float16.Float16](bits), poolAs[float16.Float16](got), gotI, axis))
					}
					require.Equal(t, refV, got, "values %s idx %v threads %d", desc, withIdx, w.Threads())
					if withIdx {
						require.Equal(t, refI, gotI, "indices %s", desc)
					}
				}
			}
		}
	}
}

// TestPoolF16Convert checks the vector f16 conversions against the scalar
// ones: every half bit pattern widened (NaNs only as NaN), and float32 values
// around every half (ties, denormals, overflow) narrowed bit for bit.
func TestPoolF16Convert(t *testing.T) {
	all := make([]uint16, 1<<16)
	for i := range all {
		all[i] = uint16(i)
	}
	got := make([]float32, len(all)+1)
	if !poolF16Widen(got[:len(all)-3], all[:len(all)-3]) { // odd length: a masked tail
		t.Skip("no vector f16 conversion on this build")
	}
	poolF16Widen(got[len(all)-3:], all[len(all)-3:])
	want := make([]float32, len(all))
	F16ToF32(want, poolAs[float16.Float16](all))
	for i := range all {
		if want[i] != want[i] {
			require.True(t, got[i] != got[i], "widen %#04x: %v", i, got[i])
			continue
		}
		require.Equal(t, math.Float32bits(want[i]), math.Float32bits(got[i]), "widen %#04x", i)
	}
	r := rand.New(rand.NewPCG(5, 5))
	var in []float32
	for _, w := range want {
		if w != w {
			continue
		}
		b := math.Float32bits(w)
		in = append(in, w, math.Float32frombits(b+1), math.Float32frombits(b-1),
			math.Float32frombits(b+0x1000), math.Float32frombits(b+uint32(r.IntN(1<<13))))
	}
	in = append(in, math.MaxFloat32, -math.MaxFloat32, 65520, -65520, 65519.99, 1e-8, -1e-8, 3e-8)
	in = slices.DeleteFunc(in, func(f float32) bool { return f != f })
	gotH := make([]uint16, len(in))
	require.True(t, poolF16Narrow(gotH, in))
	wantH := make([]float16.Float16, len(in))
	F32ToF16(wantH, in)
	for i := range in {
		require.Equal(t, uint16(wantH[i]), gotH[i], "narrow %v (%#08x)", in[i], math.Float32bits(in[i]))
	}
}

// TestPoolHalfAvg checks the per-block widened f16/bf16 AvgPool against the
// per-tensor path it replaces (the tensor widened to float32, the float32
// fast kernel, narrowed back), bit for bit, NaN, ±Inf and ±0 included.
func TestPoolHalfAvg(t *testing.T) {
	r := rand.New(rand.NewPCG(22, 5))
	pool := []*Workers{nil, NewWorkers(1), NewWorkers(2), NewWorkers(3)}
	defer func() {
		for _, w := range pool {
			w.Close()
		}
	}()
	iters := 150
	if testing.Short() || raceEnabled {
		iters = 20
	}
	ctx := context.Background()
	for it := 0; it < iters; it++ {
		g := randWindow(r, it%6 == 5)
		g.Dilations = nil
		if it%3 == 0 {
			g = poolTabWindow(r) // narrow rows, deep windows
			g.Dilations = nil
		}
		p, err := g.plan()
		if err != nil {
			continue // a geometry valid only with its dilations
		}
		nin, nout := p.inLen(), p.outLen()
		for _, bf := range []bool{false, true} {
			bits := poolHalfBits(r, nin, bf)
			s32 := make([]float32, nin)
			if bf {
				BF16ToF32(s32, bits)
			} else {
				F16ToF32(s32, poolAs[float16.Float16](bits))
			}
			for _, excl := range []bool{false, true} {
				want32 := make([]float32, nout)
				require.NoError(t, AvgPool(nil, g, s32, want32, excl))
				want := make([]uint16, nout)
				if bf {
					F32ToBF16(want, want32)
				} else {
					F32ToF16(poolAs[float16.Float16](want), want32)
				}
				for _, w := range pool {
					got := make([]uint16, nout)
					if bf {
						require.NoError(t, AvgPoolBF16Context(ctx, w, g, bits, got, excl))
					} else {
						require.NoError(t, AvgPoolF16Context(ctx, w, g, poolAs[float16.Float16](bits), poolAs[float16.Float16](got), excl))
					}
					require.Equal(t, want, got, "%+v bf16 %v excl %v threads %d", g, bf, excl, w.Threads())
				}
			}
		}
	}
}
