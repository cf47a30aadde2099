package layers

import (
	"fmt"
	"testing"
)

// tpLSTMSeq builds the seven LSTMSequence-5 input specs of lstm_sequence.cpp's
// recurrent_sequence_parameters: X [b,s,i], H and C [b,nd,h], lengths [b] (of type et, as the
// test's initializer makes them), W [nd,4h,i], R [nd,4h,h], B [nd,4h]. h4 is 4*h as text.
func tpLSTMSeq(b, nd, s, i, h, h4 string) []string {
	return []string{
		fmt.Sprintf("f32[%s,%s,%s]", b, s, i),
		fmt.Sprintf("f32[%s,%s,%s]", b, nd, h),
		fmt.Sprintf("f32[%s,%s,%s]", b, nd, h),
		fmt.Sprintf("f32[%s]", b),
		fmt.Sprintf("f32[%s,%s,%s]", nd, h4, i),
		fmt.Sprintf("f32[%s,%s,%s]", nd, h4, h),
		fmt.Sprintf("f32[%s,%s]", nd, h4),
	}
}

// LSTMSequence-5 shape inference: src/core/tests/type_prop/lstm_sequence.cpp@10e00947, as
// data. Most tests default-construct the op (hidden_size 0, direction forward); OpenVINO's
// shape inference does not read the hidden_size attribute ("not used for backward
// compatibility", rnn_base_shape_inference.hpp), so the tables give the IR's mandatory
// hidden_size any value. The LSTMSequence-1 (v0) cases are out: irrun has no opset1 row for it.
func TestTPLSTMSequence(t *testing.T) {
	fwd := []string{"hidden_size", "256", "direction", "forward"}
	base := func() []string { return tpLSTMSeq("24", "1", "12", "8", "256", "1024") }
	out3 := func(y, s string) []string { return []string{"f32" + y, "f32" + s, "f32" + s} }
	cases := []tpCase{
		{name: "lstm_sequence_forward", attrs: []string{"hidden_size", "128", "direction", "forward"},
			in:  []string{"f32[8,6,4]", "f32[8,1,128]", "f32[8,1,128]", "i32[8]", "f32[1,512,4]", "f32[1,512,128]", "f32[1,512]"},
			out: out3("[8,1,6,128]", "[8,1,128]")},
		{name: "lstm_sequence_bidirectional", attrs: []string{"hidden_size", "256", "direction", "bidirectional", "activations", "tanh,sigmoid,sigmoid",
			"activations_alpha", "2.7,7.0,32.367", "activations_beta", "0.0,5.49,6.0"},
			in:  []string{"f32[24,12,8]", "f32[24,2,256]", "f32[24,2,256]", "i32[24]", "f32[2,1024,8]", "f32[2,1024,256]", "f32[2,1024]"},
			out: out3("[24,2,12,256]", "[24,2,256]")},
		{name: "lstm_sequence_dynamic_batch_size", attrs: fwd, in: tpLSTMSeq("?", "1", "12", "8", "256", "1024"), out: out3("[?,1,12,256]", "[?,1,256]")},
		{name: "lstm_sequence_dynamic_num_directions", attrs: fwd, in: tpLSTMSeq("24", "?", "12", "8", "256", "1024"), out: out3("[24,1,12,256]", "[24,1,256]")},
		{name: "lstm_sequence_dynamic_seq_length", attrs: fwd, in: tpLSTMSeq("24", "1", "?", "8", "256", "1024"), out: out3("[24,1,?,256]", "[24,1,256]")},
		{name: "lstm_sequence_dynamic_hidden_size", attrs: fwd, in: tpLSTMSeq("24", "1", "12", "8", "?", "?"), out: out3("[24,1,12,?]", "[24,1,?]")},
		{name: "lstm_sequence_dynamic_inputs", attrs: fwd, in: tpLSTMSeq("?", "?", "?", "?", "?", "?"), out: out3("[?,1,?,?]", "[?,1,?]")},
		{name: "lstm_sequence_input_dynamic_shape_ranges", attrs: fwd, in: tpLSTMSeq("1..8", "1..2", "5..7", "64..128", "32..64", "128..256"),
			out: out3("[1..8,1,5..7,32..64]", "[1..8,1,32..64]")},
		{name: "lstm_sequence_invalid_input_direction", attrs: fwd, in: tpLSTMSeq("24", "3", "12", "8", "256", "1024"),
			err: "Dimension `num_directions` doesn't match to other inputs or `direction` attribute."},
		{name: "lstm_sequence_invalid_input_direction_num_mismatch/bidirectional_1", attrs: []string{"hidden_size", "256", "direction", "bidirectional"},
			in: tpLSTMSeq("24", "1", "12", "8", "256", "1024"), err: "Dimension `num_directions` doesn't match to other inputs or `direction` attribute."},
		{name: "lstm_sequence_invalid_input_direction_num_mismatch/forward_2", attrs: fwd,
			in: tpLSTMSeq("24", "2", "12", "8", "256", "1024"), err: "Dimension `num_directions` doesn't match to other inputs or `direction` attribute."},
		{name: "lstm_sequence_invalid_input_direction_num_mismatch/reverse_2", attrs: []string{"hidden_size", "256", "direction", "reverse"},
			in: tpLSTMSeq("24", "2", "12", "8", "256", "1024"), err: "Dimension `num_directions` doesn't match to other inputs or `direction` attribute."},
	}
	for i := 0; i < 7; i++ {
		in := base()
		in[i] = "f32[]"
		cases = append(cases, tpCase{name: fmt.Sprintf("lstm_sequence_invalid_input_dimension/%d", i), attrs: fwd, in: in, err: "*"})
		in = base()
		in[i] = "f32[...]"
		y := "[24,1,12,256]"
		if i == 0 {
			y = "[24,1,?,256]"
		}
		cases = append(cases, tpCase{name: fmt.Sprintf("lstm_sequence_all_inputs_dynamic_rank/%d", i), attrs: fwd, in: in, out: out3(y, "[24,1,256]")})
	}
	tpRun(t, "LSTMSequence", "opset5", cases)
}
