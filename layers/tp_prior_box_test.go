package layers

import "testing"

// PriorBox-0/8 shape inference: src/core/tests/type_prop/prior_box.cpp@60f2208b (the typed
// suite, both versions) and the five cases of its 2021 revision prior_box.cpp@065ea4ae, as
// data. The suite's attributes: min_size {2, 3}, aspect_ratio {1.5, 2, 2.5}, scale_all_sizes
// false (5 priors, 10 with flip). A ShapeOf output_size is given by its bounds.
func TestTPPriorBox(t *testing.T) {
	at := []string{"min_size", "2.0,3.0", "aspect_ratio", "1.5,2.0,2.5", "scale_all_sizes", "false"}
	flip := append([]string{"flip", "true"}, at...)
	suite := []tpCase{
		{name: "default_ctor", in: []string{"i32[2]", "i32[2]"}, out: []string{"f32[2,?]"}},
		{name: "simple_inference", attrs: at, in: []string{"i8[2]=2,5", "i8[2]=44,44"}, out: []string{"f32[2,200]"},
			note: "the test's i8 image size Constant {300, 300} wraps to 44; the image size does not change the shape"},
		{name: "inputs_dynamic_rank", attrs: at, in: []string{"i64[...]", "i64[...]"}, out: []string{"f32[2,?]"}},
		{name: "input_output_size_is_dynamic_rank", attrs: at, in: []string{"u64[...]", "u64[2]=300,300"}, out: []string{"f32[2,?]"}},
		{name: "input_output_size_is_static_rank_with_dynamic_dims", attrs: at, in: []string{"u32[?]", "u32[2]=300,300"}, out: []string{"f32[2,?]"}},
		{name: "input_image_size_is_dynamic_rank", attrs: at, in: []string{"u8[2]=32,32", "u8[...]"}, out: []string{"f32[2,20480]"}},
		{name: "input_image_size_is_static_rank_dynamic_dim", attrs: flip, in: []string{"u16[2]=32,32", "u16[?]"}, out: []string{"f32[2,32768]"}},
		{name: "inputs_are_interval_shapes", attrs: at, in: []string{"u64[0..10]", "u64[1..5]"}, out: []string{"f32[2,?]"}},
		{name: "preseve_values_and_symbols_on_inputs", attrs: at, in: []string{"i64[2]:6,8", "i16[2]=300,300"}, out: []string{"f32[2,960]"}},
		{name: "preseve_partial_values_and_symbols_on_inputs", attrs: at, in: []string{"i64[2]:1..4,5..10", "u64[2]=300,300"}, out: []string{"f32[2,100..800]"}},
		{name: "preseve_partial_values_inf_bound", attrs: at, in: []string{"i64[2]:1..4,5..", "u64[2]=300,300"}, out: []string{"f32[2,100..]"}},
		{name: "out_size_input_not_integer", attrs: at, in: []string{"f16[2]=5,5", "i16[2]=300,300"}, err: "output size input must be an integral number"},
		{name: "img_size_input_not_integer", attrs: at, in: []string{"i16[2]=5,5", "bf16[2]=300,300"}, err: "image input must be an integral number"},
		{name: "out_and_img_size_inputs_ranks_not_compatible", attrs: at, in: []string{"u64[2]", "u64[2,1]"}, err: "output size input rank 1 must match image shape input rank 2"},
		{name: "out_and_img_size_same_rank_not_1d", attrs: at, in: []string{"u64[2,1]", "u64[2,1]"},
			err: "output size input rank 2 must match image shape input rank 2 and both must be 1-D"},
		{name: "out_size_input_not_two_elements_tensor", attrs: at, in: []string{"i64[3]:5,5,5", "u64[...]"}, err: "Output size must have two elements"},
	}
	tpRun(t, "PriorBox", "opset1", suite)
	tpRun(t, "PriorBox", "opset8", suite)

	// prior_box.cpp@065ea4ae.
	c32 := []string{"i64[2]=32,32", "i64[2]=300,300"}
	tpRun(t, "PriorBox", "opset1", []tpCase{
		{name: "prior_box1", attrs: at, in: c32, out: []string{"f32[2,20480]"}},
		{name: "prior_box2", attrs: flip, in: c32, out: []string{"f32[2,32768]"}},
		{name: "prior_box3", attrs: []string{"min_size", "256.0", "max_size", "315.0", "aspect_ratio", "2.0", "flip", "true"},
			in: []string{"i64[2]=1,1", "i64[2]=300,300"}, out: []string{"f32[2,16]"}},
	})
	tpRun(t, "PriorBox", "opset8", []tpCase{
		{name: "prior_box_v8_1", attrs: append([]string{"min_max_aspect_ratios_order", "true"}, at...), in: c32, out: []string{"f32[2,20480]"}},
		{name: "prior_box_v8_2", attrs: append([]string{"min_max_aspect_ratios_order", "false"}, flip...), in: c32, out: []string{"f32[2,32768]"}},
	})
}
