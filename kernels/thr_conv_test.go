package kernels

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/x448/float16"
)

// TestThrConvF16DirectParallel: a direct 1×1 convolution large enough to run in
// parallel widens its f16 input per column chunk (thrWiden) when the input has at least
// twWidenMin elements, on the caller in one call below; the output is bit for bit
// that of RunEpi on the input widened whole, at 1 and 2 threads.
func TestThrConvF16DirectParallel(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 2))
	ctx := context.Background()
	for _, g := range []ConvGeom{
		{N: 2, Groups: 1, InC: 40, OutC: 36, In: []int{11, 29}, Out: []int{11, 29}, Kernel: []int{1, 1}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{0, 0}},
		{N: 1, Groups: 2, InC: 64, OutC: 24, In: []int{7, 93}, Out: []int{7, 93}, Kernel: []int{1, 1}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{0, 0}},
		// at least twWidenMin input elements: widened in parallel (the ones above in one call)
		{N: 1, Groups: 1, InC: 128, OutC: 40, In: []int{34, 31}, Out: []int{34, 31}, Kernel: []int{1, 1}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{0, 0}},
	} {
		ls, lf, lo := g.ConvLens()
		src16 := make([]float16.Float16, ls)
		for i := range src16 {
			src16[i] = float16.Fromfloat32(float32(r.NormFloat64()))
		}
		src := make([]float32, ls)
		GemmF16ToF32(src, src16)
		filt := gemmRandSlice(r, lf)
		for _, threads := range []int{1, 2} {
			w := NewWorkers(threads)
			c, err := NewConvGemm(g, GemmAuto, threads)
			require.NoError(t, err)
			require.True(t, c.direct)
			require.Equal(t, threads > 1, c.parallel)
			require.NoError(t, c.PackFilters(filt))
			want32 := make([]float32, lo)
			require.NoError(t, c.RunEpi(ctx, w, src, want32, nil))
			want := make([]float16.Float16, lo)
			GemmF32ToF16(want, want32)
			for rep := 0; rep < 3; rep++ {
				got := make([]float16.Float16, lo)
				src32, dst32 := gemmRandSlice(r, ls), gemmRandSlice(r, lo)
				require.NoError(t, c.RunEpiF16(ctx, w, src16, src32, got, dst32, nil))
				require.Equal(t, want, got)
				require.Equal(t, src, src32, "every input element widened")
			}
			w.Close()
		}
	}
}

// TestThrFillBands: the padded convolutions of the "thr_" conformance cases run their
// input copy in bands of rows at 2 threads (the conformance test checks their values),
// the bands of each plane cover its padded rows once in order, and the f16 path's
// output is bit for bit RunEpi's on the input widened whole.
func TestThrFillBands(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 13))
	ctx := context.Background()
	w := NewWorkers(2)
	defer w.Close()
	seen := 0
	for _, tc := range convGemmCases {
		if len(tc.name) < 4 || tc.name[:4] != "thr_" {
			continue
		}
		seen++
		c, err := NewConvGemm(tc.g, GemmAuto, 2)
		require.NoError(t, err, tc.name)
		ls, lf, lo := tc.g.ConvLens()
		require.True(t, c.padded && c.parallel && c.sn == nil && c.nChunks > 1 && ls >= 1<<15, tc.name)
		end := 0
		for nc := 0; nc < c.nChunks; nc++ {
			r0, r1 := c.thrFillRow(nc), c.thrFillRow(nc+1)
			require.Equal(t, end, r0, tc.name)
			require.LessOrEqual(t, r0, r1, tc.name)
			end = r1
		}
		require.Equal(t, c.inP[0]*c.inP[1], end, tc.name)
		if tc.g.N*tc.g.Groups == 1 { // the bands of the two workers
			end = 0
			for b := 0; b < 2; b++ {
				r0, r1 := c.thrBandRow(b, 2), c.thrBandRow(b+1, 2)
				require.Equal(t, end, r0, tc.name)
				require.Less(t, r0, r1, tc.name)
				end = r1
			}
			require.Equal(t, c.inP[0]*c.inP[1], end, tc.name)
		}

		src16 := make([]float16.Float16, ls)
		for i := range src16 {
			src16[i] = float16.Fromfloat32(float32(r.NormFloat64()))
		}
		src := make([]float32, ls)
		GemmF16ToF32(src, src16)
		require.NoError(t, c.PackFilters(gemmRandSlice(r, lf)), tc.name)
		want32 := make([]float32, lo)
		require.NoError(t, c.RunEpi(ctx, nil, src, want32, nil), tc.name) // serial copy
		want := make([]float16.Float16, lo)
		GemmF32ToF16(want, want32)
		got := make([]float16.Float16, lo)
		clear(c.pad) // a row the bands missed would keep the serial run's data
		require.NoError(t, c.RunEpiF16(ctx, w, src16, gemmRandSlice(r, ls), got, gemmRandSlice(r, lo), nil), tc.name)
		require.Equal(t, want, got, tc.name)
	}
	require.Equal(t, 6, seen)
}

// TestTwWidenSizes: a direct f16 ConvGemm's input widening gives every element's
// float32 value (x448/float16's conversion) below twWidenMin (one call on the caller)
// and at or above it (column chunks in parallel), on 1 and 2 threads.
func TestTwWidenSizes(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct{ ic, h, w int }{{64, 10, 5}, {128, 20, 10}, {128, 32, 32}, {96, 40, 40}} {
		for _, threads := range []int{1, 2} {
			g := ConvGeom{N: 1, Groups: 1, InC: tc.ic, OutC: 16, In: []int{tc.h, tc.w}, Out: []int{tc.h, tc.w},
				Kernel: []int{1, 1}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{0, 0}}
			c, err := NewConvGemm(g, GemmAuto, 2)
			require.NoError(t, err)
			w := NewWorkers(threads)
			n := tc.ic * tc.h * tc.w
			c.src16 = make([]float16.Float16, n)
			c.src = make([]float32, n)
			for i := range c.src16 {
				c.src16[i] = float16.Fromfloat32(float32(i%2049)/64 - 16)
				c.src[i] = float32(math.NaN())
			}
			require.NoError(t, c.thrWiden(ctx, w))
			for i, v := range c.src16 {
				require.Equal(t, v.Float32(), c.src[i], "%+v threads %d element %d", tc, threads, i)
			}
			w.Close()
		}
	}
}
