package layers

import "testing"

// ReorgYolo-0 (opset2) shape inference: src/core/tests/type_prop/reorg_yolo.cpp@09d9dfab, as data.
func TestTPReorgYolo(t *testing.T) {
	s := func(n string) []string { return []string{"stride", n} }
	tpRun(t, "ReorgYolo", "opset2", []tpCase{
		{name: "default_ctor", attrs: s("2"), in: []string{"f32[1,4,13..16,4]"}, out: []string{"f32[1,16,7..8,2]"}},
		{name: "stride_2", attrs: s("2"), in: []string{"f32[1,64,26,26]"}, out: []string{"f32[1,256,13,13]"}},
		{name: "stride_2_dynamic_shape", attrs: s("2"), in: []string{"f32[?,?,?,?]"}, out: []string{"f32[?,?,?,?]"}},
		{name: "stride_2_interval_shape_with_symbols", attrs: s("2"), in: []string{"f32[1..4,3..9,16..32,16..32]"}, out: []string{"f32[1..4,12..36,8..16,8..16]"}},
		{name: "stride_2_batch_2", attrs: s("2"), in: []string{"f32[2,64,26,26]"}, out: []string{"f32[2,256,13,13]"}},
		{name: "stride_2_smaller_H", attrs: s("2"), in: []string{"f32[1,24,34,62]"}, out: []string{"f32[1,96,17,31]"}},
		{name: "stride_3", attrs: s("3"), in: []string{"f32[1,9,3,3]"}, out: []string{"f32[1,81,1,1]"}},
		{name: "catch_small_shape_stride", attrs: s("2"), in: []string{"f32[1,1,4,4]"}, err: "stride"},
		{name: "data_shape_not_compatible_rank_4/3", attrs: s("2"), in: []string{"f32[?,?,?]"}, err: "[N, C, H, W] input shape is required"},
		{name: "data_shape_not_compatible_rank_4/5", attrs: s("2"), in: []string{"f32[?,?,?,?,?]"}, err: "[N, C, H, W] input shape is required"},
		{name: "h_dim_not_div_by_stride", attrs: s("3"), in: []string{"f32[1,9,13,3]"}, err: "H and W should be divisible by stride"},
		{name: "w_dim_not_div_by_stride", attrs: s("3"), in: []string{"f32[1,9,6,4]"}, err: "H and W should be divisible by stride"},
		{name: "channels_lower_than_sq_stride", attrs: s("3"), in: []string{"f32[1,8,6,6]"}, err: " C >= (stride*stride) is required."},
	})
}
