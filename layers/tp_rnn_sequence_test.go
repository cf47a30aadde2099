package layers

import "testing"

// RNNSequence-5 shape inference: src/core/tests/type_prop/rnn_sequence.cpp@10e00947, as data.
// Inputs X [b,s,i], H_t [b,nd,h], sequence_lengths [b], W [nd,h,i], R [nd,h,h], B [nd,h].
func TestTPRNNSequence(t *testing.T) {
	fwd := []string{"hidden_size", "128", "direction", "forward"}
	std := []string{"f32[8,6,4]", "f32[8,1,128]", "i32[8]", "f32[1,128,4]", "f32[1,128,128]", "f32[1,128]"}
	with := func(i int, s string) []string { in := append([]string{}, std...); in[i] = s; return in }
	out2 := func(y, h string) []string { return []string{"f32" + y, "f32" + h} }
	const dirErr = "Dimension `num_directions` doesn't match to other inputs or `direction` attribute"
	cases := []tpCase{
		{name: "rnn_sequence_forward", attrs: fwd, in: std, out: out2("[8,1,6,128]", "[8,1,128]")},
		{name: "rnn_sequence_invalid_input/W", attrs: fwd, in: with(3, "f32[1,256,4]"),
			err: "Second dimension of W input shape is required to be compatible with 128. Got shape: 256"},
		{name: "rnn_sequence_invalid_input/R", attrs: fwd, in: with(4, "f32[1,128,1]"), err: "Dimension `hidden_size` is not matched between inputs"},
		{name: "rnn_sequence_invalid_input/H_t", attrs: fwd, in: with(1, "f32[4,1,128]"), err: "Dimension `batch_size` is not matched between inputs"},
		{name: "rnn_sequence_invalid_input/B", attrs: fwd, in: with(5, "f32[1,256]"),
			err: "Second dimension of B input shape is required to be compatible with 128. Got shape: 256"},
		{name: "rnn_sequence_invalid_input/B_directions", attrs: fwd, in: with(5, "f32[2,128]"), err: dirErr},
		{name: "rnn_sequence_invalid_input/bidirectional", attrs: []string{"hidden_size", "128", "direction", "bidirectional"}, in: std, err: dirErr},
		{name: "rnn_sequence_dynamic_inputs", attrs: []string{"hidden_size", "128", "direction", "reverse"},
			in: []string{"f32[?,6,?]", "f32[?,1,?]", "i32[?]", "f32[1,?,?]", "f32[1,?,?]", "f32[1,?]"}, out: out2("[?,1,6,?]", "[?,1,?]")},
		{name: "rnn_sequence_dynamic_batch_size", attrs: fwd,
			in: []string{"f32[?,6,4]", "f32[?,1,128]", "i32[?]", "f32[1,128,4]", "f32[1,128,128]", "f32[1,128]"}, out: out2("[?,1,6,128]", "[?,1,128]")},
		{name: "rnn_sequence_dynamic_input_size", attrs: fwd,
			in: []string{"f32[8,6,?]", "f32[8,1,128]", "i32[8]", "f32[1,128,?]", "f32[1,128,128]", "f32[1,128]"}, out: out2("[8,1,6,128]", "[8,1,128]")},
		{name: "rnn_sequence_dynamic_hidden_size", attrs: fwd,
			in: []string{"f32[8,6,4]", "f32[8,1,?]", "i32[8]", "f32[1,?,4]", "f32[1,?,?]", "f32[1,?]"}, out: out2("[8,1,6,?]", "[8,1,?]")},
	}
	for i, n := range []string{"X", "H_t", "", "W", "R", "B"} {
		if n == "" {
			continue
		}
		cases = append(cases, tpCase{name: "rnn_sequence_dynamic_invalid_input_rank0/" + n, attrs: fwd, in: with(i, "f32[]"), err: "*"})
		y := "[8,1,6,128]"
		if i == 0 {
			y = "[8,1,?,128]"
		}
		cases = append(cases, tpCase{name: "rnn_sequence_input_dynamic_rank/" + n, attrs: fwd, in: with(i, "f32[...]"), out: out2(y, "[8,1,128]")})
	}
	tpRun(t, "RNNSequence", "opset5", cases)
}
