package layers

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// SparseFillEmptyRows-16: src/core/tests/type_prop/sparse_fill_empty_rows.cpp@adc8a768 as
// data (inputs values, dense_shape, indices, default_value; outputs indices, values,
// empty_row_indicator). Symbol checks are out of scope.
func TestTPSparseFillEmptyRows(t *testing.T) {
	dyn := func(it string) []string { return []string{it + "[?,2]", "f32[?]", "boolean[?]"} }
	tpRun(t, "SparseFillEmptyRows", "opset16", []tpCase{
		{name: "default_ctor_valid_inputs", in: []string{"f32[3]", "i32[2]", "i32[3,2]", "f32[]"}, out: dyn("i32")},
		{name: "with_const_inputs", in: []string{"f32[2]", "i32[2]=3,3", "i32[2,2]=0,0,2,2", "f32[]"}, out: []string{"i32[3,2]", "f32[3]", "boolean[3]"}},
		{name: "dynamic_shapes", in: []string{"f32[...]", "i32[...]", "i32[...]", "f32[...]"}, out: dyn("i32")},
		{name: "partially_dynamic_shapes", in: []string{"f32[?]", "i64[2]", "i64[?,2]", "f32[]"}, out: dyn("i64")},
		{name: "known_dense_shape", in: []string{"f32[?]", "i32[2]=5,4", "i32[?,2]", "f32[]"}, out: []string{"i32[?,2]", "f32[?]", "boolean[5]"}},
		{name: "known_values", in: []string{"f32[3]=1,2,3", "i32[2]", "i32[3,2]", "f32[]"}, out: dyn("i32")},
		{name: "known_indices", in: []string{"f32[3]", "i32[2]", "i32[3,2]=0,0,1,0,2,0", "f32[]"}, out: dyn("i32")},
		{name: "known_default_value", in: []string{"f32[3]", "i32[2]", "i32[3,2]", "f32[]=0"}, out: dyn("i32")},
		{name: "symbol_propagation", in: []string{"f32[?]", "i32[2]", "i32[?,2]", "f32[]"}, out: dyn("i32")},
		{name: "interval_shapes", in: []string{"f32[3..6]", "i32[2]=8,4", "i32[3..6,2]", "f32[]"}, out: []string{"i32[?,2]", "f32[?]", "boolean[8]"}},
		{name: "invalid_values_rank", in: []string{"f32[3,4]", "i32[2]", "i32[3,2]", "f32[]"}, err: "The values input must be a 1D tensor"},
		{name: "invalid_dense_shape_rank", in: []string{"f32[3]", "i32[2,2]", "i32[3,2]", "f32[]"}, err: "The dense_shape input must be 1D"},
		{name: "invalid_indices_rank", in: []string{"f32[3]", "i32[2]", "i32[3]", "f32[]"}, err: "The indices input must be a 2D tensor"},
		{name: "invalid_default_value_rank", in: []string{"f32[3]", "i32[2]", "i32[3,2]", "f32[1]"}, err: "The default_value input must be a scalar"},
		{name: "invalid_indices_dimension", in: []string{"f32[3]", "i32[2]", "i32[3,3]", "f32[]"}, err: "the second dimension having 2 elements"},
		{name: "invalid_indices_element_type", in: []string{"f32[3]", "i32[2]", "f32[3,2]", "f32[]"}, err: "The element types of the dense_shape and indices inputs must match"},
		{name: "invalid_dense_shape_element_type", in: []string{"f32[3]", "f32[2]", "i32[3,2]", "f32[]"}, err: "The element types of the dense_shape and indices inputs must match"},
		{name: "invalid_merged_type", in: []string{"f32[3]", "u32[2]", "u32[3,2]", "f32[]"}, err: "The element type of the indices and dense_shape inputs must be i32 or i64"},
		{name: "incompatible_indices_types", in: []string{"f32[3]", "i32[2]", "i64[3,2]", "f32[]"}, err: "The element types of the dense_shape and indices inputs must match"},
		{name: "mismatch_values_and_indices_dimensions", in: []string{"f32[4]", "i32[2]", "i32[3,2]", "f32[]"}, err: "first dimension matching the size of values"},
		{name: "incorrect_dense_shape_dimension", in: []string{"f32[3]", "i32[3]=3,4,5", "i32[3,2]", "f32[]"}, err: "have exactly 2 elements"},
		{name: "out_of_bounds_row_index", in: []string{"f32[3]", "i32[2]=3,4", "i32[3,2]=0,0,1,0,3,0", "f32[]"},
			err: "Sparse tensor index out of bounds: row 3 is outside the valid range [0, 2]"},
		{name: "out_of_bounds_column_index", in: []string{"f32[3]", "i32[2]=3,4", "i32[3,2]=0,0,1,4,2,0", "f32[]"},
			err: "Sparse tensor index out of bounds: column 4 is outside the valid range [0, 3]"},
	})
	t.Run("dense_shape_from_graph_shapeof", func(t *testing.T) {
		so := tpfInfer(t, "ShapeOf", "opset3", []string{"output_type", "i32"}, "f32[5,4]")[0]
		o := tpfInfer(t, "SparseFillEmptyRows", "opset16", nil, "f32[3]", so, "i32[3,2]=0,0,1,0,4,0", "f32[]")
		for i, w := range []string{"[5,2]", "[5]", "[5]"} {
			require.Equal(t, w, o[i].Shape.String())
		}
	})
}
