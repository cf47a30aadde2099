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
