package layers

import (
	"strconv"
	"strings"
	"testing"
)

// Unsqueeze-0 shape inference: src/core/tests/type_prop/unsqueeze.cpp@058e5829, as data. Label
// checks are out of scope.
func TestTPUnsqueeze(t *testing.T) {
	cases := []tpCase{
		{name: "unsqueeze", in: []string{"f32[4,1,4,1,8]", "u64[2]=1,2"}, out: []string{"f32[4,1,1,1,4,1,8]"}},
		{name: "unsqueeze_incorrect_axes_shape", in: []string{"f32[4,1,4,1,8]", "u64[1,1,1]=1"}, err: "Second input (axes) should not be of rank higher than 1"},
		{name: "unsqueeze_positive_axis_gt_ouput_rank", in: []string{"f32[4,1,4,1,8]", "u64[1]=6"}, err: "Parameter axis 6 out of the tensor rank range"},
		{name: "unsqueeze_negative_axis_gt_ouput_rank", in: []string{"f32[4,1,4,1,8]", "u64[1]=-7"}, out: []string{"f32[?,?,?,?,?,?]"},
			note: "OpenVINO reads the u64 axis 2^64-7 as the int64 -7 and rejects it; irrun's Tensor.Int64s treats a u64 above MaxInt64 as not a known integer (ir/tensor.go), so the axis is unknown and only the rank is inferred"},
		{name: "unsqueeze_empty_axes", in: []string{"f32[4,1,4,1,8]", "u64[0]="}, err: "'axes' input is mandatory"},
	}
	// UnsqueezeTest (expand_dynamic_shape, expand_shape_at_edges, expand_shape_inside,
	// repeated_axis): const axes as i8 and i32 (and the default-ctor run, the same as i32),
	// then the axes as a dynamic-shape and a {2..6} Parameter (dynamic rank out).
	for i, p := range []struct{ data, axes, out string }{
		{"...", "-1,-5", "..."},
		{"?,?,?", "-1,-5", "1,?,?,?,1"},
		{"?,?,?,?,?", "1,2", "?,1,1,?,?,?,?"},
		{"3..5,..2", "0", "1,3..5,..2"},
		{"2,?,4,2..7,6", "3,1,5", "2,1,?,1,4,1,2..7,6"},
		{"", "0", "1"},
		{"?", "-1", "?,1"},
		{"0", "-1", "0,1"},
		{"5", "0", "1,5"},
		{"5", "-2", "1,5"},
		{"5", "1", "5,1"},
		{"5", "-1", "5,1"},
		{"2,3", "0", "1,2,3"},
		{"2,3,6", "0,-1", "1,2,3,6,1"},
		{"2,3,6", "-1,-5", "1,2,3,6,1"},
		{"5", "1,-1", "5,1,1"},
		{"5,4", "1", "5,1,4"},
		{"8,2", "-2", "8,1,2"},
		{"3,4", "1,-2", "3,1,1,4"},
		{"2,3,4", "1,3", "2,1,3,1,4"},
		{"3,6,7,3", "-2,3,1", "3,1,6,1,7,1,3"},
		{"5", "1,1", "5,1"},
		{"5", "-1,-1", "5,1"},
		{"5", "1,-1,1", "5,1,1"},
		{"2,3,4", "1,1", "2,1,3,4"},
		{"2,3,4", "1,1,3,3", "2,1,3,1,4"},
		{"2,3,4", "1,-1,1", "2,1,3,4,1"},
		{"2,3,4", "1,-1", "2,1,3,4,1"},
		{"2,3,4", "-1,-1", "2,3,4,1"},
		{"2,3,4", "-1,-1,1", "2,1,3,4,1"},
		{"2,3,4", "-1,4,-1", "2,3,4,1"},
		{"2,3,4", "-1,4", "2,3,4,1"},
		{"2,3,4", "4,-1", "2,3,4,1"},
		{"2,3,4", "4,4,-2,-2,-1,-1", "2,3,4,1,1"},
	} {
		n := strconv.Itoa(len(strings.Split(p.axes, ",")))
		for _, et := range []string{"i8", "i32"} {
			cases = append(cases, tpCase{name: "UnsqueezeTest/const_axis_" + et + "/" + strconv.Itoa(i),
				in: []string{"f32[" + p.data + "]", et + "[" + n + "]=" + p.axes}, out: []string{"f32[" + p.out + "]"}})
		}
		cases = append(cases,
			tpCase{name: "UnsqueezeTest/dynamic_axis_shape/" + strconv.Itoa(i), in: []string{"f32[" + p.data + "]", "i64[...]"}, out: []string{"f32[...]"}},
			tpCase{name: "UnsqueezeTest/static_rank_dynamic_dim_axis_shape/" + strconv.Itoa(i), in: []string{"f32[" + p.data + "]", "u32[2..6]"}, out: []string{"f32[...]"}})
	}
	tpRun(t, "Unsqueeze", "opset1", cases)
}
