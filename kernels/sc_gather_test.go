package kernels

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/x448/float16"
)

// scComputing is the plan that runs c's products: the gathered convolution of a
// strided 1×1 (gather mode), else c.
func scComputing(c *ConvGemm) *ConvGemm {
	if c.sc != nil {
		return c.sc
	}
	return c
}

// scGatherCases are strided 1×1 convolutions without padding: stride 2, 3 and mixed,
// odd input sizes (the last row or column short of a full stride), batches and
// groups, 1-D and 3-D, rows of 16+ columns (the vector deinterleave) and large enough
// for the parallel gather; plus geometries that must not gather (padding, a pixel
// past the input).
var scGatherCases = []struct {
	name   string
	g      ConvGeom
	gather bool
}{
	{"s2_even", scConv2D(16, 24, 18, 18, 9, 9, 1, 2, 0), true},
	{"s2_odd", scConv2D(8, 9, 9, 11, 5, 6, 1, 2, 0), true},
	{"s2_wide_odd", scConv2D(6, 40, 13, 75, 7, 38, 1, 2, 0), true},
	{"s2_wide_even", scConv2D(20, 16, 20, 64, 10, 32, 1, 2, 0), true},
	{"s3", scConv2D(4, 5, 20, 20, 7, 7, 1, 3, 0), true},
	{"s12_mixed", ConvGeom{N: 2, Groups: 1, InC: 7, OutC: 33, In: []int{9, 10}, Out: []int{9, 5}, Kernel: []int{1, 1}, Strides: []int{1, 2}, Dilations: []int{1, 1}, PadsBegin: []int{0, 0}}, true},
	{"group2_n2", ConvGeom{N: 2, Groups: 2, InC: 6, OutC: 10, In: []int{11, 12}, Out: []int{6, 6}, Kernel: []int{1, 1}, Strides: []int{2, 2}, Dilations: []int{3, 3}, PadsBegin: []int{0, 0}}, true},
	{"1d_s4", ConvGeom{N: 1, Groups: 1, InC: 9, OutC: 12, In: []int{50}, Out: []int{13}, Kernel: []int{1}, Strides: []int{4}, Dilations: []int{1}, PadsBegin: []int{0}}, true},
	{"3d_s2", ConvGeom{N: 1, Groups: 1, InC: 5, OutC: 8, In: []int{5, 7, 8}, Out: []int{3, 4, 4}, Kernel: []int{1, 1, 1}, Strides: []int{2, 2, 2}, Dilations: []int{1, 1, 1}, PadsBegin: []int{0, 0, 0}}, true},
	{"va_64to128_18", scConv2D(64, 128, 18, 18, 9, 9, 1, 2, 0), true},
	{"pa_64to24_20x10", scConv2D(64, 24, 20, 10, 10, 5, 1, 2, 0), true},
	{"par_128to16_75", scConv2D(128, 16, 75, 75, 38, 38, 1, 2, 0), true},
	{"no_pad1", scConv2D(5, 9, 11, 13, 6, 7, 1, 2, 1), false},
	{"no_past_input", scConv2D(3, 4, 10, 10, 6, 6, 1, 2, 0), false},
	{"no_stride1", scConv2D(3, 4, 10, 10, 10, 10, 1, 1, 0), false},
}

// TestScGatherConv runs the strided 1×1 convolutions in gather mode against
// ConvReference (the tolerance of the conformance test) and against the padded
// stride-phase path they replace, which must agree bit for bit (the same products
// summed in the same order), f32 and f16 (RunEpiF16), with an epilogue, 1–3 threads,
// every micro-kernel family and both small-N choices.
func TestScGatherConv(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 7))
	ctx := context.Background()
	for _, tc := range scGatherCases {
		ls, lf, lo := tc.g.ConvLens()
		src16, src := backF16Data(r, ls)
		filt := gemmRandSlice(r, lf)
		want, scale := make([]float32, lo), make([]float32, lo)
		require.NoError(t, ConvReference(tc.g, src, filt, want), tc.name)
		require.NoError(t, ConvReference(tc.g, absSlice(src), absSlice(filt), scale), tc.name)
		ch := tc.g.Groups * tc.g.OutC
		epi := &Epilogue{Steps: []EpiStep{{Kind: EpiAddChan, Vec: gemmRandSlice(r, ch)}, {Kind: EpiAddTensor}, {Kind: EpiRelu}}}
		res := [][]float32{gemmRandSlice(r, lo)}
		for _, arch := range GemmArchs() {
			for _, threads := range []int{1, 2, 3} {
				for _, mode := range []smallnMode{0, -1, 1} {
					name := fmt.Sprintf("%s/%s/t%d/mode%d", tc.name, arch, threads, mode)
					w := NewWorkers(threads)
					c, err := newConvGemmOpts(tc.g, arch, threads, true, mode, scOpts{})
					require.NoError(t, err, name)
					require.Equal(t, tc.gather, c.sc != nil, name)
					old, err := newConvGemmOpts(tc.g, arch, threads, true, mode, scOpts{noGather: true})
					require.NoError(t, err, name)
					require.Nil(t, old.sc, name)
					require.NoError(t, c.PackFilters(filt), name)
					require.NoError(t, old.PackFilters(filt), name)
					got, ref := gemmRandSlice(r, lo), gemmRandSlice(r, lo)
					require.NoError(t, c.Run(ctx, w, src, got), name)
					require.NoError(t, old.Run(ctx, w, src, ref), name)
					gemmClose(t, want, got, scale, float64(tc.g.InC+4)*0x1p-23, name)
					require.Equal(t, ref, got, name+" vs padded")
					// fused epilogue, f32 and f16
					require.NoError(t, c.SetEpilogue(epi), name)
					require.NoError(t, old.SetEpilogue(epi), name)
					require.NoError(t, c.RunEpi(ctx, w, src, got, res), name)
					require.NoError(t, old.RunEpi(ctx, w, src, ref, res), name)
					require.Equal(t, ref, got, name+" epi vs padded")
					got16, ref16 := make([]float16.Float16, lo), make([]float16.Float16, lo)
					for i := range got16 {
						got16[i] = 0x7e00 // stale NaNs must be overwritten
					}
					require.NoError(t, c.RunEpiF16(ctx, w, src16, gemmRandSlice(r, ls), got16, gemmRandSlice(r, lo), res), name)
					require.NoError(t, old.RunEpiF16(ctx, w, src16, gemmRandSlice(r, ls), ref16, gemmRandSlice(r, lo), res), name)
					require.Equal(t, ref16, got16, name+" f16 vs padded")
					w.Close()
				}
			}
		}
	}
}

