package layers

import "testing"

// HSwish-4, HSigmoid-5, Gelu-0/7 and LogSoftmax-5 shape and type inference:
// src/core/tests/type_prop/hswish.cpp@061aae26, hsigmoid.cpp@0c646368, gelu.cpp@1927b9c8 and
// log_softmax.cpp@21cfa6bf.
func TestTPActivation(t *testing.T) {
	hs := func(prefix string) []tpCase {
		return []tpCase{
			{name: prefix, in: []string{"f32[1,3,6]"}, out: []string{"f32[1,3,6]"}},
			{name: prefix + "_partial", in: []string{"f32[1,?,6]"}, out: []string{"f32[1,?,6]"}},
			{name: prefix + "_partial/rank_unknown", in: []string{"f32[...]"}, out: []string{"f32[...]"}},
			{name: prefix + "_partial_static_rank", in: []string{"f32[1,?,6]"}, out: []string{"f32[1,?,6]"}},
		}
	}
	tpRun(t, "HSwish", "opset4", hs("hswish"))
	tpRun(t, "HSigmoid", "opset5", hs("hsigmoid"))

	tpRun(t, "Gelu", "opset2", []tpCase{
		{name: "gelu_v0", in: []string{"f32[64,?,256,4..8]"}, out: []string{"f32[64,?,256,4..8]"}},
	})
	tpRun(t, "Gelu", "opset7", []tpCase{
		{name: "gelu_default_mode_inference_f32", in: []string{"f32[1,32,32]"}, out: []string{"f32[1,32,32]"}},
		{name: "gelu_default_mode_inference_f16", in: []string{"f16[1,32,32]"}, out: []string{"f16[1,32,32]"}},
		{name: "gelu_tanh_mode_inference_f32", attrs: []string{"approximation_mode", "tanh"}, in: []string{"f32[1,32,32]"}, out: []string{"f32[1,32,32]"}},
		{name: "gelu_tanh_mode_inference_f16", attrs: []string{"approximation_mode", "tanh"}, in: []string{"f16[1,32,32]"}, out: []string{"f16[1,32,32]"}},
		{name: "gelu_incompatible_input_type_boolean", in: []string{"boolean[1,32,32]"}, err: "*"},
		{name: "gelu_incompatible_input_type_u16", in: []string{"u16[1,32,32]"}, err: "*"},
		{name: "gelu_incompatible_input_type_i32", in: []string{"i32[1,32,32]"}, err: "*"},
		{name: "gelu_incompatible_input_type_i16", in: []string{"i16[1,32,32]"}, err: "*"},
		{name: "gelu_dynamic_rank_input_shape_2D", in: []string{"f32[?,10]"}, out: []string{"f32[?,10]"}},
		{name: "gelu_dynamic_rank_input_shape_3D", in: []string{"f32[100,?,58]"}, out: []string{"f32[100,?,58]"}},
		{name: "gelu_dynamic_rank_input_shape_full", in: []string{"f32[...]"}, out: []string{"f32[...]"}},
	})

	tpRun(t, "LogSoftmax", "opset5", []tpCase{
		{name: "log_softmax", attrs: []string{"axis", "1"}, in: []string{"f32[1,3,6]"}, out: []string{"f32[1,3,6]"}},
		{name: "log_softmax_incorrect_axis", attrs: []string{"axis", "3"}, in: []string{"f32[1,3,6]"}, err: "Axis 3 out of the tensor rank range [-3, 2]",
			note: "the stored test (2023) expects \"Reduction axis (3) is out of bounds\"; current log_softmax.cpp (@24e16b1c) checks with ov::util::validate_axis, whose message irrun gives"},
		{name: "log_softmax_partial_static_rank", attrs: []string{"axis", "1"}, in: []string{"f32[1,?,6]"}, out: []string{"f32[1,?,6]"}},
	})
}
