package kernels

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/x448/float16"
)

// backOut is the transposed convolution's output extent: (in−1)·s + (k−1)·d + 1 − pads + outPad.
func backOut(in, k, s, d, pads, outPad int) int { return (in-1)*s + (k-1)*d + 1 - pads + outPad }

// backGeom builds a transposed convolution's geometry; the output extent follows from the rest.
func backGeom(n, g, ic, oc int, in, k, s, d, pb, pe, op []int) ConvGeom {
	out := make([]int, len(in))
	for i := range in {
		out[i] = backOut(in[i], k[i], s[i], d[i], pb[i]+pe[i], op[i])
	}
	return ConvGeom{N: n, Groups: g, InC: ic, OutC: oc, In: in, Out: out, Kernel: k, Strides: s, Dilations: d, PadsBegin: pb}
}

func TestConvBackpropGemmConformance(t *testing.T) {
	cases := []struct {
		name string
		g    ConvGeom
	}{
		{"k3s3_sr", backGeom(1, 1, 36, 4, []int{9, 13}, []int{3, 3}, []int{3, 3}, []int{1, 1}, []int{0, 0}, []int{0, 0}, []int{0, 0})},
		{"k4s2p1", backGeom(2, 1, 8, 5, []int{7, 6}, []int{4, 4}, []int{2, 2}, []int{1, 1}, []int{1, 1}, []int{1, 1}, []int{0, 0})},
		{"k3s1p1", backGeom(1, 1, 20, 11, []int{8, 8}, []int{3, 3}, []int{1, 1}, []int{1, 1}, []int{1, 1}, []int{1, 1}, []int{0, 0})},
		{"k3s2_outpad_dil", backGeom(1, 1, 3, 6, []int{5, 6}, []int{3, 2}, []int{2, 3}, []int{2, 1}, []int{0, 1}, []int{1, 0}, []int{1, 2})},
		{"group3", backGeom(1, 3, 4, 2, []int{6, 5}, []int{2, 2}, []int{2, 2}, []int{1, 1}, []int{0, 0}, []int{0, 0}, []int{0, 0})},
		{"k1_bigK", backGeom(1, 1, 300, 3, []int{4, 4}, []int{1, 1}, []int{1, 1}, []int{1, 1}, []int{0, 0}, []int{0, 0}, []int{0, 0})},
		{"conv1d", backGeom(2, 1, 5, 7, []int{20}, []int{5}, []int{2}, []int{1}, []int{2}, []int{1}, []int{1})},
		{"conv3d", backGeom(1, 1, 3, 4, []int{3, 4, 5}, []int{2, 3, 2}, []int{2, 1, 2}, []int{1, 1, 1}, []int{0, 1, 0}, []int{0, 1, 0}, []int{0, 0, 0})},
		{"large_chunked", backGeom(1, 1, 4, 9, []int{300, 200}, []int{3, 3}, []int{2, 2}, []int{1, 1}, []int{1, 1}, []int{1, 1}, []int{1, 1})},
		{"tiled_chunked", backGeom(1, 1, 5, 4, []int{130, 400}, []int{3, 3}, []int{3, 3}, []int{1, 1}, []int{0, 0}, []int{0, 0}, []int{0, 0})},
		{"tiled_k2_batch_group", backGeom(2, 2, 3, 2, []int{7, 9}, []int{2, 2}, []int{2, 2}, []int{1, 1}, []int{0, 0}, []int{0, 0}, []int{0, 0})},
		{"tiled_k4x1_3d", backGeom(1, 1, 3, 2, []int{2, 3, 5}, []int{1, 4, 5}, []int{1, 4, 5}, []int{1, 1, 1}, []int{0, 0, 0}, []int{0, 0, 0}, []int{0, 0, 0})},
	}
	r := rand.New(rand.NewPCG(11, 12))
	ctx := context.Background()
	for _, tc := range cases {
		require.NoError(t, tc.g.Validate(), tc.name)
		ls, lf, lo := tc.g.ConvLens()
		src, filt := gemmRandSlice(r, ls), gemmRandSlice(r, lf)
		want, scale := make([]float32, lo), make([]float32, lo)
		require.NoError(t, ConvBackpropReference(tc.g, src, filt, want))
		require.NoError(t, ConvBackpropReference(tc.g, absSlice(src), absSlice(filt), scale))
		k := tc.g.InC
		for _, v := range tc.g.Kernel {
			k *= v
		}
		tol := float64(k+4) * 0x1p-23
		for _, arch := range GemmArchs() {
			for _, threads := range []int{1, 2, 3} {
				name := fmt.Sprintf("%s/%s/t%d", tc.name, arch, threads)
				w := NewWorkers(threads)
				c, err := NewConvBackpropGemm(tc.g, arch, threads)
				require.NoError(t, err, name)
				require.NoError(t, c.PackFilters(filt), name)
				for rep := 0; rep < 2; rep++ {
					got := gemmRandSlice(r, lo)
					require.NoError(t, c.Run(ctx, w, src, got), name)
					gemmClose(t, want, got, scale, tol, name)
				}
				w.Close()
			}
		}
	}
	c, err := NewConvBackpropGemm(cases[0].g, GemmAuto, 1)
	require.NoError(t, err)
	ls, lf, lo := cases[0].g.ConvLens()
	require.Error(t, c.Run(ctx, nil, make([]float32, ls), make([]float32, lo)))
	require.Error(t, c.PackFilters(make([]float32, lf+1)))
	require.NoError(t, c.PackFilters(make([]float32, lf)))
	require.Error(t, c.Run(ctx, nil, make([]float32, ls-1), make([]float32, lo)))
}

