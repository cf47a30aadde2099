//go:build amd64 && !purego

package kernels

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkSmallnMatVec: issue 13's matrix-vector target, a 1×2048·2048×1000 MatMul
// with constant weights, on the tile path's row kernel (K blocked by 256, f32 panels),
// the small-N path with f32 panels and with f16 panels (f16-exact weights), against a
// streaming read of the same weights (8 MB f32, 4 MB f16; "stream" reports GB/s).
func BenchmarkSmallnMatVec(b *testing.B) {
	if !smallnHasAsm() {
		b.Skip("no AVX-512")
	}
	r := rand.New(rand.NewPCG(1, 1))
	ctx := context.Background()
	g := MatMulGeom{M: 1, K: 2048, N: 1000, TransB: true, Batch: []int{}, ABatch: []int{}, BBatch: []int{}}
	la, lb, lo, _ := g.lens()
	a, dst := gemmRandSlice(r, la), make([]float32, lo)
	b32, b16 := gemmRandSlice(r, lb), smallnF16Slice(r, lb)
	for _, threads := range []int{1, 2} {
		for _, v := range []struct {
			name string
			mode smallnMode
			w    []float32
		}{{"tile_f32", -1, b32}, {"smalln_f32", 0, b32}, {"smalln_f16", 0, b16}} {
			b.Run(fmt.Sprintf("%s/t%d", v.name, threads), func(b *testing.B) {
				w := NewWorkers(threads)
				defer w.Close()
				m, err := newMatMulGemmMode(g, GemmAVX512, threads, v.mode)
				if err != nil {
					b.Fatal(err)
				}
				if err := m.SetConstB(v.w); err != nil {
					b.Fatal(err)
				}
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					if err := m.Run(ctx, w, a, nil, dst); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
	for _, n := range []int{2048 * 1024, 1024 * 1024} { // f32 and f16 weight bytes / 4
		buf := gemmRandSlice(r, n)
		b.Run(fmt.Sprintf("stream_%dMB", 4*n>>20), func(b *testing.B) {
			b.SetBytes(int64(4 * n))
			for i := 0; i < b.N; i++ {
				smallnStreamRead(n, &buf[0])
			}
		})
	}
}

// BenchmarkSmallnConv times the corpus' few-pixel convolutions on the small-N path and
// the 8×32 tile path (forced off), f32 and f16-exact filters, at 1 thread.
func BenchmarkSmallnConv(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 1))
	ctx := context.Background()
	for _, tc := range []struct {
		name string
		g    ConvGeom
	}{
		{"headpose_fm_256to512_4to2", gemmConv2D(256, 512, 4, 2, 3, 1, 0)},
		{"headpose_conv5_128to256_4", gemmConv2D(128, 256, 4, 4, 3, 1, 1)},
		{"headpose_conv4_64to128_8", gemmConv2D(64, 128, 8, 8, 3, 1, 1)},
		{"gaze_733_256to512_3to1", gemmConv2D(256, 512, 3, 1, 3, 1, 0)},
		{"vehicle_c5_128to128_9", gemmConv2D(128, 128, 9, 9, 3, 1, 1)},
		{"vehicle_c8_128to128_5", gemmConv2D(128, 128, 5, 5, 3, 1, 1)},
		{"person_3x3_48to128_10x5", ConvGeom{N: 1, Groups: 1, InC: 48, OutC: 128, In: []int{10, 5}, Out: []int{10, 5}, Kernel: []int{3, 3}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{1, 1}}},
		{"gaze_3x3_64to128_15", gemmConv2D(64, 128, 15, 15, 3, 1, 1)},
		{"headpose_pool3_128to64_15s2", gemmConv2D(128, 64, 15, 8, 3, 2, 1)},
	} {
		ls, lf, lo := tc.g.ConvLens()
		src, dst := gemmRandSlice(r, ls), make([]float32, lo)
		f32, f16 := gemmRandSlice(r, lf), smallnF16Slice(r, lf)
		for _, v := range []struct {
			name string
			mode smallnMode
			w    []float32
			kc   int
		}{{"tile", -1, f32, 0}, {"smalln_f32", 1, f32, 0}, {"smalln_f16", 2, f16, 0}, {"smalln_f32_kc128", 1, f32, 128}, {"smalln_f32_kc256", 1, f32, 256}} {
			b.Run(fmt.Sprintf("%s/%s", tc.name, v.name), func(b *testing.B) {
				c, err := newConvGemmMode(tc.g, GemmAuto, 1, true, v.mode)
				if err != nil {
					b.Fatal(err)
				}
				if v.kc > 0 {
					c.sn.kc = v.kc
				}
				if err := c.PackFilters(v.w); err != nil {
					b.Fatal(err)
				}
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					if err := c.Run(ctx, nil, src, dst); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
