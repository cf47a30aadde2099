package layers

import "testing"

// ROIPooling-0 shape inference: src/core/tests/type_prop/roi_pooling.cpp@09d9dfab, as data.
// The test's output_roi Shape is the IR's pooled_h/pooled_w (or output_size, for the
// three-element pooled size of incompatible_pooling_shape).
func TestTPROIPooling(t *testing.T) {
	roi := func(h, w, scale, method string) []string {
		a := []string{"pooled_h", h, "pooled_w", w, "spatial_scale", scale}
		if method != "" {
			a = append(a, "method", method)
		}
		return a
	}
	p22 := roi("2", "2", "0.625", "max")
	tpRun(t, "ROIPooling", "opset2", []tpCase{
		{name: "default_ctor", attrs: roi("3", "4", "0.625", "max"), in: []string{"f32[0..3,1..3,1..6,1..6]", "f32[2..4,1..5]"}, out: []string{"f32[2..4,1..3,3,4]"}},
		{name: "basic_shape_inference", attrs: roi("2", "2", "0.625", ""), in: []string{"f32[1,3,6,6]", "f32[4,5]"}, out: []string{"f32[4,3,2,2]"}},
		{name: "dynamic_channels_dim", attrs: p22, in: []string{"f32[1,?,6,6]", "f32[4,5]"}, out: []string{"f32[4,?,2,2]"}},
		{name: "dynamic_num_rois_dim", attrs: roi("2", "2", "0.625", "bilinear"), in: []string{"f64[1,3,6,6]", "f64[?,5]"}, out: []string{"f64[?,3,2,2]"}},
		{name: "dynamic_rank_feat_maps", attrs: roi("2", "2", "0.625", ""), in: []string{"f16[...]", "f16[4,5]"}, out: []string{"f16[4,?,2,2]"}},
		{name: "dynamic_rank_feat_rois", attrs: roi("2", "2", "0.625", ""), in: []string{"f32[1,3,6,6]", "f32[...]"}, out: []string{"f32[?,3,2,2]"}},
		{name: "incompatible_input_rank", attrs: p22, in: []string{"f32[1,3,6,6,6]", "f32[3,5]"}, err: "Expected a 4D tensor for the feature maps input"},
		{name: "incompatible_pooling_shape", attrs: []string{"output_size", "2,2,2", "spatial_scale", "0.625", "method", "max"}, in: []string{"f32[3,2,6,6]", "f32[3,5]"},
			err: "The dimension of pooled size is expected to be equal to 2"},
		{name: "incompatible_rois_second_dim", attrs: p22, in: []string{"f32[3,2,6,6]", "f32[3,4]"},
			err: "The second dimension of ROIs input should contain batch id and box coordinates. This dimension is expected to be equal to 5"},
		{name: "incompatible_feature_maps_element_type", attrs: p22, in: []string{"i32[3,2,6,6]", "f32[3,5]"}, err: "The data type for input and ROIs is expected to be a floating point type"},
		{name: "incompatible_rois_element_type", attrs: roi("2", "2", "0.625", "bilinear"), in: []string{"f32[3,2,6,6]", "i16[3,5]"},
			err: "The data type for input and ROIs is expected to be a floating point type"},
		{name: "invalid_pooling_method", attrs: roi("2", "2", "0.625", "invalid"), in: []string{"f32[3,2,6,6]", "f32[3,5]"},
			err: "Pooling method attribute should be either 'max' or 'bilinear'"},
		{name: "invalid_spatial_scale", attrs: roi("2", "2", "-1", ""), in: []string{"f32[3,2,6,6]", "f32[3,5]"},
			err: "The spatial scale attribute should be a positive floating point number"},
		{name: "invalid_pooled_size", attrs: roi("1", "0", "0.625", ""), in: []string{"f32[3,2,6,6]", "f32[3,5]"},
			err: "Pooled size attributes pooled_h and pooled_w should should be positive integers"},
	})
}
