package layers

import "testing"

// LRN-0 (irrun's LRN-1 row): src/core/tests/type_prop/lrn.cpp@ec42769e (alpha 0.1, beta 0.2,
// bias 0.3, size 3).
func TestTPLRN(t *testing.T) {
	attrs := []string{"alpha", "0.1", "beta", "0.2", "bias", "0.3", "size", "3"}
	tpRun(t, "LRN", "opset1", []tpCase{
		{name: "lrn_invalid_axes_rank/2D", attrs: attrs, in: []string{"f32[1,2,3,4]", "f32[1,2]"}, err: "Input axes must have rank equals 1"},
		{name: "lrn_invalid_axes_rank/5_axes", attrs: attrs, in: []string{"f32[1,2,3,4]", "f32[5]"}, err: "Number of elements of axes must be >= 0 and <= argument rank"},
		{name: "lrn_incorrect_axes_value", attrs: attrs, in: []string{"f32[1,2,3]", "i64[2]=3,4"}, err: "Reduction axis ("},
	})
}

// NormalizeL2-0 (irrun's NormalizeL2-1 row): src/core/tests/type_prop/normalize_l2.cpp@3ac54829
// (eps 1e-6, eps_mode add). normalize_l2_negative_axes also asserts get_reduction_axes() ==
// {3}, which has no IR form; its output is checked.
func TestTPNormalizeL2(t *testing.T) {
	attrs := []string{"eps", "1e-6", "eps_mode", "add"}
	tpRun(t, "NormalizeL2", "opset1", []tpCase{
		{name: "normalize_l2", attrs: attrs, in: []string{"f32[1,2,3,4]", "i32[2]=1,2"}, out: []string{"f32[1,2,3,4]"}},
		{name: "normalize_l2_dynamic", attrs: attrs, in: []string{"f32[2,?,3,4..6]", "i32[2]=1,2"}, out: []string{"f32[2,?,3,4..6]"}},
		{name: "normalize_l2_axes_input_not_constant", attrs: attrs, in: []string{"f32[1,2,3,4]", "u64[1]"}, out: []string{"f32[1,2,3,4]"}},
		{name: "normalize_l2_invalid_axes_rank", attrs: attrs, in: []string{"f32[1,2,3,4]", "i64[1,2]=1,2"}, err: "Input axes must be scalar or have rank equal to 1"},
		{name: "normalize_l2_axes_out_of_bounds", attrs: attrs, in: []string{"f32[1,2,3,4]", "i64[2]=3,4"}, err: "Axis 4 out of the tensor rank range [-4, 3]"},
		{name: "normalize_l2_negative_axes", attrs: attrs, in: []string{"f32[1,2,3,4]", "i32[1]=-1"}, out: []string{"f32[1,2,3,4]"}},
	})
}
