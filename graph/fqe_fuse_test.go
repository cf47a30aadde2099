package graph

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

// TestCorpusFusedFakeQuantizeExact: the int8 models give the same bits with FakeQuantize
// fused into the convolutions' epilogues and with every FakeQuantize a step of its own
// (fuseSkip; the other fusions the same), on random images, at 1 and 2 threads; and
// person-reid-0287-int8 (no Swish, whose fused epilogue uses a float32 exp) the same bits
// as the program without any fusion.
func TestCorpusFusedFakeQuantizeExact(t *testing.T) {
	if testing.Short() {
		t.Skip("runs two real models several times")
	}
	for _, name := range []string{"person-reid-0287-int8", "yolov8n-int8-static-2024.1"} {
		skips := []string{"FakeQuantize"}
		if name == "person-reid-0287-int8" {
			skips = append(skips, "*")
		}
		requireFusedBitsEqual(t, name, 3, skips, "FakeQuantize fused", func(l string) bool {
			return strings.HasPrefix(l, "Convolution+") && strings.HasSuffix(l, "+FakeQuantize")
		})
	}
}

// requireFusedBitsEqual runs the corpus model name, fused, on random f32 images (seed) at 1
// and 2 threads, requires a fused step whose label passes fusedLabel, and requires every
// output bit-equal to the same program loaded with each of skips as Options.fuseSkip.
func requireFusedBitsEqual(t *testing.T, name string, seed uint64, skips []string, what string, fusedLabel func(string) bool) {
	t.Run(name, func(t *testing.T) {
		f := filepath.Join("..", "..", "shared", "corpus", name, "model.xml")
		if _, err := os.Stat(f); err != nil {
			t.Skip("corpus not found")
		}
		ctx := context.Background()
		for _, threads := range []int{1, 2} {
			load := func(skip string) *Program {
				p, err := Load(f, Options{Threads: threads, fuseSkip: skip})
				require.NoError(t, err)
				t.Cleanup(p.Close)
				return p
			}
			fused := load("")
			labels := fuseLabels(t, fused)
			require.True(t, slices.ContainsFunc(labels, fusedLabel), "%s: %v", what, labels)
			r := rand.New(rand.NewPCG(uint64(threads), seed))
			var ins []*ir.Tensor
			for _, in := range fused.Inputs() {
				dims, _, ok := staticInts(in.Shape)
				require.True(t, ok)
				x, err := ir.NewTensor(in.Type, dims)
				require.NoError(t, err)
				xs, ok := x.Data.([]float32)
				require.True(t, ok, "f32 input")
				for i := range xs {
					xs[i] = float32(r.IntN(256))
				}
				ins = append(ins, x)
			}
			got, err := fused.Run(ctx, ins)
			require.NoError(t, err)
			for _, skip := range skips {
				want, err := load(skip).Run(ctx, ins)
				require.NoError(t, err)
				require.Len(t, got, len(want))
				for i := range want {
					w, g := want[i].Data.([]float32), got[i].Data.([]float32)
					require.Len(t, g, len(w))
					diff := 0
					for j := range w {
						if math.Float32bits(w[j]) != math.Float32bits(g[j]) {
							diff++
						}
					}
					require.Zero(t, diff, "t%d skip %q output %d: %d of %d values differ", threads, skip, i, diff, len(w))
				}
			}
		}
	})
}

