package layers

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// ScatterNDUpdate-3 (opset4) shape and type inference: src/core/tests/type_prop/scatter_nd_update.cpp@09d9dfab,
// as data (symbol checks out of scope); preserve_partial_values_and_symbols_via_evaluates_bounds
// checks the output bounds and the Broadcast-3 bidirectional shape they give.
func TestTPScatterNDUpdate(t *testing.T) {
	const d3 = "2..5,2,4..10"
	tpRun(t, "ScatterNDUpdate", "opset4", []tpCase{
		{name: "scatter_nd_update_v3_fail_indices_element_type", in: []string{"f32[2,3,4]", "f16[2,1]", "f32[2,2,1,4]"}, err: "Indices element type must be i64 or i32"},
		{name: "scatter_nd_update_v3_fail_updates_rank", in: []string{"f32[3,3,3]", "i32[1]", "f32[3,3,3]"}, err: "Rank of updates must be rank of inputs + rank of indices - last dimension of indices - 1"},
		{name: "scatter_nd_update_fail_updates_element_type", in: []string{"f32[3,3,3]", "i32[1]", "i32[3,3]"}, err: "Updates element type must be the same as inputs"},
		{name: "scatter_nd_update_fail_updates_shape", in: []string{"f32[3,3,3]", "i32[1]", "f32[2,3]"}, err: "updates_shape[indices_rank-1:] shape must be input_shape[indices_shape[-1]:]"},
		{name: "scatter_nd_update_fail_indices_last_dim", in: []string{"f32[3,3,3]", "i32[2,4]", "f32[2,3,3]"}, err: "Last dimension of indices can be at most the rank of inputs"},
		{name: "data_input_partial_shape_and_symbols_propagation", in: []string{"f32[" + d3 + "]", "i32[3,2]", "f32[3,5]"}, out: []string{"f32[" + d3 + "]"}},
		{name: "indicies_input_is_dynamic", in: []string{"f64[" + d3 + "]", "i32[...]", "f64[3,5]"}, out: []string{"f64[" + d3 + "]"}},
		{name: "updates_input_is_dynamic", in: []string{"f64[" + d3 + "]", "i32[3,2]", "f64[...]"}, out: []string{"f64[" + d3 + "]"}},
		{name: "indicies_input_has_interval_dimensions", in: []string{"i64[" + d3 + "]", "i32[0..3,1]", "i64[3,2,8..10]"}, out: []string{"i64[" + d3 + "]"}},
		{name: "updates_input_is_scalar", in: []string{"i8[" + d3 + "]", "i32[3]", "i8[]"}, out: []string{"i8[" + d3 + "]"}},
		{name: "default_ctor", in: []string{"i64[2,3,5,1]", "i32[1,3]", "i64[1,1]"}, out: []string{"i64[2,3,5,1]"}},
		{name: "indices_dynamic_type", in: []string{"f32[" + d3 + "]", "dynamic[3,2]", "f32[3,5]"}, out: []string{"f32[" + d3 + "]"}},
		{name: "updates_dynamic_type", in: []string{"i64[" + d3 + "]", "i32[3,2]", "dynamic[3,5]"}, out: []string{"i64[" + d3 + "]"}},
		{name: "all_dynamic_type", in: []string{"dynamic[" + d3 + "]", "i64[3,2]", "dynamic[3,5]"}, out: []string{"dynamic[" + d3 + "]"}},
	})
	op := decodeOp(t, "ScatterNDUpdate", "opset4")
	in := []Input{tpInput(t, "i64[4]=2,3,15,4"), tpInput(t, "i64[2,1]=2,0"), tpInput(t, "i64[2]:10..20,3..4")}
	outs, err := op.Infer(in)
	require.NoError(t, err)
	outs = Propagate(op, in, outs)
	require.NotNil(t, outs[0].Bounds, "preserve_partial_values_and_symbols_via_evaluates_bounds")
	require.Equal(t, []int64{3, 3, 10, 4}, outs[0].Bounds.Lo)
	require.Equal(t, []int64{4, 3, 20, 4}, outs[0].Bounds.Hi)
	bc := decodeOp(t, "Broadcast", "opset3", "mode", "bidirectional")
	b, err := bc.Infer([]Input{tpInput(t, "f32[1]"), {Type: outs[0].Type, Shape: outs[0].Shape, Bounds: outs[0].Bounds}})
	require.NoError(t, err)
	require.Equal(t, "[3..4,3,10..20,4]", b[0].Shape.String())
}
