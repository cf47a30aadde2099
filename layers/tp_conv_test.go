package layers

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// tpPads is a case whose resolved pads OpenVINO's test checks (get_pads_begin/end).
type tpPads struct {
	tpCase
	pb, pe []int64
}

// tpRunBackpropPads runs the shape part through tpRun and checks the pads backpropGeometry
// resolves.
func tpRunBackpropPads(t *testing.T, typ string, cases []tpPads) {
	t.Helper()
	for _, c := range cases {
		tpRun(t, typ, "opset1", []tpCase{c.tpCase})
		t.Run(typ+"/"+c.name+"/pads", func(t *testing.T) {
			op := decodeOp(t, typ, "opset1", c.attrs...)
			in := make([]Input, len(c.in))
			for i, s := range c.in {
				in[i] = tpInput(t, s)
			}
			_, g, err := op.(*convBackpropOp).backpropGeometry(in)
			require.NoError(t, err)
			require.Equal(t, c.pb, g.padsBegin, "pads_begin")
			require.Equal(t, c.pe, g.padsEnd, "pads_end")
		})
	}
}

// ConvolutionBackpropData-1 shape inference and resolved pads:
// src/core/tests/type_prop/convolution_backprop_data.cpp@09d9dfab, as data. An empty
// Strides{}/CoordinateDiff{} of the test is an absent attribute (resized to the spatial
// rank, as OpenVINO's resize_attributes does). A ShapeOf output_shape is given by its bounds.
func TestTPConvolutionBackpropData(t *testing.T) {
	const cbd = "ConvolutionBackpropData"
	s11 := []string{"strides", "1,1", "dilations", "1,1", "pads_begin", "0,0", "pads_end", "0,0"}
	with := func(base []string, kv ...string) []string { return append(append([]string{}, base...), kv...) }
	s2p1 := []string{"strides", "2,2", "dilations", "1,1", "pads_begin", "1,1", "pads_end", "1,1"}
	tpRunBackpropPads(t, cbd, []tpPads{
		{tpCase{name: "convolution_backprop_data_partial_auto_padding_upper", attrs: []string{"strides", "1,2", "dilations", "1,1", "pads_begin", "0,0", "pads_end", "0,0", "auto_pad", "same_upper"},
			in: []string{"f32[1,512,1,37]", "f32[512,256,1,1]", "i64[2]=1,74"}, out: []string{"f32[1,256,1,74]"}}, []int64{0, 0}, []int64{0, 0}},
		{tpCase{name: "convolution_backprop_data_partial_auto_padding_lower", attrs: []string{"strides", "1,2", "dilations", "1,1", "pads_begin", "0,0", "pads_end", "0,0", "auto_pad", "same_lower"},
			in: []string{"f32[1,512,1,37]", "f32[512,256,1,1]", "i64[2]=1,74"}, out: []string{"f32[1,256,1,74]"}}, []int64{0, 0}, []int64{0, 0}},
		{tpCase{name: "convolution_backprop_data_auto_pad_explicit_with_output_padding", attrs: with(s2p1, "auto_pad", "explicit", "output_padding", "1,1"),
			in: []string{"f16[1,16,2,2]", "f16[16,6,3,3]"}, out: []string{"f16[1,6,4,4]"}}, []int64{1, 1}, []int64{1, 1}},
		{tpCase{name: "convolution_backprop_data_auto_pad_same_with_output_padding_and_output_shape", attrs: with(s2p1, "auto_pad", "same_lower", "output_padding", "1,1"),
			in: []string{"f16[1,16,2,2]", "f16[16,6,3,3]", "i64[2]=3,3"}, out: []string{"f16[1,6,3,3]"}}, []int64{1, 1}, []int64{2, 2}},
		{tpCase{name: "convolution_backprop_data_output_shape_as_const", attrs: []string{"auto_pad", "same_upper"},
			in: []string{"f32[1,16,5,5]", "f32[16,2,3,3]", "i64[2]=3,3"}, out: []string{"f32[1,2,3,3]"}}, []int64{2, 2}, []int64{2, 2}},
		{tpCase{name: "convolution_back_prop_data_interval_shapes_output_shape_as_shape_of",
			attrs: []string{"strides", "1,2,1", "dilations", "1,1,1", "pads_begin", "0,2,1", "pads_end", "0,0,0", "auto_pad", "same_lower"},
			in:    []string{"f32[1..3,2..6,1..5,3..10,20..100]", "f32[2..3,1..3,3,3,3]", "i64[3]:3,2..4,3"}, out: []string{"f32[1..3,1..3,3,2..4,3]"}}, []int64{0, 0, 0}, []int64{0, 0, 0}},
	})
	tpRun(t, cbd, "opset1", []tpCase{
		{name: "convolution_backprop_data_output_shape_as_param", attrs: []string{"auto_pad", "same_upper"},
			in: []string{"f32[1,16,5,5]", "f32[16,2,3,3]", "i64[2]"}, out: []string{"f32[1,2,?,?]"}},
		{name: "convolution_backprop_data_with_output_shape_dyn_static_ranks_data_nc_dyn", attrs: []string{"auto_pad", "same_upper"},
			in: []string{"f32[?,?,5,5]", "f32[16,2,3,3]", "i64[2]=3,3"}, out: []string{"f32[?,2,3,3]"}},
		{name: "convolution_backprop_data_with_output_shape_dyn_static_ranks_filters_cin_dyn", attrs: []string{"auto_pad", "same_upper"},
			in: []string{"f32[?,16,5,5]", "f32[?,6,3,3]", "i64[2]=3,3"}, out: []string{"f32[?,6,3,3]"}},
		{name: "convolution_backprop_data_with_output_shape_dyn_static_ranks_filters_cin_cout_dyn", attrs: []string{"auto_pad", "same_upper"},
			in: []string{"f32[?,16,5,5]", "f32[?,?,3,3]", "i64[2]=3,3"}, out: []string{"f32[?,?,3,3]"}},
		{name: "convolution_backprop_data_dyn_static_ranks_data_nc_dyn", attrs: s2p1, in: []string{"f32[?,?,224,224]", "f32[5,2,3,3]"}, out: []string{"f32[?,2,447,447]"}},
		{name: "convolution_backprop_data_dyn_static_ranks_filters_cin_dyn", attrs: s2p1, in: []string{"f32[?,20,224,224]", "f32[?,2,3,3]"}, out: []string{"f32[?,2,447,447]"}},
		{name: "convolution_backprop_data_dyn_static_ranks_filters_cin_cout_dyn", attrs: s2p1, in: []string{"f32[?,20,224,224]", "f32[?,?,3,3]"}, out: []string{"f32[?,?,447,447]"}},
		{name: "convolution_backprop_data_dyn_static_ranks_data_spatial_dims_dyn", attrs: s2p1, in: []string{"f32[?,4,?,224]", "f32[4,16,3,3]"}, out: []string{"f32[?,16,1..,447]"}},
		{name: "convolution_backprop_data_dyn_static_ranks_filters_spatial_dims_dyn", attrs: s2p1, in: []string{"f32[?,4,224,224]", "f32[4,16,3,?]"}, out: []string{"f32[?,16,447,445..]"}},
		{name: "convolution_backprop_data_with_output_shape_dyn_data_batch", in: []string{"f32[...]", "f32[16,2,3,3]", "i64[2]=3,3"}, out: []string{"f32[?,2,3,3]"}},
		{name: "convolution_backprop_data_with_output_shape_dyn_filters", in: []string{"f32[1,16,?,?]", "f32[...]", "i64[2]=3,3"}, out: []string{"f32[1,?,3,3]"}},
		{name: "convolution_backprop_data_with_output_shape_as_const_dyn_data_and_filters", in: []string{"f32[...]", "f32[...]", "i64[3]=3,3,3"}, out: []string{"f32[?,?,3,3,3]"}},
		{name: "convolution_backprop_data_with_output_shape_as_param_dyn_data_and_filters", in: []string{"f32[...]", "f32[...]", "i64[3]"}, out: []string{"f32[?,?,?,?,?]"}},
		{name: "convolution_backprop_data_shape_dyn_data", in: []string{"f32[...]", "f32[4,2,3,3]"}, out: []string{"f32[?,2,3..,3..]"}},
		{name: "convolution_backprop_data_shape_dyn_filters", in: []string{"f32[1,4,224,224]", "f32[...]"}, out: []string{"f32[1,?,224..,224..]"}},
		{name: "convolution_backprop_data_dyn_data_and_filters", in: []string{"f32[...]", "f32[...]"}, out: []string{"f32[...]"}},
		{name: "convolution_backprop_data_invalid_et_inputs/mismatch", attrs: with(s11), in: []string{"f16[1,16,5,5]", "i64[16,6,3,3]"}, err: "Element types for data batch and filters do not match"},
		{name: "convolution_backprop_data_invalid_et_inputs/boolean", attrs: with(s11), in: []string{"boolean[1,16,5,5]", "boolean[16,6,3,3]"}, err: "Element type of inputs must be numeric"},
		{name: "convolution_backprop_data_invalid_et_inputs/output_shape", attrs: []string{"auto_pad", "same_upper"}, in: []string{"f32[1,16,5,5]", "f32[16,6,3,3]", "f32[2]=3,3"},
			err: "Element type for output shape should be of integer type"},
		{name: "convolution_backprop_data_invalid_input_ranks/rank_mismatch", in: []string{"f32[1,20,224,224,224]", "f32[20,10,3,3]"}, err: "Data batch and filters rank do not match"},
		{name: "convolution_backprop_data_invalid_input_ranks/2d", in: []string{"f32[1,20]", "f32[20,10]"}, err: "Expected a 3D, 4D or 5D tensor for the input. Got:"},
		{name: "convolution_backprop_data_invalid_input_ranks/6d", in: []string{"f32[1,20,224,224,224,224]", "f32[20,10,3,3,3,3]"}, err: "Expected a 3D, 4D or 5D tensor for the input. Got:"},
		{name: "convolution_backprop_data_invalid_input_ranks/output_shape_2d", in: []string{"f32[1,16,5,5]", "f32[16,2,3,3]", "i64[3,1]=3,3,3"}, err: "Input delivering output shape must have rank 1"},
		{name: "convolution_backprop_data_invalid_input_channel_dims", attrs: []string{"strides", "1,1", "dilations", "1,1", "pads_begin", "2,2", "pads_end", "2,2"},
			in: []string{"f32[1,32,5,5]", "f32[16,20,3,3]"}, err: "Data batch channel count (32) does not match filter input channel count (16)"},
		{name: "convolution_backprop_data_invalid_output_shape_spatial_dims", in: []string{"f32[1,16,5,5]", "f32[16,2,3,3]", "i64[3]=3,3,3"},
			err: "Output shape should be defined for all and only spatial dimensions."},
		{name: "convolution_backprop_data_invalid_conv_param_spatial_dims/strides_3", attrs: []string{"strides", "1,1,1", "dilations", "1,1", "pads_begin", "0,0", "pads_end", "0,0"},
			in: []string{"f32[1,20,224,224]", "f32[...]"}, err: "Strides should be defined for all and only spatial dimensions."},
		{name: "convolution_backprop_data_invalid_conv_param_spatial_dims/strides_1", attrs: []string{"strides", "1", "dilations", "1,1", "pads_begin", "0,0", "pads_end", "0,0"},
			in: []string{"f32[...]", "f32[20,10,3,3]"}, err: "Strides should be defined for all and only spatial dimensions."},
		{name: "convolution_backprop_data_invalid_conv_param_spatial_dims/dilations_1", attrs: []string{"strides", "1,1", "dilations", "1", "pads_begin", "0,0", "pads_end", "0,0"},
			in: []string{"f32[1,20,224,224]", "f32[...]"}, err: "Dilations should be defined for all and only spatial dimensions."},
		{name: "convolution_backprop_data_invalid_conv_param_spatial_dims/dilations_3", attrs: []string{"strides", "1,1", "dilations", "1,1,1", "pads_begin", "0,0", "pads_end", "0,0"},
			in: []string{"f32[...]", "f32[20,10,3,3]"}, err: "Dilations should be defined for all and only spatial dimensions."},
		{name: "convolution_backprop_data_invalid_conv_param_spatial_dims/pads_begin_3", attrs: []string{"strides", "1,1", "dilations", "1,1", "pads_begin", "0,0,0", "pads_end", "0,0"},
			in: []string{"f32[1,20,224,224]", "f32[...]"}, err: "Pads begin and end should be defined for all and only spatial dimensions."},
		{name: "convolution_backprop_data_invalid_conv_param_spatial_dims/pads_end_1", attrs: []string{"strides", "1,1", "dilations", "1,1", "pads_begin", "0,0", "pads_end", "0"},
			in: []string{"f32[...]", "f32[20,10,3,3]"}, err: "Pads begin and end should be defined for all and only spatial dimensions."},
		{name: "convolution_backprop_data_invalid_conv_param_spatial_dims/output_padding_3", attrs: with(s11, "auto_pad", "explicit", "output_padding", "0,0,0"),
			in: []string{"f32[1,20,224,224]", "f32[...]"}, err: "Output padding should be defined for all and only spatial dimensions."},
		{name: "convolution_backprop_data_invalid_conv_param_spatial_dims/output_padding_1", attrs: with(s11, "auto_pad", "explicit", "output_padding", "0"),
			in: []string{"f32[...]", "f32[20,10,3,3]"}, err: "Output padding should be defined for all and only spatial dimensions."},
		{name: "convolution_back_prop_data_default_constructed", attrs: []string{"strides", "1,1,1", "dilations", "1,1,1", "pads_begin", "2,2,2", "pads_end", "2,2,2", "auto_pad", "explicit"},
			in: []string{"f32[...]", "f32[1,1,1,3,3]", "i32[3]=5,4,10"}, out: []string{"f32[?,1,5,4,10]"}},
	})
}

