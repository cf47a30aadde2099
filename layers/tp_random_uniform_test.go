package layers

import "testing"

// RandomUniform-8: src/core/tests/type_prop/random_uniform.cpp@3f42ca38 as data (the
// ShapeOf input of random_uniform_dynamic_shape_with_labels is given by its bounds).
func TestTPRandomUniform(t *testing.T) {
	ot := func(et string) []string { return []string{"output_type", et, "global_seed", "120", "op_seed", "100"} }
	const shp = "i64[4]=2,3,4,5"
	tpRun(t, "RandomUniform", "opset8", []tpCase{
		{name: "random_uniform_default_ctor", attrs: ot("f32"), in: []string{shp, "f32[]=0", "f32[]=1"}, out: []string{"f32[2,3,4,5]"}},
		{name: "random_uniform_type_shape", attrs: ot("f32"), in: []string{shp, "f32[]=0", "f32[]=1"}, out: []string{"f32[2,3,4,5]"}},
		{name: "random_uniform_param_input", attrs: ot("i64"), in: []string{"i32[3]", "i64[]=5", "i64[]=10"}, out: []string{"i64[?,?,?]"}},
		{name: "random_uniform_dynamic_shape", attrs: ot("i64"), in: []string{"i32[?]", "i64[]=5", "i64[]=10"}, out: []string{"i64[...]"}},
		{name: "random_uniform_dynamic_shape_with_labels", attrs: ot("i64"), in: []string{"i64[4]:0..10,4,3..7,0..", "i64[]=5", "i64[]=10"}, out: []string{"i64[..10,4,3..7,?]"}},
		{name: "random_uniform_dynamic_rank", attrs: ot("f64"), in: []string{"i32[...]", "f64[]=5", "f64[]=10"}, out: []string{"f64[...]"}},
		{name: "random_uniform_invalid_out_shape_type", attrs: ot("f32"), in: []string{"f64[4]=2,3,4,5", "f32[]=0", "f32[]=1"}, err: "Type of the input should be int32 or int64."},
		{name: "random_uniform_invalid_out_shape_rank", attrs: ot("f32"), in: []string{"i32[3,2]", "f32[]=0", "f32[]=1"}, err: "The rank of the tensor defining output shape must be equal to 1."},
		{name: "random_uniform_invalid_min_val", attrs: ot("f32"), in: []string{"i32[4]=2,3,4,5", "f32[2]=2,3", "f32[]=1"}, err: "Min value must be a scalar or one element 1D tensor."},
		{name: "random_uniform_invalid_max_val", attrs: ot("f32"), in: []string{"i32[4]=2,3,4,5", "f32[]=0", "f32[3]=2,3,5"}, err: "Max value must be a scalar or one element 1D tensor."},
		{name: "random_uniform_invalid_min_max_val_type_case1", attrs: ot("f32"), in: []string{shp, "f32[]=0", "i32[]=100"}, err: "'min_val' should have the same type as 'max_val'."},
		{name: "random_uniform_invalid_min_max_val_type_case2", attrs: ot("i32"), in: []string{shp, "f32[]=0", "f32[]=1"}, err: "'min_val' and 'max_val' should have the same type as 'out_type' attribute."},
		{name: "random_uniform_invalid_min_max_values_case1", attrs: ot("f32"), in: []string{shp, "f32[]=1", "f32[]=0"}, err: "Min value must be less than max value."},
		{name: "random_uniform_invalid_min_max_values_case2", attrs: ot("i32"), in: []string{shp, "i32[]=100", "i32[]=100"}, err: "Min value must be less than max value."},
		{name: "random_uniform_min_max_1d_tensors", attrs: ot("f32"), in: []string{shp, "f32[1]=-1", "f32[1]=2"}, out: []string{"f32[2,3,4,5]"}},
	})
}
