package kernels

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/x448/float16"
)

// snBenchConvs are squeezenet1.1's convolutions (issue 13: its 1-thread gap to ONNX
// Runtime): the 3-channel stem, the fire modules' 1×1 squeeze and 1×1/3×3 expand
// layers on 56×56, 28×28 and 14×14, and the 1×1 512→1000 classifier.
var snBenchConvs = []struct {
	name string
	g    ConvGeom
}{
	{"conv1_3x3s2_3to64_227", scConv2D(3, 64, 227, 227, 113, 113, 3, 2, 0)},
	{"f2sq_1x1_64to16_56", scConv2D(64, 16, 56, 56, 56, 56, 1, 1, 0)},
	{"f3sq_1x1_128to16_56", scConv2D(128, 16, 56, 56, 56, 56, 1, 1, 0)},
	{"f2e1_1x1_16to64_56", scConv2D(16, 64, 56, 56, 56, 56, 1, 1, 0)},
	{"f2e3_3x3_16to64_56", scConv2D(16, 64, 56, 56, 56, 56, 3, 1, 1)},
	{"f4sq_1x1_128to32_28", scConv2D(128, 32, 28, 28, 28, 28, 1, 1, 0)},
	{"f5sq_1x1_256to32_28", scConv2D(256, 32, 28, 28, 28, 28, 1, 1, 0)},
	{"f4e1_1x1_32to128_28", scConv2D(32, 128, 28, 28, 28, 28, 1, 1, 0)},
	{"f4e3_3x3_32to128_28", scConv2D(32, 128, 28, 28, 28, 28, 3, 1, 1)},
	{"f6sq_1x1_256to48_14", scConv2D(256, 48, 14, 14, 14, 14, 1, 1, 0)},
	{"f7sq_1x1_384to48_14", scConv2D(384, 48, 14, 14, 14, 14, 1, 1, 0)},
	{"f6e1_1x1_48to192_14", scConv2D(48, 192, 14, 14, 14, 14, 1, 1, 0)},
	{"f6e3_3x3_48to192_14", scConv2D(48, 192, 14, 14, 14, 14, 3, 1, 1)},
	{"f8sq_1x1_384to64_14", scConv2D(384, 64, 14, 14, 14, 14, 1, 1, 0)},
	{"f9sq_1x1_512to64_14", scConv2D(512, 64, 14, 14, 14, 14, 1, 1, 0)},
	{"f8e1_1x1_64to256_14", scConv2D(64, 256, 14, 14, 14, 14, 1, 1, 0)},
	{"f8e3_3x3_64to256_14", scConv2D(64, 256, 14, 14, 14, 14, 3, 1, 1)},
	{"conv10_1x1_512to1000_14", scConv2D(512, 1000, 14, 14, 14, 14, 1, 1, 0)},
}

// BenchmarkSnConvF16 times squeezenet1.1's convolutions as the model runs them: f16
// data and output, f16-exact filters, a bias and ReLU fused; the fastest call.
func BenchmarkSnConvF16(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 9))
	ctx := context.Background()
	for _, tc := range snBenchConvs {
		ls, lf, lo := tc.g.ConvLens()
		x16, _ := backF16Data(r, ls)
		_, filt := backF16Data(r, lf)
		src32, dst32, y16 := make([]float32, ls), make([]float32, lo), make([]float16.Float16, lo)
		epi := &Epilogue{Steps: []EpiStep{{Kind: EpiAddChan, Vec: gemmRandSlice(r, tc.g.OutC)}, {Kind: EpiRelu}}}
		scBenchEach(b, tc.name, tc.g, filt, epi, func(c *ConvGemm, w *Workers) error {
			return c.RunEpiF16(ctx, w, x16, src32, y16, dst32, nil)
		})
	}
}

// BenchmarkSnConvMode times squeezenet1.1's convolutions with the small-N path forced
// off (tile) or on (sn; sn16: f16 panels), 1 and 2 threads.
func BenchmarkSnConvMode(b *testing.B) {
	for _, tc := range snBenchConvs {
		for _, v := range []struct {
			name string
			mode smallnMode
		}{{"tile", -1}, {"sn", 1}, {"sn16", 2}} {
			for _, threads := range []int{1, 2} {
				b.Run(fmt.Sprintf("%s/%s/t%d", tc.name, v.name, threads), func(b *testing.B) {
					c, err := newConvGemmMode(tc.g, GemmAuto, threads, true, v.mode)
					if err != nil {
						b.Fatal(err)
					}
					scBenchRun(b, c, tc.g, threads)
				})
			}
		}
	}
}
