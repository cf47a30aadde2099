package layers

import "testing"

// MulticlassNms-8/9 shape and type inference: src/core/tests/type_prop/multiclass_nms.cpp@025bbff2
// (the typed suite runs for both versions; type_prop2 tests are MulticlassNms-9 with roisnum).
// The tests' default Attributes are the IR defaults (output_type i64, nms_top_k, keep_top_k and
// background_class -1, nms_eta 1).
func TestTPMulticlassNms(t *testing.T) {
	out := func(rows, batch, idx string) []string {
		return []string{"f32[" + rows + ",6]", idx + "[" + rows + ",1]", idx + "[" + batch + "]"}
	}
	typed := []tpCase{
		{name: "multiclass_nms_incorrect_boxes_rank", in: []string{"f32[1,2,3,4]", "f32[1,2,3]"}, err: "Expected a 3D tensor for the 'boxes' input"},
		{name: "multiclass_nms_incorrect_scores_rank", in: []string{"f32[1,2,4]", "f32[1]"}, err: "Expected a 3D tensor for the 'scores' input"},
		{name: "multiclass_nms_incorrect_scheme_num_batches", in: []string{"f32[1,2,4]", "f32[2,2,3]"}, err: "The first dimension of both 'boxes' and 'scores' must match"},
		{name: "multiclass_nms_incorrect_scheme_num_boxes", in: []string{"f32[1,2,4]", "f32[1,2,3]"},
			err: "'boxes' and 'scores' input shapes must match at the second and third dimension respectively"},
		{name: "multiclass_nms_incorrect_boxes_rank2", in: []string{"f32[2,2,3]", "f32[2,2,2]"}, err: "The last dimension of the 'boxes' input must be equal to 4"},
		{name: "multiclass_nms_incorrect_output_type", attrs: []string{"output_type", "f32"}, in: []string{"f32[1,2,4]", "f32[1,2,2]"}, err: "Output type must be i32 or i64"},
		{name: "multiclass_nms_incorrect_nms_topk", attrs: []string{"nms_top_k", "-2"}, in: []string{"f32[1,2,4]", "f32[1,2,2]"}, err: "The 'nms_top_k' must be great or equal -1"},
		{name: "multiclass_nms_incorrect_keep_topk", attrs: []string{"keep_top_k", "-2"}, in: []string{"f32[1,2,4]", "f32[1,2,2]"}, err: "The 'keep_top_k' must be great or equal -1"},
		{name: "multiclass_nms_incorrect_background_class", attrs: []string{"background_class", "-2"}, in: []string{"f32[1,2,4]", "f32[1,2,2]"}, err: "The 'background_class' must be great or equal -1"},
		{name: "multiclass_nms_incorrect_eta", attrs: []string{"nms_eta", "2"}, in: []string{"f32[1,2,4]", "f32[1,2,2]"}, err: "The 'nms_eta' must be in close range [0, 1.0]"},
		{name: "multiclass_nms_incorrect_input_type", in: []string{"f16[1,2,4]", "f32[1,2,2]"}, err: "Expected 'boxes', 'scores' type is same."},
		{name: "multiclass_nms_default_ctor", attrs: []string{"nms_top_k", "3"}, in: []string{"f32[2,7,4]", "f32[2,5,7]"}, out: out("0..30", "2", "i64")},
		{name: "multiclass_nms_output_shape_1dim_dynamic", in: []string{"f32[5,2,4]", "f32[5,3,2]"}, out: out("0..30", "5", "i64")},
		{name: "multiclass_nms_output_shape_1dim_max_out", in: []string{"f32[2,7,4]", "f32[2,5,7]"}, out: out("0..70", "2", "i64")},
		{name: "multiclass_nms_output_shape_1dim_nms_topk", attrs: []string{"nms_top_k", "3"}, in: []string{"f32[2,7,4]", "f32[2,5,7]"}, out: out("0..30", "2", "i64")},
		{name: "multiclass_nms_output_shape_1dim_keep_topk", attrs: []string{"nms_top_k", "3", "keep_top_k", "8"}, in: []string{"f32[2,7,4]", "f32[2,5,7]"}, out: out("0..16", "2", "i64")},
		{name: "multiclass_nms_input_f16", in: []string{"f16[2,7,4]", "f16[2,5,7]"}, out: []string{"f16[0..70,6]", "i64[0..70,1]", "i64[2]"}},
		{name: "multiclass_nms_output_shape_i32", attrs: []string{"output_type", "i32"}, in: []string{"f32[2,7,4]", "f32[2,5,7]"}, out: out("0..70", "2", "i32")},
		{name: "multiclass_nms_dynamic_boxes_and_scores", in: []string{"f32[...]", "f32[...]"}, out: out("?", "?", "i64")},
		{name: "multiclass_nms_dynamic_boxes_and_scores2", in: []string{"f32[?,?,4]", "f32[?,?,?]"}, out: out("?", "?", "i64")},
	}
	tpRun(t, "MulticlassNms", "opset8", typed)
	tpRun(t, "MulticlassNms", "opset9", typed)
	tpRun(t, "MulticlassNms", "opset9", []tpCase{
		{name: "type_prop2/multiclass_nms_incorrect_boxes_rank", in: []string{"f32[1,2,3,4]", "f32[1,2,3]"}, err: "Expected a 3D tensor for the 'boxes' input"},
		{name: "type_prop2/multiclass_nms_incorrect_scores_rank2", in: []string{"f32[1,2,4]", "f32[1,2]"}, err: "Expected a 3D tensor for the 'scores' input"},
		{name: "type_prop2/multiclass_nms_incorrect_roisnum_rank", in: []string{"f32[2,3,4]", "f32[2,3]", "i32[1,2]"}, err: "Expected a 1D tensor for the 'roisnum' input"},
		{name: "type_prop2/multiclass_nms_incorrect_scheme_num_classes", in: []string{"f32[2,3,4]", "f32[1,3]", "i32[1]"}, err: "The first dimension of both 'boxes' and 'scores' must match"},
		{name: "type_prop2/multiclass_nms_incorrect_scheme_num_boxes", in: []string{"f32[1,2,4]", "f32[1,3]", "i32[1]"},
			err: "'boxes' and 'scores' input shapes must match at the second dimension respectively"},
		{name: "type_prop2/multiclass_nms_incorrect_scheme_num_boxes2", in: []string{"f32[1,2,4]", "f32[3,2]", "i32[1]"}, err: "The first dimension of both 'boxes' and 'scores' must match"},
		{name: "type_prop2/multiclass_nms_dynamic_boxes_and_scores", in: []string{"f32[...]", "f32[...]", "i32[...]"}, out: out("?", "?", "i64")},
		{name: "type_prop2/multiclass_nms_interval_shapes_and_labels", in: []string{"f32[2,7,4]", "f32[2,7]", "i32[4]"}, out: out("0..56", "4", "i64")},
		{name: "type_prop2/multiclass_nms_static_shapes", attrs: []string{"nms_top_k", "3", "keep_top_k", "8"}, in: []string{"f32[3,7,4]", "f32[3,7]", "i32[4]"}, out: out("0..32", "4", "i64")},
		{name: "type_prop2/multiclass_nms_dynamic_boxes_and_scores2", in: []string{"f32[?,?,4]", "f32[?,?]", "i32[?]"}, out: out("?", "?", "i64")},
	})
}
