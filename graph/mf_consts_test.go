package graph

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

// TestMfWeightsNotDuplicated: a program of an int8 model keeps one float32 copy of its
// weights, not two. Its filters are Multiply(Convert(i8 Const), scale); the Convert
// outputs are only needed to fold the Multiply, so neither the graph nor the program
// keeps them: the computed values held (outside the model's Consts) weigh at most four
// bytes per i8 weight, plus the small shape values.
func TestMfWeightsNotDuplicated(t *testing.T) {
	f := filepath.Join("..", "..", "shared", "corpus", "yolov8n-int8-static-2024.1", "model.xml")
	if _, err := os.Stat(f); err != nil {
		t.Skip("corpus not found")
	}
	p, err := Load(f, Options{Threads: 1})
	require.NoError(t, err)
	defer p.Close()
	bytesOf := func(x *ir.Tensor) int64 {
		n, err := tensorBytes(x.Type, x.Len(), 1<<40)
		require.NoError(t, err)
		return n
	}
	var i8, held int64
	seen := map[*ir.Tensor]bool{}
	hold := func(x *ir.Tensor) {
		if x != nil && !seen[x] {
			seen[x] = true
			held += bytesOf(x)
		}
	}
	converts := 0
	for _, n := range p.g.Order {
		isConst := strings.EqualFold(n.Layer.Type, "Const")
		for i, o := range n.Outputs {
			switch {
			case isConst && o.Value != nil && o.Value.Type == ir.I8:
				i8 += int64(o.Value.Len())
			case !isConst:
				hold(o.Value)
				hold(p.consts[p.base[n.Index]+i])
			}
		}
		if n.Layer.Type == "Convert" && len(n.Inputs) == 1 && n.Inputs[0].Node != nil && n.Inputs[0].Node.Layer.Type == "Const" &&
			n.Inputs[0].Node.Outputs[0].Value.Len() > 1<<12 { // weights, not shape values
			converts++
			v := p.base[n.Index]
			require.Nil(t, p.consts[v], "Convert %s", n.Layer.Name)
			require.Nil(t, n.Outputs[0].Value, "Convert %s", n.Layer.Name)
		}
	}
	require.Greater(t, converts, 50)
	require.Greater(t, i8, int64(3_000_000))
	require.LessOrEqual(t, held, 4*i8+1<<20, "%d bytes of computed values for %d i8 weights", held, i8)
}
