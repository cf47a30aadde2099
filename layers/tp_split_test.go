package layers

import (
	"strconv"
	"testing"
)

// Split-1 shape inference: src/core/tests/type_prop/split.cpp@06e706d8, as data (every output
// has the listed shape). Label checks are out of scope.
func TestTPSplit(t *testing.T) {
	ns := func(n string) []string { return []string{"num_splits", n} }
	rep := func(s string, n int) []string {
		r := make([]string, n)
		for i := range r {
			r[i] = s
		}
		return r
	}
	cases := []tpCase{
		{name: "split_v1_axis_const_positive", attrs: ns("3"), in: []string{"f16[2,3,4]", "i64[]=1"}, out: rep("f16[2,1,4]", 3)},
		{name: "split_v1_axis_const_negative", attrs: ns("2"), in: []string{"i32[2,6]", "i64[]=-2"}, out: rep("i32[1,6]", 2)},
		{name: "split_v1_axis_const_data_axis_dim_known", attrs: ns("3"), in: []string{"f32[2,12,?]", "i32[]=1"}, out: rep("f32[2,4,?]", 3)},
		{name: "split_v1_axis_const_only_data_axis_dim_known", attrs: ns("2"), in: []string{"f32[2,?,?]", "i16[]=0"}, out: rep("f32[1,?,?]", 2)},
		{name: "split_v1_axis_const_data_axis_dim_unknown", attrs: ns("3"), in: []string{"f32[4,?,3,5]", "i8[]=1"}, out: rep("f32[4,?,3,5]", 3)},
		{name: "split_v1_axis_const_data_axis_dim_interval_known_divisible", attrs: ns("2"), in: []string{"f32[4,3..6,3..6,5]", "i8[]=1"}, out: rep("f32[4,1..3,3..6,5]", 2)},
		{name: "split_v1_axis_const_data_axis_dim_interval_known_upper_bound_divisible", attrs: ns("3"), in: []string{"f32[4,2..4,3,5]", "i8[]=1"}, out: rep("f32[4,0..1,3,5]", 3)},
		{name: "split_v1_axis_const_invalid_data_axis_dim_interval_known", attrs: ns("3"), in: []string{"f32[4,1..2,3,5]", "i8[]=1"}, err: "The interval maximum of the dimension for data input shape along 'axis' must be greater or equal to 'num_splits' attribute."},
		{name: "split_v1_axis_const_only_data_rank_known", attrs: ns("3"), in: []string{"f32[?,?,?,?]", "u64[]=1"}, out: rep("f32[?,?,?,?]", 3)},
		{name: "split_v1_axis_param_only_data_rank_known", attrs: ns("3"), in: []string{"f32[?,?,?,?]", "u32[]"}, out: rep("f32[?,?,?,?]", 3)},
		{name: "split_v1_axis_const_data_rank_unknown", attrs: ns("3"), in: []string{"f32[...]", "u16[]=2"}, out: rep("f32[...]", 3)},
		{name: "split_v1_axis_param_data_rank_unknown", attrs: ns("3"), in: []string{"f32[...]", "u8[]"}, out: rep("f32[...]", 3)},
		{name: "split_v1_axis_param_dynamic_ranks", attrs: ns("3"), in: []string{"f32[...]", "u8[...]"}, out: rep("f32[...]", 3)},
		{name: "split_v1_invalid_axis_et_f32", attrs: ns("2"), in: []string{"f32[2,6]", "f32[]=1"}, err: "Element type of 'axis' input must be integer."},
		{name: "split_v1_invalid_axis_et_boolean", attrs: ns("2"), in: []string{"f32[2,6]", "boolean[]=1"}, err: "Element type of 'axis' input must be integer."},
		{name: "split_v1_invalid_axis_not_a_scalar", attrs: ns("1"), in: []string{"i32[2,6]", "i64[2]=0,1"}, err: "'axis' input must be a scalar."},
		{name: "split_v1_invalid_num_splits", attrs: ns("0"), in: []string{"i32[2,6]", "i64[]=1"}, err: "Attribute 'num_splits' must be greater than zero"},
		{name: "split_v1_invalid_axis_value", attrs: ns("4"), in: []string{"i32[2,6]", "i64[]=-5"}, err: "xis -5 out of the tensor rank range",
			note: "split.cpp@06e706d8 expects \"Parameter axis -5 ...\"; the newer split.cpp (and OpenVINO's validate_axis) say \"Axis -5 ...\", which irrun follows"},
		{name: "split_v1_incompatible_data_shape_with_num_splits", attrs: ns("4"), in: []string{"i32[2,6]", "i64[]=1"}, err: "Dimension of data input shape along 'axis': 6 must be evenly divisible by 'num_splits' attribute value: 4"},
	}
	// SplitTest (type_prop_static_shape, type_prop_dynamic_shape): i32 scalar axis Constant.
	for i, p := range []struct {
		data, axis string
		n          int
		out        string
	}{
		{"6,2", "0", 1, "6,2"},
		{"6", "0", 2, "3"},
		{"3,6,7,3", "1", 2, "3,3,7,3"},
		{"2..6,2", "0", 1, "2..6,2"},
		{"4..8", "0", 2, "2..4"},
		{"3,6,10..20,1..3", "2", 2, "3,6,5..10,1..3"},
	} {
		cases = append(cases, tpCase{name: "SplitTest/" + strconv.Itoa(i), attrs: ns(strconv.Itoa(p.n)),
			in: []string{"f32[" + p.data + "]", "i32[]=" + p.axis}, out: rep("f32["+p.out+"]", p.n)})
	}
	tpRun(t, "Split", "opset1", cases)
}
