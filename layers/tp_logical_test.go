package layers

import "testing"

// LogicalAnd/Or/Xor-1 and LogicalNot-1 shape and type inference: the typed suite
// src/core/tests/type_prop/logical_ops.hpp@09d9dfab (instantiated by logical_and.cpp,
// logical_or.cpp, logical_xor.cpp) and logical_not.cpp@09d9dfab. The incorrect_* tests
// check the message only if construction throws; OpenVINO's logical ops do throw there.
func TestTPLogical(t *testing.T) {
	var cases []tpCase
	for _, et := range []string{"f32", "f64", "i32", "i64", "u32", "u64"} {
		cases = append(cases, tpCase{name: "incorrect_type_" + et, in: []string{et + "[1,3,6]", et + "[1,3,6]"},
			err: "Operands for logical operators must have boolean element type but have element type " + et})
	}
	cases = append(cases,
		tpCase{name: "incorrect_shape", in: []string{"boolean[1,3,6]", "boolean[1,2,3]"}, err: "Argument shapes are inconsistent"},
		tpCase{name: "inputs_have_different_types", in: []string{"boolean[1,1,6]", "f16[1,3,1]"}, err: "Arguments do not have the same element type"},
		tpCase{name: "inputs_have_inconsistent_shapes", in: []string{"boolean[1,1,6]", "boolean[1,3,3]"}, err: "Argument shapes are inconsistent"},
		tpCase{name: "shape_broadcast", in: []string{"boolean[1,1,6]", "boolean[1,3,1]"}, out: []string{"boolean[1,3,6]"}},
		tpCase{name: "partial_shape_no_broadcast", attrs: []string{"auto_broadcast", "none"},
			in: []string{"boolean[1,2..4,2..5,4,?]", "boolean[1,3,1..6,4,..5]"}, out: []string{"boolean[1,3,2..5,4,..5]"}},
		tpCase{name: "partial_shape_no_broadcast/swapped", attrs: []string{"auto_broadcast", "none"},
			in: []string{"boolean[1,3,1..6,4,..5]", "boolean[1,2..4,2..5,4,?]"}, out: []string{"boolean[1,3,2..5,4,..5]"}},
		tpCase{name: "partial_shape_numpy_broadcast", attrs: []string{"auto_broadcast", "numpy"},
			in: []string{"boolean[1,2..4,2..5,4,?]", "boolean[1,3,1..6,4]"}, out: []string{"boolean[1,2..4,3,4,4]"}},
		tpCase{name: "partial_shape_numpy_broadcast/swapped", attrs: []string{"auto_broadcast", "numpy"},
			in: []string{"boolean[1,3,1..6,4]", "boolean[1,2..4,2..5,4,?]"}, out: []string{"boolean[1,2..4,3,4,4]"}},
		tpCase{name: "default_ctor", attrs: []string{"auto_broadcast", "numpy"},
			in: []string{"boolean[1,2..4,2..5,4,?]", "boolean[1,3,1..6,4]"}, out: []string{"boolean[1,2..4,3,4,4]"}},
	)
	for _, op := range []string{"LogicalAnd", "LogicalOr", "LogicalXor"} {
		tpRun(t, op, "opset1", cases)
	}

	// logical_not.cpp: any element type, the shape and type propagated.
	var not []tpCase
	for _, et := range []string{"boolean", "i16", "i32", "i64", "u16", "u32", "u64", "f32", "f64"} {
		for _, s := range []string{"0", "1", "2,3,7,8", "?,?,?", "2,..5,4..,?,3..8", "..."} {
			not = append(not, tpCase{name: "propagate_dimensions/" + et + "/" + s, in: []string{et + "[" + s + "]"}, out: []string{et + "[" + s + "]"}})
		}
	}
	tpRun(t, "LogicalNot", "opset1", not)
}
