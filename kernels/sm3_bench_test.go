package kernels

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/x448/float16"
)

// sm3BenchConvs are direct 1×1 convolutions of the f16 small models (issue 13):
// lpr-barrier's fire modules on 22×92 and 11×90, squeezenet's on 56×56 and 14×14.
var sm3BenchConvs = []struct {
	name string
	g    ConvGeom
}{
	{"lpr_f1sq_64to32_22x92", ConvGeom{N: 1, Groups: 1, InC: 64, OutC: 32, In: []int{22, 92}, Out: []int{22, 92}, Kernel: []int{1, 1}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{0, 0}}},
	{"lpr_f1ex_32to128_22x92", ConvGeom{N: 1, Groups: 1, InC: 32, OutC: 128, In: []int{22, 92}, Out: []int{22, 92}, Kernel: []int{1, 1}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{0, 0}}},
	{"lpr_f3sq_256to64_11x90", ConvGeom{N: 1, Groups: 1, InC: 256, OutC: 64, In: []int{11, 90}, Out: []int{11, 90}, Kernel: []int{1, 1}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{0, 0}}},
	{"lpr_f3ex_64to256_11x90", ConvGeom{N: 1, Groups: 1, InC: 64, OutC: 256, In: []int{11, 90}, Out: []int{11, 90}, Kernel: []int{1, 1}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{0, 0}}},
	{"sn_f3sq_128to16_56", scConv2D(128, 16, 56, 56, 56, 56, 1, 1, 0)},
	{"sn_f2e1_16to64_56", scConv2D(16, 64, 56, 56, 56, 56, 1, 1, 0)},
}

// BenchmarkSm3Conv1x1 times the direct 1×1 convolutions on f16 data and output (as
// the models run them: the data read in place), with the data widened whole first
// (round 12) and on float32 data and output.
func BenchmarkSm3Conv1x1(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 9))
	ctx := context.Background()
	for _, tc := range sm3BenchConvs {
		ls, lf, lo := tc.g.ConvLens()
		x16, x32 := backF16Data(r, ls)
		_, filt := backF16Data(r, lf)
		src32, dst32, y16 := make([]float32, ls), make([]float32, lo), make([]float16.Float16, lo)
		epi := &Epilogue{Steps: []EpiStep{{Kind: EpiAddChan, Vec: gemmRandSlice(r, tc.g.OutC)}, {Kind: EpiRelu}}}
		scBenchEach(b, tc.name+"/f16", tc.g, filt, epi, func(c *ConvGemm, w *Workers) error {
			return c.RunEpiF16(ctx, w, x16, src32, y16, dst32, nil)
		})
		scBenchEach(b, tc.name+"/f16widen", tc.g, filt, epi, func(c *ConvGemm, w *Workers) error {
			c.sm3h = false // round 12's path: the data widened whole first
			return c.RunEpiF16(ctx, w, x16, src32, y16, dst32, nil)
		})
		scBenchEach(b, tc.name+"/f32", tc.g, filt, epi, func(c *ConvGemm, w *Workers) error {
			return c.RunEpi(ctx, w, x32, dst32, nil)
		})
	}
}
