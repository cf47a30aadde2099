package layers

import "testing"

// Einsum-7 shape inference: src/core/tests/type_prop/einsum.cpp@085e794c, as data (the
// symbol assertions of the dynamic tests are out of scope; their shapes are kept).
func TestTPEinsum(t *testing.T) {
	eq := func(e string) []string { return []string{"equation", e} }
	tpRun(t, "Einsum", "opset7", []tpCase{
		{name: "static_shape_dot_product", attrs: eq("i,i->"), in: []string{"f32[3]", "f32[3]"}, out: []string{"f32[]"}},
		{name: "static_shape_matmul", attrs: eq("ab,bc->ac"), in: []string{"f32[2,3]", "f32[3,4]"}, out: []string{"f32[2,4]"}},
		{name: "static_shape_trace", attrs: eq("kii->k"), in: []string{"f32[2,3,3]"}, out: []string{"f32[2]"}},
		{name: "static_shape_diag_extraction", attrs: eq("kii->ki"), in: []string{"f32[2,3,3]"}, out: []string{"f32[2,3]"}},
		{name: "static_shape_transpose", attrs: eq("ijk->kij"), in: []string{"f32[1,2,3]"}, out: []string{"f32[3,1,2]"}},
		{name: "static_shape_multi_matmul", attrs: eq("ab,bcd,bc->ca"), in: []string{"i32[2,5]", "i32[5,3,6]", "i32[5,3]"}, out: []string{"i32[3,2]"}},
		{name: "static_shape_ellipsis_one_input", attrs: eq("a...->..."), in: []string{"f32[5,3]"}, out: []string{"f32[3]"}},
		{name: "static_shape_ellipsis_with_1d", attrs: eq("a...,...->a..."), in: []string{"f32[3,5]", "f32[1]"}, out: []string{"f32[3,5]"}},
		{name: "static_shape_ellipsis", attrs: eq("a...b,b...->a..."), in: []string{"i32[11,1,4,3]", "i32[3,11,7,1]"}, out: []string{"i32[11,11,7,4]"}},
		{name: "dynamic_shape_dot_product", attrs: eq("a,ab->ab"), in: []string{"f64[2..7]", "f64[3..10,3]"}, out: []string{"f64[3..7,3]"}},
		{name: "dynamic_shape_diag_extraction", attrs: eq("xyzxy->xyz"), in: []string{"i32[2..7,1..5,4,3..5,3]"}, out: []string{"i32[3..5,3,4]"}},
		{name: "dynamic_shape_ellipsis", attrs: eq("a...b,b...->a..."), in: []string{"f32[11,1,3..5,3]", "f32[3,11,7,1..3]"}, out: []string{"f32[11,11,7,3..5]"}},
		{name: "implicit_mode_mixed_case_letters", attrs: eq("AbC"), in: []string{"i32[1,2..3,4..5]"}, out: []string{"i32[1,4..5,2..3]"}},
		{name: "implicit_mode_mixed_case_letters_ellipsis", attrs: eq("a...b,B..."), in: []string{"f32[3..5,11,1,3]", "f32[1..3,3,1,7]"}, out: []string{"f32[3,11,7,1..3,3..5,3]"}},
		{name: "implicit_mode_repeated_symbols", attrs: eq("a...b,b..."), in: []string{"f32[3..5,11,1,3]", "f32[1..3,3,1,7]"}, out: []string{"f32[3,11,7,3..5]"}},
		{name: "dynamic_shape_implict_mode_inner_prod", attrs: eq("i,i"), in: []string{"f16[11]", "f16[1..20]"}, out: []string{"f16[]"}},
		{name: "dynamic_rank_multi_matmul", attrs: eq("ab,bcd,bc->ca"), in: []string{"i32[2,5]", "i32[...]", "i32[5,3]"}, out: []string{"i32[3,2]"}},
		{name: "all_dynamic_rank_multi_matmul", attrs: eq("ab,bcd,bc->ca"), in: []string{"i32[...]", "i32[...]", "i32[...]"}, out: []string{"i32[?,?]"}},
		{name: "incorrect_equation_subscript_number", attrs: eq("ab,bc,cd->ac"), in: []string{"f32[2,3]", "f32[3,4]"},
			err: "Equation must contain a number of subscripts equal to a number of Einsum inputs."},
		{name: "incorrect_equation_invalid_symbols", attrs: eq("a$,Bc->ac"), in: []string{"f32[2,3]", "f32[3,4]"},
			err: "Input subscript of Einsum equation must consist of either only alphabetic letters or alphabetic letters with one ellipsis."},
		{name: "incorrect_equation_incompatible_shapes", attrs: eq("ab,bc->ac"), in: []string{"f32[2,10]", "f32[3,4]"},
			err: "Different input dimensions indicated by the same labels for Einsum must be compatible."},
		{name: "incorrect_equation_not_broadcastable_shapes", attrs: eq("a...b,b...->a..."), in: []string{"f32[11,1,4,3]", "f32[3,11,7,5]"},
			err: "Input dimensions labeled with ellipsis for Einsum must be broadcastable."},
		{name: "incorrect_equation_missed_ellipsis", attrs: eq("a...b,b...->a"), in: []string{"f32[11,1,4,3]", "f32[3,11,7,5]"},
			err: "Output subscript of Einsum equation must contain one ellipsis if ellipsis is met in any input subscript."},
	})
}
