package layers

import "testing"

// Unique-10 shape and type inference: src/core/tests/type_prop/unique.cpp@0b3f3266 (outputs:
// unique values, their first indices, the reverse indices, the counts).
func TestTPUnique(t *testing.T) {
	o := func(et, y, idx, rev, cnt string) []string {
		return []string{et + "[" + y + "]", "i64[" + idx + "]", "i64[" + rev + "]", "i64[" + cnt + "]"}
	}
	tpRun(t, "Unique", "opset10", []tpCase{
		{name: "unique_no_axis_3d", in: []string{"f32[2,4,2]"}, out: o("f32", "1..16", "1..16", "16", "1..16")},
		{name: "unique_no_axis_3d_index_type_i32", attrs: []string{"index_element_type", "i32"}, in: []string{"f32[1,3,3]"},
			out: []string{"f32[1..9]", "i32[1..9]", "i32[9]", "i64[1..9]"}},
		{name: "unique_no_axis_3d_count_type_i32", attrs: []string{"count_element_type", "i32"}, in: []string{"f32[1,3,3]"},
			out: []string{"f32[1..9]", "i64[1..9]", "i64[9]", "i32[1..9]"}},
		{name: "unique_no_axis_3d_all_outputs_i32", attrs: []string{"index_element_type", "i32", "count_element_type", "i32"}, in: []string{"f32[1,3,3]"},
			out: []string{"f32[1..9]", "i32[1..9]", "i32[9]", "i32[1..9]"}},
		{name: "unique_no_axis_scalar", in: []string{"i32[]"}, out: o("i32", "1", "1", "1", "1")},
		{name: "unique_no_axis_1D", in: []string{"i64[1]"}, out: o("i64", "1", "1", "1", "1")},
		{name: "unique_3d_scalar_axis", in: []string{"f32[2,4,2]", "i32[]=1"}, out: o("f32", "2,1..4,2", "1..16", "4", "1..16")},
		{name: "unique_3d_axis_1d", in: []string{"f32[2,4,2]", "i32[1]=2"}, out: o("f32", "2,4,1..2", "1..16", "2", "1..16")},
		{name: "unique_3d_negative_axis", in: []string{"f32[2,4,2]", "i64[]=-3"}, out: o("f32", "1..2,4,2", "1..16", "2", "1..16")},
		{name: "unique_dynamic_dim_at_axis", in: []string{"f32[2,?,2]", "i64[]=1"}, out: o("f32", "2,?,2", "?", "?", "?")},
		{name: "unique_dim_with_intervals_at_axis", in: []string{"f32[2,2..10,2]", "i64[]=1"}, out: o("f32", "2,1..10,2", "?", "2..10", "?")},
		{name: "unique_dynamic_rank", in: []string{"f32[...]", "i32[]=1"}, out: o("f32", "...", "?", "?", "?")},
		{name: "unique_all_dynamic_dims", in: []string{"u8[?,?,?,?]", "i32[]=-2"}, out: o("u8", "?,?,?,?", "?", "?", "?")},
		{name: "unique_all_dynamic_dims_no_axis", in: []string{"u8[?,?,?,?]"}, out: o("u8", "?", "?", "?", "?")},
		{name: "unique_dynamic_rank_negative_axis", in: []string{"f32[...]", "i32[]=-1"}, out: o("f32", "...", "?", "?", "?")},
		{name: "unique_dynamic_rank_no_axis", in: []string{"f32[...]"}, out: o("f32", "?", "?", "?", "?")},
		{name: "unique_unsupported_index_et", attrs: []string{"index_element_type", "f32"}, in: []string{"i64[1,3,3]"}, err: "*"},
		{name: "unique_unsupported_axis_et", in: []string{"i64[1,3,3]", "f32[]=1"}, err: "*"},
		{name: "unique_unsupported_axis_shape", in: []string{"i64[1,3,3]", "i32[3,3]=1,1,1,1,1,1,1,1,1"}, err: "*"},
		{name: "unique_non_const_axis_input", in: []string{"i64[1,3,3]", "i32[]"}, err: "*"},
		{name: "unique_with_zero_dimension", in: []string{"i64[1,0,2]", "i32[]=1"}, out: o("i64", "1,0,2", "0", "0", "0")},
		{name: "unique_with_constant_input_no_axis", in: []string{"i32[5]=5,1,4,2,5"}, out: o("i32", "4", "4", "5", "4")},
	})
}
