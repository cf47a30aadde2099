package graph_test

import (
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/irrun/irrun/graph"
	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/ir/npy"
	"github.com/stretchr/testify/require"
	"github.com/x448/float16"
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
				cv, err := ovcConvert(v, vi[0].Type)
				require.NoError(t, err)
				v = cv
			}
			require.NoError(t, st.SetVariable(r.Variable, v), "run %d", k)
		}
		outs, err := p.RunState(context.Background(), st, inputs)
		require.NoError(t, err, "run %d", k)
		want := &ir.Tensor{Type: ir.F64, Shape: outs[idx].Shape, Data: r.Y}
		got, err := ovcConvert(outs[idx], ir.F64)
		require.NoError(t, err)
		if why := closeMismatch(want, got, false, atol, rtol); why != "" {
			require.Failf(t, "state run mismatch", "run %d: %s", k, why)
		}
	}
}

// ovcConvert returns t's values as element type to (float64 for comparisons, or a
// variable's type for set_state); the values are small integers, exact in every type.
func ovcConvert(t *ir.Tensor, to ir.ElementType) (*ir.Tensor, error) {
	f, ok := t.Float64s()
	if !ok {
		return nil, os.ErrInvalid
	}
	var data any
	switch to {
	case ir.F64:
		data = f
	case ir.F32:
		data = ovcMap(f, func(v float64) float32 { return float32(v) })
	case ir.F16:
		data = ovcMap(f, func(v float64) float16.Float16 { return float16.Fromfloat32(float32(v)) })
	case ir.BF16:
		data = ovcMap(f, func(v float64) uint16 { return uint16(math.Float32bits(float32(v)) >> 16) })
	case ir.I8:
		data = ovcMap(f, func(v float64) int8 { return int8(v) })
	case ir.I16:
		data = ovcMap(f, func(v float64) int16 { return int16(v) })
	case ir.I32:
		data = ovcMap(f, func(v float64) int32 { return int32(v) })
	case ir.I64:
		data = ovcMap(f, func(v float64) int64 { return int64(v) })
	case ir.U8:
		data = ovcMap(f, func(v float64) uint8 { return uint8(v) })
	case ir.U16:
		data = ovcMap(f, func(v float64) uint16 { return uint16(v) })
	case ir.U32:
		data = ovcMap(f, func(v float64) uint32 { return uint32(v) })
	case ir.U64:
		data = ovcMap(f, func(v float64) uint64 { return uint64(v) })
	default:
		return nil, os.ErrInvalid
	}
	return &ir.Tensor{Type: to, Shape: t.Shape, Data: data}, nil
}

func ovcMap[T any](f []float64, conv func(float64) T) []T {
	out := make([]T, len(f))
	for i, v := range f {
		out[i] = conv(v)
	}
	return out
}
