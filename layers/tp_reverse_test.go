package layers

import "testing"

// Reverse-1: src/core/tests/type_prop/reverse.cpp@09d9dfab as data (symbol checks out of
// scope; their shapes are kept).
func TestTPReverse(t *testing.T) {
	idx := []string{"mode", "index"}
	mask := []string{"mode", "mask"}
	const p4 = "f32[?,?,2,3]"
	tpRun(t, "Reverse", "opset1", []tpCase{
		{name: "reverse_1d_deduce", attrs: idx, in: []string{"f32[5]", "i64[1]=0"}, out: []string{"f32[5]"}},
		{name: "reverse_2d_deduce_0", attrs: idx, in: []string{"f32[5,6]", "i64[1]=0"}, out: []string{"f32[5,6]"}},
		{name: "reverse_2d_deduce_1", attrs: idx, in: []string{"f32[5,6]", "i64[1]=1"}, out: []string{"f32[5,6]"}},
		{name: "reverse_2d_deduce_01", attrs: idx, in: []string{"f32[5,6]", "i64[2]=0,1"}, out: []string{"f32[5,6]"}},
		{name: "reverse_3d_deduce_0", attrs: idx, in: []string{"f32[5,6,7]", "i64[1]=0"}, out: []string{"f32[5,6,7]"}},
		{name: "reverse_3d_deduce_1", attrs: idx, in: []string{"f32[5,6,7]", "i64[1]=1"}, out: []string{"f32[5,6,7]"}},
		{name: "reverse_3d_deduce_2", attrs: idx, in: []string{"f32[5,6,7]", "i64[1]=2"}, out: []string{"f32[5,6,7]"}},
		{name: "reverse_3d_deduce_01", attrs: idx, in: []string{"f32[5,6,7]", "i64[2]=0,1"}, out: []string{"f32[5,6,7]"}},
		{name: "reverse_3d_deduce_02", attrs: idx, in: []string{"f32[5,6,7]", "i64[2]=0,2"}, out: []string{"f32[5,6,7]"}},
		{name: "reverse_3d_deduce_12", attrs: idx, in: []string{"f32[5,6,7]", "i64[2]=1,2"}, out: []string{"f32[5,6,7]"}},
		{name: "reverse_3d_deduce_012", attrs: idx, in: []string{"f32[5,6,7]", "i64[3]=0,1,2"}, out: []string{"f32[5,6,7]"}},
		{name: "reverse_3d_deduce_oob", attrs: idx, in: []string{"f32[5,6,7]", "i64[3]=0,3,2"},
			err: "Some of the provided axes (AxisSet{0, 2, 3}) are out of bounds (input rank: 3)."},
		{name: "reverse_partial_rank_dynamic", attrs: idx, in: []string{"f32[...]", "i64[4]=0,2,1776,90909"}, out: []string{"f32[...]"}},
		{name: "partial_rank_static_dynamic_axes_ok", attrs: idx, in: []string{"f32[?,10..300,2,3]", "i64[2]=0,2"}, out: []string{"f32[?,10..300,2,3]"}},
		{name: "axes_index_is_not_1d_tensor", attrs: idx, in: []string{p4, "i64[2,3]"}, err: "The reversed_axes input must be a 1D tensor"},
		{name: "axes_mask_is_not_1d_tensor", attrs: mask, in: []string{p4, "boolean[2,3]"}, err: "The reversed_axes input must be a 1D tensor"},
		{name: "axes_mask_length_lt_input_rank", attrs: mask, in: []string{p4, "boolean[2]"},
			err: "The number of elements in the reversed_axes tensor (2) must match the input data tensor rank"},
		{name: "axes_mask_length_gt_input_rank", attrs: mask, in: []string{p4, "boolean[5]"},
			err: "The number of elements in the reversed_axes tensor (5) must match the input data tensor rank"},
		{name: "axes_index_is_scalar", attrs: idx, in: []string{"f32[2,2..10,8]", "i64[]"}, err: "The reversed_axes input must be a 1D tensor"},
		{name: "axes_mask_is_scalar", attrs: mask, in: []string{"f32[2,2..10,8]", "boolean[]"}, err: "The reversed_axes input must be a 1D tensor"},
		{name: "axes_mask_not_boolean_type", attrs: mask, in: []string{"f32[2,2..10,8]", "i32[4]"}, err: "In 'mask' mode the second input must contain boolean values"},
		{name: "axes_index_not_integer_type", attrs: idx, in: []string{"f32[2,2..10,8]", "f32[4]"}, err: "In 'index' mode the second input must contain integer values"},
		{name: "param_static_rank_partial_shape_axes_out_of_input_rank", attrs: idx, in: []string{p4, "i64[3]=0,4,2"},
			err: "Some of the provided axes (AxisSet{0, 2, 4}) are out of bounds (input rank: 4)."},
		{name: "param_static_rank_partial_shape_axes_negatives", attrs: idx, in: []string{"f32[?,2..,..3,5]", "i64[3]=0,-1,2"}, out: []string{"f32[?,2..,..3,5]"}},
		{name: "more_axes_index_than_input_rank", attrs: idx, in: []string{"f32[?,2..,..3,5]", "i64[7]=0,-1,1,2,3,3,2"}, out: []string{"f32[?,2..,..3,5]"}},
		{name: "axes_index_is_dynamic", attrs: idx, in: []string{"f32[2,2..10,8]", "i64[...]"}, out: []string{"f32[2,2..10,8]"}},
		{name: "axes_index_interval_1d_tensor", attrs: idx, in: []string{"f32[2,2..10,8]", "i64[2..4]"}, out: []string{"f32[2,2..10,8]"}},
		{name: "default_ctor", attrs: idx, in: []string{"f32[2,2..10,8]", "i64[3]=2,0,1"}, out: []string{"f32[2,2..10,8]"}},
	})
}
