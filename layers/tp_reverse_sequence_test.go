package layers

import "testing"

// ReverseSequence-0 shape and type inference: src/core/tests/type_prop/reverse_sequence.cpp@085e794c
// (attributes batch_axis, seq_axis; defaults 0 and 1).
func TestTPReverseSequence(t *testing.T) {
	ax := func(b, s string) []string { return []string{"batch_axis", b, "seq_axis", s} }
	cases := []tpCase{
		{name: "reverse_sequence_default_attributes", in: []string{"f32[4,3,2]", "i32[4]"}, out: []string{"f32[4,3,2]"}},
		{name: "reverse_sequence_negative_attribute_axes", attrs: ax("-3", "-2"), in: []string{"f32[1,2,3,4,5]", "i32[3]"}, out: []string{"f32[1,2,3,4,5]"}},
		{name: "reverse_sequence_invalid_seq_lengths_et", in: []string{"f32[4,3,2]", "boolean[4]"}, err: "Sequence lengths element type must be numeric type."},
		{name: "reverse_sequence_invalid_data_rank/scalar", in: []string{"f32[]", "i32[1]"}, err: "Data input rank should be equal or greater than 2."},
		{name: "reverse_sequence_invalid_data_rank/1D", in: []string{"f32[4]", "i32[1]"}, err: "Data input rank should be equal or greater than 2."},
		{name: "reverse_sequence_invalid_batch_axis_value", attrs: ax("3", "1"), in: []string{"f32[4,3,2]", "i32[3]"}, err: "xis 3 out of the tensor rank",
			note: "the test says \"Parameter axis 3 ...\"; current validate_axis says \"Axis 3 ...\" (irrun's)"},
		{name: "reverse_sequence_invalid_seq_axis_value", attrs: ax("1", "3"), in: []string{"f32[4,3,2]", "i32[3]"}, err: "xis 3 out of the tensor rank"},
		{name: "reverse_sequence_incompatible_seq_len_size_with_batch_dim", in: []string{"f32[4,3,2]", "i32[3]"},
			err: "Sequence lengths input size (3) is not equal to batch axis dimension of data input (4)"},
		{name: "reverse_sequence_dynamic_inputs_with_dynamic_rank", attrs: ax("202", "909"), in: []string{"f32[...]", "i32[...]"}, out: []string{"f32[...]"}},
		{name: "reverse_sequence_dynamic_data_input_dynamic_rank", attrs: ax("202", "909"), in: []string{"f32[...]", "i32[3]"}, out: []string{"f32[...]"}},
		{name: "reverse_sequence_dynamic_seq_lenghts_input_dynamic_rank", in: []string{"f32[2,4,6,8]", "i32[...]"}, out: []string{"f32[2,4,6,8]"}},
		{name: "reverse_sequence_dynamic_data_input_static_rank_and_seq_lengths_dynamic_rank", in: []string{"f32[?,?,?,?]", "i32[...]"}, out: []string{"f32[?,?,?,?]"}},
		{name: "reverse_sequence_dynamic_invalid_batch_axis", attrs: ax("4", "1"), in: []string{"f32[?,?,?,?]", "i32[?]"}, err: "xis 4 out of the tensor rank"},
		{name: "reverse_sequence_dynamic_invalid_seq_axis", attrs: ax("1", "4"), in: []string{"f32[?,?,?,?]", "i32[?]"}, err: "xis 4 out of the tensor rank"},
		{name: "reverse_sequence_dynamic_data_input_static_rank", attrs: ax("2", "1"), in: []string{"f32[?,?,?,?]", "i32[3]"}, out: []string{"f32[?,?,3,?]"}},
		{name: "reverse_sequence_dynamic_data_input_static_rank_seq_lengths_input_dynamic_rank", attrs: ax("2", "1"), in: []string{"f32[?,?,3,?]", "i32[?]"}, out: []string{"f32[?,?,3,?]"}},
		{name: "reverse_sequence_dynamic_data_input_static_rank_with_static_batch_dim", attrs: ax("2", "1"), in: []string{"f32[?,?,3,?]", "i32[3]"}, out: []string{"f32[?,?,3,?]"}},
		{name: "reverse_sequence_dynamic_incompatible_data_input_static_rank_with_static_batch_dim", attrs: ax("2", "1"), in: []string{"f32[?,?,3,?]", "i32[4]"},
			err: "Sequence lengths input size (4) is not equal to batch axis dimension of data input (3)"},
		{name: "dynamic_invalid_negative_axis_and_data_input_dynamic_rank", attrs: ax("1", "-2"), in: []string{"f32[...]", "i32[1]"},
			err:  "Rank must be static in order to normalize negative axis",
			note: "the test expects \"...negative axis=-2\" (normalize_axis' form); reverse_sequence.cpp's own check, which irrun follows, says \"...negative axis: -2\""},
		{name: "default_ctor", attrs: ax("1", "0"), in: []string{"f32[4,3,2]", "i32[3]"}, out: []string{"f32[4,3,2]"}},
		{name: "default_ctor_no_arguments", attrs: ax("1", "1"), in: []string{"f32[4..5,3,2]", "i32[3]"}, out: []string{"f32[4..5,3,2]"}},
		{name: "data_shape_interval_and_sequence_static_dim_with_symbols", attrs: ax("0", "1"), in: []string{"f32[2..5,4,1..3]", "i32[3]"}, out: []string{"f32[3,4,1..3]"}},
		{name: "data_shape_and_sequence_interval_dim_with_symbols", attrs: ax("-3", "-1"), in: []string{"f32[2..5,4,1..3]", "i32[3..6]"}, out: []string{"f32[3..5,4,1..3]"}},
	}
	// reverse_sequence_data_et: every data type (u4 left out: irrun has no u4 tensors).
	for _, et := range []string{"u8", "u16", "u32", "i8", "i16", "i32", "i64", "f16", "f32", "boolean"} {
		cases = append(cases, tpCase{name: "reverse_sequence_data_et/" + et, in: []string{et + "[4,4]", "i32[4]"}, out: []string{et + "[4,4]"}})
	}
	tpRun(t, "ReverseSequence", "opset1", cases)
}
