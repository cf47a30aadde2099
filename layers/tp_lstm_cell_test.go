package layers

import "testing"

// LSTMCell-4 shape inference: src/core/tests/type_prop/lstm_cell.cpp@863aca83 (the 2025
// revision: rnn_base messages, dynamic-rank inputs), as data. Inputs X [b,i], H_t [b,h],
// C_t [b,h], W [4h,i], R [4h,h], optional B [4h]; two outputs [b,h].
func TestTPLSTMCell(t *testing.T) {
	h3 := []string{"hidden_size", "3"}
	two := func(s string) []string { return []string{s, s} }
	std := []string{"f32[2,3]", "f32[2,3]", "f32[2,3]", "f32[12,3]", "f32[12,3]"}
	// with replaces input i (5: adds B).
	with := func(i int, s string) []string {
		in := append(append([]string{}, std...), "f32[12]")
		in[i] = s
		if i < 5 {
			return in[:5]
		}
		return in
	}
	cases := []tpCase{
		{name: "lstm_cell", attrs: h3, in: std, out: two("f32[2,3]")},
		{name: "lstm_cell_invalid_input/W", attrs: h3, in: with(3, "f32[3,3]"), err: "First dimension of W input shape is required to be compatible"},
		{name: "lstm_cell_invalid_input/R", attrs: h3, in: with(4, "f32[12,1]"), err: "Dimension `hidden_size` is not matched between inputs"},
		{name: "lstm_cell_invalid_input/H_t", attrs: h3, in: with(1, "f32[4,3]"), err: "Dimension `batch_size` is not matched between inputs"},
		{name: "lstm_cell_invalid_input/C_t", attrs: h3, in: with(2, "f32[4,3]"), err: "Dimension `batch_size` is not matched between inputs"},
		{name: "lstm_cell_invalid_input/B", attrs: h3, in: with(5, "f32[24]"), err: "First dimension of B input shape is required to be compatible with 12. Got shape: 24."},
		{name: "lstm_cell_dynamic_batch_size", attrs: h3, in: []string{"f32[?,3]", "f32[?,3]", "f32[?,3]", "f32[12,3]", "f32[12,3]"}, out: two("f32[?,3]")},
		{name: "lstm_cell_dynamic_hidden_size", attrs: h3, in: []string{"f32[2,3]", "f32[2,?]", "f32[2,?]", "f32[?,3]", "f32[?,?]"}, out: two("f32[2,3]")},
		{name: "lstm_cell_dynamic_inputs", attrs: h3, in: []string{"f32[?,?]", "f32[?,?]", "f32[?,?]", "f32[?,?]", "f32[?,?]"}, out: two("f32[?,3]")},
	}
	for i, n := range []string{"X", "H_t", "C_t", "W", "R", "B"} {
		b := "f32[12]"
		if i == 5 {
			b = "f32[]"
		}
		rank0 := with(5, b)
		if i < 5 {
			rank0 = with(i, "f32[]")
		}
		dyn := with(5, "f32[...]")
		if i < 5 {
			dyn = with(i, "f32[...]")
		}
		cases = append(cases,
			tpCase{name: "lstm_cell_invalid_input_rank0/" + n, attrs: h3, in: rank0, err: "*"},
			tpCase{name: "lstm_cell_invalid_input_dynamic_rank/" + n, attrs: h3, in: dyn, out: two("f32[2,3]")})
	}
	// lstm_cell_shape_from_partial.
	cases = append(cases, []tpCase{
		{name: "lstm_cell_shape_from_partial/from_h_and_w", attrs: h3, in: []string{"f32[...]", "f32[2,?]", "f32[...]", "f32[12,3]", "f32[...]"}, out: two("f32[2,3]")},
		{name: "lstm_cell_shape_from_partial/from_x_and_w", attrs: h3, in: []string{"f32[2,3]", "f32[...]", "f32[...]", "f32[12,3]", "f32[...]"}, out: two("f32[2,3]")},
		{name: "lstm_cell_shape_from_partial/only_valid_rank_for_H_t", attrs: h3, in: []string{"f32[2,3]", "f32[2,3]", "f32[...]", "f32[12,3]", "f32[...]"}, out: two("f32[2,3]")},
		{name: "lstm_cell_shape_from_partial/batch_from_x_hidden_from_h_t", attrs: h3, in: []string{"f32[2,3]", "f32[?,3]", "f32[...]", "f32[...]", "f32[...]"}, out: two("f32[2,3]")},
	}...)
	tpRun(t, "LSTMCell", "opset4", cases)
}
