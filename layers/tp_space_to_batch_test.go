package layers

import "testing"

// SpaceToBatch-1 shape and type inference: src/core/tests/type_prop/space_to_batch.cpp@041483fd
// (inputs data, block_shape, pads_begin, pads_end).
func TestTPSpaceToBatch(t *testing.T) {
	c := func(et, vals string, n int) string {
		return et + "[" + string(rune('0'+n)) + "]=" + vals
	}
	tpRun(t, "SpaceToBatch", "opset2", []tpCase{
		{name: "space_to_batch_output_shape_2D", in: []string{"f32[2,128]", c("i64", "1,5", 2), c("i64", "0,2", 2), c("i64", "0,0", 2)}, out: []string{"f32[10,26]"}},
		{name: "space_to_batch_output_shape_4D", in: []string{"f32[2,64,64,3]", c("i64", "1,10,5,1", 4), c("i64", "0,3,1,0", 4), c("i64", "0,3,0,0", 4)},
			out: []string{"f32[100,7,13,3]"}},
		{name: "space_to_batch_output_shape_5D", in: []string{"f32[2,32,64,128,256]", c("i32", "1,6,5,1,16", 5), c("i32", "0,2,0,0,0", 5), c("i32", "0,2,1,0,0", 5)},
			out: []string{"f32[960,6,13,128,16]"}},
		{name: "space_to_batch_and_batch_to_space", in: []string{"f32[2,100..,1024,3]", c("i64", "1,12,100,2", 4), c("i64", "0,3,38,1", 4), c("i64", "0,5,38,0", 4)},
			out: []string{"f32[4800,9..,11,2]"}},
		{name: "space_to_batch_when_space_is_static", in: []string{"f32[2..5,100,1024,3]", c("i64", "1,12,100,2", 4), c("i64", "0,3,38,1", 4), c("i64", "0,5,38,0", 4)},
			out: []string{"f32[4800..12000,9,11,2]"}},
		{name: "space_to_batch_when_data_dynamic_", in: []string{"f32[2..5,5..100,100..1024,3..10]", c("i64", "1,1,1,1", 4), c("i64", "1,0,2,0", 4), c("i64", "1,0,3,0", 4)},
			out: []string{"f32[2..5,5..100,105..1029,3..10]"}},
		{name: "space_to_batch_when_space_is_dynamic", in: []string{"f32[2..5,5..100,100..1024,3..10]", c("i64", "1,12,100,2", 4), c("i64", "0,3,38,1", 4), c("i64", "0,5,38,0", 4)},
			out: []string{"f32[4800..12000,2..9,2..11,2..5]"}},
		{name: "space_to_batch_dynamic_shape_static_rank", in: []string{"f32[?,?,?,?]", c("i64", "1,10,5,1", 4), c("i64", "0,3,2,0", 4), c("i64", "0,3,0,0", 4)},
			out: []string{"f32[?,1..,1..,?]"}},
		{name: "space_to_batch_dynamic_shape_dynamic_rank", in: []string{"f32[...]", c("i64", "1,10,5,1", 4), c("i64", "0,3,1,0", 4), c("i64", "0,3,0,0", 4)},
			out: []string{"f32[...]"}},
		{name: "space_to_batch_dynamic_rank_shape_block_and_pads_not_const", in: []string{"f32[...]", "i64[4]", "i64[4]", "i64[4]"}, out: []string{"f32[...]"}},
		{name: "space_to_batch_default_ctor", in: []string{"f32[2..5,100,100..,3]", c("i64", "1,2,4,1", 4), c("i64", "1,1,2,0", 4), c("i64", "1,1,6,0", 4)},
			out: []string{"f32[16..40,51,27..,3]"}},
		{name: "space_to_batch_non_const_inputs", in: []string{"f32[100,7,13,3]", "i64[4]", "i64[4]", "i64[4]"}, out: []string{"f32[?,?,?,?]"}},
		{name: "space_to_batch_block_non_constant_only", in: []string{"f32[100,7,13,3]", "i64[4]", c("i64", "0,3,1,0", 4), c("i64", "0,3,0,0", 4)}, out: []string{"f32[?,?,?,?]"}},
		{name: "space_to_batch_crops_non_constant_only", in: []string{"f32[100,7,13,3]", c("i64", "1,2,5,1", 4), "i64[4]", "i64[4]"}, out: []string{"f32[1000,?,?,?]"}},
		{name: "space_to_batch_invalid_element_type_block_shape", in: []string{"f32[2,128]", c("f32", "1,5", 2), c("i64", "0,2", 2), c("i64", "0,0", 2)},
			err: "block_shape must be an integral number"},
		{name: "space_to_batch_invalid_element_type_pads_begin", in: []string{"f32[2,128]", c("i64", "1,5", 2), c("f32", "0,2", 2), c("i64", "0,0", 2)},
			err: "pads_begin must be an integral number but got"},
		{name: "space_to_batch_invalid_element_type_pads_end", in: []string{"f32[2,128]", c("i16", "1,5", 2), c("i64", "0,2", 2), c("f32", "0,0", 2)},
			err: "pads_end must be an integral number but got"},
		{name: "space_to_batch_invalid_value_block_shape", in: []string{"f32[2,128]", c("i64", "-1,-5", 2), c("i64", "0,2", 2), c("i64", "0,0", 2)},
			err: "block_shape values must be greater than 0"},
	})
	// The second half of space_to_batch_and_batch_to_space: BatchToSpace of that output.
	tpRun(t, "BatchToSpace", "opset2", []tpCase{
		{name: "space_to_batch_and_batch_to_space/batch_to_space", in: []string{"f32[4800,9..,11,2]", c("i64", "1,12,100,2", 4), c("i64", "0,3,38,1", 4), c("i64", "0,5,38,0", 4)},
			out: []string{"f32[2,100..,1024,3]"}},
	})
}
