package kernels

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkFQBlock: the FakeQuantize bodies (0 Go, 1 AVX2, 2 AVX-512) against a plain
// copy, over an L1-sized block, an L2-sized one (a [1,32,128,64] tensor of
// person-reid-0287-int8) and one larger than the L2.
func BenchmarkFQBlock(b *testing.B) {
	for _, n := range []int{4096, 262144, 1 << 21} {
		x := make([]float32, n)
		for i := range x {
			x[i] = float32(i%977)*0.01 - 3
		}
		dst := make([]float32, n)
		q := fqMake(-2, 5, -1, 3, 255)
		for lv := 0; lv <= fqeLevel(); lv++ {
			b.Run(fmt.Sprintf("n%d/level%d", n, lv), func(b *testing.B) {
				b.SetBytes(int64(8 * n))
				for b.Loop() {
					fqBlockSIMD(dst, x, q, lv)
				}
			})
		}
		b.Run(fmt.Sprintf("n%d/copy", n), func(b *testing.B) {
			b.SetBytes(int64(8 * n))
			for b.Loop() {
				copy(dst, x)
			}
		})
	}
}

// BenchmarkFQEConv: convolutions of the int8 models with their epilogue, FakeQuantize
// fused (epi+fq) or as a pass of its own after the fused bias/activation (epi, then
// FQChannelPlan), one thread.
func BenchmarkFQEConv(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 3))
	ctx := context.Background()
	for _, tc := range []struct {
		name string
		g    ConvGeom
		act  EpiKind
	}{
		{"reid_1x1_128to128_64x32", ConvGeom{N: 1, Groups: 1, InC: 128, OutC: 128, In: []int{64, 32}, Out: []int{64, 32}, Kernel: []int{1, 1}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{0, 0}}, 0},
		{"reid_1x1_32to32_128x64", ConvGeom{N: 1, Groups: 1, InC: 32, OutC: 32, In: []int{128, 64}, Out: []int{128, 64}, Kernel: []int{1, 1}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{0, 0}}, EpiRelu},
		{"yolo_3x3_16to32_160s2", ConvGeom{N: 1, Groups: 1, InC: 16, OutC: 32, In: []int{160, 160}, Out: []int{80, 80}, Kernel: []int{3, 3}, Strides: []int{2, 2}, Dilations: []int{1, 1}, PadsBegin: []int{1, 1}}, EpiSwish},
	} {
		ls, lf, lo := tc.g.ConvLens()
		src, filt, dst := gemmRandSlice(r, ls), gemmRandSlice(r, lf), make([]float32, lo)
		steps := []EpiStep{{Kind: EpiAddChan, Vec: gemmRandSlice(r, tc.g.OutC)}}
		if tc.act != 0 {
			steps = append(steps, EpiStep{Kind: tc.act, Lo: 1})
		}
		il, ih := gemmRandSlice(r, tc.g.OutC), gemmRandSlice(r, tc.g.OutC)
		for i := range il {
			il[i], ih[i] = -1-il[i]*0.5, 1+ih[i]*0.5
		}
		q, err := NewEpiFQ(il, ih, []float32{-1}, []float32{1}, 256)
		if err != nil {
			b.Fatal(err)
		}
		out := []int{1, tc.g.OutC, tc.g.Out[0], tc.g.Out[1]}
		fqp, ok := NewFQChannelPlan(out, [5][]int{out, {1, tc.g.OutC, 1, 1}, {1, tc.g.OutC, 1, 1}, nil, nil}, 256)
		if !ok {
			b.Fatal("FQ plan")
		}
		for _, mode := range []string{"epi", "epi+fq", "epi,fq"} {
			b.Run(tc.name+"/"+mode, func(b *testing.B) {
				c, err := NewConvGemm(tc.g, GemmAuto, 1)
				if err != nil {
					b.Fatal(err)
				}
				if err := c.PackFilters(filt); err != nil {
					b.Fatal(err)
				}
				e := &Epilogue{Steps: steps}
				if mode == "epi+fq" {
					e = &Epilogue{Steps: append(append([]EpiStep(nil), steps...), EpiStep{Kind: EpiFakeQuantize, FQ: q})}
				}
				if err := c.SetEpilogue(e); err != nil {
					b.Fatal(err)
				}
				for b.Loop() {
					if err := c.Run(ctx, nil, src, dst); err != nil {
						b.Fatal(err)
					}
					if mode == "epi,fq" {
						if err := fqp.FakeQuantizeF32(ctx, nil, dst, [5][]float32{dst, il, ih, {-1}, {1}}); err != nil {
							b.Fatal(err)
						}
					}
				}
			})
		}
	}
}
