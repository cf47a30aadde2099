package kernels

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/x448/float16"
)

// Benchmarks for the issue-5 cases (all f32), each at 1 and 2 threads, plus
// the integer average, the reference kernels, Transpose and the f16/bf16
// converters. Run: go test -run '^$' -bench . ./kernels/
// These are benchmarks only: no test asserts on timing.

type benchCase struct {
	name string
	g    Window
}

func benchData(n int) []float32 {
	r := rand.New(rand.NewPCG(1, 2))
	v := make([]float32, n)
	for i := range v {
		v[i] = float32(r.NormFloat64())
	}
	return v
}

func benchThreads(b *testing.B, f func(b *testing.B, w *Workers)) {
	for _, th := range []int{1, 2} {
		b.Run(fmt.Sprintf("t%d", th), func(b *testing.B) {
			w := NewWorkers(th)
			defer w.Close()
			f(b, w)
		})
	}
}

var maxCases = []benchCase{
	{"stem_64x112_k3s2p1", win(1, 64, []int{112, 112}, []int{56, 56}, []int{3, 3}, []int{2, 2}, []int{1, 1}, []int{1, 1})},
	{"k2s2_64x224", win(1, 64, []int{224, 224}, []int{112, 112}, []int{2, 2}, []int{2, 2}, nil, nil)},
	{"k3s2ceil_64x111", win(1, 64, []int{111, 111}, []int{55, 55}, []int{3, 3}, []int{2, 2}, nil, nil)},
	{"k5s1p2_256x20", win(1, 256, []int{20, 20}, []int{20, 20}, []int{5, 5}, []int{1, 1}, []int{2, 2}, []int{2, 2})},
	{"3d_k2s2_32x16x56", win(1, 32, []int{16, 56, 56}, []int{8, 28, 28}, []int{2, 2, 2}, []int{2, 2, 2}, nil, nil)},
	{"bw_16x64x112_k3s2p1", win(16, 64, []int{112, 112}, []int{56, 56}, []int{3, 3}, []int{2, 2}, []int{1, 1}, []int{1, 1})},
}

func BenchmarkMaxPool(b *testing.B) {
	for _, c := range maxCases {
		p, _ := c.g.plan()
		src, dst := benchData(p.inLen()), make([]float32, p.outLen())
		b.Run(c.name, func(b *testing.B) {
			benchThreads(b, func(b *testing.B, w *Workers) {
				b.SetBytes(int64(4 * (p.inLen() + p.outLen())))
				for b.Loop() {
					if err := MaxPool[float32, int64](w, c.g, src, dst, nil, 0); err != nil {
						b.Fatal(err)
					}
				}
			})
		})
	}
}

// BenchmarkMaxPoolIndices: the MaxPool-8 cases of compare.py (their models
// have the indices output, so irrun computes it).
func BenchmarkMaxPoolIndices(b *testing.B) {
	for _, c := range []benchCase{
		{"k2s2_8x64x56_i64", win(8, 64, []int{56, 56}, []int{28, 28}, []int{2, 2}, []int{2, 2}, nil, nil)},
		{"k5s1p2_256x20_i64", win(1, 256, []int{20, 20}, []int{20, 20}, []int{5, 5}, []int{1, 1}, []int{2, 2}, []int{2, 2})},
		{"3d_k2s2_32x16x56_i64", win(1, 32, []int{16, 56, 56}, []int{8, 28, 28}, []int{2, 2, 2}, []int{2, 2, 2}, nil, nil)},
	} {
		p, _ := c.g.plan()
		src, dst, idx := benchData(p.inLen()), make([]float32, p.outLen()), make([]int64, p.outLen())
		b.Run(c.name, func(b *testing.B) {
			benchThreads(b, func(b *testing.B, w *Workers) {
				for b.Loop() {
					if err := MaxPool(w, c.g, src, dst, idx, 0); err != nil {
						b.Fatal(err)
					}
				}
			})
		})
	}
}

// BenchmarkStream is the bandwidth yardstick for the bw_ case: one plain
// streaming pass that reads the 16×64×112×112 input and writes a
// 16×64×56×56 output (memmove through a 32 KiB L1-resident staging buffer,
// so memory sees exactly one read of src and one write of dst).
func BenchmarkStream(b *testing.B) {
	src := benchData(16 * 64 * 112 * 112)
	dst := make([]float32, 16*64*56*56)
	stage := make([]float32, 8192)
	b.SetBytes(int64(4 * (len(src) + len(dst))))
	for b.Loop() {
		for i := 0; i < len(src); i += len(stage) {
			copy(stage, src[i:])
		}
		for i := 0; i < len(dst); i += len(stage) {
			copy(dst[i:], stage)
		}
	}
}

var avgCases = []struct {
	name string
	g    Window
	excl bool
}{
	{"inception_192x35_k3s1p1", win(1, 192, []int{35, 35}, []int{35, 35}, []int{3, 3}, []int{1, 1}, []int{1, 1}, []int{1, 1}), false},
	{"k2s2_256x56", win(1, 256, []int{56, 56}, []int{28, 28}, []int{2, 2}, []int{2, 2}, nil, nil), true},
}

