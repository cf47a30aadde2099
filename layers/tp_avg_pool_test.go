package layers

import "testing"

// tpPool builds pooling attributes: kernel, strides, pads_begin, pads_end, rounding_type,
// auto_pad ("" leaves an attribute out), then extra name/value pairs.
func tpPool(kernel, strides, pb, pe, rounding, autoPad string, extra ...string) []string {
	a := []string{"kernel", kernel, "strides", strides, "pads_begin", pb, "pads_end", pe}
	if rounding != "" {
		a = append(a, "rounding_type", rounding)
	}
	if autoPad != "" {
		a = append(a, "auto_pad", autoPad)
	}
	return append(a, extra...)
}

// AvgPool-1/14/16 shape inference: src/core/tests/type_prop/avg_pool.cpp@06f83030, as data.
// The typed suite runs for the three versions; get_pads_begin/end (the resolved pads) are
// attributes, not outputs, and are not checked here (pooling_test.go checks some).
func TestTPAvgPool(t *testing.T) {
	ex := func(b string) []string { return []string{"exclude-pad", b} }
	typed := []tpCase{
		{name: "avg_pool_default_ctor", attrs: tpPool("2", "1", "2", "2", "ceil", "same_lower"), in: []string{"f32[1,3,32]"}, out: []string{"f32[1,3,32]"}},
		{name: "avg_pool_auto_padding", attrs: tpPool("2", "1", "0", "0", "floor", "same_lower", ex("false")...), in: []string{"f32[1,3,32]"}, out: []string{"f32[1,3,32]"}},
		{name: "avg_pool_explicit_padding_round_ceil_dynamic_dimensions", attrs: tpPool("4", "4", "2", "2", "ceil", "explicit", ex("true")...), in: []string{"f32[?,?,?]"}, out: []string{"f32[?,?,1..]"}},
		{name: "avg_pool_auto_padding_4D_nc_dims_dynamic_same_lower", attrs: tpPool("2,2", "1,1", "0,0", "0,0", "floor", "same_lower", ex("true")...), in: []string{"f32[?,?,32,32]"}, out: []string{"f32[?,?,32,32]"}},
		{name: "avg_pool_auto_padding_nc_dims_dynamic_same_upper", attrs: tpPool("2,2", "1,1", "0,0", "0,0", "floor", "same_upper", ex("false")...), in: []string{"f32[?,?,32,32]"}, out: []string{"f32[?,?,32,32]"}},
		{name: "avg_pool_auto_padding_spatial_dims_dynamic", attrs: tpPool("2,2", "1,1", "1,1", "0,0", "floor", "same_lower", ex("true")...), in: []string{"f32[1,3,32,?]"}, out: []string{"f32[1,3,32,?]"}},
		{name: "avg_pool_1d_deduce", attrs: tpPool("10", "1", "", "", "floor", ""), in: []string{"f32[64,3]"}, err: "*"},
		{name: "avg_pool_1d_deduce_strided", attrs: tpPool("10", "2", "", "", "floor", ""), in: []string{"f32[64,3]"}, err: "*"},
		{name: "avg_pool_1d_deduce_strided_small_uneven", attrs: tpPool("2", "2", "", "", "floor", ""), in: []string{"f32[64,3]"}, err: "*"},
		{name: "avg_pool_1d_deduce_strided_small_even", attrs: tpPool("2", "2", "", "", "floor", ""), in: []string{"f32[64,3]"}, err: "*"},
		{name: "avg_pool_2d_deduce", attrs: tpPool("10,20", "1,1", "0,0", "0,0", "floor", ""), in: []string{"f32[64,3,100,150]"}, out: []string{"f32[64,3,91,131]"}},
		{name: "avg_pool_2d_deduce_strided", attrs: tpPool("10,20", "2,3", "0,0", "0,0", "floor", ""), in: []string{"f32[64,3,100,150]"}, out: []string{"f32[64,3,46,44]"}},
		{name: "avg_pool_3d_deduce_strided_small", attrs: tpPool("2,3,2", "2,3,4", "0,0,0", "0,0,0", "floor", ""), in: []string{"f32[64,3,7,8,10]"}, out: []string{"f32[64,3,3,2,3]"}},
		{name: "avg_pool_3d_deduce_strided_padded_small", attrs: tpPool("2,3,2", "2,3,4", "5,6,4", "6,4,5", "floor", "", ex("false")...), in: []string{"f32[64,3,7,8,10]"}, out: []string{"f32[64,3,9,6,5]"}},
		{name: "avg_pool_invalid_0d_input", attrs: tpPool("", "1", "", "", "floor", ""), in: []string{"f32[]"}, err: "*"},
		{name: "avg_pool_invalid_1d_input", attrs: tpPool("", "1", "", "", "floor", ""), in: []string{"f32[2]"}, err: "*"},
		{name: "avg_pool_invalid_2d_input", attrs: tpPool("", "1", "", "", "floor", ""), in: []string{"f32[2,6]"}, err: "*"},
		{name: "avg_pool_invalid_0_batch_size", attrs: tpPool("1", "1", "", "", "floor", ""), in: []string{"f32[0,6]"}, err: "*"},
		{name: "avg_pool_invalid_0_channels", attrs: tpPool("1", "1", "", "", "floor", ""), in: []string{"f32[6,0]"}, err: "*"},
		{name: "avg_pool_invalid_wrong_number_of_window_dimensions_too_many", attrs: tpPool("3,3,3", "1", "", "", "floor", ""), in: []string{"f32[6,2,10,10]"}, err: "*"},
		{name: "avg_pool_invalid_wrong_number_of_window_dimensions_too_few", attrs: tpPool("3", "1", "", "", "floor", ""), in: []string{"f32[6,2,10,10]"}, err: "*"},
		{name: "avg_pool_invalid_movement_stride_rank", attrs: tpPool("3,3", "2,3,8", "", "", "floor", ""), in: []string{"f32[6,2,10,10]"}, err: "*"},
		{name: "avg_pool_invalid_padding_below_rank", attrs: tpPool("3,3", "2,3", "1,2,3", "1,2", "floor", ""), in: []string{"f32[6,2,10,10]"}, err: "*"},
		{name: "avg_pool_invalid_padding_above_rank", attrs: tpPool("3,3", "2,3", "1,2", "1,2,3", "floor", ""), in: []string{"f32[6,2,10,10]"}, err: "*"},
		{name: "avg_pool_invalid_input_item_size_0", attrs: tpPool("3,3", "1", "", "", "floor", ""), in: []string{"f32[6,2,0,10]"}, err: "*"},
		{name: "avg_pool_invalid_window_size_0", attrs: tpPool("3,0", "1", "", "", "floor", ""), in: []string{"f32[6,2,10,10]"}, err: "*"},
		{name: "avg_pool_invalid_dilated_too_large", attrs: tpPool("9,9", "1", "", "", "floor", ""), in: []string{"f32[6,2,8,8]"}, err: "*"},
		{name: "avg_pool_larger_than_pre_padding_but_fits_in_post_padding", attrs: tpPool("9,9", "1,1", "0,0", "1,1", "floor", ""), in: []string{"f32[6,2,8,8]"}, out: []string{"f32[6,2,1,1]"}},
		{name: "avg_pool_invalid_movement_stride_0", attrs: tpPool("3,3", "0,1", "", "", "floor", ""), in: []string{"f32[6,2,10,10]"}, err: "*"},
		{name: "avg_pool_partial_rank_dynamic_ok", attrs: tpPool("2,3,4,5", "1,1,1,1", "0,0,0,0", "0,0,0,0", "floor", "", ex("false")...), in: []string{"f32[...]"}, out: []string{"f32[?,?,?,?,?,?]"}},
		{name: "avg_pool_partial_rank_dynamic_attrib_rank_mismatch", attrs: tpPool("2,3,4,5", "1,1,1,1,1", "0,0,0,0", "0,0,0,0", "floor", "", ex("false")...), in: []string{"f32[...]"}, err: "*"},
		{name: "avg_pool_partial_rank_static_dynamic_ok", attrs: tpPool("2,3,4", "1,1,1", "0,0,0", "0,0,0", "floor", "", ex("false")...), in: []string{"f32[?,?,?,?,?]"}, out: []string{"f32[?,?,1..,1..,1..]"}},
		{name: "avg_pool_partial_rank_static_dynamic_some_dims_known_ok", attrs: tpPool("2,3,4", "1,1,1", "0,0,0", "0,0,0", "floor", "", ex("false")...), in: []string{"f32[5,?,8,?,4]"}, out: []string{"f32[5,?,7,1..,1]"}},
		{name: "avg_pool_partial_rank_static_dynamic_attrib_rank_mismatch", attrs: tpPool("2,3,4,5", "1,1,1", "0,0,0", "0,0,0", "floor", ""), in: []string{"f32[5,?,8,?,4]"}, err: "*"},
		{name: "avg_pool_partial_rank_static_dynamic_window_not_too_big", attrs: tpPool("9,3,4", "1,1,1", "0,0,0", "0,0,0", "floor", ""), in: []string{"f32[5,?,8,?,4]"}, err: "*"},
		{name: "avg_pool_partial_rank_static_dynamic_padded_window_not_too_big", attrs: tpPool("9,3,4", "1,1,1", "0,0,0", "1,0,0", "floor", ""), in: []string{"f32[5,?,8,?,4]"}, out: []string{"f32[5,?,1,1..,1]"}},
		{name: "avg_pool_partial_rank_static_dynamic_window_in_padding", attrs: tpPool("9,3,4", "1,1,1", "0,0,0", "0,0,0", "floor", ""), in: []string{"f32[5,?,8,?,4]"}, err: "*"},
		{name: "avg_pool_kernel_dilation_not_compatible_with_padding_begin", attrs: tpPool("9", "1", "10", "0", "floor", ""), in: []string{"f32[5,?,8]"}, err: "Kernel after dilation is sometimes entirely in the padding area for axis 0"},
		{name: "avg_pool_kernel_dilation_not_compatible_with_padding_end", attrs: tpPool("9", "1", "0", "10", "floor", ""), in: []string{"f32[5,?,8]"}, err: "Kernel after dilation is sometimes entirely in the padding area for axis 0"},
	}
	v1 := append(append([]tpCase(nil), typed...),
		tpCase{name: "avg_pool_invalid_rounding_type", attrs: tpPool("9,3,4", "1,1,1", "0,0,0", "1,0,0", "ceil_torch", ""), in: []string{"f32[5,?,8,?,4]"}, err: "*"})
	tpRun(t, "AvgPool", "opset1", v1)
	noEx := ex("false")
	v14 := []tpCase{
		{name: "auto_padding_ceil_torch", attrs: tpPool("2,2", "1,1", "1,1", "1,1", "ceil_torch", "same_lower", noEx...), in: []string{"f32[1,3,9,9]"}, out: []string{"f32[1,3,9,9]"}},
		{name: "explicit_padding_ceil_torch", attrs: tpPool("2,2", "2,2", "1,1", "1,1", "ceil_torch", "explicit", noEx...), in: []string{"f32[1,3,9,9]"}, out: []string{"f32[1,3,5,5]"}},
		{name: "explicit_padding_ceil_torch_no_strides", attrs: tpPool("2,2", "1,1", "1,1", "1,1", "ceil_torch", "explicit", noEx...), in: []string{"f32[1,3,9,9]"}, out: []string{"f32[1,3,10,10]"}},
		{name: "2d_deduce_strided_2", attrs: tpPool("10,20", "2,3", "0,0", "0,0", "ceil_torch", ""), in: []string{"f32[64,3,100,150]"}, out: []string{"f32[64,3,46,45]"}},
		{name: "dynamic_dims_ceil_mode_1", attrs: tpPool("2,2", "2,2", "1,1", "1,1", "ceil", "", noEx...), in: []string{"f32[?,3,5..,6..7]"}, out: []string{"f32[?,3,4..,4..5]"}},
		{name: "dynamic_dims_ceil_torch_mode_1", attrs: tpPool("2,2", "2,2", "1,1", "1,1", "ceil_torch", "", noEx...), in: []string{"f32[?,3,5..,6..7]"}, out: []string{"f32[?,3,3..,4]"}},
		{name: "dynamic_dims_ceil_mode_2", attrs: tpPool("3,3", "3,3", "1,1", "1,1", "ceil", "", noEx...), in: []string{"f32[?,3,14..,15..17]"}, out: []string{"f32[?,3,6..,6..7]"}},
		{name: "dynamic_dims_ceil_torch_mode_2", attrs: tpPool("3,3", "3,3", "1,1", "1,1", "ceil_torch", "", noEx...), in: []string{"f32[?,3,14..,15..17]"}, out: []string{"f32[?,3,5..,6]"}},
	}
	for _, v := range []string{"opset14", "opset16"} {
		cs := append([]tpCase(nil), typed...)
		for _, c := range v14 {
			c.name = "avg_pool_" + v[5:] + "_" + c.name
			cs = append(cs, c)
		}
		if v == "opset16" {
			d := func(dil string, a []string) []string { return append(a, "dilations", dil) }
			cs = append(cs,
				tpCase{name: "avg_pool_16_dilations_auto_padding_ceil_torch", attrs: d("2,2", tpPool("2,2", "1,1", "1,1", "1,1", "ceil_torch", "same_lower", noEx...)), in: []string{"f32[1,3,9,9]"}, out: []string{"f32[1,3,9,9]"}},
				tpCase{name: "avg_pool_16_dilations_explicit_padding_ceil_torch", attrs: d("2,2", tpPool("2,2", "2,2", "1,1", "1,1", "ceil_torch", "explicit", noEx...)), in: []string{"f32[1,3,9,9]"}, out: []string{"f32[1,3,5,5]"}},
				tpCase{name: "avg_pool_16_dilations_explicit_padding_ceil_torch_no_strides", attrs: d("2,2", tpPool("2,2", "1,1", "1,1", "1,1", "ceil_torch", "explicit", noEx...)), in: []string{"f32[1,3,9,9]"}, out: []string{"f32[1,3,9,9]"}},
				tpCase{name: "avg_pool_16_dilations_2d_deduce_strided_2", attrs: d("2,2", tpPool("10,20", "2,3", "0,0", "0,0", "ceil_torch", "")), in: []string{"f32[64,3,100,150]"}, out: []string{"f32[64,3,42,38]"}},
				tpCase{name: "avg_pool_16_dilations_dynamic_dims_ceil_mode_1", attrs: d("2,2", tpPool("2,2", "2,2", "1,1", "1,1", "ceil", "", noEx...)), in: []string{"f32[?,3,5..,6..8]"}, out: []string{"f32[?,3,3..,4..5]"}},
				tpCase{name: "avg_pool_16_dilations_dynamic_dims_ceil_torch_mode_1", attrs: d("2,2", tpPool("2,2", "2,2", "1,1", "1,1", "ceil_torch", "", noEx...)), in: []string{"f32[?,3,5..,6..7]"}, out: []string{"f32[?,3,3..,4]"}},
				tpCase{name: "avg_pool_16_dilations_dynamic_dims_ceil_mode_2", attrs: d("3,3", tpPool("3,3", "3,3", "1,1", "1,1", "ceil", "", noEx...)), in: []string{"f32[?,3,14..,15..18]"}, out: []string{"f32[?,3,4..,5..6]"}},
				tpCase{name: "avg_pool_16_dilations_dynamic_dims_ceil_torch_mode_2", attrs: d("3,3", tpPool("3,3", "3,3", "1,1", "1,1", "ceil_torch", "", noEx...)), in: []string{"f32[?,3,14..,15..18]"}, out: []string{"f32[?,3,4..,5..6]"}},
			)
		}
		tpRun(t, "AvgPool", v, cs)
	}
}
