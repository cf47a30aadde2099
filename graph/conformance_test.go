package graph_test

import (
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/irrun/irrun/graph"
	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/ir/npy"
	"github.com/stretchr/testify/require"
)

// conformanceCase is testdata/conformance/<source>/<case>/case.json.
type conformanceCase struct {
	Source      string            `json:"source"`
	Origin      string            `json:"origin"`
	Description string            `json:"description"`
	Op          string            `json:"op"`
	Inputs      map[string]string `json:"inputs"`
	Outputs     []struct {
		Name    string  `json:"name"`
		File    string  `json:"file"`
		Compare string  `json:"compare"`
		Atol    float64 `json:"atol"`
		Rtol    float64 `json:"rtol"`
	} `json:"outputs"`
	Expect string `json:"expect"`
	Reason string `json:"reason"`
}

// execModes are the execution strategies every conformance case runs through.
var execModes = []struct {
	name string
	opts graph.Options
}{
	{"reference", graph.Options{Reference: true, Threads: 1}},
	{"fast-1", graph.Options{Threads: 1}},
	{"fast-2", graph.Options{Threads: 2}},
	{"fast-3", graph.Options{Threads: 3}},
}

// TestConformance runs every case of testdata/conformance (expected outputs from
// independent oracles: ONNX test data, OpenVINO's template reference vectors, PyTorch)
// through the reference kernels and the fast kernels with 1, 2 and 3 threads, checks each
// against the expected .npy, and checks that reference and fast agree.
func TestConformance(t *testing.T) {
	root := filepath.Join("..", "testdata", "conformance")
	files, err := filepath.Glob(filepath.Join(root, "*", "*", "case.json"))
	require.NoError(t, err)
	if len(files) == 0 {
		t.Skip("no conformance cases under", root)
	}
	var matched, skipped int
	for _, f := range files {
		dir := filepath.Dir(f)
		name := filepath.Base(filepath.Dir(dir)) + "/" + filepath.Base(dir)
		var c conformanceCase
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		require.NoError(t, json.Unmarshal(data, &c), f)
		if c.Expect != "match" {
			skipped++
		} else {
			matched++
		}
		t.Run(name, func(t *testing.T) {
			if c.Expect != "match" {
				t.Skipf("expect=%s: %s", c.Expect, c.Reason)
			}
			runConformanceCase(t, dir, &c)
		})
	}
	t.Logf("conformance: %d cases run, %d skipped (differs/skip)", matched, skipped)
}

func runConformanceCase(t *testing.T, dir string, c *conformanceCase) {
	m, err := ir.ReadFile(filepath.Join(dir, "model.xml"), "")
	require.NoError(t, err)
	g := graph.Build(m)
	require.NoError(t, g.Err(), "%s", c.Description)

	var results [][]*ir.Tensor // per mode
	for _, mode := range execModes {
		p, err := graph.Compile(g, mode.opts)
		require.NoError(t, err, mode.name)
		inputs := make([]*ir.Tensor, len(p.Inputs()))
		for i, in := range p.Inputs() {
			file, ok := c.Inputs[in.Name]
			if !ok {
				for _, n := range in.TensorNames {
					if file, ok = c.Inputs[n]; ok {
						break
					}
				}
			}
			require.True(t, ok, "no input file for %q", in.Name)
			inputs[i], err = npy.ReadFile(filepath.Join(dir, file))
			require.NoError(t, err)
		}
		outs, err := p.Run(context.Background(), inputs)
		require.NoError(t, err, mode.name)
		infos := p.Outputs()
		for _, o := range c.Outputs {
			idx := slices.IndexFunc(infos, func(ti graph.TensorInfo) bool {
				return ti.Name == o.Name || slices.Contains(ti.TensorNames, o.Name) || ti.Result == o.Name
			})
			require.GreaterOrEqual(t, idx, 0, "no model output %q", o.Name)
			want, err := npy.ReadFile(filepath.Join(dir, o.File))
			require.NoError(t, err)
			exact := o.Compare == "exact"
			requireClose(t, want, outs[idx], exact, o.Atol, o.Rtol, mode.name+" output "+o.Name)
		}
		results = append(results, outs)
		p.Close()
	}
	// Reference and fast kernels agree: max values and indices exactly, averages within
	// the case's tolerance.
	exactAll := strings.Contains(c.Op, "MaxPool")
	for mi := 1; mi < len(results); mi++ {
		for oi := range results[0] {
			atol, rtol := 1e-6, 1e-5
			exact := exactAll || !results[0][oi].Type.IsFloat()
			for _, o := range c.Outputs {
				if o.Compare == "close" {
					atol, rtol = o.Atol, o.Rtol
				}
			}
			requireClose(t, results[0][oi], results[mi][oi], exact, atol, rtol,
				"reference vs "+execModes[mi].name)
		}
	}
}

// requireClose checks got against want: same shape, same element type (bf16 results may
// be expected as f32), and values equal (exact) or within atol + rtol*|want|. NaN matches NaN.
func requireClose(t *testing.T, want, got *ir.Tensor, exact bool, atol, rtol float64, what string) {
	t.Helper()
	require.True(t, slices.Equal(want.Shape, got.Shape), "%s: shape: want %v, got %v", what, want.Shape, got.Shape)
	if !(got.Type == ir.BF16 && want.Type == ir.F32) {
		require.Equal(t, want.Type, got.Type, "%s: element type", what)
	}
	if want.Type.IsInteger() && got.Type.IsInteger() {
		w, ok1 := want.Int64s()
		g, ok2 := got.Int64s()
		require.True(t, ok1 && ok2, what)
		require.Equal(t, w, g, "%s: values", what)
		return
	}
	w, ok1 := want.Float64s()
	g, ok2 := got.Float64s()
	require.True(t, ok1 && ok2, what)
	for i := range w {
		a, b := w[i], g[i]
		if math.IsNaN(a) || math.IsNaN(b) {
			require.True(t, math.IsNaN(a) && math.IsNaN(b), "%s: element %d: want %v, got %v", what, i, a, b)
			continue
		}
		if exact {
			require.True(t, a == b, "%s: element %d: want %v, got %v", what, i, a, b)
			continue
		}
		if a == b { // equal infinities
			continue
		}
		require.LessOrEqual(t, math.Abs(a-b), atol+rtol*math.Abs(a), "%s: element %d: want %v, got %v", what, i, a, b)
	}
}
