package layers

import "testing"

// NMSRotated-13 shape inference: src/core/tests/type_prop/nms_rotated.cpp@09d9dfab, as data
// (boxes [batches, boxes, 5]; the selected-boxes count as NonMaxSuppression-9's).
func TestTPNMSRotated(t *testing.T) {
	rest := []string{"i32[]", "f32[]", "f32[]"}
	with := func(boxes, scores string) []string { return append([]string{boxes, scores}, rest...) }
	// max: a Constant max_output_boxes_per_class, iou and score thresholds Parameters.
	max := func(boxes, scores, m string) []string { return []string{boxes, scores, m, "f32[]", "f32[]"} }
	outs := func(n string) []string { return []string{"i64[" + n + ",3]", "f32[" + n + ",3]", "i64[1]"} }
	fp, in := "f32[...]", "i32[...]"
	tpRun(t, "NMSRotated", "opset13", []tpCase{
		{name: "incorrect_boxes_rank", in: with("f32[1,2,5,4]", "f32[1,2,3]"), err: "Expected a 3D tensor for the 'boxes' input"},
		{name: "incorrect_scores_rank", in: with("f32[1,2,5]", "f32[1,2]"), err: "Expected a 3D tensor for the 'scores' input"},
		{name: "incorrect_scheme_num_batches", in: with("f32[1,2,5]", "f32[2,2,3]"), err: "The first dimension of both 'boxes' and 'scores' must match"},
		{name: "incorrect_scheme_num_boxes", in: with("f32[1,2,5]", "f32[1,2,3]"),
			err: "'boxes' and 'scores' input shapes must match at the second and third dimension respectively"},
		{name: "incorrect_boxes_last_dim", in: with("f32[1,2,3]", "f32[1,2,2]"), err: "The last dimension of the 'boxes' input must be equal to 5"},
		{name: "input_types_check/0", in: []string{in, fp, in, fp, fp}, err: "Expected floating point type as element type for the input at: 0"},
		{name: "input_types_check/1", in: []string{fp, in, in, fp, fp}, err: "Expected floating point type as element type for the input at: 1"},
		{name: "input_types_check/2", in: []string{fp, fp, fp, fp, fp}, err: "Expected integer type as element type for the input at: 2"},
		{name: "input_types_check/3", in: []string{fp, fp, in, in, fp}, err: "Expected floating point type as element type for the input at: 3"},
		{name: "input_types_check/4", in: []string{fp, fp, in, fp, in}, err: "Expected floating point type as element type for the input at: 4"},
		{name: "output_type_attr_check", attrs: []string{"sort_result_descending", "true", "output_type", "f16"}, in: []string{fp, fp, in, fp, fp},
			err: "The `output_type` attribute (related to the first and third output) must be i32 or i64"},
		{name: "scalar_inputs_check/max_output_boxes_per_class", in: []string{"f32[1,2,5]", "f32[1,2,2]", "f32[2]", "f32[]", "f32[]"},
			err: "Expected 0D or 1D tensor for the 'max_output_boxes_per_class' input"},
		{name: "scalar_inputs_check/iou_threshold", in: []string{"f32[1,2,5]", "f32[1,2,2]", "i32[]=1000", "f32[2]", "f32[]"},
			err: "Expected 0D or 1D tensor for the 'iou_threshold' input"},
		{name: "scalar_inputs_check/score_threshold", in: []string{"f32[1,2,5]", "f32[1,2,2]", "i32[]=1000", "f32[]", "f32[2]"},
			err: "Expected 0D or 1D tensor for the 'score_threshold' input"},
		{name: "boxes_scores_static_max_out_param", in: []string{"f32[5,2,5]", "f32[5,3,2]", "i32[]", "f32[]=0.5", "f32[]=0.5"}, out: outs("?")},
		{name: "num_boxes_gt_max_out_boxes", in: max("f32[2,7,5]", "f32[2,5,7]", "i32[]=3"), out: outs("0..30")},
		{name: "num_boxes_lt_max_out_boxes", in: max("f32[2,7,5]", "f32[2,5,7]", "i16[]=1000"), out: outs("0..70")},
		{name: "max_out_boxes_is_zero", in: max("f32[2,7,5]", "f32[2,5,7]", "i16[]=0"), out: outs("0")},
		{name: "interval_shapes_labels", in: max("f32[0..2,0..7,5]", "f32[0..2,0..5,1..7]", "i16[]=1000"), out: outs("0..70")},
		{name: "num_box_dynamic_dim_max_boxes_per_class_as_const", in: max("f32[2,?,5]", "f32[2,0..5,1..7]", "i16[]=5"), out: outs("?")},
		{name: "output_shape_i32", attrs: []string{"sort_result_descending", "true", "output_type", "i32"}, in: max("f32[2,7,5]", "f32[2,5,7]", "i16[]=3"),
			out: []string{"i32[0..30,3]", "f32[0..30,3]", "i32[1]"}},
		{name: "dynamic_boxes_and_scores", in: max("f32[...]", "f32[...]", "i16[]=3"), out: outs("?")},
		{name: "dynamic_types", in: []string{"dynamic[5,2,5]", "dynamic[5,3,2]", "i32[]", "f32[]", "f32[]"}, out: outs("?")},
		{name: "scores_shape_is_dynamic_rank", in: max("dynamic[5,2,5]", "dynamic[...]", "i16[]=3"), out: outs("?")},
	})
}
