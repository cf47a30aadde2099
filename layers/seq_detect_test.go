package layers

import (
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

type seqInferCase struct {
	typ, opset string
	attrs      []string
	in         []Input
	want       []string // output shapes; nil when err is expected
	err        string
}

func seqIn(t *testing.T, typ ir.ElementType, s string) Input {
	return Input{Type: typ, Shape: shape(t, s)}
}

func seqRunInfer(t *testing.T, cases []seqInferCase) {
	t.Helper()
	for i, c := range cases {
		op := decodeOp(t, c.typ, c.opset, c.attrs...)
		outs, err := op.Infer(c.in)
		if c.want == nil {
			require.ErrorContains(t, err, c.err, "case %d (%s)", i, c.typ)
			continue
		}
		require.NoError(t, err, "case %d (%s)", i, c.typ)
		require.Len(t, outs, len(c.want), "case %d", i)
		for j, w := range c.want {
			require.Equal(t, w, outs[j].Shape.String(), "case %d (%s) output %d", i, c.typ, j)
		}
	}
}

// Shapes and messages after src/core/tests/type_prop/roi_pooling.cpp, psroi_pooling.cpp,
// deformable_psroi_pooling.cpp, proposal.cpp, experimental_detectron_*.cpp,
// generate_proposals.cpp, non_max_suppression.cpp, nms_rotated.cpp, matrix_nms.cpp,
// multiclass_nms.cpp.
func TestSeqDetectInfer(t *testing.T) {
	f, i64 := ir.F32, ir.I64
	c := func(s ...string) []Input {
		out := make([]Input, len(s))
		for i, x := range s {
			out[i] = seqIn(t, f, x)
		}
		return out
	}
	cases := []seqInferCase{
		{"ROIPooling", "opset2", []string{"pooled_h", "2", "pooled_w", "3", "spatial_scale", "0.625"}, c("[3,2,6,6]", "[4,5]"), []string{"[4,2,2,3]"}, ""},
		{"ROIPooling", "opset2", []string{"pooled_h", "2", "pooled_w", "3", "spatial_scale", "0.625"}, c("[...]", "[...]"), []string{"[?,?,2,3]"}, ""},
		{"ROIPooling", "opset2", []string{"pooled_h", "2", "pooled_w", "2", "spatial_scale", "1", "method", "avg"}, c("[3,2,6,6]", "[4,5]"), nil,
			"Pooling method attribute should be either 'max' or 'bilinear'. Got: avg"},
		{"ROIPooling", "opset2", []string{"pooled_h", "1", "pooled_w", "0", "spatial_scale", "1"}, c("[3,2,6,6]", "[4,5]"), nil,
			"Pooled size attributes pooled_h and pooled_w should should be positive integers"},
		{"ROIPooling", "opset2", []string{"pooled_h", "2", "pooled_w", "2", "spatial_scale", "-1"}, c("[3,2,6,6]", "[4,5]"), nil,
			"The spatial scale attribute should be a positive floating point number"},
		{"ROIPooling", "opset2", []string{"pooled_h", "2", "pooled_w", "2", "spatial_scale", "1"}, c("[3,2,6,6]", "[4,4]"), nil,
			"The second dimension of ROIs input should contain batch id and box coordinates. This dimension is expected to be equal to 5. Got: 4"},
		{"PSROIPooling", "opset1", []string{"output_dim", "2", "group_size", "2", "spatial_scale", "1"}, c("[1,8,6,6]", "[3,5]"), []string{"[3,2,2,2]"}, ""},
		{"PSROIPooling", "opset1", []string{"output_dim", "2", "group_size", "2", "spatial_scale", "1", "mode", "bilinear", "spatial_bins_x", "2", "spatial_bins_y", "2"},
			c("[1,8,6,6]", "[3,5]"), []string{"[3,2,2,2]"}, ""},
		{"PSROIPooling", "opset1", []string{"output_dim", "2", "group_size", "2", "spatial_scale", "1"}, c("[1,7,6,6]", "[3,5]"), nil,
			"Number of input's channels must be a multiply of output_dim * group_size * group_size"},
		{"DeformablePSROIPooling", "opset1", []string{"output_dim", "8", "group_size", "7", "spatial_scale", "0.0625"}, c("[1,392,38,63]", "[300,5]", "[300,2,7,7]"), []string{"[300,8,7,7]"}, ""},
		{"Proposal", "opset1", []string{"base_size", "1", "post_nms_topn", "200", "feat_stride", "16"}, c("[2,2,10,10]", "[2,4,10,10]", "[3]"), []string{"[400,5]"}, ""},
		{"Proposal", "opset4", []string{"base_size", "1", "post_nms_topn", "200", "feat_stride", "16"}, c("[?,2,10,10]", "[...]", "[4]"), []string{"[?,5]", "[?]"}, ""},
		{"Proposal", "opset4", []string{"base_size", "1", "post_nms_topn", "200", "feat_stride", "16"}, c("[2,2,10,10]", "[2,4,10,10]", "[5]"), nil,
			"Image_shape must be 1-D tensor and has got 3 or 4 elements"},
		{"Proposal", "opset4", []string{"base_size", "1", "post_nms_topn", "200", "feat_stride", "16"}, c("[2,2,10,10]", "[3,4,10,10]", "[3]"), nil,
			"Batch size inconsistent between class_probs"},
		{"ExperimentalDetectronDetectionOutput", "opset6", []string{"max_detections_per_image", "100", "num_classes", "81"},
			c("[1000,4]", "[1000,324]", "[1000,81]", "[1,3]"), []string{"[100,4]", "[100]", "[100]"}, ""},
		{"ExperimentalDetectronGenerateProposalsSingleImage", "opset6", []string{"post_nms_count", "1000"},
			c("[3]", "[201600,4]", "[12,200,336]", "[3,200,336]"), []string{"[1000,4]", "[1000]"}, ""},
		{"ExperimentalDetectronPriorGridGenerator", "opset6", []string{"flatten", "true", "stride_x", "4", "stride_y", "4"},
			c("[3,4]", "[1,256,200,336]", "[1,3,800,1344]"), []string{"[201600,4]"}, ""},
		{"ExperimentalDetectronPriorGridGenerator", "opset6", []string{"flatten", "false", "h", "10", "w", "20"},
			c("[3,4]", "[1,256,200,336]", "[1,3,800,1344]"), []string{"[200,336,3,4]"}, ""}, // h, w do not shape the output
		{"ExperimentalDetectronROIFeatureExtractor", "opset6", []string{"output_size", "7", "sampling_ratio", "2", "pyramid_scales", "4,8,16,32"},
			c("[1000,4]", "[1,256,200,336]", "[1,256,100,168]", "[1,256,50,84]", "[1,256,25,42]"), []string{"[1000,256,7,7]", "[1000,4]"}, ""},
		{"ExperimentalDetectronROIFeatureExtractor", "opset6", []string{"output_size", "7"},
			c("[1000,4]", "[1,256,200,336]", "[1,128,100,168]"), nil, "The number of channels must be the same for all layers of the pyramid."},
		{"ExperimentalDetectronTopKROIs", "opset6", []string{"max_rois", "1000"}, c("[5000,4]", "[5000]"), []string{"[1000,4]"}, ""},
		{"ExperimentalDetectronTopKROIs", "opset6", []string{"max_rois", "1000"}, c("[5000,4]", "[4000]"), nil,
			"Number of rois and number of probabilities should be equal."},
		{"GenerateProposals", "opset9", []string{"post_nms_count", "100", "pre_nms_count", "1000"},
			c("[2,3]", "[50,84,3,4]", "[2,12,50,84]", "[2,3,50,84]"), []string{"[..200,4]", "[..200]", "[2]"}, ""},
		{"GenerateProposals", "opset9", []string{"post_nms_count", "100", "pre_nms_count", "1000"},
			c("[2,3]", "[50,84,3,4]", "[3,12,50,84]", "[2,3,50,84]"), nil, "Batch for inputs 'im_info', 'input_deltas' and 'input_scores' should be equal."},
		{"NMSRotated", "opset13", nil, []Input{seqIn(t, f, "[1,6,5]"), seqIn(t, f, "[1,1,6]"), {Type: i64, Shape: shape(t, "[]"), Value: i64Tensor(t, 3)}},
			[]string{"[3,3]", "[3,3]", "[1]"}, ""},
		{"NMSRotated", "opset13", nil, c("[1,6,4]", "[1,1,6]"), nil, "The last dimension of the 'boxes' input must be equal to 5"},
		{"MatrixNms", "opset8", []string{"nms_top_k", "3", "keep_top_k", "5", "background_class", "0"}, c("[2,7,4]", "[2,5,7]"),
			[]string{"[..10,6]", "[..10,1]", "[2]"}, ""},
		{"MatrixNms", "opset8", nil, c("[2,7,4]", "[2,5,7]"), []string{"[..70,6]", "[..70,1]", "[2]"}, ""},
		{"MatrixNms", "opset8", nil, c("[2,7,4]", "[2,5,6]"), nil, "'boxes' and 'scores' input shapes must match at the second and third dimension respectively."},
		{"MulticlassNms", "opset8", []string{"nms_top_k", "-2"}, c("[2,7,4]", "[2,5,7]"), nil, "The 'nms_top_k' must be great or equal -1."},
		{"MulticlassNms", "opset9", []string{"keep_top_k", "8"}, []Input{seqIn(t, f, "[5,7,4]"), seqIn(t, f, "[5,7]"), seqIn(t, ir.I32, "[3]")},
			[]string{"[..24,6]", "[..24,1]", "[3]"}, ""},
	}
	seqRunInfer(t, cases)
}

// Hand-computed values: ROIPooling max over integer bins, TopKROIs order, NMS-4 padding.
func TestSeqDetectValues(t *testing.T) {
	// 1x1x4x4 map 0..15, ROI covering the whole map, 2x2 bins: maxima of the quadrants.
	data := make([]float32, 16)
	for i := range data {
		data[i] = float32(i)
	}
	op := decodeOp(t, "ROIPooling", "opset2", "pooled_h", "2", "pooled_w", "2", "spatial_scale", "1")
	out := run(t, op, ExecOptions{Reference: true}, seqF32(t, []int{1, 1, 4, 4}, data...), seqF32(t, []int{2, 5}, 0, 0, 0, 3, 3, 0, 1, 1, 1, 1))
	seqCloseF32(t, []float32{5, 7, 13, 15, 5, 5, 5, 5}, out[0], 0)

	top := decodeOp(t, "ExperimentalDetectronTopKROIs", "opset6", "max_rois", "2")
	out = run(t, top, ExecOptions{Reference: true}, seqF32(t, []int{3, 4}, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3), seqF32(t, []int{3}, 0.2, 0.9, 0.5))
	seqCloseF32(t, []float32{2, 2, 2, 2, 3, 3, 3, 3}, out[0], 0)

	// NonMaxSuppression-4: two overlapping boxes and one apart, max 5 per class: two
	// selected, the remaining rows of the static upper bound [3,3] are -1.
	nms := decodeOp(t, "NonMaxSuppression", "opset4", "output_type", "i32")
	out = run(t, nms, ExecOptions{Reference: true},
		seqF32(t, []int{1, 3, 4}, 0, 0, 1, 1, 0, 0.1, 1, 1.1, 0, 10, 1, 11),
		seqF32(t, []int{1, 1, 3}, 0.9, 0.8, 0.7),
		tensor(t, ir.I64, []int{1}, []int64{5}), seqF32(t, []int{1}, 0.5), seqF32(t, []int{1}, 0))
	require.Len(t, out, 1)
	require.Equal(t, []int32{0, 0, 0, 0, 0, 2, -1, -1, -1}, out[0].Data)
}
