package layers

import (
	"strconv"
	"testing"
)

// StridedSlice-1 shape inference: src/core/tests/type_prop/strided_slice.cpp@3a33e0d0, as
// data. A Constant created with one value for n elements is written out n times. Label
// checks are out of scope.
func TestTPStridedSlice(t *testing.T) {
	m := func(bm, em string, more ...string) []string {
		return append([]string{"begin_mask", bm, "end_mask", em}, more...)
	}
	const a4 = "f32[2,4,6,8]"
	const c8 = "f32[4,4,4,4,4,4,4,4]"
	const b8 = "i64[8]=0,2,4,10,-1,-2,-4,-10"
	const e8 = "i64[8]=1,3,4,5,-1,-3,-4,-5"
	const s8p = "i64[8]=1,1,1,1,1,1,1,1"
	const s8n = "i64[8]=-1,-1,-1,-1,-1,-1,-1,-1"
	const z8, o8 = "0,0,0,0,0,0,0,0", "1,1,1,1,1,1,1,1"
	const t8 = "f32[3,3,3,3,3,3,3,3]"
	cases := []tpCase{
		{name: "strided_slice_begin_incorrect_type", attrs: m("1,0,1,0", "1,0,1,0"), in: []string{a4, "f16[4]", "i64[4]"}, err: "Begin mask must be an integral number"},
		{name: "strided_slice_end_incorrect_type", attrs: m("1,0,1,0", "1,0,1,0"), in: []string{a4, "i64[4]", "boolean[4]"}, err: "End mask must be an integral number"},
		{name: "strided_slice_incompatible_size_of_masks_attr", attrs: m("1,0,1,0", "1,0,1,0", "new_axis_mask", "1,0,1,0,1"), in: []string{a4, "i64[4]", "i64[4]"}, err: "All masks of StridedSlice must have the same size"},
		{name: "strided_slice_mask_incorrect_value", attrs: m("1,0,1,0", "1,0,1,2"), in: []string{a4, "i64[4,5]", "i64[4]"}, err: "All masks of StridedSlice must have be 0 or 1"},
		{name: "strided_slice_begin_incorrect_shape", attrs: m("1,0,1,0", "1,0,1,0"), in: []string{a4, "i64[4,5]", "i64[4]"}, err: "Begin input must be 1D (has rank:"},
		{name: "strided_slice_end_incorrect_shape", attrs: m("1,0,1,0", "1,0,1,0"), in: []string{a4, "i64[4]", "i64[4,5]"}, err: "End input must be 1D (has rank:"},
		{name: "strided_slice_default_stride_dynamic_shape_input", attrs: m("0,0", "0,0"), in: []string{a4, "i64[...]", "i64[2]"}, out: []string{"f32[0..2,0..4,6,8]"}},
		{name: "strided_slice_reverse_out_of_bounds_on_dims_0_1", attrs: m("0,0,0", "0,0,0"), in: []string{"f32[3,4,5]", "i64[2]=10,2", "i64[2]=-10,-10", "i64[2]=-1,-1"}, out: []string{"f32[3,3,5]"}},
		{name: "strided_slice_ignore_begin_mask_stride_pos_1", attrs: m(o8, z8), in: []string{c8, "i64[8]=0,2,4,10,-1,-2,-4,10", e8, s8p}, out: []string{"f32[1,3,4,4,3,1,0,0]"}},
		{name: "strided_slice_ignore_begin_mask_stride_neg_1", attrs: m(o8, z8), in: []string{c8, b8, e8, s8n}, out: []string{"f32[2,0,0,0,0,2,3,4]"}},
		{name: "strided_slice_ignore_end_mask_stride_pos_1", attrs: m(z8, o8), in: []string{c8, b8, e8, s8p}, out: []string{"f32[4,2,0,0,1,2,4,4]"}},
		{name: "strided_slice_ignore_end_mask_stride_neg_1", attrs: m(z8, o8), in: []string{c8, b8, e8, s8n}, out: []string{"f32[1,3,4,4,4,3,1,1]"}},
		{name: "strided_slice_ignore_begin_end_masks_variadic_stride", attrs: m(o8, o8), in: []string{c8, b8, e8, "i64[8]=1,2,3,10,-1,-2,-3,-10"}, out: []string{"f32[4,2,2,1,4,2,2,1]"}},
		{name: "strided_slice_end_over_dimension_size", attrs: m(z8, z8), in: []string{t8, "i64[8]=0,0,0,0,1,1,1,1", "i64[8]=1,2,3,4,1,2,3,4", s8p}, out: []string{"f32[1,2,3,3,0,1,2,2]"}},
		{name: "strided_slice_default_stride_dynamic_shape_input_begin_not_1d", attrs: m("0,0", "0,0"), in: []string{a4, "i64[...]", "i64[...]"}, err: "Begin input must be 1D"},
		{name: "strided_slice_begin_over_dimension_size", attrs: m(z8, z8), in: []string{t8, "i64[8]=-1,-1,-1,-1,-2,-2,-2,-2", "i64[8]=1,2,3,4,1,2,3,4", s8p}, out: []string{"f32[0,0,1,1,0,1,2,2]"}},
		{name: "strided_slice_end_is_shape_of_with_bounds", attrs: m("0,0", "0,0"), in: []string{"i64[1,10]=1,2,3,4,5,6,7,8,9,0", "i64[2]=0,0", "i64[2]:1,5..7", "i64[2]=1,1"}, out: []string{"i64[1,5..7]"}},
		{name: "strided_slice_begin_is_shape_of_with_bounds", attrs: m("0,0", "0,0"), in: []string{"i64[1,10]=1,2,3,4,5,6,7,8,9,0", "i64[2]:0,3..5", "i64[2]=1,7", "i64[2]=1,1"}, out: []string{"i64[1,2..4]"}},
		{name: "strided_slice_begin_end_is_shape_of_with_bounds", attrs: m("0,0", "0,0"), in: []string{"i64[1,10]=1,2,3,4,5,6,7,8,9,0", "i64[2]:0,3..5", "i64[2]:2,6..7", "i64[2]=1,1"}, out: []string{"i64[1,1..4]"}},
		{name: "strided_slice_out_of_bounds_different_stride", attrs: m("0,0,0,0,0", "0,0,0,0,0"), in: []string{"f32[5,5,5,5,5]", "i64[5]=5,5,5,5,5", "i64[5]=5,5,5,5,5", "i64[5]=1,2,5,-2,-5"}, out: []string{"f32[0,0,0,0,0]"}},
		{name: "strided_slice_reverse_end_is_int64_min", attrs: m("0,0", "0,0"), in: []string{"f32[0..20,?]", "i64[2]=20,20", "i64[2]=MIN64,MIN64", "i64[2]=-1,-1"}, out: []string{"f32[0..20,0..21]"}},
		{name: "strided_slice_dynamic_value_and_symbol_propagation", attrs: m("0", "0"), in: []string{"i64[2]:3..5,4", "i64[1]=0", "i64[1]=1", "i64[1]=1"}, out: []string{"i64[1]"}},
		{name: "strided_slice_use_default_ctor", attrs: m("0,0,0", "0,0,0", "new_axis_mask", "1,0,0", "shrink_axis_mask", "0,0,1", "ellipsis_mask", "0,0,0"), in: []string{"f32[10,11,12]", "i64[4]=0,0,0,0", "i64[4]=1,5,20,20", "i64[4]=1,1,1,1"}, out: []string{"f32[1,5,12]"}},
		{name: "strided_slice_inf_dim_start_from_last_N_to_end", attrs: m("1,1,0", "1,1,0"), in: []string{"f32[1,256,?]", "i64[3]=0,0,-7", "i64[3]=0,0,MAX64", "i64[3]=1,1,1"}, out: []string{"f32[1,256,0..7]"}},
		{name: "strided_slice_different_ranks", attrs: m("1,1,1,1,1", "0,0,0,0,0"), in: []string{"f32[1,2,3,4]", "i64[1]=0", "i64[1]=MAX64"}, out: []string{"f32[1,2,3,4]"}},
		{name: "strided_slice_different_ranks_long_masks", attrs: m("1,1,0,1,1", "0,0,1,0,0"), in: []string{"f32[1,2,3,4]", "i64[4]=0,0,0,0", "i64[4]=2,2,2,2"}, out: []string{"f32[1,2,3,2]"}},
	}
	// StridedSliceShapeInferTest: begin, end and strides are i32 Parameters of the given shapes.
	for _, p := range []struct {
		name, data, b, e, s, bm, em, nm, sm, elm, out string
	}{
		{"shrink_2nd_dim", "1,200,300,3", "4", "4", "4", "0,0,0,0", "0,0,0,0", "0,0,0,0", "0,1,0,0", "0,0,0,0", "0..1,0..300,0..3"},
		{"shrink_output_shape_by_axes", "1,200,300,3", "4", "4", "4", "1,0,0,0", "1,0,0,0", "0,0,0,0", "0,1,0,1", "0,0,0,0", "0..1,0..300"},
		{"extend_output_shape_by_new_axes", "1,200,200,3", "4", "4", "4", "1,0,0,0", "1,0,0,0", "0,0,1,0", "0,0,0,0", "0,0,0,0", "0..1,0..200,1,0..200,3"},
		{"there_are_empty_masks", "1,200,200,3", "4", "4", "4", "1,0,0,0", "1,0,0,0", "", "", "", "0..1,0..200,0..200,0..3"},
		{"when_input_has_dynamic_dimension", "8..,200,200,3", "4", "4", "4", "0,0,0,0", "0,0,0,0", "0,0,0,0", "0,0,0,0", "0,0,0,0", "?,0..200,0..200,0..3"},
		{"input_has_dynamic_dimensions_and_shrink_one", "8..40,200,100..200,3", "4", "4", "4", "0,0,0,0", "0,0,0,0", "0,0,0,0", "1,0,0,0", "0,0,0,0", "0..200,0..200,0..3"},
		{"input_is_dynamic_rank", "...", "4", "4", "4", "1,0,1,0", "0,0,0,0", "1,0,0,0", "0,0,0,0", "0,0,0,0", "..."},
		{"extend_input_with_static_rank_and_all_dynamic_dims", "?,?,?,?", "4", "4", "4", "1,0,1,0", "0,0,0,0", "1,0,0,0", "0,0,0,0", "0,0,0,0", "1,?,?,?,?"},
		{"begin_strides_are_dynamic_rank", "3,5,4", "...", "3", "...", "1,0,1,0", "0,0,0,0", "0,0,0,0", "0,0,0,0", "0,0,0,0", "0..3,0..5,0..4"},
		{"begin_strides_are_dynamic_rank_and_ellipsis_mask_present", "3,5,4", "...", "3", "3", "0,0,1,0", "0,0,0,0", "0,0,0,0", "0,0,0,0", "0,1,0,0", "0..3,5,0..4"},
		{"begin_end_strides_are_dynamic_rank", "3,5,4", "...", "...", "...", "1,0,1,0", "0,0,0,0", "0,0,0,0", "0,0,0,0", "0,0,0,0", "..."},
	} {
		at := m(p.bm, p.em)
		for _, kv := range [][2]string{{"new_axis_mask", p.nm}, {"shrink_axis_mask", p.sm}, {"ellipsis_mask", p.elm}} {
			if kv[1] != "" {
				at = append(at, kv[0], kv[1])
			}
		}
		cases = append(cases, tpCase{name: "StridedSliceShapeInferTest/" + p.name, attrs: at,
			in:  []string{"f32[" + p.data + "]", "i32[" + p.b + "]", "i32[" + p.e + "]", "i32[" + p.s + "]"},
			out: []string{"f32[" + p.out + "]"}})
	}
	// StridedSliceIntervalTest: begin and end are ShapeOf(p) - offset, given by their bounds
	// (the offsets are applied to the test's intervals here); one axis, zero masks.
	for i, p := range []struct{ data, b, e, step, out string }{
		{"1024", "0..20", "10..20", "1", "0..20"},
		{"1024", "-10..10", "10..20", "1", "0..20"},
		{"?", "-10..10", "10..20", "1", "0..20"},
		{"1024", "10..20", "-10..10", "1", "0..1013"},
		{"1024", "0..10", "-10..-5", "1", "1004..1019"},
		{"120..1024", "0..10", "-10..-5", "1", "100..1019"},
		{"1024", "-1025..5", "-10..1990", "1", "0..1024"},
		{"1024", "-10..0", "10..20", "1", "0..20"},
		{"1024", "-9..2", "0..18", "2", "0..9"},
		{"1024", "10..20", "-10..10", "2", "0..507"},
		{"100..1024", "10..20", "-10..10", "2", "0..507"},
		{"1024", "10..10", "30..30", "2", "10"},
		{"1024", "10..15", "30..30", "2", "8..10"},
		{"1024", "10..15", "30..40", "2", "8..15"},
		{"20..1024", "10..15", "30..40", "2", "3..15"},
		{"1024", "-10..10", "10..20", "-1", "0..1013"},
		{"?", "-10..10", "10..20", "-1", "?"},
		{"1024", "10..20", "-10..10", "-1", "0..20"},
		{"1024", "-5..-5", "-30..-30", "-1", "25"},
		{"1024", "-10..1990", "-1026..4", "-1", "0..1024"},
		{"1024", "30..30", "10..10", "-2", "10"},
		{"1024", "20..30", "10..10", "-2", "5..10"},
		{"1024", "-20..-10", "10..10", "-2", "497..502"},
		{"100..1024", "-20..-10", "10..10", "-2", "35..502"},
		{"1024", "20..30", "10..15", "-2", "3..10"},
		{"10..1024", "20..30", "10..15", "-2", "0..10"},
	} {
		cases = append(cases, tpCase{name: "StridedSliceIntervalTest/" + strconv.Itoa(i), attrs: m("0", "0"),
			in:  []string{"f32[" + p.data + "]", "i64[1]:" + p.b, "i64[1]:" + p.e, "i64[1]=" + p.step},
			out: []string{"f32[" + p.out + "]"}})
	}
	tpRun(t, "StridedSlice", "opset1", cases)
}
