package layers

import "testing"

// ScaledDotProductAttention-13: src/core/tests/type_prop/scaled_dot_product_attention.cpp@c206d5f4
// as data (symbol checks out of scope).
func TestTPScaledDotProductAttention(t *testing.T) {
	causal := []string{"causal", "true"}
	const q, k, v = "f32[2,3,4]", "f32[2,5,4]", "f32[2,5,6]"
	tpRun(t, "ScaledDotProductAttention", "opset13", []tpCase{
		{name: "static_5_inputs", in: []string{q, k, v, "f32[1,3,5]", "f32[1]"}, out: []string{"f32[2,3,6]"}},
		{name: "static_4_inputs", in: []string{q, k, v, "f32[1,3,5]"}, out: []string{"f32[2,3,6]"}},
		{name: "static_3_inputs", in: []string{q, k, v}, out: []string{"f32[2,3,6]"}},
		{name: "static_3_inputs_causal", attrs: causal, in: []string{q, k, v}, out: []string{"f32[2,3,6]"}},
		{name: "scalar_attention_causal_false", in: []string{q, k, v, "f32[]", "f32[]"}, out: []string{"f32[2,3,6]"}},
		{name: "static_ignored_attention_mask", attrs: causal, in: []string{q, k, v, "f32[7,8,9,10,11]", "f32[]"}, out: []string{"f32[2,3,6]"}},
		{name: "static_5_inputs_extra_batch", in: []string{"f32[2,7,3,4]", "f32[2,7,5,4]", "f32[2,7,5,6]", "f32[1,1,3,5]", "f32[]"}, out: []string{"f32[2,7,3,6]"}},
		{name: "static_4_inputs_extra_batch", in: []string{"f32[2,7,3,4]", "f32[7,5,4]", "f32[2,1,5,6]", "f32[1,1,3,5]"}, out: []string{"f32[2,7,3,6]"}},
		{name: "static_3_inputs_extra_batch", in: []string{"f32[7,3,4]", "f32[2,7,5,4]", "f32[2,7,5,6]"}, out: []string{"f32[2,7,3,6]"}},
		{name: "static_3_inputs_extra_batch_causal_true", attrs: causal, in: []string{"f32[2,7,3,4]", "f32[2,7,5,4]", "f32[7,5,6]"}, out: []string{"f32[2,7,3,6]"}},
		{name: "static_ignored_attention_mask_extra_batch", attrs: causal, in: []string{"f32[2,7,3,4]", "f32[2,1,5,4]", "f32[1,7,5,6]", "f32[7,8,9,10,11]", "f32[]"},
			out: []string{"f32[2,7,3,6]"}},
		{name: "5_inputs_dynamic_rank", in: []string{"f32[...]", "f32[...]", "f32[...]", "f32[...]", "f32[...]"}, out: []string{"f32[...]"}},
		{name: "dynamic_3d", in: []string{"f32[?,?,?]", "f32[?,?,?]", "f32[?,?,?]", "f32[?,?,?]", "f32[]"}, out: []string{"f32[?,?,?]"}},
		{name: "dynamic_4d", in: []string{"f32[?,?,?,?]", "f32[?,?,?,?]", "f32[?,?,?,?]", "f32[?,?,?,?]", "f32[]"}, out: []string{"f32[?,?,?,?]"}},
		{name: "mixed_shape_infer_5_inputs", in: []string{"dynamic[2..4,3,2..5,4]", "f64[4..8,2..4,5,4]", "dynamic[2..4,3,5,3..7]", "f64[2..7,3,4..7,5]", "f64[?]"},
			out: []string{"f64[4,3,4..5,3..7]"}},
		{name: "mixed_shape_infer_5_inputs_ignore_attention", attrs: causal,
			in:  []string{"dynamic[1..4,3,1..5,4]", "f64[4..8,1..4,5,4]", "dynamic[2..4,3,5,3..7]", "i64[57,3,4..7,5]", "f64[]"},
			out: []string{"f64[4,3,1..5,3..7]"}},
		{name: "infer_5_dynamic_attn_partial", in: []string{"f32[...]", "f32[...]", "f32[...]", "f32[1,?,5,7]", "f32[]"}, out: []string{"f32[...]"}},
		{name: "mixed_shape_infer_4_inputs", in: []string{"dynamic[1..4,4,2..5,4]", "f64[2..8,1..4,5,4]", "dynamic[2..4,4,5,3..7]", "f64[4,4..7,5]"},
			out: []string{"f64[2..4,4,4..5,3..7]"}},
		{name: "type_infer_5_inputs", in: []string{"dynamic[2,3,4]", "dynamic[2,5,4]", "dynamic[2,5,6]", "dynamic[1,3,5]", "f32[]"}, out: []string{"f32[2,3,6]"}},
		{name: "type_infer_4_inputs", in: []string{"dynamic[2,3,4]", "f64[2,5,4]", "dynamic[2,5,6]", "f64[3,5]"}, out: []string{"f64[2,3,6]"}},
		{name: "type_infer_4_inputs_bool_attention", in: []string{"dynamic[2,3,4]", "f64[2,5,4]", "dynamic[2,5,6]", "boolean[1,3,5]"}, out: []string{"f64[2,3,6]"}},
		{name: "static_broadcast_attention_L", in: []string{"f32[2,8,16,32]", "f32[2,8,48,32]", "f32[2,8,48,64]", "f32[2,8,1,48]", "f32[1]"}, out: []string{"f32[2,8,16,64]"}},
		{name: "dyn_broadcast_attention_L", in: []string{"f32[2,8,8..,32]", "f32[2,8,?,32]", "f32[2,8,?,64]", "f32[2,8,1,?]", "f32[1]"}, out: []string{"f32[2,8,8..,64]"}},
		{name: "unsupported_key_shape", in: []string{q, "f32[3,5,4]", v, "f32[3,3,3,5]"}, err: "Key input shape not compatible with other inputs."},
		{name: "unsupported_value_shape", in: []string{q, k, "f32[3,5,6]", "f32[3,3,3,5]"}, err: "Value input shape not compatible with other inputs."},
		{name: "unsupported_attention_shape", in: []string{q, k, v, "f32[3,3,3,5]"}, err: "Attention mask input shape not compatible with other inputs."},
		{name: "unsupported_scale_shape", in: []string{q, k, v, "f32[3,5]", "f32[2]"}, err: "Scale input must be scalar or have 1 element."},
		{name: "unsupported_dtype", in: []string{"i32[2,3,4]", "i32[2,5,4]", "i32[2,5,6]", "boolean[3,3,3,5]", "i32[]"}, err: "The element type of the input tensor must be a floating-point."},
		{name: "unsupported_value_dtype_mixed", in: []string{q, k, v, "f64[3,3,3,5]", "f32[]"}, err: "Mixed input types are not supported."},
		{name: "unsuported_attention_type", in: []string{"dynamic[2,3,4]", "f64[2,5,4]", "dynamic[2,5,6]", "i32[1,3,5]"},
			err: "The element type of attention_mask must be either floating-point or boolean."},
	})
}