// GroupConvolutionBackpropData-1: the tests up to group_convolution_backprop_data_invalid_et_inputs of
// src/core/tests/type_prop/group_convolution_backprop_data.cpp@09d9dfab (shape inference
// with and without output_shape, dynamic N/C/group dims), as data.
func TestTPGroupConvolutionBackpropData(t *testing.T) {
	const g = "GroupConvolutionBackpropData"
	su := []string{"auto_pad", "same_upper"}
	s2p1 := []string{"strides", "2,2", "dilations", "1,1", "pads_begin", "1,1", "pads_end", "1,1"}
	tpRunBackpropPads(t, g, []tpPads{
		{tpCase{name: "group_convolution_backprop_data_shape_infer", in: []string{"f32[1,16,6,6]", "f32[2,8,2,3,3]"}, out: []string{"f32[1,4,8,8]"}},
			[]int64{0, 0}, []int64{0, 0}},
		{tpCase{name: "group_convolution_backprop_data_shape_infer_with_output_shape_as_const", attrs: su,
			in: []string{"f32[1,16,5,5]", "f32[1,16,2,3,3]", "i64[2]=3,3"}, out: []string{"f32[1,2,3,3]"}}, []int64{2, 2}, []int64{2, 2}},
	})
	tpRun(t, g, "opset1", []tpCase{
		{name: "group_convolution_backprop_data_shape_infer_with_output_shape_as_param", attrs: su,
			in: []string{"f32[1,16,5,5]", "f32[1,16,2,3,3]", "i64[2]"}, out: []string{"f32[1,2,?,?]"}},
		{name: "group_convolution_backprop_data_shape_infer_with_output_shape_static_ranks_data_nc_dyn", attrs: su,
			in: []string{"f32[?,?,5,5]", "f32[1,16,2,3,3]", "i64[2]=3,3"}, out: []string{"f32[?,2,3,3]"}},
		{name: "group_convolution_backprop_data_shape_infer_with_output_shape_static_ranks_filters_group_dyn", attrs: su,
			in: []string{"f32[?,16,5,5]", "f32[?,16,2,3,3]", "i64[2]=3,3"}, out: []string{"f32[?,2,3,3]"}},
		{name: "group_convolution_backprop_data_shape_infer_with_output_shape_static_ranks_filters_group_cin_dyn", attrs: su,
			in: []string{"f32[?,16,5,5]", "f32[?,?,2,3,3]", "i64[2]=3,3"}, out: []string{"f32[?,?,3,3]"}},
		{name: "group_convolution_backprop_data_shape_infer_with_output_shape_static_ranks_data_cin_filters_group_dyn", attrs: su,
			in: []string{"f32[1,?,5,5]", "f32[?,16,2,3,3]", "i64[2]=3,3"}, out: []string{"f32[1,?,3,3]"}},
		{name: "group_convolution_backprop_data_shape_infer_with_output_shape_static_ranks_filters_group_cout_dyn", attrs: su,
			in: []string{"f32[?,16,5,5]", "f32[?,16,?,3,3]", "i64[2]=3,3"}, out: []string{"f32[?,?,3,3]"}},
		{name: "group_convolution_backprop_data_shape_infer_static_ranks_data_nc_dyn", attrs: s2p1,
			in: []string{"f32[?,?,224,224]", "f32[4,5,2,3,3]"}, out: []string{"f32[?,8,447,447]"}},
		{name: "group_convolution_backprop_data_shape_infer_static_ranks_filters_group_dyn", attrs: s2p1,
			in: []string{"f32[1,20,224,224]", "f32[?,5,2,3,3]"}, out: []string{"f32[1,8,447,447]"}},
		{name: "group_convolution_backprop_data_shape_infer_static_ranks_filters_group_cin_dyn", attrs: s2p1,
			in: []string{"f32[?,20,224,224]", "f32[?,?,2,3,3]"}, out: []string{"f32[?,?,447,447]"}},
		{name: "group_convolution_backprop_data_shape_infer_static_ranks_data_cin_filters_group_dyn", attrs: s2p1,
			in: []string{"f32[1,?,224,224]", "f32[?,5,2,3,3]"}, out: []string{"f32[1,?,447,447]"}},
		{name: "group_convolution_backprop_data_shape_infer_static_ranks_filters_group_cout_dyn", attrs: s2p1,
			in: []string{"f32[1,20,224,224]", "f32[?,?,2,3,3]"}, out: []string{"f32[1,?,447,447]"}},
		{name: "group_convolution_backprop_data_shape_infer_static_ranks_data_spatial_dim_dyn", attrs: s2p1,
			in: []string{"f32[1,20,224,224]", "f32[4,5,2,?,3]"}, out: []string{"f32[1,8,445..,447]"}},
		{name: "group_convolution_backprop_data_shape_infer_static_ranks_filters_spatial_dim_dyn", attrs: s2p1,
			in: []string{"f32[?,20,224,?]", "f32[4,5,2,3,3]"}, out: []string{"f32[?,8,447,1..]"}},
		{name: "group_convolution_backprop_data_shape_infer_with_output_shape_data_dyn", attrs: su,
			in: []string{"f32[...]", "f32[1,16,2,3,3]", "i64[2]=3,3"}, out: []string{"f32[?,2,3,3]"}},
		{name: "group_convolution_backprop_data_shape_infer_data_dyn", in: []string{"f32[...]", "f32[4,5,2,3,3]"}, out: []string{"f32[?,8,3..,3..]"}},
		{name: "group_convolution_backprop_data_shape_infer_with_output_shape_filters_dyn", attrs: su,
			in: []string{"f32[1,16,?,?]", "f32[...]", "i64[2]=3,3"}, out: []string{"f32[1,?,3,3]"}},
		{name: "group_convolution_backprop_data_shape_infer_filters_dyn", in: []string{"f32[1,8,224,224]", "f32[...]"}, out: []string{"f32[1,?,224..,224..]"}},
		{name: "group_convolution_backprop_data_shape_infer_with_output_shape_as_const_data_and_filters_dyn", attrs: su,
			in: []string{"f32[...]", "f32[...]", "i64[3]=3,3,3"}, out: []string{"f32[?,?,3,3,3]"}},
		{name: "group_convolution_backprop_data_shape_infer_with_output_shape_as_param_data_and_filters_dyn", attrs: su,
			in: []string{"f32[...]", "f32[...]", "i64[3]"}, out: []string{"f32[?,?,?,?,?]"}},
		{name: "group_convolution_backprop_data_shape_infer_data_and_filters_dyn", in: []string{"f32[...]", "f32[...]"}, out: []string{"f32[...]"}},
		{name: "group_convolution_backprop_data_invalid_et_inputs/mismatch", in: []string{"f16[1,16,6,6]", "f32[2,8,2,3,3]"},
			err: "Element types for data batch and filters do not match"},
		{name: "group_convolution_backprop_data_invalid_et_inputs/boolean", in: []string{"boolean[1,16,6,6]", "boolean[2,8,2,3,3]"},
			err: "Element type of inputs must be numeric"},
		{name: "group_convolution_backprop_data_invalid_et_inputs/output_shape", attrs: su, in: []string{"f32[1,16,5,5]", "f32[1,16,2,3,3]", "f32[2]=3,3"},
			err: "Element type for output shape should be of integer type"},
	})
}
