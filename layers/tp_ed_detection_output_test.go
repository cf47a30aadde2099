package layers

import (
	"strconv"
	"testing"
)

// ExperimentalDetectronDetectionOutput-6 shape and type inference:
// src/core/tests/type_prop/experimental_detectron_detection_output.cpp@74959490 (2025), as data.
// make_attrs(max_detection, num_classes) is written out as the IR's attributes.
func TestTPEDDetectionOutput(t *testing.T) {
	attrs := func(maxDet, classes int) []string {
		return []string{"score_threshold", "0.05", "nms_threshold", "0.5", "max_delta_log_wh", "4.1352", "num_classes", strconv.Itoa(classes),
			"post_nms_count", "20", "max_detections_per_image", strconv.Itoa(maxDet), "class_agnostic_box_regression", "false", "deltas_weights", "10,10,5,5"}
	}
	a25 := attrs(25, 81)
	outs := func(et string, n string) []string {
		return []string{et + "[" + n + ",4]", "i32[" + n + "]", et + "[" + n + "]"}
	}
	dyn := "f32[...]"
	cases := []tpCase{
		{name: "default_ctor", attrs: attrs(100, 81), in: []string{"f32[1000,4]", "f32[1000,324]", "f32[1000,81]", "f32[1,3]"}, out: outs("f32", "100")},
		{name: "basic_shape_inference", attrs: a25, in: []string{"f64[1000,4]", "f64[1000,324]", "f64[1000,81]", "f64[1,3]"}, out: outs("f64", "25")},
		{name: "all_input_got_dynamic_type", attrs: a25, in: []string{"dynamic[1000,4]", "dynamic[1000,324]", "dynamic[1000,81]", "dynamic[1,3]"}, out: outs("dynamic", "25")},
		{name: "some_input_got_dynamic_type", attrs: a25, in: []string{"dynamic[1000,4]", "f64[1000,324]", "dynamic[1000,81]", "f64[1,3]"}, out: outs("f64", "25")},
		{name: "interval_shapes", attrs: a25, in: []string{"f16[1..201600,1..4]", "f16[1..12,1..500]", "f16[1..3,10..90]", "f16[1,1..4]"}, out: outs("f16", "25")},
		{name: "all_inputs_dynamic_rank", attrs: a25, in: []string{"bf16[...]", "bf16[...]", "bf16[...]", "bf16[...]"}, out: outs("bf16", "25")},
		{name: "input_not_floating_point/0", attrs: a25, in: []string{"i32[...]", "f16[...]", "f16[...]", "f16[...]"}, err: "Input[0] type 'i32' is not floating point or not same as others inputs"},
		{name: "input_not_floating_point/1", attrs: a25, in: []string{"f16[...]", "i32[...]", "f16[...]", "f16[...]"}, err: "Input[1] type 'i32' is not floating point or not same as others inputs"},
		{name: "input_not_floating_point/2", attrs: a25, in: []string{"f16[...]", "f16[...]", "i32[...]", "f16[...]"}, err: "Input[2] type 'i32' is not floating point or not same as others inputs"},
		{name: "input_not_floating_point/3", attrs: a25, in: []string{"f16[...]", "f16[...]", "f16[...]", "i32[...]"}, err: "Input[3] type 'i32' is not floating point or not same as others inputs"},
		{name: "input_mixed_floating_point_type/0", attrs: attrs(100, 20), in: []string{"f32[...]", "f16[...]", "f16[...]", "f16[...]"}, err: "Input[1] type 'f16' is not floating point or not same as others inputs"},
		{name: "input_mixed_floating_point_type/1", attrs: attrs(100, 20), in: []string{"f16[...]", "f32[...]", "f16[...]", "f16[...]"}, err: "Input[1] type 'f32' is not floating point or not same as others inputs"},
		{name: "input_mixed_floating_point_type/2", attrs: attrs(100, 20), in: []string{"f16[...]", "f16[...]", "f32[...]", "f16[...]"}, err: "Input[2] type 'f32' is not floating point or not same as others inputs"},
		{name: "input_mixed_floating_point_type/3", attrs: attrs(100, 20), in: []string{"f16[...]", "f16[...]", "f16[...]", "f32[...]"}, err: "Input[3] type 'f32' is not floating point or not same as others inputs"},
		{name: "rois_shape_not_2d/1d", attrs: a25, in: []string{"f32[2]", dyn, dyn, dyn}, err: "Input rois rank must be equal to 2."},
		{name: "rois_shape_not_2d/3d", attrs: a25, in: []string{"f32[2,3,1]", dyn, dyn, dyn}, err: "Input rois rank must be equal to 2."},
		{name: "inputs_deltas_not_2d/1d", attrs: a25, in: []string{dyn, "f32[2]", dyn, dyn}, err: "Input deltas rank must be equal to 2."},
		{name: "inputs_deltas_not_2d/3d", attrs: a25, in: []string{dyn, "f32[2,3,1]", dyn, dyn}, err: "Input deltas rank must be equal to 2."},
		{name: "scores_not_2d/1d", attrs: a25, in: []string{dyn, dyn, "f32[2]", dyn}, err: "Input scores rank must be equal to 2."},
		{name: "scores_not_2d/3d", attrs: a25, in: []string{dyn, dyn, "f32[2,3,1]", dyn}, err: "Input scores rank must be equal to 2."},
		{name: "im_infos_not_2d/1d", attrs: a25, in: []string{dyn, dyn, dyn, "f32[2]"}, err: "Input image info shape must be compatible with [1,3]"},
		{name: "im_infos_not_2d/3d", attrs: a25, in: []string{dyn, dyn, dyn, "f32[1,3,1]"}, err: "Input image info shape must be compatible with [1,3]"},
		{name: "im_infos_not_2d/2x3", attrs: a25, in: []string{dyn, dyn, dyn, "f32[2,3]"}, err: "Input image info shape must be compatible with [1,3]"},
		{name: "rois_2nd_dim_not_compatible_4/lo", attrs: a25, in: []string{"f32[?,0..3]", dyn, dyn, dyn}, err: "The last dimension of the 'input_rois' input must be compatible with 4."},
		{name: "rois_2nd_dim_not_compatible_4/hi", attrs: a25, in: []string{"f32[?,5..]", dyn, dyn, dyn}, err: "The last dimension of the 'input_rois' input must be compatible with 4."},
		{name: "deltas_2nd_dim_not_compatible_with_num_classes/lo", attrs: a25, in: []string{dyn, "f32[?,0..323]", dyn, dyn},
			err: "The last dimension of the 'input_deltas' input be compatible with the value of the attribute 'num_classes"},
		{name: "deltas_2nd_dim_not_compatible_with_num_classes/hi", attrs: a25, in: []string{dyn, "f32[?,325..]", dyn, dyn},
			err: "The last dimension of the 'input_deltas' input be compatible with the value of the attribute 'num_classes"},
		{name: "scores_2nd_dim_not_compatible_with_num_classes/lo", attrs: a25, in: []string{dyn, dyn, "f32[?,0..80]", dyn},
			err: "The last dimension of the 'input_scores' input must be compatible withthe value of the attribute 'num_classes'"},
		{name: "scores_2nd_dim_not_compatible_with_num_classes/hi", attrs: a25, in: []string{dyn, dyn, "f32[?,82..]", dyn},
			err: "The last dimension of the 'input_scores' input must be compatible withthe value of the attribute 'num_classes'"},
		{name: "1st_dim_rois_and_scores_compatible_with_num_batches/0", attrs: a25, in: []string{"f32[2..6,?]", "f32[9..15,?]", "f32[5..10,?]", dyn},
			err: "The first dimension of inputs 'input_rois', 'input_deltas', 'input_scores' must be the compatible"},
		{name: "1st_dim_rois_and_scores_compatible_with_num_batches/1", attrs: a25, in: []string{"f32[2..6,?]", "f32[2..4,?]", "f32[5..10,?]", dyn},
			err: "The first dimension of inputs 'input_rois', 'input_deltas', 'input_scores' must be the compatible"},
		{name: "1st_dim_rois_and_scores_compatible_with_num_batches/2", attrs: a25, in: []string{"f32[11..12,?]", "f32[9..15,?]", "f32[5..10,?]", dyn},
			err: "The first dimension of inputs 'input_rois', 'input_deltas', 'input_scores' must be the compatible"},
	}
	// ExperimentalDetectronDetectionOutputV6Test (static_rank_shape_inference, bf16): rois,
	// deltas, scores, im_info, num_classes.
	for i, p := range []struct {
		r, d, s, im string
		classes     int
	}{
		{"2,4", "2,?", "2,?", "1,3", 2},
		{"0..4,4", "2..5,1..15", "3,3", "1,3", 3},
		{"0..4,4", "2..5,12", "3,3", "1,3", 3},
		{"0..4,4", "2..5,12", "3,1..3", "1,3", 3},
		{"...", "5,40", "5,?", "1,?", 10},
		{"5,4", "...", "?,10", "?,?", 10},
		{"5,4", "?,40", "...", "?,3", 10},
		{"5,4", "5,20..50", "?,10", "...", 10},
		{"?,?", "?,?", "?,?", "?,?", 100},
	} {
		cases = append(cases, tpCase{name: "static_rank_shape_inference/" + strconv.Itoa(i), attrs: attrs(25, p.classes),
			in: []string{"bf16[" + p.r + "]", "bf16[" + p.d + "]", "bf16[" + p.s + "]", "bf16[" + p.im + "]"}, out: outs("bf16", "25")})
	}
	tpRun(t, "ExperimentalDetectronDetectionOutput", "opset6", cases)
}
