package layers

import (
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

// Einsum-7's kernel on hand-computed cases (numpy.einsum gives the same values): matrix
// product, transpose, trace, diagonal, implicit output, batch dims through an ellipsis with
// broadcasting, a three-operand contraction, and the corpus' YOLO-World equation.
func TestEinsumKernel(t *testing.T) {
	f := func(dims []int, v ...float32) *ir.Tensor { return tensor(t, ir.F32, dims, v) }
	cases := []struct {
		eq   string
		in   []*ir.Tensor
		dims []int
		want []float32
	}{
		{"ij,jk->ik", []*ir.Tensor{f([]int{2, 3}, 1, 2, 3, 4, 5, 6), f([]int{3, 2}, 7, 8, 9, 10, 11, 12)},
			[]int{2, 2}, []float32{58, 64, 139, 154}},
		{"ij->ji", []*ir.Tensor{f([]int{2, 3}, 1, 2, 3, 4, 5, 6)}, []int{3, 2}, []float32{1, 4, 2, 5, 3, 6}},
		{"ii->", []*ir.Tensor{f([]int{2, 2}, 1, 2, 3, 4)}, []int{}, []float32{5}},
		{"ii->i", []*ir.Tensor{f([]int{2, 2}, 1, 2, 3, 4)}, []int{2}, []float32{1, 4}},
		{"ij,jk", []*ir.Tensor{f([]int{1, 2}, 1, 2), f([]int{2, 1}, 3, 4)}, []int{1, 1}, []float32{11}},
		{"...ij,...jk->...ik", []*ir.Tensor{f([]int{2, 1, 2}, 1, 2, 3, 4), f([]int{1, 2, 1}, 5, 6)},
			[]int{2, 1, 1}, []float32{17, 39}},
		{"i,i,i->", []*ir.Tensor{f([]int{3}, 1, 2, 3), f([]int{3}, 4, 5, 6), f([]int{3}, 1, 1, 2)}, []int{}, []float32{4 + 10 + 36}},
		{"bchw,bkc->bkhw", []*ir.Tensor{f([]int{1, 2, 1, 2}, 1, 2, 3, 4), f([]int{1, 1, 2}, 10, 100)},
			[]int{1, 1, 1, 2}, []float32{310, 420}},
	}
	for _, c := range cases {
		t.Run(c.eq, func(t *testing.T) {
			op := decodeOp(t, "Einsum", "opset7", "equation", c.eq)
			outs := run(t, op, ExecOptions{Reference: true}, c.in...)
			require.Equal(t, c.dims, append([]int{}, outs[0].Shape...))
			require.Equal(t, c.want, outs[0].Data)
		})
	}
}
