package layers

import "testing"

// ROIAlign-3 shape inference: src/core/tests/type_prop/roi_align.cpp@04cb3757, as data, run
// for ROIAlign-3 and -9 (same shape rules).
func TestTPROIAlign(t *testing.T) {
	a := func(h, w string) []string {
		return []string{"pooled_h", h, "pooled_w", w, "sampling_ratio", "1", "spatial_scale", "1.0", "mode", "avg"}
	}
	cases := []tpCase{
		{name: "roi_align_basic_shape_inference", attrs: a("2", "2"), in: []string{"f32[2,3,5,5]", "f32[7,4]", "i32[7]"}, out: []string{"f32[7,3,2,2]"}},
		{name: "roi_align_dynamic_channels_dim", attrs: a("3", "4"), in: []string{"f32[10,?,5,5]", "f32[7,4]", "i32[7]"}, out: []string{"f32[7,?,3,4]"}},
		{name: "roi_align_num_rois_from_batch_indices", attrs: a("3", "4"), in: []string{"f32[10,3,5,5]", "f32[?,?]", "i32[9]"}, out: []string{"f32[9,3,3,4]"}},
		{name: "roi_align_incompatible_num_rois", attrs: a("3", "4"), in: []string{"f32[10,3,5,5]", "f32[1,?]", "i32[2]"},
			err: "The first dimension of ROIs input must be equal to the first dimension of the batch indices input"},
		{name: "roi_align_incompatible_input_rank", attrs: a("3", "4"), in: []string{"f32[1,10,3,5,5]", "f32[1,4]", "i32[1]"}, err: "Expected a 4D tensor for the input data"},
		{name: "roi_align_incompatible_rois_second_dim", attrs: a("3", "4"), in: []string{"f32[10,3,5,5]", "f32[1,5]", "i32[1]"},
			err: "The second dimension of ROIs input should contain box coordinates"},
	}
	tpRun(t, "ROIAlign", "opset3", cases)
	tpRun(t, "ROIAlign", "opset9", cases)
}
