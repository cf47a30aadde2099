package layers

import "testing"

// GroupConvolution-1 shape inference: src/core/tests/type_prop/group_convolution.cpp@09d9dfab,
// as data. An empty Strides{}/CoordinateDiff{} of the test is an absent attribute (resized to
// the spatial rank). Resolved pads of the auto_pad cases are checked by
// TestGroupConvolutionInfer (conv_test.go); symbol assertions are out of scope.
func TestTPGroupConvolution(t *testing.T) {
	s11 := []string{"strides", "1,1", "dilations", "1,1", "pads_begin", "0,0", "pads_end", "0,0"}
	with := func(base []string, kv ...string) []string { return append(append([]string{}, base...), kv...) }
	lower, upper := []string{"auto_pad", "same_lower"}, []string{"auto_pad", "same_upper"}
	conv := func(s, d, pb, pe string) []string {
		return []string{"strides", s, "dilations", d, "pads_begin", pb, "pads_end", pe}
	}
	const spatial = " should be defined for all and only spatial dimensions."
	tpRun(t, "GroupConvolution", "opset1", []tpCase{
		{name: "group_convolution_auto_padding_same_lower", attrs: with(s11, lower...), in: []string{"f32[1,4,5,5]", "f32[2,1,2,3,3]"}, out: []string{"f32[1,2,5,5]"}},
		{name: "group_convolution_auto_padding_same_upper", attrs: with(s11, upper...), in: []string{"f32[1,4,5,5]", "f32[2,1,2,2,2]"}, out: []string{"f32[1,2,5,5]"}},
		{name: "group_convolution_auto_padding_same_lower_spatial_dims_static", attrs: lower, in: []string{"f32[?,?,5,5]", "f32[?,?,?,3,3]"}, out: []string{"f32[?,?,5,5]"}},
		{name: "group_convolution_auto_padding_same_upper_spatial_dims_static", attrs: upper, in: []string{"f32[1,?,5,5]", "f32[?,?,?,2,2]"}, out: []string{"f32[1,?,5,5]"}},
		{name: "group_convolution_static_ranks_filters_groups_dyn", attrs: lower, in: []string{"f32[?,4,5,5]", "f32[?,1,2,3,3]"}, out: []string{"f32[?,2,5,5]"}},
		{name: "group_convolution_static_ranks_filters_groups_cout_dyn", attrs: lower, in: []string{"f32[?,4,5,5]", "f32[?,?,2,3,3]"}, out: []string{"f32[?,?,5,5]"}},
		{name: "group_convolution_static_ranks_data_cin_filters_group_dyn", attrs: lower, in: []string{"f32[?,?,5,5]", "f32[?,1,2,3,3]"}, out: []string{"f32[?,?,5,5]"}},
		{name: "group_convolution_auto_padding_same_spatial_dims_dynamic", attrs: lower, in: []string{"f32[1,4,?,5]", "f32[2,1,2,3,3]"}, out: []string{"f32[1,2,?,5]"}},
		{name: "group_convolution_data_batch_dynamic", in: []string{"f32[...]", "f32[2,1,2,3,3]"}, out: []string{"f32[?,2,1..,1..]"}},
		{name: "group_convolution_filters_dynamic_auto_pad_explicit", in: []string{"f16[1,4,5,5]", "f16[...]"}, out: []string{"f16[1,?,1..5,1..5]"}},
		{name: "group_convolution_filters_dynamic_auto_pad_same", attrs: lower, in: []string{"f16[1,4,5,5]", "f16[...]"}, out: []string{"f16[1,?,5,5]"}},
		{name: "group_convolution_data_batch_and_filters_dynamic", in: []string{"f32[...]", "f32[...]"}, out: []string{"f32[...]"}},
		{name: "group_convolution_invalid_et_inputs/mismatch", in: []string{"f16[1,4,5,5]", "f32[2,1,2,3,3]"}, err: "Element types for data batch and filters do not match"},
		{name: "group_convolution_invalid_et_inputs/boolean", in: []string{"boolean[1,4,5,5]", "boolean[2,1,2,3,3]"}, err: "Element type of inputs must be numeric"},
		{name: "group_convolution_invalid_input_ranks/4_6", in: []string{"f32[1,16,6,6]", "f32[2,8,2,3,3,?]"}, err: "Data batch and filters rank do not match"},
		{name: "group_convolution_invalid_input_ranks/5_5", in: []string{"f32[1,?,16,6,6]", "f32[2,8,2,3,3]"}, err: "Data batch and filters rank do not match"},
		{name: "group_convolution_invalid_input_channel_dims/static", in: []string{"f32[1,6,5,5]", "f32[1,1,3,3,3]"},
			err: "Input channels dimension of data batch is incompatible with filter groups or input channels."},
		{name: "group_convolution_invalid_input_channel_dims/groups_dynamic", in: []string{"f32[1,3,5,5]", "f32[?,1,2,3,3]"},
			err: "Input channels dimension of data batch is incompatible with filter groups or input channels."},
		{name: "group_convolution_invalid_conv_param_spatial_dims/strides_3", attrs: conv("1,1,1", "1,1", "0,0", "0,0"), in: []string{"f32[1,4,5,5]", "f32[...]"}, err: "Strides" + spatial},
		{name: "group_convolution_invalid_conv_param_spatial_dims/strides_1", attrs: conv("1", "1,1", "0,0", "0,0"), in: []string{"f32[...]", "f32[2,1,2,2,2]"}, err: "Strides" + spatial},
		{name: "group_convolution_invalid_conv_param_spatial_dims/dilations_1", attrs: conv("1,1", "1", "0,0", "0,0"), in: []string{"f32[1,4,5,5]", "f32[...]"}, err: "Dilations" + spatial},
		{name: "group_convolution_invalid_conv_param_spatial_dims/dilations_3", attrs: conv("1,1", "1,1,1", "0,0", "0,0"), in: []string{"f32[...]", "f32[2,1,2,2,2]"}, err: "Dilations" + spatial},
		{name: "group_convolution_invalid_conv_param_spatial_dims/pads_begin_3", attrs: conv("1,1", "1,1", "0,0,0", "0,0"), in: []string{"f32[...]", "f32[2,1,2,2,2]"}, err: "Pads begin and end" + spatial},
		{name: "group_convolution_invalid_conv_param_spatial_dims/pads_end_1", attrs: conv("1,1", "1,1", "0,0", "0"), in: []string{"f32[...]", "f32[2,1,2,2,2]"}, err: "Pads begin and end" + spatial},
		{name: "group_convolution_interval_shapes", attrs: []string{"auto_pad", "explicit"}, in: []string{"f32[1..3,2..6,1..5,3..10,20..100]", "f32[2..3,1..3,2..3,3,3,3]"},
			out: []string{"f32[1..3,2..9,1..3,1..8,18..98]"}},
		{name: "group_convolution_default_constructed", attrs: with(conv("1,1", "1,1", "2,2", "2,2"), "auto_pad", "explicit"), in: []string{"f32[...]", "f32[1,1,1,3,3]"},
			out: []string{"f32[?,1,2..,2..]"}},
	})
}
