package layers

import "testing"

// NonMaxSuppression-1/3/4/5/9 shape inference: src/core/tests/type_prop/non_max_suppression.cpp@09d9dfab,
// as data. The common suite runs on every version, the non-dynamic-output suite on v1/v3/v4
// (a fixed row count: min(num_boxes, max·classes) for v1/v3, min(num_boxes, max)·batches·classes
// for v4), the dynamic-output suite on v5/v9 ([0..n, 3], three outputs). A test's two-input op
// (make_op(boxes, scores)) is the same two inputs: OpenVINO's v1/v3/v4 constructors add a
// max_output_boxes_per_class Constant 0, v5/v9 leave it unknown.
func TestTPNonMaxSuppression(t *testing.T) {
	// Scalar Parameters of the threshold inputs.
	sc := []string{"f32[]", "f32[]"}
	with := func(boxes, scores, max string) []string { return append([]string{boxes, scores, max}, sc...) }
	common := []tpCase{
		{name: "incorrect_boxes_rank", in: []string{"f32[1,2,3,4]", "f32[1,2,3]"}, err: "Expected a 3D tensor for the 'boxes' input"},
		{name: "incorrect_scores_rank", in: []string{"f32[1,2,3]", "f32[1,2]"}, err: "Expected a 3D tensor for the 'scores' input"},
		{name: "incorrect_scheme_num_batches", in: []string{"f32[1,2,3]", "f32[2,2,3]"}, err: "The first dimension of both 'boxes' and 'scores' must match"},
		{name: "incorrect_scheme_num_boxes", in: []string{"f32[1,2,3]", "f32[1,2,3]"},
			err: "'boxes' and 'scores' input shapes must match at the second and third dimension respectively"},
	}
	for _, v := range []string{"opset1", "opset3", "opset4", "opset5", "opset9"} {
		tpRun(t, "NonMaxSuppression", v, common)
	}

	// NMSNonDynamicOutputTest: v1, v3, v4.
	nonDynamic := []tpCase{
		{name: "scalar_inputs_check/max_output_boxes_per_class", in: []string{"f32[1,2,4]", "f32[1,2,2]", "f32[1]", "f32[]", "f32[]"},
			err: "Expected a scalar for the 'max_output_boxes_per_class' input"},
		{name: "scalar_inputs_check/iou_threshold", in: []string{"f32[1,2,4]", "f32[1,2,2]", "f32[]", "f32[1]", "f32[]"},
			err: "Expected a scalar for the 'iou_threshold' input"},
		{name: "scalar_inputs_check/score_threshold", in: []string{"f32[1,2,4]", "f32[1,2,2]", "f32[]", "f32[]", "f32[1]"},
			err: "Expected a scalar for the 'score_threshold' input"},
		{name: "static_boxes_and_scores_default_others", in: []string{"f32[1,2,4]", "f32[1,2,2]"}, out: []string{"i64[0,3]"}},
		{name: "num_boxes_gt_max_out_boxes", in: with("f32[1,6,4]", "f32[1,1,6]", "i32[]=3"), out: []string{"i64[3,3]"}},
		{name: "num_boxes_lt_max_out_boxes", in: with("f32[1,1,4]", "f32[1,1,1]", "i16[]=3"), out: []string{"i64[1,3]"}},
		{name: "interval_shapes_boxes_and_scores_with_symbols", in: with("f32[1..2,2..5,0..4]", "f32[0..2,1..2,0..6]", "i16[]=3"), out: []string{"i64[?,3]"}},
		{name: "interval_boxes_scores_dynamic_rank", in: with("f32[1..2,2..5,0..4]", "f32[...]", "i16[]=3"), out: []string{"i64[?,3]"}},
		{name: "dynamic_rank_boxes_and_scores", in: with("f32[...]", "f32[...]", "i16[]=3"), out: []string{"i64[?,3]"}},
	}
	for _, v := range []string{"opset1", "opset3", "opset4"} {
		tpRun(t, "NonMaxSuppression", v, nonDynamic)
	}
	tpRun(t, "NonMaxSuppression", "opset3", []tpCase{
		{name: "nms_v3_output_shape_i32", attrs: []string{"box_encoding", "corner", "sort_result_descending", "true", "output_type", "i32"},
			in: with("f32[1,1,4]", "f32[1,1,1]", "i16[]=3"), out: []string{"i32[1,3]"}},
	})
	tpRun(t, "NonMaxSuppression", "opset4", []tpCase{
		{name: "nms_v4_output_shape_i32", attrs: []string{"box_encoding", "corner", "sort_result_descending", "true", "output_type", "i32"},
			in: with("f32[2,7,4]", "f32[2,5,7]", "i16[]=3"), out: []string{"i32[30,3]"}},
	})

	// NMSDynamicOutputTest: v5, v9 (selected_indices, selected_scores, valid_outputs).
	outs := func(n string) []string { return []string{"i64[" + n + ",3]", "f32[" + n + ",3]", "i64[1]"} }
	dynamic := []tpCase{
		{name: "scalar_inputs_check/max_output_boxes_per_class", in: []string{"f32[1,2,4]", "f32[1,2,2]", "f32[2]", "f32[]", "f32[]"},
			err: "Expected 0D or 1D tensor for the 'max_output_boxes_per_class' input"},
		{name: "scalar_inputs_check/iou_threshold", in: []string{"f32[1,2,4]", "f32[1,2,2]", "f32[]", "f32[2]", "f32[]"},
			err: "Expected 0D or 1D tensor for the 'iou_threshold' input"},
		{name: "scalar_inputs_check/score_threshold", in: []string{"f32[1,2,4]", "f32[1,2,2]", "f32[]", "f32[]", "f32[2]"},
			err: "Expected 0D or 1D tensor for the 'score_threshold' input"},
		{name: "scalar_inputs_check/soft_nms_sigma", in: []string{"f32[1,2,4]", "f32[1,2,2]", "f32[]", "f32[]", "f32[]", "f32[2]"},
			err: "Expected 0D or 1D tensor for the 'soft_nms_sigma' input"},
		{name: "boxes_scores_static_other_defaults", in: []string{"f32[5,2,4]", "f32[5,3,2]"}, out: outs("?")},
		{name: "num_boxes_gt_max_out_boxes", in: with("f32[2,7,4]", "f32[2,5,7]", "i32[]=3"), out: outs("0..30")},
		{name: "num_boxes_lt_max_out_boxes", in: with("f32[2,7,4]", "f32[2,5,7]", "i16[]=1000"), out: outs("0..70")},
		{name: "max_out_boxes_is_zero", in: with("f32[2,7,4]", "f32[2,5,7]", "i16[]=0"), out: outs("0")},
		{name: "interval_shapes_symbols", in: with("f32[0..2,0..7,4]", "f32[0..2,0..5,1..7]", "i16[]=1000"), out: outs("0..70")},
		{name: "num_box_dynamic_dim_max_boxes_per_class_as_const", in: with("f32[2,?,4]", "f32[2,0..5,1..7]", "i16[]=5"), out: outs("?")},
		{name: "output_shape_i32", attrs: []string{"box_encoding", "corner", "sort_result_descending", "true", "output_type", "i32"},
			in: with("f32[2,7,4]", "f32[2,5,7]", "i16[]=3"), out: []string{"i32[0..30,3]", "f32[0..30,3]", "i32[1]"}},
		{name: "dynamic_boxes_and_scores", in: with("f32[...]", "f32[...]", "i16[]=3"), out: outs("?")},
		{name: "dynamic_types", in: []string{"dynamic[5,2,4]", "dynamic[5,3,2]"}, out: outs("?")},
		{name: "scores_shape_is_dynamic_rank", in: with("dynamic[5,2,4]", "dynamic[...]", "i16[]=3"), out: outs("?")},
	}
	for _, v := range []string{"opset5", "opset9"} {
		tpRun(t, "NonMaxSuppression", v, dynamic)
	}
}
