package layers

import "testing"

// The typed ArithmeticOperator suite of src/core/tests/type_prop/arithmetic_ops.hpp@36b43253
// (instantiated by add.cpp, subtract.cpp, multiply.cpp, divide.cpp, maximum.cpp, minimum.cpp,
// power.cpp, squared_difference.cpp, floor_mod.cpp, mod.cpp), as data and run for each of
// those ops. Symbol checks are out of scope; their shapes are kept.
func TestTPArithmetic(t *testing.T) {
	none := []string{"auto_broadcast", "none"}
	pdpd := func(axis string) []string { return []string{"auto_broadcast", "pdpd", "auto_broadcast_axis", axis} }
	const (
		iv  = "f32[1..3,2..7,6..,..6,?,8]"
		eqA = "f32[1..3,1..3,1..3,4..8,?,1,?,1,3]"
		eqB = "f32[1..3,2..7,?,1,1..3,4..8,?,1,3]"
		eqO = "f32[1..3,2..7,?,4..8,?,4..8,?,1,3]"
		sm  = "f32[1..3,4..8,?,1,?,1,3]"
		mA  = "f32[?,3,1,2..128]"
		mB  = "f32[?,3,2..224,1]"
	)
	cases := []tpCase{
		{name: "default_constructor/none", attrs: none, in: []string{"f32[?,4,1,6,1..6,2..6]", "f32[?,1,5,6,5..8,5..8]"}, err: "*"},
		{name: "default_constructor/numpy", in: []string{"f32[?,4,1,6,1..6,2..6]", "f32[?,1,5,6,5..8,5..8]"}, out: []string{"f32[?,4,5,6,5..8,5..6]"}},
		{name: "shape_inference_2D", in: []string{"f32[2,2]", "f32[2,2]"}, out: []string{"f32[2,2]"}},
		{name: "shape_inference_4D", in: []string{"f32[2,2,3,3]", "f32[2,2,3,3]"}, out: []string{"f32[2,2,3,3]"}},
		{name: "no_autobroadcast", attrs: none, in: []string{"f32[2,2]", "f32[2,2]"}, out: []string{"f32[2,2]"}},
		{name: "shape_inference_4D_x_scalar_numpy_broadcast", in: []string{"f32[2,3,4,5]", "f32[1]"}, out: []string{"f32[2,3,4,5]"}},
		{name: "shape_inference_4D_x_1D_numpy_broadcast", in: []string{"f32[2,3,4,5]", "f32[5]"}, out: []string{"f32[2,3,4,5]"}},
		{name: "shape_inference_2D_x_4D_numpy_broadcast", in: []string{"f32[4,5]", "f32[2,3,4,5]"}, out: []string{"f32[2,3,4,5]"}},
		{name: "shape_inference_3D_x_4D_numpy_broadcast", in: []string{"f32[1,4,5]", "f32[2,3,1,1]"}, out: []string{"f32[2,3,4,5]"}},
		{name: "shape_inference_4D_x_3D_numpy_broadcast", in: []string{"f32[8,1,6,1]", "f32[7,1,5]"}, out: []string{"f32[8,7,6,5]"}},
		{name: "static_shape_pdpd_doc_examples/1", attrs: pdpd("1"), in: []string{"f32[2,3,4,5]", "f32[3,4]"}, out: []string{"f32[2,3,4,5]"}},
		{name: "static_shape_pdpd_doc_examples/2", attrs: pdpd("1"), in: []string{"f32[2,3,4,5]", "f32[3,1]"}, out: []string{"f32[2,3,4,5]"}},
		{name: "static_shape_pdpd_doc_examples/3", attrs: pdpd("-1"), in: []string{"f32[2,3,4,5]", "f32[]"}, out: []string{"f32[2,3,4,5]"}},
		{name: "static_shape_pdpd_doc_examples/4", attrs: pdpd("3"), in: []string{"f32[2,3,4,5]", "f32[5]"}, out: []string{"f32[2,3,4,5]"}},
		{name: "static_shape_pdpd_doc_examples/5", attrs: pdpd("0"), in: []string{"f32[2,3,4,5]", "f32[1,3]"}, out: []string{"f32[2,3,4,5]"}},
		{name: "static_shape_pdpd_doc_examples/6", attrs: pdpd("1"), in: []string{"f32[2,3,4,5]", "f32[3,1,5]"}, out: []string{"f32[2,3,4,5]"}},
		{name: "static_shape_inference_4D_x_4D_pdpd_broadcast/1", attrs: pdpd("-1"), in: []string{"f32[8,1,6,5]", "f32[8,1,6,5]"}, out: []string{"f32[8,1,6,5]"}},
		{name: "static_shape_inference_4D_x_4D_pdpd_broadcast/2", attrs: pdpd("-1"), in: []string{"f32[8,7,6,5]", "f32[8,1,6,5]"}, out: []string{"f32[8,7,6,5]"}},
		{name: "static_shape_inference_4D_x_3D_ax_default_pdpd_broadcast", attrs: pdpd("-1"), in: []string{"f32[8,7,6,5]", "f32[7,1,5]"}, out: []string{"f32[8,7,6,5]"}},
		{name: "incompatible_element_types", in: []string{"f32[2,2,3,3]", "i32[2,2,3,3]"}, err: "*"},
		{name: "unsupported_element_type", in: []string{"boolean[2,2,3,3]", "boolean[2,2,3,3]"}, err: "This operation does not support inputs with element type: boolean"},
		{name: "shape_inference_1D_x_1D_incompatible", in: []string{"f32[3]", "f32[4]"}, err: "*"},
		{name: "shape_inference_3D_x_3D_incompatible", in: []string{"f32[3,5,6]", "f32[4,10,12]"}, err: "*"},
		{name: "shape_inference_5D_x_5D_incompatible", in: []string{"f32[389,112,12]", "f32[389,112,19]"}, err: "*"},
		{name: "shape_inference_axis_less_than_negative_1_pdpd_incompatible", attrs: pdpd("-2"), in: []string{"f32[2,3,4,5]", "f32[3,1]"}, err: "*"},
		{name: "shape_inference_dst_smaller_than_src_pdpd_broadcast", attrs: pdpd("-1"), in: []string{"f32[2,3,4,1]", "f32[2,3,4,5]"}, err: "*"},
		{name: "fully_dynamic_shape_broadcast_numpy", in: []string{"f32[...]", "f32[...]"}, out: []string{"f32[...]"}},
		{name: "fully_dynamic_shape_broadcast_none", attrs: none, in: []string{"f32[...]", "f32[...]"}, out: []string{"f32[...]"}},
		{name: "fully_dynamic_shape_broadcast_pdpd", attrs: pdpd("-1"), in: []string{"f32[...]", "f32[...]"}, out: []string{"f32[...]"}},
		{name: "dynamic_shape_3D", in: []string{"f32[?,?,6]", "f32[?,?,6]"}, out: []string{"f32[?,?,6]"}},
		{name: "dynamic_shape_5D", in: []string{"f32[?,4,?,?,6]", "f32[?,4,?,?,6]"}, out: []string{"f32[?,4,?,?,6]"}},
		{name: "dynamic_shape_intervals_broadcast_none", attrs: none, in: []string{iv, iv}, out: []string{iv}},
		{name: "dynamic_shape_intervals_equal_rank_broadcast_numpy", in: []string{eqA, eqB}, out: []string{eqO}},
		{name: "dynamic_shape_intervals_a_rank_smaller_broadcast_numpy", in: []string{sm, eqB}, out: []string{eqO}},
		{name: "dynamic_shape_intervals_b_rank_smaller_broadcast_numpy", in: []string{eqB, sm}, out: []string{eqO}},
		{name: "dynamic_shape_intervals_broadcast_pdpd/equal_rank", attrs: pdpd("-1"), in: []string{"f32[1..3,2..7,1..6,?,8]", "f32[1..3,2..7,1,?,8]"},
			out: []string{"f32[1..3,2..7,1..6,?,8]"}},
		{name: "dynamic_shape_intervals_broadcast_pdpd/axis_0", attrs: pdpd("0"), in: []string{eqA, eqB}, out: []string{eqO}},
		{name: "symbols_a_dynamic_mixed_dims_broadcast_numpy", in: []string{mA, mB}, out: []string{"f32[?,3,2..224,2..128]"}},
		{name: "symbols_different_interval_b_and_fully_dyn_a_broadcast_numpy", in: []string{"f32[?,3,224,1]", "f32[2..4,3,1,224]"}, out: []string{"f32[2..4,3,224,224]"}},
		{name: "symbols_different_interval_a_and_fully_dyn_b_broadcast_numpy", in: []string{"f32[2..4,3,224,1]", "f32[?,3,1,224]"}, out: []string{"f32[2..4,3,224,224]"}},
		{name: "symbols_equal_interval_dims_without_one_broadcast_numpy", in: []string{"f32[2..4,8..16,8..16,8..16]", "f32[2..4,4..12,10..12,16..24]"},
			out: []string{"f32[2..4,8..12,10..12,16]"}},
		{name: "symbols_different_fully_dynamic_batch_broadcast_numpy", in: []string{"f32[?,3,224,1]", "f32[?,3,1,224]"}, out: []string{"f32[?,3,224,224]"}},
		{name: "symbols_dyn_batch_a_broadcast_numpy", in: []string{"f64[?,3,224,224]", "f64[1,3,1,1]"}, out: []string{"f64[?,3,224,224]"}},
		{name: "symbols_dyn_batch_b_broadcast_numpy", in: []string{"f64[1,3,1,1]", "f64[?,3,224,224]"}, out: []string{"f64[?,3,224,224]"}},
		{name: "symbols_dyn_batch_and_higher_rank_a_broadcast_numpy", in: []string{"f64[?,?,?,?]", "f64[3,1,1]"}, out: []string{"f64[?,3,?,?]"}},
		{name: "symbols_dyn_batch_and_higher_rank_b_broadcast_numpy", in: []string{"f64[3,1,1]", "f64[?,?,?,?]"}, out: []string{"f64[?,3,?,?]"}},
		{name: "symbols_different_static_shape_broadcast_numpy", in: []string{"f32[2,1,224,1]", "f32[2,1,1,128]"}, out: []string{"f32[2,1,224,128]"}},
		{name: "symbols_different_static_shape_broadcast_none", attrs: none, in: []string{"f32[2,3,224,128]", "f32[2,3,224,128]"}, out: []string{"f32[2,3,224,128]"}},
		{name: "symbols_different_dynamic_shape_broadcast_none", attrs: none, in: []string{"f32[?,3,2..224,1..128]", "f32[?,3,2..224,1..128]"}, out: []string{"f32[?,3,2..224,1..128]"}},
	}
	for _, op := range []string{"Add", "Subtract", "Multiply", "Divide", "Maximum", "Minimum", "Power", "SquaredDifference", "FloorMod", "Mod"} {
		tpRun(t, op, "opset1", cases)
	}
}
