package layers

import (
	"strconv"
	"testing"
)

// Range-0/4 shape and type inference: src/core/tests/type_prop/range.cpp@061aae26, as data.
// The symbol test (range_symbol_start_0_stop_A_step_1) is out of scope.
func TestTPRange(t *testing.T) {
	// The typed suites: start, stop, step as Constants of each element type.
	type rp struct{ start, stop, step, out string }
	basic := []rp{{"0", "5", "1", "5"}, {"0", "22", "2", "11"}, {"1", "23", "2", "11"}, {"1", "22", "2", "11"}, {"0", "0", "1", "0"}, {"1", "0", "2", "0"}}
	negatives := []rp{{"2", "0", "-2", "1"}, {"2", "0", "-1", "2"}, {"-19", "19", "1", "38"}, {"-19", "19", "3", "13"}, {"20", "-19", "1", "0"}}
	floating := []rp{{"0", "1", "0.25", "4"}, {"-1", "1", "0.25", "8"}, {"-1", "0.875", "0.25", "8"}}
	all := []string{"i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "bf16", "f16", "f32", "f64"}
	signed := []string{"i8", "i16", "i32", "i64", "bf16", "f16", "f32", "f64"}
	floats := []string{"bf16", "f16", "f32", "f64"}
	suite := func(v4 bool, prefix string) []tpCase {
		var cs []tpCase
		for _, s := range []struct {
			name string
			ps   []rp
			ets  []string
		}{{"Test", basic, all}, {"TestWithNegatives", negatives, signed}, {"TestFloating", floating, floats}} {
			for i, p := range s.ps {
				for _, et := range s.ets {
					c := tpCase{name: prefix + s.name + "/" + et + "/" + strconv.Itoa(i),
						in:  []string{et + "[]=" + p.start, et + "[]=" + p.stop, et + "[]=" + p.step},
						out: []string{et + "[" + p.out + "]"}}
					if v4 {
						c.attrs = []string{"output_type", et}
					}
					cs = append(cs, c)
				}
			}
		}
		return cs
	}
	v0 := []tpCase{
		{name: "range_nonconst_ok", in: []string{"i32[]", "i32[]", "i32[]"}, out: []string{"i32[?]"}},
		{name: "range_nonconst_some_dyn_et_ok", in: []string{"i32[]", "dynamic[]", "i32[]"}, out: []string{"i32[?]"}},
		{name: "range_nonconst_all_dyn_et_ok", in: []string{"dynamic[]", "dynamic[]", "dynamic[]"}, out: []string{"dynamic[?]"}},
		{name: "range_nonconst_f32_ok", in: []string{"dynamic[]", "f32[]", "dynamic[]"}, out: []string{"f32[?]"}},
		{name: "range_nonconst_boolean_fails", in: []string{"dynamic[]", "boolean[]", "dynamic[]"}, err: "Element type for start, stop, and step, must not be boolean."},
		{name: "range_some_const_ok", in: []string{"i32[]=3", "i32[]", "i32[]=2"}, out: []string{"i32[?]"}},
		{name: "range_some_const_zero_stride_fails", in: []string{"i32[]=3", "i32[]", "i32[]=0"}, err: "'step' cannot be zero"},
		{name: "range_some_const_plus_inf_start_fails", in: []string{"f32[]=Inf", "f32[]", "f32[]=1"}, err: "'start' cannot be nan or infinite."},
		{name: "range_some_const_minus_inf_start_fails", in: []string{"f32[]=-Inf", "f32[]", "f32[]=1"}, err: "'start' cannot be nan or infinite."},
		{name: "range_some_const_nan_start_fails", in: []string{"f32[]=NaN", "f32[]", "f32[]=1"}, err: "'start' cannot be nan or infinite."},
		{name: "range_some_const_plus_inf_stop_fails", in: []string{"f32[]", "f32[]=Inf", "f32[]=1"}, err: "'stop' cannot be nan or infinite."},
		{name: "range_some_const_minus_inf_stop_fails", in: []string{"f32[]", "f32[]=-Inf", "f32[]=1"}, err: "'stop' cannot be nan or infinite."},
		{name: "range_some_const_nan_stio_fails", in: []string{"f32[]", "f32[]=NaN", "f32[]=1"}, err: "'stop' cannot be nan or infinite."},
		{name: "range_some_const_plus_inf_stride_fails", in: []string{"f32[]=3", "f32[]", "f32[]=Inf"}, err: "'step' cannot be zero, nan, or infinite."},
		{name: "range_some_const_minus_inf_stride_fails", in: []string{"f32[]=3", "f32[]", "f32[]=-Inf"}, err: "'step' cannot be zero, nan, or infinite."},
		{name: "range_some_const_nan_stride_fails", in: []string{"f32[]=3", "f32[]", "f32[]=NaN"}, err: "'step' cannot be zero, nan, or infinite."},
		{name: "range_all_const_zero_stride_fails", in: []string{"i32[]=3", "i32[]=5", "i32[]=0"}, err: "'step' cannot be zero"},
	}
	tpRun(t, "Range", "opset1", append(v0, suite(false, "Range")...))
	o := func(et string) []string { return []string{"output_type", et} }
	v4 := []tpCase{
		{name: "range_v4_all_const_shape_inference", attrs: o("i32"), in: []string{"i32[]=0", "i32[]=500", "i32[]=5"}, out: []string{"i32[100]"}},
		{name: "range_v4_some_const_shape_inference", attrs: o("i32"), in: []string{"i32[]=0", "i32[]", "i32[]=5"}, out: []string{"i32[?]"}},
		{name: "range_v4_trunc_inputs_shape_inference", attrs: o("i32"), in: []string{"f32[]=0.9", "f32[]=10.3", "f32[]=1.7"}, out: []string{"i32[10]"}},
		{name: "range_v4_invalid_inputs_elem_type/start", attrs: o("i32"), in: []string{"boolean[]", "i32[]", "i32[]"}, err: "'start' input scalar should be a numeric type"},
		{name: "range_v4_invalid_inputs_elem_type/stop", attrs: o("i32"), in: []string{"dynamic[]", "boolean[]", "i32[]"}, err: "'stop' input scalar should be a numeric type"},
		{name: "range_v4_invalid_inputs_elem_type/step", attrs: o("i32"), in: []string{"i32[]", "dynamic[]", "boolean[]"}, err: "'step' input scalar should be a numeric type"},
		// The test accepts any failure here (start is also not a scalar).
		{name: "range_v4_invalid_output_elem_type", attrs: o("boolean"), in: []string{"f16[1]", "f16[]", "f16[]"}, err: "*"},
		{name: "range_v4_invalid_inputs_non_scalar/start", attrs: o("f32"), in: []string{"f32[1]", "f32[]", "f32[]"}, err: "'start' input is not a scalar"},
		{name: "range_v4_invalid_inputs_non_scalar/stop", attrs: o("f32"), in: []string{"f32[]", "f32[?]", "f32[]"}, err: "'stop' input is not a scalar"},
		{name: "range_v4_invalid_inputs_non_scalar/step", attrs: o("f32"), in: []string{"f32[]", "f32[]", "f32[?,?]"}, err: "'step' input is not a scalar"},
		{name: "range_v4_invalid_inputs_plus_inf/start", attrs: o("f32"), in: []string{"f32[]=Inf", "f32[]", "f32[]=1"}, err: "'start' cannot be nan or infinite."},
		{name: "range_v4_invalid_inputs_plus_inf/stop", attrs: o("f32"), in: []string{"f32[]", "f32[]=Inf", "f32[]=1"}, err: "'stop' cannot be nan or infinite."},
		{name: "range_v4_invalid_inputs_plus_inf/step", attrs: o("f32"), in: []string{"f32[]=3", "f32[]", "f32[]=Inf"}, err: "'step' cannot be nan or infinite."},
		{name: "range_v4_invalid_inputs_minus_inf/start", attrs: o("f32"), in: []string{"f32[]=-Inf", "f32[]", "f32[]=1"}, err: "'start' cannot be nan or infinite."},
		{name: "range_v4_invalid_inputs_minus_inf/stop", attrs: o("f32"), in: []string{"f32[]", "f32[]=-Inf", "f32[]=1"}, err: "'stop' cannot be nan or infinite."},
		{name: "range_v4_invalid_inputs_minus_inf/step", attrs: o("f32"), in: []string{"f32[]=3", "f32[]", "f32[]=-Inf"}, err: "'step' cannot be nan or infinite."},
		{name: "range_v4_invalid_inputs_nan/start", attrs: o("f32"), in: []string{"f32[]=NaN", "f32[]", "f32[]=1"}, err: "'start' cannot be nan or infinite."},
		{name: "range_v4_invalid_inputs_nan/stop", attrs: o("f32"), in: []string{"f32[]", "f32[]=NaN", "f32[]=1"}, err: "'stop' cannot be nan or infinite."},
		{name: "range_v4_invalid_inputs_nan/step", attrs: o("f32"), in: []string{"f32[]=1", "f32[]", "f32[]=NaN"}, err: "'step' cannot be nan or infinite."},
		{name: "range_v4_zero_output_elem_pos_step", attrs: o("f32"), in: []string{"f32[]=5", "f32[]=1", "f32[]=1"}, out: []string{"f32[0]"}},
		{name: "range_v4_zero_output_elem_neg_step", attrs: o("f32"), in: []string{"f32[]=1", "f32[]=5", "f32[]=-1"}, out: []string{"f32[0]"}},
	}
	tpRun(t, "Range", "opset4", append(v4, suite(true, "RangeNumpy")...))
}
