package layers

import "testing"

// CTCGreedyDecoder-0 and CTCGreedyDecoderSeqLen-6 shape inference:
// src/core/tests/type_prop/ctc_greedy_decoder.cpp@09d9dfab and
// ctc_greedy_decoder_seq_len.cpp@087daa34, as data (symbol assertions out of scope).
func TestTPCTCGreedyDecoder(t *testing.T) {
	noMerge := []string{"ctc_merge_repeated", "false"}
	tpRun(t, "CTCGreedyDecoder", "opset1", []tpCase{
		{name: "ctc_greedy_decoder_default_constructor", attrs: []string{"ctc_merge_repeated", "true"}, in: []string{"f32[100,3,1200]", "f32[100,3]"}, out: []string{"f32[3,100,1,1]"}},
		{name: "ctc_greedy_decoder_static_shapes", attrs: noMerge, in: []string{"f32[100,3,1200]", "f32[100,3]"}, out: []string{"f32[3,100,1,1]"}},
		{name: "ctc_greedy_decoder_interval_symboled_dims_all", attrs: noMerge, in: []string{"f32[1..100,2..6,600..1200]", "f32[10..1000,4..8]"}, out: []string{"f32[4..6,10..100,1,1]"}},
		{name: "ctc_greedy_decoder_output_static_shape1", attrs: noMerge, in: []string{"f32[?,3,1200]", "f32[100,3]"}, out: []string{"f32[3,100,1,1]"}},
		{name: "ctc_greedy_decoder_output_static_shape2", attrs: noMerge, in: []string{"f32[?,3,1200]", "f32[100,?]"}, out: []string{"f32[3,100,1,1]"}},
		{name: "ctc_greedy_decoder_dynamic_shapes", attrs: noMerge, in: []string{"f32[?,?,1200]", "f32[?,?]"}, out: []string{"f32[?,?,1,1]"}},
		{name: "ctc_greedy_decoder_dynamic_ranks1", attrs: noMerge, in: []string{"f32[...]", "f32[100,?]"}, out: []string{"f32[?,100,1,1]"}},
		{name: "ctc_greedy_decoder_dynamic_ranks2", attrs: noMerge, in: []string{"f32[...]", "f32[...]"}, out: []string{"f32[?,?,1,1]"}},
		{name: "ctc_greedy_decoder_incorrect_rank", attrs: noMerge, in: []string{"f32[?,3,1200,5]", "f32[100,3]"}, err: "The rank of logits tensor must be equal to 3."},
		{name: "ctc_greedy_decoder_incorrect_rank2", attrs: noMerge, in: []string{"f32[?,3,1200]", "f32[100,3,2]"}, err: "The rank of sequence mask tensor must be equal to 2."},
		{name: "ctc_greedy_decoder_mismatched_dim1", attrs: noMerge, in: []string{"f32[100,4,1200]", "f32[100,3]"}, err: "The second dimensions of input tensors must match."},
		{name: "ctc_greedy_decoder_mismatched_dim2", attrs: noMerge, in: []string{"f32[101,3,1200]", "f32[100,3]"}, err: "The first dimensions of input tensors must match."},
	})
	i64 := []string{"merge_repeated", "false", "classes_index_type", "i64", "sequence_length_type", "i64"}
	tpRun(t, "CTCGreedyDecoderSeqLen", "opset6", []tpCase{
		{name: "ctc_greedy_decoder_seq_len_static_shapes", in: []string{"f32[3,100,1200]", "i32[3]"}, out: []string{"i32[3,100]", "i32[3]"}},
		{name: "ctc_greedy_decoder_seq_len_static_shapes_with_bi", attrs: i64, in: []string{"f32[3,100,1200]", "i32[3]", "i32[]=1"}, out: []string{"i64[3,100]", "i64[3]"}},
		{name: "ctc_greedy_decoder_seq_len_static_shapes_with_dinemic_bi", attrs: i64, in: []string{"f32[3,100,1200]", "i32[3]", "i32[?]"}, out: []string{"i64[3,100]", "i64[3]"}},
		{name: "ctc_greedy_decoder_seq_len_output_static_shape1", attrs: noMerge[:0], in: []string{"f32[?,100,1200]", "i32[3]"}, out: []string{"i32[3,100]", "i32[3]"}},
		{name: "ctc_greedy_decoder_seq_len_dynamic_shapes", in: []string{"f32[?,?,1200]", "i32[?]"}, out: []string{"i32[?,?]", "i32[?]"}},
		{name: "ctc_greedy_decoder_seq_len_dynamic_ranks1", in: []string{"f32[...]", "i32[?]"}, out: []string{"i32[?,?]", "i32[?]"}},
		{name: "ctc_greedy_decoder_seq_len_dynamic_ranks2", in: []string{"f32[...]", "i32[...]"}, out: []string{"i32[?,?]", "i32[?]"}},
		{name: "ctc_greedy_decoder_seq_len_incorrect_rank", in: []string{"f32[?,100,1200,5]", "i32[3]"}, err: "The rank of logits tensor must be equal to 3."},
		{name: "ctc_greedy_decoder_seq_len_incorrect_rank2", in: []string{"f32[3,100,1200]", "i32[3,100]"}, err: "The rank of sequence len tensor must be equal to 1."},
		{name: "ctc_greedy_decoder_seq_len_mismatched_dim1", in: []string{"f32[4,100,1200]", "i32[3]"}, err: "The first dimensions of input tensors must match."},
	})
}
