package kernels

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/x448/float16"
)

// scBenchConvs are the small-plane convolutions of vehicle-attributes-0039 and
// person-attributes-0230 (issue 13): dense 3×3 on 18×18 … 10×5 and strided 1×1.
var scBenchConvs = []struct {
	name string
	g    ConvGeom
}{
	{"va_7x7s2_3to64_72", scConv2D(3, 64, 72, 72, 36, 36, 7, 2, 3)},
	{"va_3x3_64to64_18", scConv2D(64, 64, 18, 18, 18, 18, 3, 1, 1)},
	{"va_3x3s2_64to128_18", scConv2D(64, 128, 18, 18, 9, 9, 3, 2, 1)},
	{"va_3x3_128to128_9", scConv2D(128, 128, 9, 9, 9, 9, 3, 1, 1)},
	{"va_1x1s2_64to128_18", scConv2D(64, 128, 18, 18, 9, 9, 1, 2, 0)},
	{"va_3x3s2_128to128_9", scConv2D(128, 128, 9, 9, 5, 5, 3, 2, 1)},
	{"va_3x3_128to128_5", scConv2D(128, 128, 5, 5, 5, 5, 3, 1, 1)},
	{"va_1x1s2_128to128_9", scConv2D(128, 128, 9, 9, 5, 5, 1, 2, 0)},
	{"pa_7x7s2_3to16_160x80", scConv2D(3, 16, 160, 80, 80, 40, 7, 2, 3)},
	{"pa_3x3_24to24_40x20", scConv2D(24, 24, 40, 20, 40, 20, 3, 1, 1)},
	{"pa_1x1_48to64_40x20", scConv2D(48, 64, 40, 20, 40, 20, 1, 1, 0)},
	{"pa_3x3_48to48_20x10", scConv2D(48, 48, 20, 10, 20, 10, 3, 1, 1)},
	{"pa_1x1_96to64_20x10", scConv2D(96, 64, 20, 10, 20, 10, 1, 1, 0)},
	{"pa_1x1s2_64to128_20x10", scConv2D(64, 128, 20, 10, 10, 5, 1, 2, 0)},
	{"pa_1x1s2_64to24_20x10", scConv2D(64, 24, 20, 10, 10, 5, 1, 2, 0)},
	{"pa_3x3_48to128_10x5", scConv2D(48, 128, 10, 5, 10, 5, 3, 1, 1)},
	{"pa_3x3_48to48_10x5", scConv2D(48, 48, 10, 5, 10, 5, 3, 1, 1)},
	{"pa_1x1_368to128_10x5", scConv2D(368, 128, 10, 5, 10, 5, 1, 1, 0)},
	// larger maps, for the small-N choice
	{"gaze_3x3_64to128_15", scConv2D(64, 128, 15, 15, 15, 15, 3, 1, 1)},
	{"gaze_3x3_16to64_30", scConv2D(16, 64, 30, 30, 30, 30, 3, 1, 1)},
	{"big_3x3_16to64_56", scConv2D(16, 64, 56, 56, 56, 56, 3, 1, 1)},
	{"big_3x3_64to64_56", scConv2D(64, 64, 56, 56, 56, 56, 3, 1, 1)},
	{"sq_1x1_64to256_13", scConv2D(64, 256, 13, 13, 13, 13, 1, 1, 0)},
	{"sq_3x3_64to256_13", scConv2D(64, 256, 13, 13, 13, 13, 3, 1, 1)},
	{"gaze_3x3s2_32to16_60", scConv2D(32, 16, 60, 60, 30, 30, 3, 2, 1)},
	{"gaze_3x3s2_64to32_30", scConv2D(64, 32, 30, 30, 15, 15, 3, 2, 1)},
	{"gaze_3x3s2_128to64_15", scConv2D(128, 64, 15, 15, 8, 8, 3, 2, 1)},
	{"gaze_3x3_3to32_60", scConv2D(3, 32, 60, 60, 60, 60, 3, 1, 1)},
}

func scConv2D(ic, oc, ih, iw, oh, ow, k, s, pad int) ConvGeom {
	return ConvGeom{N: 1, Groups: 1, InC: ic, OutC: oc, In: []int{ih, iw}, Out: []int{oh, ow}, Kernel: []int{k, k}, Strides: []int{s, s}, Dilations: []int{1, 1}, PadsBegin: []int{pad, pad}}
}

