package graph_test

import (
	"context"
	"encoding/json"
	"fmt"
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
// against the expected .npy, and checks that reference and fast agree. A case documented
// as differing from its oracle must still differ.
func TestConformance(t *testing.T) {
	root := filepath.Join("..", "testdata", "conformance")
	files, err := filepath.Glob(filepath.Join(root, "*", "*", "case.json"))
	require.NoError(t, err)
	if len(files) == 0 {
		t.Skip("no conformance cases under", root)
	}
	count := map[string]int{}
	for _, f := range files {
		dir := filepath.Dir(f)
		name := filepath.Base(filepath.Dir(dir)) + "/" + filepath.Base(dir)
		var c conformanceCase
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		require.NoError(t, json.Unmarshal(data, &c), f)
		count[c.Expect]++
		t.Run(name, func(t *testing.T) {
			switch c.Expect {
			case "match":
				runConformanceCase(t, dir, &c)
			case "differs":
				requireDiffers(t, dir, &c)
			default:
				t.Skipf("expect=%s: %s", c.Expect, c.Reason)
			}
		})
	}
	t.Logf("conformance: %d cases match their oracle, %d differ as documented, %d skipped",
		count["match"], count["differs"], count["skip"])
}

// requireDiffers checks a case documented as differing from its oracle (OpenVINO's semantics
// give other values, case.json says why) still does: the reference kernels' output is outside
// the case's tolerance for at least one output. If irrun changes to agree, the
// documentation is wrong and the case must become "match".
func requireDiffers(t *testing.T, dir string, c *conformanceCase) {
	outs, infos := runOnce(t, dir, c, graph.Options{Reference: true, Threads: 1})
	var whys []string
	for _, o := range c.Outputs {
		idx := outputIndex(infos, o.Name)
		require.GreaterOrEqual(t, idx, 0, "no model output %q", o.Name)
		want, err := npy.ReadFile(filepath.Join(dir, o.File))
		require.NoError(t, err)
		if why := closeMismatch(want, outs[idx], o.Compare == "exact", o.Atol, o.Rtol); why != "" {
			whys = append(whys, o.Name+": "+why)
		}
	}
	require.NotEmpty(t, whys, "case is documented as differing (%s) but every output matches", c.Reason)
	t.Logf("differs as documented: %s", strings.Join(whys, "; "))
}

// runOnce compiles the case's model with opts and runs it on the case's inputs.
func runOnce(t *testing.T, dir string, c *conformanceCase, opts graph.Options) ([]*ir.Tensor, []graph.TensorInfo) {
	t.Helper()
	m, err := ir.ReadFile(filepath.Join(dir, "model.xml"), "")
	require.NoError(t, err)
	g := graph.Build(m)
	require.NoError(t, g.Err(), "%s", c.Description)
	p, err := graph.Compile(g, opts)
	require.NoError(t, err)
	defer p.Close()
	inputs := make([]*ir.Tensor, len(p.Inputs()))
	for i, in := range p.Inputs() {
		file, ok := c.Inputs[in.Name]
		for _, n := range in.TensorNames {
			if ok {
				break
			}
			file, ok = c.Inputs[n]
		}
		require.True(t, ok, "no input file for %q", in.Name)
		inputs[i], err = npy.ReadFile(filepath.Join(dir, file))
		require.NoError(t, err)
	}
	outs, err := p.Run(context.Background(), inputs)
	require.NoError(t, err)
	return outs, p.Outputs()
}

// outputIndex finds a case's output name among the program's outputs, or -1.
func outputIndex(infos []graph.TensorInfo, name string) int {
	return slices.IndexFunc(infos, func(ti graph.TensorInfo) bool {
		return ti.Name == name || slices.Contains(ti.TensorNames, name) || ti.Result == name
	})
}

func runConformanceCase(t *testing.T, dir string, c *conformanceCase) {
	var results [][]*ir.Tensor // per mode
	for _, mode := range execModes {
		outs, infos := runOnce(t, dir, c, mode.opts)
		for _, o := range c.Outputs {
			idx := outputIndex(infos, o.Name)
			require.GreaterOrEqual(t, idx, 0, "no model output %q", o.Name)
			want, err := npy.ReadFile(filepath.Join(dir, o.File))
			require.NoError(t, err)
			requireClose(t, want, outs[idx], o.Compare == "exact", o.Atol, o.Rtol, mode.name+" output "+o.Name)
		}
		results = append(results, outs)
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
	if why := closeMismatch(want, got, exact, atol, rtol); why != "" {
		require.Fail(t, what+": "+why)
	}
}

// closeMismatch says how got differs from want beyond the tolerance, or "" when it does not.
func closeMismatch(want, got *ir.Tensor, exact bool, atol, rtol float64) string {
	if !slices.Equal(want.Shape, got.Shape) {
		return fmt.Sprintf("shape: want %v, got %v", want.Shape, got.Shape)
	}
	if !(got.Type == ir.BF16 && want.Type == ir.F32) && want.Type != got.Type {
		return fmt.Sprintf("element type: want %s, got %s", want.Type, got.Type)
	}
	if ws, ok := want.Data.([]string); ok {
		gs, ok := got.Data.([]string)
		if !ok {
			return fmt.Sprintf("values: want strings, got %T", got.Data)
		}
		for i := range ws {
			if ws[i] != gs[i] {
				return fmt.Sprintf("element %d: want %q, got %q", i, ws[i], gs[i])
			}
		}
		return ""
	}
	if w, ok := want.Data.([]uint64); ok && want.Type == ir.U64 {
		if g, ok := got.Data.([]uint64); ok { // u64 values above MaxInt64 (Int64s refuses them)
			for i := range w {
				if w[i] != g[i] {
					return fmt.Sprintf("element %d: want %d, got %d", i, w[i], g[i])
				}
			}
			return ""
		}
	}
	if want.Type.IsInteger() && got.Type.IsInteger() {
		w, ok1 := want.Int64s()
		g, ok2 := got.Int64s()
		if !ok1 || !ok2 {
			return "values not readable as integers"
		}
		for i := range w {
			if w[i] != g[i] {
				return fmt.Sprintf("element %d: want %d, got %d", i, w[i], g[i])
			}
		}
		return ""
	}
	w, ok1 := want.Float64s()
	g, ok2 := got.Float64s()
	if !ok1 || !ok2 {
		return "values not readable as floats"
	}
	for i := range w {
		a, b := w[i], g[i]
		switch {
		case math.IsNaN(a) || math.IsNaN(b):
			if !(math.IsNaN(a) && math.IsNaN(b)) {
				return fmt.Sprintf("element %d: want %v, got %v", i, a, b)
			}
		case exact:
			if a != b {
				return fmt.Sprintf("element %d: want %v, got %v", i, a, b)
			}
		case a == b: // equal infinities
		case math.Abs(a-b) > atol+rtol*math.Abs(a):
			return fmt.Sprintf("element %d: want %v, got %v (|diff| %g > %g)", i, a, b, math.Abs(a-b), atol+rtol*math.Abs(a))
		}
	}
	return ""
}
