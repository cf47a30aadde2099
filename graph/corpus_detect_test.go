package graph

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/irrun/irrun/ir"
)

func corpusXML(t *testing.T, name string) string {
	t.Helper()
	p := filepath.Join("..", "..", "shared", "corpus", name, "model.xml")
	if _, err := os.Stat(p); err != nil {
		t.Skip("corpus not found")
	}
	return p
}

// ms-dummy-fp64-ir11 adds an f64 Const (1.0) in f64: differences of 1e-12 survive, as
// they would not through f32.
func TestCorpusF64ComputesInF64(t *testing.T) {
	p, err := Load(corpusXML(t, "ms-dummy-fp64-ir11"), Options{Threads: 1})
	require.NoError(t, err)
	defer p.Close()
	x := make([]float64, 10)
	for i := range x {
		x[i] = 0.1 + 1e-12*float64(i)
	}
	in, err := ir.TensorOf(x, 1, 10)
	require.NoError(t, err)
	outs, err := p.Run(context.Background(), []*ir.Tensor{in})
	require.NoError(t, err)
	require.Equal(t, ir.F64, outs[0].Type)
	y := outs[0].Data.([]float64)
	for i := range x {
		require.Equal(t, x[i]+1, y[i])
	}
}

// ms-passthrough-string returns its string input.
func TestCorpusPassthroughString(t *testing.T) {
	p, err := Load(corpusXML(t, "ms-passthrough-string"), Options{Threads: 1})
	require.NoError(t, err)
	defer p.Close()
	require.Equal(t, ir.String, p.Inputs()[0].Type)
	in := &ir.Tensor{Type: ir.String, Shape: []int{3}, Data: []string{"irrun", "", "héllo ✓"}}
	outs, err := p.Run(context.Background(), []*ir.Tensor{in})
	require.NoError(t, err)
	require.Equal(t, in.Data, outs[0].Data)
}

// ms-scalar-2023.0 adds a 0-d Const (0.0 in its .bin) to a 0-d input: the output is 0-d
// and equals the input (models.py cannot compare 0-d outputs, so this is its check).
func TestCorpusScalarModel(t *testing.T) {
	p, err := Load(corpusXML(t, "ms-scalar-2023.0"), Options{Threads: 1})
	require.NoError(t, err)
	defer p.Close()
	require.Empty(t, p.Inputs()[0].Shape.Dims)
	for _, v := range []float32{2.5, -0.0, 1e-30} {
		in, err := ir.TensorOf([]float32{v})
		require.NoError(t, err)
		outs, err := p.Run(context.Background(), []*ir.Tensor{in})
		require.NoError(t, err)
		require.Empty(t, outs[0].Shape)
		require.Equal(t, []float32{v + 0}, outs[0].Data)
	}
}
