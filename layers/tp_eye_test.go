package layers

import "testing"

// Eye-9 shape and type inference: src/core/tests/type_prop/eye.cpp@c1b7919a (2025), as data (a
// ShapeOf or ShapeOf → Squeeze input is given by its bounds). default_ctor_no_arguments calls
// shape_infer with a tensor accessor; its constants are given as Constants here.
func TestTPEye(t *testing.T) {
	ot := func(et string) []string { return []string{"output_type", et} }
	tpRun(t, "Eye", "opset9", []tpCase{
		{name: "eye_constant", attrs: ot("bf16"), in: []string{"i64[]=6", "i64[]=3", "i64[]=0"}, out: []string{"bf16[6,3]"}},
		{name: "eye_batch_shape_constant", attrs: ot("bf16"), in: []string{"i64[]=6", "i64[]=3", "i64[]=0", "i64[1]=2"}, out: []string{"bf16[2,6,3]"}},
		{name: "eye_rows_param", attrs: ot("f32"), in: []string{"i64[0..1]", "i64[]=10", "i64[]=2"}, out: []string{"f32[?,10]"}},
		{name: "eye_rows_const", attrs: ot("f32"), in: []string{"i64[]=10", "i64[0..1]", "i64[1]"}, out: []string{"f32[10,?]"}},
		{name: "eye_batch_shape_const", attrs: ot("f32"), in: []string{"i64[1]", "i64[1]", "i64[]=0", "i64[2]=2,3"}, out: []string{"f32[2,3,?,?]"}},
		{name: "eye_batch_shape_params", attrs: ot("f64"), in: []string{"i64[1]", "i64[1]", "i64[1]", "i64[2]"}, out: []string{"f64[?,?,?,?]"}},
		{name: "eye_batch_shape_shape_of", attrs: ot("f64"), in: []string{"i64[]=10", "i64[]=10", "i64[1]", "i64[2]:1..10,10..25"}, out: []string{"f64[1..10,10..25,10,10]"}},
		{name: "eye_invalid_num_rows_value", attrs: ot("i32"), in: []string{"i64[1]=-4", "i64[]=2", "i64[]=2"}, err: "Value -4 not in range [0:"},
		{name: "eye_invalid_num_columns_value", attrs: ot("i32"), in: []string{"i64[1]=6", "i64[]=-6", "i64[]=2"}, err: "Value -6 not in range [0:"},
		{name: "eye_invalid_num_rows_type", attrs: ot("i32"), in: []string{"bf16[]=1.2", "i64[]=2", "i64[]=2"}, err: "Type of the 'num_rows' should be int32 or int64. Got: bf16"},
		{name: "eye_invalid_num_columns_type", attrs: ot("i32"), in: []string{"i64[]=6", "bf16[]=6.5", "i64[]=2"}, err: "Type of the 'num_columns' should be int32 or int64. Got: bf16"},
		{name: "eye_invalid_diagonal_index_type", attrs: ot("i32"), in: []string{"i64[]=6", "i64[]=6", "bf16[]=6.5"}, err: "Type of the 'diagonal_index' should be int32 or int64. Got: bf16"},
		{name: "eye_invalid_num_rows_shape", attrs: ot("i32"), in: []string{"i32[]=6", "i32[3]=1,1,1", "i64[]=2"}, err: "'num_columns' value input should have 1 element."},
		{name: "eye_invalid_num_columns_shape", attrs: ot("i32"), in: []string{"i32[]=6", "i32[3]=1,1,1", "i64[]=2"}, err: "'num_columns' value input should have 1 element."},
		{name: "eye_invalid_diagonal_index_shape", attrs: ot("i32"), in: []string{"i32[]=6", "i32[]=6", "i32[3]=1,1,1"}, err: "'diagonal_index' value input should have 1 element."},
		{name: "eye_invalid_num_rows_rank", attrs: ot("i32"), in: []string{"i32[1,1]=6", "i32[1]=1", "i64[]=2"}, err: "'num_rows' value must be a scalar or 1D tensor."},
		{name: "eye_invalid_num_columns_rank", attrs: ot("i32"), in: []string{"i32[]=6", "i32[2,1]=1,2", "i64[]=2"}, err: "'num_columns' value must be a scalar or 1D tensor."},
		{name: "eye_invalid_diagonal_index_rank", attrs: ot("i32"), in: []string{"i32[]=6", "i32[]=2", "i64[1,2,1]=2,8"}, err: "'diagonal_index' value must be a scalar or 1D tensor."},
		{name: "eye_dynamic_batch_shape_dyn_rank", attrs: ot("i32"), in: []string{"i32[]=6", "i32[]=4", "i64[]=2", "i64[...]"}, out: []string{"i32[...]"}},
		{name: "eye_dynamic_batch_shape_1D", attrs: ot("i32"), in: []string{"i32[]=6", "i32[]=4", "i64[]=2", "i64[?]"}, out: []string{"i32[...]"}},
		{name: "eye_dynamic_batch_shape_invalid_rank", attrs: ot("i32"), in: []string{"i32[]=6", "i32[]=4", "i64[]=2", "i64[?,?]"}, err: "'batch_shape' input must be a 1D tensor."},
		{name: "eye_batch_shape_param_other_ins_const", attrs: ot("f32"), in: []string{"i64[1]=5", "i64[1]=6", "i64[1]=0", "i64[3]"}, out: []string{"f32[?,?,?,5,6]"}},
		{name: "default_ctor", attrs: ot("i32"), in: []string{"i64[1]=2", "i64[1]=16", "i64[1]=0", "i64[3]=3,1,2"}, out: []string{"i32[3,1,2,2,16]"}},
		{name: "default_ctor_no_arguments", attrs: ot("i32"), in: []string{"i64[]=8", "i64[]=5", "i64[]", "i32[3]=2,4,1"}, out: []string{"i32[2,4,1,8,5]"}},
		// num_rows ShapeOf([2..5]), num_columns Squeeze(ShapeOf([1..3])), batch ShapeOf([1..10,10..25]).
		{name: "preserve_partial_values_and_symbols", attrs: ot("i32"), in: []string{"i64[1]:2..5", "i64[]:1..3", "i64[1]", "i64[2]:1..10,10..25"}, out: []string{"i32[1..10,10..25,2..5,1..3]"}},
	})
}
