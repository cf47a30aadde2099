package layers

import (
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

// PriorBoxClustered: type_prop/prior_box_clustered.cpp (shapes, messages) and
// op_reference/prior_box_clustered.cpp (values).
func TestPriorBoxClusteredInfer(t *testing.T) {
	attrs := []string{"width", "4.0, 2.0, 3.2", "height", "1.0, 2.0, 1.1"}
	cases := []struct {
		name     string
		attrs    []string
		layer    Input
		image    Input
		out, err string
	}{
		{"simple_inference", attrs, Input{Type: ir.I64, Shape: shape(t, "2"), Value: i64Tensor(t, 19, 19)},
			Input{Type: ir.I64, Shape: shape(t, "2")}, "[2,4332]", ""},
		{"inputs_dynamic_rank", attrs, Input{Type: ir.I64, Shape: shape(t, "...")}, Input{Type: ir.I64, Shape: shape(t, "...")}, "[2,?]", ""},
		{"out_size_bounds", attrs, Input{Type: ir.I32, Shape: shape(t, "2"), Bounds: &Bounds{Lo: []int64{2, 1}, Hi: []int64{5, 3}}},
			Input{Type: ir.I32, Shape: shape(t, "2")}, "[2,24..180]", ""},
		{"out_size_unbounded", attrs, Input{Type: ir.I32, Shape: shape(t, "2"), Bounds: &Bounds{Lo: []int64{2, 1}, Hi: []int64{ir.Inf, 3}}},
			Input{Type: ir.I32, Shape: shape(t, "2")}, "[2,24..]", ""},
		{"corpus face-detection-retail-0004 fc7 (19x19, 9 priors)", []string{
			"width", "9.4, 25.1, 14.7, 34.7, 143, 77.4, 128.8, 51.1, 75.6", "height", "15, 39.6, 25.5, 63.2, 227.5, 162.9, 124.5, 105.1, 72.6",
			"clip", "false", "offset", "0.5", "step", "0", "step_h", "16", "step_w", "16", "variance", "0.1, 0.1, 0.2, 0.2"},
			Input{Type: ir.I64, Shape: shape(t, "2"), Value: i64Tensor(t, 19, 19)}, Input{Type: ir.I64, Shape: shape(t, "2")}, "[2,12996]", ""},
		{"all_inputs_dynamic_rank (mismatched sizes)", []string{"width", "1, 2", "height", "1"},
			Input{Type: ir.I64, Shape: shape(t, "...")}, Input{Type: ir.I64, Shape: shape(t, "...")}, "",
			"Size of heights vector: 1 doesn't match size of widths vector: 2"},
		{"invalid_input_rank", attrs, Input{Type: ir.I64, Shape: shape(t, "2,1")}, Input{Type: ir.I64, Shape: shape(t, "2")}, "",
			"output size input rank 2 must match image shape input rank 1 and both must be 1-D"},
		{"out_size_not_integer", attrs, Input{Type: ir.F32, Shape: shape(t, "2")}, Input{Type: ir.I64, Shape: shape(t, "2")}, "",
			"output size input must be an integral number, but is: f32"},
		{"image_not_integer", attrs, Input{Type: ir.I64, Shape: shape(t, "2")}, Input{Type: ir.F16, Shape: shape(t, "2")}, "",
			"image input must be an integral number, but is: f16"},
		{"out_size_three_values", attrs, Input{Type: ir.I64, Shape: shape(t, "3"), Value: i64Tensor(t, 1, 2, 3)},
			Input{Type: ir.I64, Shape: shape(t, "?")}, "", "Output size must have two elements. Got: 3"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			op := decodeOp(t, "PriorBoxClustered", "opset1", c.attrs...)
			outs, err := op.Infer([]Input{c.layer, c.image})
			if c.err != "" {
				require.EqualError(t, err, c.err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, c.out, outs[0].Shape.String())
			require.Equal(t, ir.F32, outs[0].Type)
		})
	}
}

func TestPriorBoxClusteredRun(t *testing.T) {
	boxes := []float32{0, 0, 0.15, 0.15, 0.34999, 0, 0.64999, 0.15, 0, 0.34999, 0.15, 0.64999, 0.34999, 0.34999, 0.64999, 0.64999}
	for _, c := range []struct {
		variance []string
		vars     []float32
	}{
		{nil, []float32{0.1, 0.1, 0.1, 0.1}},
		{[]string{"variance", "0.1, 0.2, 0.3, 0.4"}, []float32{0.1, 0.2, 0.3, 0.4}},
	} {
		op := decodeOp(t, "PriorBoxClustered", "opset1", append([]string{"width", "3", "height", "3", "clip", "true"}, c.variance...)...)
		for _, typ := range []ir.ElementType{ir.I64, ir.I32, ir.U8} {
			var layer, img *ir.Tensor
			switch typ {
			case ir.I64:
				layer, img = i64Tensor(t, 2, 2), i64Tensor(t, 10, 10)
			case ir.I32:
				layer, img = tensor(t, ir.I32, []int{2}, []int32{2, 2}), tensor(t, ir.I32, []int{2}, []int32{10, 10})
			default:
				layer, img = tensor(t, ir.U8, []int{2}, []uint8{2, 2}), tensor(t, ir.U8, []int{2}, []uint8{10, 10})
			}
			got, err := runAllValues(op, []*ir.Tensor{layer, img})
			require.NoError(t, err)
			require.Equal(t, []int{2, 16}, got[0].Shape)
			want := append(append([]float32{}, boxes...), append(append(append(append([]float32{}, c.vars...), c.vars...), c.vars...), c.vars...)...)
			require.InDeltaSlice(t, want, got[0].Data, 1e-5)
		}
	}
}