func BenchmarkAvgPool(b *testing.B) {
	for _, c := range avgCases {
		p, _ := c.g.plan()
		src, dst := benchData(p.inLen()), make([]float32, p.outLen())
		b.Run(c.name, func(b *testing.B) {
			benchThreads(b, func(b *testing.B, w *Workers) {
				for b.Loop() {
					if err := AvgPool(w, c.g, src, dst, c.excl); err != nil {
						b.Fatal(err)
					}
				}
			})
		})
	}
}

func BenchmarkAdaptiveAvgPool(b *testing.B) {
	for _, c := range []struct {
		name string
		g    Adaptive
	}{
		{"global_8x2048x7", Adaptive{8, 2048, []int{7, 7}, []int{1, 1}}},
		{"13to7_512", Adaptive{1, 512, []int{13, 13}, []int{7, 7}}},
	} {
		p, _ := c.g.plan()
		src, dst := benchData(p.planes*p.inPlane), make([]float32, p.planes*p.outPlane)
		b.Run(c.name, func(b *testing.B) {
			benchThreads(b, func(b *testing.B, w *Workers) {
				for b.Loop() {
					if err := AdaptiveAvgPool(w, c.g, src, dst); err != nil {
						b.Fatal(err)
					}
				}
			})
		})
	}
}

func BenchmarkAdaptiveMaxPool(b *testing.B) {
	for _, c := range []struct {
		name string
		g    Adaptive
	}{
		{"80to3_256_idx", Adaptive{1, 256, []int{80, 80}, []int{3, 3}}},
		{"56to7_4x128_idx", Adaptive{4, 128, []int{56, 56}, []int{7, 7}}},
	} {
		p, _ := c.g.plan()
		src, dst, idx := benchData(p.planes*p.inPlane), make([]float32, p.planes*p.outPlane), make([]int64, p.planes*p.outPlane)
		b.Run(c.name, func(b *testing.B) {
			benchThreads(b, func(b *testing.B, w *Workers) {
				for b.Loop() {
					if err := AdaptiveMaxPool(w, c.g, src, dst, idx); err != nil {
						b.Fatal(err)
					}
				}
			})
		})
	}
}

func BenchmarkTranspose(b *testing.B) {
	src := benchData(64 * 56 * 56)
	dst := make([]float32, len(src))
	benchThreads(b, func(b *testing.B, w *Workers) {
		for b.Loop() {
			if err := Transpose(w, src, dst, []int{64, 56 * 56}, []int{1, 0}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkAvgPoolInt is the exact integer average (int16, 64-bit sums).
func BenchmarkAvgPoolInt(b *testing.B) {
	g := win(1, 64, []int{56, 56}, []int{28, 28}, []int{3, 3}, []int{2, 2}, []int{1, 1}, []int{1, 1})
	p, _ := g.plan()
	src, dst := make([]int16, p.inLen()), make([]int16, p.outLen())
	for i := range src {
		src[i] = int16(i*7919%2000 - 1000)
	}
	benchThreads(b, func(b *testing.B, w *Workers) {
		for b.Loop() {
			if err := AvgPool(w, g, src, dst, false); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkReference times the scalar oracles on the stem geometry, for
// scale.
func BenchmarkReference(b *testing.B) {
	g := maxCases[0].g
	p, _ := g.plan()
	src, dst, idx := benchData(p.inLen()), make([]float32, p.outLen()), make([]int64, p.outLen())
	b.Run("max_stem", func(b *testing.B) {
		for b.Loop() {
			_ = MaxPoolReference(g, src, dst, idx, 0)
		}
	})
	b.Run("avg_stem", func(b *testing.B) {
		for b.Loop() {
			_ = AvgPoolReference(g, src, dst, false)
		}
	})
	ad := Adaptive{1, 64, []int{112, 112}, []int{7, 7}}
	b.Run("adaptive_max_112to7", func(b *testing.B) {
		for b.Loop() {
			_ = AdaptiveMaxPoolReference(ad, src, dst[:64*49], idx[:64*49])
		}
	})
	b.Run("adaptive_avg_112to7", func(b *testing.B) {
		for b.Loop() {
			_ = AdaptiveAvgPoolReference(ad, src, dst[:64*49])
		}
	})
}

// BenchmarkConvert times the f16/bf16 ⇄ f32 converters the layers use to
// run half-precision models on the float32 kernels (1M elements).
func BenchmarkConvert(b *testing.B) {
	f := benchData(1 << 20)
	h := make([]float16.Float16, len(f))
	bf := make([]uint16, len(f))
	out := make([]float32, len(f))
	b.Run("F32ToF16", func(b *testing.B) {
		b.SetBytes(int64(6 * len(f)))
		for b.Loop() {
			F32ToF16(h, f)
		}
	})
	b.Run("F16ToF32", func(b *testing.B) {
		b.SetBytes(int64(6 * len(f)))
		for b.Loop() {
			F16ToF32(out, h)
		}
	})
	b.Run("F32ToBF16", func(b *testing.B) {
		b.SetBytes(int64(6 * len(f)))
		for b.Loop() {
			F32ToBF16(bf, f)
		}
	})
	b.Run("BF16ToF32", func(b *testing.B) {
		b.SetBytes(int64(6 * len(f)))
		for b.Loop() {
			BF16ToF32(out, bf)
		}
	})
}
