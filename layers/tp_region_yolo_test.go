package layers

import "testing"

// RegionYolo-0 shape inference: src/core/tests/type_prop/region_yolo.cpp@345947cb, as data
// (label checks out of scope).
func TestTPRegionYolo(t *testing.T) {
	a := func(softmax bool, axis, end string) []string {
		s := "false"
		if softmax {
			s = "true"
		}
		return []string{"coords", "4", "classes", "20", "num", "5", "do_softmax", s, "mask", "0,1,2", "axis", axis, "end_axis", end}
	}
	const iv = "2..4,5..8,?,0..10"
	tpRun(t, "RegionYolo", "opset1", []tpCase{
		{name: "default_ctor_do_softmax", attrs: []string{"do_softmax", "true", "axis", "-1", "end_axis", "2"}, in: []string{"f32[10,5,16,16]"}, out: []string{"f32[10,5,16,16]"}},
		{name: "default_ctor_no_softmax", attrs: []string{"do_softmax", "false", "classes", "5", "coords", "2", "mask", "1,2"}, in: []string{"f32[10,5,11,12]"}, out: []string{"f32[10,16,11,12]"}},
		{name: "data_input_dynamic_rank_do_not_softmax", attrs: a(false, "1", "3"), in: []string{"f32[...]"}, out: []string{"f32[...]"}},
		{name: "data_input_dynamic_rank_do_softmax", attrs: a(true, "1", "3"), in: []string{"f32[...]"}, out: []string{"f32[...]"}},
		{name: "data_input_static_rank_do_softmax", attrs: a(true, "1", "3"), in: []string{"f64[?,?,?,?]"}, out: []string{"f64[?,?]"}},
		{name: "do_softmax_end_axis_out_side_data_rank", attrs: a(true, "1", "-1"), in: []string{"f32[?,?,?,?]"}, out: []string{"f32[?,?]"}},
		{name: "data_input_interval_shape_with_labels_do_softmax", attrs: a(true, "2", "3"), in: []string{"f16[" + iv + "]"}, out: []string{"f16[2..4,5..8,?]"}},
		{name: "do_softmax_start_axis_negative", attrs: a(true, "-2", "3"), in: []string{"f16[" + iv + "]"}, out: []string{"f16[2..4,5..8,?]"}},
		{name: "data_input_interval_shape_with_labels_no_softmax", attrs: a(false, "2", "3"), in: []string{"f16[" + iv + "]"}, out: []string{"f16[2..4,75,?,0..10]"}},
		{name: "data_input_not_4d/3", attrs: a(true, "1", "5"), in: []string{"f32[?,?,?]"}, err: "Input must be a tensor of rank 4"},
		{name: "data_input_not_4d/5", attrs: a(true, "1", "5"), in: []string{"f32[?,?,?,?,?]"}, err: "Input must be a tensor of rank 4"},
		{name: "do_softmax_axis_not_valid_value/4", attrs: a(true, "4", "2"), in: []string{"f32[?,?,?,?]"}, err: "out of the tensor rank range"},
		{name: "do_softmax_axis_not_valid_value/-5", attrs: a(true, "-5", "2"), in: []string{"f32[?,?,?,?]"}, err: "out of the tensor rank range"},
		{name: "do_softmax_end_axis_not_valid_value/4", attrs: a(true, "1", "4"), in: []string{"f32[?,?,?,?]"}, err: "out of the tensor rank range"},
		{name: "do_softmax_end_axis_not_valid_value/-5", attrs: a(true, "1", "-5"), in: []string{"f32[?,?,?,?]"}, err: "out of the tensor rank range"},
	})
}
