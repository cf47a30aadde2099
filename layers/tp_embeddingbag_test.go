package layers

import (
	"strings"
	"testing"
)

// EmbeddingBagOffsetsSum-3 shape inference: src/core/tests/type_prop/embeddingbag_offsetssum.cpp@00349783,
// as data. Inputs: emb_table, indices, offsets, default_index, per_sample_weights.
func TestTPEmbeddingBagOffsetsSum(t *testing.T) {
	// std builds the five inputs of the tests from f32[5,2], i64[4], i64[3], i64[], f32[4],
	// replacing input i by s.
	std := func(i int, s string) []string {
		in := []string{"f32[5,2]", "i64[4]", "i64[3]", "i64[]", "f32[4]"}
		if i >= 0 {
			in[i] = s
		}
		return in
	}
	tpRun(t, "EmbeddingBagOffsetsSum", "opset3", []tpCase{
		{name: "ebos_default_ctor", in: []string{"f32[5,2,6]", "i64[4]", "i64[3]", "i64[]", "f32[4]"}, out: []string{"f32[3,2,6]"}},
		{name: "ebos_labeled_interval_dims", in: []string{"f32[5..10,2..4,1..3]", "i64[3..4]", "i64[6..8]", "i64[]", "f32[3..4]"}, out: []string{"f32[6..8,2..4,1..3]"}},
		{name: "ebos", in: std(-1, ""), out: []string{"f32[3,2]"}},
		{name: "ebos_dynamic_emb_table", in: std(0, "f32[5,?]"), out: []string{"f32[3,?]"}},
		{name: "ebos_dynamic_offsets", in: std(2, "i64[?]"), out: []string{"f32[?,2]"}},
		{name: "ebos_dynamic_emb_table_offsets", in: []string{"f32[5,?]", "i64[4]", "i64[?]", "i64[]", "f32[4]"}, out: []string{"f32[?,?]"}},
		{name: "ebos_fail_indices_element_type", in: std(1, "f32[4]"), err: "INDICES type must be i32 or i64"},
		{name: "ebos_fail_offsets_element_type", in: std(2, "f32[3]"), err: "OFFSETS type must be i32 or i64"},
		{name: "ebos_fail_default_index_element_type", in: std(3, "f32[]"), err: "DEFAULT_INDEX type must be i32 or i64"},
		{name: "ebos_fail_mismatch_element_type", in: std(1, "i32[4]"), err: "Offsets element type (i64) must match indices element type (i32)"},
		{name: "ebos_fail_mismatch_element_type_1", in: std(3, "i32[]"), err: "Default_index element type (i32) must match indices element type (i64)"},
		{name: "ebos_fail_mismatch_element_type_2", in: std(4, "i64[4]"), err: "Per sample weight element type (i64) must match embedding table element type (f32)"},
		{name: "ebos_fail_mismatch_shape", in: std(4, "f32[3]"), err: "INDICES and PER_SAMPLE_WEIGHTS shape must be same"},
		{name: "ebos_fail_default_index_scalar", in: std(3, "i64[2]"), err: "DEFAULT_INDEX must be a scalar"},
		{name: "ebos_fail_indices_1d", in: std(1, "i64[4,2]"), err: "INDICES must be 1D"},
		{name: "ebos_fail_offsets_1d", in: std(2, "i64[3,2]"), err: "OFFSETS must be 1D"},
		{name: "ebos_fail_per_sample_weights_1d", in: std(4, "f32[4,2]"), err: "PER_SAMPLE_WEIGHTS must be 1D"},
		{name: "ebos_3_args_api", in: std(-1, "")[:3], out: []string{"f32[3,2]"}},
		{name: "ebos_fail_indices_element_type_3_args_api", in: std(1, "f32[4]")[:3], err: "INDICES type must be i32 or i64"},
	})
}

