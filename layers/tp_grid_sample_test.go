package layers

import "testing"

// GridSample-9: src/core/tests/type_prop/grid_sample.cpp@e255fc92 (the failure tests expect a
// NodeValidationFailure without naming it; symbol assertions are out of scope).
func TestTPGridSample(t *testing.T) {
	bicubic := []string{"align_corners", "true", "mode", "bicubic", "padding_mode", "border"}
	tpRun(t, "GridSample", "opset9", []tpCase{
		{name: "grid_sample_default_constructor", attrs: bicubic, in: []string{"i32[1,3,4,6]", "f32[1,7,8,2]"}, out: []string{"i32[1,3,7,8]"}},
		{name: "grid_sample_default_attributes", in: []string{"i32[1,3,224,224]", "f32[1,10,10,2]"}, out: []string{"i32[1,3,10,10]"}},
		{name: "grid_sample_dynamic_batch", in: []string{"i32[?,3,224,224]", "f32[?,10,10,2]"}, out: []string{"i32[?,3,10,10]"}},
		{name: "grid_sample_interval_dims_and_labels", in: []string{"i32[2..4,1..3,128,256]", "f32[3..8,4..6,5..7,2]"}, out: []string{"i32[3..4,1..3,4..6,5..7]"}},
		{name: "grid_sample_static_batch_data_labeled_dynamic_grid_batch", in: []string{"i32[2,1..3,224,224]", "f32[?,4..6,5..7,2]"}, out: []string{"i32[2,1..3,4..6,5..7]"}},
		{name: "grid_sample_labeled_dynamic_batch_data_labeled_static_grid_batch", in: []string{"i32[?,1..3,224,224]", "f32[2,4..6,5..7,2]"}, out: []string{"i32[2,1..3,4..6,5..7]"}},
		{name: "grid_sample_labeled_interval_batch_data_dynamic_grid_batch", in: []string{"i32[2..4,3,224,224]", "f32[?,6,7,2]"}, out: []string{"i32[2..4,3,6,7]"}},
		{name: "grid_sample_dynamic_batch_data_labeled_interval_grid_batch", in: []string{"i32[?,3,224,224]", "f32[2..4,6,7,2]"}, out: []string{"i32[2..4,3,6,7]"}},
		{name: "grid_sample_dynamic_output_spatials", in: []string{"i32[2,3,224,224]", "f64[2,?,?,2]"}, out: []string{"i32[2,3,?,?]"}},
		{name: "grid_sample_unsupported_grid_rank", in: []string{"i32[1,3,224,224]", "f64[1,2,3,4,5]"}, err: "*"},
		{name: "grid_sample_unsupported_data_rank", in: []string{"i32[1,3,224,224,224]", "f64[1,5,5,2]"}, err: "*"},
		{name: "grid_sample_unsupported_grid_element_type", in: []string{"i32[1,3,224,224]", "i64[1,5,5,2]"}, err: "*"},
		{name: "grid_sample_incorrect_last_dim_in_grid", in: []string{"i32[1,3,224,224]", "f32[1,5,5,5]"}, err: "*"},
		{name: "grid_sample_all_dimensions_dynamic_in_grid", in: []string{"i32[1,3,224,224]", "f32[?,?,?,?]"}, out: []string{"i32[1,3,?,?]"}},
		{name: "grid_sample_all_dimensions_dynamic_in_data", in: []string{"f16[?,?,?,?]", "f32[?,3,5,2]"}, out: []string{"f16[?,?,3,5]"}},
		{name: "grid_sample_dynamic_input_rank", in: []string{"f16[...]", "f32[1,5,5,2]"}, out: []string{"f16[1,?,5,5]"}},
		{name: "grid_sample_dynamic_rank_of_data_and_grid", in: []string{"f16[...]", "f32[...]"}, out: []string{"f16[?,?,?,?]"}},
	})
}

