package layers

import (
	"strconv"
	"testing"
)

// ExperimentalDetectronGenerateProposalsSingleImage-6:
// src/core/tests/type_prop/experimental_detectron_generate_proposals.cpp@3a33e0d0 (2024), as data.
// make_attrs(post_nms_count) is {min_size 0, nms_threshold 0, post_nms_count, pre_nms_count 0}.
func TestTPEDGenerateProposals(t *testing.T) {
	attrs := func(post int) []string {
		return []string{"min_size", "0", "nms_threshold", "0", "post_nms_count", strconv.Itoa(post), "pre_nms_count", "0"}
	}
	a := attrs(100)
	outs := func(et string, n int) []string {
		return []string{et + "[" + strconv.Itoa(n) + ",4]", et + "[" + strconv.Itoa(n) + "]"}
	}
	cases := []tpCase{
		{name: "default_ctor", attrs: []string{"min_size", "1.1", "nms_threshold", "20.3", "post_nms_count", "20", "pre_nms_count", "0"},
			in: []string{"f32[3]", "f32[201600,4]", "f32[12,200,336]", "f32[3,200,336]"}, out: outs("f32", 20)},
		{name: "basic_shape_inference", attrs: attrs(132), in: []string{"f64[3]", "f64[201600,4]", "f64[12,200,336]", "f64[3,200,336]"}, out: outs("f64", 132)},
		{name: "all_input_got_dynamic_type", attrs: attrs(132), in: []string{"dynamic[3]", "dynamic[201600,4]", "dynamic[12,200,336]", "dynamic[3,200,336]"}, out: outs("dynamic", 132)},
		{name: "some_input_got_dynamic_type", attrs: attrs(132), in: []string{"dynamic[3]", "f64[201600,4]", "f64[12,200,336]", "dynamic[3,200,336]"}, out: outs("f64", 132)},
		{name: "interval_shapes", attrs: attrs(44), in: []string{"f16[2..4]", "f16[1..201600,1..4]", "f16[1..12,1..200,336..]", "f16[1..3,100..200,2..336]"}, out: outs("f16", 44)},
		{name: "all_inputs_dynamic_rank", attrs: a, in: []string{"bf16[...]", "bf16[...]", "bf16[...]", "bf16[...]"}, out: outs("bf16", 100)},
		{name: "input_not_floating_point/0", attrs: a, in: []string{"i32[...]", "f16[...]", "f16[...]", "f16[...]"}, err: "Input[0] type 'i32' is not floating point or not same as others inputs"},
		{name: "input_not_floating_point/1", attrs: a, in: []string{"f16[...]", "i32[...]", "f16[...]", "f16[...]"}, err: "Input[1] type 'i32' is not floating point or not same as others inputs"},
		{name: "input_not_floating_point/2", attrs: a, in: []string{"f16[...]", "f16[...]", "i32[...]", "f16[...]"}, err: "Input[2] type 'i32' is not floating point or not same as others inputs"},
		{name: "input_not_floating_point/3", attrs: a, in: []string{"f16[...]", "f16[...]", "f16[...]", "i32[...]"}, err: "Input[3] type 'i32' is not floating point or not same as others inputs"},
		{name: "input_mixed_floating_point_type/0", attrs: a, in: []string{"f32[...]", "f16[...]", "f16[...]", "f16[...]"}, err: "Input[1] type 'f16' is not floating point or not same as others inputs"},
		{name: "input_mixed_floating_point_type/1", attrs: a, in: []string{"f16[...]", "f32[...]", "f16[...]", "f16[...]"}, err: "Input[1] type 'f32' is not floating point or not same as others inputs"},
		{name: "input_mixed_floating_point_type/2", attrs: a, in: []string{"f16[...]", "f16[...]", "f32[...]", "f16[...]"}, err: "Input[2] type 'f32' is not floating point or not same as others inputs"},
		{name: "input_mixed_floating_point_type/3", attrs: a, in: []string{"f16[...]", "f16[...]", "f16[...]", "f32[...]"}, err: "Input[3] type 'f32' is not floating point or not same as others inputs"},
		{name: "im_infos_not_1d/scalar", attrs: a, in: []string{"f32[]", "f32[10,5]", "f32[5,50,20]", "f32[15,50,20]"}, err: "The 'input_im_info' input is expected to be a 1D"},
		{name: "im_infos_not_1d/2d", attrs: a, in: []string{"f32[2,3]", "f32[10,5]", "f32[5,50,20]", "f32[15,50,20]"}, err: "The 'input_im_info' input is expected to be a 1D"},
		{name: "anchors_not_2d/1d", attrs: a, in: []string{"f32[3]", "f32[1]", "f32[5,50,20]", "f32[15,50,20]"}, err: "The 'input_anchors' input is expected to be a 2D"},
		{name: "anchors_not_2d/3d", attrs: a, in: []string{"f32[3]", "f32[2,3,1]", "f32[5,50,20]", "f32[15,50,20]"}, err: "The 'input_anchors' input is expected to be a 2D"},
		{name: "deltas_not_3d/1d", attrs: a, in: []string{"f32[3]", "f32[5,4]", "f32[1]", "f32[15,50,20]"}, err: "The 'input_deltas' input is expected to be a 3D"},
		{name: "deltas_not_3d/4d", attrs: a, in: []string{"f32[3]", "f32[5,4]", "f32[2,50,20,3]", "f32[15,50,20]"}, err: "The 'input_deltas' input is expected to be a 3D"},
		{name: "scores_not_3d/1d", attrs: a, in: []string{"f32[3]", "f32[5,4]", "f32[15,50,20]", "f32[1]"}, err: "The 'input_scores' input is expected to be a 3D"},
		{name: "scores_not_3d/4d", attrs: a, in: []string{"f32[3]", "f32[5,4]", "f32[15,50,20]", "f32[15,50,20,11]"}, err: "The 'input_scores' input is expected to be a 3D"},
		{name: "im_info_dim0_not_compatible/lo", attrs: a, in: []string{"f32[0..2]", "f32[5,4]", "f32[15,50,20]", "f32[15,50,20]"}, err: "The 'input_im_info' shape is expected to be a compatible with [3]"},
		{name: "im_info_dim0_not_compatible/hi", attrs: a, in: []string{"f32[4..]", "f32[5,4]", "f32[15,50,20]", "f32[15,50,20]"}, err: "The 'input_im_info' shape is expected to be a compatible with [3]"},
		{name: "anchors_dim1_not_compatible/lo", attrs: a, in: []string{"f32[3]", "f32[10,0..3]", "f32[15,50,20]", "f32[15,50,20]"}, err: "The second dimension of 'input_anchors' should be compatible with 4"},
		{name: "anchors_dim1_not_compatible/hi", attrs: a, in: []string{"f32[3]", "f32[10,5..]", "f32[15,50,20]", "f32[15,50,20]"}, err: "The second dimension of 'input_anchors' should be compatible with 4"},
		{name: "heights_deltas_and_scores_not_compatible", attrs: a, in: []string{"f32[3]", "f32[5,4]", "f32[15,0..50,20]", "f32[15,51..,20]"}, err: "Heights for inputs 'input_deltas' and 'input_scores' should be equal"},
		{name: "widths_deltas_and_scores_not_compatible", attrs: a, in: []string{"f32[3]", "f32[5,4]", "f32[15,0..100,0..20]", "f32[15,51..60,21..]"}, err: "Width for inputs 'input_deltas' and 'input_scores' should be equal"},
	}
	for i, p := range []struct {
		im, an, de, sc string
		post           int
	}{
		{"3", "2,?", "?,10,20", "10,10,20", 10},
		{"1..4", "?,4..5", "2,?,20", "10,10,20", 20},
		{"?", "100..200,4", "2,0..20,?", "10..12,10,20", 30},
		{"3", "10,4", "2,0..20,100", "10..12,10..20,20..", 40},
		{"...", "100,4", "5,33,55", "21,33,55", 100},
		{"3", "...", "2,33,55", "5,33,55", 200},
		{"3", "100,4", "...", "5,33,55", 300},
		{"3", "100,4", "...", "5,33,55", 400},
		{"3", "100,4", "5,33,55", "...", 500},
		{"?", "?,?", "?,?,?", "?,?,?", 100},
	} {
		cases = append(cases, tpCase{name: "static_rank_shape_inference/" + strconv.Itoa(i), attrs: attrs(p.post),
			in: []string{"f32[" + p.im + "]", "f32[" + p.an + "]", "f32[" + p.de + "]", "f32[" + p.sc + "]"}, out: outs("f32", p.post)})
	}
	tpRun(t, "ExperimentalDetectronGenerateProposalsSingleImage", "opset6", cases)
}

