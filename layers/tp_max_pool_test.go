package layers

import "testing"

// MaxPool-1/8/14 shape inference: src/core/tests/type_prop/max_pool.cpp@7fa363c3, as data
// (the newer revision: an older one, @093d26aa, had MaxPool-14 CEIL behave as CEIL_TORCH).
// Label and resolved-pads checks are out of scope (pooling_test.go checks the pads of some).
// MaxPool-8/14 have a second output, the indices (index_element_type, i64 by default).
func TestTPMaxPool(t *testing.T) {
	tpRun(t, "MaxPool", "opset1", []tpCase{
		{name: "max_pool_default_ctor", attrs: tpPool("2", "1", "2", "2", "ceil", "valid"), in: []string{"f32[1,3,32]"}, out: []string{"f32[1,3,31]"}},
		{name: "max_pool_valid_auto_padding", attrs: tpPool("2", "1", "2", "2", "floor", "valid"), in: []string{"f32[1,3,10..32]"}, out: []string{"f32[1,3,9..31]"}},
		{name: "max_pool_1D_auto_padding", attrs: tpPool("2", "1", "0", "0", "floor", "same_lower"), in: []string{"f32[1,3,32]"}, out: []string{"f32[1,3,32]"}},
		{name: "max_pool_2D_auto_padding", attrs: tpPool("2,2", "1,1", "0,0", "0,0", "floor", "same_lower"), in: []string{"f32[1,3,32,32]"}, out: []string{"f32[1,3,32,32]"}},
		{name: "max_pool_auto_padding_1D_nc_dims_dynamic_same_lower", attrs: tpPool("2", "1", "0", "0", "floor", "same_lower"), in: []string{"f32[?,32,32]"}, out: []string{"f32[?,32,32]"}},
		{name: "max_pool_auto_padding_2D_nc_dims_dynamic_same_lower", attrs: tpPool("2,2", "1,1", "0,0", "0,0", "floor", "same_lower"), in: []string{"f32[?,?,32,32]"}, out: []string{"f32[?,?,32,32]"}},
		{name: "max_pool_auto_padding_nc_dims_dynamic_same_upper", attrs: tpPool("2,2", "1,1", "0,0", "0,0", "floor", "same_upper"), in: []string{"f32[?,?,32,32]"}, out: []string{"f32[?,?,32,32]"}},
		{name: "max_pool_auto_padding_interval_dims_same_upper", attrs: tpPool("2,2", "1,1", "0,0", "0,0", "floor", "same_upper"), in: []string{"f32[1..2,2..3,16..32,11..32]"}, out: []string{"f32[1..2,2..3,?,?]"}},
		{name: "max_pool_auto_padding_spatial_dims_dynamic", attrs: tpPool("2,2", "1,1", "0,0", "0,0", "floor", "same_lower"), in: []string{"f32[1,3,32,?]"}, out: []string{"f32[1,3,32,?]"}},
		{name: "max_pool_default_values", attrs: tpPool("2,2", "1,1", "0,0", "0,0", "", ""), in: []string{"f32[1,3,32,32]"}, out: []string{"f32[1,3,31,31]"}},
		{name: "max_pool_v1_invalid_rounding_type", attrs: tpPool("2,2", "1,1", "0,0", "0,0", "ceil_torch", "same_lower"), in: []string{"f32[1,3,32,?]"}, err: "*"},
	})
	d := func(dil string, a []string) []string { return append(a, "dilations", dil) }
	v8 := []tpCase{
		{name: "3D_no_dilations", attrs: d("1", tpPool("3", "1", "0", "0", "", "")), in: []string{"f32[1,7,13]"}, out: []string{"f32[1,7,11]", "i64[1,7,11]"}},
		{name: "3D_with_dilations", attrs: d("2", tpPool("3", "1", "0", "0", "", "")), in: []string{"f32[1,7,13]"}, out: []string{"f32[1,7,9]", "i64[1,7,9]"}},
		{name: "3D_with_dilations_and_padding", attrs: d("2", tpPool("3", "1", "1", "2", "", "")), in: []string{"f32[1,7,13]"}, out: []string{"f32[1,7,12]", "i64[1,7,12]"}},
		{name: "4D_no_dilations", attrs: d("1,1", tpPool("2,2", "1,1", "0,0", "0,0", "", "")), in: []string{"f32[1,3,13,13]"}, out: []string{"f32[1,3,12,12]", "i64[1,3,12,12]"}},
		{name: "4D_with_dilations", attrs: d("2,3", tpPool("2,2", "1,1", "0,0", "0,0", "", "")), in: []string{"f32[1,3,13,13]"}, out: []string{"f32[1,3,11,10]", "i64[1,3,11,10]"}},
		{name: "4D_dynamic_dims_with_non_zero_low_range_floor_mode", attrs: d("1,1", tpPool("2,2", "2,2", "0,0", "0,0", "floor", "")), in: []string{"f32[?,64,198..,198..]"}, out: []string{"f32[?,64,99..,99..]", "i64[?,64,99..,99..]"}},
		{name: "4D_dynamic_dims_with_non_zero_low_range_ceil_mode", attrs: d("1,1", tpPool("2,2", "2,2", "0,0", "0,0", "ceil", "")), in: []string{"f32[?,64,198..,198..]"}, out: []string{"f32[?,64,99..,99..]", "i64[?,64,99..,99..]"}},
		{name: "4D_interval_dims_with_dilations", attrs: d("2,3", tpPool("2,2", "1,1", "0,0", "0,0", "", "")), in: []string{"f32[2..3,1..3,2..13,6..13]"}, out: []string{"f32[2..3,1..3,1..11,3..10]", "i64[2..3,1..3,1..11,3..10]"}},
		{name: "4D_with_dilations_and_auto_pad_same_upper", attrs: d("2,3", tpPool("3,3", "1,1", "0,0", "0,0", "floor", "same_upper")), in: []string{"f32[1,3,13,13]"}, out: []string{"f32[1,3,13,13]", "i64[1,3,13,13]"}},
	}
	for _, v := range []string{"opset8", "opset14"} {
		var cs []tpCase
		for _, c := range v8 {
			c.name = "max_pool_v" + v[5:] + "_" + c.name
			cs = append(cs, c)
		}
		if v == "opset8" {
			cs = append(cs, tpCase{name: "max_pool_v8_invalid_rounding_type", attrs: d("1,1", tpPool("2,2", "1,1", "0,0", "0,0", "ceil_torch", "")), in: []string{"f32[1,3,32,?]"}, err: "*"})
		}
		if v == "opset14" {
			for _, c := range []struct{ name, in, out, rounding, s, p, k string }{
				{"4D_static_dims_ceil_mode", "1,3,5,5", "1,3,4,4", "ceil", "2,2", "1,1", "2,2"},
				{"4D_static_dims_ceil_torch_mode_1", "1,3,5,5", "1,3,3,3", "ceil_torch", "2,2", "1,1", "2,2"},
				{"4D_static_dims_ceil_torch_mode_2", "1,3,9,9", "1,3,5,5", "ceil_torch", "2,2", "1,1", "2,2"},
				{"4D_dynamic_dims_with_non_zero_low_range_ceil_torch_mode", "?,64,198..,198..", "?,64,99..,99..", "ceil_torch", "2,2", "0,0", "2,2"},
				{"4D_dynamic_dims_ceil_mode_1", "?,3,5..,6..7", "?,3,4..,4..5", "ceil", "2,2", "1,1", "2,2"},
				{"4D_dynamic_dims_ceil_torch_mode_1", "?,3,5..,6..7", "?,3,3..,4", "ceil_torch", "2,2", "1,1", "2,2"},
				{"4D_dynamic_dims_ceil_mode_2", "?,3,14..,15..17", "?,3,6..,6..7", "ceil", "3,3", "1,1", "3,3"},
				{"4D_dynamic_dims_ceil_torch_mode_2", "?,3,14..,15..17", "?,3,5..,6", "ceil_torch", "3,3", "1,1", "3,3"},
			} {
				cs = append(cs, tpCase{name: "max_pool_v14_" + c.name, attrs: d("1,1", tpPool(c.k, c.s, c.p, c.p, c.rounding, "")),
					in: []string{"f32[" + c.in + "]"}, out: []string{"f32[" + c.out + "]", "i64[" + c.out + "]"}})
			}
		}
		tpRun(t, "MaxPool", v, cs)
	}
}
