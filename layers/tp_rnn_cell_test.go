package layers

import "testing"

// RNNCell-0 shape inference: src/core/tests/type_prop/rnn_cell.cpp@038e3d2b, as data. Inputs
// X [b,i], H_t [b,h], W [h,i], R [h,h], optional B [h].
func TestTPRNNCell(t *testing.T) {
	h3 := []string{"hidden_size", "3"}
	std := []string{"f32[2,3]", "f32[2,3]", "f32[3,3]", "f32[3,3]"}
	with := func(i int, s string) []string {
		in := append(append([]string{}, std...), "f32[3]")
		in[i] = s
		if i < 4 {
			return in[:4]
		}
		return in
	}
	cases := []tpCase{
		{name: "rnn_cell", attrs: h3, in: std, out: []string{"f32[2,3]"}},
		{name: "rnn_cell_with_bias", attrs: h3, in: with(4, "f32[3]"), out: []string{"f32[2,3]"}},
		{name: "rnn_cell_invalid_input/W", attrs: h3, in: with(2, "f32[6,3]"), err: "First dimension of W input shape is required to be compatible with 3. Got shape: 6."},
		{name: "rnn_cell_invalid_input/R", attrs: h3, in: with(3, "f32[3,1]"), err: "Dimension `hidden_size` is not matched between inputs"},
		{name: "rnn_cell_invalid_input/H_t", attrs: h3, in: with(1, "f32[4,3]"), err: "Dimension `batch_size` is not matched between inputs"},
		{name: "rnn_cell_invalid_input/B", attrs: h3, in: with(4, "f32[6]"), err: "First dimension of B input shape is required to be compatible with 3. Got shape: 6."},
		{name: "rnn_cell_dynamic_batch_size", attrs: h3, in: []string{"f32[?,3]", "f32[?,3]", "f32[3,3]", "f32[3,3]"}, out: []string{"f32[?,3]"}},
		{name: "rnn_cell_dynamic_hidden_size", attrs: h3, in: []string{"f32[2,3]", "f32[2,?]", "f32[?,3]", "f32[?,?]"}, out: []string{"f32[2,?]"}},
		{name: "rnn_cell_dynamic_inputs", attrs: []string{"hidden_size", "2"}, in: []string{"f32[?,?]", "f32[?,?]", "f32[?,?]", "f32[?,?]"}, out: []string{"f32[?,?]"}},
	}
	cases = append(cases, tpCellRankCases("rnn_cell", h3, with(4, "f32[3]"), "f32[2,3]")...)
	tpRun(t, "RNNCell", "opset1", cases)
}
