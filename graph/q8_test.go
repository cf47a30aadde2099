package graph

import (
	"context"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

// TestCorpusQ8: on the FakeQuantize models the int8 pass turns convolutions into
// Convolution[u8] steps (none with NoInt8 or Reference); their outputs agree with the
// float32 program (NoInt8) within models.py's int8 tolerance — one output quantization
// step on ≥ 99 % of the elements, or cosine ≥ 0.995 — on random images; 1 and 2 threads
// give the same bits; a run allocates nothing; a NaN in the image runs (the NaN-fed convolutions fall back to
// float32) and matches the float32 program's NaN positions.
func TestCorpusQ8(t *testing.T) {
	if testing.Short() {
		t.Skip("runs real models several times")
	}
	for _, tc := range []struct {
		name  string
		unit  bool // images in [0, 1]
		minU8 int
	}{
		{"yolov8n-int8-static-2024.1", true, 50},
		{"person-reid-0287-int8", false, 78}, // 76 before MaxPool passed the grid on
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := filepath.Join("..", "..", "shared", "corpus", tc.name, "model.xml")
			if _, err := os.Stat(f); err != nil {
				t.Skip("corpus not found")
			}
			load := func(o Options) *Program {
				p, err := Load(f, o)
				require.NoError(t, err)
				t.Cleanup(p.Close)
				return p
			}
			count := func(p *Program) int {
				n := 0
				for _, l := range fuseLabels(t, p) {
					if strings.HasPrefix(l, "Convolution[u8]") {
						n++
					}
				}
				return n
			}
			q1, q2 := load(Options{Threads: 1}), load(Options{Threads: 2})
			fl := load(Options{Threads: 1, NoInt8: true})
			require.GreaterOrEqual(t, count(q1), tc.minU8)
			require.Zero(t, count(fl))
			r := rand.New(rand.NewPCG(11, 12))
			var ins []*ir.Tensor
			for _, in := range q1.Inputs() {
				dims, _, ok := staticInts(in.Shape)
				require.True(t, ok)
				x, err := ir.NewTensor(in.Type, dims)
				require.NoError(t, err)
				xs := x.Data.([]float32)
				for i := range xs {
					if tc.unit {
						xs[i] = r.Float32()
					} else {
						xs[i] = float32(r.IntN(256))
					}
				}
				ins = append(ins, x)
			}
			ctx := context.Background()
			got1, err := q1.Run(ctx, ins)
			require.NoError(t, err)
			got2, err := q2.Run(ctx, ins)
			require.NoError(t, err)
			want, err := fl.Run(ctx, ins)
			require.NoError(t, err)
			for i := range want {
				g1, g2, w := got1[i].Data.([]float32), got2[i].Data.([]float32), want[i].Data.([]float32)
				require.Equal(t, g1, g2, "threads")
				q8RequireInt8Close(t, w, g1)
			}
			// The quantised steps allocate nothing per run (the codes live in the arena).
			allocs := testing.AllocsPerRun(2, func() {
				if err := q1.RunInto(ctx, ins, got1); err != nil {
					t.Fatal(err)
				}
			})
			require.Zero(t, allocs)
			// A NaN pixel: the quantised steps it reaches compute in float32.
			ins[0].Data.([]float32)[1234] = float32(math.NaN())
			gotN, err := q1.Run(ctx, ins)
			require.NoError(t, err)
			wantN, err := fl.Run(ctx, ins)
			require.NoError(t, err)
			for i := range wantN {
				g, w := gotN[i].Data.([]float32), wantN[i].Data.([]float32)
				for j := range w {
					require.Equal(t, math.IsNaN(float64(w[j])), math.IsNaN(float64(g[j])), "output %d element %d", i, j)
				}
			}
		})
	}
}

// q8RequireInt8Close is models.py's int8 comparison.
func q8RequireInt8Close(t *testing.T, ref, got []float32) {
	t.Helper()
	require.Len(t, got, len(ref))
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, v := range ref {
		lo, hi = math.Min(lo, float64(v)), math.Max(hi, float64(v))
	}
	step := (hi - lo) / 255
	bad := 0
	var dot, nr, ng float64
	for i := range ref {
		r, g := float64(ref[i]), float64(got[i])
		if math.Abs(r-g) > step*(1+1e-6)+1e-7 {
			bad++
		}
		dot, nr, ng = dot+r*g, nr+r*r, ng+g*g
	}
	cos := dot / math.Sqrt(nr*ng)
	frac := float64(bad) / float64(len(ref))
	require.True(t, frac <= 0.01 || cos >= 0.995, "%.2f%% beyond one step, cosine %v", 100*frac, cos)
	t.Logf("%.3f%% beyond one step (%.3g), cosine %.6f", 100*frac, step, cos)
}

// TestQ8ReferenceOff: Options.Reference leaves every convolution in float32.
func TestQ8ReferenceOff(t *testing.T) {
	f := filepath.Join("..", "..", "shared", "corpus", "person-reid-0287-int8", "model.xml")
	if _, err := os.Stat(f); err != nil {
		t.Skip("corpus not found")
	}
	p, err := Load(f, Options{Threads: 1, Reference: true})
	require.NoError(t, err)
	defer p.Close()
	for _, l := range fuseLabels(t, p) {
		require.NotContains(t, l, "[u8]")
	}
}
