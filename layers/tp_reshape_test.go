package layers

import "testing"

// Reshape-1 shape inference: src/core/tests/type_prop/reshape.cpp@04ffacb3, as data. A
// target shape computed from ShapeOf/Gather/Concat sub-graphs is given by its per-element
// bounds (what OpenVINO's bound propagation yields for it). Symbol checks are out of scope.
func TestTPReshape(t *testing.T) {
	sz := []string{"special_zero", "true"}
	nz := []string{"special_zero", "false"}
	cases := []tpCase{
		{name: "static_value_propagation", attrs: nz, in: []string{"f32[1,2,3]", "i64[3]:1,2,3"}, out: []string{"f32[1,2,3]"}},
		{name: "reshape_static_dimension_stops_symbol_propagation_for_auto_batch_case", attrs: nz, in: []string{"f32[1,1280,1,1]", "i64[2]=-1,1280"}, out: []string{"f32[1,1280]"}},
		{name: "interval_value_propagation", attrs: nz, in: []string{"f32[1..8,2,3]", "i64[3]:1..8,2,3"}, out: []string{"f32[1..8,2,3]"}},
		{name: "static_value_propagation_through_gather", attrs: nz, in: []string{"f32[1,2,3]", "i64[3]:3,2,1"}, out: []string{"f32[3,2,1]"}},
		{name: "interval_value_propagation_through_gather", attrs: nz, in: []string{"f32[1..8,2,3]", "i64[3]:3,2,1..8"}, out: []string{"f32[3,2,1..8]"}},
		{name: "interval_value_propagation_through_consecutive_gathers", attrs: nz, in: []string{"f32[1..8,2,3]", "i64[3]:2,1..8,3"}, out: []string{"f32[2,1..8,3]"}},
		{name: "interval_value_propagation_concatenated_gathers", attrs: nz, in: []string{"f32[1..8,2,3]", "i64[3]:3,2,1..8"}, out: []string{"f32[3,2,1..8]"}},
		{name: "interval_value_propagation_mul_div", attrs: nz, in: []string{"f32[2..8,4..16,2]", "i32[3]:2..8,4..16,2"}, out: []string{"f32[2..8,4..16,2]"}},
		{name: "interval_value_propagation_mul_div_rhs_shape", attrs: nz, in: []string{"f32[1..5,0..4,2..3]", "i32[3]:1..5,2..,2..3"}, out: []string{"f32[1..5,2..,2..3]"}},
		{name: "interval_value_propagation_mul_div_lhs_scalar", attrs: nz, in: []string{"f32[2..8,4..16,6]", "i32[3]:2..8,8..32,4"}, out: []string{"f32[2..8,8..32,4]"}},
		{name: "interval_value_propagation_mul_div_lhs_1D", attrs: nz, in: []string{"f32[2..8,4..16,6]", "i32[3]:12..48,6..24,16"}, out: []string{"f32[12..48,6..24,16]"}},
		{name: "interval_value_propagation_reduce", attrs: nz, in: []string{"f32[1..8,2,3]", "i64[1]:6..48"}, out: []string{"f32[6..48]"}},
		{name: "interval_value_propagation_reshape_zero_special_value", attrs: sz, in: []string{"f32[1..8,16..64,3,200..400]", "i64[4]:1..8,3,16..64,0"}, out: []string{"f32[1..8,3,16..64,200..400]"}},
		{name: "reshape_interval_value_propagation_reshape_zero_minus_one_special_values", attrs: sz, in: []string{"f32[1..8,16..64,6,200..400]", "i64[3]:16..64,0,-1"}, out: []string{"f32[16..64,16..64,19..1200]"}},
		{name: "reshape_deduce_s2t", attrs: nz, in: []string{"f32[]", "u64[1]=1"}, out: []string{"f32[1]"}},
		{name: "reshape_deduce_s2m", attrs: nz, in: []string{"f32[]", "u64[2]=1,1"}, out: []string{"f32[1,1]"}},
		{name: "reshape_deduce_s2m3", attrs: nz, in: []string{"f32[]", "u64[3]=1,1,1"}, out: []string{"f32[1,1,1]"}},
		{name: "reshape_deduce_2d_to_1d", attrs: nz, in: []string{"f32[3,4]", "u64[1]=12"}, out: []string{"f32[12]"}},
		{name: "reshape_deduce_3d_to_1d", attrs: nz, in: []string{"f32[3,4,5]", "u64[1]=60"}, out: []string{"f32[60]"}},
		{name: "reshape_deduce_zero_special", attrs: sz, in: []string{"f32[3,4,5]", "u64[3]=6,2,0"}, out: []string{"f32[6,2,5]"}},
		{name: "reshape_partial_rank_dynamic", attrs: nz, in: []string{"f32[...]", "u64[4]=3,1,8,2"}, out: []string{"f32[3,1,8,2]"}},
		{name: "reshape_partial_rank_static", attrs: nz, in: []string{"f32[?,6,?,?]", "u64[4]=3,1,8,2"}, out: []string{"f32[3,1,8,2]"}},
		{name: "reshape_partial_rank_static_dynamic_but_zero_ok", attrs: nz, in: []string{"f32[...]", "u64[4]=3,1,0,2"}, out: []string{"f32[3,1,0,2]"}},
		{name: "reshape_deduce_special_zero_shape_neg_zero", attrs: sz, in: []string{"f32[3,1,2]", "i64[2]=-1,0"}, out: []string{"f32[6,1]"}},
		{name: "reshape_deduce_special_zero_shape_zero_neg", attrs: sz, in: []string{"f32[3,1,2]", "i64[2]=0,-1"}, out: []string{"f32[3,2]"}},
		{name: "reshape_deduce_special_zero_shape_zero_neg_copy_input", attrs: sz, in: []string{"f32[3,1]", "i64[2]=0,-1"}, out: []string{"f32[3,1]"}},
		{name: "reshape_deduce_special_zero_shape_zero_zero_one_neg", attrs: sz, in: []string{"f32[2,2,3]", "i64[4]=0,0,1,-1"}, out: []string{"f32[2,2,1,3]"}},
		{name: "reshape_deduce_special_zero_shape_neg_zero_dynamic", attrs: sz, in: []string{"f32[?,1,2]", "i64[2]=-1,0"}, out: []string{"f32[?,1]"}},
		{name: "reshape_deduce_special_zero_shape_zero_neg_dynamic", attrs: sz, in: []string{"f32[?,1,1]", "i64[2]=0,-1"}, out: []string{"f32[?,1]"}},
		{name: "reshape_deduce_special_zero_shape_zero_zero_one_neg_dynamic", attrs: sz, in: []string{"f32[2,?,3]", "i64[4]=0,0,1,-1"}, out: []string{"f32[2,?,1,3]"}},
		{name: "reshape_deduce_special_zero_shape_zero_neg_copy_input_dynamic", attrs: sz, in: []string{"f32[?,1]", "i64[2]=0,-1"}, out: []string{"f32[?,1]"}},
		{name: "reshape_partial_rank_dynamic_special_zero", attrs: sz, in: []string{"f32[...]", "i64[4]=3,1,0,2"}, out: []string{"f32[3,1,?,2]"}},
		{name: "reshape_partial_rank_dynamic_special_neg", attrs: sz, in: []string{"f32[...]", "i64[4]=3,-1,0,2"}, out: []string{"f32[3,?,?,2]"}},
		{name: "reshape_deduce_special_zero_shape_zero_zero_one_neg_dynamic_with_interval", attrs: sz, in: []string{"f32[2,1..3,3]", "i64[4]=0,0,1,-1"}, out: []string{"f32[2,1..3,1,3]"}},
		{name: "reshape_deduce_special_zero_shape_zero_zero_one_neg_double_dynamic_with_interval", attrs: sz, in: []string{"f32[2,1..3,?]", "i64[4]=0,0,1,-1"}, out: []string{"f32[2,1..3,1,?]"}},
		{name: "reshape_deduce_special_zero_shape_zero_neg_dynamic_with_interval", attrs: sz, in: []string{"f32[2,1..3]", "i64[2]=0,-1"}, out: []string{"f32[2,1..3]"}},
		{name: "reshape_deduce_special_zero_shape_neg_zero_dynamic_with_interval", attrs: sz, in: []string{"f32[2,1..3]", "i64[2]=-1,0"}, out: []string{"f32[2,1..3]"}},
		{name: "reshape_deduce_special_zero_shape_neg_zero_dynamic_with_interval_1", attrs: sz, in: []string{"f32[1..3,2]", "i64[2]=-1,0"}, out: []string{"f32[1..3,2]"}},
		{name: "reshape_pass_interval_dimension_through_minus_one", attrs: sz, in: []string{"f32[1,1..3,2]", "i64[3]=0,-1,2"}, out: []string{"f32[1,1..3,2]"}},
		{name: "reshape_multiply_interval_by_defined_dim_for_minus_one", attrs: sz, in: []string{"f32[1,1..3,2]", "i64[2]=0,-1"}, out: []string{"f32[1,2..6]"}},
		{name: "reshape_multiply_interval_by_interval_for_minus_one", attrs: sz, in: []string{"f32[1,1..3,1..6]", "i64[2]=0,-1"}, out: []string{"f32[1,1..18]"}},
		{name: "reshape_multiply_interval_by_interval_divide_by_defined_dim_for_minus_one", attrs: sz, in: []string{"f32[1,1..3,3,1..6]", "i64[3]=0,-1,3"}, out: []string{"f32[1,1..18,3]"}},
		{name: "reshape_multiply_interval_by_interval_divide_by_interval_for_minus_one", attrs: sz, in: []string{"f32[1,?,1..6]", "i64[2]=0,-1"}, out: []string{"f32[1,?]"}},
		{name: "reshape_multiply_interval_by_interval_divide_by_interval_for_minus_one_zero_included_in_input", attrs: sz, in: []string{"f32[1,?,0..6]", "i64[2]=0,-1"}, out: []string{"f32[1,?]"}},
		{name: "reshape_multiply_intervals_by_interval", attrs: sz, in: []string{"f32[1..2,1..3,1..4]", "i64[1]=-1"}, out: []string{"f32[1..24]"}},
		{name: "reshape_multiply_intervals_by_interval_zero_included", attrs: sz, in: []string{"f32[0..2,0..3,0..4]", "i64[1]=-1"}, out: []string{"f32[0..24]"}},
		{name: "reshape_to_zero_shape", attrs: nz, in: []string{"f32[0,1]", "i64[1]=0"}, out: []string{"f32[0]"}},
	}
	tpRun(t, "Reshape", "opset1", cases)
}
