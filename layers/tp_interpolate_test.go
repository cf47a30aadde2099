package layers

import "testing"

// Interpolate-1/4/11 shape inference: src/core/tests/type_prop/interpolate.cpp@09364c7a,
// transcribed as data. A ShapeOf sizes/target input is given by its bounds. Label
// (symbol) expectations are out of scope.
func TestTPInterpolate(t *testing.T) {
	const (
		img   = "f32[1,3,30,60]"
		sc    = "f32[2]=0.5,0.5"
		ax23  = "i64[2]=2,3"
		zero4 = "0,0,0,0"
	)
	v4 := func(calc string, kv ...string) []string {
		return append([]string{"mode", "nearest", "shape_calculation_mode", calc, "coordinate_transformation_mode", "half_pixel",
			"nearest_mode", "round_prefer_floor", "antialias", "false", "cube_coeff", "-0.75"}, kv...)
	}
	pads := func(b, e string) []string { return []string{"pads_begin", b, "pads_end", e} }
	z := pads(zero4, zero4)
	tpRun(t, "Interpolate", "opset1", []tpCase{
		{name: "interpolate_v0_default_ctor", attrs: append([]string{"axes", "2,3"}, z...), in: []string{"f32[2,2,30,60]", "i32[2]=15,30"}, out: []string{"f32[2,2,15,30]"}},
		{name: "interpolate_v0_all_inputs_dynamic_rank", attrs: append([]string{"axes", "2,3"}, z...), in: []string{"f16[...]", "i32[...]"}, out: []string{"f16[...]"}},
		{name: "interpolate_v0_all_inputs_static_rank", attrs: append([]string{"axes", "2,3"}, z...), in: []string{"f16[?,?,?,?,?,?]", "i32[?]"}, out: []string{"f16[?,?,?,?,?,?]"}},
		{name: "interpolate_v0_target_shape_not_constant", attrs: append([]string{"axes", "3,1"}, z...), in: []string{"bf16[2,4,12,12]", "i64[1]"}, out: []string{"bf16[2,?,12,?]"}},
		{name: "interpolate_v0_target_shape_as_shape_of", attrs: append([]string{"axes", "3,1"}, pads("0,0,1,0", "0,2,0,0")...),
			in: []string{"f64[1..2,10,10,5..30]", "i64[2]:2..4,0.."}, out: []string{"f64[1..2,2..4,10,?]"}},
	})
	tpRun(t, "Interpolate", "opset4", []tpCase{
		{name: "interpolate_v4", attrs: v4("scales", z...), in: []string{"f32[2,2,30,60]", "i32[2]", sc, ax23}, out: []string{"f32[2,2,15,30]"}},
		{name: "interpolate_v4_non_constant_axes_scales", attrs: v4("scales", z...), in: []string{"f16[2,2,30,60]", "i64[2]", sc, "i32[2]"}, out: []string{"f16[?,?,?,?]"}},
		{name: "interpolate_v4_non_constant_axes_sizes", attrs: v4("sizes", z...), in: []string{"bf16[2,2,30,60]", "i64[2]", sc, "i32[2]"}, out: []string{"bf16[?,?,?,?]"}},
		{name: "interpolate_v4_img_dynamic_rank", attrs: v4("scales", z...), in: []string{"bf16[...]", "i32[2]", sc, ax23}, out: []string{"bf16[...]"}},
		{name: "interpolate_v4_partial_static_rank", attrs: v4("scales", pads("0,1,0,0", "0,1,0,0")...), in: []string{"f32[2,2,?,5..30]", "i32[2]", sc, ax23},
			out: []string{"f32[2,4,?,2..15]"}},
		{name: "interpolate_v4_img_intervals_use_scales", attrs: v4("scales", pads("0,0,0,1", "1,1,0,1")...), in: []string{"f32[1..2,?,10,5..30]", "i32[2]", sc, ax23},
			out: []string{"f32[2..3,1..,5,3..16]"}},
		{name: "interpolate_v4_use_sizes_as_shape_of", attrs: v4("sizes", z...), in: []string{"f32[1..2,10,10,5..30]", "i64[2]:2..4,0..", "f32[2]=0.3333333,0.3333333", "i64[2]=3,1"},
			out: []string{"f32[1..2,?,10,2..4]"}},
		{name: "interpolate_v4_use_scales_interval_shapes", attrs: v4("scales", pads("0,0,0,0,0", "0,0,0,0,0")...),
			in: []string{"f32[2,2,12..800,?,24..]", "i32[3]", "f32[3]=0.5,0.25,0.125", "i64[3]=2,3,4"}, out: []string{"f32[2,2,6..400,?,3..]"}},
		{name: "interpolate_v4_incorrect_mode/bicubic_pillow", attrs: append([]string{"mode", "bicubic_pillow", "shape_calculation_mode", "scales"}, z...),
			in: []string{img, "i32[2]", "f32[2]=6,12", ax23}, err: "Unsupported interpolation mode used with version 4 of the Interpolate op"},
		{name: "interpolate_v4_incorrect_mode/bilinear_pillow", attrs: append([]string{"mode", "bilinear_pillow", "shape_calculation_mode", "scales"}, z...),
			in: []string{img, "i32[2]", "f32[2]=6,12", ax23}, err: "Unsupported interpolation mode used with version 4 of the Interpolate op"},
		{name: "interpolate_v4_target_shape_not_1d/2d", attrs: v4("sizes", z...), in: []string{img, "i32[1,2]", "f32[2]=6,12", ax23}, err: "Input [1] is not rank 1"},
		{name: "interpolate_v4_target_shape_not_1d/scalar", attrs: v4("sizes", z...), in: []string{img, "i32[]", "f32[2]=6,12", ax23}, err: "Input [1] is not rank 1"},
		{name: "interpolate_v4_scales_not_1d/2d", attrs: v4("scales", z...), in: []string{img, "i32[2]=10,20", "f32[1,2]", ax23}, err: "Input [2] is not rank 1"},
		{name: "interpolate_v4_scales_not_1d/scalar", attrs: v4("scales", z...), in: []string{img, "i32[2]=10,20", "f32[]", ax23}, err: "Input [2] is not rank 1"},
		{name: "interpolate_v4_axes_not_1d", attrs: v4("scales", z...), in: []string{img, "i32[2]=10,20", "f32[2]=6,12", "i32[1,2]"}, err: "Input [3] is not rank 1"},
	})
	v11 := func(calc string, kv ...string) []string {
		return append([]string{"mode", "nearest", "shape_calculation_mode", calc}, kv...)
	}
	tpRun(t, "Interpolate", "opset11", []tpCase{
		{name: "interpolate_v11_default_ctor", attrs: v11("scales", pads("1,0,0,0", "0,1,0,0")...), in: []string{img, "f32[2]=0.2,0.2", ax23}, out: []string{"f32[2,4,6,12]"}},
		{name: "interpolate_v11_scales", attrs: v11("scales", z...), in: []string{img, "f32[2]=0.2,0.2", ax23}, out: []string{"f32[1,3,6,12]"}},
		{name: "interpolate_v11_scales_all_inputs_static_rank", attrs: v11("scales", z...), in: []string{"f16[?,?,?,?,?,?,?,?]", "f32[?]", "i64[?]"},
			out: []string{"f16[?,?,?,?,?,?,?,?]"}},
		{name: "interpolate_v11_sizes", attrs: v11("sizes", z...), in: []string{img, "i32[2]=6,12", ax23}, out: []string{"f32[1,3,6,12]"}},
		{name: "interpolate_v11_sizes_all_inputs_dynamic_rank", attrs: v11("sizes", z...), in: []string{"f32[...]", "i32[...]", "i64[...]"}, out: []string{"f32[...]"}},
		{name: "interpolate_v11_intervals_with_scales_mode", attrs: v11("scales", pads("0,2,1,0,0", "1,1,0,1,0")...),
			in: []string{"f32[1..3,3,1..10,10..,10..20]", "f32[3]=2,3,1", "i64[3]=2,3,4"}, out: []string{"f32[2..4,6,4..22,33..,10..20]"}},
		{name: "interpolate_v11_intervals_with_sizes_mode", attrs: v11("sizes", z...), in: []string{"f32[1..3,3,1..10,10..]", "i32[2]=200,300", ax23},
			out: []string{"f32[1..3,3,200,300]"}},
		{name: "interpolate_v11_sizes_with_shapeof", attrs: v11("sizes", z...), in: []string{"f32[1..3,3,1..10,10..]", "i64[2]:12..37,0..21", "i64[2]=2,1"},
			out: []string{"f32[1..3,..21,12..37,10..]"}},
		{name: "interpolate_v11_non_constant_axes_scales", attrs: v11("scales", z...), in: []string{"f16[2,2,30,60]", sc, "i32[2]"}, out: []string{"f16[?,?,?,?]"}},
		{name: "interpolate_v11_scales_incorrect_et", attrs: v11("scales", z...), in: []string{img, "i64[2]=2,2", ax23}, err: "Scales element type must be f32, f16 or bf16"},
		{name: "interpolate_v11_sizes_incorrect_et", attrs: v11("sizes", z...), in: []string{img, "f32[2]=6,12", ax23}, err: "Sizes element type must be i32, i64, u32 or u64"},
		{name: "interpolate_v11_scales_incorrect_number", attrs: v11("scales", z...), in: []string{img, "f32[2]=0.2,0.2"},
			err: "The number of elements in the 'scales' input does not match the number of axes"},
		{name: "interpolate_v11_sizes_incorrect_number", attrs: v11("sizes", z...), in: []string{img, "i32[2]=6,12"},
			err: "The number of elements in the 'sizes' input does not match the number of axes"},
		{name: "interpolate_v11_scales_not_1d/2d", attrs: v11("scales", z...), in: []string{img, "f32[1,2]", "i32[2]=2,3"}, err: "Input [1] is not rank 1"},
		{name: "interpolate_v11_scales_not_1d/scalar", attrs: v11("scales", z...), in: []string{img, "f32[]", "i32[2]=2,3"}, err: "Input [1] is not rank 1"},
		{name: "interpolate_v11_axes_not_1d/2d", attrs: v11("scales", z...), in: []string{img, "f32[2]=6,12", "i32[1,2]"}, err: "Input [2] is not rank 1"},
		{name: "interpolate_v11_axes_not_1d/scalar", attrs: v11("scales", z...), in: []string{img, "f32[2]=6,12", "i32[]"}, err: "Input [2] is not rank 1"},
	})
}