// ExperimentalDetectronPriorGridGenerator-6:
// src/core/tests/type_prop/experimental_detectron_prior_grid_generator.cpp@ec42769e (2025), as
// data. make_attrs(flatten) is {flatten, h 0, w 0, stride_x 4, stride_y 4}.
func TestTPEDPriorGridGenerator(t *testing.T) {
	attrs := func(flatten bool) []string {
		return []string{"flatten", strconv.FormatBool(flatten), "h", "0", "w", "0", "stride_x", "4", "stride_y", "4"}
	}
	nf, fl := attrs(false), attrs(true)
	dyn := "f32[...]"
	cases := []tpCase{
		{name: "default_ctor_no_flatten", attrs: nf, in: []string{"f32[3,4]", "f32[1,3,200,336]", "f32[1,3,800,1344]"}, out: []string{"f32[200,336,3,4]"}},
		{name: "static_shape_flatten", attrs: fl, in: []string{"f64[3,4]", "f64[1,4,6,10]", "f64[1,4,128,128]"}, out: []string{"f64[180,4]"}},
		{name: "static_shape_without_flatten", attrs: nf, in: []string{"f16[3,4]", "f16[1,4,6,10]", "f16[1,4,128,128]"}, out: []string{"f16[6,10,3,4]"}},
		{name: "interval_shapes_flatten", attrs: fl, in: []string{"bf16[2..5,0..4]", "bf16[1,3..4,5..10,9..10]", "bf16[1,2..4,1..128,1..128]"}, out: []string{"bf16[90..500,4]"}},
		{name: "interval_shapes_no_flatten", attrs: nf, in: []string{"bf16[2..5,0..4]", "bf16[1,3..4,5..10,9..10]", "bf16[1,2..4,1..128,1..128]"}, out: []string{"bf16[5..10,9..10,2..5,4]"}},
		{name: "all_inputs_dynamic_rank_flatten", attrs: fl, in: []string{"f16[...]", "f16[...]", "f16[...]"}, out: []string{"f16[?,4]"}},
		{name: "all_inputs_dynamic_rank_no_flatten", attrs: nf, in: []string{"f16[...]", "f16[...]", "f16[...]"}, out: []string{"f16[?,?,?,4]"}},
		{name: "all_input_got_dynamic_type", attrs: nf, in: []string{"dynamic[2,4]", "dynamic[1,4,5,5]", "dynamic[1,4,500,500]"}, out: []string{"dynamic[5,5,2,4]"}},
		{name: "some_input_got_dynamic_type", attrs: nf, in: []string{"dynamic[2,4]", "f32[1,4,5,5]", "dynamic[1,4,500,500]"}, out: []string{"f32[5,5,2,4]"}},
		{name: "input_not_floating_point/0", attrs: nf, in: []string{"i32[...]", "f16[...]", "f16[...]"}, err: "Input[0] type 'i32' is not floating point or not same as others inputs"},
		{name: "input_not_floating_point/1", attrs: nf, in: []string{"f16[...]", "i32[...]", "f16[...]"}, err: "Input[1] type 'i32' is not floating point or not same as others inputs"},
		{name: "input_not_floating_point/2", attrs: fl, in: []string{"f16[...]", "f16[...]", "i32[...]"}, err: "Input[2] type 'i32' is not floating point or not same as others inputs"},
		{name: "input_mixed_floating_point_type/0", attrs: fl, in: []string{"f32[...]", "f16[...]", "f16[...]"}, err: "Input[1] type 'f16' is not floating point or not same as others inputs"},
		{name: "input_mixed_floating_point_type/1", attrs: fl, in: []string{"f16[...]", "f32[...]", "f16[...]"}, err: "Input[1] type 'f32' is not floating point or not same as others inputs"},
		{name: "input_mixed_floating_point_type/2", attrs: fl, in: []string{"f16[...]", "f16[...]", "f32[...]"}, err: "Input[2] type 'f32' is not floating point or not same as others inputs"},
		{name: "priors_not_2d/1d", attrs: nf, in: []string{"f32[2]", dyn, dyn}, err: "Priors rank must be equal to 2."},
		{name: "priors_not_2d/3d", attrs: nf, in: []string{"f32[2,3,1]", dyn, dyn}, err: "Priors rank must be equal to 2."},
		{name: "feature_map_not_4d/2", attrs: nf, in: []string{dyn, "f32[?,?]", dyn}, err: "Feature_map rank must be equal to 4"},
		{name: "feature_map_not_4d/5", attrs: nf, in: []string{dyn, "f32[?,?,?,?,?]", dyn}, err: "Feature_map rank must be equal to 4"},
		{name: "im_data_not_4d/3", attrs: nf, in: []string{dyn, dyn, "f32[?,?,?]"}, err: "Im_data rank must be equal to 4"},
		{name: "im_data_not_4d/15", attrs: nf, in: []string{dyn, dyn, "f32[?,?,?,?,?,?,?,?,?,?,?,?,?,?,?]"}, err: "Im_data rank must be equal to 4"},
		{name: "priors_2nd_dim_not_compatible/lo", attrs: nf, in: []string{"f32[?,0..3]", dyn, dyn}, err: "The last dimension of the 'priors' input must be equal to 4"},
		{name: "priors_2nd_dim_not_compatible/hi", attrs: nf, in: []string{"f32[?,5..]", dyn, dyn}, err: "The last dimension of the 'priors' input must be equal to 4"},
		// The test's im_data channel dim {4, 0} (an empty interval) is given as ?: only the
		// first dims are compared.
		{name: "not_compatible_1st_dim_of_feature_map_and_im_data/0", attrs: nf, in: []string{dyn, "f32[3,0..3,?,?]", "f32[0..2,?,?,?]"}, err: "The first dimension of both 'feature_map' and 'im_data' must match"},
		{name: "not_compatible_1st_dim_of_feature_map_and_im_data/1", attrs: nf, in: []string{dyn, "f32[0..1,4,?,?]", "f32[2..,2..10,?,?]"}, err: "The first dimension of both 'feature_map' and 'im_data' must match"},
	}
	for i, p := range []struct {
		pr, fm, im, out string
		flatten         bool
	}{
		{"...", "1,?,5,3", "1,3,100,100", "5,3,?,4", false},
		{"?,?", "1,?,5,3", "1,3,100,100", "5,3,?,4", false},
		{"2,4", "1,?,5,3", "1,3,100,100", "5,3,2,4", false},
		{"2..4,2..5", "1,3,?,3", "1,?,100,100", "?,3,2..4,4", false},
		{"2,4", "...", "1,5,?,?", "?,?,2,4", false},
		{"2,4", "?,?,?,?", "1,5,?,?", "?,?,2,4", false},
		{"2,4", "?,?,6,6", "1,5,?,?", "6,6,2,4", false},
		{"2,4", "1,0..5,7,6", "1,5,?,?", "7,6,2,4", false},
		{"2,4", "1,3,7,6", "...", "7,6,2,4", false},
		{"2,4", "1,3,7,6", "?,?,?,?", "7,6,2,4", false},
		{"?,?", "?,?,?,?", "?,?,?,?", "?,?,?,4", false},
		{"...", "1,?,5,3", "1,3,100,100", "?,4", true},
		{"?,?", "1,?,5,3", "1,3,100,100", "?,4", true},
		{"2..4,4", "1,?,5,3", "1,3,100,100", "30..60,4", true},
		{"2..4,2..5", "1,3,?,3", "1,?,100,100", "?,4", true},
		{"2,4", "...", "1,5,?,?", "?,4", true},
		{"2,4", "?,?,?,?", "1,5,?,?", "?,4", true},
		{"2,4", "?,?,6,6", "1,5,?,?", "72,4", true},
		{"2,4", "1,0..5,6..7,6", "1,5,?,?", "72..84,4", true},
		{"2,4", "1,3,7,6", "...", "84,4", true},
		{"2,4", "1,3,7,6", "?,?,?,?", "84,4", true},
		{"?,?", "?,?,?,?", "?,?,?,?", "?,4", true},
	} {
		cases = append(cases, tpCase{name: "shape_inference/" + strconv.Itoa(i), attrs: attrs(p.flatten),
			in: []string{"bf16[" + p.pr + "]", "bf16[" + p.fm + "]", "bf16[" + p.im + "]"}, out: []string{"bf16[" + p.out + "]"}})
	}
	tpRun(t, "ExperimentalDetectronPriorGridGenerator", "opset6", cases)
}

