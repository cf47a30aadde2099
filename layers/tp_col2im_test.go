package layers

import "testing"

// Col2Im-15 shape and type inference: src/core/tests/type_prop/col2im.cpp@bd5736ba, as data (a
// ShapeOf input is given by its bounds). TestMoreCol2ImInfer (more_col2im_test.go) had most of
// these and the file's rank checks; this table holds the whole file.
func TestTPCol2Im(t *testing.T) {
	a := []string{"strides", "2,2", "dilations", "2,2", "pads_begin", "3,3", "pads_end", "3,3"}
	a2 := []string{"strides", "2,2", "dilations", "2,2", "pads_begin", "2,2", "pads_end", "2,2"}
	const typeErr = "The element types of the output_size and kernel_size tensors must match and be of i32 or i64 type"
	k := tpfK
	so32 := "i64[2]:32,32" // ShapeOf of a [32,32] Parameter
	tpRun(t, "Col2Im", "opset15", []tpCase{
		{name: "default_ctor", in: []string{"i32[3,12,225]", "i64[2]", "i64[2]"}, out: []string{"i32[3,?,?,?]"}},
		{name: "non_default_args", attrs: a2, in: []string{"i64[3,12,81]", "i64[2]", "i64[2]"}, out: []string{"i64[3,?,?,?]"}},
		{name: "incorrect_types/i4", in: []string{"i32[3,12,225]", "i4[16,16]", "i64[2]"}, err: typeErr},
		{name: "incorrect_types/u8", in: []string{"i32[3,12,225]", "i64[2]", "u8[2,2]"}, err: typeErr},
		{name: "incorrect_types/mixed", in: []string{"i32[3,12,225]", "i32[16,16]", "i64[2,2]"}, err: typeErr},
		{name: "batched_const_values", attrs: a2, in: []string{"i64[3,12,81]", k("i64", "16,16"), k("i64", "2,2")}, out: []string{"i64[3,3,16,16]"}},
		{name: "unbatched_const_values", attrs: a, in: []string{"i64[12,324]", k("i64", "32,32"), k("i64", "2,2")}, out: []string{"i64[3,32,32]"}},
		{name: "kernel_size_and_output_size_from_shapeof", attrs: a, in: []string{"i64[12,324]", so32, "i64[2]:2,2"}, out: []string{"i64[3,32,32]"}},
		{name: "incorrect_L", attrs: a, in: []string{"i64[12,325]", k("i64", "32,32"), k("i64", "2,2")}, err: "For given inputs and parameters the total number of data blocks must be equal to 324"},
		{name: "incorrect_first_non_batch_dimension", attrs: a, in: []string{"i64[13,324]", k("i64", "32,32"), k("i64", "2,2")}, err: "First non-batch dimension is not evenly divisible by Product(kernel_shape)"},
		{name: "dynamic_output_size", attrs: a, in: []string{"i64[12,324]", "i64[...]", k("i64", "2,2")}, out: []string{"i64[3,?,?]"}},
		{name: "dynamic_kernel_size", attrs: a, in: []string{"i64[12,324]", so32, "i64[...]"}, out: []string{"i64[?,32,32]"}},
		{name: "dynamic_batch_size", attrs: a, in: []string{"i64[?,12,324]", so32, k("i64", "2,2")}, out: []string{"i64[?,3,32,32]"}},
		{name: "dynamic_output_size_from_shape_of", attrs: a, in: []string{"i64[?,12,324]", "i64[2]:0..,0..", k("i64", "2,2")}, out: []string{"i64[?,3,?,?]"}},
		{name: "dynamic_kernel_size_from_shape_of", attrs: a, in: []string{"i64[?,12,324]", so32, "i64[2]:0..,0.."}, out: []string{"i64[?,?,32,32]"}},
		{name: "interval_data_shape", attrs: a, in: []string{"i64[4..5,12..16,324..623]", so32, k("i64", "2,2")}, out: []string{"i64[4..5,?,32,32]"}},
		{name: "dynamic_input_shapes", attrs: a, in: []string{"i64[...]", "i64[...]", "i64[...]"}, out: []string{"i64[...]"}},
		{name: "static_batch", attrs: a, in: []string{"i64[5,?,?]", "i64[...]", "i64[...]"}, out: []string{"i64[5,?,?,?]"}},
		{name: "2D_dynamic_input", attrs: a, in: []string{"i64[?,?]", "i64[...]", "i64[...]"}, out: []string{"i64[?,?,?]"}},
		{name: "interval_inputs_from_shapeof", attrs: a, in: []string{"i64[4..5,12..16,324..623]", "i64[2]:5..16,5..16", "i64[2]:2..32,2..32"}, out: []string{"i64[4..5,?,5..16,5..16]"}},
	})
}
