package layers

import "testing"

// IsInf-10, IsNaN-10 and IsFinite-10 shape and type inference:
// src/core/tests/type_prop/is_inf.cpp@1456d71e, is_nan.cpp@10ea415a and is_finite.cpp@10e00947.
func TestTPIsInfNaNFinite(t *testing.T) {
	inf := []tpCase{
		{name: "is_inf_default", in: []string{"f32[1,64,256,256]"}, out: []string{"boolean[1,64,256,256]"}},
		{name: "is_inf_dynamic_batch", in: []string{"f32[?,64,256,256]"}, out: []string{"boolean[?,64,256,256]"}},
		{name: "is_inf_scalar", in: []string{"f32[1]"}, out: []string{"boolean[1]"}},
		{name: "is_inf_bfloat16", in: []string{"bf16[1,64,256,256]"}, out: []string{"boolean[1,64,256,256]"}},
		{name: "is_inf_float16", in: []string{"f16[1,64,256,256]"}, out: []string{"boolean[1,64,256,256]"}},
		{name: "is_inf_float64", in: []string{"f64[1,64,256,256]"}, out: []string{"boolean[1,64,256,256]"}},
		{name: "is_inf_interval", in: []string{"f32[2..4,..5]"}, out: []string{"boolean[2..4,..5]"}},
		{name: "is_inf_dynamic", in: []string{"f32[...]"}, out: []string{"boolean[...]"}},
		{name: "is_inf_negative", attrs: []string{"detect_positive", "false"}, in: []string{"f32[...]"}, out: []string{"boolean[...]"}},
		{name: "is_inf_positive", attrs: []string{"detect_negative", "false"}, in: []string{"f32[...]"}, out: []string{"boolean[...]"}},
		{name: "is_inf_all", attrs: []string{"detect_positive", "true", "detect_negative", "true"}, in: []string{"f32[...]"}, out: []string{"boolean[...]"}},
		{name: "is_inf_none", attrs: []string{"detect_positive", "false", "detect_negative", "false"}, in: []string{"f32[...]"}, out: []string{"boolean[...]"}},
	}
	tpRun(t, "IsInf", "opset10", inf)
	tpRun(t, "IsNaN", "opset10", []tpCase{
		{name: "isnan_output_shape", in: []string{"f16[4,2]"}, out: []string{"boolean[4,2]"}},
		{name: "isnan_sample_dynamic_batch", in: []string{"f16[?,21,37]"}, out: []string{"boolean[?,21,37]"}},
		{name: "isnan_sample_dynamic_shape", in: []string{"f16[?,?,?,?,?]"}, out: []string{"boolean[?,?,?,?,?]"}},
		{name: "isnan_sample_dynamic_rank", in: []string{"f16[...]"}, out: []string{"boolean[...]"}},
		{name: "isnan_sample_interval_dimension", in: []string{"f16[2..4,73,12]"}, out: []string{"boolean[2..4,73,12]"}},
		{name: "isnan_bad_input_type", in: []string{"i64[1,2,3]"}, err: "The element type of the input tensor must be a floating point number."},
		{name: "isnan_dynamic_input_type", in: []string{"dynamic[3,2,1]"}, out: []string{"boolean[3,2,1]"}},
	})
	tpRun(t, "IsFinite", "opset10", []tpCase{
		{name: "isfinite_output_shape", in: []string{"f16[4,2]"}, out: []string{"boolean[4,2]"}},
		{name: "isfnite_sample_dynamic_batch", in: []string{"f16[?,21,37]"}, out: []string{"boolean[?,21,37]"}},
		{name: "isfinite_sample_interval_dimension", in: []string{"f16[2..4,73,12]"}, out: []string{"boolean[2..4,73,12]"}},
		{name: "isfinite_sample_dynamic_shape", in: []string{"f16[?,?,?,?,?]"}, out: []string{"boolean[?,?,?,?,?]"}},
		{name: "isfinite_incorrect_input_type", in: []string{"i64[1,2,3]"}, err: "The element type of the input tensor must be a floating point number or dynamic"},
	})
}
