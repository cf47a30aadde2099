package layers

import "testing"

// Softmax-1/8 shape and type inference: src/core/tests/type_prop/softmax.cpp@10e00947, as
// data. get_axis() checks become the default-axis output (the axis is otherwise invisible).
func TestTPSoftmax(t *testing.T) {
	tpRun(t, "Softmax", "opset1", []tpCase{
		{name: "softmax_default_axis", in: []string{"f32[2,3]"}, out: []string{"f32[2,3]"}},
		{name: "softmax_out_of_bound_axis", attrs: []string{"axis", "-1"}, in: []string{"f32[2,3]"}, err: "*"},
	})
	tpRun(t, "Softmax", "opset8", []tpCase{
		{name: "softmax_8_default_axis", in: []string{"f32[2,3]"}, out: []string{"f32[2,3]"}},
		{name: "softmax_8_out_of_bound_negative_axis", attrs: []string{"axis", "-10"}, in: []string{"f32[2,3]"}, err: "*"},
		{name: "softmax_8_out_of_bound_positive_axis", attrs: []string{"axis", "10"}, in: []string{"f32[2,3]"}, err: "*"},
		{name: "softmax_8_positive_axis", attrs: []string{"axis", "1"}, in: []string{"f32[1,10]"}, out: []string{"f32[1,10]"}},
		{name: "softmax_8_negative_axis", attrs: []string{"axis", "-1"}, in: []string{"f32[1,10]"}, out: []string{"f32[1,10]"}},
	})
}