// ExperimentalDetectronROIFeatureExtractor-6:
// src/core/tests/type_prop/experimental_detectron_roi_feature_extractor.cpp@850cfe95 (2024), as
// data. make_attrs(out_size) is {output_size, sampling_ratio 2, pyramid_scales {4,8,16,32},
// aligned false}.
func TestTPEDROIFeatureExtractor(t *testing.T) {
	attrs := func(out int) []string {
		return []string{"output_size", strconv.Itoa(out), "sampling_ratio", "2", "pyramid_scales", "4,8,16,32", "aligned", "false"}
	}
	a7, a10, a100 := attrs(7), attrs(10), attrs(100)
	l4 := "f16[?,?,?,?]"
	notFloat := func(i int) string {
		return "Input[" + strconv.Itoa(i) + "] type 'i32' is not floating point or not same as others inputs"
	}
	mixed := func(i int, et string) string {
		return "Input[" + strconv.Itoa(i) + "] type '" + et + "' is not floating point or not same as others inputs"
	}
	cases := []tpCase{
		{name: "default_ctor", attrs: []string{"output_size", "21", "sampling_ratio", "2", "pyramid_scales", "1,2,4,8", "aligned", "true"},
			in:  []string{"f16[1000,4]", "f16[1,256,200,336]", "f16[1,256,100,168]", "f16[1,256,50,84]", "f16[1,256,25,42]"},
			out: []string{"f16[1000,256,21,21]", "f16[1000,4]"}},
		{name: "static_shapes", attrs: attrs(14), in: []string{"f32[1000,4]", "f32[1,256,200,336]", "f32[1,256,100,168]", "f32[1,256,50,84]", "f32[1,256,25,42]"},
			out: []string{"f32[1000,256,14,14]", "f32[1000,4]"}},
		{name: "dims_and_labels_propagation_all_inputs_labeled", attrs: a7, in: []string{"f64[100..200,4]", "f64[1,2..20,10,10]", "f64[1,0..20,32,32]", "f64[1,1..10,16,16]"},
			out: []string{"f64[100..200,2..10,7,7]", "f64[100..200,4]"}},
		{name: "dims_and_labels_propagation_not_all_inputs_labeled", attrs: a7, in: []string{"bf16[100..200,4]", "bf16[1,5,10,10]", "bf16[1,0..20,32,32]", "bf16[1,1..10,16,16]"},
			out: []string{"bf16[100..200,5,7,7]", "bf16[100..200,4]"}},
		{name: "all_inputs_dynamic_rank", attrs: a7, in: []string{"f16[...]", "f16[...]", "f16[...]"}, out: []string{"f16[?,?,7,7]", "f16[?,4]"}},
		{name: "all_inputs_static_rank_but_dynamic_dims", attrs: a7, in: []string{"f16[?,?]", l4, l4, l4, l4, l4}, out: []string{"f16[?,?,7,7]", "f16[?,4]"}},
		{name: "input_not_floating_point/0", attrs: a7, in: []string{"i32[...]", "f16[...]", "f16[...]"}, err: notFloat(0)},
		{name: "input_not_floating_point/1", attrs: a7, in: []string{"f16[...]", "i32[...]", "f16[...]", "f16[...]"}, err: notFloat(1)},
		{name: "input_not_floating_point/2", attrs: a7, in: []string{"f16[...]", "f16[...]", "i32[...]"}, err: notFloat(2)},
		{name: "input_not_floating_point/4", attrs: a7, in: []string{"f16[...]", "f16[...]", "f16[...]", "f16[...]", "i32[...]"}, err: notFloat(4)},
		{name: "input_mixed_floating_point_type/0", attrs: a100, in: []string{"f32[...]", "f16[...]", "f16[...]", "f16[...]"}, err: mixed(1, "f16")},
		{name: "input_mixed_floating_point_type/1", attrs: a100, in: []string{"f16[...]", "f32[...]", "f16[...]", "f16[...]"}, err: mixed(1, "f32")},
		{name: "input_mixed_floating_point_type/2", attrs: a100, in: []string{"f16[...]", "f16[...]", "f32[...]"}, err: mixed(2, "f32")},
		{name: "input_mixed_floating_point_type/3", attrs: a100, in: []string{"f16[...]", "f16[...]", "f16[...]", "f32[...]"}, err: mixed(3, "f32")},
		{name: "rois_not_2d/1d", attrs: a7, in: []string{"f16[20]", l4}, err: "Input rois rank must be equal to 2"},
		{name: "rois_not_2d/3d", attrs: a10, in: []string{"f16[20,4,1]", l4, l4}, err: "Input rois rank must be equal to 2"},
		{name: "rois_2nd_dim_not_compatible/lo", attrs: a7, in: []string{"f16[20,0..3]", l4}, err: "The last dimension of the 'input_rois' input must be equal to 4"},
		{name: "rois_2nd_dim_not_compatible/hi", attrs: a10, in: []string{"f16[20,5..]", l4, l4}, err: "The last dimension of the 'input_rois' input must be equal to 4"},
		{name: "layers_not_4d/0", attrs: a10, in: []string{"f16[?,?]", "f16[?,?,?]"}, err: "Rank of each element of the pyramid must be equal to 4"},
		{name: "layers_not_4d/1", attrs: a10, in: []string{"f16[?,?]", "f16[?,?,?,?,?]"}, err: "Rank of each element of the pyramid must be equal to 4"},
		{name: "layers_not_4d/2", attrs: a10, in: []string{"f16[?,?]", l4, "f16[?,?,?]"}, err: "Rank of each element of the pyramid must be equal to 4"},
		{name: "layers_not_4d/3", attrs: a10, in: []string{"f16[?,?]", l4, "f16[?,?,?]", l4}, err: "Rank of each element of the pyramid must be equal to 4"},
		{name: "layers_1st_dim_not_compatible_1/0", attrs: a10, in: []string{"f16[?,?]", "f16[2,5,16,16]"}, err: "The first dimension of each pyramid element must be equal to 1"},
		{name: "layers_1st_dim_not_compatible_1/1", attrs: a10, in: []string{"f16[?,?]", l4, "f16[2..,?,?,?]"}, err: "The first dimension of each pyramid element must be equal to 1"},
		{name: "layers_1st_dim_not_compatible_1/2", attrs: a10, in: []string{"f16[?,?]", l4, l4, "f16[5,?,?,?]", l4}, err: "The first dimension of each pyramid element must be equal to 1"},
		// The test's second layer has channels {14, 5}, an empty interval; 14.. (also disjoint
		// from 0..3) stands for it.
		{name: "num_channels_not_same_on_all_layers/0", attrs: a10, in: []string{"f16[?,?]", "f16[1,0..3,?,?]", "f16[1,14..,?,?]"}, err: "The number of channels must be the same for all layers of the pyramid"},
		{name: "num_channels_not_same_on_all_layers/1", attrs: a10, in: []string{"f16[?,?]", "f16[1,2..3,?,?]", l4, "f16[1,4..5,?,?]", l4}, err: "The number of channels must be the same for all layers of the pyramid"},
		{name: "num_channels_not_same_on_all_layers/2", attrs: a10, in: []string{"f16[?,?]", "f16[1,2..3,?,?]", "f16[1,4..5,?,?]", l4}, err: "The number of channels must be the same for all layers of the pyramid"},
	}
	// ROIFeatureIntervalsTest: rois shape and the four layers' channels; the expected channel
	// dim is their intersection, computed here.
	type iv struct{ lo, hi int64 }
	parse := func(s string) iv {
		var d iv
		if lo, hi, ok := tpfCutDots(s); ok {
			d.lo, d.hi = lo, hi
		} else {
			d.lo, _ = strconv.ParseInt(s, 10, 64)
			d.hi = d.lo
		}
		return d
	}
	firsts := []string{"0..2", "1..3", "0..5", "1..2"}
	sizes := []string{"200,336", "100,168", "50,84", "25,42"}
	for i, p := range []struct {
		rois string
		ch   [4]string
	}{
		{"1000,0..5", [4]string{"0..128", "0..256", "0..64", "0..33"}},
		{"1000,0..5", [4]string{"0..128", "0..256", "0..64", "33"}},
		{"1000,2..5", [4]string{"0..128", "0..256", "64", "0..72"}},
		{"1000,2..5", [4]string{"0..128", "0..256", "64", "64"}},
		{"1000,0..5", [4]string{"0..512", "256", "0..640", "0..330"}},
		{"1000,0..5", [4]string{"0..512", "256", "0..640", "256"}},
		{"1000,2..4", [4]string{"0..512", "256", "256", "0..720"}},
		{"1000,2..4", [4]string{"0..380", "256", "256", "256"}},
		{"1000,3..4", [4]string{"0..380", "256", "256", "256"}},
		{"1000,3..4", [4]string{"128", "0..256", "0..640", "0..330"}},
		{"1000,0..6", [4]string{"128", "0..256", "0..640", "128"}},
		{"1000,0..6", [4]string{"128", "0..256", "128", "0..720"}},
		{"1000,3..7", [4]string{"128", "0..256", "128", "128"}},
		{"1000,4..6", [4]string{"256", "256", "0..640", "0..330"}},
		{"1000,4..6", [4]string{"256", "256", "0..640", "256"}},
		{"1000,2..8", [4]string{"256", "256", "256", "0..330"}},
		{"1000,2..8", [4]string{"256", "256", "256", "256"}},
		{"?,0..4", [4]string{"0..128", "0..256", "0..64", "0..33"}},
		{"?,0..4", [4]string{"0..128", "0..256", "0..64", "33"}},
		{"?,1..4", [4]string{"0..128", "0..256", "64", "0..72"}},
		{"?,1..4", [4]string{"0..128", "0..256", "64", "64"}},
		{"?,2..4", [4]string{"0..512", "256", "0..640", "0..330"}},
		{"?,2..4", [4]string{"0..512", "256", "0..640", "256"}},
		{"?,3..5", [4]string{"0..512", "256", "256", "0..720"}},
		{"?,3..5", [4]string{"0..380", "256", "256", "256"}},
		{"?,4..6", [4]string{"128", "0..256", "0..640", "0..330"}},
		{"?,4..6", [4]string{"128", "0..256", "0..640", "128"}},
		{"?,3..8", [4]string{"128", "0..256", "128", "0..720"}},
		{"?,3..8", [4]string{"128", "0..256", "128", "128"}},
		{"?,4..11", [4]string{"256", "256", "0..640", "0..330"}},
		{"?,4..11", [4]string{"256", "256", "0..640", "256"}},
		{"?,2..16", [4]string{"256", "256", "256", "0..330"}},
		{"?,2..16", [4]string{"256", "256", "256", "256"}},
	} {
		c := iv{0, 1 << 62}
		for _, s := range p.ch {
			d := parse(s)
			c.lo, c.hi = max(c.lo, d.lo), min(c.hi, d.hi)
		}
		ch := strconv.FormatInt(c.lo, 10)
		if c.hi != c.lo {
			ch += ".." + strconv.FormatInt(c.hi, 10)
		}
		n := p.rois[:len(p.rois)-len(p.rois[tpfIndexByte(p.rois, ','):])]
		for _, static := range []bool{false, true} {
			in := []string{"f32[" + p.rois + "]"}
			for l := range 4 {
				first := firsts[l]
				if static {
					first = "1"
				}
				in = append(in, "f32["+first+","+p.ch[l]+","+sizes[l]+"]")
			}
			name := "interval_shape_inference/"
			if static {
				name = "interval_shape_inference_layers_1st_dim_static/"
			}
			cases = append(cases, tpCase{name: name + strconv.Itoa(i), attrs: attrs(14), in: in,
				out: []string{"f32[" + n + "," + ch + ",14,14]", "f32[" + n + ",4]"}})
		}
	}
	tpRun(t, "ExperimentalDetectronROIFeatureExtractor", "opset6", cases)
}

