package layers

import "testing"

// StringTensorPack-15: src/core/tests/type_prop/string_tensor_pack.cpp@7def98bb as data
// (symbol checks out of scope).
func TestTPStringTensorPack(t *testing.T) {
	var cases []tpCase
	for _, s := range []string{"[3]", "[3,9]", "[3,9,1]", "[...]", "[4..5,5..6]", "[4..5,5]", "[3,?]"} {
		cases = append(cases, tpCase{name: "TypePropStringTensorPackTestSuite" + s, in: []string{"i32" + s, "i32" + s, "u8[100]"}, out: []string{"string" + s}})
	}
	const types = "The element types of the begins and ends input tensors must match and be of i32 or i64 type"
	cases = append(cases, []tpCase{
		{name: "begins_static_ends_dynamic", in: []string{"i32[3]", "i32[?]", "u8[?]"}, out: []string{"string[3]"}},
		{name: "ends_static_begins_dynamic", in: []string{"i32[?]", "i32[5]", "u8[?]"}, out: []string{"string[5]"}},
		{name: "default_case", in: []string{"i32[3]", "i32[3]", "u8[100]"}, out: []string{"string[3]"}},
		{name: "int64_indices", in: []string{"i64[3]", "i64[3]", "u8[100]"}, out: []string{"string[3]"}},
		{name: "incorrect_symbols_shape", in: []string{"i32[2]", "i32[2]", "u8[100,3]"}, err: "Symbols input must be 1D."},
		{name: "begins_ends_shape_mismatch", in: []string{"i32[3]", "i32[2]", "u8[100]"}, err: "The shapes of begins and ends have to be compatible"},
		{name: "incorrect_types/i8", in: []string{"i8[3]", "i8[3]", "u8[100]"}, err: types},
		{name: "incorrect_types/i32_i64", in: []string{"i32[3]", "i64[3]", "u8[100]"}, err: types},
		{name: "incorrect_types/symbols_f32", in: []string{"i32[3]", "i32[3]", "f32[100]"}, err: "StringTensorPack expects a tensor with ov::element::u8 elements"},
	}...)
	tpRun(t, "StringTensorPack", "opset15", cases)
}
