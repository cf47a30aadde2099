package layers

import "testing"

// Broadcast-1/3 shape inference: src/core/tests/type_prop/broadcast.cpp@061aae26, as data.
// The typed suite (BroadcastTests) runs for both versions. A ShapeOf or Concat target
// input is given by its bounds ("i64[4]:0..,16,50,50": an unknown first element). Symbol
// checks are out of scope; where a test asserts only the rank, so does the table.
func TestTPBroadcast(t *testing.T) {
	const (
		f31 = "f32[3,1]"
		dyn = "i64[...]"
	)
	ex := []string{"mode", "explicit"}
	typed := []tpCase{
		{name: "broadcast_numpy", in: []string{f31, "i64[3]=2,3,6"}, out: []string{"f32[2,3,6]"}},
		{name: "broadcast_axes_mapping", attrs: ex, in: []string{f31, "i64[3]=2,3,1", "i64[2]=1,2"}, out: []string{"f32[2,3,1]"}},
		{name: "broadcast_target_shape_as_concat_with_constants", attrs: ex, in: []string{"f32[16]", "i64[4]=1,16,50,50", "i64[1]=1"}, out: []string{"f32[1,16,50,50]"}},
		{name: "broadcast_target_shape_as_concat_with_node", attrs: ex, in: []string{"f32[16]", "i64[4]:0..,16,50,50", "i64[1]=1"}, out: []string{"f32[?,16,50,50]"}},
		{name: "broadcast_fail_rank", attrs: ex, in: []string{f31, "i64[3]=2,3,1", "i64[3]=1,2,3"}, err: "Broadcast axes_mapping shape [3] doesn't match rank of input tensor 2"},
		{name: "broadcast_fail_transpose", attrs: ex, in: []string{f31, "i64[3]=2,1,3", "i64[2]=2,1"}, err: "Broadcast doesn't permit transposes. axes_mapping AxisVector{2, 1} not in sorted order"},
		{name: "broadcast_fail_axes_map", attrs: ex, in: []string{f31, "i64[3]=2,3,1", "i64[2]=1,3"}, err: "Broadcast axes_mapping[1]: 3 exceeds target rank 3"},
		{name: "broadcast_fail_axes_map_shape", attrs: ex, in: []string{"f32[3,2]", "i64[3]=2,3,3", "i64[2]=1,2"}, err: "Broadcast target[axes_mapping[1]] Expected 2. Got 3"},
		{name: "broadcast_axes_wrong_rank", attrs: ex, in: []string{"f32[2,4]", "i64[1]", "i64[2,2]"}, err: "Broadcast axes rank must be 1"},
		{name: "broadcast_target_shape_wrong_rank", in: []string{"f32[2,4]", "i64[]"}, err: "Broadcast shape rank must be 1, but has"},
		{name: "broadcast_fully_dynamic_target_shape/dynamic_rank", attrs: ex, in: []string{"f32[2,4]", dyn, "i64[2]"}, out: []string{"f32[...]"}},
		{name: "broadcast_fully_dynamic_target_shape/rank1", attrs: ex, in: []string{"f32[2,4]", "i64[1]", "i64[2]"}, out: []string{"f32[?]"}},
		{name: "broadcast_dynamic_values_of_target_shape", attrs: ex, in: []string{"f32[2]", "i64[4]:0..,0..,0..,0..", "i64[1]=1"}, out: []string{"f32[?,?,?,?]"}},
		{name: "broadcast_broadcast_shape_et_wrong", attrs: ex, in: []string{"f32[2,4]", "boolean[1]", "i64[2]"}, err: "Broadcast shape must be an integral number"},
		{name: "broadcast_axes_et_wrong", attrs: ex, in: []string{"f32[2,4]", "i64[1]", "f32[2]"}, err: "Broadcast axes must be integral numbers, but are:"},
		{name: "broadcast_explicit_all_inputs_dynamic", attrs: ex, in: []string{"f32[...]", dyn, dyn}, out: []string{"f32[...]"}},
		{name: "broadcast_explicit_all_inputs_dynamic/const_axes", attrs: ex, in: []string{"f32[...]", dyn, "i64[3]=0,1,2"}, out: []string{"f32[...]"}},
		{name: "broadcast_explicit_target_shape_static_rank", attrs: ex, in: []string{"f32[...]", "i64[?]", dyn}, out: []string{"f32[...]"}},
		{name: "broadcast_explicit_target_shape_static_rank/const_axes", attrs: ex, in: []string{"f32[...]", "i64[?]", "i64[3]=0,1,2"}, out: []string{"f32[...]"}},
		{name: "broadcast_explicit_const_target_shape", attrs: ex, in: []string{"f32[...]", "i64[3]=1,2,3", dyn}, out: []string{"f32[1,2,3]"}},
		{name: "broadcast_explicit_const_target_shape/const_axes", attrs: ex, in: []string{"f32[...]", "i64[3]=1,2,3", "i64[3]=0,2,1"}, out: []string{"f32[1,2,3]"}},
		{name: "broadcast_explicit_input_rank_static", attrs: ex, in: []string{"f32[?,?,?]", dyn, dyn}, out: []string{"f32[...]"}},
		{name: "broadcast_explicit_input_rank_static/const_axes", attrs: ex, in: []string{"f32[?,?,?]", dyn, "i64[3]=0,2,1"}, out: []string{"f32[...]"}},
		{name: "broadcast_explicit_target_shape_and_input_data_rank_static", attrs: ex, in: []string{"f32[?,?,?]", "i64[?]", dyn}, out: []string{"f32[...]"}},
		{name: "broadcast_explicit_target_shape_and_input_data_rank_static/const_axes", attrs: ex, in: []string{"f32[?,?,?]", "i64[?]", "i64[3]=0,2,1"}, out: []string{"f32[...]"}},
		{name: "broadcast_explicit_const_target_shape_static_rank_input", attrs: ex, in: []string{"f32[?,?,?]", "i64[4]=1,1,5,10", dyn}, out: []string{"f32[1,1,5,10]"}},
		{name: "broadcast_explicit_const_target_shape_static_rank_input/const_axes", attrs: ex, in: []string{"f32[?,?,?]", "i64[4]=1,1,5,10", "i64[4]=0,2,1,3"},
			err: "Broadcast axes_mapping shape [4] doesn't match rank of input tensor 3"},
		{name: "broadcast_explicit_static_input_shape", attrs: ex, in: []string{"f32[1,2,3,4]", dyn, dyn}, out: []string{"f32[...]"}},
		{name: "broadcast_explicit_static_input_shape/const_axes", attrs: ex, in: []string{"f32[1,2,3,4]", dyn, "i64[4]=0,2,1,3"}, out: []string{"f32[...]"}},
		{name: "broadcast_explicit_static_input_shape/static_rank_target", attrs: ex, in: []string{"f32[1,2,3,4]", "i64[?]", dyn}, out: []string{"f32[...]"}},
		{name: "broadcast_explicit_static_input_shape/static_rank_target_const_axes", attrs: ex, in: []string{"f32[1,2,3,4]", "i64[?]", "i64[4]=0,2,1,3"}, out: []string{"f32[...]"}},
		{name: "broadcast_explicit_static_input_shape_const_target_shape", attrs: ex, in: []string{"f32[4]", "i64[4]=1,4,2,3", dyn}, out: []string{"f32[1,4,2,3]"}},
		{name: "broadcast_explicit_static_input_shape_const_target_shape/const_axes", attrs: ex, in: []string{"f32[4]", "i64[4]=1,4,2,3", "i64[1]=1"}, out: []string{"f32[1,4,2,3]"}},
		{name: "broadcast_explicit_static_target_shape", attrs: ex, in: []string{"f32[...]", "i64[4]", dyn}, out: []string{"f32[?,?,?,?]"}},
		{name: "broadcast_explicit_static_target_shape/static_rank_input", attrs: ex, in: []string{"f32[?,?]", "i64[4]", dyn}, out: []string{"f32[?,?,?,?]"}},
		{name: "broadcast_numpy_input_shape_dynamic", in: []string{"f32[...]", dyn}, out: []string{"f32[...]"}},
		{name: "broadcast_numpy_input_shape_dynamic/static_rank_target", in: []string{"f32[...]", "i64[?]"}, out: []string{"f32[...]"}},
		{name: "broadcast_numpy_target_shape_constant", in: []string{"f32[...]", "i64[3]=1,2,3"}, out: []string{"f32[#3]"}},
		{name: "broadcast_numpy_target_shape_constant/static_rank_data", in: []string{"f32[?,?]", "i64[3]=1,2,3"}, out: []string{"f32[#3]"}},
		{name: "broadcast_numpy_target_shape_dynamic", in: []string{"f32[?,?,?]", dyn}, out: []string{"f32[...]"}},
		{name: "broadcast_numpy_target_shape_dynamic/static_data", in: []string{"f32[3,4,5,6]", dyn}, out: []string{"f32[...]"}},
		{name: "broadcast_numpy_input_target_shape_static_rank", in: []string{"f32[?,?,?]", "i64[?]"}, out: []string{"f32[...]"}},
		{name: "broadcast_numpy_input_static_shape", in: []string{"f32[1,2,3]", "i64[?]"}, out: []string{"f32[...]"}},
		{name: "broadcast_numpy_input_static_shape/const_target", in: []string{"f32[1,2,3]", "i64[3]=3,2,3"}, out: []string{"f32[3,2,3]"}},
		{name: "broadcast_numpy_input_partially_dynamic/1", in: []string{"f32[2,3,?]", "i64[4]=1,2,3,4"}, out: []string{"f32[1,2,3,4]"}},
		{name: "broadcast_numpy_input_partially_dynamic/2", in: []string{"f32[?,3,?]", "i64[4]=1,2,3,4"}, out: []string{"f32[1,2,3,4]"}},
		{name: "broadcast_numpy_input_partially_dynamic/3", in: []string{"f32[2,?,?]", "i64[4]=1,2,3,4"}, out: []string{"f32[1,2,3,4]"}},
		{name: "broadcast_numpy_input_partially_dynamic/4", in: []string{"f32[?,?,?]", "i64[4]=1,2,3,4"}, out: []string{"f32[1,2,3,4]"}},
		{name: "broadcast_numpy_static_dims_incorrect/999", in: []string{"f32[?,999,3,4]", "i64[4]=1,2,3,4"},
			err: "Input shape dimension equal 999 cannot be broadcasted (numpy mode) to 2. Allowed input dimension value would be 1 or 2"},
		{name: "broadcast_numpy_static_dims_incorrect/888", in: []string{"f32[?,?,?,888]", "i64[4]=1,2,3,4"},
			err: "Input shape dimension equal 888 cannot be broadcasted (numpy mode) to 4. Allowed input dimension value would be 1 or 4"},
		{name: "broadcast_numpy_static_dims_incorrect/5", in: []string{"f32[5,?,?,?]", "i64[4]=1,2,3,4"},
			err: "Input shape dimension equal 5 cannot be broadcasted (numpy mode) to 1. Allowed input dimension value would be 1"},
		// broadcast_dynamic_value_propagation: Concat(Unsqueeze(Gather(ShapeOf{1,2,3,4}, 2)), 5).
		{name: "broadcast_dynamic_value_propagation", in: []string{"f32[1,1]", "i64[2]:3,5"}, out: []string{"f32[3,5]"}},
	}
	for _, opset := range []string{"opset1", "opset3"} {
		cases := append([]tpCase(nil), typed...)
		if opset == "opset1" {
			cases = append(cases, tpCase{name: "broadcast_v1_pdpd", attrs: []string{"mode", "pdpd", "axis", "1"}, in: []string{f31, "i64[3]=2,3,6"}, out: []string{"f32[2,3,6]"}})
		}
		tpRun(t, "Broadcast", opset, cases)
	}
	bi := []string{"mode", "bidirectional"}
	nu := []string{"mode", "numpy"}
	tpRun(t, "Broadcast", "opset3", []tpCase{
		{name: "broadcast_v3_pdpd", attrs: []string{"mode", "pdpd", "axis", "1"}, in: []string{f31, "i64[3]=2,3,6"}, out: []string{"f32[2,3,6]"}},
		{name: "broadcast_v3_shape_unexpected_axes_mapping_input", attrs: bi, in: []string{"f32[1,4,1]", "i16[2]", "f32[3]"}, err: "axes_mapping input should not be provided for mode other than explicit"},
		{name: "broadcast_v3_not_provided_axes_input_for_explicit_mode", attrs: ex, in: []string{"f32[1,4,1]", "i16[2]"}, err: "axes_mapping input should be provided if explicit mode is used"},
		{name: "broadcast_v3_shape", attrs: bi, in: []string{"f32[1,4,1]", "i64[2]=1,4"}, out: []string{"f32[1,4,4]"}},
		{name: "broadcast_v3_shape_2", attrs: bi, in: []string{f31, "i64[3]=2,1,6"}, out: []string{"f32[2,3,6]"}},
		{name: "broadcast_v3_shape_3", attrs: bi, in: []string{"f32[2,1]", "i64[2]=2,4"}, out: []string{"f32[2,4]"}},
		{name: "broadcast_v3_shape_4", attrs: bi, in: []string{"f32[1,3,1]", "i64[2]=3,1"}, out: []string{"f32[1,3,1]"}},
		{name: "broadcast_v3_shape_5", attrs: bi, in: []string{"f32[16,1,1]", "i64[4]=1,1,50,50"}, out: []string{"f32[1,16,50,50]"}},
		{name: "broadcast_v3_shape_6", attrs: bi, in: []string{"f32[1,3,1]", "i64[3]=3,1,3"}, out: []string{"f32[3,3,3]"}},
		{name: "broadcast_v3_shape_6_type_infer", attrs: bi, in: []string{"u16[1,3,1]", "i64[3]=3,1,3"}, out: []string{"u16[3,3,3]"}},
		{name: "broadcast_v3_incorrect_target_shape", attrs: bi, in: []string{"f32[4,3,2]", "i64[3]=8,6,4"}, err: "Broadcast incorrect target shape. Expecting either 1 or 4. Got 8"},
		{name: "broadcast_v3_incorrect_target_shape_2", attrs: bi, in: []string{"f32[1,1,2]", "i64[2]=2,3"}, err: "Broadcast incorrect target shape. Expecting either 1 or 2. Got 3"},
		{name: "broadcast_v3_output_rank_not_deduced", attrs: bi, in: []string{"f32[...]", "i64[?]"}, out: []string{"f32[...]"}},
		{name: "broadcast_v3_output_rank_deduced_from_arg", attrs: bi, in: []string{"f32[?,?,?,?]", "i64[3]=8,6,4"}, out: []string{"f32[?,8,6,4]"}},
		{name: "broadcast_v3_output_rank_deduced_from_new_shape_input", attrs: bi, in: []string{"f32[?,?,?,?]", "i64[5]=8,6,1,5,1"}, out: []string{"f32[8,6,?,5,?]"}},
		{name: "broadcast_v3_bidirectional_dynamic_input/dynamic_target", attrs: bi, in: []string{"f32[...]", dyn}, out: []string{"f32[...]"}},
		{name: "broadcast_v3_bidirectional_dynamic_input/static_rank_target", attrs: bi, in: []string{"f32[...]", "i64[?]"}, out: []string{"f32[...]"}},
		{name: "broadcast_v3_bidirectional_dynamic_input/const_target", attrs: bi, in: []string{"f32[...]", "i64[3]=2,4,6"}, out: []string{"f32[...]"}},
		{name: "broadcast_v3_bidirectional_static_rank_input/dynamic_target", attrs: bi, in: []string{"f32[?,?,?,?]", dyn}, out: []string{"f32[...]"}},
		{name: "broadcast_v3_bidirectional_static_rank_input/static_rank_target", attrs: bi, in: []string{"f32[?,?,?,?]", "i64[?]"}, out: []string{"f32[...]"}},
		{name: "broadcast_v3_bidirectional_static_rank_input/const_target", attrs: bi, in: []string{"f32[?,?,?,?]", "i64[3]=2,4,6"}, out: []string{"f32[#4]"}},
		{name: "broadcast_v3_bidirectional_static_shape_input/dynamic_target", attrs: bi, in: []string{"f32[1,2,3,1]", dyn}, out: []string{"f32[...]"}},
		{name: "broadcast_v3_bidirectional_static_shape_input/static_rank_target", attrs: bi, in: []string{"f32[1,2,3,1]", "i64[?]"}, out: []string{"f32[...]"}},
		{name: "broadcast_v3_bidirectional_static_shape_input/const_target", attrs: bi, in: []string{"f32[1,2,3,1]", "i64[4]=2,2,3,2"}, out: []string{"f32[2,2,3,2]"}},
		{name: "broadcast_v3_bidirectional_static_shape_input/const_target2", attrs: bi, in: []string{"f32[1,2,3,1]", "i64[4]=5,2,3,7"}, out: []string{"f32[5,2,3,7]"}},
		{name: "broadcast_v3_bidirectional_partially_dynamic_input/1", attrs: bi, in: []string{"f32[16,1,?]", "i64[4]=1,1,50,50"}, out: []string{"f32[1,16,50,50]"}},
		{name: "broadcast_v3_bidirectional_partially_dynamic_input/2", attrs: bi, in: []string{"f32[?,1,?]", "i64[4]=1,1,50,50"}, out: []string{"f32[1,?,50,50]"}},
		{name: "broadcast_v3_bidirectional_partially_dynamic_input/3", attrs: bi, in: []string{"f32[16,?,?]", "i64[4]=1,1,50,50"}, out: []string{"f32[1,16,50,50]"}},
		{name: "broadcast_v3_bidirectional_partially_dynamic_input/4", attrs: bi, in: []string{"f32[?,?,?]", "i64[4]=1,1,50,50"}, out: []string{"f32[1,?,50,50]"}},
		{name: "broadcast_i32_shape_value/bidirectional_i64", attrs: bi, in: []string{"f32[5,?]", "i64[2]:5,0.."}, out: []string{"f32[5,?]"}},
		{name: "broadcast_i32_shape_value/bidirectional_i32", attrs: bi, in: []string{"f32[5,?]", "i32[2]:5,0..2147483647"}, out: []string{"f32[5,?]"}},
		{name: "broadcast_i32_shape_value/numpy_i32", attrs: nu, in: []string{"f32[5,?]", "i32[2]:5,0..2147483647"}, out: []string{"f32[5,?]"}},
		{name: "broadcast_v3_default_constructor", attrs: bi, in: []string{"f32[5,2,3,1]", "i64[3]=1,3,6"}, out: []string{"f32[5,2,3,6]"}},
		{name: "broadcast_v3_bidirectional_data_bigger_rank_numpy", in: []string{"f32[5,2,3,1]", "i64[3]=4,3,6"}, err: "Broadcast target_shape has smaller rank"},
		{name: "broadcast_v3_symbols_in0_dynamic_mixed_dims_bidirectional", attrs: bi, in: []string{"f32[?,2,1,4..8,?,4..8,?,1..8,1..10,4..18]", "i64[10]:0..,2,3..9,1,3..9,0..,1..9,0..,3..19,1..10"},
			out: []string{"f32[?,2,3..9,4..8,3..9,4..8,?,?,3..19,4..18]"}},
		{name: "broadcast_v3_in0_interval_in1_param_rank_bigger_bidirectional", attrs: bi, in: []string{"i32[4..8,1]", "i32[3]"}, out: []string{"i32[?,4..8,?]"}},
		{name: "broadcast_v3_in0_interval_in1_param_rank_smaller_bidirectional", attrs: bi, in: []string{"i32[?,2,1..10,4..8,1]", "i32[3]"}, out: []string{"i32[?,2,?,4..8,?]"}},
		{name: "broadcast_v3_symbols_in0_dims_in1_param_bidirectional", attrs: bi, in: []string{"f32[?,2,1,4..8,1..10]", "i32[5]"}, out: []string{"f32[?,2,?,4..8,?]"}},
		{name: "broadcast_v3_non_broadcastable_dims_numpy", attrs: nu, in: []string{"f32[4..8,2..4]", "i64[2]:1,5..6"}, out: []string{"f32[1,5..6]"}},
		{name: "broadcast_v3_symbols_in0_dynamic_mixed_dims_numpy", attrs: nu, in: []string{"f32[?,2,1,?,4..8,?,1..8,1..10,4..18]", "i64[9]:0..,2,3..9,4..10,0..,5..11,0..,6..20,1..10"},
			out: []string{"f32[?,2,3..9,4..10,?,5..11,?,6..20,1..10]"}},
		{name: "broadcast_v3_symbols_dynamic_mixed_dims_explicit", attrs: ex, in: []string{"f32[2,6..8,?]", "i64[5]:2,0..,6..8,0..,5", "i32[3]=0,2,3"}, out: []string{"f32[2,?,6..8,?,5]"}},
		{name: "broadcast_v3_eval_symbols_static_dims_numpy", attrs: nu, in: []string{"f32[1,3]", "i64[2]=2,3"}, out: []string{"f32[2,3]"}},
		{name: "broadcast_v3_eval_symbols_static_dims_bidirectional", attrs: bi, in: []string{"f32[1,1]", "i64[2]=2,3"}, out: []string{"f32[2,3]"}},
		// Select(Equal(Concat(ShapeOf{0..10,1}, 4), -1), 1, Concat): bounds [0..10,1,4].
		{name: "broadcast_v3_bidirectional_tricky_partial_value_case", attrs: bi, in: []string{"f32[..10,1,4]", "i64[3]:0..10,1,4"}, out: []string{"f32[..10,1,4]"}},
		{name: "broadcast_v3_bidirectional_zero_dim", attrs: bi, in: []string{"f32[1]", "i64[1]=0"}, out: []string{"f32[0]"}},
	})
}
