package layers

import (
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

func detxProposalOp(t *testing.T, opset string, kv ...string) Op {
	base := []string{"base_size", "16", "min_size", "16", "pre_nms_topn", "6000", "post_nms_topn", "10",
		"nms_thresh", "0.7", "feat_stride", "16", "ratio", "0.5", "scale", "32"}
	return decodeOp(t, "Proposal", opset, append(base, kv...)...)
}

// Expected values from src/plugins/template/tests/functional/op_reference/proposal.cpp
// (ProposalV1Params, ProposalV4Params: Caffe and TensorFlow framework cases).
func TestDetProposalReference(t *testing.T) {
	caffeRois := []float32{
		0, 0, 0, 349, 209,
		0, 0, 0, 237.625443, 209,
		0, 140.305511, 0, 349, 209,
		0, 0, 0, 349, 65.359818,
		0, 0, 0, 349, 130.324097,
		0, 0, 15.562508, 97.587891, 181.224182,
		0, 0, 68.539543, 250.406708, 209,
		0, 0, 0, 195.881531, 99.841385,
		0, 0, 0, 78.303986, 209,
		0, 0, 0, 0, 209,
	}
	caffeProbs := []float32{0.3091790, 0.1555300, 0.1549760, 0.1466370, 0.0260620, 0.0177700, 0.0019870, 0.0008570, 0.0002190, 0}
	tfRois := []float32{0, 11.9688, 4.02532, 204.528, 182.586, 0, 33.7915, 48.4886, 210,
		238.505, 0, 0, 0, 204.428, 337.029, 0, 72.611, 9.87545,
		203.687, 212.299, 0, 5.08432, 4.19913, 208.719, 249.225, 0, 23.6503,
		57.8165, 210, 350, 0, 84.8804, 9.47241, 156.822, 243.003, 0,
		101.663, 15.5542, 166.083, 327.839, 0, 13.9738, 0, 210, 128.482,
		0, 77.8929, 29.663, 186.561, 313.287}
	tfProbs := []float32{0.309179, 0.308222, 0.303045, 0.241702, 0.192754, 0.165789, 0.15553, 0.154976, 0.146637, 0.129511}
	cases := []struct {
		opset     string
		framework string
		img       []float32
		rois      []float32
		probs     []float32
	}{
		{"opset1", "", []float32{210, 350, 1}, caffeRois, nil},
		{"opset4", "", []float32{210, 350, 1}, caffeRois, caffeProbs},
		{"opset4", "tensorflow", []float32{210, 350, 1, 1}, tfRois, tfProbs},
	}
	for _, c := range cases {
		for _, et := range []ir.ElementType{ir.F32, ir.F64} {
			op := detxProposalOp(t, c.opset, "framework", c.framework)
			out := run(t, op, ExecOptions{Reference: true}, detTensor(t, et, []int{1, 2, 10, 10}, moreF64(detxPropCls)),
				detTensor(t, et, []int{1, 4, 10, 10}, moreF64(detxPropBBox)), detTensor(t, et, []int{len(c.img)}, moreF64(c.img)))
			require.Equal(t, []int{10, 5}, out[0].Shape)
			moreNear(t, moreF64(c.rois), out[0], 1e-3, c.opset, c.framework, et)
			if c.probs != nil {
				require.Len(t, out, 2)
				moreNear(t, moreF64(c.probs), out[1], 1e-6, c.opset, c.framework, et)
			}
		}
	}
}

// f16 and bf16 are computed in f32 from the rounded inputs: the best box and score stay.
func TestDetProposalHalf(t *testing.T) {
	for _, et := range []ir.ElementType{ir.F16, ir.BF16} {
		op := detxProposalOp(t, "opset4")
		out := run(t, op, ExecOptions{Reference: true}, detTensor(t, et, []int{1, 2, 10, 10}, moreF64(detxPropCls)),
			detTensor(t, et, []int{1, 4, 10, 10}, moreF64(detxPropBBox)), detTensor(t, et, []int{3}, []float64{210, 350, 1}))
		g := moreFloats(t, out[0])
		require.InDeltaSlice(t, []float64{0, 0, 0, 349, 209}, g[:5], 2, et)
		require.InDelta(t, 0.309179, moreFloats(t, out[1])[0], 2e-3, et)
	}
}

// Hand-computed: one anchor [0,0,3,3] (base 4, ratio 1, scale 1, Caffe offsets: width
// x1-x0+1 = 4, centre x0+2) at 2×1 positions with stride 4 and zero deltas gives the boxes
// [0,0,4,4] and [4,0,8,4] (the reference's centre ± width/2 drops the -1); batch 2
// reverses the scores. post_nms_topn 3 leaves a zero row whose batch index is -1.
func TestDetProposalHand(t *testing.T) {
	op := decodeOp(t, "Proposal", "opset4", "base_size", "4", "min_size", "1", "pre_nms_topn", "10", "post_nms_topn", "3",
		"nms_thresh", "0.5", "feat_stride", "4", "ratio", "1", "scale", "1")
	probs := []float32{0, 0, 0.2, 0.9, 0, 0, 0.8, 0.3} // [2, 2, 1, 2]: background then foreground
	out := run(t, op, ExecOptions{Reference: true}, moreF32(t, []int{2, 2, 1, 2}, probs...),
		moreF32(t, []int{2, 4, 1, 2}, make([]float32, 16)...), moreF32(t, []int{3}, 100, 100, 1))
	require.Equal(t, []float32{
		0, 4, 0, 8, 4,
		0, 0, 0, 4, 4,
		-1, 0, 0, 0, 0,
		1, 0, 0, 4, 4,
		1, 4, 0, 8, 4,
		-1, 0, 0, 0, 0}, out[0].Data)
	require.Equal(t, []float32{0.9, 0.2, 0, 0.8, 0.3, 0}, out[1].Data)

	// Overlapping boxes (stride 1): IoU of [0,0,4,4] and [1,0,5,4] with +1 sizes is 20/30 >
	// 0.5, so the lower-scored is suppressed; with min_size 6 both (5 wide) are too small and
	// score 0 (ties keep proposal order).
	op = decodeOp(t, "Proposal", "opset4", "base_size", "4", "min_size", "1", "pre_nms_topn", "10", "post_nms_topn", "2",
		"nms_thresh", "0.5", "feat_stride", "1", "ratio", "1", "scale", "1")
	out = run(t, op, ExecOptions{Reference: true}, moreF32(t, []int{1, 2, 1, 2}, 0, 0, 0.2, 0.9),
		moreF32(t, []int{1, 4, 1, 2}, make([]float32, 8)...), moreF32(t, []int{3}, 100, 100, 1))
	require.Equal(t, []float32{0, 1, 0, 5, 4, -1, 0, 0, 0, 0}, out[0].Data)
	op = decodeOp(t, "Proposal", "opset4", "base_size", "4", "min_size", "6", "pre_nms_topn", "10", "post_nms_topn", "1",
		"nms_thresh", "0.5", "feat_stride", "4", "ratio", "1", "scale", "1")
	out = run(t, op, ExecOptions{Reference: true}, moreF32(t, []int{1, 2, 1, 2}, 0, 0, 0.2, 0.9),
		moreF32(t, []int{1, 4, 1, 2}, make([]float32, 8)...), moreF32(t, []int{3}, 100, 100, 1))
	require.Equal(t, []float32{0, 0, 0, 4, 4}, out[0].Data)
	require.Equal(t, []float32{0}, out[1].Data)
}

func TestDetProposalHostile(t *testing.T) {
	ref := ExecOptions{Reference: true}
	op := decodeOp(t, "Proposal", "opset1", "base_size", "4", "min_size", "1", "pre_nms_topn", "10", "post_nms_topn", "2",
		"nms_thresh", "0.5", "feat_stride", "4", "ratio", "1,2", "scale", "1")
	// Two ratios need two anchors per position; class_probs holds one.
	_, err := runErr(op, ref, moreF32(t, []int{1, 2, 1, 2}, make([]float32, 4)...),
		moreF32(t, []int{1, 4, 1, 2}, make([]float32, 8)...), moreF32(t, []int{3}, 1, 1, 1))
	require.ErrorContains(t, err, "ratio×scale")
	// bbox_deltas with the wrong channel count.
	_, err = runErr(op, ref, moreF32(t, []int{1, 4, 1, 2}, make([]float32, 8)...),
		moreF32(t, []int{1, 4, 1, 2}, make([]float32, 8)...), moreF32(t, []int{3}, 1, 1, 1))
	require.ErrorContains(t, err, "bbox_deltas")
	// Integer inputs are refused by Infer.
	_, err = runErr(op, ref, tensor(t, ir.I32, []int{1, 4, 1, 2}, make([]int32, 8)),
		moreF32(t, []int{1, 8, 1, 2}, make([]float32, 16)...), moreF32(t, []int{3}, 1, 1, 1))
	require.Error(t, err)
	// A kernel fed tensors of the wrong length fails without panicking.
	op = detxProposalOp(t, "opset4")
	in := []Input{{Type: ir.F32, Shape: shape(t, "[1,2,10,10]")}, {Type: ir.F32, Shape: shape(t, "[1,4,10,10]")}, {Type: ir.F32, Shape: shape(t, "[3]")}}
	k, err := Prepare(op, in, ref)
	require.NoError(t, err)
	outs := []*ir.Tensor{moreF32(t, []int{10, 5}, make([]float32, 50)...), moreF32(t, []int{10}, make([]float32, 10)...)}
	require.Error(t, k.Run(t.Context(), []*ir.Tensor{moreF32(t, []int{3}, 1, 2, 3), moreF32(t, []int{3}, 1, 2, 3), moreF32(t, []int{3}, 1, 2, 3)}, outs))
}

// Shapes and messages after src/core/tests/type_prop/proposal.cpp.
func TestSeqProposalInfer(t *testing.T) {
	f := ir.F32
	c := func(s ...string) []Input {
		out := make([]Input, len(s))
		for i, x := range s {
			out[i] = seqIn(t, f, x)
		}
		return out
	}
	cases := []seqInferCase{
		{"Proposal", "opset1", []string{"base_size", "1", "post_nms_topn", "200", "feat_stride", "16"}, c("[2,2,10,10]", "[2,4,10,10]", "[3]"), []string{"[400,5]"}, ""},
		{"Proposal", "opset4", []string{"base_size", "1", "post_nms_topn", "200", "feat_stride", "16"}, c("[?,2,10,10]", "[...]", "[4]"), []string{"[?,5]", "[?]"}, ""},
		{"Proposal", "opset4", []string{"base_size", "1", "post_nms_topn", "200", "feat_stride", "16"}, c("[2,2,10,10]", "[2,4,10,10]", "[5]"), nil,
			"Image_shape must be 1-D tensor and has got 3 or 4 elements"},
		{"Proposal", "opset4", []string{"base_size", "1", "post_nms_topn", "200", "feat_stride", "16"}, c("[2,2,10,10]", "[3,4,10,10]", "[3]"), nil,
			"Batch size inconsistent between class_probs"},
	}
	seqRunInfer(t, cases)
}

// Proposal infers inputs of different floating-point types (OpenVINO's validate_element_types
// checks each on its own; the outputs take class_probs' type), but the kernel runs one type.
func TestProposalMixedTypes(t *testing.T) {
	op := decodeOp(t, "Proposal", "opset4", "base_size", "1", "post_nms_topn", "2", "feat_stride", "1")
	in := []Input{{Type: ir.F16, Shape: shape(t, "1,2,3,4")}, {Type: ir.F32, Shape: shape(t, "1,4,3,4")}, {Type: ir.F32, Shape: shape(t, "3")}}
	outs, err := op.Infer(in)
	require.NoError(t, err)
	require.Equal(t, ir.F16, outs[0].Type)
	require.Equal(t, ir.F16, outs[1].Type)
	var u *ir.UnsupportedError
	require.ErrorAs(t, op.(interface{ CheckRunnable([]Input) error }).CheckRunnable(in), &u)
}
