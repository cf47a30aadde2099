package kernels

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// convGemmCases is the conformance table of the fast convolution: strides, dilations,
// pads (also negative), groups, 1×1, 3×3, 7×7, odd sizes, batch > 1, 1-D and 3-D, K
// above one K block, output channels and pixels that are not whole panels.
var convGemmCases = []struct {
	name string
	g    ConvGeom
}{
	{"1x1_s1", ConvGeom{N: 1, Groups: 1, InC: 16, OutC: 24, In: []int{9, 11}, Out: []int{9, 11}, Kernel: []int{1, 1}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{0, 0}}},
	{"1x1_s1_big", ConvGeom{N: 1, Groups: 1, InC: 300, OutC: 17, In: []int{8, 8}, Out: []int{8, 8}, Kernel: []int{1, 1}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{0, 0}}},
	{"1x1_s2", ConvGeom{N: 2, Groups: 1, InC: 8, OutC: 9, In: []int{10, 7}, Out: []int{5, 4}, Kernel: []int{1, 1}, Strides: []int{2, 2}, Dilations: []int{1, 1}, PadsBegin: []int{0, 0}}},
	{"3x3_p1", ConvGeom{N: 1, Groups: 1, InC: 5, OutC: 8, In: []int{13, 17}, Out: []int{13, 17}, Kernel: []int{3, 3}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{1, 1}}},
	{"3x3_p1_k288", ConvGeom{N: 1, Groups: 1, InC: 32, OutC: 40, In: []int{12, 12}, Out: []int{12, 12}, Kernel: []int{3, 3}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{1, 1}}},
	{"3x3_s2_p0", ConvGeom{N: 3, Groups: 1, InC: 3, OutC: 7, In: []int{15, 16}, Out: []int{7, 7}, Kernel: []int{3, 3}, Strides: []int{2, 2}, Dilations: []int{1, 1}, PadsBegin: []int{0, 0}}},
	{"3x3_dil2", ConvGeom{N: 1, Groups: 1, InC: 4, OutC: 6, In: []int{11, 12}, Out: []int{11, 12}, Kernel: []int{3, 3}, Strides: []int{1, 1}, Dilations: []int{2, 2}, PadsBegin: []int{2, 2}}},
	{"7x7_s2_stem", ConvGeom{N: 1, Groups: 1, InC: 3, OutC: 16, In: []int{31, 29}, Out: []int{16, 15}, Kernel: []int{7, 7}, Strides: []int{2, 2}, Dilations: []int{1, 1}, PadsBegin: []int{3, 3}}},
	{"5x3_mixed", ConvGeom{N: 1, Groups: 1, InC: 6, OutC: 5, In: []int{14, 9}, Out: []int{4, 7}, Kernel: []int{5, 3}, Strides: []int{3, 1}, Dilations: []int{1, 2}, PadsBegin: []int{1, 0}}},
	{"neg_pad", ConvGeom{N: 1, Groups: 1, InC: 2, OutC: 3, In: []int{10, 10}, Out: []int{6, 6}, Kernel: []int{3, 3}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{-1, -1}}},
	{"group4", ConvGeom{N: 2, Groups: 4, InC: 3, OutC: 5, In: []int{9, 10}, Out: []int{9, 10}, Kernel: []int{3, 3}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{1, 1}}},
	{"group2_1x1", ConvGeom{N: 1, Groups: 2, InC: 12, OutC: 10, In: []int{7, 7}, Out: []int{7, 7}, Kernel: []int{1, 1}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{0, 0}}},
	{"conv1d", ConvGeom{N: 2, Groups: 1, InC: 7, OutC: 11, In: []int{50}, Out: []int{24}, Kernel: []int{4}, Strides: []int{2}, Dilations: []int{1}, PadsBegin: []int{1}}},
	{"conv3d", ConvGeom{N: 1, Groups: 1, InC: 3, OutC: 9, In: []int{5, 6, 7}, Out: []int{5, 6, 7}, Kernel: []int{3, 3, 3}, Strides: []int{1, 1, 1}, Dilations: []int{1, 1, 1}, PadsBegin: []int{1, 1, 1}}},
	{"big_64x56", ConvGeom{N: 1, Groups: 1, InC: 16, OutC: 64, In: []int{56, 56}, Out: []int{56, 56}, Kernel: []int{3, 3}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{1, 1}}},
	{"few_pixels_many_oc", ConvGeom{N: 1, Groups: 1, InC: 64, OutC: 200, In: []int{3, 3}, Out: []int{3, 3}, Kernel: []int{3, 3}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{1, 1}}},
	{"conv3d_s2", ConvGeom{N: 2, Groups: 1, InC: 4, OutC: 5, In: []int{7, 8, 9}, Out: []int{3, 4, 4}, Kernel: []int{3, 2, 3}, Strides: []int{2, 2, 2}, Dilations: []int{1, 2, 1}, PadsBegin: []int{0, 1, 0}}},
	{"patch_s4", ConvGeom{N: 1, Groups: 1, InC: 3, OutC: 12, In: []int{16, 16}, Out: []int{4, 4}, Kernel: []int{4, 4}, Strides: []int{4, 4}, Dilations: []int{1, 1}, PadsBegin: []int{0, 0}}},
	{"huge_pad_1x1", ConvGeom{N: 1, Groups: 1, InC: 2, OutC: 3, In: []int{2, 2}, Out: []int{302, 302}, Kernel: []int{1, 1}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{150, 150}}},
	{"kernel_past_input", ConvGeom{N: 1, Groups: 1, InC: 2, OutC: 2, In: []int{3, 3}, Out: []int{5, 5}, Kernel: []int{3, 3}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{2, 2}}},
	// round 5: stride-2 phase fills, tiny K, wide rows
	{"1x1_s2_pad1", ConvGeom{N: 1, Groups: 1, InC: 5, OutC: 9, In: []int{11, 13}, Out: []int{6, 7}, Kernel: []int{1, 1}, Strides: []int{2, 2}, Dilations: []int{1, 1}, PadsBegin: []int{1, 1}}},
	{"1x1_s2_wide", ConvGeom{N: 1, Groups: 1, InC: 20, OutC: 16, In: []int{75, 75}, Out: []int{38, 38}, Kernel: []int{1, 1}, Strides: []int{2, 2}, Dilations: []int{1, 1}, PadsBegin: []int{0, 0}}},
	{"3x3_s2_d2", ConvGeom{N: 1, Groups: 1, InC: 3, OutC: 8, In: []int{20, 21}, Out: []int{10, 11}, Kernel: []int{3, 3}, Strides: []int{2, 2}, Dilations: []int{2, 2}, PadsBegin: []int{2, 2}}},
	{"3x3_s2_p1_wide", ConvGeom{N: 1, Groups: 1, InC: 5, OutC: 17, In: []int{40, 45}, Out: []int{20, 23}, Kernel: []int{3, 3}, Strides: []int{2, 2}, Dilations: []int{1, 1}, PadsBegin: []int{1, 1}}},
	{"3x3_s2_p01", ConvGeom{N: 2, Groups: 1, InC: 4, OutC: 6, In: []int{17, 36}, Out: []int{8, 18}, Kernel: []int{3, 3}, Strides: []int{2, 2}, Dilations: []int{1, 1}, PadsBegin: []int{0, 1}}},
	{"5x5_s2_p2", ConvGeom{N: 1, Groups: 1, InC: 3, OutC: 33, In: []int{33, 35}, Out: []int{17, 18}, Kernel: []int{5, 5}, Strides: []int{2, 2}, Dilations: []int{1, 1}, PadsBegin: []int{2, 2}}},
	{"1x1_s3", ConvGeom{N: 1, Groups: 1, InC: 4, OutC: 5, In: []int{20, 20}, Out: []int{7, 7}, Kernel: []int{1, 1}, Strides: []int{3, 3}, Dilations: []int{1, 1}, PadsBegin: []int{0, 0}}},
	{"tiny_k1", ConvGeom{N: 1, Groups: 1, InC: 1, OutC: 3, In: []int{40, 41}, Out: []int{40, 41}, Kernel: []int{1, 1}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{0, 0}}},
	{"k8_1x1_many_oc", ConvGeom{N: 1, Groups: 1, InC: 8, OutC: 70, In: []int{75, 75}, Out: []int{75, 75}, Kernel: []int{1, 1}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{0, 0}}},
	{"3x3_384to36_19", ConvGeom{N: 1, Groups: 1, InC: 64, OutC: 36, In: []int{19, 19}, Out: []int{19, 19}, Kernel: []int{3, 3}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{1, 1}}},
	{"group3_s2", ConvGeom{N: 1, Groups: 3, InC: 4, OutC: 8, In: []int{21, 22}, Out: []int{11, 11}, Kernel: []int{3, 3}, Strides: []int{2, 2}, Dilations: []int{1, 1}, PadsBegin: []int{1, 1}}},
	// one or two output channels: the one-row kernel (cgRowMax)
	{"oc1_3x3_wide", ConvGeom{N: 1, Groups: 1, InC: 4, OutC: 1, In: []int{37, 170}, Out: []int{37, 170}, Kernel: []int{3, 3}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{1, 1}}},
	{"oc2_group2_s2", ConvGeom{N: 2, Groups: 2, InC: 3, OutC: 2, In: []int{21, 30}, Out: []int{11, 15}, Kernel: []int{3, 3}, Strides: []int{2, 2}, Dilations: []int{1, 1}, PadsBegin: []int{1, 1}}},
	{"oc1_k360", ConvGeom{N: 1, Groups: 1, InC: 40, OutC: 1, In: []int{9, 40}, Out: []int{9, 40}, Kernel: []int{3, 3}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{1, 1}}},
	{"oc2_5x5_dil2", ConvGeom{N: 1, Groups: 1, InC: 3, OutC: 2, In: []int{30, 29}, Out: []int{26, 25}, Kernel: []int{5, 3}, Strides: []int{1, 1}, Dilations: []int{1, 2}, PadsBegin: []int{2, 0}}},
	// round 8: inputs large enough for the padded planes' copy in bands of rows (thrFill)
	{"thr_3x3_band", ConvGeom{N: 1, Groups: 1, InC: 40, OutC: 24, In: []int{24, 94}, Out: []int{24, 94}, Kernel: []int{3, 3}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{1, 1}}},
	{"thr_1x3_band", ConvGeom{N: 1, Groups: 1, InC: 32, OutC: 20, In: []int{22, 50}, Out: []int{22, 50}, Kernel: []int{1, 3}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{0, 1}}},
	{"thr_3x1_band", ConvGeom{N: 1, Groups: 1, InC: 32, OutC: 20, In: []int{22, 50}, Out: []int{22, 50}, Kernel: []int{3, 1}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{1, 0}}},
	{"thr_3x3_s2_band", ConvGeom{N: 1, Groups: 1, InC: 24, OutC: 16, In: []int{40, 41}, Out: []int{20, 21}, Kernel: []int{3, 3}, Strides: []int{2, 2}, Dilations: []int{1, 1}, PadsBegin: []int{1, 1}}},
	{"thr_n2_g2_band", ConvGeom{N: 2, Groups: 2, InC: 8, OutC: 8, In: []int{30, 40}, Out: []int{30, 40}, Kernel: []int{3, 3}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{1, 1}}},
	{"thr_conv3d_band", ConvGeom{N: 1, Groups: 1, InC: 20, OutC: 8, In: []int{6, 16, 20}, Out: []int{6, 16, 20}, Kernel: []int{3, 3, 3}, Strides: []int{1, 1, 1}, Dilations: []int{1, 1, 1}, PadsBegin: []int{1, 1, 1}}},
}

