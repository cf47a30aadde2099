package layers

import "testing"

// Bucketize-3 shape and type inference: src/core/tests/type_prop/bucketize.cpp@5c76ae1e (2025),
// as data.
func TestTPBucketize(t *testing.T) {
	ot := func(et string) []string { return []string{"output_type", et} }
	cases := []tpCase{
		{name: "default_ctor", attrs: []string{"output_type", "i64", "with_right_bound", "true"}, in: []string{"f32[2,3,2]", "f32[4]"}, out: []string{"i64[2,3,2]"}},
		{name: "simple_shape", in: []string{"f32[2,3,2]", "f32[4]"}, out: []string{"i64[2,3,2]"}},
		{name: "output_type_i32", attrs: ot("i32"), in: []string{"f32[1,2,3,4]", "f32[5]"}, out: []string{"i32[1,2,3,4]"}},
		{name: "output_type_right_bound", attrs: []string{"output_type", "i32", "with_right_bound", "false"}, in: []string{"f32[1,2,3,4]", "f32[5]"}, out: []string{"i32[1,2,3,4]"}},
		{name: "dynamic_input", in: []string{"f16[...]", "f32[5]"}, out: []string{"i64[...]"}},
		{name: "dynamic_buckets", in: []string{"f16[4,?]", "f32[?]"}, out: []string{"i64[4,?]"}},
		{name: "interval_dimensions", in: []string{"f16[10..30,12..,?,0..30]", "f32[2..4]"}, out: []string{"i64[10..30,12..,?,0..30]"}},
		{name: "invalid_data_element_type", attrs: ot("i32"), in: []string{"boolean[1,2,3,4]", "f32[5]"}, err: "Data input type must be numeric"},
		{name: "invalid_bucket_element_types", attrs: ot("i32"), in: []string{"f32[1,2,3,4]", "boolean[5]"}, err: "Buckets input type must be numeric"},
		{name: "invalid_buckets_dim", in: []string{"f32[4,?]", "f16[5,5]"}, err: "Buckets input must be a 1D tensor"},
	}
	for _, et := range []string{"f64", "f32", "f16", "bf16", "i16", "i8", "u64", "u32", "u16", "u8", "boolean"} {
		cases = append(cases, tpCase{name: "invalid_output_types/" + et, attrs: ot(et), in: []string{"f32[4,?]", "f32[5]"}, err: "Output type must be i32 or i64"})
	}
	tpRun(t, "Bucketize", "opset3", cases)
}
