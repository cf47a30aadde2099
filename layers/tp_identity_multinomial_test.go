package layers

import "testing"

// Identity-16: src/core/tests/type_prop/identity.cpp@96326dea.
func TestTPIdentity(t *testing.T) {
	tpRun(t, "Identity", "opset16", []tpCase{
		{name: "default_ctor", in: []string{"f64[2,2]=1,1,1,1"}, out: []string{"f64[2,2]"}},
		{name: "input_data_ctor", in: []string{"i64[1,2]=1,1"}, out: []string{"i64[1,2]"}},
	})
}

// Multinomial-13: src/core/tests/type_prop/multinomial.cpp@f34c598c (with_replacement and
// log_probs false, seeds 0).
func TestTPMultinomial(t *testing.T) {
	a := func(ct string) []string {
		return []string{"convert_type", ct, "with_replacement", "false", "log_probs", "false", "global_seed", "0", "op_seed", "0"}
	}
	tpRun(t, "Multinomial", "opset13", []tpCase{
		{name: "input_probs_const_f64_num_samples_i32_convert_i32", attrs: a("i32"), in: []string{"f64[2,2]=1,1,1,1", "i32[1]"}, out: []string{"i32[2,?]"}},
		{name: "input_probs_f32_num_samples_i32_convert_i64", attrs: a("i64"), in: []string{"f32[4,4]", "i32[]"}, out: []string{"i64[4,?]"}},
		{name: "input_probs_f32_num_samples_const_i32_convert_i64", attrs: a("i64"), in: []string{"f32[4,4]", "i32[]=10"}, out: []string{"i64[4,10]"}},
		{name: "probs_incompatibile_data_type", attrs: a("u64"), in: []string{"i32[4,4]", "i32[]"}, err: "Expected floating point type as element type for the 'probs' input."},
		{name: "num_samples_incompatibile_data_type", attrs: a("u64"), in: []string{"f32[4,4]", "f32[]"}, err: "Expected integer type as element type for the 'num_samples' input."},
		{name: "probs_incompatibile_rank_too_big", attrs: a("boolean"), in: []string{"f32[4,4,4]", "i32[1]"}, err: "Input probabilities must be a 2D tensor."},
		{name: "probs_incompatibile_rank_too_small", attrs: a("boolean"), in: []string{"f32[4]", "i32[1]"}, err: "Input probabilities must be a 2D tensor."},
		{name: "num_samples_incompatibile_rank", attrs: a("boolean"), in: []string{"f32[4,4]", "i32[1,2]"}, err: "Number of samples must be a scalar or one element 1D tensor."},
	})
}