// TestFuseFakeQuantize: which FakeQuantize nodes the pass fuses (f32, constant ranges
// per tensor or per channel, numpy or pdpd) and which it leaves alone (f16, ranges along
// another axis, a range computed at run time), each fused program giving the bits of the
// same program with FakeQuantize unfused, at 1 and 2 threads.
func TestFuseFakeQuantize(t *testing.T) {
	fq := func(b *fuseNet, name string, x fuseRef, levels int, bcast string, ranges ...fuseRef) fuseRef {
		return b.op(name, "FakeQuantize", "opset1", fmt.Sprintf(`levels="%d" auto_broadcast="%s"`, levels, bcast), append([]fuseRef{x}, ranges...)...)
	}
	tests := []struct {
		name  string
		prec  string
		build func(b *fuseNet)
		want  []string
	}{
		{"conv bias fq, relu fq, matmul fq", "FP32", func(b *fuseNet) {
			x := b.param("x", 1, 4, 7, 6)
			c := b.conv("conv", x, 4, 9)
			a := b.op("bias", "Add", "opset1", "", c, b.constant(nil, 1, 9, 1, 1))
			q := fq(b, "fq1", a, 256, "numpy", b.constant([]float32{-1.5}), b.constant([]float32{1.25}), b.constant([]float32{-1.5}), b.constant([]float32{1.25}))
			c2 := b.conv("conv2", q, 9, 5)
			r := b.op("relu", "ReLU", "opset1", "", c2)
			lo := b.constant([]float32{0, 0, 0.1, 0, 0}, 1, 5, 1, 1)
			hi := b.constant([]float32{2, 1, 3, 0, -1}, 5, 1, 1) // il == ih, il > ih
			q2 := fq(b, "fq2", r, 255, "numpy", lo, hi, b.constant([]float32{-2}), b.constant([]float32{2, 3, 4, 5, 6}, 1, 5, 1, 1))
			m := b.op("fc", "MatMul", "opset1", "", q2, b.constant(nil, 6, 3))
			b.result(fq(b, "fq3", m, 16, "numpy", b.constant([]float32{-0.5, -1, 0}, 3), b.constant([]float32{0.5}), b.constant([]float32{0}), b.constant([]float32{1})))
		}, []string{"Convolution+Add+FakeQuantize", "Convolution+ReLU+FakeQuantize", "MatMul+FakeQuantize"}},
		{"pdpd, depthwise, fq then residual", "FP32", func(b *fuseNet) {
			x := b.param("x", 1, 6, 5, 5)
			dw := b.op("dw", "GroupConvolution", "opset1", fuseConv3x3, x, b.constant(nil, 6, 1, 1, 3, 3))
			q := b.op("fq", "FakeQuantize", "opset1", `levels="256" auto_broadcast="pdpd" axis="1"`, dw,
				b.constant([]float32{-1, -0.5, -0.2, -1, -2, 0}, 6), b.constant([]float32{1}), b.constant([]float32{-1}), b.constant([]float32{1}))
			c := b.conv("conv", q, 6, 6)
			q2 := fq(b, "fq2", c, 256, "numpy", b.constant([]float32{-1}), b.constant([]float32{1}), b.constant([]float32{-1}), b.constant([]float32{1}))
			b.result(b.op("res", "Add", "opset1", "", q2, x))
		}, []string{"GroupConvolution+FakeQuantize", "Convolution+FakeQuantize+Add"}},
		// What must not fuse.
		{"f16, ranges along width, run-time range", "FP16", func(b *fuseNet) {
			x := b.param("x", 1, 4, 5, 5)
			c := b.conv("conv", x, 4, 4)
			b.result(fq(b, "fq", c, 256, "numpy", b.constant([]float32{-1}), b.constant([]float32{1}), b.constant([]float32{-1}), b.constant([]float32{1})))
		}, []string{"Convolution", "FakeQuantize"}},
		{"ranges along width, run-time range", "FP32", func(b *fuseNet) {
			x := b.param("x", 1, 4, 5, 5)
			hi := b.param("hi")
			c := b.conv("conv", x, 4, 4)
			q := fq(b, "fq", c, 256, "numpy", b.constant([]float32{-1, -1, 0, 0, -2}, 5), b.constant([]float32{1}), b.constant([]float32{-1}), b.constant([]float32{1}))
			c2 := b.conv("conv2", q, 4, 4)
			b.result(fq(b, "fq2", c2, 256, "numpy", b.constant([]float32{-1}), hi, b.constant([]float32{-1}), b.constant([]float32{1})))
		}, []string{"Convolution", "FakeQuantize", "Convolution", "FakeQuantize"}},
	}
	ctx := context.Background()
	for ti, tc := range tests {
		b := newFuseNet(tc.prec, uint64(ti+30))
		tc.build(b)
		for _, threads := range []int{1, 2} {
			p := b.load(t, Options{Threads: threads})
			require.Equal(t, tc.want, fuseLabels(t, p), "%s t%d", tc.name, threads)
			plain := b.load(t, Options{Threads: threads, fuseSkip: "FakeQuantize"})
			for rep := 0; rep < 3; rep++ {
				ins := fuseInputs(p, uint64(rep))
				want, err := plain.Run(ctx, ins)
				require.NoError(t, err, tc.name)
				got, err := p.Run(ctx, ins)
				require.NoError(t, err, tc.name)
				for i := range want {
					w, g := fuseF64(want[i]), fuseF64(got[i])
					require.Len(t, g, len(w))
					for j := range w {
						require.Equal(t, math.Float64bits(w[j]), math.Float64bits(g[j]), "%s t%d output %d [%d]: %g vs %g", tc.name, threads, i, j, w[j], g[j])
					}
				}
			}
		}
	}
}
