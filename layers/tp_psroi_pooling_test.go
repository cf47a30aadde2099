package layers

import "testing"

// PSROIPooling-0 (irrun's PSROIPooling-1 row): src/core/tests/type_prop/psroi_pooling.cpp@60f2208b
// (TypePropPSROIPoolingV0: spatial_scale 0.625, unused bins 0; symbol assertions out of scope).
func TestTPPSROIPooling(t *testing.T) {
	a := func(outDim, group, binsX, binsY, mode string) []string {
		return []string{"output_dim", outDim, "group_size", group, "spatial_scale", "0.625", "spatial_bins_x", binsX, "spatial_bins_y", binsY, "mode", mode}
	}
	avg := a("2", "6", "0", "0", "average")
	tpRun(t, "PSROIPooling", "opset1", []tpCase{
		{name: "basic_average", attrs: avg, in: []string{"f32[1,72,4,5]", "f32[150,5]"}, out: []string{"f32[150,2,6,6]"}},
		{name: "basic_bilinear", attrs: []string{"output_dim", "18", "group_size", "6", "spatial_scale", "1", "spatial_bins_x", "2", "spatial_bins_y", "2", "mode", "bilinear"},
			in: []string{"f32[1,72,4,5]", "f32[150,5]"}, out: []string{"f32[150,18,6,6]"}},
		{name: "invalid_features_element_type", attrs: avg, in: []string{"i32[1,72,4,5]", "f32[150,5]"}, err: "Feature maps' data type must be floating point"},
		{name: "invalid_rois_element_type", attrs: avg, in: []string{"f32[1,72,4,5]", "u16[150,5]"}, err: "Coords' data type must be floating point"},
		{name: "invalid_pooling_mode", attrs: a("2", "6", "0", "0", "invalid"), in: []string{"f32[1,72,4,5]", "f32[150,5]"}, err: "Expected 'average' or 'bilinear' mode"},
		{name: "invalid_features_rank", attrs: avg, in: []string{"f32[1,72,4]", "f32[150,5]"}, err: "Expected a 4D tensor for the feature maps input"},
		{name: "invalid_rois_rank", attrs: avg, in: []string{"f32[1,72,4,2]", "f32[150]"}, err: "Expected a 2D tensor for the ROIs input with box coordinates"},
		{name: "invalid_group_size", attrs: a("2", "0", "0", "0", "average"), in: []string{"f32[1,72,4,2]", "f32[150,5]"}, err: "group_size has to be greater than 0"},
		{name: "invalid_number_of_channels_and_group_size_in_avg_mode", attrs: a("2", "5", "0", "0", "average"), in: []string{"f32[1,72,4,2]", "f32[150,5]"},
			err: "Number of input's channels must be a multiply of output_dim * group_size * group_size"},
		{name: "invalid_output_dim_in_avg_mode", attrs: a("17", "2", "0", "0", "average"), in: []string{"f32[1,72,4,2]", "f32[150,5]"},
			err: "Number of input's channels must be a multiply of output_dim * group_size * group_size"},
		{name: "invalid_spatial_bins_x", attrs: a("17", "2", "0", "1", "bilinear"), in: []string{"f32[1,72,5,5]", "f32[150,5]"}, err: "spatial_bins_x has to be greater than 0"},
		{name: "invalid_spatial_bins_y", attrs: a("17", "2", "1", "0", "bilinear"), in: []string{"f32[1,72,5,5]", "f32[150,5]"}, err: "spatial_bins_y has to be greater than 0"},
		{name: "invalid_number_of_channels_and_spatial_bins_in_bilinear_mode", attrs: a("17", "2", "2", "5", "bilinear"), in: []string{"f32[1,72,5,5]", "f32[150,5]"},
			err: "Number of input's channels must be a multiply of output_dim * spatial_bins_x * spatial_bins_y"},
		{name: "invalid_output_dim_in_bilinear_mode", attrs: a("10", "2", "2", "4", "bilinear"), in: []string{"f32[1,72,5,5]", "f32[150,5]"},
			err: "Number of input's channels must be a multiply of output_dim * spatial_bins_x * spatial_bins_y"},
		{name: "features_dynamic_rank", attrs: avg, in: []string{"f16[...]", "f16[150,5]"}, out: []string{"f16[150,2,6,6]"}},
		{name: "rois_dynamic_rank", attrs: avg, in: []string{"f16[1,72,4,5]", "f16[...]"}, out: []string{"f16[?,2,6,6]"}},
		{name: "dynamic_num_boxes", attrs: avg, in: []string{"f16[...]", "f16[?,5]"}, out: []string{"f16[?,2,6,6]"}},
		{name: "feat_static_rank_dynamic_shape", attrs: avg, in: []string{"f16[?,?,?,?]", "f16[?,5]"}, out: []string{"f16[?,2,6,6]"}},
		{name: "feat_and_rois_static_rank_dynamic_shape", attrs: avg, in: []string{"f16[?,?,?,?]", "f16[?,?]"}, out: []string{"f16[?,2,6,6]"}},
		{name: "feat_and_rois_interval_shapes", attrs: avg, in: []string{"f16[1..2,10..100,10..20,30..90]", "f16[3..10,1..5]"}, out: []string{"f16[3..10,2,6,6]"}},
		{name: "default_ctor", attrs: []string{"output_dim", "2", "group_size", "6", "spatial_scale", "0.625", "mode", "average"},
			in: []string{"f16[2,10..100,10,10]", "f16[3..10,1..5]"}, out: []string{"f16[3..10,2,6,6]"}},
	})
}
