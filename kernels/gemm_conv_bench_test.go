package kernels

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
)

// gemmBenchModelConvs are convolutions of the corpus models that dominate their
// profiles (face-detection-retail-0004, squeezenet1.1, gaze-estimation): small K,
// stride-2 1×1, thin outputs, small planes.
var gemmBenchModelConvs = []struct {
	name string
	g    ConvGeom
}{
	{"fd_stem7x7s2_3to32_300", gemmConv2D(3, 32, 300, 150, 7, 2, 3)},
	{"fd_1x1s2_128to16_75", gemmConv2D(128, 16, 75, 38, 1, 2, 0)},
	{"fd_1x1_16to64_75", gemmConv2D(16, 64, 75, 75, 1, 1, 0)},
	{"fd_3x3_16to64_75", gemmConv2D(16, 64, 75, 75, 3, 1, 1)},
	{"fd_1x1_64to16_75", gemmConv2D(64, 16, 75, 75, 1, 1, 0)},
	{"fd_3x3_32to128_38", gemmConv2D(32, 128, 38, 38, 3, 1, 1)},
	{"fd_3x3_384to36_19", gemmConv2D(384, 36, 19, 19, 3, 1, 1)},
	{"fd_3x3_48to192_19", gemmConv2D(48, 192, 19, 19, 3, 1, 1)},
	{"gaze_3x3s2_32to16_60", gemmConv2D(32, 16, 60, 30, 3, 2, 1)},
	{"gaze_3x3_16to64_30", gemmConv2D(16, 64, 30, 30, 3, 1, 1)},
	{"gaze_3x3_64to128_15", gemmConv2D(64, 128, 15, 15, 3, 1, 1)},
}

func gemmConv2D(ic, oc, in, out, k, s, pad int) ConvGeom {
	return ConvGeom{N: 1, Groups: 1, InC: ic, OutC: oc, In: []int{in, in}, Out: []int{out, out}, Kernel: []int{k, k}, Strides: []int{s, s}, Dilations: []int{1, 1}, PadsBegin: []int{pad, pad}}
}

// BenchmarkConvGemmModel times the model convolutions with the best micro-kernel.
func BenchmarkConvGemmModel(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 1))
	ctx := context.Background()
	for _, tc := range gemmBenchModelConvs {
		ls, lf, lo := tc.g.ConvLens()
		src, filt, dst := gemmRandSlice(r, ls), gemmRandSlice(r, lf), make([]float32, lo)
		flops := 2 * float64(lo) * float64(lf/tc.g.OutC)
		for _, threads := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/t%d", tc.name, threads), func(b *testing.B) {
				w := NewWorkers(threads)
				defer w.Close()
				c, err := NewConvGemm(tc.g, GemmAuto, threads)
				if err != nil {
					b.Fatal(err)
				}
				if err := c.PackFilters(filt); err != nil {
					b.Fatal(err)
				}
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					if err := c.Run(ctx, w, src, dst); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(flops*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
			})
		}
	}
}
