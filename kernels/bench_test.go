package kernels

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// Benchmarks for the issue-5 cases (all f32), each at 1 and 2 threads.
// Run: go test -run '^$' -bench . ./kernels/

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

func BenchmarkMaxPoolIndices(b *testing.B) {
	g := win(8, 64, []int{56, 56}, []int{28, 28}, []int{2, 2}, []int{2, 2}, nil, nil)
	p, _ := g.plan()
	src, dst, idx := benchData(p.inLen()), make([]float32, p.outLen()), make([]int64, p.outLen())
	b.Run("k2s2_8x64x56_i64", func(b *testing.B) {
		benchThreads(b, func(b *testing.B, w *Workers) {
			for b.Loop() {
				if err := MaxPool(w, g, src, dst, idx, 0); err != nil {
					b.Fatal(err)
				}
			}
		})
	})
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
