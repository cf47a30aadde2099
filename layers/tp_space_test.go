package layers

import "testing"

// DepthToSpace-0: src/core/tests/type_prop/depth_to_space.cpp@0b0acee1; SpaceToDepth-0:
// space_to_depth.cpp@09d9dfab; ShuffleChannels-0: shuffle_channels.cpp@09d9dfab — as data.
// Label checks are out of scope.
func TestTPDepthSpace(t *testing.T) {
	m := func(mode, bs string) []string { return []string{"mode", mode, "block_size", bs} }
	tpRun(t, "DepthToSpace", "opset1", []tpCase{
		{name: "depth_to_space_input_interval_shape_block_first_5D_when_depth_is_static", attrs: m("blocks_first", "2"), in: []string{"f32[2..10,24,3..7,423..3000,235..1345]"}, out: []string{"f32[2..10,3,6..14,846..6000,470..2690]"}},
		{name: "depth_to_space_input_interval_shape_default_block_size", attrs: []string{"mode", "blocks_first"}, in: []string{"f32[2..10,24,3..7,423..3000,235..1345]"}, out: []string{"f32[2..10,24,3..7,423..3000,235..1345]"}},
		{name: "depth_to_space_output_dynamicshape_block_first_5D_when_depth_is_dynamic", attrs: m("blocks_first", "3"), in: []string{"f32[2..10,81..82,3..7,423..3000,235..1345]"}, out: []string{"f32[2..10,3,9..21,1269..9000,705..4035]"}},
		{name: "depth_to_space_output_shape_block_first_4D", attrs: m("blocks_first", "8"), in: []string{"f32[1,128,8,8]"}, out: []string{"f32[1,2,64,64]"}},
		{name: "depth_to_space_output_shape_block_first_4D_2", attrs: m("blocks_first", "2"), in: []string{"f32[1,12,1080,1616]"}, out: []string{"f32[1,3,2160,3232]"}},
		{name: "depth_to_space_output_shape_block_first_5D", attrs: m("blocks_first", "2"), in: []string{"f32[1,16,3,1080,1616]"}, out: []string{"f32[1,2,6,2160,3232]"}},
		{name: "depth_to_space_output_shape_depth_first_4D", attrs: m("depth_first", "2"), in: []string{"f32[1,12,1080,1616]"}, out: []string{"f32[1,3,2160,3232]"}},
		{name: "depth_to_space_output_shape_depth_first_5D", attrs: m("depth_first", "2"), in: []string{"f32[1,16,3,1080,1616]"}, out: []string{"f32[1,2,6,2160,3232]"}},
		{name: "depth_to_space_input_rank_not_supported", attrs: m("depth_first", "2"), in: []string{"f32[1,8]"}, err: "The input tensor with rank lower than 3 is not supported (input rank: 2)"},
		{name: "depth_to_space_blocksize_not_matched", attrs: m("depth_first", "2"), in: []string{"f32[1,7,4,4]"}, err: "must be a multiple of divisor: 4"},
		{name: "depth_to_space_dynamic_shape_static_rank", attrs: m("depth_first", "2"), in: []string{"f32[?,?,?,?]"}, out: []string{"f32[?,?,?,?]"}},
		{name: "depth_to_space_dynamic_shape_dynamic_rank", attrs: m("depth_first", "2"), in: []string{"f32[...]"}, out: []string{"f32[...]"}},
		{name: "depth_to_space_default_ctor", attrs: m("blocks_first", "3"), in: []string{"u32[2..10,27,0..54,9..]"}, out: []string{"u32[2..10,3,0..162,27..]"}},
	})
	tpRun(t, "SpaceToDepth", "opset1", []tpCase{
		{name: "space_to_depth_output_shape_block_first_4D", attrs: m("blocks_first", "8"), in: []string{"f32[1,2,64,64]"}, out: []string{"f32[1,128,8,8]"}},
		{name: "space_to_depth_output_shape_block_first_4D_2", attrs: m("blocks_first", "2"), in: []string{"f32[1,12,1080,1616]"}, out: []string{"f32[1,48,540,808]"}},
		{name: "space_to_depth_output_shape_depth_first_4D", attrs: m("depth_first", "2"), in: []string{"f32[1,12,1080,1616]"}, out: []string{"f32[1,48,540,808]"}},
		{name: "space_to_depth_output_shape_depth_first_5D", attrs: m("depth_first", "2"), in: []string{"f32[1,12,4,1080,1616]"}, out: []string{"f32[1,96,2,540,808]"}},
		{name: "space_to_depth_output_shape_depth_first_5D_1", attrs: m("depth_first", "1"), in: []string{"f32[1..4,12..36,1080,1616]"}, out: []string{"f32[1..4,12..36,1080,1616]"}},
		{name: "space_to_depth_output_shape_when_space_is_static", attrs: m("depth_first", "2"), in: []string{"f32[1..4,12..36,1080,1616]"}, out: []string{"f32[1..4,48..144,540,808]"}},
		{name: "space_to_depth_output_shape_when_space_is_dynamic", attrs: m("depth_first", "2"), in: []string{"f32[1..4,12..36,100..1081,99..1616]"}, out: []string{"f32[1..4,48..144,50..540,50..808]"}},
		{name: "space_to_depth_dynamic_shape_static_rank", attrs: m("blocks_first", "8"), in: []string{"f32[?,?,?,?]"}, out: []string{"f32[?,?,?,?]"}},
		{name: "space_to_depth_dynamic_shape_dynamic_rank", attrs: m("blocks_first", "8"), in: []string{"f32[...]"}, out: []string{"f32[...]"}},
		{name: "space_to_depth_default_ctor", attrs: m("blocks_first", "3"), in: []string{"f64[1..4,12..36,900,3]"}, out: []string{"f64[1..4,108..324,300,1]"}},
		{name: "space_to_depth_input_rank_not_supported", attrs: m("depth_first", "2"), in: []string{"f32[1,8]"}, err: "The input tensor with rank lower than 3 is not supported (input rank: 2)"},
		{name: "space_to_depth_blocksize_not_matched", attrs: m("depth_first", "4"), in: []string{"f32[1,3,8,7]"}, err: "must be a multiple of divisor: 4"},
	})
	sc := func(axis, group string) []string { return []string{"axis", axis, "group", group} }
	tpRun(t, "ShuffleChannels", "opset1", []tpCase{
		{name: "shuffle_channels_default_4D", in: []string{"f32[3,9,4,5]"}, out: []string{"f32[3,9,4,5]"}},
		{name: "shuffle_channels_basic_4D", attrs: sc("1", "3"), in: []string{"f32[3,9,4,5]"}, out: []string{"f32[3,9,4,5]"}},
		{name: "shuffle_channels_dynamic_4D", attrs: sc("1", "3"), in: []string{"f32[?,3..9,4,4..15]"}, out: []string{"f32[?,3..9,4,4..15]"}},
		{name: "shuffle_channels_dynamic_fully", attrs: sc("1", "3"), in: []string{"f32[...]"}, out: []string{"f32[...]"}},
		{name: "shuffle_channels_ND_bigger/5D", attrs: sc("2", "3"), in: []string{"f32[2,3,9,4,5]"}, out: []string{"f32[2,3,9,4,5]"}},
		{name: "shuffle_channels_ND_bigger/6D", attrs: sc("3", "3"), in: []string{"f32[6,2,3,9,4,5]"}, out: []string{"f32[6,2,3,9,4,5]"}},
		{name: "shuffle_channels_ND_smaller/3D", attrs: sc("2", "3"), in: []string{"f32[5,4,9]"}, out: []string{"f32[5,4,9]"}},
		{name: "shuffle_channels_ND_smaller/2D", attrs: sc("0", "3"), in: []string{"f32[9,20]"}, out: []string{"f32[9,20]"}},
		{name: "shuffle_channels_ND_smaller/1D", attrs: sc("0", "3"), in: []string{"f32[9]"}, out: []string{"f32[9]"}},
		{name: "shuffle_channels_axis_validation", attrs: sc("-5", "5"), in: []string{"f64[1,2,3,4]"}, err: "xis -5 out of the tensor rank range [-4, 3]"},
		{name: "shuffle_channels_negative_axis_calculation", attrs: sc("-3", "2"), in: []string{"f64[1,2,3,4]"}, out: []string{"f64[1,2,3,4]"}},
		{name: "shuffle_channels_infer_shape_with_negative_axis_calculation/-1", attrs: sc("-1", "2"), in: []string{"f64[1,3,5,8]"}, out: []string{"f64[1,3,5,8]"}},
		{name: "shuffle_channels_infer_shape_with_negative_axis_calculation/-2", attrs: sc("-2", "2"), in: []string{"f64[1,3,8,5]"}, out: []string{"f64[1,3,8,5]"}},
		{name: "shuffle_channels_infer_shape_with_negative_axis_calculation/-4", attrs: sc("-4", "2"), in: []string{"f64[8,3,5,7]"}, out: []string{"f64[8,3,5,7]"}},
		{name: "shuffle_channels_invalid_input_shape", attrs: sc("0", "1"), in: []string{"f64[]"}, err: "The input tensor's shape is expected to be at least 1D."},
		{name: "shuffle_channels_invalid_groups_value", attrs: sc("-1", "2"), in: []string{"f64[1,2,3,15]"}, err: "The channel dimension size has to be a multiple of the groups parameter value."},
		{name: "shuffle_channels_default_ctor", attrs: sc("-3", "3"), in: []string{"i32[2..5,0..2,3,2..]"}, out: []string{"i32[2..5,0..2,3,2..]"}},
	})
}