// TestScGatherZeroAllocs: a gathering convolution allocates nothing per run.
func TestScGatherZeroAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	ctx := context.Background()
	r := rand.New(rand.NewPCG(2, 2))
	for _, threads := range []int{1, 2} {
		w := NewWorkers(threads)
		for _, g := range []ConvGeom{scGatherCases[0].g, scGatherCases[11].g} {
			ls, lf, lo := g.ConvLens()
			c, err := NewConvGemm(g, GemmAuto, threads)
			require.NoError(t, err)
			require.NotNil(t, c.sc)
			require.NoError(t, c.PackFilters(gemmRandSlice(r, lf)))
			src16, _ := backF16Data(r, ls)
			src32, dst32, dst16 := make([]float32, ls), make([]float32, lo), make([]float16.Float16, lo)
			require.NoError(t, c.RunEpiF16(ctx, w, src16, src32, dst16, dst32, nil))
			allocs := testing.AllocsPerRun(20, func() { _ = c.RunEpiF16(ctx, w, src16, src32, dst16, dst32, nil) })
			require.Zero(t, allocs, "t%d", threads)
			src := gemmRandSlice(r, ls)
			require.NoError(t, c.Run(ctx, w, src, dst32))
			allocs = testing.AllocsPerRun(20, func() { _ = c.Run(ctx, w, src, dst32) })
			require.Zero(t, allocs, "t%d f32", threads)
		}
		w.Close()
	}
}

// TestScSharePads: padded rows sharing one pad between neighbours give exactly the
// results of the rows with both pads (every tap reads the same value), on the
// conformance table and the small-plane model shapes, f32 and f16, 8×32 tiles and
// small-N tiles, 1–2 threads; and the pitch does narrow where both pads are positive.
func TestScSharePads(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 4))
	ctx := context.Background()
	type tcase struct {
		name string
		g    ConvGeom
	}
	var cases []tcase
	for _, tc := range convGemmCases {
		cases = append(cases, tcase{tc.name, tc.g})
	}
	for _, tc := range scBenchConvs[:18] {
		cases = append(cases, tcase{tc.name, tc.g})
	}
	narrowed := 0
	for _, tc := range cases {
		ls, lf, lo := tc.g.ConvLens()
		src16, src := backF16Data(r, ls)
		filt := gemmRandSlice(r, lf)
		for _, arch := range GemmArchs() {
			for _, threads := range []int{1, 2} {
				for _, mode := range []smallnMode{-1, 1} {
					name := fmt.Sprintf("%s/%s/t%d/mode%d", tc.name, arch, threads, mode)
					w := NewWorkers(threads)
					c, err := newConvGemmOpts(tc.g, arch, threads, true, mode, scOpts{})
					require.NoError(t, err, name)
					old, err := newConvGemmOpts(tc.g, arch, threads, true, mode, scOpts{noShare: true})
					require.NoError(t, err, name)
					if c.padded && c.inP[2] < old.inP[2] {
						narrowed++
						require.Less(t, c.nq, old.nq, name)
					}
					require.NoError(t, c.PackFilters(filt), name)
					require.NoError(t, old.PackFilters(filt), name)
					got, ref := gemmRandSlice(r, lo), gemmRandSlice(r, lo)
					require.NoError(t, c.Run(ctx, w, src, got), name)
					require.NoError(t, old.Run(ctx, w, src, ref), name)
					require.Equal(t, ref, got, name)
					got16, ref16 := make([]float16.Float16, lo), make([]float16.Float16, lo)
					require.NoError(t, c.RunEpiF16(ctx, w, src16, gemmRandSlice(r, ls), got16, gemmRandSlice(r, lo), nil), name)
					require.NoError(t, old.RunEpiF16(ctx, w, src16, gemmRandSlice(r, ls), ref16, gemmRandSlice(r, lo), nil), name)
					require.Equal(t, ref16, got16, name+" f16")
					w.Close()
				}
			}
		}
	}
	require.Greater(t, narrowed, 20)
}
