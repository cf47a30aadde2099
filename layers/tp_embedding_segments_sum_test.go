package layers

import "testing"

// EmbeddingSegmentsSum-3 shape inference: src/core/tests/type_prop/embedding_segments_sum.cpp@09d9dfab,
// as data. Inputs: emb_table, indices, segment_ids, num_segments, default_index,
// per_sample_weights. A Squeeze(ShapeOf) num_segments is given by its bounds.
func TestTPEmbeddingSegmentsSum(t *testing.T) {
	std := []string{"f32[5,2]", "i64[4]", "i64[4]", "i64[]", "i64[]", "f32[4]"}
	with := func(i int, s string) []string { in := append([]string{}, std...); in[i] = s; return in }
	tpRun(t, "EmbeddingSegmentsSum", "opset3", []tpCase{
		{name: "ess_default_ctor", in: with(0, "f32[5,2,6]"), out: []string{"f32[?,2,6]"}},
		{name: "ess", in: std, out: []string{"f32[?,2]"}},
		{name: "ess_dynamic_emb_table_number_segment", in: with(0, "f32[5,?]"), out: []string{"f32[?,?]"}},
		{name: "ess_fail_indices_element_type", in: with(1, "f32[4]"), err: "INDICES type must be i32 or i64"},
		{name: "ess_fail_segment_ids_element_type", in: with(2, "f32[4]"), err: "SEGMENT_IDS type must be i32 or i64"},
		{name: "ess_fail_number_segments_element_type", in: with(3, "f32[]"), err: "NUM_SEGMENTS type must be i32 or i64"},
		{name: "ess_fail_default_index_element_type", in: with(4, "f32[]"), err: "DEFAULT_INDEX type must be i32 or i64"},
		{name: "ess_fail_mismatch_element_type", in: with(1, "i32[4]"), err: "Segment_ids element type (i64) must match indices element type (i32)"},
		{name: "ess_fail_mismatch_element_type_1", in: with(4, "i32[]"), err: "Default_index element type (i32) must match indices element type (i64)"},
		{name: "ess_fail_mismatch_element_type_2", in: with(5, "i64[4]"), err: "Per sample weight element type (i64) must match embedding table element type (f32)"},
		{name: "ess_fail_mismatch_element_type_3", in: with(3, "i32[]"), err: "Num_segments element type (i32) must match Segment_ids element type (i64)"},
		{name: "ess_fail_mismatch_shape", in: with(5, "f32[3]"), err: "INDICES and PER_SAMPLE_WEIGHTS shape must be same"},
		{name: "ess_fail_num_segments_scalar", in: with(3, "i64[2]"), err: "NUM_SEGMENTS must be a scalar"},
		{name: "ess_fail_default_index_scalar", in: with(4, "i64[2]"), err: "DEFAULT_INDEX must be a scalar"},
		{name: "ess_fail_indices_1d", in: with(1, "i64[4,2]"), err: "INDICES must be 1D"},
		{name: "ess_fail_segment_ids_1d", in: with(2, "i64[3,2]"), err: "SEGMENT_IDS must be 1D"},
		{name: "ess_fail_per_sample_weights_1d", in: with(5, "f32[4,2]"), err: "PER_SAMPLE_WEIGHTS must be 1D"},
		{name: "ess_fail_emb_table_0d", in: with(0, "f32[]"), err: "EMB_TABLE can't be a scalar"},
		{name: "ess_4_args_api", in: std[:4], out: []string{"f32[?,2]"}},
		{name: "ess_fail_indices_element_type_4_args_api", in: []string{"f32[5,2]", "f32[4]", "i64[4]", "i64[]"}, err: "INDICES type must be i32 or i64"},
		{name: "ess_num_segment_const", in: []string{"f32[5,2]", "i64[4]", "i64[4]", "i64[]=3"}, out: []string{"f32[3,2]"}},
		{name: "ess_num_segment_interval_label_propagation", in: []string{"f32[5..10,2..4,1..3]", "i64[4]", "i64[4]", "i64[]:6..8"}, out: []string{"f32[6..8,2..4,1..3]"}},
	})
}
