package layers

import "testing"

// Selu-0: src/core/tests/type_prop/selu.cpp@b213c891 as data.
func TestTPSelu(t *testing.T) {
	tpRun(t, "Selu", "opset1", []tpCase{
		{name: "selu_basic_inference_f32_3D", in: []string{"f32[1,32,32]", "f32[1]", "f32[1]"}, out: []string{"f32[1,32,32]"}},
		{name: "selu_basic_inference_f16_3D", in: []string{"f16[1,32,32]", "f16[1]", "f16[1]"}, out: []string{"f16[1,32,32]"}},
		{name: "selu_basic_inference_f32_5D", in: []string{"f32[12,135,221,31,15]", "f32[1]", "f32[1]"}, out: []string{"f32[12,135,221,31,15]"}},
		{name: "selu_basic_inference_f16_5D", in: []string{"f16[12,135,221,31,15]", "f16[1]", "f16[1]"}, out: []string{"f16[12,135,221,31,15]"}},
		{name: "selu_incompatible_input_type_boolean", in: []string{"boolean[1,2,3,4]", "boolean[1]", "boolean[1]"}, err: "Input element types must be floating-point"},
		{name: "selu_incompatible_input_type_i32", in: []string{"i32[1,2,3,4]", "i32[1]", "i32[1]"}, err: "Input element types must be floating-point"},
		{name: "selu_incompatible_input_type_u16", in: []string{"u16[1,2,3,4]", "u16[1]", "u16[1]"}, err: "Input element types must be floating-point"},
		{name: "selu_incompatible_input_types", in: []string{"f32[1,2,3,4]", "f32[1]", "u16[1]"}, err: "Input element types do not match"},
		{name: "selu_dynamic_rank_input_shape_2D", in: []string{"f32[?,10]", "f32[2,1]", "f32[1]"}, out: []string{"f32[?,10]"}},
		{name: "selu_dynamic_rank_input_shape_3D", in: []string{"f32[100,?,58]", "f32[1]", "f32[1]"}, out: []string{"f32[100,?,58]"}},
		{name: "selu_dynamic_rank_input_shape_full", in: []string{"f32[...]", "f32[1]", "f32[1]"}, out: []string{"f32[...]"}},
	})
}
