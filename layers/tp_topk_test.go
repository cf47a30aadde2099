package layers

import "testing"

// TopK-3/11 shape inference: src/core/tests/type_prop/top_k.cpp@066c8d7e (the typed suite),
// as data. A K computed by Squeeze(ShapeOf(p)) is given by its bounds. Label checks and the
// ShapeOf-into-Broadcast value tests are out of scope.
func TestTPTopK(t *testing.T) {
	a := func(axis, mode, sort string, idx ...string) []string {
		r := []string{"axis", axis, "mode", mode, "sort", sort}
		if len(idx) > 0 {
			r = append(r, "index_element_type", idx[0])
		}
		return r
	}
	two := func(s, idx string) []string { return []string{"f32" + s, idx + s} }
	ds := "f32[2..5,12..18,2..30,30..40,..15,15..]"
	cases := []tpCase{
		{name: "default_ctor", attrs: a("-2", "min", "index", "i64"), in: []string{"f32[1,2,3,4]", "i64[]=2"}, out: two("[1,2,2,4]", "i64")},
		{name: "negative_axis_support", attrs: a("-1", "max", "value", "i64"), in: []string{"f32[1,2,3,4]", "i64[]=2"}, out: two("[1,2,3,2]", "i64")},
		{name: "default_index_element_type/k_gt_dim", attrs: a("0", "max", "value"), in: []string{"f32[1,2,3,4]", "i64[]=3"}, out: two("[3,2,3,4]", "i32")},
		{name: "default_index_element_type/k_lt_dim", attrs: a("3", "max", "value"), in: []string{"f32[1,2,3,4]", "i64[]=3"}, out: two("[1,2,3,3]", "i32")},
		{name: "k_is_negative", attrs: a("0", "max", "value"), in: []string{"f32[?,..2]", "i64[]=-1"}, err: "The value of 'K' must be greater or equal to zero."},
		{name: "k_for_dynamic_dimension", attrs: a("0", "max", "value"), in: []string{"f32[?,..2]", "i64[]=5"}, out: two("[5,..2]", "i32")},
		{name: "k_for_interval_dimension", attrs: a("0", "max", "value"), in: []string{"f32[2..12,..2]", "i64[]=6"}, out: two("[6,..2]", "i32")},
		{name: "k_is_unknown_for_static_dimension", attrs: a("1", "max", "value"), in: []string{"f32[2,10]", "i32[]"}, out: two("[2,0..10]", "i32")},
		{name: "k_is_unknown_for_dynamic_dimension", attrs: a("0", "max", "value"), in: []string{"f32[?,..2]", "i32[...]"}, out: two("[?,..2]", "i32")},
		{name: "k_is_unknown_for_interval_dimension", attrs: a("0", "max", "value"), in: []string{"f32[2..100,..2]", "i32[...]"}, out: two("[0..100,..2]", "i32")},
		{name: "k_is_unknown_for_interval_with_no_upper_bound_dimension", attrs: a("0", "max", "value"), in: []string{"f32[2..,..2]", "i32[...]"}, out: two("[?,..2]", "i32")},
		{name: "data_and_k_shapes_are_dynamic", attrs: a("1", "max", "value"), in: []string{"f32[...]", "i32[...]"}, out: two("[...]", "i32")},
		{name: "preserve_partial_values_and_labels_k_is_interval/0", attrs: a("0", "max", "value"), in: []string{ds, "i64[]:10..20"}, out: two("[2..5,12..18,2..30,30..40,..15,15..]", "i32")},
		{name: "preserve_partial_values_and_labels_k_is_interval/1", attrs: a("1", "max", "value"), in: []string{ds, "i64[]:10..20"}, out: two("[2..5,10..18,2..30,30..40,..15,15..]", "i32")},
		{name: "preserve_partial_values_and_labels_k_is_interval/2", attrs: a("2", "max", "value"), in: []string{ds, "i64[]:10..20"}, out: two("[2..5,12..18,2..20,30..40,..15,15..]", "i32")},
		{name: "preserve_partial_values_and_labels_k_is_interval/3", attrs: a("3", "max", "value"), in: []string{ds, "i64[]:10..20"}, out: two("[2..5,12..18,2..30,10..20,..15,15..]", "i32")},
		{name: "preserve_partial_values_and_labels_k_is_interval/4", attrs: a("4", "max", "value"), in: []string{ds, "i64[]:10..20"}, out: two("[2..5,12..18,2..30,30..40,0..15,15..]", "i32")},
		{name: "preserve_partial_values_and_labels_k_is_interval/5", attrs: a("5", "max", "value"), in: []string{ds, "i64[]:10..20"}, out: two("[2..5,12..18,2..30,30..40,..15,10..]", "i32")},
		{name: "preserve_partial_values_and_labels_k_is_interval_with_no_upper_bound/0", attrs: a("0", "max", "value"), in: []string{"f32[5,2..8,2..100]", "i64[]:0.."}, out: two("[0..5,2..8,2..100]", "i32")},
		{name: "preserve_partial_values_and_labels_k_is_interval_with_no_upper_bound/1", attrs: a("1", "max", "value"), in: []string{"f32[5,2..8,2..100]", "i64[]:0.."}, out: two("[5,0..8,2..100]", "i32")},
		{name: "preserve_partial_values_and_labels_k_is_interval_with_no_upper_bound/2", attrs: a("2", "max", "value"), in: []string{"f32[5,2..8,2..100]", "i64[]:0.."}, out: two("[5,2..8,0..100]", "i32")},
		{name: "negative_axis_dynamic_rank", attrs: a("-2", "max", "value"), in: []string{"f32[...]", "i64[]=2"}, out: two("[...]", "i32"),
			note: "OpenVINO infers a dynamic rank and throws only from get_axis(); irrun has no such accessor"},
	}
	tpRun(t, "TopK", "opset3", cases)
	tpRun(t, "TopK", "opset11", cases)
}
