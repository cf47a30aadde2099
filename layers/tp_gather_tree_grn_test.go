package layers

import "testing"

// GatherTree-1 shape inference: src/core/tests/type_prop/gather_tree.cpp@03ed4623, as data
// (inputs step_ids, parent_idx, max_seq_len, end_token).
func TestTPGatherTree(t *testing.T) {
	g := func(et, step, parent, maxLen, end string) []string {
		return []string{et + "[" + step + "]", et + "[" + parent + "]", et + "[" + maxLen + "]", et + "[" + end + "]"}
	}
	cases := []tpCase{
		{name: "gather_tree_default_constructor", in: g("i32", "2,4,3", "2,4,3", "4", ""), out: []string{"i32[2,4,3]"}},
		{name: "gather_tree_invalid_input_element_type", in: g("boolean", "1,2,3", "1,2,3", "2", ""), err: "Element type of inputs must be numeric."},
	}
	for i, c := range [][4]string{{"i32", "f32", "f32", "f32"}, {"f32", "i32", "f32", "f32"}, {"f32", "f32", "i32", "f32"}, {"f32", "f32", "f32", "i32"}} {
		cases = append(cases, tpCase{name: "gather_tree_incompatible_input_element_types/" + string(rune('0'+i)),
			in: []string{c[0] + "[1,2,3]", c[1] + "[1,2,3]", c[2] + "[2]", c[3] + "[]"}, err: "Inputs must have the same element type."})
	}
	// u4 of the test's list is left out: irrun has no u4 tensors.
	for _, et := range []string{"u8", "u16", "u32", "i8", "i16", "i32", "i64", "f32", "f64"} {
		cases = append(cases, tpCase{name: "gather_tree_input_element_types/" + et, in: g(et, "1,2,3", "1,2,3", "2", ""), out: []string{et + "[1,2,3]"}})
	}
	for i, sp := range [][2]string{{"1", "1,2,3"}, {"1,2,3", "3,3,3,3"}, {"?,?,3", "?,?,?,?"}, {"?,?", "..."}, {"1,2,3", "?,3..5,3"}} {
		cases = append(cases, tpCase{name: "gather_tree_invalid_step_ids_and_parent_idx_input_shapes/" + string(rune('0'+i)),
			in: g("f32", sp[0], sp[1], "?", ""), err: "step_ids and parent_idx inputs must have the same shape with rank 3."})
	}
	for i, m := range []string{"", "?,1", "?,?,?", "1,2,3,4"} {
		cases = append(cases, tpCase{name: "gather_tree_invalid_max_seq_len_rank/" + string(rune('0'+i)),
			in: g("f32", "1,2,3", "1,2,3", m, ""), err: "max_seq_len input must have rank 1."})
	}
	for i, sm := range [][2]string{{"1,2,3", "4"}, {"?,2,3", "3..6"}} {
		cases = append(cases, tpCase{name: "gather_tree_incompatible_step_ids_and_max_seq_len_shapes/" + string(rune('0'+i)),
			in: g("f32", sm[0], sm[0], sm[1], ""), err: "Number of elements of max_seq_len input must match BATCH_SIZE dimension of step_ids/parent_idx inputs."})
	}
	// gather_tree_output_shape: step_ids with dim 1 merged with max_seq_len's length.
	for i, c := range [][3]string{{"1,2,3", "2", "1,2,3"}, {"1,2,3", "?", "1,2,3"}, {"?,2,?", "2", "?,2,?"}, {"?,?,?", "4", "?,4,?"},
		{"?,3..5,?", "1..3", "?,3,?"}, {"...", "...", "..."}} {
		cases = append(cases, tpCase{name: "gather_tree_output_shape/" + string(rune('0'+i)), in: g("f32", c[0], c[0], c[1], ""), out: []string{"f32[" + c[2] + "]"}})
	}
	for i, e := range []string{"3", "?,1", "?,?,?", "1,2,3,4"} {
		cases = append(cases, tpCase{name: "gather_tree_invalid_end_token_rank/" + string(rune('0'+i)),
			in: g("f32", "1,2,3", "1,2,3", "2", e), err: "end_token input must be scalar."})
	}
	for _, n := range []string{"all", "step_ids", "parent_ids", "seq_len"} {
		cases = append(cases, tpCase{name: "gather_tree_interval_labeled_dims_" + n, in: g("i32", "2..5,4..8,3..6", "3..7,3..7,1..4", "2..6", ""),
			out: []string{"i32[3..5,4..6,3..4]"}})
	}
	tpRun(t, "GatherTree", "opset1", cases)
}

// GRN-0 shape inference: src/core/tests/type_prop/grn.cpp@087daa34, as data (bias 1.25).
func TestTPGRN(t *testing.T) {
	b := []string{"bias", "1.25"}
	tpRun(t, "GRN", "opset1", []tpCase{
		{name: "grn", attrs: b, in: []string{"f32[2,3,4,5]"}, out: []string{"f32[2,3,4,5]"}},
		{name: "grn_dynamic", attrs: b, in: []string{"f32[2,?,3,4..6]"}, out: []string{"f32[2,?,3,4..6]"}},
		{name: "grn_invalid_data_rank/1", attrs: b, in: []string{"f32[4]"}, err: "Input tensor rank must be 2, 3 or 4 dimensional"},
		{name: "grn_invalid_data_rank/5", attrs: b, in: []string{"f32[1,2,3,4,5]"}, err: "Input tensor rank must be 2, 3 or 4 dimensional"},
	})
}
