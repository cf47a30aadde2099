package layers

import (
	"fmt"
	"testing"
)

// tpGRUSeq builds the six GRUSequence-5 input specs of gru_sequence.cpp's
// gru_seq_tensor_initialization: X [b,s,i], H [b,nd,h], lengths [b] (of the data type, as the
// test makes them), W [nd,3h,i], R [nd,3h,h], B [nd,3h]. h3 is 3*h as text.
func tpGRUSeq(b, nd, s, i, h, h3 string) []string {
	return []string{
		fmt.Sprintf("f32[%s,%s,%s]", b, s, i),
		fmt.Sprintf("f32[%s,%s,%s]", b, nd, h),
		fmt.Sprintf("f32[%s]", b),
		fmt.Sprintf("f32[%s,%s,%s]", nd, h3, i),
		fmt.Sprintf("f32[%s,%s,%s]", nd, h3, h),
		fmt.Sprintf("f32[%s,%s]", nd, h3),
	}
}

// GRUSequence-5 shape inference: src/core/tests/type_prop/gru_sequence.cpp@06a2bfed, as data.
// The default-constructed op of the test (hidden_size 0, forward) is given hidden_size 128:
// OpenVINO's rnn_base_shape_inference.hpp does not read it.
func TestTPGRUSequence(t *testing.T) {
	fwd := []string{"hidden_size", "128", "direction", "forward"}
	base := func() []string { return tpGRUSeq("8", "1", "6", "4", "128", "384") }
	out2 := func(y, h string) []string { return []string{"f32" + y, "f32" + h} }
	// The stored file's message ("DimType 'num_directions' doesn't match to direction
	// attribute") is older than rnn_base_shape_inference.hpp's, which irrun gives.
	const dirErr = "Dimension `num_directions` doesn't match to other inputs or `direction` attribute."
	cases := []tpCase{
		{name: "gru_sequence_forward", attrs: fwd,
			in:  []string{"f32[8,6,4]", "f32[8,1,128]", "i32[8]", "f32[1,384,4]", "f32[1,384,128]", "f32[1,384]"},
			out: out2("[8,1,6,128]", "[8,1,128]")},
		{name: "gru_sequence_bidirectional", attrs: []string{"hidden_size", "128", "direction", "bidirectional", "activations", "tanh,sigmoid",
			"activations_alpha", "2.7,7.0,32.367", "activations_beta", "0.0,5.49,6.0"},
			in:  []string{"f32[8,6,4]", "f32[8,2,128]", "i32[8]", "f32[2,384,4]", "f32[2,384,128]", "f32[2,384]"},
			out: out2("[8,2,6,128]", "[8,2,128]")},
		{name: "gru_sequence_dynamic_batch_size", attrs: fwd, in: tpGRUSeq("?", "1", "6", "4", "128", "384"), out: out2("[?,1,6,128]", "[?,1,128]")},
		{name: "gru_sequence_dynamic_num_directions", attrs: fwd, in: tpGRUSeq("8", "?", "6", "4", "128", "384"), out: out2("[8,1,6,128]", "[8,1,128]")},
		{name: "gru_sequence_dynamic_seq_length", attrs: fwd, in: tpGRUSeq("8", "1", "?", "4", "128", "384"), out: out2("[8,1,?,128]", "[8,1,128]")},
		{name: "gru_sequence_dynamic_hidden_size", attrs: fwd, in: tpGRUSeq("8", "1", "6", "4", "?", "?"), out: out2("[8,1,6,?]", "[8,1,?]")},
		// Dimension(32, 64) * 3 = 96..192.
		{name: "gru_sequence_input_dynamic_shape_ranges", attrs: fwd, in: tpGRUSeq("1..8", "1..2", "5..7", "64..128", "32..64", "96..192"),
			out: out2("[1..8,1,5..7,32..64]", "[1..8,1,32..64]")},
		{name: "gru_sequence_all_inputs_dynamic_rank", attrs: fwd, in: []string{"f32[...]", "f32[...]", "f32[...]", "f32[...]", "f32[...]", "f32[...]"},
			out: out2("[?,1,?,?]", "[?,1,?]")},
	}
	for _, c := range []struct {
		dir string
		nd  string
	}{{"bidirectional", "1"}, {"forward", "2"}, {"reverse", "2"}} {
		cases = append(cases, tpCase{name: "gru_sequence_invalid_input_direction_num_mismatch/" + c.dir + "_" + c.nd,
			attrs: []string{"hidden_size", "256", "direction", c.dir}, in: tpGRUSeq("24", c.nd, "12", "8", "256", "768"), err: dirErr})
	}
	for i := 0; i < 6; i++ {
		in := base()
		in[i] = "f32[]"
		cases = append(cases, tpCase{name: fmt.Sprintf("gru_sequence_invalid_input_dimension/%d", i), attrs: fwd, in: in, err: "*"})
		in = base()
		in[i] = "f32[...]"
		y := "[8,1,6,128]"
		if i == 0 {
			y = "[8,1,?,128]"
		}
		cases = append(cases, tpCase{name: fmt.Sprintf("gru_sequence_input_dynamic_rank/%d", i), attrs: fwd, in: in, out: out2(y, "[8,1,128]")})
	}
	tpRun(t, "GRUSequence", "opset5", cases)
}
