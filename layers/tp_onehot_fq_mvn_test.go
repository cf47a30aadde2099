package layers

import "testing"

// OneHot-1 shape and type inference: src/core/tests/type_prop/one_hot.cpp@09d9dfab, as data.
// The depth computed by ShapeOf → Squeeze is given by its bounds; symbol checks are out of
// scope.
func TestTPOneHot(t *testing.T) {
	ax := func(a string) []string { return []string{"axis", a} }
	tpRun(t, "OneHot", "opset1", []tpCase{
		{name: "one_hot_v1_output_shape", attrs: ax("-1"), in: []string{"i64[3]", "i64[]=2", "u32[]=5", "u32[]=10"}, out: []string{"u32[3,2]"}},
		{name: "one_hot_v1_output_shape/dyn", attrs: ax("-1"), in: []string{"i64[1..3]", "i64[]=2", "u32[]=5", "u32[]=10"}, out: []string{"u32[1..3,2]"}},
		{name: "one_hot_v1_output_shape_2", attrs: ax("3"), in: []string{"i64[1,3,2,3]", "i64[]=4", "f32[]=1", "f32[]=0"}, out: []string{"f32[1,3,2,4,3]"}},
		{name: "one_hot_v1_output_shape_2/dyn", attrs: ax("3"), in: []string{"i64[1,3..5,2,3]", "i64[]=4", "f32[]=1", "f32[]=0"}, out: []string{"f32[1,3..5,2,4,3]"}},
		{name: "one_hot_v1_indices_symbols", attrs: ax("1"), in: []string{"i64[?,3..5,2,3]", "i64[]=4", "f32[]=1", "f32[]=0"}, out: []string{"f32[?,4,3..5,2,3]"}},
		{name: "one_hot_v1_depth_shape_of_value", attrs: ax("1"), in: []string{"i64[?,3..5,2,3]", "i64[]:4", "f32[]=1", "f32[]=0"}, out: []string{"f32[?,4,3..5,2,3]"}},
		{name: "one_hot_v1_depth_value_symbol", attrs: ax("1"), in: []string{"i64[?,3..5,2,3]", "i64[]:4..6", "f32[]=1", "f32[]=0"}, out: []string{"f32[?,4..6,3..5,2,3]"}},
		{name: "one_hot_v1_output_symbols", attrs: ax("1"), in: []string{"i64[?,3..5,2,3]", "i64[]=4", "f32[]=1", "f32[]=0"}, out: []string{"f32[?,4,3..5,2,3]"}},
		{name: "one_hot_v1_default_constructor", attrs: ax("3"), in: []string{"i64[1,3,2,3]", "i64[]=4", "f32[]=1", "f32[]=0"}, out: []string{"f32[1,3,2,4,3]"}},
		{name: "one_hot_v1_indices_elem_not_integral", attrs: ax("-1"), in: []string{"f16[2,2]", "i64[]", "u32[]", "u32[]"}, err: "Indices must be integral element type."},
		{name: "one_hot_v1_depth_elem_not_integral", attrs: ax("-1"), in: []string{"i64[2,2]", "f16[]", "u32[]", "u32[]"}, err: "Depth must be integral element type."},
		{name: "one_hot_v1_negative_depth", attrs: ax("-1"), in: []string{"i32[2,2]", "i64[]=-4", "f32[]=1", "f32[]=0"}, err: "can't be negative."},
		{name: "one_hot_v1_on_off_values_not_compatible", attrs: ax("-1"), in: []string{"i64[2,2]", "i64[]", "bf16[]", "f16[]"}, err: "on_value element type must be compatible with off_value element type."},
		{name: "one_hot_v1_depth_not_scalar", attrs: ax("-1"), in: []string{"i64[2,2]", "i64[1]", "bf16[]", "bf16[]"}, err: "depth input must be scalar."},
		{name: "one_hot_v1_on_value_not_scalar", attrs: ax("-1"), in: []string{"i64[2,2]", "i64[]", "bf16[2]", "bf16[]"}, err: "on_value input must be scalar."},
		{name: "one_hot_v1_off_value_not_scalar", attrs: ax("-1"), in: []string{"i64[2,2]", "i64[]", "bf16[]", "bf16[3]"}, err: "off_value input must be scalar."},
		{name: "one_hot_v1_out_types_1", attrs: ax("-1"), in: []string{"i32[3,2]", "i32[]=2", "f32[]=-3.3", "f32[]=-10.12"}, out: []string{"f32[3,2,2]"}},
		{name: "one_hot_v1_out_types_2", attrs: ax("-1"), in: []string{"i64[3,2]", "i32[]=2", "i32[]=-1", "i32[]=7"}, out: []string{"i32[3,2,2]"}},
		{name: "one_hot_v1_out_types_3", attrs: ax("-1"), in: []string{"i32[3,2]", "i32[]=2", "boolean[]=1", "boolean[]=0"}, out: []string{"boolean[3,2,2]"}},
	})
}

// FakeQuantize-0 shape and type inference: src/core/tests/type_prop/fake_quantize.cpp@21cfa6bf.
func TestTPFakeQuantize(t *testing.T) {
	lv := []string{"levels", "5"}
	tpRun(t, "FakeQuantize", "opset1", []tpCase{
		{name: "fake_quantize", attrs: lv, in: []string{"f32[1,2,3,4]", "f32[]", "f32[]", "f32[]", "f32[]"}, out: []string{"f32[1,2,3,4]"}},
		{name: "fake_quantize_autob", attrs: lv, in: []string{"f32[1,2,3,4]", "f32[3,1]", "f32[1,2,3,4]", "f32[4]", "f32[]"}, out: []string{"f32[1,2,3,4]"}},
		{name: "fake_quantize_invalid_autob", attrs: lv, in: []string{"f32[1,2,3,4]", "f32[3]", "f32[]", "f32[]", "f32[]"}, err: "Argument shapes are inconsistent"},
	})
}

// MVN-0/6 shape and type inference: src/core/tests/type_prop/mvn.cpp@21cfa6bf. The reduction
// axes (get_reduction_axes) are not an output and are not checked.
func TestTPMVN(t *testing.T) {
	v0 := []string{"eps", "1e-9", "normalize_variance", "true"}
	tpRun(t, "MVN", "opset2", []tpCase{
		{name: "mvn", attrs: v0, in: []string{"f32[1,3,6]"}, out: []string{"f32[1,3,6]"}},
		{name: "mvn_partial", attrs: v0, in: []string{"f32[1,?,6]"}, out: []string{"f32[1,?,6]"}},
		{name: "mvn_partial/across_channels_false", attrs: append([]string{"across_channels", "false"}, v0...), in: []string{"f32[1,?,6]"}, out: []string{"f32[1,?,6]"}},
		{name: "mvn_partial/rank_unknown", attrs: v0, in: []string{"f32[...]"}, out: []string{"f32[...]"}},
	})
	v6 := []string{"normalize_variance", "true", "eps", "1e-6", "eps_mode", "inside_sqrt"}
	tpRun(t, "MVN", "opset6", []tpCase{
		{name: "mvn_6", attrs: v6, in: []string{"f32[1,2,3,4]", "i64[3]"}, out: []string{"f32[1,2,3,4]"}},
		{name: "mvn_6_partial", attrs: v6, in: []string{"f32[1,?,5,6]", "i64[3]"}, out: []string{"f32[1,?,5,6]"}},
		{name: "mvn_6_partial/rank_unknown", attrs: v6, in: []string{"f32[...]", "i64[3]"}, out: []string{"f32[...]"}},
	})
}
