package layers

import "testing"

// NV12toRGB/BGR-8 and I420toRGB/BGR-8 shape and type inference: the typed suites of
// src/core/tests/type_prop/convert_color_nv12_base.hpp@8fcb2c0d (run by convert_color_nv12.cpp@ec42769e
// for both ops) and convert_color_i420_base.hpp@e255fc92 (convert_color_i420.cpp@473faca3), as
// data. The error tests expect an AssertFailure without naming it ("*").
func TestTPConvertColor(t *testing.T) {
	nv12 := []tpCase{
		{name: "shape_inference_default_ctor_single_plane", in: []string{"f32[5,3,2,1]"}, out: []string{"f32[5,2,2,3]"}},
		{name: "shape_inference_single_tensor", in: []string{"f32[5,3,2,1]"}, out: []string{"f32[5,2,2,3]"}},
		{name: "shape_inference_single_tensor_dynamic", in: []string{"f32[...]"}, out: []string{"f32[?,?,?,3]"}},
		{name: "shape_inference_single_tensor_dynamic_dims", in: []string{"u8[?,3,?,?]"}, out: []string{"u8[?,2,?,3]"}},
		{name: "shape_inference_single_tensor_dynamic_height", in: []string{"u8[?,?,8,?]"}, out: []string{"u8[?,?,8,3]"}},
		{name: "shape_inference_single_tensor_dynamic_type", in: []string{"dynamic[1,6,8,1]"}, out: []string{"dynamic[1,4,8,3]"}},
		{name: "shape_inference_single_tensor_error_channels", in: []string{"u8[1,3,4,2]"}, err: "*"},
		{name: "shape_inference_single_tensor_error_dims_5", in: []string{"u8[1,3,3,1,1]"}, err: "*"},
		{name: "shape_inference_single_tensor_error_dims_3", in: []string{"u8[640,480,1]"}, err: "*"},
		{name: "shape_inference_single_tensor_error_height", in: []string{"u8[1,4,6,1]"}, err: "*"},
		{name: "shape_inference_single_tensor_error_width_odd", in: []string{"u8[1,6,5,1]"}, err: "*"},
		{name: "shape_inference_single_tensor_error_i8", in: []string{"i8[1,640,480,1]"}, err: "*"},
		{name: "shape_inference_single_interval_dims_and_symbols", in: []string{"u8[2..20,5..10,8,1]"}, out: []string{"u8[2..20,4..6,8,3]"}},
		{name: "shape_inference_default_ctor_2_planes", in: []string{"u8[10,480,640,1]", "u8[10,240,320,2]"}, out: []string{"u8[10,480,640,3]"}},
		{name: "shape_inference_2_plane_simple", in: []string{"u8[10,480,640,1]", "u8[10,240,320,2]"}, out: []string{"u8[10,480,640,3]"}},
		{name: "shape_inference_2_plane_dynamic", in: []string{"f32[...]", "f32[...]"}, out: []string{"f32[?,?,?,3]"}},
		{name: "shape_inference_2_plane_y_dynamic", in: []string{"bf16[...]", "bf16[1,3,2,2]"}, out: []string{"bf16[1,6,4,3]"}},
		{name: "shape_inference_2_plane_uv_dynamic", in: []string{"f16[1,4,4,1]", "f16[...]"}, out: []string{"f16[1,4,4,3]"}},
		{name: "shape_inference_2_plane_dynamic_types", in: []string{"dynamic[1,4,4,1]", "dynamic[1,2,2,2]"}, out: []string{"dynamic[1,4,4,3]"}},
		{name: "shape_inference_2_plane_uv_type", in: []string{"dynamic[1,4,4,1]", "f64[1,2,2,2]"}, out: []string{"f64[1,4,4,3]"}},
		{name: "shape_inference_2_plane_error_type_mismatch", in: []string{"u8[...]", "f32[...]"}, err: "*"},
		{name: "shape_inference_2_plane_error_uv_type", in: []string{"dynamic[...]", "i8[...]"}, err: "*"},
		{name: "shape_inference_2_plane_error_5dims", in: []string{"u8[...]", "u8[2,2,2,2,2]"}, err: "*"},
		{name: "shape_inference_2_plane_error_3dims", in: []string{"u8[...]", "u8[2,2,2]"}, err: "*"},
		{name: "shape_inference_2_plane_error_batch", in: []string{"u8[2,480,640,1]", "u8[1,240,320,2]"}, err: "*"},
		{name: "shape_inference_2_plane_error_height", in: []string{"u8[2,480,640,1]", "u8[2,480,320,2]"}, err: "*"},
		{name: "shape_inference_2_plane_error_height_odd", in: []string{"u8[2,3,2,1]", "u8[...]"}, err: "*"},
		{name: "shape_inference_2_plane_error_width", in: []string{"u8[2,480,640,1]", "u8[2,240,640,2]"}, err: "*"},
		{name: "shape_inference_2_plane_error_width_odd", in: []string{"u8[2,4,3,1]", "u8[...]"}, err: "*"},
		{name: "shape_inference_2_plane_error_channels", in: []string{"u8[2,480,640,1]", "u8[2,240,320,1]"}, err: "*"},
		{name: "shape_inference_error_many_types", in: []string{"dynamic[...]", "dynamic[...]", "dynamic[...]"}, err: "*"},
		{name: "shape_inference_2_plane_interval_dims_and_symbols", in: []string{"f32[2..5,2..20,?,1]", "f32[2..3,2..12,2,?]"}, out: []string{"f32[2..3,4..20,4,3]"}},
	}
	tpRun(t, "NV12toRGB", "opset8", nv12)
	tpRun(t, "NV12toBGR", "opset8", nv12)

	uv := "u8[10,240,320,1]"
	i420 := []tpCase{
		{name: "shape_inference_default_ctor_single_plane", in: []string{"f32[5,3,2,1]"}, out: []string{"f32[5,2,2,3]"}},
		{name: "shape_inference_single_tensor", in: []string{"f32[5,3,2,1]"}, out: []string{"f32[5,2,2,3]"}},
		{name: "shape_inference_single_tensor_dynamic", in: []string{"f32[...]"}, out: []string{"f32[?,?,?,3]"}},
		{name: "shape_inference_single_tensor_dynamic_dims", in: []string{"u8[?,3,?,?]"}, out: []string{"u8[?,2,?,3]"}},
		{name: "shape_inference_single_tensor_dynamic_height", in: []string{"u8[?,?,8,?]"}, out: []string{"u8[?,?,8,3]"}},
		{name: "shape_inference_interval_dims_and_symbols", in: []string{"u8[2..20,5..10,8,1]"}, out: []string{"u8[2..20,4..6,8,3]"}},
		{name: "shape_inference_single_tensor_dynamic_type", in: []string{"dynamic[1,6,8,1]"}, out: []string{"dynamic[1,4,8,3]"}},
		{name: "shape_inference_single_tensor_error_channels", in: []string{"u8[1,3,4,2]"}, err: "*"},
		{name: "shape_inference_single_tensor_error_dims_5", in: []string{"u8[1,3,3,1,1]"}, err: "*"},
		{name: "shape_inference_single_tensor_error_dims_3", in: []string{"u8[640,480,1]"}, err: "*"},
		{name: "shape_inference_single_tensor_error_height", in: []string{"u8[1,4,6,1]"}, err: "*"},
		{name: "shape_inference_single_tensor_error_width_odd", in: []string{"u8[1,6,5,1]"}, err: "*"},
		{name: "shape_inference_single_tensor_error_i8", in: []string{"i8[1,640,480,1]"}, err: "*"},
		{name: "shape_inference_default_ctor_3_planes", in: []string{"u8[10,480,640,1]", uv, uv}, out: []string{"u8[10,480,640,3]"}},
		{name: "shape_inference_3_plane_simple", in: []string{"u8[10,480,640,1]", uv, uv}, out: []string{"u8[10,480,640,3]"}},
		{name: "shape_inference_3_plane_dynamic", in: []string{"f32[...]", "f32[...]", "f32[...]"}, out: []string{"f32[?,?,?,3]"}},
		{name: "shape_inference_3_plane_y_dynamic", in: []string{"bf16[...]", "bf16[1,3,2,1]", "bf16[1,3,2,1]"}, out: []string{"bf16[1,6,4,3]"}},
		{name: "shape_inference_3_plane_uv_dynamic", in: []string{"f16[1,4,4,1]", "f16[...]", "f16[...]"}, out: []string{"f16[1,4,4,3]"}},
		{name: "shape_inference_3_plane_dynamic_types", in: []string{"dynamic[1,4,4,1]", "dynamic[1,2,2,1]", "dynamic[1,2,2,1]"}, out: []string{"dynamic[1,4,4,3]"}},
		{name: "shape_inference_3_plane_uv_type", in: []string{"dynamic[1,4,4,1]", "f64[1,2,2,1]", "f64[1,2,2,1]"}, out: []string{"f64[1,4,4,3]"}},
		{name: "shape_inference_3_plane_error_type_mismatch_y", in: []string{"u8[...]", "f32[...]", "f32[...]"}, err: "*"},
		{name: "shape_inference_3_plane_error_type_mismatch_u", in: []string{"f32[...]", "u8[...]", "f32[...]"}, err: "*"},
		{name: "shape_inference_3_plane_error_type_mismatch_v", in: []string{"f32[...]", "f32[...]", "u8[...]"}, err: "*"},
		{name: "shape_inference_3_plane_error_u_type", in: []string{"dynamic[...]", "i8[...]", "dynamic[...]"}, err: "*"},
		{name: "shape_inference_3_plane_error_v_type", in: []string{"dynamic[...]", "dynamic[...]", "i8[...]"}, err: "*"},
		{name: "shape_inference_3_plane_error_batch", in: []string{"u8[2,480,640,1]", "u8[1,240,320,1]", "u8[1,240,320,1]"}, err: "*"},
		{name: "shape_inference_3_plane_error_height", in: []string{"u8[2,480,640,1]", "u8[2,480,320,2]", "u8[2,480,320,2]"}, err: "*"},
		{name: "shape_inference_3_plane_error_height_odd", in: []string{"u8[2,3,2,1]", "u8[...]", "u8[...]"}, err: "*"},
		{name: "shape_inference_3_plane_error_width", in: []string{"u8[2,480,640,1]", "u8[2,240,640,2]", "u8[2,240,640,2]"}, err: "*"},
		{name: "shape_inference_3_plane_error_width_odd", in: []string{"u8[2,4,3,1]", "u8[...]", "u8[...]"}, err: "*"},
		{name: "shape_inference_3_plane_error_channels", in: []string{"u8[2,480,640,1]", "u8[2,240,320,2]", "u8[2,240,320,2]"}, err: "*"},
		{name: "shape_inference_error_2_planes", in: []string{"dynamic[...]", "dynamic[...]"}, err: "*"},
		{name: "shape_inference_2_plane_interval_dims_and_symbols", in: []string{"f32[2..5,2..20,?,1]", "f32[2..3,2..12,2,?]", "f32[2..3,2..12,2,?]"}, out: []string{"f32[2..3,4..20,4,3]"}},
	}
	// shape_inference_3_plane_error_5dims / _3dims: the bad plane in every position.
	for _, bad := range []string{"u8[1,1,1,1,1]", "u8[1,1,1]"} {
		g := "u8[...]"
		for i, in := range [][]string{{g, bad, g}, {g, g, bad}, {bad, g, g}} {
			i420 = append(i420, tpCase{name: "shape_inference_3_plane_error_bad_rank/" + bad + "/" + itoaTPF(i), in: in, err: "*"})
		}
	}
	tpRun(t, "I420toRGB", "opset8", i420)
	tpRun(t, "I420toBGR", "opset8", i420)
}
