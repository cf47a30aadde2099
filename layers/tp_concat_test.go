package layers

import (
	"strconv"
	"testing"
)

// Concat-1 shape inference: src/core/tests/type_prop/concat.cpp@087daa34, as data. The
// label-propagation tests (concat_dynamic_value_and_label_propagation*) feed a Broadcast and
// are covered by bounds_test.go's chains; labels are out of scope.
func TestTPConcat(t *testing.T) {
	const incons = "Argument shapes are inconsistent; they must have the same rank, and must have equal dimension everywhere except on the concatenation axis"
	ax := func(a int) []string { return []string{"axis", strconv.Itoa(a)} }
	cases := []tpCase{
		{name: "concat_deduce", attrs: ax(1), in: []string{"f32[2,3,4]", "f32[2,7,4]", "f32[2,2,4]"}, out: []string{"f32[2,12,4]"}},
		{name: "concat_deduce_wrong_rank", attrs: ax(1), in: []string{"f32[2,3,4]", "f32[2,7,4]", "f32[2,2]"}, err: incons},
		{name: "concat_deduce_wrong_shape", attrs: ax(1), in: []string{"f32[2,3,4]", "f32[2,7,4]", "f32[2,2,5]"}, err: incons},
		{name: "concat_deduce_axis_oob", attrs: ax(3), in: []string{"f32[2,3,4]", "f32[2,7,4]", "f32[2,2,5]"}, err: "Concatenation axis (3) is out of bounds"},
		{name: "concat_deduce_axis_barely_in_bounds", attrs: ax(2), in: []string{"f32[2,3,4]", "f32[2,3,8]", "f32[2,3,12]"}, out: []string{"f32[2,3,24]"}},
		{name: "concat_deduce_elem_type_mismatch", attrs: ax(1), in: []string{"f32[2,3,4]", "i32[2,7,4]", "f32[2,2,4]"}, err: "Argument element types are inconsistent"},
		{name: "concat_partial_et_consistent", attrs: ax(1), in: []string{"f32[2,3,4]", "dynamic[2,7,4]", "f32[2,2,4]"}, out: []string{"f32[2,12,4]"}},
		{name: "concat_partial_et_inconsistent", attrs: ax(1), in: []string{"f32[2,3,4]", "dynamic[2,7,4]", "i32[2,2,4]"}, err: "Argument element types are inconsistent"},
		{name: "concat_partial_some_rank_dynamic_others_rank_static_dynamic_rank_inconsistent", attrs: ax(1), in: []string{"f32[2,?,3]", "f32[...]", "f32[2,3,?,4]"}, err: incons},
		{name: "concat_partial_some_rank_dynamic_others_rank_static_dynamic_dims_inconsistent", attrs: ax(1), in: []string{"f32[2,?,3]", "f32[...]", "f32[3,3,?]"}, err: incons},
		{name: "concat_partial_some_rank_dynamic_others_rank_static_dynamic_dims_intransitively_inconsistent", attrs: ax(1),
			in: []string{"f32[2,?,3]", "f32[...]", "f32[?,3,?]", "f32[3,3,?]"}, err: incons},
		{name: "concat_partial_some_rank_dynamic_others_rank_static_with_concat_axis_static_dims_inconsistent", attrs: ax(1), in: []string{"f32[2,2,3]", "f32[...]", "f32[3,3,?]"}, err: incons},
		{name: "concat_partial_all_static_with_concat_axis_static_compatible_result_static", attrs: ax(1), in: []string{"f32[2,2,3]", "f32[?,4,3]", "f32[2,3,?]"}, out: []string{"f32[2,9,3]"}},
		{name: "concat_partial_all_static_with_concat_axis_static_dims_incompatible", attrs: ax(1), in: []string{"f32[2,2,3]", "f32[?,4,3]", "f32[3,3,?]"}, err: incons},
		{name: "concat_partial_negative_axis_correct", attrs: ax(-3), in: []string{"f32[3,2,4]", "f32[7,2,4]", "f32[2,2,4]"}, out: []string{"f32[12,2,4]"}},
		{name: "concat_partial_negative_axis_incorrect", attrs: ax(-4), in: []string{"f32[2,3,4]", "f32[2,7,4]", "f32[2,2,4]"}, err: "Concatenation axis (-1) is out of bounds"},
		{name: "concat_interval_dimensions", attrs: ax(-3), in: []string{"f32[3,2,4]", "f32[7,2,4]", "f32[2,2,4]"}, out: []string{"f32[12,2,4]"}},
	}
	mixed := []string{"f32[...]", "f32[2,2..5,3,1]", "f32[2,4,3,1..4]", "f32[2,4,3,1]"}
	cases = append(cases,
		tpCase{name: "type_prop_interval_dim_mixed_ranks/axis_1", attrs: ax(1), in: mixed, out: []string{"f32[2,10..,3,1]"}},
		tpCase{name: "type_prop_interval_dim_mixed_ranks/axis_-1", attrs: ax(-1), in: mixed, out: []string{"f32[2,4,3,3..]"}},
		tpCase{name: "type_prop_interval_dim_mixed_ranks/axis_2", attrs: ax(2), in: mixed, out: []string{"f32[2,4,9..,1]"}},
	)
	for a := -4; a < 4; a++ {
		cases = append(cases, tpCase{name: "type_prop_dynamic_ranks_against_axis_range/" + strconv.Itoa(a), attrs: ax(a),
			in: []string{"f32[...]", "f32[...]", "f32[...]", "f32[...]"}, out: []string{"f32[...]"}})
	}
	sd := []string{"f32[4,2,?,3]", "f32[...]", "f32[4,2,?,?]"}
	cases = append(cases,
		tpCase{name: "type_prop_mixed_ranks_and_dims/axis_2", attrs: ax(2), in: sd, out: []string{"f32[4,2,?,3]"}},
		tpCase{name: "type_prop_mixed_ranks_and_dims/axis_1", attrs: ax(1), in: sd, out: []string{"f32[4,4..,?,3]"}},
		tpCase{name: "type_prop_1d_shapes/all_dynamic", attrs: ax(0), in: []string{"f32[?]", "f32[?]", "f32[?]"}, out: []string{"f32[?]"}},
		tpCase{name: "type_prop_1d_shapes/dynamic_rank_and_static", attrs: ax(0), in: []string{"f32[3]", "f32[...]", "f32[2]"}, out: []string{"f32[5..]"}},
		tpCase{name: "type_prop_1d_shapes/all_static", attrs: ax(0), in: []string{"f32[3]", "f32[3]", "f32[3]"}, out: []string{"f32[9]"}},
		tpCase{name: "type_prop_1d_shapes/dynamic_and_interval", attrs: ax(0), in: []string{"f32[3]", "f32[?]", "f32[3..4]"}, out: []string{"f32[6..]"}},
	)
	tpRun(t, "Concat", "opset1", cases)
}
