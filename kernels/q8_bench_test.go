package kernels

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkQ8Conv: the int8 convolution against the f32 ConvGemm on yolov8n's shapes
// (1 thread): go test -run '^$' -bench Q8Conv ./kernels.
func BenchmarkQ8Conv(b *testing.B) {
	g2 := func(ic, oc, h, k, s int) ConvGeom {
		pad := k / 2
		o := (h+2*pad-k)/s + 1
		return ConvGeom{N: 1, Groups: 1, InC: ic, OutC: oc, In: []int{h, h}, Out: []int{o, o},
			Kernel: []int{k, k}, Strides: []int{s, s}, Dilations: []int{1, 1}, PadsBegin: []int{pad, pad}}
	}
	shapes := []ConvGeom{g2(3, 16, 640, 3, 2), g2(16, 32, 320, 3, 2), g2(32, 32, 160, 1, 1), g2(16, 16, 160, 3, 1),
		g2(64, 64, 80, 3, 1), g2(128, 128, 40, 3, 1), g2(256, 256, 20, 3, 1), g2(384, 128, 40, 1, 1)}
	for _, g := range shapes {
		rng := rand.New(rand.NewPCG(1, 1))
		c := q8NewCase(rng, g, 256, -0.3, 6.075, -1)
		name := fmt.Sprintf("%dx%d_%d-%d_%d_s%d", g.Kernel[0], g.Kernel[1], g.InC, g.OutC, g.In[0], g.Strides[0])
		dst := make([]float32, c.outLen)
		b.Run("u8/"+name, func(b *testing.B) {
			q, err := NewQ8Conv(g, c.wq, c.wscale, c.lo, c.hi, c.levels)
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if _, err := q.Run(context.Background(), nil, c.src, dst, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("f32/"+name, func(b *testing.B) {
			cg, err := NewConvGemm(g, GemmAuto, 1)
			if err != nil {
				b.Fatal(err)
			}
			if err := cg.PackFilters(c.filt); err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if err := cg.Run(context.Background(), nil, c.src, dst); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkSQQ8Epilogue: person-reid-0287-int8's 1×1 int8 convolutions — the codes pass
// alone, the convolution, and the convolution with its Add+FakeQuantize epilogue (CPU
// time of the calling thread, cpu-ns/op): go test -run '^$' -bench SQQ8Epilogue ./kernels.
func BenchmarkSQQ8Epilogue(b *testing.B) {
	g := func(ic, oc, h, w int) ConvGeom {
		return ConvGeom{N: 1, Groups: 1, InC: ic, OutC: oc, In: []int{h, w}, Out: []int{h, w},
			Kernel: []int{1, 1}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{0, 0}}
	}
	for _, gg := range []ConvGeom{g(32, 32, 64, 32), g(32, 128, 64, 32), g(128, 128, 64, 32), g(48, 48, 32, 16)} {
		rng := rand.New(rand.NewPCG(1, 1))
		c := q8NewCase(rng, gg, 256, -0.3, 6.075, -1)
		dst := make([]float32, c.outLen)
		name := fmt.Sprintf("%d-%d_%dx%d", gg.InC, gg.OutC, gg.In[0], gg.In[1])
		bias := make([]float32, gg.OutC)
		fq, _ := NewEpiFQ([]float32{-1}, []float32{1}, []float32{-1}, []float32{1}, 256)
		for _, mode := range []string{"codes", "noepi", "epi"} {
			b.Run(mode+"/"+name, func(b *testing.B) {
				q, err := NewQ8Conv(gg, c.wq, c.wscale, c.lo, c.hi, c.levels)
				if err != nil {
					b.Fatal(err)
				}
				if mode == "epi" {
					q.SetEpilogue(&Epilogue{Steps: []EpiStep{{Kind: EpiAddChan, Vec: bias}, {Kind: EpiFakeQuantize, FQ: fq}}})
				}
				q.codes = make([]uint32, q.CodesLen())
				q.src = c.src
				dwLoop(b, func() {
					if mode == "codes" {
						q.codeGroups(0, q.cg4)
						return
					}
					if _, err := q.Run(context.Background(), nil, c.src, dst, nil); err != nil {
						b.Fatal(err)
					}
				})
			})
		}
	}
}
