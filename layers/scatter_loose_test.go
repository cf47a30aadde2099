package layers

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/irrun/irrun/ir"
)

// TestScatterUpdateLooseUpdates: ScatterUpdate-3 with a run-time axis and updates whose shape is
// not data[:axis]+indices+data[axis+1:]. Expected values are OpenVINO's template reference
// vectors (src/plugins/template/tests/functional/op_reference/scatter_update.cpp@213bfc02),
// data all zeros, updates 1..n.
func TestScatterUpdateLooseUpdates(t *testing.T) {
	cases := []struct {
		name               string
		data, idxDims, upd []int
		idx                []int64
		axis               int64
		want               []float32
	}{
		{"3x3 idx[2] upd 3x5 axis 1", []int{3, 3}, []int{2}, []int{3, 5}, []int64{0, 2}, 1,
			[]float32{1, 0, 2, 6, 0, 7, 11, 0, 12}},
		{"3x3 idx[1,2] upd 4x4x4 axis 1", []int{3, 3}, []int{1, 2}, []int{4, 4, 4}, []int64{1, 2}, 1,
			[]float32{0, 1, 2, 0, 17, 18, 0, 33, 34}},
		{"2x2x2 idx[2,1] upd 2x2x3x2 axis 2", []int{2, 2, 2}, []int{2, 1}, []int{2, 2, 3, 2}, []int64{1, 0}, 2,
			[]float32{2, 1, 8, 7, 14, 13, 20, 19}},
		{"2x2x3 idx[1,2,1] upd 2x2x3x1x2 axis -2", []int{2, 2, 3}, []int{1, 2, 1}, []int{2, 2, 3, 1, 2}, []int64{0, 1}, -2,
			[]float32{1, 2, 13, 3, 4, 15, 14, 0, 0, 16, 0, 0}},
		{"canonical 3x3 idx[1,2] upd 1x2x3 axis 0", []int{3, 3}, []int{1, 2}, []int{1, 2, 3}, []int64{1, 2}, 0,
			[]float32{0, 0, 0, 1, 2, 3, 4, 5, 6}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			op := decodeOp(t, "ScatterUpdate", "opset3")
			upd := make([]float32, product(c.upd))
			for i := range upd {
				upd[i] = float32(i + 1)
			}
			in := []*ir.Tensor{
				tensor(t, ir.F32, c.data, make([]float32, product(c.data))),
				tensor(t, ir.I64, c.idxDims, c.idx),
				tensor(t, ir.F32, c.upd, upd),
				tensor(t, ir.I64, []int{1}, []int64{c.axis}),
			}
			// run-time inputs (no Values): as the graph runs Parameters
			inputs := make([]Input, len(in))
			for i, x := range in {
				inputs[i] = Input{Type: x.Type, Shape: shapeOfDims(x.Shape)}
			}
			outs, err := layRunInputs(op, inputs, ExecOptions{}, in)
			require.NoError(t, err)
			require.Equal(t, c.want, outs[0].Data)
		})
	}
	// A Const axis is validated as OpenVINO validates it.
	op := decodeOp(t, "ScatterUpdate", "opset3")
	_, err := op.Infer([]Input{{Type: ir.F32, Shape: shape(t, "3,3")}, {Type: ir.I64, Shape: shape(t, "2")},
		{Type: ir.F32, Shape: shape(t, "3,5")}, {Type: ir.I64, Shape: shape(t, "1"), Value: i64Tensor(t, 1), Constant: true}})
	require.ErrorContains(t, err, "Updates shape must have appropriate dimensions")
}
