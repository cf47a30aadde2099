package layers

import "testing"

// DeformableConvolution-1/8 shape inference: src/core/tests/type_prop/deformable_convolution.cpp@e05e0b87
// (the 2024 revision, the messages of deformable_convolution_shape_inference.hpp) and
// deformable_convolution_opset8.cpp@09d9dfab, which repeats each v1 test for v8 with the same
// inputs (its names carry "_opset8") and adds the mask tests, as data. Resolved pads
// (get_pads_begin/end) are not outputs and are not checked; empty Strides{} and
// CoordinateDiff{} are empty attributes.
func TestTPDeformableConvolution(t *testing.T) {
	dc := func(autoPad, group, dgroup string) []string {
		return []string{"strides", "1,1", "pads_begin", "0,0", "pads_end", "0,0", "dilations", "1,1", "auto_pad", autoPad, "group", group, "deformable_group", dgroup}
	}
	empty := func(autoPad, group, dgroup string) []string {
		return []string{"strides", "", "pads_begin", "", "pads_end", "", "dilations", "", "auto_pad", autoPad, "group", group, "deformable_group", dgroup}
	}
	// The tests that give only strides, pads and dilations: explicit padding, groups 1.
	geo := func(strides, pb, pe, dil string) []string {
		return []string{"strides", strides, "pads_begin", pb, "pads_end", pe, "dilations", dil}
	}
	f := func(a, b, c string) []string { return []string{"f32[" + a + "]", "f32[" + b + "]", "f32[" + c + "]"} }
	common := []tpCase{
		{name: "deformable_convolution_partial_auto_padding_same", attrs: dc("same_lower", "4", "2"), in: f("1,4,5,5", "1,36,5,5", "4,1,3,3"), out: []string{"f32[1,4,5,5]"}},
		{name: "deformable_convolution_partial_auto_padding_same_lower_data_batch_nc_dims_dynamic", attrs: dc("same_lower", "4", "2"),
			in: f("?,?,5,5", "?,36,5,5", "4,4,3,3"), out: []string{"f32[?,4,5,5]"}},
		{name: "deformable_convolution_partial_auto_padding_same_upper_data_batch_nc_dims_dynamic", attrs: dc("same_upper", "4", "2"),
			in: f("?,?,5,5", "1,16,5,5", "4,4,2,2"), out: []string{"f32[1,4,5,5]"}},
		{name: "deformable_convolution_partial_auto_padding_same_spatial_dims_dynamic", attrs: dc("same_lower", "4", "2"),
			in: f("1,4,?,5", "1,36,5,5", "4,1,3,3"), out: []string{"f32[1,4,?,5]"}},
		{name: "deformable_convolution_data_batch_dynamic", attrs: empty("explicit", "2", "2"), in: f("...", "2,36,5,5", "4,4,3,3"), out: []string{"f32[2,4,1..,1..]"}},
		{name: "deformable_convolution_offsets_dynamic", attrs: empty("same_lower", "2", "2"), in: f("1,4,5,5", "...", "4,2,3,3"), out: []string{"f32[1,4,5,5]"}},
		{name: "deformable_convolution_auto_pad_same_filters_dynamic", attrs: empty("same_upper", "2", "2"), in: f("1,4,5,5", "1,36,5,5", "..."), out: []string{"f32[1,?,5,5]"}},
		{name: "deformable_convolution_deformable_data_batch_and_filters_dynamic", attrs: empty("explicit", "2", "2"), in: f("...", "1,36,3,3", "..."),
			out: []string{"f32[1,?,1..,1..]"}},
		{name: "deformable_convolution_deformable_all_inputs_dynamic", attrs: empty("explicit", "2", "2"), in: f("...", "...", "..."), out: []string{"f32[...]"}},
		{name: "deformable_convolution_invalid_et_inputs/data_f16", attrs: empty("explicit", "1", "1"), in: []string{"f16[1,4,5,5]", "f32[1,4,3,3]", "f32[4,4,3,3]"},
			err: "Element types of inputs do not match. Got: data batch (f16), offsets (f32) and filters (f32)"},
		{name: "deformable_convolution_invalid_et_inputs/filters_f16", attrs: empty("explicit", "1", "1"), in: []string{"f32[1,4,5,5]", "f32[1,4,3,3]", "f16[4,4,3,3]"},
			err: "Element types of inputs do not match. Got: data batch (f32), offsets (f32) and filters (f16)"},
		{name: "deformable_convolution_invalid_et_inputs/offsets_f16", attrs: empty("explicit", "1", "1"), in: []string{"f32[1,4,5,5]", "f16[1,4,3,3]", "f32[4,4,3,3]"},
			err: "Element types of inputs do not match. Got: data batch (f32), offsets (f16) and filters (f32)"},
		{name: "deformable_convolution_invalid_et_inputs/boolean", attrs: empty("explicit", "1", "1"), in: []string{"boolean[1,4,5,5]", "boolean[1,4,3,3]", "boolean[4,4,3,3]"},
			err: "Element type of inputs must be numeric"},
		{name: "deformable_convolution_invalid_input_ranks/data_rank_5", attrs: empty("explicit", "1", "1"), in: f("1,4,5,5,5", "1,4,4,4", "4,4,3,3"), err: "Input must be of rank 4. Got: 5"},
		{name: "deformable_convolution_invalid_input_ranks/offsets_rank_5", attrs: empty("explicit", "1", "1"), in: f("1,4,5,5", "1,4,4,4,4", "4,4,3,3"), err: "Offsets must be of rank 4. Got: 5"},
		{name: "deformable_convolution_invalid_input_ranks/filters_rank_5", attrs: empty("explicit", "1", "1"), in: f("1,4,5,5", "1,4,4,4", "4,4,3,3,3"), err: "Filters must be of rank 4. Got: 5"},
		{name: "deformable_convolution_invalid_input_ranks/3d", attrs: empty("explicit", "1", "1"), in: f("1,4,5,5,5", "1,4,4,4,4", "4,4,3,3,3"), err: "Input must be of rank 4. Got: 5"},
		{name: "deformable_convolution_invalid_input_ranks/1d", attrs: empty("explicit", "1", "1"), in: f("1,4,5", "1,4,4", "4,4,3"), err: "Input must be of rank 4. Got: 3"},
		{name: "deformable_convolution_invalid_groups", attrs: dc("same_lower", "0", "2"), in: f("1,4,5,5", "1,4,3,3", "4,4,3,3"),
			err: "Attribute 'group' must be any value starting from 1"},
		{name: "deformable_convolution_invalid_deformable_groups", attrs: dc("same_lower", "4", "0"), in: f("1,4,5,5", "1,4,3,3", "4,4,3,3"),
			err: "Attribute 'deformable group' must be any value starting from 1"},
		{name: "deformable_convolution_invalid_offsets_channels_dim/static", attrs: dc("same_lower", "4", "2"), in: f("1,4,5,5", "1,9,3,3", "4,4,3,3"),
			err: "The channels dimension of offsets input is not compatible with filters and 'deformable group' attribute"},
		{name: "deformable_convolution_invalid_offsets_channels_dim/filters_spatial_dynamic", attrs: dc("same_lower", "4", "2"), in: f("1,4,5,5", "1,35,?,?", "4,4,?,?"),
			err: "Offsets channels dimension (35) must be evenly divisible by the 'deformable group': 2"},
		{name: "deformable_convolution_invalid_offsets_batch_dim", attrs: dc("same_lower", "4", "2"), in: f("1,4,5,5", "2,36,3,3", "4,4,3,3"),
			err: "Data batch and offsets batch dimension must be same value"},
		{name: "deformable_convolution_invalid_data_batch_channels_dim_with_group", attrs: dc("explicit", "4", "2"), in: f("1,5,5,5", "1,36,3,3", "4,5,3,3"),
			err: "Input channels dimension (5) must be evenly divisible by the 'group': 4"},
		{name: "deformable_convolution_invalid_filters_channels_dim_with_group", attrs: dc("explicit", "4", "2"), in: f("1,4,5,5", "1,36,3,3", "5,4,3,3"),
			err: "Filters channels dimension (5) must be evenly divisible by the 'group'"},
		{name: "deformable_convolution_incompatible_data_batch_and_filters_channels_dim", attrs: dc("explicit", "4", "2"), in: f("1,4,5,5", "1,36,3,3", "4,4,3,3"),
			err: "Data batch channel count (4) does not match filter input channel count (16)"},
		{name: "deformable_convolution_invalid_offsets_spatial_dims", attrs: dc("same_lower", "4", "2"), in: f("1,4,5,5", "1,36,4,4", "4,1,3,3"),
			err: "Spatial dimensions of offsets and output must be compatible"},
		{name: "deformable_convolution_invalid_conv_param_spatial_dims/strides_3", attrs: geo("1,1,1", "0,0", "0,0", "1,1"), in: f("1,4,5,5", "1,18,3,3", "..."),
			err: "Strides should be defined for all and only spatial dimension"},
		{name: "deformable_convolution_invalid_conv_param_spatial_dims/strides_1", attrs: geo("1", "0,0", "0,0", "1,1"), in: f("...", "1,18,3,3", "4,4,3,3"),
			err: "Strides should be defined for all and only spatial dimension"},
		{name: "deformable_convolution_invalid_conv_param_spatial_dims/dilations_1", attrs: geo("1,1", "0,0", "0,0", "1"), in: f("1,4,5,5", "1,18,3,3", "..."),
			err: "Dilations should be defined for all and only spatial dimensions"},
		{name: "deformable_convolution_invalid_conv_param_spatial_dims/dilations_3", attrs: geo("1,1", "0,0", "0,0", "1,1,1"), in: f("...", "1,18,3,3", "4,4,3,3"),
			err: "Dilations should be defined for all and only spatial dimensions"},
		{name: "deformable_convolution_invalid_conv_param_spatial_dims/pads_begin_3", attrs: geo("1,1", "0,0,0", "0,0", "1,1"), in: f("1,4,5,5", "1,18,3,3", "..."),
			err: "Pads begin and end should be defined for all and only spatial dimensions"},
		{name: "deformable_convolution_invalid_conv_param_spatial_dims/pads_end_1", attrs: geo("1,1", "0,0", "0", "1,1"), in: f("...", "1,18,3,3", "4,4,3,3"),
			err: "Pads begin and end should be defined for all and only spatial dimensions"},
	}
	tpRun(t, "DeformableConvolution", "opset1", append(common,
		tpCase{name: "TypePropDeformableConvolutionV1Test.default_ctor", attrs: []string{"strides", "1,3", "dilations", "1,2", "pads_begin", "2,2", "pads_end", "2,2", "auto_pad", "explicit", "group", "4", "deformable_group", "2"},
			in: f("1,4,5,5", "1,36,7,2", "4,1,3,3"), out: []string{"f32[1,4,7,2]"}},
		tpCase{name: "TypePropDeformableConvolutionV1Test.interval_shapes", attrs: empty("explicit", "4", "2"), in: f("1..3,2..6,1..5,3..10", "1,36,4,5", "2..5,1..3,2..3,3"), out: []string{"f32[1,2..5,1..4,1..8]"}}))

	// deformable_convolution_opset8.cpp: the common tests (its deformable_data_batch_and_filters_dynamic
	// and all_inputs_dynamic assert same_scheme {1,?,?,?} and dynamic, which irrun's
	// {1,?,1..,1..} and dynamic rank satisfy), then the mask tests.
	m := func(a, b, c, d string) []string { return append(f(a, b, c), "f32["+d+"]") }
	tpRun(t, "DeformableConvolution", "opset8", append(common, []tpCase{
		{name: "deformable_convolution_opset8_invalid_mask_spatial_dims", attrs: dc("same_lower", "4", "2"), in: m("1,4,5,5", "1,36,5,5", "4,1,3,3", "1,18,4,4"),
			err: "Spatial dimensions of mask and output must be compatible"},
		{name: "deformable_convolution_opset8_mask_dynamic", attrs: empty("same_lower", "2", "2"), in: m("1,4,5,5", "1,36,5,5", "4,2,3,3", "..."), out: []string{"f32[1,4,5,5]"}},
		{name: "deformable_convolution_opset8_invalid_mask_channels_dim/static", attrs: dc("same_lower", "4", "2"), in: m("1,4,5,5", "1,36,5,5", "4,1,3,3", "1,9,3,3"),
			err: "The channels dimension of mask input is not compatible with filters and 'deformable group' attribute"},
		{name: "deformable_convolution_opset8_invalid_mask_channels_dim/spatial_dynamic", attrs: dc("same_lower", "4", "2"), in: m("1,4,5,5", "1,36,?,?", "4,4,?,?", "4,9,?,?"),
			err: "Mask channels dimension (9) must be evenly divisible by the 'deformable group'"},
		{name: "deformable_convolution_opset8_invalid_mask_batch_dim", attrs: dc("same_lower", "4", "2"), in: m("1,4,5,5", "1,36,5,5", "4,1,3,3", "2,18,3,3"),
			err: "Data batch and mask batch dimension must be same value"},
		{name: "deformable_convolution_opset8_mask", attrs: empty("same_lower", "2", "2"), in: m("1,4,5,5", "1,36,5,5", "4,2,3,3", "1,18,5,5"), out: []string{"f32[1,4,5,5]"}},
		{name: "TypePropDeformableConvolutionV8Test.default_ctor",
			attrs: []string{"strides", "1,3", "dilations", "1,2", "pads_begin", "2,2", "pads_end", "2,2", "auto_pad", "explicit", "group", "4", "deformable_group", "2"},
			in:    m("1,4,5,5", "1,36,7,2", "4,1,3,3", "1,18,7,?"), out: []string{"f32[1,4,7,2]"}},
		{name: "TypePropDeformableConvolutionV8Test.interval_shapes", attrs: empty("explicit", "4", "2"),
			in: m("1..3,2..6,1..5,3..10", "1,36,4,5", "2..5,1..3,2..3,3", "?,18,1..10,3"), out: []string{"f32[1,2..5,1..4,1..8]"}},
	}...))
}
