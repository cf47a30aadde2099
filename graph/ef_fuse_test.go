package graph

import (
	"context"
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

// TestCorpusFusedEltwiseExact: f32 models whose elementwise nodes anchor fused chains
// (the squeeze-excitation Multiply followed by residual Adds, Multiply+FakeQuantize, a
// Multiply/Add scale-shift pair) give the bits of the program without any fusion, on
// random inputs, at 1 and 2 threads, as the same program with the elementwise anchors
// left out (person-reid-0288's convolution epilogues differ from the unfused graph in their
// Sigmoid steps' float32 exp), and person-reid-0287-int8 the bits of no fusion at all.
func TestCorpusFusedEltwiseExact(t *testing.T) {
	if testing.Short() {
		t.Skip("runs real models several times")
	}
	for _, name := range []string{"person-reid-0288-fp16", "person-reid-0287-int8"} {
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
				require.True(t, slices.ContainsFunc(labels, func(l string) bool {
					return strings.HasPrefix(l, "Multiply+")
				}), "elementwise anchors: %v", labels)
				r := rand.New(rand.NewPCG(uint64(threads), 11))
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
				skips := []string{"elt-anchors"}
				if name == "person-reid-0287-int8" {
					skips = append(skips, "*") // no Sigmoid step: the bits of no fusion at all
				}
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
}