// EmbeddingBagOffsets-15 shape inference: src/core/tests/type_prop/embeddingbag_offsets.cpp@1456d71e,
// as data (reduction sum unless the test sets MEAN).
func TestTPEmbeddingBagOffsets(t *testing.T) {
	std := func(i int, s string) []string {
		in := []string{"f32[5,2]", "i64[4]", "i64[3]", "i64[]", "f32[4]"}
		if i >= 0 {
			in[i] = s
		}
		return in
	}
	mean := []string{"reduction", "mean"}
	tpRun(t, "EmbeddingBagOffsets", "opset15", []tpCase{
		{name: "embedding_bag_offsets_default_ctor", in: []string{"f32[5,2,6]", "i64[4]", "i64[3]", "i64[]", "f32[4]"}, out: []string{"f32[3,2,6]"}},
		{name: "embedding_bag_reduction_mean", attrs: mean, in: std(-1, "")[:3], out: []string{"f32[3,2]"}},
		{name: "embedding_bag_reduction_mean_index", attrs: mean, in: std(-1, "")[:4], out: []string{"f32[3,2]"}},
		{name: "embedding_bag_offsets_labeled_interval_dims", in: []string{"f32[5..10,2..4,1..3]", "i64[3..4]", "i64[6..8]", "i64[]", "f32[3..4]"},
			out: []string{"f32[6..8,2..4,1..3]"}},
		{name: "embedding_bag_offsets", in: std(-1, ""), out: []string{"f32[3,2]"}},
		{name: "embedding_bag_offsets_dynamic_emb_table", in: std(0, "f32[5,?]"), out: []string{"f32[3,?]"}},
		{name: "embedding_bag_offsets_dynamic_offsets", in: std(2, "i64[?]"), out: []string{"f32[?,2]"}},
		{name: "embedding_bag_offsets_dynamic_emb_table_offsets", attrs: []string{"reduction", "sum"}, in: []string{"f32[5,?]", "i64[4]", "i64[?]", "i64[]", "f32[4]"},
			out: []string{"f32[?,?]"}},
		{name: "embedding_bag_offsets_fail_indices_element_type", in: std(1, "f32[4]"), err: "INDICES type must be i32 or i64"},
		{name: "embedding_bag_offsets_fail_offsets_element_type", in: std(2, "f32[3]"), err: "OFFSETS type must be i32 or i64"},
		{name: "embedding_bag_offsets_fail_default_index_element_type", in: std(3, "f32[]"), err: "DEFAULT_INDEX type must be i32 or i64"},
		{name: "embedding_bag_offsets_fail_mismatch_element_type", in: std(1, "i32[4]"), err: "Offsets element type (i64) must match indices element type (i32)"},
		{name: "embedding_bag_offsets_fail_mismatch_element_type_1", in: std(3, "i32[]"), err: "Default_index element type (i32) must match indices element type (i64)"},
		{name: "embedding_bag_offsets_fail_mismatch_element_type_2", in: std(4, "i64[4]"),
			err: "Per sample weight element type (i64) must match embedding table element type (f32)"},
		{name: "embedding_bag_offsets_fail_mismatch_shape", in: std(4, "f32[3]"), err: "INDICES and PER_SAMPLE_WEIGHTS shape must be same"},
		{name: "embedding_bag_offsets_fail_default_index_scalar", in: std(3, "i64[2]"), err: "DEFAULT_INDEX must be a scalar"},
		{name: "embedding_bag_offsets_fail_indices_1d", in: std(1, "i64[4,2]"), err: "INDICES must be 1D"},
		{name: "embedding_bag_offsets_fail_emb_table_0d", in: std(0, "f32[]"), err: "EMB_TABLE can't be a scalar"},
		{name: "embedding_bag_offsets_fail_offsets_1d", in: std(2, "i64[3,2]"), err: "OFFSETS must be 1D"},
		{name: "embedding_bag_offsets_fail_per_sample_weights_1d", in: std(4, "f32[4,2]"), err: "PER_SAMPLE_WEIGHTS must be 1D"},
		{name: "embedding_bag_offsets_fail_per_sample_weights_reduction_mean", attrs: mean, in: std(4, "f32[4,2]"),
			err: "Per sample weights can only be used in Reduction::SUM mode"},
		{name: "embedding_bag_offsets_3_args_api", in: std(-1, "")[:3], out: []string{"f32[3,2]"}},
		{name: "embedding_bag_offsets_fail_indices_element_type_3_args_api", in: std(1, "f32[4]")[:3], err: "INDICES type must be i32 or i64"},
	})
}

