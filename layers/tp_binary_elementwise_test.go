package layers

import (
	"math"
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

// src/core/tests/type_prop/binary_elementwise.cpp@f34c598c as data: the typed comparison
// suite (BinaryElementwiseCmpTest × Equal, NotEqual, Greater, GreaterEqual, Less, LessEqual),
// the arithmetic checks on Add (and Maximum), and the interval value propagation chains
// ShapeOf → Convert(f32) → op(Constant) → Convert(i32) → Reshape. Symbol checks are out of
// scope; their shapes are kept.
func TestTPBinaryElementwiseCmp(t *testing.T) {
	none := []string{"auto_broadcast", "none"}
	numpy := func(et string) []tpCase {
		return []tpCase{
			{name: "numpy/1", in: []string{et + "[1,3,6]", et + "[3,1]"}, out: []string{"boolean[1,3,6]"}},
			{name: "numpy/2", in: []string{et + "[1,3,6]", et + "[2,3,6]"}, out: []string{"boolean[2,3,6]"}},
			{name: "numpy/3", in: []string{et + "[6]", et + "[2,3,6]"}, out: []string{"boolean[2,3,6]"}},
			{name: "numpy/4", in: []string{et + "[]", et + "[2,3,6]"}, out: []string{"boolean[2,3,6]"}},
			{name: "numpy/5", in: []string{et + "[2,3,6]", et + "[]"}, out: []string{"boolean[2,3,6]"}},
			{name: "numpy/6", in: []string{et + "[1,?,6]", et + "[3,1]"}, out: []string{"boolean[1,3,6]"}},
		}
	}
	const (
		dynA  = "i64[2,3..5,?,..5,6..]"
		bothA = "f64[2,4,5,?,4..5,..6]"
		bothB = "f64[2,4,5,5,?,4..]"
		npA   = "f64[2,2..4,?,4..5,..6,1]"
		npB   = "f64[2,4..,5,4..]"
	)
	cases := []tpCase{
		{name: "argument_shapes_are_inconsistent", attrs: none, in: []string{"f32[2,4]", "f32[1,2,4]"}, err: "Argument shapes are inconsistent"},
		{name: "propagate_static_partial_shape_no_broadcast", attrs: none, in: []string{"f32[2,4,5]", "f32[2,4,5]"}, out: []string{"boolean[2,4,5]"}},
		{name: "propagate_static_partial_shape_pdpd_broadcast", attrs: []string{"auto_broadcast", "pdpd"}, in: []string{"f64[1,3,6]", "f64[1,1,1]"}, out: []string{"boolean[1,3,6]"}},
		{name: "propagate_dynamic_partial_shape_no_broadcast", attrs: none, in: []string{dynA, "i64[2,3..4,8,2..5,10]"}, out: []string{"boolean[2,3..4,8,2..5,10]"}},
		{name: "propagate_dynamic_partial_shape_numpy_broadcast", in: []string{dynA, "i64[2,3..4,8]"}, out: []string{"boolean[2,3..5,2,3..4,8]"}},
		{name: "propagate_dynamic_rank_shape_no_broadcast", attrs: none, in: []string{"i32[...]", "i32[...]"}, out: []string{"boolean[...]"}},
		{name: "propagate_dynamic_rank_shape", in: []string{"i16[...]", "i16[...]"}, out: []string{"boolean[...]"}},
		{name: "propagate_one_input_is_dynamic_rank_shape/ab", in: []string{"i8[3,4,1..5,?]", "i8[...]"}, out: []string{"boolean[...]"}},
		{name: "propagate_one_input_is_dynamic_rank_shape/ba", in: []string{"i8[...]", "i8[3,4,1..5,?]"}, out: []string{"boolean[...]"}},
		{name: "allowed_mixed_input_types/bool_bool", in: []string{"boolean[1,2,3]", "boolean[1,2,3]"}, out: []string{"boolean[1,2,3]"}},
		{name: "allowed_mixed_input_types/bool_dyn", in: []string{"boolean[1,2,3]", "dynamic[1,2,3]"}, out: []string{"boolean[1,2,3]"}},
		{name: "allowed_mixed_input_types/dyn_i32", in: []string{"dynamic[1,2,3]", "i32[1,2,3]"}, out: []string{"boolean[1,2,3]"}},
		{name: "allowed_mixed_input_types/dyn_bool", in: []string{"dynamic[1,2,3]", "boolean[1,2,3]"}, out: []string{"boolean[1,2,3]"}},
		{name: "allowed_mixed_input_types/dyn_dyn", in: []string{"dynamic[1,2,3]", "dynamic[1,2,3]"}, out: []string{"boolean[1,2,3]"}},
		{name: "not_allowed_mixed_input_types/i32_bool", in: []string{"i32[1,2,3]", "boolean[1,2,3]"}, err: "*"},
		{name: "not_allowed_mixed_input_types/bool_i32", in: []string{"boolean[1,2,3]", "i32[1,2,3]"}, err: "*"},
		{name: "propagate_symbols_from_one_input_only_no_broadcast/ab", attrs: none, in: []string{"f64[2,4,5]", "f64[2,4,5]"}, out: []string{"boolean[2,4,5]"}},
		{name: "propagate_symbols_from_both_inputs_no_broadcast/ab", attrs: none, in: []string{bothA, bothB}, out: []string{"boolean[2,4,5,5,4..5,4..6]"}},
		{name: "propagate_symbols_from_both_inputs_no_broadcast/ba", attrs: none, in: []string{bothB, bothA}, out: []string{"boolean[2,4,5,5,4..5,4..6]"}},
		{name: "propagate_symbols_from_both_inputs_numpy_broadcast/ab", in: []string{npA, npB}, out: []string{"boolean[2,2..4,2,4..5,5,4..]"}},
		{name: "propagate_symbols_from_both_inputs_numpy_broadcast/ba", in: []string{npB, npA}, out: []string{"boolean[2,2..4,2,4..5,5,4..]"}},
		{name: "use_default_ctor", in: []string{"f32[2,5,?,..5,6..]", "f32[2,4,8]"}, out: []string{"boolean[2,5,2,4,8]"}},
	}
	cases = append(cases, numpy("f64")...)
	for _, op := range []string{"Equal", "NotEqual", "Greater", "GreaterEqual", "Less", "LessEqual"} {
		tpRun(t, op, "opset1", cases)
	}
}

// The arithmetic tests of binary_elementwise.cpp@f34c598c (Add unless named).
func TestTPBinaryElementwiseArith(t *testing.T) {
	none := []string{"auto_broadcast", "none"}
	const shapes = "Argument shapes are inconsistent"
	add := []tpCase{
		{name: "add_bad_arguments/shapes", in: []string{"f32[2,4]", "f32[4,2]"}, err: shapes},
		{name: "add_bad_arguments/element_types", in: []string{"f32[2,4]", "i32[2,4]"}, err: "Arguments do not have the same element type"},
		{name: "add_bad_arguments/good", in: []string{"f32[2,4]", "f32[2,4]"}, out: []string{"f32[2,4]"}},
		{name: "binary_arithmetic_bool_argument_element_types", in: []string{"boolean[2,4]", "boolean[2,4]"}, err: "This operation does not support inputs with element type: boolean"},
		{name: "binary_elementwise_arithmetic_both_dynamic", in: []string{"f32[...]", "f32[...]"}, out: []string{"f32[...]"}},
		{name: "left_rank_static_dynamic_right_rank_static_dynamic_result_static", in: []string{"f32[1,?,3]", "f32[1,2,?]"}, out: []string{"f32[1,2,3]"}},
		{name: "left_rank_static_dynamic_right_rank_static_dynamic_result_rank_static_dynamic", in: []string{"f32[1,?,?]", "f32[1,2,?]"}, out: []string{"f32[1,2,?]"}},
		{name: "left_static_right_rank_static_dynamic", in: []string{"f32[1,2,3]", "f32[1,2,?]"}, out: []string{"f32[1,2,3]"}},
		{name: "left_rank_static_dynamic_right_static", in: []string{"f32[1,2,?]", "f32[1,2,3]"}, out: []string{"f32[1,2,3]"}},
		{name: "left_rank_static_dynamic_inconsistent", in: []string{"f32[1,2,?]", "f32[1,3,3]"}, err: shapes},
		{name: "right_rank_static_dynamic_inconsistent", in: []string{"f32[1,3,3]", "f32[1,2,?]"}, err: shapes},
		{name: "both_rank_static_dynamic_inconsistent", in: []string{"f32[?,3,3]", "f32[1,2,?]"}, err: shapes},
		{name: "left_rank_static_dynamic_different_rank", in: []string{"f32[1,2,?]", "f32[1,2,3,4]"}, err: shapes},
		{name: "right_rank_static_dynamic_different_rank", in: []string{"f32[1,2,3,4]", "f32[1,2,?]"}, err: shapes},
		{name: "both_rank_static_dynamic_different_rank", in: []string{"f32[1,?,3,4]", "f32[1,2,?]"}, err: shapes},
		{name: "both_et_dynamic", in: []string{"dynamic[1,2,3,4]", "dynamic[1,2,3,4]"}, out: []string{"dynamic[1,2,3,4]"}},
		{name: "left_et_dynamic", in: []string{"dynamic[1,2,3,4]", "u32[1,2,3,4]"}, out: []string{"u32[1,2,3,4]"}},
		{name: "right_et_dynamic", in: []string{"i64[1,2,3,4]", "dynamic[1,2,3,4]"}, out: []string{"i64[1,2,3,4]"}},
		{name: "logic_arith_compare_partial_et/int_int", in: []string{"i32[1,2,3]", "i32[1,2,3]"}, out: []string{"i32[1,2,3]"}},
		{name: "logic_arith_compare_partial_et/int_boo", in: []string{"i32[1,2,3]", "boolean[1,2,3]"}, err: "*"},
		{name: "logic_arith_compare_partial_et/int_dyn", in: []string{"i32[1,2,3]", "dynamic[1,2,3]"}, out: []string{"i32[1,2,3]"}},
		{name: "logic_arith_compare_partial_et/boo_int", in: []string{"boolean[1,2,3]", "i32[1,2,3]"}, err: "*"},
		{name: "logic_arith_compare_partial_et/boo_boo", in: []string{"boolean[1,2,3]", "boolean[1,2,3]"}, err: "*"},
		{name: "logic_arith_compare_partial_et/boo_dyn", in: []string{"boolean[1,2,3]", "dynamic[1,2,3]"}, err: "*"},
		{name: "logic_arith_compare_partial_et/dyn_int", in: []string{"dynamic[1,2,3]", "i32[1,2,3]"}, out: []string{"i32[1,2,3]"}},
		{name: "logic_arith_compare_partial_et/dyn_boo", in: []string{"dynamic[1,2,3]", "boolean[1,2,3]"}, err: "*"},
		{name: "logic_arith_compare_partial_et/dyn_dyn", in: []string{"dynamic[1,2,3]", "dynamic[1,2,3]"}, out: []string{"dynamic[1,2,3]"}},
	}
	// eltwise_auto_bcast and binary_arithmetic_bad_argument_shape_with_none_autobroadcast_attribute
	// (Add and Maximum).
	both := []tpCase{
		{name: "eltwise_auto_bcast/1", in: []string{"f32[1,3,6]", "f32[3,1]"}, out: []string{"f32[1,3,6]"}},
		{name: "eltwise_auto_bcast/2", in: []string{"f32[1,3,6]", "f32[2,3,6]"}, out: []string{"f32[2,3,6]"}},
		{name: "eltwise_auto_bcast/3", in: []string{"f32[6]", "f32[2,3,6]"}, out: []string{"f32[2,3,6]"}},
		{name: "eltwise_auto_bcast/4", in: []string{"f32[]", "f32[2,3,6]"}, out: []string{"f32[2,3,6]"}},
		{name: "eltwise_auto_bcast/5", in: []string{"f32[2,3,6]", "f32[]"}, out: []string{"f32[2,3,6]"}},
		{name: "eltwise_auto_bcast/6", in: []string{"f32[1,?,6]", "f32[3,1]"}, out: []string{"f32[1,3,6]"}},
		{name: "bad_argument_shape_with_none_autobroadcast_attribute", attrs: none, in: []string{"f32[2,4]", "f32[1,2,4]"}, err: shapes},
	}
	tpRun(t, "Add", "opset1", append(add, both...))
	tpRun(t, "Maximum", "opset1", both)
}

// tp9Chain is binary_elementwise.cpp's createReshapeSubgraph (and its add_sub chains):
// Reshape(p, Convert_i32(ops…(Convert_f32(ShapeOf(p))))) with special_zero false, where each
// step is an op type and its f32 Constant (lhs when the step's flag is set). It returns the
// Reshape's output, or the first error.
func tp9Chain(t *testing.T, param string, steps []tp9Step) (Output, error) {
	t.Helper()
	p := tpInput(t, param)
	so := tpfInfer(t, "ShapeOf", "opset3", nil, param)
	x := tpfInfer(t, "Convert", "opset1", []string{"destination_type", "f32"}, so[0])[0]
	for _, s := range steps {
		args := []any{x, tpfK("f32", s.k)}
		if s.lhs {
			args[0], args[1] = args[1], args[0]
		}
		x = tpfInfer(t, s.op, "opset1", nil, args...)[0]
	}
	ci := tpfInfer(t, "Convert", "opset1", []string{"destination_type", "i32"}, x)[0]
	def, err := Lookup("Reshape", "opset1")
	require.NoError(t, err)
	op, diags := def.Decode(mkLayer("Reshape", "opset1", "special_zero", "false"), nil)
	require.Empty(t, diags)
	in := []Input{p, {Type: ci.Type, Shape: ci.Shape, Value: ci.Value, Constant: ci.Value != nil, Bounds: ci.Bounds}}
	outs, err := op.Infer(in)
	if err != nil {
		return Output{}, err
	}
	return Propagate(op, in, outs)[0], nil
}

// tp9Step is one op of a tp9Chain.
type tp9Step struct {
	op, k string
	lhs   bool
}

func TestTPBinaryElementwiseIntervals(t *testing.T) {
	const (
		addP = "f32[?,2..,..6,7..10,7..10,5]"
		subP = "f32[?,24..,4..36,13..27,13..27,15]"
		mulP = "f32[?,4..,..6,5..7,9..10,15]"
		powP = "f32[?,4..,..4,2..3,3..4,2]"
		mmP  = "f32[?,4..,..4,..4,3..5,3..5,3..5,5,8]"
		mmK  = "2,2,2,6,2,4,7,8,5"
	)
	for _, c := range []struct {
		name, param string
		steps       []tp9Step
		out, err    string
	}{
		{name: "interval_value_propagation_add_rhs", param: addP, steps: []tp9Step{{"Add", "2,3,4,5,-5,6", false}}, out: "[?,?,4..10,12..15,2..5,11]"},
		{name: "interval_value_propagation_add_lhs", param: addP, steps: []tp9Step{{"Add", "2,3,4,5,-5,6", true}}, out: "[?,?,4..10,12..15,2..5,11]"},
		{name: "interval_value_propagation_add_incorrect_dim", param: "f32[5..7]", steps: []tp9Step{{"Add", "-10", false}}, err: "dim[0] has invalid bounds"},
		{name: "interval_value_propagation_sub_rhs", param: subP, steps: []tp9Step{{"Subtract", "2,3,4,5,-5,6", false}}, out: "[?,?,..32,8..22,18..32,9]"},
		{name: "interval_value_propagation_sub_lhs", param: subP, steps: []tp9Step{{"Subtract", "12,28,36,43,27,25", true}}, out: "[?,?,0..32,16..30,0..14,10]"},
		{name: "interval_value_propagation_sub_incorrect_dim", param: "f32[13..27]", steps: []tp9Step{{"Subtract", "5", true}}, err: "dim[0] has invalid bounds"},
		{name: "interval_value_propagation_mul_rhs", param: mulP, steps: []tp9Step{{"Multiply", "7,6,5,4,3,2", false}}, out: "[?,?,..30,20..28,27..30,30]"},
		{name: "interval_value_propagation_mul_lhs", param: mulP, steps: []tp9Step{{"Multiply", "7,6,5,4,3,2", true}}, out: "[?,?,..30,20..28,27..30,30]"},
		{name: "interval_value_propagation_mul_incorrect_dim_rhs", param: "f32[5..7]", steps: []tp9Step{{"Multiply", "-3", false}}, err: "dim[0] has invalid bounds"},
		{name: "interval_value_propagation_mul_incorrect_dim_lhs", param: "f32[5..7]", steps: []tp9Step{{"Multiply", "-3", true}}, err: "dim[0] has invalid bounds"},
		{name: "interval_value_propagation_div_rhs", param: "f32[8..16,9..30,15]", steps: []tp9Step{{"Divide", "4,3,5", false}}, out: "[2..4,3..10,3]"},
		{name: "interval_value_propagation_div_rhs_full", param: "f32[?,4..,..6,8..16,9..30,15]", steps: []tp9Step{{"Divide", "8,2,2,4,3,5", false}}, out: "[?,?,..3,2..4,3..10,3]"},
		{name: "interval_value_propagation_div_lhs", param: "f32[?,4..,..6,8..16,9..30,15]", steps: []tp9Step{{"Divide", "8,8,12,32,90,45", true}}, out: "[?,?,2..,2..4,3..10,3]"},
		{name: "interval_value_propagation_pow_rhs", param: powP, steps: []tp9Step{{"Power", "2,2,2,2,2,2", false}}, out: "[?,?,..16,4..9,9..16,4]"},
		{name: "interval_value_propagation_pow_lhs", param: powP, steps: []tp9Step{{"Power", "2,2,2,2,2,2", true}}, out: "[?,?,1..16,4..8,8..16,4]"},
		{name: "interval_value_propagation_max_rhs", param: mmP, steps: []tp9Step{{"Maximum", mmK, false}}, out: "[?,?,2..4,6,3..5,4..5,7,8,8]"},
		{name: "interval_value_propagation_max_lhs", param: mmP, steps: []tp9Step{{"Maximum", mmK, true}}, out: "[?,?,2..4,6,3..5,4..5,7,8,8]"},
		{name: "interval_value_propagation_min_rhs", param: mmP, steps: []tp9Step{{"Minimum", mmK, false}}, out: "[?,?,..2,..4,2,3..4,3..5,5,5]"},
		{name: "interval_value_propagation_min_lhs", param: mmP, steps: []tp9Step{{"Minimum", mmK, true}}, out: "[?,?,..2,..4,2,3..4,3..5,5,5]"},
		{name: "interval_value_propagation_add_sub", param: "f32[2..8,4..16,2]", steps: []tp9Step{{"Add", "2,3,4", false}, {"Subtract", "3,2,1", false}}, out: "[1..7,5..17,5]"},
		{name: "interval_value_propagation_add_sub_no_bounds", param: "f32[?,4..,..2]", steps: []tp9Step{{"Add", "2,3,4", false}, {"Subtract", "3,2,1", false}}, out: "[?,?,3..5]"},
		{name: "interval_value_propagation_add_sub_div_mul", param: "f32[?,2..8,4..10,6]",
			steps: []tp9Step{{"Add", "2,2,-1,3", false}, {"Divide", "2,2,-3,3", false}, {"Subtract", "2,1,2,-4", false}, {"Multiply", "2,3,-4,5", false}},
			out:   "[?,3..12,12..20,35]"},
	} {
		t.Run(c.name, func(t *testing.T) {
			o, err := tp9Chain(t, c.param, c.steps)
			if c.err != "" {
				require.Error(t, err)
				require.Contains(t, err.Error(), c.err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, "f32", o.Type.String())
			require.Equal(t, shape(t, c.out).String(), o.Shape.String())
		})
	}
}

// TestTP9FloatBoundsRounding checks the float arithmetic bounds beyond the type_prop chains:
// a fractional result widens to the enclosing integers (OpenVINO keeps the f32 value, which
// Convert then truncates), f64 computes like f32, a divisor interval holding zero gives no
// bound, and Mod has none.
func TestTP9FloatBoundsRounding(t *testing.T) {
	for _, c := range []struct {
		name, et, op, param, k string
		lo, hi                 []int64
	}{
		// [3..9] / 2 = [1.5, 4.5] -> [1, 5]; 7 / 2 = 3.5 -> [3, 4].
		{"divide_fraction", "f32", "Divide", "f32[3..9,7]", "2", []int64{1, 3}, []int64{5, 4}},
		{"multiply_half_f64", "f64", "Multiply", "f32[2..8,5]", "0.5", []int64{1, 2}, []int64{4, 3}},
		{"subtract_negative_f64", "f64", "Subtract", "f32[2..8,5]", "10", []int64{-8, -5}, []int64{-2, -5}},
	} {
		t.Run(c.name, func(t *testing.T) {
			so := tpfInfer(t, "ShapeOf", "opset3", nil, c.param)[0]
			x := tpfInfer(t, "Convert", "opset1", []string{"destination_type", c.et}, so)[0]
			o := tpfInfer(t, c.op, "opset1", nil, x, c.et+"[]="+c.k)[0]
			require.NotNil(t, o.Bounds)
			require.Equal(t, c.lo, o.Bounds.Lo)
			require.Equal(t, c.hi, o.Bounds.Hi)
			ci := tpfInfer(t, "Convert", "opset1", []string{"destination_type", "i64"}, o)[0]
			require.Equal(t, c.lo, ci.Bounds.Lo)
			require.Equal(t, c.hi, ci.Bounds.Hi)
		})
	}
	so := tpfInfer(t, "ShapeOf", "opset3", nil, "f32[2..8]")[0]
	x := tpfInfer(t, "Convert", "opset1", []string{"destination_type", "f32"}, so)[0]
	neg := tpfInfer(t, "Subtract", "opset1", nil, x, "f32[]=4")[0] // [-2, 4]: holds zero
	require.Equal(t, []int64{-2}, neg.Bounds.Lo)
	d := tpfInfer(t, "Divide", "opset1", nil, "f32[1]=6", neg)[0]
	require.Equal(t, []int64{math.MinInt64}, d.Bounds.Lo)
	require.Equal(t, []int64{ir.Inf}, d.Bounds.Hi)
	m := tpfInfer(t, "Mod", "opset1", nil, x, "f32[]=3")[0]
	require.Nil(t, m.Bounds)
}
