package layers

import "testing"

// GatherElements-6 shape and type inference: src/core/tests/type_prop/gather_elements.cpp@09d9dfab,
// as data. Symbol checks are out of scope.
func TestTPGatherElements(t *testing.T) {
	ax := func(a string) []string { return []string{"axis", a} }
	const sd, si = "?,2..4,1..5,?,4..8,2..4", "?,3..6,6..10,4..8,?,4..6"
	tpRun(t, "GatherElements", "opset6", []tpCase{
		{name: "gather_elements_default_constructor", attrs: ax("-2"), in: []string{"f32[1,2,3,4]", "i32[1,2,10,4]"}, out: []string{"f32[1,2,10,4]"}},
		{name: "gather_elements_2D_axis_0", attrs: ax("0"), in: []string{"f32[3,3]", "i32[2,3]"}, out: []string{"f32[2,3]"}},
		{name: "gather_elements_2D_axis_1", attrs: ax("1"), in: []string{"f32[3,3]", "i32[3,1]"}, out: []string{"f32[3,1]"}},
		{name: "gather_elements_3D_axis_0", attrs: ax("0"), in: []string{"f32[3,3,10000]", "i32[300,3,10000]"}, out: []string{"f32[300,3,10000]"}},
		{name: "gather_elements_3D_axis_2", attrs: ax("2"), in: []string{"f32[300,3,10]", "i32[300,3,10000]"}, out: []string{"f32[300,3,10000]"}},
		{name: "gather_elements_4D_axis_minus_1", attrs: ax("-1"), in: []string{"f32[300,3,10,1]", "i32[300,3,10,33333]"}, out: []string{"f32[300,3,10,33333]"}},
		{name: "gather_elements_nonfloat_data_type_int64_indices", attrs: ax("-1"), in: []string{"i8[300,3,10,1]", "i64[300,3,10,33333]"}, out: []string{"i8[300,3,10,33333]"}},
		{name: "gather_elements_dynamic_consistent_shapes", attrs: ax("0"), in: []string{"i8[4,4,?]", "i64[1,?,5]"}, out: []string{"i8[1,4,5]"}},
		{name: "gather_elements_dynamic_out_shape", attrs: ax("0"), in: []string{"i8[4,4,?]", "i64[1,?,?]"}, out: []string{"i8[1,4,?]"}},
		{name: "gather_elements_interval_shapes", attrs: ax("0"), in: []string{"i8[4,1..7,5]", "i64[1,5..10,5]"}, out: []string{"i8[1,5..7,5]"}},
		{name: "gather_elements_data_rank_dynamic_indices_rank_static", attrs: ax("0"), in: []string{"i8[...]", "i64[4,7,5]"}, out: []string{"i8[4,7,5]"}},
		{name: "gather_elements_data_rank_static_indices_rank_dynamic", attrs: ax("0"), in: []string{"i8[4,1..7,5]", "i64[...]"}, out: []string{"i8[?,1..7,5]"}},
		{name: "gather_elements_data_pshape_static_indices_rank_dynamic", attrs: ax("0"), in: []string{"i8[4,7,5]", "i64[...]"}, out: []string{"i8[?,7,5]"}},
		{name: "gather_elements_interval_dims_with_symbols_both_inputs", attrs: ax("2"), in: []string{"f32[" + sd + "]", "i32[" + si + "]"}, out: []string{"f32[?,3..4,6..10,4..8,4..8,4]"}},
		{name: "gather_elements_interval_dims_with_symbols_data", attrs: ax("2"), in: []string{"f32[" + sd + "]", "i32[" + si + "]"}, out: []string{"f32[?,3..4,6..10,4..8,4..8,4]"}},
		{name: "gather_elements_interval_dims_with_symbols_indices", attrs: ax("2"), in: []string{"f32[" + sd + "]", "i32[" + si + "]"}, out: []string{"f32[?,3..4,6..10,4..8,4..8,4]"}},
		{name: "gather_elements_type_inconsistency", attrs: ax("1"), in: []string{"f32[3,3]", "u32[2,1]"}, err: "indices must be of int32 or int64 type. But instead got"},
		{name: "gather_elements_out_of_bounds_axis", attrs: ax("-33"), in: []string{"f32[3,3]", "i32[2,1]"}, err: "out of the tensor rank range"},
		{name: "gather_elements_rank_consistency_check", attrs: ax("0"), in: []string{"f32[3,3]", "i32[2,3,3333]"}, err: "data and indices rank must be equal"},
		{name: "gather_elements_shape_inconsistency", attrs: ax("1"), in: []string{"f32[3,3]", "i32[2,1]"}, err: "are not consistent"},
		{name: "gather_elements_dynamic_inconsistent_shapes", attrs: ax("0"), in: []string{"i8[4,2,4,?]", "i64[1,3,?,5]"}, err: "are not consistent"},
		{name: "gather_elements_incosistent_interval_shapes", attrs: ax("0"), in: []string{"i8[4,4,5]", "i64[1,5..10,5]"}, err: "are not consistent"},
	})
}

// CumSum-3 shape and type inference: src/core/tests/type_prop/cum_sum.cpp@0bc0b016, as data.
func TestTPCumSum(t *testing.T) {
	cases := []tpCase{
		{name: "cum_sum_op_default_attributes_no_axis_input", in: []string{"f32[2,4]"}, out: []string{"f32[2,4]"}},
		{name: "cum_sum_op_default_attributes_with_axis_param", in: []string{"f32[2,4]", "i32[]"}, out: []string{"f32[2,4]"}},
		{name: "cum_sum_op_default_attributes_with_axis_const", in: []string{"f32[2,4]", "i32[]=1"}, out: []string{"f32[2,4]"}},
		{name: "cum_sum_op_custom_attributes", attrs: []string{"exclusive", "true", "reverse", "true"}, in: []string{"f32[2,4]", "i32[]"}, out: []string{"f32[2,4]"}},
	}
	for _, s := range []string{"", "10", "3,5", "2,3,5", "4,16,64,32", "2,4,16,64,32", "2,2..4,?", "..."} {
		cases = append(cases, tpCase{name: "cum_sum_op_data_shapes/[" + s + "]", in: []string{"f32[" + s + "]", "i32[]"}, out: []string{"f32[" + s + "]"}})
	}
	// Not a scalar axis: accepted for backward compatibility.
	for _, s := range []string{"1", "1,1", "2"} {
		cases = append(cases, tpCase{name: "cum_sum_op_incorrect_axis_shapes/[" + s + "]", in: []string{"f32[2,4]", "i32[" + s + "]"}, out: []string{"f32[2,4]"}})
	}
	for _, et := range []string{"u4", "u8", "u16", "u32", "i8", "i16", "i32", "i64", "f32", "f64", "boolean"} {
		cases = append(cases, tpCase{name: "cum_sum_op_element_types/" + et, in: []string{et + "[2,4]", "i32[]"}, out: []string{et + "[2,4]"}})
	}
	for _, et := range []string{"u32", "f32", "boolean"} {
		cases = append(cases, tpCase{name: "cum_sum_op_incorrect_axis_element_type/" + et, in: []string{"f32[2,4]", et + "[]"}, err: "axis element type must be either int64_t or int32_t"})
	}
	tpRun(t, "CumSum", "opset3", cases)
}
