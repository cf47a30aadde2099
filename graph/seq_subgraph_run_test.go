package graph

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/irrun/irrun/ir"
)

// Execution of If-8 and TensorIterator (layers/seq_if.go, layers/seq_tensor_iterator.go) on the models of
// seq_subgraph_test.go, against values computed by hand.

func seqLoad(t *testing.T, xml string, bin []byte) *Program {
	t.Helper()
	m, err := ir.Parse("seq.xml", []byte(xml))
	require.NoError(t, err)
	if bin != nil {
		m.SetWeights(ir.NewWeights(bin, "seq.bin"))
	}
	g := Build(m)
	for _, d := range g.Diagnostics {
		require.NotEqual(t, ir.SeverityError, d.Severity, "%s", d.Message)
	}
	p, err := Compile(g, Options{Threads: 1})
	require.NoError(t, err)
	t.Cleanup(p.Close)
	return p
}

func TestSeqIfRuns(t *testing.T) {
	p := seqLoad(t, seqIfXML(""), nil)
	x, err := ir.TensorOf([]float32{-1, 2, -3, 4, -5, 6}, 2, 3)
	require.NoError(t, err)
	for _, c := range []struct {
		cond  bool
		shape []int
		want  []float32
	}{
		{true, []int{2, 3}, []float32{0, 2, 0, 4, 0, 6}},                          // then: ReLU
		{false, []int{4, 3}, []float32{-1, 2, -3, 4, -5, 6, -1, 2, -3, 4, -5, 6}}, // else: Concat(x, x)
		{true, []int{2, 3}, []float32{0, 2, 0, 4, 0, 6}},                          // and back
	} {
		cond, err := ir.TensorOf([]bool{c.cond})
		require.NoError(t, err)
		outs, err := p.Run(context.Background(), []*ir.Tensor{cond, x})
		require.NoError(t, err)
		require.Equal(t, c.shape, outs[0].Shape, "cond %v", c.cond)
		require.Equal(t, c.want, outs[0].Data, "cond %v", c.cond)
	}
	two, err := ir.TensorOf([]bool{true, false}, 2)
	require.NoError(t, err)
	_, err = p.Run(context.Background(), []*ir.Tensor{two, x})
	require.Error(t, err)
}

// The body adds slice i of x (axis 1) to h: output 0 stacks the running sums along axis 1,
// output 1 is the last one.
func TestSeqTensorIteratorRuns(t *testing.T) {
	one := []byte{1, 0, 0, 0, 0, 0, 0, 0}
	x := make([]float32, 2*5*3)
	for i := range x {
		x[i] = float32(i*i%7) - 2.5
	}
	h0 := []float32{1, 2, 3, 4, 5, 6}
	xt, err := ir.TensorOf(x, 2, 5, 3)
	require.NoError(t, err)
	ht, err := ir.TensorOf(h0, 2, 3)
	require.NoError(t, err)

	// running sums in the order the slices are taken
	sums := func(order []int) (stack, last []float32) {
		stack = make([]float32, 2*5*3)
		h := append([]float32(nil), h0...)
		for it, j := range order {
			for b := range 2 {
				for c := range 3 {
					h[b*3+c] += x[b*15+j*3+c]
					stack[b*15+it*3+c] = h[b*3+c]
				}
			}
		}
		return stack, h
	}
	for _, c := range []struct {
		name     string
		edit     func(string) string
		order    []int
		reversed bool // the stacked output is in reverse iteration order
	}{
		{"forward", nil, []int{0, 1, 2, 3, 4}, false},
		{"input stride -1", func(s string) string {
			return strings.Replace(s, `<input axis="1" external_port_id="0" internal_layer_id="0" part_size="1" stride="1"/>`,
				`<input axis="1" external_port_id="0" internal_layer_id="0" part_size="1" start="-1" end="0" stride="-1"/>`, 1)
		}, []int{4, 3, 2, 1, 0}, false},
		{"output stride -1", func(s string) string {
			return strings.Replace(s, `<output axis="1" external_port_id="2" internal_layer_id="6" part_size="1" stride="1"/>`,
				`<output axis="1" external_port_id="2" internal_layer_id="6" part_size="1" start="-1" end="0" stride="-1"/>`, 1)
		}, []int{0, 1, 2, 3, 4}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			xml := seqTIXML("2,5,3")
			if c.edit != nil {
				xml = c.edit(xml)
				require.NotEqual(t, seqTIXML("2,5,3"), xml)
			}
			p := seqLoad(t, xml, one)
			outs, err := p.Run(context.Background(), []*ir.Tensor{xt, ht})
			require.NoError(t, err)
			stack, last := sums(c.order)
			if c.reversed {
				rev := make([]float32, len(stack))
				for b := range 2 {
					for it := range 5 {
						copy(rev[b*15+(4-it)*3:b*15+(4-it)*3+3], stack[b*15+it*3:b*15+it*3+3])
					}
				}
				stack = rev
			}
			require.Equal(t, []int{2, 5, 3}, outs[0].Shape)
			require.Equal(t, stack, outs[0].Data)
			require.Equal(t, []int{2, 3}, outs[1].Shape)
			require.Equal(t, last, outs[1].Data)
		})
	}
}
