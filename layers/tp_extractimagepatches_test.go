package layers

import (
	"strconv"
	"testing"
)

// ExtractImagePatches-3 shape inference: src/core/tests/type_prop/extractimagepatches.cpp@74959490
// (2025), as data; TestMoreExtractImagePatches (more_search_test.go) had a few of these. The
// ExtractImagesPatchesV3Test suite (VALID and SAME_LOWER × sizes, rates and strides 1..10 on a
// [64,2,100,100] input) computes its expectation with the test's own formula, transcribed here.
func TestTPExtractImagePatches(t *testing.T) {
	a := func(sizes, strides, rates, pad string) []string {
		return []string{"sizes", sizes, "strides", strides, "rates", rates, "auto_pad", pad}
	}
	v := a("3,3", "5,5", "1,1", "valid")
	cases := []tpCase{
		{name: "default_ctor", attrs: v, in: []string{"i32[64,3,10,10]"}, out: []string{"i32[64,27,2,2]"}},
		{name: "i32", attrs: v, in: []string{"i32[64,3,10,10]"}, out: []string{"i32[64,27,2,2]"}},
		{name: "i64", attrs: v, in: []string{"i64[64,3,12,12]"}, out: []string{"i64[64,27,2,2]"}},
		{name: "rates_change", attrs: a("3,3", "5,5", "2,2", "valid"), in: []string{"i32[64,3,33,43]"}, out: []string{"i32[64,27,6,8]"}},
		{name: "input_shape_change", attrs: a("3,3", "5,5", "2,2", "valid"), in: []string{"i32[64,3,9,9]"}, out: []string{"i32[64,27,1,1]"}},
		{name: "dynamic_shape", attrs: a("3,3", "5,5", "2,2", "valid"), in: []string{"i32[?,?,?,?]"}, out: []string{"i32[?,?,?,?]"}},
		{name: "dynamic_batch_shape", attrs: v, in: []string{"i32[?,3,14,23]"}, out: []string{"i32[?,27,3,5]"}},
		{name: "interval_shape_and_labels", attrs: v, in: []string{"i32[1..10,3..4,10..51,13..71]"}, out: []string{"i32[1..10,27..36,2..10,3..14]"}},
		{name: "padding_same_lower1", attrs: a("3,3", "5,5", "1,1", "same_lower"), in: []string{"i32[64,3,31,27]"}, out: []string{"i32[64,27,7,6]"}},
		{name: "padding_same_lower2", attrs: a("3,3", "5,5", "1,1", "same_lower"), in: []string{"i32[64,3,9,9]"}, out: []string{"i32[64,27,2,2]"}},
		{name: "padding_same_upper", attrs: a("3,3", "5,5", "1,1", "same_upper"), in: []string{"i32[64,3,23,11]"}, out: []string{"i32[64,27,5,3]"}},
		{name: "padding_same_upper2", attrs: a("3,3", "5,5", "1,1", "same_upper"), in: []string{"i32[64,3,6,11]"}, out: []string{"i32[64,27,2,3]"}},
		{name: "zero_dim_inputs", attrs: v, in: []string{"i32[64,0,0,0]"}, out: []string{"i32[64,0,0,0]"}},
		{name: "large_stride_valid_padding", attrs: a("3,3", "15,15", "1,1", "valid"), in: []string{"i32[64,3,10,10]"}, out: []string{"i32[64,27,1,1]"}},
		{name: "large_stride_same_padding", attrs: a("3,3", "15,15", "1,1", "same_upper"), in: []string{"i32[64,3,10,10]"}, out: []string{"i32[64,27,1,1]"}},
		{name: "dyn", attrs: v, in: []string{"i64[...]"}, out: []string{"i64[?,?,?,?]"}},
		{name: "interval_shape_and_labels_padding_same_upper", attrs: a("1,1", "5,5", "1,1", "same_lower"), in: []string{"i32[1..10,3..4,10..51,13..71]"}, out: []string{"i32[1..10,3..4,2..11,3..15]"}},
		{name: "data_not_rank_4d/3", attrs: v, in: []string{"i64[?,?,?]"}, err: "input tensor must be 4D tensor"},
		{name: "data_not_rank_4d/5", attrs: v, in: []string{"i64[?,?,?,?,?]"}, err: "input tensor must be 4D tensor"},
		{name: "sizes_has_no_two_elements", attrs: a("3", "5,5", "1,1", "explicit"), in: []string{"i64[...]"}, err: "Attribute sizes should be in [size_rows, size_cols] format"},
		{name: "strides_has_no_two_elements", attrs: a("3,3", "5,5,1", "1,1", "explicit"), in: []string{"i64[...]"}, err: "Attribute strides should be in [stride_rows, stride_cols] format"},
		{name: "strides_has_zero_value", attrs: a("3,3", "5,0", "1,1", "explicit"), in: []string{"i64[...]"}, err: "Attribute strides should be strictly greater than zeros in values"},
		{name: "rates_has_no_two_elements", attrs: a("3,3", "5,5", "1", "explicit"), in: []string{"i64[...]"}, err: "Attribute rates should be in [rate_rows, rate_cols] format"},
		{name: "rates_has_zero_value", attrs: a("3,3", "5,5", "0,1", "explicit"), in: []string{"i64[...]"}, err: "Attribute rates should be strictly greater than zeros in values"},
		{name: "not_supported_padding", attrs: a("3,3", "5,5", "1,1", "explicit"), in: []string{"i64[...]"}, err: "Attribute padding should be in either valid or same_lower or same_upper"},
	}
	// check_calc_padding.
	calc := func(input, rate, stride, size int64, valid bool) int64 {
		var out int64
		if valid {
			out = (input-rate*(size-1)-1)/stride + 1
		} else {
			out = 1 + (input-1)/stride
		}
		return max(out, 0)
	}
	for _, pad := range []string{"valid", "same_lower"} {
		for size := int64(1); size <= 10; size++ {
			for rate := int64(1); rate <= 10; rate++ {
				for stride := int64(1); stride <= 10; stride++ {
					d := strconv.FormatInt(calc(100, rate, stride, size, pad == "valid"), 10)
					s, r, st := strconv.FormatInt(size, 10), strconv.FormatInt(rate, 10), strconv.FormatInt(stride, 10)
					cases = append(cases, tpCase{name: "check_calc_padding/" + pad + "_" + s + "_" + r + "_" + st,
						attrs: a(s+","+s, st+","+st, r+","+r, pad), in: []string{"i32[64,2,100,100]"},
						out: []string{"i32[64," + strconv.FormatInt(2*size*size, 10) + "," + d + "," + d + "]"}})
				}
			}
		}
	}
	tpRun(t, "ExtractImagePatches", "opset3", cases)
}