func absSlice(s []float32) []float32 {
	o := make([]float32, len(s))
	for i, v := range s {
		o[i] = float32(math.Abs(float64(v)))
	}
	return o
}

// TestConvGemmConformance runs the conformance table through every micro-kernel family
// at 1, 2 and 3 threads against ConvReference.
func TestConvGemmConformance(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	ctx := context.Background()
	for _, tc := range convGemmCases {
		ls, lf, lo := tc.g.ConvLens()
		require.NotZero(t, lo, tc.name)
		src, filt := gemmRandSlice(r, ls), gemmRandSlice(r, lf)
		want := make([]float32, lo)
		require.NoError(t, ConvReference(tc.g, src, filt, want))
		scale := make([]float32, lo)
		require.NoError(t, ConvReference(tc.g, absSlice(src), absSlice(filt), scale))
		k := tc.g.InC
		for _, v := range tc.g.Kernel {
			k *= v
		}
		tol := float64(k+4) * 0x1p-23
		for _, arch := range GemmArchs() {
			for _, cfg := range []struct {
				threads int
				padded  bool
			}{{1, true}, {2, true}, {3, true}, {1, false}, {2, false}} {
				threads := cfg.threads
				name := fmt.Sprintf("%s/%s/t%d/padded=%v", tc.name, arch, threads, cfg.padded)
				w := NewWorkers(threads)
				c, err := newConvGemm(tc.g, arch, threads, cfg.padded)
				require.NoError(t, err, name)
				require.NoError(t, c.PackFilters(filt), name)
				got := gemmRandSlice(r, lo) // stale data must be overwritten
				require.NoError(t, c.Run(ctx, w, src, got), name)
				gemmClose(t, want, got, scale, tol, name)
				// a second run reuses the plan
				clear(got)
				require.NoError(t, c.Run(ctx, w, src, got), name)
				gemmClose(t, want, got, scale, tol, name+" rerun")
				w.Close()
			}
		}
	}
}