// GroupNormalization-12: src/core/tests/type_prop/group_normalization.cpp@4c587c41 (epsilon
// 1e-5; label assertions out of scope).
func TestTPGroupNormalization(t *testing.T) {
	g := func(n string) []string { return []string{"num_groups", n, "epsilon", "0.00001"} }
	tpRun(t, "GroupNormalization", "opset12", []tpCase{
		{name: "group_normalization_basic", attrs: g("4"), in: []string{"f32[1,12,6,6]", "f32[12]", "f32[12]"}, out: []string{"f32[1,12,6,6]"}},
		{name: "group_normalization_labels", attrs: g("4"), in: []string{"f32[1,12,6,6]", "f32[12]", "f32[12]"}, out: []string{"f32[1,12,6,6]"}},
		{name: "group_normalization_dynamic_channels", attrs: g("2"), in: []string{"f32[1,?,6,6]", "f32[12]", "f32[12]"}, out: []string{"f32[1,?,6,6]"}},
		{name: "group_normalization_dynamic_scale", attrs: g("2"), in: []string{"f32[1,4,6,6]", "f32[?]", "f32[4]"}, out: []string{"f32[1,4,6,6]"}},
		{name: "group_normalization_dynamic_bias", attrs: g("2"), in: []string{"f32[1,4,6,6]", "f32[4]", "f32[?]"}, out: []string{"f32[1,4,6,6]"}},
		{name: "group_normalization_dynamic_rank", attrs: g("3"), in: []string{"f16[...]", "f16[6]", "f16[6]"}, out: []string{"f16[...]"}},
		{name: "group_normalization_dynamic_everything", attrs: g("7"), in: []string{"f16[3,?,10,10]", "f16[?]", "f16[?]"}, out: []string{"f16[3,?,10,10]"}},
		{name: "group_normalization_dynamic_ranks", attrs: g("12"), in: []string{"f16[...]", "f16[...]", "f16[...]"}, out: []string{"f16[...]"}},
		{name: "group_normalization_dynamic_intervals", attrs: g("2"), in: []string{"f32[2,10..20,6,6]", "f32[10..20]", "f32[10..20]"}, out: []string{"f32[2,10..20,6,6]"}},
		{name: "group_normalization_incorrect_scale_shape", attrs: g("4"), in: []string{"f32[1,12,6,6]", "f32[13]", "f32[12]"}, err: "The scale input shape needs to match the channel dimension in the data input"},
		{name: "group_normalization_incorrect_bias_shape", attrs: g("4"), in: []string{"f32[1,12,6,6]", "f32[12]", "f32[14]"}, err: "The bias input shape needs to match the channel dimension in the data input"},
		{name: "group_normalization_incompatible_scale_and_bias", attrs: g("2"), in: []string{"f32[1,?,6,6]", "f32[2]", "f32[4]"}, err: "The shapes of both scale and bias inputs need to match"},
		{name: "group_normalization_incorrect_scale_rank", attrs: g("4"), in: []string{"f32[1,12,6,6]", "f32[12,12]", "f32[12]"}, err: "The scale input is required to be 1D"},
		{name: "group_normalization_incorrect_bias_rank", attrs: g("4"), in: []string{"f32[1,12,6,6]", "f32[12]", "f32[3,14]"}, err: "The bias input is required to be 1D"},
		{name: "group_normalization_incompatible_channels_and_groups", attrs: g("3"), in: []string{"f32[1,10,6,6]", "f32[10]", "f32[10]"}, err: "The number of channels is required to be evenly divisible by the number of groups"},
		{name: "group_normalization_incorrect_data_rank", attrs: g("2"), in: []string{"f32[10]", "f32[1]", "f32[1]"}, err: "The input tensor is required to be at least 2D"},
		{name: "group_normalization_negative_num_groups", attrs: g("-3"), in: []string{"f32[1,10]", "f32[10]", "f32[10]"}, err: "The number of groups needs to be a positive integer value"},
		{name: "group_normalization_too_many_groups", attrs: g("11"), in: []string{"f32[1,10]", "f32[10]", "f32[10]"}, err: "The number of groups must not exceed the number of channels in the input tensor"},
	})
}
