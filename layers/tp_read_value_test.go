package layers

import "testing"

// ReadValue-3/6 and Assign-3/6 shape inference: src/core/tests/type_prop/read_value.cpp@085c9665
// and assign.cpp@087daa34 (the single-op tests; assign_variable_not_found is a graph test,
// graph/tp_state_test.go). The Variable of the v6 tests is the IR's variable_type and
// variable_shape attributes.
func TestTPReadValue(t *testing.T) {
	v6 := func(shape, et string) []string {
		return []string{"variable_id", "variable_id", "variable_shape", shape, "variable_type", et}
	}
	tpRun(t, "ReadValue", "opset3", []tpCase{
		{name: "read_value_deduce", attrs: []string{"variable_id", "variable_id"}, in: []string{"f32[1,2,64,64]"}, out: []string{"f32[1,2,64,64]"}},
	})
	tpRun(t, "ReadValue", "opset6", []tpCase{
		{name: "read_value_v6_static_shape_match", attrs: v6("1,2,64,64", "f32"), in: []string{"f32[1,2,64,64]"}, out: []string{"f32[1,2,64,64]"}},
		{name: "read_value_v6_static_shapes_do_not_match", attrs: v6("1,2,64,64", "f32"), in: []string{"f32[2,2,64,64]"}, err: "*"},
		{name: "read_value_v6_static_types_do_not_match", attrs: v6("1,2,64,64", "f32"), in: []string{"i32[1,2,64,64]"}, err: "*"},
		{name: "read_value_v6_dyn_shape_type_in_variable", attrs: v6("?,2,?,64", "dynamic"), in: []string{"f32[1,2,64,64]"}, out: []string{"f32[1,2,64,64]"},
			note: "OpenVINO: dynamic[?,2,?,64]; irrun takes a static initialiser's type and shape when the variable's are dynamic (docs/semantics.md, ReadValue and Assign), so that the run can be planned"},
		{name: "read_value_v6_init_shape_is_in_range", attrs: v6("1..10,2..5,64..64,64", "f32"), in: []string{"f32[1,2,64,64]"}, out: []string{"f32[1,2,64,64]"},
			note: "OpenVINO: f32[1..10,2..5,64,64]; irrun takes a static initialiser's shape when the variable's is not static (docs/semantics.md, ReadValue and Assign)"},
		{name: "read_value_v6_init_shape_is_not_in_range", attrs: v6("2..5,2..5,64,64", "f32"), in: []string{"f32[1,2,64,64]"}, err: "*"},
		{name: "read_value_v6_init_shape_is_not_in_range_2", attrs: v6("1,2,64,64", "f32"), in: []string{"f32[1..2,2,64,64]"}, err: "*"},
		{name: "read_value_v6_no_init", attrs: v6("1,2,64,64", "f32"), out: []string{"f32[1,2,64,64]"}},
		{name: "read_value_symbols_propagation (shape)", attrs: v6("1,2,64,64", "f32"), out: []string{"f32[1,2,64,64]"}},
		// read_value_v6_variable_not_initialized: a ReadValue without a variable is, in IR,
		// one without variable_id.
		{name: "read_value_v6_variable_not_initialized", attrs: []string{"variable_shape", "1", "variable_type", "f32"}, err: "variable id"},
	})
	tpRun(t, "Assign", "opset3", []tpCase{
		{name: "assign_deduce", attrs: []string{"variable_id", "variable_id"}, in: []string{"f32[1,2,64,64]"}, out: []string{"f32[1,2,64,64]"}},
	})
	// assign_read_value_new_shape: ReadValue-6 of a dynamic variable, then Assign-6, before
	// and after the input is reshaped to {3, {4, 5}, 8}.
	for _, s := range []string{"4,3,2,1", "3,4..5,8"} {
		tpRun(t, "ReadValue", "opset6", []tpCase{{name: "assign_read_value_new_shape/read_value/" + s, attrs: v6("...", "dynamic"), in: []string{"f16[" + s + "]"}, out: []string{"f16[" + s + "]"}}})
		tpRun(t, "Assign", "opset6", []tpCase{{name: "assign_read_value_new_shape/" + s, attrs: []string{"variable_id", "ID"}, in: []string{"f16[" + s + "]"}, out: []string{"f16[" + s + "]"}}})
	}
}