func TestConvGemmErrors(t *testing.T) {
	g := convGemmCases[0].g
	c, err := NewConvGemm(g, GemmAuto, 1)
	require.NoError(t, err)
	ls, lf, lo := g.ConvLens()
	require.Error(t, c.Run(context.Background(), nil, make([]float32, ls), make([]float32, lo)), "filters not packed")
	require.Error(t, c.PackFilters(make([]float32, lf-1)))
	require.NoError(t, c.PackFilters(make([]float32, lf)))
	require.Error(t, c.Run(context.Background(), nil, make([]float32, ls+1), make([]float32, lo)))
	require.Error(t, c.Run(context.Background(), nil, make([]float32, ls), make([]float32, lo-1)))
	bad := g
	bad.Strides = []int{0, 1}
	_, err = NewConvGemm(bad, GemmAuto, 1)
	require.Error(t, err)
}

// TestGemmZeroAllocs: steady-state runs of the fast convolution and MatMul allocate
// nothing, on one thread and on a pool.
func TestGemmZeroAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	ctx := context.Background()
	r := rand.New(rand.NewPCG(9, 9))
	for _, threads := range []int{1, 2} {
		w := NewWorkers(threads)
		for _, tc := range []ConvGeom{convGemmCases[14].g, convGemmCases[7].g, convGemmCases[0].g} {
			ls, lf, lo := tc.ConvLens()
			c, err := NewConvGemm(tc, GemmAuto, threads)
			require.NoError(t, err)
			require.NoError(t, c.PackFilters(gemmRandSlice(r, lf)))
			src, dst := gemmRandSlice(r, ls), make([]float32, lo)
			require.NoError(t, c.Run(ctx, w, src, dst)) // warm the workers' scratch
			allocs := testing.AllocsPerRun(20, func() { _ = c.Run(ctx, w, src, dst) })
			require.Zero(t, allocs, "conv t%d", threads)
		}
		g := MatMulGeom{M: 64, K: 300, N: 128, Batch: []int{}, ABatch: []int{}, BBatch: []int{}}
		m, err := NewMatMulGemm(g, GemmAuto, threads)
		require.NoError(t, err)
		a, b, dst := gemmRandSlice(r, 64*300), gemmRandSlice(r, 300*128), make([]float32, 64*128)
		require.NoError(t, m.Run(ctx, w, a, b, dst))
		allocs := testing.AllocsPerRun(20, func() { _ = m.Run(ctx, w, a, b, dst) })
		require.Zero(t, allocs, "matmul t%d", threads)
		w.Close()
	}
}

