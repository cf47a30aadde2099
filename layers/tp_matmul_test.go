package layers

import "testing"

// MatMul-0 shape inference: src/core/tests/type_prop/matmul.cpp@09d9dfab, as data. Symbol
// checks are out of scope.
func TestTPMatMul(t *testing.T) {
	tab := func(a, b string) []string { return []string{"transpose_a", a, "transpose_b", b} }
	cases := []tpCase{
		{name: "matmul_2D_same", attrs: tab("false", "false"), in: []string{"f32[2,2]", "f32[2,2]"}, out: []string{"f32[2,2]"}},
		{name: "matmul_4D_same", attrs: tab("false", "false"), in: []string{"f32[2,2,3,3]", "f32[2,2,3,3]"}, out: []string{"f32[2,2,3,3]"}},
		{name: "matmul_2D", attrs: tab("false", "false"), in: []string{"f32[3,6]", "f32[6,4]"}, out: []string{"f32[3,4]"}},
		{name: "matmul_4D", attrs: tab("false", "false"), in: []string{"f32[2,2,3,6]", "f32[2,2,6,4]"}, out: []string{"f32[2,2,3,4]"}},
		{name: "matmul_5D_x_3D_transpose_a_transpose_b", attrs: tab("true", "true"), in: []string{"f32[2,1,6,3]", "f32[7,1,5,4,6]"}, out: []string{"f32[7,2,5,3,4]"}},
		{name: "matmul_2D_transpose_a", attrs: tab("true", "false"), in: []string{"f32[6,3]", "f32[6,4]"}, out: []string{"f32[3,4]"}},
		{name: "matmul_4D_transpose_a", attrs: tab("true", "false"), in: []string{"f32[2,2,6,3]", "f32[2,2,6,4]"}, out: []string{"f32[2,2,3,4]"}},
		{name: "matmul_2D_transpose_b", attrs: tab("false", "true"), in: []string{"f32[3,6]", "f32[4,6]"}, out: []string{"f32[3,4]"}},
		{name: "matmul_4D_transpose_b", attrs: tab("false", "true"), in: []string{"f32[2,2,3,6]", "f32[2,2,4,6]"}, out: []string{"f32[2,2,3,4]"}},
		{name: "matmul_dynamic_5D_transpose_b", attrs: tab("false", "true"), in: []string{"f32[?,4,?,?,6]", "f32[1,?,?,4,6]"}, out: []string{"f32[?,4,?,?,4]"}},
		{name: "matmul_dynamic_2D_transpose_a", attrs: tab("true", "false"), in: []string{"f32[?,3]", "f32[4,?]"}, out: []string{"f32[3,?]"}},
		{name: "matmul_dynamic_1D_3D", attrs: tab("false", "false"), in: []string{"f32[?]", "f32[2,4,?]"}, out: []string{"f32[2,?]"}},
		{name: "matmul_1D_x_1D_false_false", attrs: tab("false", "false"), in: []string{"f32[1]", "f32[1]"}, out: []string{"f32[]"}},
		{name: "matmul_1D_x_1D_false_true", attrs: tab("false", "true"), in: []string{"f32[1]", "f32[1]"}, out: []string{"f32[]"}},
		{name: "matmul_1D_x_1D_true_false", attrs: tab("true", "false"), in: []string{"f32[1]", "f32[1]"}, out: []string{"f32[]"}},
		{name: "matmul_1D_x_1D_true_true", attrs: tab("true", "true"), in: []string{"f32[1]", "f32[1]"}, out: []string{"f32[]"}},
		{name: "matmul_1D_x_1D_incompatible", attrs: tab("false", "false"), in: []string{"f32[3]", "f32[4]"}, err: "Incompatible MatMul matrix dimension"},
		{name: "matmul_2D_x_1D_false_false", attrs: tab("false", "false"), in: []string{"f32[1,2]", "f32[2]"}, out: []string{"f32[1]"}},
		{name: "matmul_2D_x_1D_false_true", attrs: tab("false", "true"), in: []string{"f32[1,2]", "f32[2]"}, out: []string{"f32[1]"}},
		{name: "matmul_2D_x_1D_true_false", attrs: tab("true", "false"), in: []string{"f32[1,2]", "f32[2]"}, err: "Incompatible MatMul matrix dimension"},
		{name: "matmul_2D_x_1D_true_true", attrs: tab("true", "true"), in: []string{"f32[1,2]", "f32[2]"}, err: "Incompatible MatMul matrix dimension"},
		{name: "matmul_1D_x_2D_false_false", attrs: tab("false", "false"), in: []string{"f32[2]", "f32[2,1]"}, out: []string{"f32[1]"}},
		{name: "matmul_1D_x_2D_false_true", attrs: tab("false", "true"), in: []string{"f32[2]", "f32[2,1]"}, err: "Incompatible MatMul matrix dimension"},
		{name: "matmul_1D_x_2D_true_false", attrs: tab("true", "false"), in: []string{"f32[2]", "f32[2,1]"}, out: []string{"f32[1]"}},
		{name: "matmul_1D_x_2D_true_true", attrs: tab("true", "true"), in: []string{"f32[2]", "f32[2,1]"}, err: "Incompatible MatMul matrix dimension"},
		{name: "matmul_1D_x_4D_false_false", attrs: tab("false", "false"), in: []string{"f32[3]", "f32[1,2,3,4]"}, out: []string{"f32[1,2,4]"}},
		{name: "matmul_4D_x_1D_false_false", attrs: tab("false", "false"), in: []string{"f32[1,2,3,4]", "f32[4]"}, out: []string{"f32[1,2,3]"}},
		{name: "matmul_batch_broadcast", attrs: tab("false", "false"), in: []string{"f32[5,1,1,4,3]", "f32[1,1,6,3,2]"}, out: []string{"f32[5,1,6,4,2]"}},
		{name: "matmul_batch_broadcast_expand_to_A", attrs: tab("false", "false"), in: []string{"f32[1,4,3]", "f32[7,8,5,3,2]"}, out: []string{"f32[7,8,5,4,2]"}},
		{name: "matmul_batch_broadcast_expand_to_B", attrs: tab("false", "false"), in: []string{"f32[8,7,6,1,4,3]", "f32[1,5,3,2]"}, out: []string{"f32[8,7,6,5,4,2]"}},
		{name: "matmul_incompatible_batch_dims", attrs: tab("false", "false"), in: []string{"f32[7,4,3]", "f32[6,3,2]"}, err: "Incompatible MatMul batch dimension"},
		{name: "matmul_matrix_dynamic_bounds", attrs: tab("false", "false"), in: []string{"f32[2..5,6..10]", "f32[7..8,15..20]"}, out: []string{"f32[2..5,15..20]"}},
		{name: "matmul_batch_dynamic_bounds", attrs: tab("false", "false"),
			in: []string{"f32[?,1..5,2..10,5..7,4..7,5..10,1..4,0..1,0..3,1,1..,1..10,2..,1..,2..,1..,1,1,5,6]",
				"f32[?,10..20,10..20,4..10,5..10,4..7,?,0..1,2..5,5..10,1..5,1..5,1..5,2..,2..,1..,?,3,6,4]"},
			out: []string{"f32[?,10..20,10,5..7,5..7,5..7,?,0..1,2..5,5..10,1..,1..10,2..,2..,2..,1..,?,3,5,4]"}},
		{name: "matmul_incompatible_matrix_dim_bounds", attrs: tab("false", "false"), in: []string{"f32[2..5,3..4]", "f32[1..2,15..20]"}, out: []string{"f32[2..5,15..20]"}},
		{name: "matmul_incompatible_batch_dim_bounds", attrs: tab("false", "false"), in: []string{"f32[2..5,4,3]", "f32[6..10,3,2]"}, out: []string{"f32[?,4,2]"}},
		{name: "matmul_propagate_symbols", attrs: tab("false", "false"), in: []string{"f32[4,2,3,6,4]", "f32[4,2,3,4,2]"}, out: []string{"f32[4,2,3,6,2]"}},
	}
	tpRun(t, "MatMul", "opset1", cases)
}