// BenchmarkScConvF16 times the small-plane model convolutions as the f16 models run
// them: f16 data and output, f16-exact filters, a bias and ReLU fused.
func BenchmarkScConvF16(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 9))
	ctx := context.Background()
	for _, tc := range scBenchConvs {
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

// scBenchRun times one plan of c on the f16 path (bias and ReLU fused) and reports the
// fastest call.
func scBenchRun(b *testing.B, c *ConvGemm, g ConvGeom, threads int) {
	r := rand.New(rand.NewPCG(3, 9))
	ctx := context.Background()
	ls, lf, lo := g.ConvLens()
	x16, _ := backF16Data(r, ls)
	_, filt := backF16Data(r, lf)
	src32, dst32, y16 := make([]float32, ls), make([]float32, lo), make([]float16.Float16, lo)
	bias := gemmRandSlice(r, g.OutC)
	epi := &Epilogue{Steps: []EpiStep{{Kind: EpiAddChan, Vec: bias}, {Kind: EpiRelu}}}
	scBenchTime(b, c, g, threads, filt, epi, func(c *ConvGemm, w *Workers) error {
		return c.RunEpiF16(ctx, w, x16, src32, y16, dst32, nil)
	})
}

// BenchmarkScConvMode times the small-plane convolutions with the small-N path forced
// off (tile) or on (sn, sn16: f16 panels; kNNN: K blocks of NNN).
func BenchmarkScConvMode(b *testing.B) {
	for _, tc := range scBenchConvs {
		for _, v := range []struct {
			name string
			mode smallnMode
			kc   int
		}{{"tile", -1, 0}, {"sn", 1, 0}, {"sn16", 2, 0}, {"sn-k64", 1, 64}, {"sn-k128", 1, 128}, {"sn16-k128", 2, 128}} {
			for _, threads := range []int{1, 2} {
				b.Run(fmt.Sprintf("%s/%s/t%d", tc.name, v.name, threads), func(b *testing.B) {
					c, err := newConvGemmMode(tc.g, GemmAuto, threads, true, v.mode)
					if err != nil {
						b.Fatal(err)
					}
					if v.kc > 0 && c.sn != nil {
						c.sn.kc = v.kc
					}
					scBenchRun(b, c, tc.g, threads)
				})
			}
		}
	}
}

// BenchmarkScConvF32 times the small-plane model convolutions on f32 data (the f32
// models, and f16 IRs whose activations are f32, e.g. gaze-estimation-adas-0002) with a
// bias and ReLU fused.
func BenchmarkScConvF32(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 9))
	ctx := context.Background()
	for _, tc := range scBenchConvs {
		ls, lf, lo := tc.g.ConvLens()
		src, filt, dst := gemmRandSlice(r, ls), gemmRandSlice(r, lf), make([]float32, lo)
		epi := &Epilogue{Steps: []EpiStep{{Kind: EpiAddChan, Vec: gemmRandSlice(r, tc.g.OutC)}, {Kind: EpiRelu}}}
		scBenchEach(b, tc.name, tc.g, filt, epi, func(c *ConvGemm, w *Workers) error {
			return c.RunEpi(ctx, w, src, dst, nil)
		})
	}
}

// scBenchEach times run on a ConvGemm of g (filters filt, epilogue epi) at 1 and 2
// threads.
func scBenchEach(b *testing.B, name string, g ConvGeom, filt []float32, epi *Epilogue, run func(*ConvGemm, *Workers) error) {
	for _, threads := range []int{1, 2} {
		b.Run(fmt.Sprintf("%s/t%d", name, threads), func(b *testing.B) {
			c, err := NewConvGemm(g, GemmAuto, threads)
			if err != nil {
				b.Fatal(err)
			}
			scBenchTime(b, c, g, threads, filt, epi, run)
		})
	}
}

// scBenchTime packs filt into c, fuses epi, times run on threads workers and reports
// the fastest call: other processes share this machine.
func scBenchTime(b *testing.B, c *ConvGemm, g ConvGeom, threads int, filt []float32, epi *Epilogue, run func(*ConvGemm, *Workers) error) {
	_, lf, lo := g.ConvLens()
	flops := 2 * float64(lo) * float64(lf/g.OutC)
	w := NewWorkers(threads)
	defer w.Close()
	if err := c.PackFilters(filt); err != nil {
		b.Fatal(err)
	}
	if err := c.SetEpilogue(epi); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	best := time.Duration(1 << 62)
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		if err := run(c, w); err != nil {
			b.Fatal(err)
		}
		best = min(best, time.Since(t0))
	}
	b.ReportMetric(float64(best.Nanoseconds())/1e3, "min-µs")
	b.ReportMetric(flops/best.Seconds()/1e9, "minGFLOP/s")
}
