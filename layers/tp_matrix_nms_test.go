package layers

import "testing"

// MatrixNms-8 shape and type inference: src/core/tests/type_prop/matrix_nms.cpp@21cfa6bf (the
// tests' default Attributes are the IR defaults).
func TestTPMatrixNms(t *testing.T) {
	out := func(rows, batch, idx string) []string {
		return []string{"f32[" + rows + ",6]", idx + "[" + rows + ",1]", idx + "[" + batch + "]"}
	}
	tpRun(t, "MatrixNms", "opset8", []tpCase{
		{name: "incorrect_boxes_rank", in: []string{"f32[1,2,3,4]", "f32[1,2,3]"}, err: "Expected a 3D tensor for the 'boxes' input"},
		{name: "incorrect_scores_rank", in: []string{"f32[1,2,4]", "f32[1,2]"}, err: "Expected a 3D tensor for the 'scores' input"},
		{name: "incorrect_scheme_num_batches", in: []string{"f32[1,2,4]", "f32[2,2,3]"}, err: "The first dimension of both 'boxes' and 'scores' must match"},
		{name: "incorrect_scheme_num_boxes", in: []string{"f32[1,2,4]", "f32[1,2,3]"},
			err: "'boxes' and 'scores' input shapes must match at the second and third dimension respectively"},
		{name: "incorrect_boxes_rank2", in: []string{"f32[1,2,3]", "f32[1,2,2]"}, err: "The last dimension of the 'boxes' input must be equal to 4"},
		{name: "incorrect_output_type", attrs: []string{"output_type", "f32"}, in: []string{"f32[1,2,4]", "f32[1,2,2]"}, err: "Output type must be i32 or i64"},
		{name: "incorrect_nms_topk", attrs: []string{"nms_top_k", "-2"}, in: []string{"f32[1,2,4]", "f32[1,2,2]"}, err: "The 'nms_top_k' must be great or equal -1"},
		{name: "incorrect_keep_topk", attrs: []string{"keep_top_k", "-2"}, in: []string{"f32[1,2,4]", "f32[1,2,2]"}, err: "The 'keep_top_k' must be great or equal -1"},
		{name: "incorrect_background_class", attrs: []string{"background_class", "-2"}, in: []string{"f32[1,2,4]", "f32[1,2,2]"}, err: "The 'background_class' must be great or equal -1"},
		{name: "incorrect_input_type", in: []string{"f16[1,2,4]", "f32[1,2,2]"}, err: "Expected 'boxes', 'scores' type is same."},
		{name: "default_ctor", attrs: []string{"nms_top_k", "3"}, in: []string{"f32[5,2,4]", "f32[5,3,2]"}, out: out("0..30", "5", "i64")},
		{name: "output_shape_1dim_dynamic", in: []string{"f32[5,2,4]", "f32[5,3,2]"}, out: out("0..30", "5", "i64")},
		{name: "output_shape_1dim_max_out", in: []string{"f32[2,7,4]", "f32[2,5,7]"}, out: out("0..70", "2", "i64")},
		{name: "output_shape_1dim_nms_topk", attrs: []string{"nms_top_k", "3"}, in: []string{"f32[2,7,4]", "f32[2,5,7]"}, out: out("0..30", "2", "i64")},
		{name: "output_shape_1dim_keep_topk", attrs: []string{"nms_top_k", "3", "keep_top_k", "8"}, in: []string{"f32[2,7,4]", "f32[2,5,7]"}, out: out("0..16", "2", "i64")},
		{name: "input_f16", in: []string{"f16[2,7,4]", "f16[2,5,7]"}, out: []string{"f16[0..70,6]", "i64[0..70,1]", "i64[2]"}},
		{name: "output_shape_i32", attrs: []string{"output_type", "i32"}, in: []string{"f32[2,7,4]", "f32[2,5,7]"}, out: out("0..70", "2", "i32")},
		{name: "dynamic_boxes_and_scores", in: []string{"f32[...]", "f32[...]"}, out: out("?", "?", "i64")},
	})
}
