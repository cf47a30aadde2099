package layers

import "testing"

// FakeConvert-13 shape and type inference: src/core/tests/type_prop/fake_convert.cpp@473faca3,
// as data (the default destination type). Messages are those of fake_convert_shape_inference.hpp@f941138a
// (an older one said "broadcastd", as irrun did).
func TestTPFakeConvert(t *testing.T) {
	s := "f32[]"
	tpRun(t, "FakeConvert", "opset13", []tpCase{
		{name: "fake_convert_no_shift", in: []string{"f32[2,3,8,6]", s}, out: []string{"f32[2,3,8,6]"}},
		{name: "fake_convert_basic_f32", in: []string{"f32[2,3,8,6]", s, s}, out: []string{"f32[2,3,8,6]"}},
		{name: "fake_convert_basic_f16", in: []string{"f16[2,3,8,6]", "f16[]", "f16[]"}, out: []string{"f16[2,3,8,6]"}},
		{name: "fake_convert_basic_bf16", in: []string{"bf16[2,3,8,6]", "bf16[]", "bf16[]"}, out: []string{"bf16[2,3,8,6]"}},
		{name: "fake_convert_basic_dynamic", in: []string{"dynamic[2,3,8,6]", "dynamic[]", "dynamic[]"}, out: []string{"dynamic[2,3,8,6]"}},
		{name: "fake_convert_dynamic_shape", in: []string{"f32[...]", s, s}, out: []string{"f32[...]"}},
		{name: "fake_convert_symbol", in: []string{"f32[2,1,?,6]", s, s}, out: []string{"f32[2,1,?,6]"}},
		{name: "fake_convert_example_0", in: []string{"f32[2,1,3,6]", "f32[1,1,3,1]", "f32[1,1,3,1]"}, out: []string{"f32[2,1,3,6]"}},
		{name: "fake_convert_example_1", in: []string{"f32[2,1,3,6]", "f32[3,1]", "f32[3,1]"}, out: []string{"f32[2,1,3,6]"}},
		{name: "fake_convert_example_2", in: []string{"f32[2,1,3..5,6]", "f32[3,1]", "f32[3,1]"}, out: []string{"f32[2,1,3,6]"}},
		{name: "fake_convert_example_3", in: []string{"f32[4,2..5,6]", "f32[4,3,1]", "f32[4,3,1]"}, out: []string{"f32[4,3,6]"}},
		{name: "fake_convert_basic_unsupported_type", in: []string{"f64[2,3,8,6]", "f64[]", "f64[]"}, err: "The element type of the input tensor must be a bf16, f16, f32 but got: f64"},
		{name: "fake_convert_basic_unsupported_shape_scale_shift", in: []string{"f32[2,3,8,6]", "f32[1]", s}, err: "FakeConvert scale shape is not compatible with shift shape."},
		{name: "fake_convert_basic_unsupported_shape_not_broadcastable", in: []string{"f32[2,3,8,6]", "f32[1,1,3,1]", "f32[1,1,3,1]"}, err: "Argument shapes are inconsistent."},
		{name: "fake_convert_basic_unsupported_shape_not_unidirectional_broadcastable", in: []string{"f32[2,3,1,6]", "f32[1,1,3,1]", "f32[1,1,3,1]"},
			err: "FakeConvert support only unidirectional broadcasting, inputs cannot be broadcast into data."},
		{name: "fake_convert_basic_unsupported_mixed_types", in: []string{"f32[2,3,8,6]", "dynamic[]", "f16[]"}, err: "Mixed input types are not supported."},
	})
}