// backF16Data returns n random f16 values and their f32 widening.
func backF16Data(r *rand.Rand, n int) ([]float16.Float16, []float32) {
	x16 := make([]float16.Float16, n)
	for i := range x16 {
		x16[i] = float16.Fromfloat32(float32(r.NormFloat64()))
	}
	x32 := make([]float32, n)
	F16ToF32(x32, x16)
	return x16, x32
}

// TestConvBackpropGemmF16 requires RunF16 (widening and narrowing inside the parallel phases)
// to give, bit for bit, the f16 rounding of Run on the widened data, on tiled and overlapping
// geometries and any thread count.
func TestConvBackpropGemmF16(t *testing.T) {
	cases := []struct {
		name string
		g    ConvGeom
	}{
		{"tiled_sr", backGeom(1, 1, 36, 4, []int{40, 64}, []int{3, 3}, []int{3, 3}, []int{1, 1}, []int{0, 0}, []int{0, 0}, []int{0, 0})},
		{"tiled_chunked", backGeom(1, 1, 5, 4, []int{130, 400}, []int{3, 3}, []int{3, 3}, []int{1, 1}, []int{0, 0}, []int{0, 0}, []int{0, 0})},
		{"overlap_k4s2p1", backGeom(2, 1, 8, 5, []int{37, 46}, []int{4, 4}, []int{2, 2}, []int{1, 1}, []int{1, 1}, []int{1, 1}, []int{0, 0})},
		{"overlap_chunked", backGeom(1, 1, 4, 9, []int{300, 200}, []int{3, 3}, []int{2, 2}, []int{1, 1}, []int{1, 1}, []int{1, 1}, []int{1, 1})},
	}
	r := rand.New(rand.NewPCG(21, 22))
	ctx := context.Background()
	for _, tc := range cases {
		ls, lf, lo := tc.g.ConvLens()
		x16, x32 := backF16Data(r, ls)
		filt := gemmRandSlice(r, lf)
		for _, arch := range GemmArchs() {
			for _, threads := range []int{1, 2, 3} {
				name := fmt.Sprintf("%s/%s/t%d", tc.name, arch, threads)
				w := NewWorkers(threads)
				c, err := NewConvBackpropGemm(tc.g, arch, threads)
				require.NoError(t, err, name)
				require.NoError(t, c.PackFilters(filt), name)
				want32 := make([]float32, lo)
				require.NoError(t, c.Run(ctx, w, x32, want32), name)
				want := make([]float16.Float16, lo)
				F32ToF16(want, want32)
				got := make([]float16.Float16, lo)
				for i := range got {
					got[i] = float16.Fromfloat32(float32(i)) // stale output must be overwritten
				}
				src32, dst32 := gemmRandSlice(r, ls), gemmRandSlice(r, lo)
				require.NoError(t, c.RunF16(ctx, w, x16, got, src32, dst32, nil), name)
				require.Equal(t, want, got, name)
				require.Error(t, c.RunF16(ctx, w, x16, got[1:], src32, dst32[1:], nil), name)
				require.Error(t, c.RunF16(ctx, w, x16, got, src32[1:], dst32, nil), name)
				w.Close()
			}
		}
	}
}

