package layers

import "testing"

// BatchToSpace-1 (registered from opset2) shape inference:
// src/core/tests/type_prop/batch_to_space.cpp@258f1a81 (the 2025 revision), as data. The
// block/crops Parameters of the element-type and shape checks are Parameters here too; the
// symbol assertions are out of scope (their shapes are kept).
func TestTPBatchToSpace(t *testing.T) {
	k := tpfK
	b4 := []string{k("i64", "1,10,5,1"), k("i64", "0,3,1,0"), k("i64", "0,3,0,0")}
	b5 := []string{k("i32", "1,6,5,1,16"), k("i32", "0,2,0,0,0"), k("i32", "0,2,1,0,0")}
	with := func(data string, rest []string) []string { return append([]string{data}, rest...) }
	cases := []tpCase{
		{name: "incompatible_input_element_types/0", in: []string{"f32[10,26]", "i64[2]", "i32[2]", "i32[2]"}, err: "block_shape, crops_begin and crops_end inputs must have same element type."},
		{name: "incompatible_input_element_types/1", in: []string{"f32[10,26]", "i32[2]", "i64[2]", "i32[2]"}, err: "block_shape, crops_begin and crops_end inputs must have same element type."},
		{name: "incompatible_input_element_types/2", in: []string{"f32[10,26]", "i64[2]", "f32[2]", "f32[2]"}, err: "block_shape, crops_begin and crops_end inputs must have same element type."},
		{name: "invalid_input_element_types", in: []string{"f32[10,26]", "f32[2]", "f32[2]", "f32[2]"}, err: "block_shape and crops inputs must have integer element type."},
		{name: "invalid_data_input_rank", in: []string{"f32[4]", "i64[2]", "i64[2]", "i64[2]"}, err: "data input must have rank greater or equal than 2."},
		{name: "incompatible_secondary_inputs_shapes/0", in: []string{"f32[10,26]", "i64[2,1]", "i64[2]", "i64[2]"}, err: "block_shape, crops_begin and crops_end inputs must have the same shape."},
		{name: "incompatible_secondary_inputs_shapes/1", in: []string{"f32[10,26]", "i64[2]", "i64[2,1]", "i64[2]"}, err: "block_shape, crops_begin and crops_end inputs must have the same shape."},
		{name: "incompatible_secondary_inputs_shapes/2", in: []string{"f32[10,26]", "i64[2]", "i64[2,1]", "i64[2,1]"}, err: "block_shape, crops_begin and crops_end inputs must have the same shape."},
		{name: "invalid_secondary_inputs_rank", in: []string{"f32[10,26]", "i64[2,1]", "i64[2,1]", "i64[2,1]"}, err: "block_shape and crops inputs must have rank 1."},
		{name: "incompatible_data_and_secondary_inputs_shapes", in: []string{"f32[10,26]", "i64[5]", "i64[5]", "i64[5]"}, err: "block_shape and crop inputs must have same number of elements as data input rank."},
		{name: "invalid_block_shape_input", in: []string{"f32[100,7,13,3]", k("i64", "0,10,5,1"), k("i64", "0,3,1,0"), k("i64", "0,3,0,0")}, err: "Elements of block_shape input must be greater or equal to one."},
		{name: "invalid_crops_input_values/begin", in: []string{"f32[100,7,13,3]", k("i64", "1,10,5,1"), k("i64", "0,3,1,-1"), k("i64", "0,3,0,0")}, err: "Elements of crops_begin and crops_end inputs must be greater or equal to zero."},
		{name: "invalid_crops_input_values/end", in: []string{"f32[100,7,13,3]", k("i64", "1,10,5,1"), k("i64", "0,3,1,0"), k("i64", "0,3,-1,0")}, err: "Elements of crops_begin and crops_end inputs must be greater or equal to zero."},
		{name: "incompatible_block_shape_input_values_with_data_shape", in: with("f32[80,7,13,3]", b4), err: "[ 80, 80] must be a multiple of divisor: 50"},
		{name: "invalid_crops_out_of_bounds", in: []string{"f32[32,4,1,3]", k("i64", "1,2,2,1"), k("i64", "0,3,1,2"), k("i64", "0,3,0,2")}, err: "crops_begin[i] + crops_end[i] must be less or equal to block_shape[i] * input_shape[i]"},
		{name: "output_shape_2D", in: []string{"f32[10,26]", k("i64", "1,5"), k("i64", "0,2"), k("i64", "0,0")}, out: []string{"f32[2,128]"}},
		{name: "output_shape_4D", in: with("f32[100,7,13,3]", b4), out: []string{"f32[2,64,64,3]"}},
		{name: "output_shape_5D", in: with("f32[960,6,13,128,16]", b5), out: []string{"f32[2,32,64,128,256]"}},
		{name: "output_dynamic_shape_5D_when_batch_is_static", in: with("f32[960,2..20,12..14,100..150,10..20]", b5), out: []string{"f32[2,8..116,59..69,100..150,160..320]"}},
		// ceil_div(959, 480) = 2, 962 / 480 = 2.
		{name: "output_dynamic_shape_5D_when_batch_is_dynamic", in: with("f32[959..962,2..34,9..21,100..162,1..1999]", b5), out: []string{"f32[2,8..200,44..104,100..162,16..31984]"}},
		{name: "input_interval_shape_block_one", in: []string{"f32[959..962,2..34,9..21]", k("i32", "1,1,1"), k("i32", "0,0,0"), k("i32", "0,0,1")}, out: []string{"f32[959..962,2..34,8..20]"}},
		{name: "batch_to_space_and_space_to_batch", in: []string{"f32[4800,9,11..,2]", k("i64", "1,12,100,2"), k("i64", "0,3,38,1"), k("i64", "0,5,38,0")}, out: []string{"f32[2,100,1024..,3]"}},
		{name: "dynamic_shape_static_rank", in: with("f32[?,?,?,?]", b4), out: []string{"f32[?,?,?,?]"}},
		{name: "dynamic_shape_dynamic_rank", in: with("f32[...]", b4), out: []string{"f32[...]"}},
		{name: "default_ctor", in: with("i16[100,7,13,3]", b4), out: []string{"i16[2,64,64,3]"}},
		{name: "non_const_inputs", in: []string{"f32[100,7,13,3]", "i64[4]", "i64[4]", "i64[4]"}, out: []string{"f32[?,?,?,?]"}},
		{name: "block_non_constant_only", in: []string{"f32[100,7,13,3]", "i64[4]", k("i64", "0,3,1,0"), k("i64", "0,3,0,0")}, out: []string{"f32[?,1..,12..,3..]"}},
		{name: "crops_non_constant_only", in: []string{"f32[100,7,13,3]", k("i64", "1,2,5,1"), "i64[4]", "i64[4]"}, out: []string{"f32[10,?,?,?]"}},
	}
	tpRun(t, "BatchToSpace", "opset2", cases)
	// The second half of batch_to_space_and_space_to_batch: SpaceToBatch with the same values
	// gives the input shape back.
	tpRun(t, "SpaceToBatch", "opset2", []tpCase{
		{name: "batch_to_space_and_space_to_batch", in: []string{"f32[2,100,1024..,3]", k("i64", "1,12,100,2"), k("i64", "0,3,38,1"), k("i64", "0,5,38,0")}, out: []string{"f32[4800,9,11..,2]"}},
	})
}
