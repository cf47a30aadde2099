package layers

import (
	"strconv"
	"strings"
	"testing"
)

// Squeeze-0 shape inference: src/core/tests/type_prop/squeeze.cpp@0422242d, as data. Symbol
// checks are out of scope.
func TestTPSqueeze(t *testing.T) {
	cases := []tpCase{
		{name: "squeeze_single_input", in: []string{"f32[1,?,3,4]"}, out: []string{"f32[...]"}},
		{name: "squeeze_axes_invalid_value", in: []string{"f32[1,2,3,4]", "u64[2]=0,2"}, out: []string{"f32[2,3,4]"}},
		{name: "squeeze_axes_invalid_rank", in: []string{"f32[1,2,3,4]", "i32[2,1]=0,2"}, err: "Second input (axes) should not be of rank higher than 1."},
		{name: "squeeze_incorrect_negative_axes", in: []string{"f32[1,4,1,4,1,8]", "i64[2]=-6,-10"}, err: "Parameter axis -10 out of the tensor rank range"},
		{name: "squeeze_data_static_param_axes_1D_single_elem_static_shape_no_squeezable_dims", in: []string{"f32[2,2,4]", "u64[1]"}, out: []string{"f32[2,2,4]"}},
		{name: "squeeze_data_static_param_axes_1D_two_elem_static_shape_squeezable_dims_two", in: []string{"f32[1,2,1,4]", "u64[2]"}, out: []string{"f32[...]"}},
		{name: "squeeze_data_static_param_axes_1D_two_elem_static_shape_squeezable_dims_one", in: []string{"f32[2,1,4]", "u64[2]"}, out: []string{"f32[...]"}},
		{name: "squeeze_data_static_param_axes_1D_single_elem_static_shape_squeezable_dims_one", in: []string{"f32[2,1,4]", "u64[1]"}, out: []string{"f32[?,?]"}},
		{name: "squeeze_data_static_param_axes_scalar_static_shape_squeezable_dims_one", in: []string{"f32[2,1,4]", "u64[]"}, out: []string{"f32[?,?]"}},
		{name: "squeeze_data_scalar_param_axes_1D_single_elem_static_shape", in: []string{"f32[]", "u64[1]"}, out: []string{"f32[...]"}},
		{name: "squeeze_data_dynamic_param_axes_1D_two_elem_static_shape_squeezable_dims_equal", in: []string{"f32[?,2..8,1..3,4..]", "u64[2]"}, out: []string{"f32[...]"}},
		{name: "squeeze_data_static_param_axes_1D_two_elem_static_shape_squeezable_dims_more", in: []string{"f32[1,2,1,3,1]", "u64[2]"}, out: []string{"f32[...]"}},
		{name: "squeeze_data_static_param_axes_1D_single_elem_static_shape_squeezable_dims_more", in: []string{"f32[1,2,1,3,1]", "u64[1]"}, out: []string{"f32[?,?,?,?]"}},
		{name: "squeeze_data_static_param_axes_scalar_static_shape_squeezable_dims_more", in: []string{"f32[1,2,1,3,1]", "u64[]"}, out: []string{"f32[?,?,?,?]"}},
		{name: "squeeze_data_dynamic_param_axes_1D_two_elem_static_shape_squeezable_dims_more", in: []string{"f32[?,2..8,1..3,4..]", "u64[2]"}, out: []string{"f32[...]"}},
		{name: "squeeze_data_dynamic_param_axes_1D_single_elem_static_shape_squeezable_dims_more", in: []string{"f32[?,2..8,1..3,4..]", "u64[1]"}, out: []string{"f32[?,?,?]"}},
		{name: "squeeze_data_dynamic_param_axes_scalar_static_shape_squeezable_dims_more", in: []string{"f32[?,2..8,1..3,4..]", "u64[]"}, out: []string{"f32[?,?,?]"}},
		{name: "squeeze_data_dyamic_param_axes_1D_two_elem_static_shape_squeezable_dims_one", in: []string{"f32[2,?,4]", "u64[2]"}, out: []string{"f32[...]"}},
		{name: "squeeze_data_dynamic_param_axes_1D_three_elem_static_shape_squeezable_dims_two", in: []string{"f32[?,2..8,1..3,4..]", "u64[3]"}, out: []string{"f32[...]"}},
		{name: "squeeze_data_dynamic_param_axes_1D_single_elem_static_shape_squeezable_dims_less", in: []string{"f32[?,2..8,1..3,4..]", "u64[1]"}, out: []string{"f32[?,?,?]"}},
	}
	// SqueezeTest (type_prop_shrink_dynamic_shape, _shrink_shape, _shrink_shape_default_axes):
	// partial_shape_dimension_propagation_const_axis_i32, axes as an i32 Constant.
	for i, p := range []struct{ data, axes, out string }{
		{"?,?,?,?,?,?", "0,2", "?,?,?,?"},
		{"?,1,?", "0,2", "1"},
		{"...", "0,2", "..."},
		{"1", "0", ""},
		{"", "0", ""},
		{"1,2", "0", "2"},
		{"1,2", "-2", "2"},
		{"1,2,1", "0", "2,1"},
		{"1,2", "-2,-2", "2"},
		{"1,4,1,4,1,8", "0,2", "4,4,1,8"},
		{"1,4,1,4,1,8", "-6,-4", "4,4,1,8"},
		{"1,4,1,4,1,8", "", "4,4,8"},
		{"2..5,3..4,6", "", "2..5,3..4,6"},
		{"?,?,?,?,?,?", "", "..."},
		{"0..1", "", "..."},
		{"?,1,?", "", "..."},
		{"...", "", "..."},
	} {
		n := 0
		if p.axes != "" {
			n = len(strings.Split(p.axes, ","))
		}
		cases = append(cases, tpCase{name: "SqueezeTest/const_axis_i32/" + strconv.Itoa(i),
			in:  []string{"f32[" + p.data + "]", "i32[" + strconv.Itoa(n) + "]=" + p.axes},
			out: []string{"f32[" + p.out + "]"}})
	}
	// SqueezeShapeTests/shape_dimension_propagation_const_axis_i64: static f64 data, i64 axes.
	for i, p := range []struct{ data, axes, out string }{
		{"1", "0", ""}, {"", "0", ""}, {"1,2", "0", "2"}, {"1,2", "-2", "2"}, {"1,2,1", "0", "2,1"}, {"1,2", "-2,-2", "2"},
		{"1,4,1,4,1,8", "0,2", "4,4,1,8"}, {"1,4,1,4,1,8", "-6,-4", "4,4,1,8"},
	} {
		n := len(strings.Split(p.axes, ","))
		cases = append(cases, tpCase{name: "SqueezeShapeTests/const_axis_i64/" + strconv.Itoa(i),
			in:  []string{"f64[" + p.data + "]", "i64[" + strconv.Itoa(n) + "]=" + p.axes},
			out: []string{"f64[" + p.out + "]"}})
	}
	// SqueezeNoAxesTest/partial_shape_dimension_propagation_no_axes: no axes input.
	for i, p := range []struct{ data, out string }{
		{"1,4,1,4,1,8", "4,4,8"}, {"2..5,3..4,6", "2..5,3..4,6"}, {"?,?,?,?,?,?", "..."}, {"0..1", "..."}, {"?,1,?", "..."}, {"...", "..."},
	} {
		cases = append(cases, tpCase{name: "SqueezeNoAxesTest/" + strconv.Itoa(i), in: []string{"f32[" + p.data + "]"}, out: []string{"f32[" + p.out + "]"}})
	}
	// SqueezeScalarAxisTest: the axis as an i32 scalar Constant.
	for i, p := range []struct{ data, axis, out string }{
		{"1,2", "0", "2"}, {"3,1,2", "1", "3,2"}, {"3,1,2,1,1,5", "4", "3,1,2,1,5"},
	} {
		cases = append(cases, tpCase{name: "SqueezeScalarAxisTest/" + strconv.Itoa(i), in: []string{"f32[" + p.data + "]", "i32[]=" + p.axis}, out: []string{"f32[" + p.out + "]"}})
	}
	tpRun(t, "Squeeze", "opset1", cases)
	// SqueezeAxesPyTorchDynamicRank: u64 axes Constant; allow_axis_skip false/true (Squeeze-15).
	var c15 []tpCase
	for i, p := range []struct {
		data, axes, out string
		skip            string
	}{
		{"1,2,?,4", "", "...", "false"}, {"1,2,?,4", "", "...", "true"},
		{"1,2,?,4", "0", "2,?,4", "false"}, {"1,2,?,4", "0", "2,?,4", "true"},
		{"1,2,?,4", "2", "1,2,4", "false"}, {"1,2,?,4", "2", "...", "true"},
		{"1,2,?,4", "0,2", "2,4", "false"}, {"1,2,?,4", "0,2", "...", "true"},
		{"2,4", "1", "2,4", "false"}, {"2,4", "1", "2,4", "true"},
		{"2,3..5", "", "2,3..5", "false"}, {"2,3..5", "", "2,3..5", "true"},
		{"1,2,?", "0,1", "2,?", "false"}, {"1,2,?", "0,1", "2,?", "true"},
		{"1,2,?", "1", "1,2,?", "false"}, {"1,2,?", "1", "1,2,?", "true"},
		{"1,1,?", "0,1", "?", "false"}, {"1,1,?", "0,1", "?", "true"},
		{"1,1,?", "1", "1,?", "false"}, {"1,1,?", "1", "1,?", "true"},
		{"1,2,3", "", "2,3", "false"}, {"1,2,3", "", "2,3", "true"},
	} {
		n := 0
		if p.axes != "" {
			n = len(strings.Split(p.axes, ","))
		}
		c15 = append(c15, tpCase{name: "SqueezeAxesPyTorchDynamicRank/" + strconv.Itoa(i), attrs: []string{"allow_axis_skip", p.skip},
			in:  []string{"f32[" + p.data + "]", "u64[" + strconv.Itoa(n) + "]=" + p.axes},
			out: []string{"f32[" + p.out + "]"}})
	}
	tpRun(t, "Squeeze", "opset15", c15)
}
