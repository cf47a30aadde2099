package layers

import "testing"

// CTCGreedyDecoderSeqLen-6: the tests src/core/tests/type_prop/ctc_greedy_decoder_seq_len.cpp@ec42769e
// (2025) adds to the revision round 13 ported (@087daa34, tp_ctc_greedy_decoder_test.go): the
// default constructor and the interval suites, whose sequence-length inputs are f32.
func TestTPCTCGreedyDecoderSeqLenAF(t *testing.T) {
	tpRun(t, "CTCGreedyDecoderSeqLen", "opset6", []tpCase{
		{name: "ctc_greedy_decoder_seq_len_default_ctor", attrs: []string{"merge_repeated", "true", "classes_index_type", "i64", "sequence_length_type", "i64"},
			in: []string{"f32[2,10,1200]", "f32[2]"}, out: []string{"i64[2,10]", "i64[2]"}},
		{name: "ctc_greedy_decoder_seq_len_default_ctor/i32", attrs: []string{"merge_repeated", "true"},
			in: []string{"f32[2,10,1200]", "f32[2]"}, out: []string{"i32[2,10]", "i32[2]"}},
		{name: "ctc_greedy_decoder_seq_len_interval_symboled_dims_all", in: []string{"f32[2..6,10..100,600..1200]", "f32[4..8]"}, out: []string{"i32[4..6,10..100]", "i32[4..6]"}},
		{name: "ctc_greedy_decoder_seq_len_interval_symboled_dims_in0", in: []string{"f32[2..6,10..100,600..1200]", "f32[4..8]"}, out: []string{"i32[4..6,10..100]", "i32[4..6]"}},
		{name: "ctc_greedy_decoder_seq_len_interval_symboled_dims_in1", in: []string{"f32[2..6,10..100,600..1200]", "f32[4..8]"}, out: []string{"i32[4..6,10..100]", "i32[4..6]"}},
	})
}