// TestConvBackpropGemmEpilogue requires the fused epilogue (bias, residual, PRelu, Relu)
// to give, bit for bit, ApplyEpilogue over Run's output, in f32 and through RunF16, on tiled
// and overlapping geometries, with groups and any thread count.
func TestConvBackpropGemmEpilogue(t *testing.T) {
	cases := []struct {
		name string
		g    ConvGeom
	}{
		{"tiled_sr", backGeom(1, 1, 36, 4, []int{40, 64}, []int{3, 3}, []int{3, 3}, []int{1, 1}, []int{0, 0}, []int{0, 0}, []int{0, 0})},
		{"tiled_group_batch", backGeom(2, 3, 4, 2, []int{9, 11}, []int{2, 2}, []int{2, 2}, []int{1, 1}, []int{0, 0}, []int{0, 0}, []int{0, 0})},
		{"overlap_k4s2p1", backGeom(2, 1, 8, 5, []int{37, 46}, []int{4, 4}, []int{2, 2}, []int{1, 1}, []int{1, 1}, []int{1, 1}, []int{0, 0})},
		{"overlap_group", backGeom(1, 2, 3, 3, []int{20, 17}, []int{3, 3}, []int{2, 2}, []int{1, 1}, []int{1, 1}, []int{0, 0}, []int{1, 0})},
	}
	r := rand.New(rand.NewPCG(31, 32))
	ctx := context.Background()
	for _, tc := range cases {
		ls, lf, lo := tc.g.ConvLens()
		ch := tc.g.Groups * tc.g.OutC
		epi := &Epilogue{Steps: []EpiStep{
			{Kind: EpiAddChan, Vec: gemmRandSlice(r, ch)},
			{Kind: EpiAddTensor},
			{Kind: EpiPRelu, Vec: gemmRandSlice(r, ch)},
			{Kind: EpiMulChan, Vec: gemmRandSlice(r, 1)},
			{Kind: EpiRelu},
		}}
		x16, x32 := backF16Data(r, ls)
		filt := gemmRandSlice(r, lf)
		res := [][]float32{gemmRandSlice(r, lo)}
		rows := ch
		cols := lo / (tc.g.N * ch)
		for _, arch := range GemmArchs() {
			for _, threads := range []int{1, 2, 3} {
				name := fmt.Sprintf("%s/%s/t%d", tc.name, arch, threads)
				w := NewWorkers(threads)
				plain, err := NewConvBackpropGemm(tc.g, arch, threads)
				require.NoError(t, err, name)
				require.NoError(t, plain.PackFilters(filt), name)
				want := make([]float32, lo)
				require.NoError(t, plain.Run(ctx, w, x32, want), name)
				require.NoError(t, ApplyEpilogue(epi, want, rows, cols, true, res), name)

				c, err := NewConvBackpropGemm(tc.g, arch, threads)
				require.NoError(t, err, name)
				require.NoError(t, c.PackFilters(filt), name)
				require.NoError(t, c.SetEpilogue(epi), name)
				got := gemmRandSlice(r, lo)
				require.NoError(t, c.RunEpi(ctx, w, x32, got, res), name)
				require.Equal(t, want, got, name)
				require.Error(t, c.RunEpi(ctx, w, x32, got, nil), name)

				want16 := make([]float16.Float16, lo)
				F32ToF16(want16, want)
				got16 := make([]float16.Float16, lo)
				require.NoError(t, c.RunF16(ctx, w, x16, got16, gemmRandSlice(r, ls), gemmRandSlice(r, lo), res), name)
				require.Equal(t, want16, got16, name)
				w.Close()
			}
		}
	}
}
