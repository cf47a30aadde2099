package layers

import "testing"

// GRUCell-3 shape inference: src/core/tests/type_prop/gru_cell.cpp@1196bc12, as data. Inputs
// X [b,i], H_t [b,h], W [3h,i], R [3h,h], optional B [3h] ([4h] with linear_before_reset).
func TestTPGRUCell(t *testing.T) {
	h3 := []string{"hidden_size", "3"}
	std := []string{"f32[2,3]", "f32[2,3]", "f32[9,3]", "f32[9,3]"}
	with := func(i int, s string) []string {
		in := append([]string{}, std...)
		if i == len(in) {
			return append(in, s)
		}
		in[i] = s
		return in
	}
	cases := []tpCase{
		{name: "gru_cell", attrs: h3, in: std, out: []string{"f32[2,3]"}},
		{name: "gru_cell_with_bias", attrs: h3, in: with(4, "f32[9]"), out: []string{"f32[2,3]"}},
		{name: "gru_cell_with_bias_linear_before", attrs: []string{"hidden_size", "3", "activations", "sigmoid,tanh", "clip", "0", "linear_before_reset", "true"},
			in: with(4, "f32[12]"), out: []string{"f32[2,3]"}},
		{name: "gru_cell_default_ctor_linear_before", attrs: []string{"hidden_size", "3", "linear_before_reset", "true"}, in: with(4, "f32[12]"), out: []string{"f32[2,3]"}},
		{name: "gru_cell_invalid_input/W", attrs: h3, in: with(2, "f32[3,3]"), err: "First dimension of W input shape is required to be compatible"},
		{name: "gru_cell_invalid_input/R", attrs: h3, in: with(3, "f32[3,1]"), err: "Dimension `hidden_size` is not matched between inputs"},
		{name: "gru_cell_invalid_input/H_t", attrs: h3, in: with(1, "f32[4,3]"), err: "Dimension `batch_size` is not matched between inputs"},
		{name: "gru_cell_invalid_input/B", attrs: h3, in: with(4, "f32[3]"), err: "First dimension of B input shape is required to be compatible"},
		{name: "gru_cell_dynamic_batch_size", attrs: h3, in: []string{"f32[?,3]", "f32[?,3]", "f32[9,3]", "f32[9,3]"}, out: []string{"f32[?,3]"}},
		{name: "gru_cell_dynamic_hidden_size", attrs: h3, in: []string{"f32[2,3]", "f32[2,?]", "f32[?,3]", "f32[?,?]"}, out: []string{"f32[2,?]"}},
		{name: "gru_cell_dynamic_inputs", attrs: []string{"hidden_size", "2"}, in: []string{"f32[?,?]", "f32[?,?]", "f32[?,?]", "f32[?,?]"}, out: []string{"f32[?,?]"}},
	}
	cases = append(cases, tpCellRankCases("gru_cell", h3, append(std, "f32[9]"), "f32[2,3]")...)
	tpRun(t, "GRUCell", "opset3", cases)
}

// tpCellRankCases gives the rank-0 (rejected) and dynamic-rank (output out) variants of each
// input X, H_t, W, R, B of a recurrent cell test (<prefix>_invalid_input_rank0 and
// <prefix>_input_dynamic_rank); in holds the five valid inputs.
func tpCellRankCases(prefix string, attrs, in []string, out string) []tpCase {
	var cases []tpCase
	for i, n := range []string{"X", "H_t", "W", "R", "B"} {
		with := func(s string) []string {
			c := append([]string{}, in...)
			c[i] = s
			if i < 4 { // the test builds the cell without B for these
				c = c[:4]
			}
			return c
		}
		cases = append(cases,
			tpCase{name: prefix + "_invalid_input_rank0/" + n, attrs: attrs, in: with("f32[]"), err: "*"},
			tpCase{name: prefix + "_input_dynamic_rank/" + n, attrs: attrs, in: with("f32[...]"), out: []string{out}})
	}
	return cases
}