// TestConvGemmRowOffMatchesTiles requires the one-row kernel of convolutions with one or
// two output channels to give the 8×32 offset tile's sums bit for bit (same order per
// element), with one and several K blocks.
func TestConvGemmRowOffMatchesTiles(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	ctx := context.Background()
	for _, tc := range convGemmCases {
		if tc.g.OutC > cgRowMax {
			continue
		}
		ls, lf, lo := tc.g.ConvLens()
		src, filt := gemmRandSlice(r, ls), gemmRandSlice(r, lf)
		for _, arch := range GemmArchs() {
			for _, threads := range []int{1, 2} {
				name := fmt.Sprintf("%s/%s/t%d", tc.name, arch, threads)
				w := NewWorkers(threads)
				rows, err := newConvGemm(tc.g, arch, threads, true)
				require.NoError(t, err, name)
				require.NoError(t, rows.PackFilters(filt), name)
				tiles, err := newConvGemm(tc.g, arch, threads, true)
				require.NoError(t, err, name)
				require.NoError(t, tiles.PackFilters(filt), name)
				tiles.rowOff = nil
				want, got := make([]float32, lo), make([]float32, lo)
				require.NoError(t, tiles.Run(ctx, w, src, want), name)
				require.NoError(t, rows.Run(ctx, w, src, got), name)
				require.Equal(t, want, got, name)
				w.Close()
			}
		}
	}
}
