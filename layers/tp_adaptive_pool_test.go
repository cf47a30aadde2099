package layers

import "testing"

// AdaptiveAvgPool-8 and AdaptiveMaxPool-8 shape inference:
// src/core/tests/type_prop/adaptive_avg_pool.cpp@09d9dfab and adaptive_max_pool.cpp@085e794c,
// as data. A ShapeOf output_shape input is given by its bounds; symbol assertions are out of
// scope.
func TestTPAdaptivePool(t *testing.T) {
	common := []tpCase{
		{name: "dynamic_batch", in: []string{"f32[?,6,8,9]", "i64[2]=5,7"}, out: []string{"f32[?,6,5,7]"}},
		{name: "dynamic_channel", in: []string{"f32[1,?,10..20,9]", "i64[2]=5,7"}, out: []string{"f32[1,?,5,7]"}},
		{name: "dynamic_spatial", in: []string{"f32[1,6,?,?]", "i64[2]=5,7"}, out: []string{"f32[1,6,5,7]"}},
		{name: "dynamic_output_shape", in: []string{"f32[1,6,8,9,2]", "i64[...]"}, out: []string{"f32[1,6,?,?,?]"}},
		{name: "output_shape_as_parameter", in: []string{"f32[1,6,8,9,2]", "i64[3]"}, out: []string{"f32[1,6,?,?,?]"}},
		{name: "data_dynamic_rank", in: []string{"f32[...]", "i32[3]"}, out: []string{"f32[...]"}},
		{name: "out_spatial_shape_size_not_match_data_spatial_dimensions", in: []string{"f32[2,3,5,6]", "i32[3]"},
			err: "Output shape for spatial dimension not compatible with data shape."},
		{name: "unsupported_input_shape", in: []string{"f32[1,6]", "i64[]=1"}, err: "Expected a 3D, 4D or 5D tensor for the input. Got:"},
		{name: "wrong_out_shape", in: []string{"f32[1,6,8,9]", "i64[3]=5,7,8"}, err: "Output shape for spatial dimension not compatible with data shape."},
	}
	avg := append([]tpCase{
		{name: "default_ctor", in: []string{"f32[2,6,3,2]", "i64[2]=5,7"}, out: []string{"f32[2,6,5,7]"}},
		{name: "static_dim_shape_prop", in: []string{"f32[1,6,8,9]", "i64[2]=5,7"}, out: []string{"f32[1,6,5,7]"}},
		{name: "preserve_partial_values_and_symbols_on_output_shape_input", in: []string{"f32[1..2,2..4,5,10..20,?]", "i64[3]:2..6,3,12..13"},
			out: []string{"f32[1..2,2..4,2..6,3,12..13]"}},
	}, common...)
	tpRun(t, "AdaptiveAvgPool", "opset8", avg)

	var mx []tpCase
	for _, c := range common {
		if c.err == "" { // both outputs have the data's shape; indices i64 by default
			c.out = []string{c.out[0], "i64" + c.out[0][3:]}
		}
		mx = append(mx, c)
	}
	idx := func(et string) []string { return []string{"index_element_type", et} }
	mx = append(mx, []tpCase{
		{name: "default_ctor", attrs: idx("i64"), in: []string{"f32[2,6,3,2]", "i64[2]=5,7"}, out: []string{"f32[2,6,5,7]", "i64[2,6,5,7]"}},
		{name: "shape_infer", in: []string{"f64[2,6,3,2,10]", "i64[3]=5,7,1"}, out: []string{"f64[2,6,5,7,1]", "i64[2,6,5,7,1]"}},
		{name: "i32_indices", attrs: idx("i32"), in: []string{"f64[2,6,2,10]", "i32[2]=7,1"}, out: []string{"f64[2,6,7,1]", "i32[2,6,7,1]"}},
		{name: "dynamic_batch_9x9", in: []string{"f32[?,6,8,9]", "i64[2]=9,9"}, out: []string{"f32[?,6,9,9]", "i64[?,6,9,9]"}},
		{name: "dynamic_channel_batch2", in: []string{"f32[2,?,10..20,9]", "i64[2]=5,7"}, out: []string{"f32[2,?,5,7]", "i64[2,?,5,7]"}},
		{name: "preserve_partial_values_and_symbols_on_output_shape_input", in: []string{"f32[1..2,2..4,5,10..20,?]", "i64[3]:2..6,0..,12..13"},
			out: []string{"f32[1..2,2..4,2..6,?,12..13]", "i64[1..2,2..4,2..6,?,12..13]"}},
		{name: "wrong_index_element_type", attrs: idx("i16"), in: []string{"f32[1,6,8,9]", "i16[2]=5,7"}, err: "Index element type must be i32 or i64"},
	}...)
	tpRun(t, "AdaptiveMaxPool", "opset8", mx)
}
