package layers

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Assign-3/6 (and the ReadValue feeding one): src/core/tests/type_prop/assign.cpp@f34c598c (2025),
// the tests a single op shows. An IR Assign carries only its variable_id (the variable's shape
// and type are its ReadValue's attributes), so Assign's output is its input's type and shape;
// the tests that check the input against the variable's declared shape or type
// (assign_v6_static_shapes_do_not_match, _static_types_do_not_match,
// _init_shape_is_not_in_range) and assign_variable_not_found (a variable no ReadValue
// declares) are graph-level checks irrun does not make (left, conformance.md round 15).
func TestTPAssign(t *testing.T) {
	id := []string{"variable_id", "variable_id"}
	cases := []tpCase{
		{name: "assign_v6_static_shape_match", attrs: id, in: []string{"f32[1,2,64,64]"}, out: []string{"f32[1,2,64,64]"}},
		{name: "assign_v6_dyn_shape_type_in_variable", attrs: id, in: []string{"f32[1,2,64,64]"}, out: []string{"f32[1,2,64,64]"}},
		{name: "assign_v6_dyn_type_in_input", attrs: id, in: []string{"dynamic[1,2,64,64]"}, out: []string{"dynamic[1,2,64,64]"}},
		{name: "assign_v6_init_shape_is_in_range", attrs: id, in: []string{"f32[1,2,64,64]"}, out: []string{"f32[1,2,64,64]"}},
		{name: "assign_v6_init_shape_is_in_range_2", attrs: id, in: []string{"f32[1..2,2,64,64]"}, out: []string{"f32[1..2,2,64,64]"}},
	}
	tpRun(t, "Assign", "opset6", cases)
	// assign_deduce: ReadValue-3 of a [1,2,64,64] f32 Parameter, then Assign-3.
	rv := tpfInfer(t, "ReadValue", "opset3", id, "f32[1,2,64,64]")
	as := tpfInfer(t, "Assign", "opset3", id, rv[0])
	require.Equal(t, "f32", as[0].Type.String())
	require.Equal(t, "[1,2,64,64]", as[0].Shape.String())
	// assign_set_new_shape_allowed_range: a ReadValue-6 of a fully dynamic variable
	// follows its initialiser, before and after the Parameter's shape changes.
	dynVar := []string{"variable_id", "ID", "variable_type", "dynamic", "variable_shape", "..."}
	for _, in := range []string{"f16[4,3,2,1]", "f16[3,4..5,8]"} {
		rv := tpfInfer(t, "ReadValue", "opset6", dynVar, in)
		as := tpfInfer(t, "Assign", "opset6", []string{"variable_id", "ID"}, rv[0])
		require.Equal(t, in, as[0].Type.String()+as[0].Shape.String())
	}
}
