package layers

import "testing"

// Roll-7 shape and type inference: src/core/tests/type_prop/roll.cpp@09d9dfab (inputs data,
// shift, axes).
func TestTPRoll(t *testing.T) {
	tpRun(t, "Roll", "opset7", []tpCase{
		{name: "roll_output_shape_type_test", in: []string{"f32[3,3,4,1,5]", "i32[2]", "i64[2]"}, out: []string{"f32[3,3,4,1,5]"}},
		{name: "roll_axis_const_test", in: []string{"f32[3,3,3]", "i32[3]", "i64[3]=0,1,-1"}, out: []string{"f32[3,3,3]"}},
		{name: "roll_incorrect_axis_test", in: []string{"f32[3,3]", "i32[2]", "i64[2]=0,2"}, err: "xis 2 out of the tensor rank range",
			note: "the test names it \"Parameter axis 2 ...\", current OpenVINO's validate_axis \"Axis 2 ...\" (as split.cpp, round 11 tp2)"},
		{name: "roll_incorrect_negative_axis_test", in: []string{"f32[3,3]", "i32[2]", "i64[2]=0,-5"}, err: "xis -5 out of the tensor rank range"},
		{name: "roll_axis_scalar_test", in: []string{"i32[3,3,4]", "i64[]=5", "i32[3]"}, out: []string{"i32[3,3,4]"}},
		{name: "roll_invalid_axes_check", in: []string{"f32[3,3,4,1,5]", "i32[3]", "i64[1]"}, err: "If shift is a 1D vector, axes must be a 1D tensor of the same size."},
		{name: "roll_dynamic_shape", in: []string{"f32[?,?]", "i64[?]", "i32[?]"}, out: []string{"f32[?,?]"}},
		{name: "roll_dynamic_ranks", in: []string{"f32[...]", "i64[...]", "i32[...]"}, out: []string{"f32[...]"}},
		{name: "roll_dynamic_axes_static_shift", in: []string{"i32[3,3,4,2]", "i64[]=5", "i32[?]"}, out: []string{"i32[3,3,4,2]"}},
		{name: "roll_static_axes_dynamic_shift", in: []string{"i32[1,2,4]", "i64[?]", "i32[3]"}, out: []string{"i32[1,2,4]"}},
		{name: "static_axes_dynamic_data", in: []string{"f32[?,?]", "i64[]=5", "i32[?]"}, out: []string{"f32[?,?]"}},
		{name: "const_shift_axes_and_interval_dim_on_arg_shape", in: []string{"f32[2..5,..10,4..,?]", "i64[]=5", "i64[2]=0,1"}, out: []string{"f32[2..5,..10,4..,?]"}},
		{name: "default_ctor", in: []string{"f32[3..5,?,10]", "i64[]=5", "i64[2]=0,1"}, out: []string{"f32[3..5,?,10]"}},
	})
}
