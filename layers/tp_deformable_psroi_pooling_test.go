package layers

import (
	"strconv"
	"testing"
)

// DeformablePSROIPooling-1 shape inference: src/core/tests/type_prop/deformable_psroi_pooling.cpp@6c3f8c2e
// (2024), as data. The default-constructed op of default_ctor is given the test's output_dim and
// group_size (and the IR's required spatial_scale).
func TestTPDeformablePSROIPooling(t *testing.T) {
	attrs := func(outDim, group int, scale string, part ...int) []string {
		a := []string{"output_dim", strconv.Itoa(outDim), "group_size", strconv.Itoa(group), "spatial_scale", scale}
		if len(part) > 0 {
			a = append(a, "mode", "bilinear_deformable", "spatial_bins_x", "4", "spatial_bins_y", "4", "trans_std", "0.1", "part_size", strconv.Itoa(part[0]))
		}
		return a
	}
	data := "f32[2,7938,63,38]"
	tpRun(t, "DeformablePSROIPooling", "opset1", []tpCase{
		{name: "default_ctor", attrs: attrs(48, 2, "1"), in: []string{"f32[2,4,64,56]", "f32[30,5]"}, out: []string{"f32[30,48,2,2]"}},
		{name: "interval_labels", attrs: attrs(48, 2, "0.05"), in: []string{"f32[2,4,64,56]", "f32[15..30,5]"}, out: []string{"f32[15..30,48,2,2]"}},
		{name: "no_offsets_group_size_3", attrs: attrs(882, 3, "0.0625"), in: []string{data, "f32[300,5]"}, out: []string{"f32[300,882,3,3]"}},
		{name: "group_size_3", attrs: attrs(882, 3, "0.0625", 3), in: []string{data, "f32[300,5]", "f32[300,2,3,3]"}, out: []string{"f32[300,882,3,3]"}},
		{name: "group_size_7", attrs: attrs(162, 7, "0.0625", 7), in: []string{data, "f32[300,5]", "f32[300,2,7,7]"}, out: []string{"f32[300,162,7,7]"}},
		{name: "dynamic_rois", attrs: attrs(882, 3, "0.0625"), in: []string{data, "f32[100..200,5]"}, out: []string{"f32[100..200,882,3,3]"}},
		{name: "fully_dynamic", attrs: attrs(882, 3, "0.0625"), in: []string{"f32[...]", "f32[...]"}, out: []string{"f32[?,882,3,3]"}},
		{name: "invalid_group_size", attrs: attrs(882, 0, "0.0625"), in: []string{data, "f32[300,5]"}, err: "Value of `group_size` attribute has to be greater than 0"},
		{name: "invalid_output_dim", attrs: attrs(-882, 3, "0.0625"), in: []string{data, "f32[300,5]"}, err: "Value of `output_dim` attribute has to be greater than 0"},
		{name: "invalid_data_input_rank", attrs: attrs(162, 7, "0.0625", 7), in: []string{"f32[7938,63,38]", "f32[300,5]", "f32[300,2,7,7]"}, err: "First input rank must be compatible with 4 (input rank: 3)"},
		{name: "invalid_box_coordinates_rank", attrs: attrs(4, 7, "0.9"), in: []string{data, "f32[2,300,5]"}, err: "Second input rank must be compatible with 2 (input rank: 3)"},
		{name: "invalid_offstes_rank", attrs: attrs(162, 7, "0.0625", 7), in: []string{data, "f32[300,5]", "f32[2,300,2,7,7]"}, err: "Third input rank must be compatible with 4 (input rank: 5)"},
	})
}
