package graph_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/irrun/irrun/graph"
	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/ir/npy"
	"github.com/irrun/irrun/layers"
	"github.com/stretchr/testify/require"
)

// ovcRun is one entry of a conformance case's "runs": the expected outputs of one run on a
// shared State, and an optional action before it ("reset": State.Reset; "set_state": the
// variable takes the value of one of the case's inputs).
type ovcRun struct {
	Action         string    `json:"action"`
	Variable       string    `json:"variable"`
	ValueFromInput string    `json:"value_from_input"`
	Y              []float64 `json:"y"`
}

// TestOVConvStateRuns replays the multi-run state vectors of OpenVINO's memory.cpp reference
// tests (testdata/conformance/ovconv, cases with "runs"): every run on one State, through the
// reference and the fast kernels, output "y" compared run by run.
func TestOVConvStateRuns(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "testdata", "conformance", "ovconv", "*", "case.json"))
	require.NoError(t, err)
	n := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		var c struct {
			conformanceCase
			Runs []ovcRun `json:"runs"`
		}
		require.NoError(t, json.Unmarshal(data, &c), f)
		if len(c.Runs) == 0 || c.Expect != "match" {
			continue
		}
		n++
		dir := filepath.Dir(f)
		t.Run(filepath.Base(dir), func(t *testing.T) {
			for _, mode := range execModes {
				ovcReplay(t, dir, &c.conformanceCase, c.Runs, mode.opts)
			}
		})
	}
	require.NotZero(t, n, "no ovconv case with runs")
}

func ovcReplay(t *testing.T, dir string, c *conformanceCase, runs []ovcRun, opts graph.Options) {
	t.Helper()
	m, err := ir.ReadFile(filepath.Join(dir, "model.xml"), "")
	require.NoError(t, err)
	g := graph.Build(m)
	require.NoError(t, g.Err())
	p, err := graph.Compile(g, opts)
	require.NoError(t, err)
	defer p.Close()
	byName := map[string]*ir.Tensor{}
	inputs := make([]*ir.Tensor, len(p.Inputs()))
	for i, in := range p.Inputs() {
		file, ok := c.Inputs[in.Name]
		require.True(t, ok, "no input file for %q", in.Name)
		inputs[i], err = npy.ReadFile(filepath.Join(dir, file))
		require.NoError(t, err)
		byName[in.Name] = inputs[i]
	}
	idx := outputIndex(p.Outputs(), "y")
	require.GreaterOrEqual(t, idx, 0)
	atol, rtol := 0.0, 0.0
	for _, o := range c.Outputs {
		if o.Name == "y" {
			atol, rtol = o.Atol, o.Rtol
		}
	}
	st := p.NewState()
	for k, r := range runs {
		switch r.Action {
		case "reset":
			st.Reset()
		case "set_state":
			v, ok := byName[r.ValueFromInput]
			require.True(t, ok, "run %d: no input %q", k, r.ValueFromInput)
			// the state holds the op's type: a bf16 case feeds f32 through a Convert
			if vi := st.Variables(); len(vi) > 0 && vi[0].Type != v.Type {
				cv, err := layers.ConvertTensor(v, vi[0].Type)
				require.NoError(t, err)
				v = cv
			}
			require.NoError(t, st.SetVariable(r.Variable, v), "run %d", k)
		}
		outs, err := p.RunState(context.Background(), st, inputs)
		require.NoError(t, err, "run %d", k)
		want := &ir.Tensor{Type: ir.F64, Shape: outs[idx].Shape, Data: r.Y}
		got, err := layers.ConvertTensor(outs[idx], ir.F64)
		require.NoError(t, err)
		if why := closeMismatch(want, got, false, atol, rtol); why != "" {
			require.Failf(t, "state run mismatch", "run %d: %s", k, why)
		}
	}
}