// EmbeddingBagPacked-15 shape inference: src/core/tests/type_prop/embeddingbag_packed.cpp@1b3ef9b7,
// as data. Inputs: emb_table, indices [bags, per bag], per_sample_weights.
func TestTPEmbeddingBagPacked(t *testing.T) {
	std := func(i int, s string) []string {
		in := []string{"f32[5,2]", "i64[3,4]", "f32[3,4]"}
		if i >= 0 {
			in[i] = s
		}
		return in
	}
	cases := []tpCase{
		{name: "embedding_bag_packed_default_ctor", in: std(0, "f32[5,2,6]"), out: []string{"f32[3,2,6]"}},
		{name: "embedding_bag_packed_labeled_interval_dims_2in", in: []string{"f32[5..10,2..4,1..3]", "i64[6..8,4]"}, out: []string{"f32[6..8,2..4,1..3]"}},
		{name: "embedding_bag_packed_labeled_interval_dims_2in_reduction", attrs: []string{"reduction", "mean"}, in: []string{"f32[5..10,2..4,1..3]", "i64[6..8,4]"},
			out: []string{"f32[6..8,2..4,1..3]"}},
		{name: "embedding_bag_packed_labeled_interval_dims_3in", in: []string{"f32[5..10,2..4,1..3]", "i64[2..6,4]", "f32[4..8,4]"}, out: []string{"f32[4..6,2..4,1..3]"}},
		{name: "embedding_bag_packed", in: std(-1, ""), out: []string{"f32[3,2]"}},
		{name: "embedding_bag_packed_dynamic_emb_table", in: std(0, "f32[5,?]"), out: []string{"f32[3,?]"}},
		{name: "embedding_bag_packed_dynamic_indices", in: []string{"f32[5,2]", "i64[?,4]", "f32[?,4]"}, out: []string{"f32[?,2]"}},
		{name: "embedding_bag_packed_dynamic_emb_table_indices", attrs: []string{"reduction", "sum"}, in: []string{"f32[5,?]", "i64[?,4]", "f32[?,4]"}, out: []string{"f32[?,?]"}},
		{name: "embedding_bag_packed_fail_indices_element_type", in: std(1, "f32[3,4]"), err: "INDICES type must be i32 or i64"},
		{name: "embedding_bag_packed_fail_mismatch_element_type", in: std(2, "i64[3,4]"), err: "Per sample weight element type (i64) must match embedding table element type (f32)"},
		{name: "embedding_bag_packed_fail_mismatch_shape", in: std(2, "f32[4,3]"), err: "INDICES and PER_SAMPLE_WEIGHTS shape must be same"},
		{name: "embedding_bag_packed_fail_indices_1d", in: std(1, "i64[4]"), err: "INDICES must be 2D"},
		{name: "embedding_bag_packed_fail_emb_table_0d", in: std(0, "f32[]"), err: "EMB_TABLE can't be a scalar"},
		{name: "embedding_bag_packed_fail_per_sample_weights_1d", in: std(2, "f32[4]"), err: "PER_SAMPLE_WEIGHTS must be 2D"},
		{name: "embedding_bag_packed_fail_per_sample_weights_reduction_mean", attrs: []string{"reduction", "mean"}, in: std(2, "f32[4]"),
			err: "Per sample weights can only be used in Reduction::SUM mode."},
		{name: "embedding_bag_packed_2_args_api", in: std(-1, "")[:2], out: []string{"f32[3,2]"}},
		{name: "embedding_bag_packed_fail_indices_element_type_2_args_api", in: std(1, "f32[3,4]")[:2], err: "INDICES type must be i32 or i64"},
	}
	tpRun(t, "EmbeddingBagPacked", "opset15", cases)
	// EmbeddingBagPackedSum-3: embeddingbag_packedsum.cpp@09d9dfab has the same tests as ebps_*,
	// without the reduction ones.
	var sum []tpCase
	for _, c := range cases {
		if len(c.attrs) == 0 || c.attrs[1] == "sum" {
			c.attrs = nil
			c.name = "ebps" + strings.TrimPrefix(c.name, "embedding_bag_packed")
			sum = append(sum, c)
		}
	}
	tpRun(t, "EmbeddingBagPackedSum", "opset3", sum)
}
