package kernels

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/x448/float16"
)

// sm3Conv1x1 is a direct 1×1 convolution geometry.
func sm3Conv1x1(n, groups, ic, oc, h, w int) ConvGeom {
	return ConvGeom{N: n, Groups: groups, InC: ic, OutC: oc, In: []int{h, w}, Out: []int{h, w}, Kernel: []int{1, 1}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{0, 0}}
}

// TestSm3DirectF16: a direct 1×1 convolution on f16 data reads the data in place on
// the AVX-512 tiles (sm3Tile8x32h for full tiles, widened partial pixel panels and
// channel rows). The f16 output is bit for bit the f32 path's (RunEpi on the data
// widened whole, narrowed), and within f16 rounding of ConvReference, for full and
// partial pixel panels, channel counts that leave a partial 8-row panel, K over the
// tiles' K block, groups, batches, an epilogue with and without a residual, 1–3 threads.
func TestSm3DirectF16(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 7))
	ctx := context.Background()
	cases := []struct {
		name string
		g    ConvGeom
	}{
		{"full_panels", sm3Conv1x1(1, 1, 16, 16, 4, 16)},
		{"many_tiles", sm3Conv1x1(1, 1, 16, 40, 6, 20)},
		{"partial_panel", sm3Conv1x1(1, 1, 24, 32, 11, 9)},
		{"partial_rows", sm3Conv1x1(1, 1, 20, 13, 8, 12)},
		{"lpr_11x90", sm3Conv1x1(1, 1, 64, 24, 11, 90)},
		{"k_blocks", sm3Conv1x1(1, 1, 300, 16, 5, 13)},
		{"groups_batch", sm3Conv1x1(2, 2, 12, 20, 7, 11)},
		{"narrow_plane", sm3Conv1x1(1, 1, 8, 8, 3, 5)},
	}
	inPlace := 0
	for _, tc := range cases {
		ls, lf, lo := tc.g.ConvLens()
		src16, src := backF16Data(r, ls)
		_, filt := backF16Data(r, lf)
		ref := make([]float32, lo)
		require.NoError(t, ConvReference(tc.g, src, filt, ref), tc.name)
		res := gemmRandSlice(r, lo)
		for _, withRes := range []bool{false, true} {
			steps := []EpiStep{{Kind: EpiAddChan, Vec: gemmRandSlice(r, tc.g.Groups*tc.g.OutC)}}
			var rs [][]float32
			if withRes {
				steps = append(steps, EpiStep{Kind: EpiAddTensor})
				rs = [][]float32{res}
			}
			epi := &Epilogue{Steps: append(steps, EpiStep{Kind: EpiRelu})}
			for threads := 1; threads <= 3; threads++ {
				w := NewWorkers(threads)
				c, err := NewConvGemm(tc.g, GemmAuto, threads)
				require.NoError(t, err, tc.name)
				require.True(t, c.direct, tc.name)
				require.Equal(t, c.sn == nil && c.gk.arch == GemmAVX512 && c.mPan <= sm3InPlaceMax, c.sm3h, tc.name)
				if c.sm3h {
					inPlace++
				}
				require.NoError(t, c.PackFilters(filt), tc.name)
				require.NoError(t, c.SetEpilogue(epi), tc.name)
				want32 := make([]float32, lo)
				require.NoError(t, c.RunEpi(ctx, w, src, want32, rs), tc.name)
				want := make([]float16.Float16, lo)
				GemmF32ToF16(want, want32)
				got := make([]float16.Float16, lo)
				for i := range got {
					got[i] = 0x7e00 // stale NaNs must be overwritten
				}
				src32, dst32 := gemmRandSlice(r, ls), gemmRandSlice(r, lo)
				require.NoError(t, c.RunEpiF16(ctx, w, src16, src32, got, dst32, rs), tc.name)
				require.Equal(t, want, got, "%s res=%v threads=%d", tc.name, withRes, threads)
				// independent check of the values: the reference convolution, the
				// epilogue by hand, f16 rounding
				k := tc.g.InC
				for i, v := range got {
					ch := i / (lo / tc.g.N / (tc.g.Groups * tc.g.OutC)) % (tc.g.Groups * tc.g.OutC)
					e := ref[i] + steps[0].Vec[ch]
					if withRes {
						e += res[i]
					}
					e = max(e, 0)
					tol := 1e-3*float64(k)*0.05 + 1e-3*math.Abs(float64(e))
					require.InDelta(t, e, v.Float32(), tol, "%s i=%d", tc.name, i)
				}
				w.Close()
			}
		}
	}
	if smallnHasAsm() {
		require.Positive(t, inPlace, "no case read the f16 data in place")
	}
}

// TestSm3PackRows: the partial panel widening writes the widened values and zeros
// past cols, nothing else.
func TestSm3PackRows(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	for _, cols := range []int{1, 7, 16, 31} {
		const nr, kc, lds = 32, 5, 40
		src16, src := backF16Data(r, kc*lds)
		dst := gemmRandSlice(r, kc*nr+3)
		want := append([]float32(nil), dst...)
		for k := 0; k < kc; k++ {
			for j := 0; j < nr; j++ {
				want[k*nr+j] = 0
				if j < cols {
					want[k*nr+j] = src[k*lds+j]
				}
			}
		}
		sm3PackRows(dst, nr, src16, lds, kc, cols)
		require.Equal(t, want, dst, "cols=%d", cols)
	}
}
