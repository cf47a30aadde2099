package layers

import "testing"

// Inverse-14 shape and type inference: src/core/tests/type_prop/inverse.cpp@024f642f (adjoint
// false).
func TestTPInverse(t *testing.T) {
	adj := []string{"adjoint", "false"}
	tpRun(t, "Inverse", "opset14", []tpCase{
		{name: "default_ctor", attrs: adj, in: []string{"f64[2,2]=1,1,1,1"}, out: []string{"f64[2,2]"}},
		{name: "input_f64_2x2_constant", attrs: adj, in: []string{"f64[2,2]=1,1,1,1"}, out: []string{"f64[2,2]"}},
		{name: "symbol_propagation (shape)", attrs: adj, in: []string{"f32[2,2]"}, out: []string{"f32[2,2]"}},
		{name: "input_f32_static", attrs: adj, in: []string{"f32[10,4,4]"}, out: []string{"f32[10,4,4]"}},
		{name: "input_f32_static_batch_dynamic_matrix", attrs: adj, in: []string{"f32[12,?,?]"}, out: []string{"f32[12,?,?]"}},
		{name: "input_f32_static_rank", attrs: adj, in: []string{"f32[?,?,?]"}, out: []string{"f32[?,?,?]"}},
		{name: "input_f16_dynamic", attrs: adj, in: []string{"f16[...]"}, out: []string{"f16[...]"}},
		{name: "input_f16_inverval_dimensions", attrs: adj, in: []string{"f16[10,2..5,2..5]"}, out: []string{"f16[10,2..5,2..5]"}},
		{name: "input_non_square", attrs: adj, in: []string{"f64[2,1]=1,1"}, err: "Input must contain square matrices of the same shape."},
		{name: "input_incompatibile_dims_1D", attrs: adj, in: []string{"f16[4]"}, err: "Input must be at least a 2D matrix."},
		{name: "input_incompatibile_dims_0D", attrs: adj, in: []string{"f16[]"}, err: "Input must be at least a 2D matrix."},
		{name: "input_incompatibile_data_dtype", attrs: adj, in: []string{"i32[4,4]"}, err: "Expected floating point type as element type for the 'data' input."},
	})
}
