package layers

import "testing"

// SearchSorted-15: src/core/tests/type_prop/search_sorted.cpp@2f988f8b as data (i32 inputs,
// i64 output; symbol checks out of scope, their shapes are kept).
func TestTPSearchSorted(t *testing.T) {
	sh := func(name, sorted, values, out string) tpCase {
		return tpCase{name: name, in: []string{"i32" + sorted, "i32" + values}, out: []string{"i64" + out}}
	}
	tpRun(t, "SearchSorted", "opset15", []tpCase{
		sh("search_sorted_shape_infer_equal_inputs", "[1,3,6]", "[1,3,6]", "[1,3,6]"),
		sh("search_sorted_shape_infer_sorted_dynamic", "[...]", "[1,3,6]", "[1,3,6]"),
		sh("search_sorted_shape_infer_values_dynamic_1", "[1,3,7,5]", "[...]", "[1,3,7,?]"),
		sh("search_sorted_shape_infer_values_dynamic_2", "[1666]", "[...]", "[...]"),
		sh("search_sorted_shape_infer_different_last_dim", "[1,3,7,100]", "[1,3,7,10]", "[1,3,7,10]"),
		sh("search_sorted_shape_infer_sorted_1d", "[5]", "[2,3]", "[2,3]"),
		sh("search_sorted_shape_infer_sorted_and_values_1d", "[5]", "[20]", "[20]"),
		sh("search_sorted_shape_infer_sorted_1d_values_dynamic", "[8]", "[?,?,3]", "[?,?,3]"),
		sh("search_sorted_shape_infer_scalar_values", "[100]", "[]", "[]"),
		sh("search_sorted_shape_infer_both_dynamic_1", "[1,?,7,?]", "[?,3,?,10]", "[1,3,7,10]"),
		sh("search_sorted_shape_infer_both_dynamic_2", "[1,?,7,50]", "[?,3,?,?]", "[1,3,7,?]"),
		sh("search_sorted_shape_infer_both_dynamic_3", "[...]", "[...]", "[...]"),
		sh("search_sorted_shape_infer_both_dynamic_4", "[?,?,50]", "[?,?,20]", "[?,?,20]"),
		sh("search_sorted_shape_infer_both_dynamic_5", "[?]", "[?,?,3]", "[?,?,3]"),
		sh("search_sorted_shape_infer_both_dynamic_6", "[?]", "[...]", "[...]"),
		sh("search_sorted_shape_infer_both_dynamic_7", "[20,30,40,?]", "[...]", "[20,30,40,?]"),
		sh("search_sorted_shape_infer_both_dynamic_8", "[10,20,30,40,?]", "[?,?,30,?,100]", "[10,20,30,40,100]"),
		sh("search_sorted_shape_infer_both_dynamic_9", "[?,?]", "[...]", "[?,?]"),
		sh("search_sorted_shape_symbols", "[1,3,7,100]", "[?,?,?,10]", "[1,3,7,10]"),
		// The test passes (values, sorted): the f32 input is the second.
		{name: "search_sorted_shape_infer_different_types", in: []string{"i32[1,3,6]", "f32[1,3,6]"}, err: "must have the same element type"},
		{name: "search_sorted_shape_infer_wrong_rank", in: []string{"i32[1,1,3,6]", "i32[1,3,6]"}, err: "sequence is not 1D, the ranks of the inputs have to be compatible"},
		{name: "search_sorted_shape_infer_wrong_dim", in: []string{"i32[1,1,3,6]", "i32[1,1,5,6]"}, err: "All dimensions but the last one have to be compatible"},
		{name: "search_sorted_shape_infer_scalar_sorted_sequence", in: []string{"i32[]", "i32[1,1,5,6]"}, err: "The sorted sequence input cannot be a scalar"},
		{name: "search_sorted_shape_infer_scalar_values_and_nd_sequence", in: []string{"i32[2,2]", "i32[]"}, err: "the ranks of the inputs have to be compatible"},
	})
}
