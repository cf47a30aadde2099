package layers

import "testing"

// PRelu-1: src/core/tests/type_prop/prelu.cpp@60f2208b (one test: the data's type and shape;
// the slope is not checked against the data by validate_and_infer_types).
func TestTPPRelu(t *testing.T) {
	tpRun(t, "PRelu", "opset1", []tpCase{
		{name: "prelu", in: []string{"f32[2,4]", "f32[2]"}, out: []string{"f32[2,4]"}},
	})
}

// Mish-4: src/core/tests/type_prop/mish.cpp@e7b1cf53 (the i32, u32 and boolean tests expect
// a NodeValidationFailure without naming it).
func TestTPMish(t *testing.T) {
	tpRun(t, "Mish", "opset4", []tpCase{
		{name: "mish", in: []string{"f32[1,3,6]"}, out: []string{"f32[1,3,6]"}},
		{name: "mish_partial", in: []string{"f32[1,?,6]"}, out: []string{"f32[1,?,6]"}},
		{name: "mish_partial/rank_unknown", in: []string{"f32[...]"}, out: []string{"f32[...]"}},
		{name: "mish_partial_static_rank", in: []string{"f32[1,?,6]"}, out: []string{"f32[1,?,6]"}},
		{name: "mish_incompatible_dtype_i32", in: []string{"i32[1,3,6]"}, err: "*"},
		{name: "mish_incompatible_dtype_u32", in: []string{"u32[1,3,6]"}, err: "*"},
		{name: "mish_incompatible_dtype_boolean", in: []string{"boolean[1,3,6]"}, err: "*"},
	})
}
