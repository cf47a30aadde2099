package layers

import "testing"

// The typed suites of src/core/tests/type_prop/bitwise_ops.hpp@d8e35928 as data:
// BitwiseOperator (instantiated by bitwise_and.cpp@16f3e848, bitwise_or.cpp@258f1a81,
// bitwise_xor.cpp@16f3e848, bitwise_left_shift.cpp@a46bc4ae, bitwise_right_shift.cpp@2ff01c7d),
// BitwiseOperatorBoolean (and, or, xor) and BitwiseOperatorNotBoolean (the shifts), and
// bitwise_not.cpp@085e794c. Symbol checks are out of scope; their shapes are kept.
func TestTPBitwise(t *testing.T) {
	none := []string{"auto_broadcast", "none"}
	pdpd := func(axis string) []string {
		if axis == "" {
			return []string{"auto_broadcast", "pdpd"}
		}
		return []string{"auto_broadcast", "pdpd", "auto_broadcast_axis", axis}
	}
	const (
		iv  = "i32[1..3,2..7,6..,..6,?,8]"
		eqA = "i32[1..3,1..3,1..3,4..8,?,1,?,1,3]"
		eqB = "i32[1..3,2..7,?,1,1..3,4..8,?,1,3]"
		eqO = "i32[1..3,2..7,?,4..8,?,4..8,?,1,3]"
		sm  = "i32[1..3,4..8,?,1,?,1,3]"
		mA  = "i32[?,3,1,2..128]"
		mB  = "i32[?,3,2..224,1]"
		mO  = "i32[?,3,2..224,2..128]"
		dcA = "[?,4,1,6,1..6,2..6]"
		dcB = "[?,1,5,6,5..8,5..8]"
		dcO = "[?,4,5,6,5..8,5..6]"
	)
	cases := []tpCase{
		{name: "default_constructor_integer/none", attrs: none, in: []string{"i32" + dcA, "i32" + dcB}, err: "*"},
		{name: "default_constructor_integer/numpy", in: []string{"i32" + dcA, "i32" + dcB}, out: []string{"i32" + dcO}},
		{name: "shape_inference_2D", in: []string{"i32[2,2]", "i32[2,2]"}, out: []string{"i32[2,2]"}},
		{name: "shape_inference_4D", in: []string{"i32[2,2,3,3]", "i32[2,2,3,3]"}, out: []string{"i32[2,2,3,3]"}},
		{name: "default_autobroadcast", in: []string{"i32[2,2]", "i32[2,2]"}, out: []string{"i32[2,2]"}},
		{name: "no_autobroadcast", attrs: none, in: []string{"i32[2,2]", "i32[2,2]"}, out: []string{"i32[2,2]"}},
		{name: "shape_inference_4D_x_scalar_numpy_broadcast", in: []string{"i32[2,3,4,5]", "i32[1]"}, out: []string{"i32[2,3,4,5]"}},
		{name: "shape_inference_4D_x_1D_numpy_broadcast", in: []string{"i32[2,3,4,5]", "i32[5]"}, out: []string{"i32[2,3,4,5]"}},
		{name: "shape_inference_2D_x_4D_numpy_broadcast", in: []string{"i32[4,5]", "i32[2,3,4,5]"}, out: []string{"i32[2,3,4,5]"}},
		{name: "shape_inference_3D_x_4D_numpy_broadcast", in: []string{"i32[1,4,5]", "i32[2,3,1,1]"}, out: []string{"i32[2,3,4,5]"}},
		{name: "shape_inference_4D_x_3D_numpy_broadcast", in: []string{"i32[8,1,6,1]", "i32[7,1,5]"}, out: []string{"i32[8,7,6,5]"}},
		{name: "static_shape_pdpd_doc_examples/1", attrs: pdpd("1"), in: []string{"i32[2,3,4,5]", "i32[3,4]"}, out: []string{"i32[2,3,4,5]"}},
		{name: "static_shape_pdpd_doc_examples/2", attrs: pdpd("1"), in: []string{"i32[2,3,4,5]", "i32[3,1]"}, out: []string{"i32[2,3,4,5]"}},
		{name: "static_shape_pdpd_doc_examples/3", attrs: pdpd(""), in: []string{"i32[2,3,4,5]", "i32[]"}, out: []string{"i32[2,3,4,5]"}},
		{name: "static_shape_pdpd_doc_examples/4", attrs: pdpd("3"), in: []string{"i32[2,3,4,5]", "i32[5]"}, out: []string{"i32[2,3,4,5]"}},
		{name: "static_shape_pdpd_doc_examples/5", attrs: pdpd("0"), in: []string{"i32[2,3,4,5]", "i32[1,3]"}, out: []string{"i32[2,3,4,5]"}},
		{name: "static_shape_pdpd_doc_examples/6", attrs: pdpd("1"), in: []string{"i32[2,3,4,5]", "i32[3,1,5]"}, out: []string{"i32[2,3,4,5]"}},
		{name: "static_shape_inference_4D_x_4D_pdpd_broadcast/1", attrs: pdpd("-1"), in: []string{"i32[8,1,6,5]", "i32[8,1,6,5]"}, out: []string{"i32[8,1,6,5]"}},
		{name: "static_shape_inference_4D_x_4D_pdpd_broadcast/2", attrs: pdpd("-1"), in: []string{"i32[8,7,6,5]", "i32[8,1,6,5]"}, out: []string{"i32[8,7,6,5]"}},
		{name: "static_shape_inference_4D_x_3D_ax_default_pdpd_broadcast", attrs: pdpd("-1"), in: []string{"i32[8,7,6,5]", "i32[7,1,5]"}, out: []string{"i32[8,7,6,5]"}},
		{name: "incompatible_element_types_f32", in: []string{"f32[2,2,3,3]", "f32[2,2,3,3]"}, err: "The element type of the input tensor must be integer"},
		{name: "shape_inference_1D_x_1D_incompatible", in: []string{"i32[3]", "i32[4]"}, err: "*"},
		{name: "shape_inference_3D_x_3D_incompatible", in: []string{"i32[3,5,6]", "i32[4,10,12]"}, err: "*"},
		{name: "shape_inference_5D_x_5D_incompatible", in: []string{"i32[389,112,12]", "i32[389,112,19]"}, err: "*"},
		{name: "shape_inference_axis_less_than_negative_1_pdpd_incompatible", attrs: pdpd("-2"), in: []string{"i32[2,3,4,5]", "i32[3,1]"}, err: "*"},
		{name: "shape_inference_dst_smaller_than_src_pdpd_broadcast", attrs: pdpd(""), in: []string{"i32[2,3,4,1]", "i32[2,3,4,5]"}, err: "*"},
		{name: "fully_dynamic_shape_broadcast_numpy", in: []string{"i32[...]", "i32[...]"}, out: []string{"i32[...]"}},
		{name: "fully_dynamic_shape_broadcast_none", attrs: none, in: []string{"i32[...]", "i32[...]"}, out: []string{"i32[...]"}},
		{name: "fully_dynamic_shape_broadcast_pdpd", attrs: pdpd(""), in: []string{"i32[...]", "i32[...]"}, out: []string{"i32[...]"}},
		{name: "dynamic_shape_3D", in: []string{"i32[?,?,6]", "i32[?,?,6]"}, out: []string{"i32[?,?,6]"}},
		{name: "dynamic_shape_5D", in: []string{"i32[?,4,?,?,6]", "i32[?,4,?,?,6]"}, out: []string{"i32[?,4,?,?,6]"}},
		{name: "dynamic_shape_intervals_broadcast_none", attrs: none, in: []string{iv, iv}, out: []string{iv}},
		{name: "dynamic_shape_intervals_equal_rank_broadcast_numpy", in: []string{eqA, eqB}, out: []string{eqO}},
		{name: "dynamic_shape_intervals_a_rank_smaller_broadcast_numpy", in: []string{sm, eqB}, out: []string{eqO}},
		{name: "dynamic_shape_intervals_b_rank_smaller_broadcast_numpy", in: []string{eqB, sm}, out: []string{eqO}},
		{name: "dynamic_shape_intervals_broadcast_pdpd/equal_rank", attrs: pdpd(""), in: []string{"i32[1..3,2..7,1..6,6..,?,8]", "i32[1..3,2..7,1,1,?,8]"},
			out: []string{"i32[1..3,2..7,1..6,6..,?,8]"}},
		{name: "dynamic_shape_intervals_broadcast_pdpd/lhs_rank_smaller", attrs: pdpd("0"), in: []string{eqA, eqB}, out: []string{eqO}},
		{name: "dynamic_shape_intervals_broadcast_pdpd/rhs_rank_smaller", in: []string{eqB, sm}, out: []string{eqO}},
		{name: "symbols_a_dynamic_mixed_dims_broadcast_numpy", in: []string{mA, mB}, out: []string{mO}},
		{name: "symbols_b_dynamic_mixed_dims_broadcast_numpy", in: []string{mA, mB}, out: []string{mO}},
		{name: "symbols_different_interval_mixed_dims_broadcast_numpy", in: []string{mA, mB}, out: []string{mO}},
		{name: "symbols_different_interval_b_and_fully_dyn_a_broadcast_numpy", in: []string{"i32[?,3,224,1]", "i32[2..4,3,1,224]"}, out: []string{"i32[2..4,3,224,224]"}},
		{name: "symbols_different_interval_a_and_fully_dyn_b_broadcast_numpy", in: []string{"i32[2..4,3,224,1]", "i32[?,3,1,224]"}, out: []string{"i32[2..4,3,224,224]"}},
		{name: "symbols_equal_interval_dims_without_one_broadcast_numpy", in: []string{"i32[2..4,8..16,8..16,8..16]", "i32[2..4,4..12,10..12,16..24]"},
			out: []string{"i32[2..4,8..12,10..12,16]"}},
		{name: "symbols_different_interval_dims_without_one_broadcast_numpy", in: []string{"i32[2..4,8..16,8..16,8..16]", "i32[2..4,4..12,10..12,16..24]"},
			out: []string{"i32[2..4,8..12,10..12,16]"}},
		{name: "symbols_different_interval_batch_without_one_equivalence_table_broadcast_numpy", in: []string{"i32[2..4,3,224,1]", "i32[2..4,3,1,224]"},
			out: []string{"i32[2..4,3,224,224]"}},
		{name: "symbols_different_fully_dynamic_batch_broadcast_numpy", in: []string{"i32[?,3,224,1]", "i32[?,3,1,224]"}, out: []string{"i32[?,3,224,224]"}},
		{name: "symbols_equal_fully_dynamic_batch_broadcast_numpy", in: []string{"i32[?,3,224,1]", "i32[?,3,1,224]"}, out: []string{"i32[?,3,224,224]"}},
		{name: "symbols_dyn_batch_a_broadcast_numpy", in: []string{"i64[?,3,224,224]", "i64[1,3,1,1]"}, out: []string{"i64[?,3,224,224]"}},
		{name: "symbols_dyn_batch_b_broadcast_numpy", in: []string{"i64[1,3,1,1]", "i64[?,3,224,224]"}, out: []string{"i64[?,3,224,224]"}},
		{name: "symbols_dyn_batch_and_higher_rank_a_broadcast_numpy", in: []string{"i64[?,?,?,?]", "i64[3,1,1]"}, out: []string{"i64[?,3,?,?]"}},
		{name: "symbols_dyn_batch_and_higher_rank_b_broadcast_numpy", in: []string{"i64[3,1,1]", "i64[?,?,?,?]"}, out: []string{"i64[?,3,?,?]"}},
		{name: "symbols_different_static_shape_broadcast_numpy", in: []string{"i32[2,1,224,1]", "i32[2,1,1,128]"}, out: []string{"i32[2,1,224,128]"}},
		{name: "symbols_equal_static_shape_broadcast_numpy", in: []string{"i32[2,1,224,1]", "i32[2,1,1,128]"}, out: []string{"i32[2,1,224,128]"}},
		{name: "symbols_different_static_shape_broadcast_none", attrs: none, in: []string{"i32[2,3,224,128]", "i32[2,3,224,128]"}, out: []string{"i32[2,3,224,128]"}},
		{name: "symbols_equal_static_shape_broadcast_none", attrs: none, in: []string{"i32[2,3,224,128]", "i32[2,3,224,128]"}, out: []string{"i32[2,3,224,128]"}},
		{name: "symbols_different_dynamic_shape_broadcast_none", attrs: none, in: []string{"i32[?,3,2..224,1..128]", "i32[?,3,2..224,1..128]"}, out: []string{"i32[?,3,2..224,1..128]"}},
		{name: "symbols_equal_dynamic_shape_broadcast_none", attrs: none, in: []string{"i32[?,3,2..224,1..128]", "i32[?,3,2..224,1..128]"}, out: []string{"i32[?,3,2..224,1..128]"}},
	}
	boolean := []tpCase{
		{name: "default_constructor_boolean/none", attrs: none, in: []string{"boolean" + dcA, "boolean" + dcB}, err: "*"},
		{name: "default_constructor_boolean/numpy", in: []string{"boolean" + dcA, "boolean" + dcB}, out: []string{"boolean" + dcO}},
		{name: "incompatible_element_types_f32", in: []string{"f32[2,2,3,3]", "f32[2,2,3,3]"}, err: "The element type of the input tensor must be integer or boolean."},
	}
	notBoolean := []tpCase{
		{name: "incompatible_element_types_boolean", in: []string{"boolean[2,2,3,3]", "boolean[2,2,3,3]"}, err: "The element type of the input tensor must be integer number"},
	}
	for _, op := range []struct{ typ, opset string }{{"BitwiseAnd", "opset13"}, {"BitwiseOr", "opset13"}, {"BitwiseXor", "opset13"}} {
		tpRun(t, op.typ, op.opset, append(append([]tpCase(nil), cases...), boolean...))
	}
	for _, op := range []string{"BitwiseLeftShift", "BitwiseRightShift"} {
		tpRun(t, op, "opset15", append(append([]tpCase(nil), cases...), notBoolean...))
	}
}

// BitwiseNot-13: src/core/tests/type_prop/bitwise_not.cpp@085e794c (propagate_dimensions,
// propagate_symbols' shapes and default_ctor: every type × shape keeps both).
func TestTPBitwiseNot(t *testing.T) {
	var cases []tpCase
	for _, et := range []string{"boolean", "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64"} {
		for _, s := range []string{"[0]", "[1]", "[2,3,7,8]", "[?,?,?]", "[2,..5,4..,?,3..8]", "[...]"} {
			cases = append(cases, tpCase{name: "propagate_dimensions/" + et + s, in: []string{et + s}, out: []string{et + s}})
		}
	}
	cases = append(cases, tpCase{name: "invalid_element_type", in: []string{"f32[2,2]"}, err: "The element type of the input tensor must be integer or boolean."})
	tpRun(t, "BitwiseNot", "opset13", cases)
}
