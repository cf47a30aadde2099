package layers

import "testing"

// Pad-1/12 shape inference: src/core/tests/type_prop/pad.cpp@07d28d89 (typed suite, run for
// both versions), as data. A ShapeOf pads input is given by its bounds. Left out:
// pad_preserve_partial_values_and_labels_on_inputs (checks the bounds Pad moves into a
// Broadcast, a value check the harness does not make) and the label checks.
func TestTPPad(t *testing.T) {
	m := func(mode string) []string { return []string{"pad_mode", mode} }
	cases := []tpCase{
		{name: "pad_default_ctor", attrs: m("reflect"), in: []string{"f32[1..2,4..10,3..8,1..2]", "i64[4]=0,2,1,0", "i64[4]=0,1,1,0"}, out: []string{"f32[1..2,7..13,5..10,1..2]"}},
		{name: "pad_arg_pad_value_type_mismatch", attrs: m("constant"), in: []string{"f32[1,2,3]", "i64[1]", "i64[1]", "f16[1]"},
			err: "Argument element types do not match (input arg element type:"},
		{name: "pad_arg_pad_value_shape_not_compatible", attrs: m("constant"), in: []string{"f32[1,2,3]", "i64[1]", "i64[1]", "f32[1]"},
			err: "Argument for padding value is not a scalar"},
		{name: "pad_pads_begin_shape_not_1D", attrs: m("symmetric"), in: []string{"f32[1,2,3]", "i64[1,2]", "i64[1]"}, err: "Argument for pads_begin is not 1D",
			note: "OpenVINO's detail suffix is \"(shape: ...)\"; irrun words it \"(pads_begin shape ...)\""},
		{name: "pad_pads_end_shape_not_1D", attrs: m("symmetric"), in: []string{"f32[1,2,3]", "i64[1]", "i64[1,2]"}, err: "Argument for pads_end is not 1D",
			note: "OpenVINO's detail suffix is \"(shape: ...)\"; irrun words it \"(pads_end shape ...)\""},
		{name: "pad_pads_begin_size_not_correct", attrs: m("symmetric"), in: []string{"f32[1,2,3]", "i64[4]", "i64[1]"},
			err:  "Number of elements of pads_begin must be >= 0 and <= arg rank",
			note: "detail suffix worded differently, as above"},
		{name: "pad_pads_end_size_not_correct", attrs: m("constant"), in: []string{"f32[1,2,3]", "i64[1]", "i64[4]", "f32[]"},
			err:  "Number of elements of pads_end must be >= 0 and <= arg rank",
			note: "detail suffix worded differently, as above"},
		{name: "pad_arg_pads_begin_incompatible_type", attrs: m("reflect"), in: []string{"f32[1,2,3]", "f32[1]", "i64[1]"}, err: "pads_begin must be an integral number, but is:"},
		{name: "pad_arg_pads_end_incompatible_type", attrs: m("reflect"), in: []string{"f32[1,2,3]", "i64[1]", "f32[1]"}, err: "pads_end must be an integral number, but is:"},
		{name: "pad_deduce_too_small_for_edge", attrs: m("edge"), in: []string{"f32[1,5,0,2]", "i64[4]=0,1,2,3", "i64[4]=0,1,2,3", "f32[]"},
			err: "EDGE padding mode requires an input of dimension of at least 1 at each spatial axis"},
		{name: "pad_deduce_too_small_for_reflect", attrs: m("reflect"), in: []string{"f32[1,5,1,2]", "i64[4]=0,1,2,3", "i64[4]=0,1,2,3", "f32[]"},
			err: "REFLECT padding mode requires an input of dimension of at least 2 at each spatial axis"},
		{name: "pad_pads_end_got_negative_value", attrs: m("reflect"), in: []string{"f32[?,..10,2..,2..8,3..10,5]", "i64[6]=2,0,1,3,2,1", "i64[6]=-3,-2,-2,-3,-1,-3"},
			out: []string{"f32[?,..8,1..,2..8,4..11,3]"}},
		{name: "pad_pads_begin_got_negative_value", attrs: m("reflect"), in: []string{"f32[?,..10,2..,2..8,3..10,5]", "i64[6]=-1,-1,-2,-3,-8,-4", "i64[6]=0,2,0,3,5,4"},
			out: []string{"f32[?,1..11,?,2..8,..7,5]"}},
		{name: "pad_dynamic_output_with_dynamic_rank", attrs: m("constant"), in: []string{"f32[...]", "i32[1]", "i32[1]", "f32[]=0"}, out: []string{"f32[...]"}},
		{name: "pad_dynamic_output_with_static_rank", attrs: m("constant"), in: []string{"f32[1,2,3]", "i32[1]", "i32[1]", "f32[]=0"}, out: []string{"f32[?,?,?]"}},
		{name: "pad_any_dim_for_padding_reflect", attrs: m("reflect"), in: []string{"f32[1,23..48,23..48,1]", "i64[4]=0,1,1,0", "i64[4]=0,1,1,0"}, out: []string{"f32[1,25..50,25..50,1]"}},
		{name: "pad_any_dim_for_padding_edge", attrs: m("edge"), in: []string{"f32[1,..48,?,20..,5..,10,12]", "i64[7]=1,2,1,2,0,0,0", "i64[7]=0,3,0,1,0,5,0"},
			out: []string{"f32[2,5..53,1..,23..,5..,15,12]"}},
		{name: "pad_dynamic_input_type_with_static_value", attrs: m("constant"), in: []string{"dynamic[1,2,3]", "i32[1]", "i32[1]", "f32[]=0"}, out: []string{"f32[?,?,?]"}},
		{name: "pad_preserve_partial_values_and_labels_via_evaluates_bounds", attrs: m("edge"), in: []string{"f32[1,2..5,1..3]", "i64[3]:2..4,0,0..2", "i64[3]:1..2,0,1"},
			out: []string{"f32[4..7,2..5,2..6]"}},
	}
	tpRun(t, "Pad", "opset1", cases)
	tpRun(t, "Pad", "opset12", cases)
}
