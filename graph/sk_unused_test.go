package graph_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/irrun/irrun/graph"
	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

// skPoolModel: x [shape] -> MaxPool-8 k3 s2 same_upper -> Result "y" (values); the
// indices feed a Result "idx" only when withIdx, otherwise nothing reads them.
func skPoolModel(shape string, withIdx bool) []byte {
	layers := paramXML(0, "x", shape, "FP32") +
		layerXML(1, "pool", "MaxPool", "opset8", `strides="2, 2" dilations="1, 1" pads_begin="0, 0" pads_end="0, 0" kernel="3, 3" rounding_type="floor" auto_pad="same_upper" index_element_type="i64" axis="0"`, 2, "y", "idx") +
		resultXML(2, "y/sink_port_0")
	edges := edgeXML(0, 0, 1, 0) + edgeXML(1, 1, 2, 0)
	if withIdx {
		layers += resultXML(3, "idx/sink_port_0")
		edges += edgeXML(1, 2, 3, 0)
	}
	return netXML(layers, edges)
}

// TestSkUnusedIndices: a MaxPool-8 whose indices nothing reads (the kernel may skip
// them: ExecOptions.UnusedOutputs) gives the values of an independent naive pooling, as
// does the same pool with its indices a Result (values and indices), at 1 and 2 threads
// and with the reference kernels; runs allocate nothing.
func TestSkUnusedIndices(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 1))
	x := randTensor(r, 1, 5, 19, 36)
	vals, idx, _, _ := naiveMaxPoolSame(x, 3, 2)
	for _, withIdx := range []bool{false, true} {
		for _, opts := range []graph.Options{{Threads: 1}, {Threads: 2}, {Reference: true, Threads: 1}} {
			p := compileXML(t, skPoolModel("1,5,19,36", withIdx), opts)
			outs, err := p.Run(context.Background(), []*ir.Tensor{x})
			require.NoError(t, err)
			require.Equal(t, vals, outs[0].Data, "withIdx %v %+v", withIdx, opts)
			if withIdx {
				require.Equal(t, idx, outs[1].Data, "%+v", opts)
			} else {
				require.Len(t, outs, 1)
			}
			allocs := testing.AllocsPerRun(20, func() {
				if err := p.RunInto(context.Background(), []*ir.Tensor{x}, outs); err != nil {
					t.Fatal(err)
				}
			})
			require.Zero(t, allocs)
		}
	}
}
