package layers

import "testing"

// BinaryConvolution-1 shape inference: src/core/tests/type_prop/binary_convolution.cpp@085e794c,
// as data (mode xnor-popcount, pad_value 1 throughout). An empty Strides{}/CoordinateDiff{}
// is an absent attribute. Resolved pads and symbols are out of scope. OpenVINO does not check
// the filters' element type at validation (default_ctor and interval_shapes give f32 filters).
func TestTPBinaryConvolution(t *testing.T) {
	bc := func(s, d, pb, pe, autoPad string) []string {
		a := []string{"mode", "xnor-popcount", "pad_value", "1", "auto_pad", autoPad}
		for _, kv := range [][2]string{{"strides", s}, {"dilations", d}, {"pads_begin", pb}, {"pads_end", pe}} {
			if kv[1] != "" {
				a = append(a, kv[0], kv[1])
			}
		}
		return a
	}
	explicit := bc("", "", "", "", "explicit")
	const spatial = " should be defined for all and only spatial dimensions."
	tpRun(t, "BinaryConvolution", "opset1", []tpCase{
		{name: "bin_convolution_auto_padding_same", attrs: bc("1,1", "1,1", "0,0", "0,0", "same_lower"), in: []string{"f32[1,1,5,5]", "u1[1,1,3,3]"}, out: []string{"f32[1,1,5,5]"}},
		{name: "bin_convolution_auto_padding_same_lower_spatial_dims_static", attrs: bc("1,1", "1,1", "0,0", "0,0", "same_lower"), in: []string{"f32[?,?,5,5]", "u1[?,?,3,3]"}, out: []string{"f32[?,?,5,5]"}},
		{name: "bin_convolution_auto_padding_same_upper_spatial_dims_static", attrs: bc("1,1", "1,1", "0,0", "0,0", "same_upper"), in: []string{"f32[?,?,5,5]", "u1[?,?,2,2]"}, out: []string{"f32[?,?,5,5]"}},
		{name: "bin_convolution_auto_padding_same_data_batch_spatial_dims_dynamic", attrs: bc("1,1", "1,1", "0,0", "0,0", "same_lower"), in: []string{"f32[1,1,?,5]", "u1[?,1,3,3]"}, out: []string{"f32[1,?,?,5]"}},
		{name: "bin_convolution_dyn_data_batch", attrs: explicit, in: []string{"f32[...]", "u1[1,1,3,3]"}, out: []string{"f32[?,1,1..,1..]"}},
		{name: "bin_convolution_dyn_filters", attrs: explicit, in: []string{"f32[1,1,5,5]", "u1[...]"}, out: []string{"f32[1,?,1..5,1..5]"}},
		{name: "bin_convolution_dyn_data_batch_and_filters", attrs: explicit, in: []string{"f32[...]", "u1[...]"}, out: []string{"f32[...]"}},
		{name: "bin_convolution_invalid_inputs_et", attrs: explicit, in: []string{"boolean[1,1,5,5]", "u1[1,1,3,3]"}, err: "Data batch element type must be numeric"},
		{name: "bin_convolution_incompatible_input_channels", attrs: explicit, in: []string{"f32[1,1,5,5]", "u1[1,2,3,3]"}, err: "Data batch channel count"},
		{name: "bin_convolution_invalid_input_ranks/4_5", attrs: explicit, in: []string{"f32[1,1,5,5]", "u1[1,1,3,3,3]"}, err: "Data batch and filters rank do not match"},
		{name: "bin_convolution_invalid_input_ranks/5_4", attrs: explicit, in: []string{"f32[1,1,5,5,5]", "u1[1,1,3,3]"}, err: "Data batch and filters rank do not match"},
		{name: "bin_convolution_invalid_spatial_dims_parameters/strides", attrs: bc("1,1,1", "1,1", "", "", "explicit"), in: []string{"f32[1,1,5,5]", "u1[1,1,3,3]"}, err: "Strides" + spatial},
		{name: "bin_convolution_invalid_spatial_dims_parameters/dilations", attrs: bc("1,1", "1,1,1", "", "", "explicit"), in: []string{"f32[1,1,5,5]", "u1[1,1,3,3]"}, err: "Dilations" + spatial},
		{name: "bin_convolution_invalid_spatial_dims_parameters/pads", attrs: bc("1,1", "1,1", "0,0,0", "0,0", "explicit"), in: []string{"f32[1,1,5,5]", "u1[1,1,3,3]"}, err: "Pads begin and end" + spatial},
		{name: "default_ctor", attrs: bc("1,3", "1,2", "2,2", "2,2", "explicit"), in: []string{"f32[1,3,5,5]", "f32[2,3,4,4]"}, out: []string{"f32[1,2,6,1]"}},
		{name: "interval_shapes", attrs: explicit, in: []string{"f32[1..3,1,1..5,3..10]", "f32[2,1..3,3,3]"}, out: []string{"f32[1..3,2,1..3,1..8]"}},
		// OpenVINO's data_shape check for BinaryConvolution (binary_convolution_shape_inference.hpp), after the rank match.
		{name: "data_rank_3", attrs: explicit, in: []string{"f32[1,1,5]", "u1[1,1,3]"}, err: "Expected 4D for the input. Got: "},
	})
}
