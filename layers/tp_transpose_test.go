package layers

import "testing"

// Transpose-1 shape inference: src/core/tests/type_prop/transpose.cpp@09d9dfab, as data. An
// order computed from a ShapeOf is given by its bounds (equal bounds: a value known only
// through bound propagation). Symbol checks are out of scope.
func TestTPTranspose(t *testing.T) {
	const (
		a4  = "f32[2,4,6,8]"
		rsd = "f32[2,?,?,8]"
		nv  = "Input order must be a vector."
	)
	cases := []tpCase{
		{name: "transpose_arg_static_input_order_static_ok", in: []string{a4, "i64[4]"}, out: []string{"f32[?,?,?,?]"}},
		{name: "transpose_arg_static_input_order_constant_ok", in: []string{a4, "i64[4]=2,1,0,3"}, out: []string{"f32[6,4,2,8]"}},
		{name: "transpose_arg_static_input_order_constant_invalid_perm", in: []string{a4, "i64[4]=2,9,0,3"}, err: "Permutation AxisVector{2, 9, 0, 3} is not valid for input shape"},
		{name: "transpose_with_not_unique_order", in: []string{"f32[1,4,300]", "i64[3]=1,0,1"}, err: "Permutation AxisVector{1, 0, 1} is not valid for input shape"},
		{name: "transpose_arg_rank_static_dynamic_input_order_static_ok", in: []string{rsd, "i64[4]"}, out: []string{"f32[?,?,?,?]"}},
		{name: "transpose_arg_static_input_order_rank_static_dynamic_ok", in: []string{a4, "i64[?]"}, out: []string{"f32[?,?,?,?]"}},
		{name: "transpose_arg_rank_static_dynamic_input_order_rank_static_dynamic_ok", in: []string{rsd, "i64[?]"}, out: []string{"f32[?,?,?,?]"}},
		{name: "transpose_arg_rank_dynamic_input_order_rank_static_dynamic_ok", in: []string{"f32[...]", "i64[?]"}, out: []string{"f32[...]"}},
		{name: "transpose_arg_rank_dynamic_input_order_rank_dynamic_ok", in: []string{"f32[...]", "i64[...]"}, out: []string{"f32[...]"}},
		{name: "transpose_arg_rank_static_dynamic_input_order_rank_dynamic_ok", in: []string{rsd, "i64[...]"}, out: []string{"f32[?,?,?,?]"}},
		{name: "transpose_arg_rank_dynamic_input_order_const_ok", in: []string{"f32[...]", "i64[4]=1,3,0,2"}, out: []string{"f32[?,?,?,?]"}},
		{name: "transpose_dynamic_interval_input_data", in: []string{"f32[4..6,2..3,8]", "i64[3]"}, out: []string{"f32[?,?,?]"}},
		{name: "transpose_arg_static_input_order_static_input_order_not_vector", in: []string{a4, "i64[2,2]"}, err: nv},
		{name: "transpose_arg_static_input_order_rank_static_dynamic_input_order_not_vector", in: []string{a4, "i64[2,?]"}, err: nv},
		{name: "transpose_arg_static_input_order_static_input_order_wrong_size", in: []string{a4, "i64[5]"}, err: "Input order must have shape [n], where n is the rank of arg."},
		{name: "transpose_arg_rank_static_dynamic_input_order_static_input_order_not_vector", in: []string{rsd, "i64[2,2]"}, err: nv},
		{name: "transpose_arg_rank_static_dynamic_input_order_rank_static_dynamic_input_order_not_vector", in: []string{rsd, "i64[2,?]"}, err: nv},
		{name: "transpose_arg_rank_dynamic_input_order_rank_static_dynamic_input_order_not_vector", in: []string{"f32[...]", "i64[2,?]"}, err: nv},
		{name: "transpose_input_order_et_dynamic_ok", in: []string{a4, "dynamic[4]"}, out: []string{"f32[?,?,?,?]"}},
		{name: "transpose_input_order_et_wrong", in: []string{a4, "boolean[4]"}, err: "Input order must have an integral number element type."},
		{name: "transpose_with_empty_order", in: []string{"f32[1,300]", "i64[0]="}, out: []string{"f32[300,1]"}},
		{name: "transpose_order_as_parameter_shape", in: []string{"f32[2..8,4..16,6]", "i64[3]:1,2,0"}, out: []string{"f32[4..16,6,2..8]"}},
		{name: "transpose_order_as_parameter_shape_after_transformation", in: []string{"f32[2..8,4..16,6]", "i32[3]:2,1,0"}, out: []string{"f32[6,4..16,2..8]"}},
		{name: "transpose_when_order_is_shape_of_dynamic_partial_shape", in: []string{"f32[2..8,4..16,6]", "i64[3]:0,2,1..2"}, out: []string{"f32[?,?,?]"}},
	}
	for _, p := range []struct{ order, in, out string }{
		{"2,0,1", "2,1..8,4", "4,2,1..8"},
		{"0,2,1", "3..5,1..8,4", "3..5,4,1..8"},
		{"1,2,3,0", "3..5,2,3,4", "2,3,4,3..5"},
		{"3,0,2,1", "3..5,2,1..8,4", "4,3..5,1..8,2"},
		{"1,0,3,2", "3..5,1..8,1..8,3..5", "1..8,3..5,3..5,1..8"},
	} {
		n := len(p.order)/2 + 1
		cases = append(cases, tpCase{name: "TransposeTest/propagate_interval_shape/" + p.order,
			in: []string{"f32[" + p.in + "]", "i64[" + string(rune('0'+n)) + "]=" + p.order}, out: []string{"f32[" + p.out + "]"}})
	}
	tpRun(t, "Transpose", "opset1", cases)
}

// Bounds that meet are a value for every op reading a constant input (Input.ints), as
// OpenVINO's get_constant_from_source evaluates them: the same input given as a Constant
// and as meeting bounds must infer the same shape. Expectations are those of the Constant
// form (type_prop/unsqueeze.cpp, squeeze.cpp, gather.cpp, reduce_ops.hpp shapes).
func TestTPBoundsAsValue(t *testing.T) {
	for _, c := range []struct {
		typ, opset string
		attrs      []string
		data, in   string // in: the constant input, as "i64[n]" plus values
		vals       string
		out        string
	}{
		{"Unsqueeze", "opset1", nil, "f32[3,4]", "i64[2]", "0,3", "f32[1,3,4,1]"},
		{"Squeeze", "opset1", nil, "f32[1,3,1,4]", "i64[2]", "0,2", "f32[3,4]"},
		{"ReduceSum", "opset1", []string{"keep_dims", "true"}, "f32[2,3,4]", "i64[1]", "1", "f32[2,1,4]"},
		{"Tile", "opset1", nil, "f32[2,3]", "i64[2]", "2,1", "f32[4,3]"},
	} {
		tpRun(t, c.typ, c.opset, []tpCase{
			{name: "constant", attrs: c.attrs, in: []string{c.data, c.in + "=" + c.vals}, out: []string{c.out}},
			{name: "meeting_bounds", attrs: c.attrs, in: []string{c.data, c.in + ":" + c.vals}, out: []string{c.out}},
		})
	}
	g := []string{"batch_dims", "0"}
	tpRun(t, "Gather", "opset8", []tpCase{
		{name: "constant_axis", attrs: g, in: []string{"f32[5,6,7]", "i64[4]", "i64[]=1"}, out: []string{"f32[5,4,7]"}},
		{name: "meeting_bounds_axis", attrs: g, in: []string{"f32[5,6,7]", "i64[4]", "i64[]:1"}, out: []string{"f32[5,4,7]"}},
	})
}