// ExperimentalDetectronTopKROIs-6: src/core/tests/type_prop/experimental_detectron_topkrois.cpp@3a33e0d0
// (2024), as data.
func TestTPEDTopKROIs(t *testing.T) {
	m := func(n int) []string { return []string{"max_rois", strconv.Itoa(n)} }
	const typeErr = "ROIs and probabilities of ROIs must same floating-point type"
	const countErr = "Number of rois and number of probabilities should be equal."
	tpRun(t, "ExperimentalDetectronTopKROIs", "opset6", []tpCase{
		{name: "default_ctor", attrs: m(20), in: []string{"f32[500,4]", "f32[500]"}, out: []string{"f32[20,4]"}},
		{name: "simple_shape_infer", attrs: m(1000), in: []string{"f32[5000,4]", "f32[5000]"}, out: []string{"f32[1000,4]"}},
		{name: "dynamic_rank_rois_and_probabilities", attrs: m(1000), in: []string{"f64[...]", "f64[...]"}, out: []string{"f64[1000,4]"}},
		{name: "static_rank_rois_and_probabilities", attrs: m(1000), in: []string{"f64[?,?]", "f64[?]"}, out: []string{"f64[1000,4]"}},
		{name: "interval_num_of_rois_and_dynamic_probabilities", attrs: m(20), in: []string{"dynamic[20..30,4]", "dynamic[?]"}, out: []string{"dynamic[20,4]"}},
		{name: "interval_num_of_rois_and_probabilities", attrs: m(20), in: []string{"dynamic[20..30,4]", "dynamic[10..35]"}, out: []string{"dynamic[20,4]"}},
		{name: "dynamic_num_rois_and_interval_probabilities", attrs: m(200), in: []string{"dynamic[?,4]", "dynamic[10..15]"}, out: []string{"dynamic[200,4]"}},
		{name: "element_type_of_inputs_are_not_same", attrs: m(200), in: []string{"f32[100,4]", "f64[100]"}, err: typeErr},
		{name: "element_type_of_inputs_rois_is_not_floating_point", attrs: m(200), in: []string{"u32[100,4]", "dynamic[100]"}, err: typeErr},
		{name: "element_type_of_probabilities_is_not_floating_point", attrs: m(200), in: []string{"dynamic[100,4]", "i64[100]"}, err: typeErr},
		{name: "input_rois_not_2d/1", attrs: m(200), in: []string{"f32[100]", "f32[100]"}, err: "The 'input_rois' input is expected to be a 2D. Got: 1"},
		{name: "input_rois_not_2d/3", attrs: m(200), in: []string{"f32[100,4,2]", "f32[100]"}, err: "The 'input_rois' input is expected to be a 2D. Got: 3"},
		{name: "input_rois_second_dim_is_not_4/3", attrs: m(200), in: []string{"f32[100,3]", "f32[100]"}, err: "The second dimension of 'input_rois' should be 4. Got: 3"},
		{name: "input_rois_second_dim_is_not_4/5", attrs: m(200), in: []string{"f32[100,5]", "f32[100]"}, err: "The second dimension of 'input_rois' should be 4. Got: 5"},
		{name: "input_rois_second_dim_is_not_4/5..6", attrs: m(200), in: []string{"f32[100,5..6]", "f32[100]"}, err: "The second dimension of 'input_rois' should be 4. Got: 5..6"},
		{name: "input_rois_second_dim_is_not_4/1..3", attrs: m(200), in: []string{"f32[100,1..3]", "f32[100]"}, err: "The second dimension of 'input_rois' should be 4. Got: 1..3"},
		{name: "rois_probabilities_not_1d/0", attrs: m(200), in: []string{"f32[200,4]", "f32[]"}, err: "The 'rois_probs' input is expected to be a 1D. Got: 0"},
		{name: "rois_probabilities_not_1d/2", attrs: m(200), in: []string{"f32[200,4]", "f32[200,2]"}, err: "The 'rois_probs' input is expected to be a 1D. Got: 2"},
		{name: "number_of_rois_not_compatible_with_rois_probabilities/0", attrs: m(10), in: []string{"f32[200,4]", "f32[100]"}, err: countErr},
		{name: "number_of_rois_not_compatible_with_rois_probabilities/1", attrs: m(10), in: []string{"f32[10..20,4]", "f32[21..25]"}, err: countErr},
		{name: "number_of_rois_not_compatible_with_rois_probabilities/2", attrs: m(10), in: []string{"f32[10..20,4]", "f32[5]"}, err: countErr},
	})
}
