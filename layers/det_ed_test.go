package layers

import (
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

// Expected values from src/plugins/template/tests/functional/op_reference/
// experimental_detectron_detection_prior_grid.cpp (attrs flatten, h, w, stride_x, stride_y;
// the output follows the feature map and only the h×w cells are compared).
func TestDetPriorGridReference(t *testing.T) {
	cases := []struct {
		attrs    []string
		feat     []int
		priors   []float64
		outShape []int
		want     []float64
	}{
		{[]string{"flatten", "true", "stride_x", "4", "stride_y", "4"}, []int{1, 16, 4, 5},
			[]float64{-24.5, -12.5, 24.5, 12.5, -16.5, -16.5, 16.5, 16.5, -12.5, -24.5, 12.5, 24.5}, []int{60, 4},
			[]float64{-22.5, -10.5, 26.5, 14.5, -14.5, -14.5, 18.5, 18.5, -10.5, -22.5, 14.5, 26.5, -18.5,
				-10.5, 30.5, 14.5, -10.5, -14.5, 22.5, 18.5, -6.5, -22.5, 18.5, 26.5, -14.5, -10.5,
				34.5, 14.5, -6.5, -14.5, 26.5, 18.5, -2.5, -22.5, 22.5, 26.5, -10.5, -10.5, 38.5,
				14.5, -2.5, -14.5, 30.5, 18.5, 1.5, -22.5, 26.5, 26.5, -6.5, -10.5, 42.5, 14.5,
				1.5, -14.5, 34.5, 18.5, 5.5, -22.5, 30.5, 26.5, -22.5, -6.5, 26.5, 18.5, -14.5,
				-10.5, 18.5, 22.5, -10.5, -18.5, 14.5, 30.5, -18.5, -6.5, 30.5, 18.5, -10.5, -10.5,
				22.5, 22.5, -6.5, -18.5, 18.5, 30.5, -14.5, -6.5, 34.5, 18.5, -6.5, -10.5, 26.5,
				22.5, -2.5, -18.5, 22.5, 30.5, -10.5, -6.5, 38.5, 18.5, -2.5, -10.5, 30.5, 22.5,
				1.5, -18.5, 26.5, 30.5, -6.5, -6.5, 42.5, 18.5, 1.5, -10.5, 34.5, 22.5, 5.5,
				-18.5, 30.5, 30.5, -22.5, -2.5, 26.5, 22.5, -14.5, -6.5, 18.5, 26.5, -10.5, -14.5,
				14.5, 34.5, -18.5, -2.5, 30.5, 22.5, -10.5, -6.5, 22.5, 26.5, -6.5, -14.5, 18.5,
				34.5, -14.5, -2.5, 34.5, 22.5, -6.5, -6.5, 26.5, 26.5, -2.5, -14.5, 22.5, 34.5,
				-10.5, -2.5, 38.5, 22.5, -2.5, -6.5, 30.5, 26.5, 1.5, -14.5, 26.5, 34.5, -6.5,
				-2.5, 42.5, 22.5, 1.5, -6.5, 34.5, 26.5, 5.5, -14.5, 30.5, 34.5, -22.5, 1.5,
				26.5, 26.5, -14.5, -2.5, 18.5, 30.5, -10.5, -10.5, 14.5, 38.5, -18.5, 1.5, 30.5,
				26.5, -10.5, -2.5, 22.5, 30.5, -6.5, -10.5, 18.5, 38.5, -14.5, 1.5, 34.5, 26.5,
				-6.5, -2.5, 26.5, 30.5, -2.5, -10.5, 22.5, 38.5, -10.5, 1.5, 38.5, 26.5, -2.5,
				-2.5, 30.5, 30.5, 1.5, -10.5, 26.5, 38.5, -6.5, 1.5, 42.5, 26.5, 1.5, -2.5,
				34.5, 30.5, 5.5, -10.5, 30.5, 38.5}},
		{[]string{"flatten", "false", "stride_x", "8", "stride_y", "8"}, []int{1, 16, 3, 7},
			[]float64{-44.5, -24.5, 44.5, 24.5, -32.5, -32.5, 32.5, 32.5, -24.5, -44.5, 24.5, 44.5}, []int{3, 7, 3, 4},
			[]float64{
				-40.5, -20.5, 48.5, 28.5, -28.5, -28.5, 36.5, 36.5, -20.5, -40.5, 28.5, 48.5, -32.5, -20.5, 56.5, 28.5,
				-20.5, -28.5, 44.5, 36.5, -12.5, -40.5, 36.5, 48.5, -24.5, -20.5, 64.5, 28.5, -12.5, -28.5, 52.5, 36.5,
				-4.5, -40.5, 44.5, 48.5, -16.5, -20.5, 72.5, 28.5, -4.5, -28.5, 60.5, 36.5, 3.5, -40.5, 52.5, 48.5,
				-8.5, -20.5, 80.5, 28.5, 3.5, -28.5, 68.5, 36.5, 11.5, -40.5, 60.5, 48.5, -0.5, -20.5, 88.5, 28.5,
				11.5, -28.5, 76.5, 36.5, 19.5, -40.5, 68.5, 48.5, 7.5, -20.5, 96.5, 28.5, 19.5, -28.5, 84.5, 36.5,
				27.5, -40.5, 76.5, 48.5, -40.5, -12.5, 48.5, 36.5, -28.5, -20.5, 36.5, 44.5, -20.5, -32.5, 28.5, 56.5,
				-32.5, -12.5, 56.5, 36.5, -20.5, -20.5, 44.5, 44.5, -12.5, -32.5, 36.5, 56.5, -24.5, -12.5, 64.5, 36.5,
				-12.5, -20.5, 52.5, 44.5, -4.5, -32.5, 44.5, 56.5, -16.5, -12.5, 72.5, 36.5, -4.5, -20.5, 60.5, 44.5,
				3.5, -32.5, 52.5, 56.5, -8.5, -12.5, 80.5, 36.5, 3.5, -20.5, 68.5, 44.5, 11.5, -32.5, 60.5, 56.5,
				-0.5, -12.5, 88.5, 36.5, 11.5, -20.5, 76.5, 44.5, 19.5, -32.5, 68.5, 56.5, 7.5, -12.5, 96.5, 36.5,
				19.5, -20.5, 84.5, 44.5, 27.5, -32.5, 76.5, 56.5, -40.5, -4.5, 48.5, 44.5, -28.5, -12.5, 36.5, 52.5,
				-20.5, -24.5, 28.5, 64.5, -32.5, -4.5, 56.5, 44.5, -20.5, -12.5, 44.5, 52.5, -12.5, -24.5, 36.5, 64.5,
				-24.5, -4.5, 64.5, 44.5, -12.5, -12.5, 52.5, 52.5, -4.5, -24.5, 44.5, 64.5, -16.5, -4.5, 72.5, 44.5,
				-4.5, -12.5, 60.5, 52.5, 3.5, -24.5, 52.5, 64.5, -8.5, -4.5, 80.5, 44.5, 3.5, -12.5, 68.5, 52.5,
				11.5, -24.5, 60.5, 64.5, -0.5, -4.5, 88.5, 44.5, 11.5, -12.5, 76.5, 52.5, 19.5, -24.5, 68.5, 64.5,
				7.5, -4.5, 96.5, 44.5, 19.5, -12.5, 84.5, 52.5, 27.5, -24.5, 76.5, 64.5}},
		{[]string{"flatten", "true", "h", "3", "w", "6", "stride_x", "64", "stride_y", "64"}, []int{1, 16, 100, 100},
			[]float64{-364.5, -184.5, 364.5, 184.5, -256.5, -256.5, 256.5, 256.5, -180.5, -360.5, 180.5, 360.5}, []int{30000, 4},
			[]float64{-332.5, -152.5, 396.5, 216.5, -224.5, -224.5, 288.5, 288.5, -148.5, -328.5, 212.5, 392.5,
				-268.5, -152.5, 460.5, 216.5, -160.5, -224.5, 352.5, 288.5, -84.5, -328.5, 276.5, 392.5,
				-204.5, -152.5, 524.5, 216.5, -96.5, -224.5, 416.5, 288.5, -20.5, -328.5, 340.5, 392.5,
				-140.5, -152.5, 588.5, 216.5, -32.5, -224.5, 480.5, 288.5, 43.5, -328.5, 404.5, 392.5,
				-76.5, -152.5, 652.5, 216.5, 31.5, -224.5, 544.5, 288.5, 107.5, -328.5, 468.5, 392.5,
				-12.5, -152.5, 716.5, 216.5, 95.5, -224.5, 608.5, 288.5, 171.5, -328.5, 532.5, 392.5,
				-332.5, -88.5, 396.5, 280.5, -224.5, -160.5, 288.5, 352.5, -148.5, -264.5, 212.5, 456.5,
				-268.5, -88.5, 460.5, 280.5, -160.5, -160.5, 352.5, 352.5, -84.5, -264.5, 276.5, 456.5,
				-204.5, -88.5, 524.5, 280.5, -96.5, -160.5, 416.5, 352.5, -20.5, -264.5, 340.5, 456.5,
				-140.5, -88.5, 588.5, 280.5, -32.5, -160.5, 480.5, 352.5, 43.5, -264.5, 404.5, 456.5,
				-76.5, -88.5, 652.5, 280.5, 31.5, -160.5, 544.5, 352.5, 107.5, -264.5, 468.5, 456.5,
				-12.5, -88.5, 716.5, 280.5, 95.5, -160.5, 608.5, 352.5, 171.5, -264.5, 532.5, 456.5,
				-332.5, -24.5, 396.5, 344.5, -224.5, -96.5, 288.5, 416.5, -148.5, -200.5, 212.5, 520.5,
				-268.5, -24.5, 460.5, 344.5, -160.5, -96.5, 352.5, 416.5, -84.5, -200.5, 276.5, 520.5,
				-204.5, -24.5, 524.5, 344.5, -96.5, -96.5, 416.5, 416.5, -20.5, -200.5, 340.5, 520.5,
				-140.5, -24.5, 588.5, 344.5, -32.5, -96.5, 480.5, 416.5, 43.5, -200.5, 404.5, 520.5,
				-76.5, -24.5, 652.5, 344.5, 31.5, -96.5, 544.5, 416.5, 107.5, -200.5, 468.5, 520.5,
				-12.5, -24.5, 716.5, 344.5, 95.5, -96.5, 608.5, 416.5, 171.5, -200.5, 532.5, 520.5}},
		{[]string{"flatten", "false", "h", "5", "w", "3", "stride_x", "32", "stride_y", "32"}, []int{1, 16, 100, 100},
			[]float64{-180.5, -88.5, 180.5, 88.5, -128.5, -128.5, 128.5, 128.5, -92.5, -184.5, 92.5, 184.5}, []int{100, 100, 3, 4},
			[]float64{-164.5, -72.5, 196.5, 104.5, -112.5, -112.5, 144.5, 144.5, -76.5, -168.5, 108.5, 200.5,
				-132.5, -72.5, 228.5, 104.5, -80.5, -112.5, 176.5, 144.5, -44.5, -168.5, 140.5, 200.5,
				-100.5, -72.5, 260.5, 104.5, -48.5, -112.5, 208.5, 144.5, -12.5, -168.5, 172.5, 200.5,
				-164.5, -40.5, 196.5, 136.5, -112.5, -80.5, 144.5, 176.5, -76.5, -136.5, 108.5, 232.5,
				-132.5, -40.5, 228.5, 136.5, -80.5, -80.5, 176.5, 176.5, -44.5, -136.5, 140.5, 232.5,
				-100.5, -40.5, 260.5, 136.5, -48.5, -80.5, 208.5, 176.5, -12.5, -136.5, 172.5, 232.5,
				-164.5, -8.5, 196.5, 168.5, -112.5, -48.5, 144.5, 208.5, -76.5, -104.5, 108.5, 264.5,
				-132.5, -8.5, 228.5, 168.5, -80.5, -48.5, 176.5, 208.5, -44.5, -104.5, 140.5, 264.5,
				-100.5, -8.5, 260.5, 168.5, -48.5, -48.5, 208.5, 208.5, -12.5, -104.5, 172.5, 264.5,
				-164.5, 23.5, 196.5, 200.5, -112.5, -16.5, 144.5, 240.5, -76.5, -72.5, 108.5, 296.5,
				-132.5, 23.5, 228.5, 200.5, -80.5, -16.5, 176.5, 240.5, -44.5, -72.5, 140.5, 296.5,
				-100.5, 23.5, 260.5, 200.5, -48.5, -16.5, 208.5, 240.5, -12.5, -72.5, 172.5, 296.5,
				-164.5, 55.5, 196.5, 232.5, -112.5, 15.5, 144.5, 272.5, -76.5, -40.5, 108.5, 328.5,
				-132.5, 55.5, 228.5, 232.5, -80.5, 15.5, 176.5, 272.5, -44.5, -40.5, 140.5, 328.5,
				-100.5, 55.5, 260.5, 232.5, -48.5, 15.5, 208.5, 272.5, -12.5, -40.5, 172.5, 328.5}},
	}
	for i, c := range cases {
		for _, et := range []ir.ElementType{ir.F32, ir.F64, ir.F16, ir.BF16} {
			op := decodeOp(t, "ExperimentalDetectronPriorGridGenerator", "opset6", c.attrs...)
			out := run(t, op, ExecOptions{Reference: true}, detTensor(t, et, []int{3, 4}, c.priors),
				detTensor(t, et, c.feat, make([]float64, product(c.feat))), detTensor(t, et, []int{1, 3, 100, 200}, make([]float64, 60000)))
			require.Equal(t, c.outShape, out[0].Shape, "case %d", i)
			g := moreFloats(t, out[0])
			tol := map[ir.ElementType]float64{ir.F32: 0, ir.F64: 0, ir.F16: 0.25, ir.BF16: 4}[et]
			require.InDeltaSlice(t, c.want, g[:len(c.want)], tol, "case %d %s", i, et)
			for _, v := range g[len(c.want):] {
				require.Zero(t, v, "case %d: cells past the grid are 0", i)
			}
		}
	}
}

func TestDetPriorGridHostile(t *testing.T) {
	ref := ExecOptions{Reference: true}
	// A grid larger than the feature map that sizes the output: an error, not a write past it.
	op := decodeOp(t, "ExperimentalDetectronPriorGridGenerator", "opset6", "h", "5", "w", "5")
	_, err := runErr(op, ref, moreF32(t, []int{1, 4}, 0, 0, 1, 1), moreF32(t, []int{1, 1, 2, 2}, 0, 0, 0, 0), moreF32(t, []int{1, 1, 4, 4}, make([]float32, 16)...))
	require.ErrorContains(t, err, "does not fit")
	// Stride 0: the image size over the grid (8/2 = 4, so centres at 2 and 6).
	op = decodeOp(t, "ExperimentalDetectronPriorGridGenerator", "opset6")
	out := run(t, op, ref, moreF32(t, []int{1, 4}, 0, 0, 1, 1), moreF32(t, []int{1, 1, 1, 2}, 0, 0), moreF32(t, []int{1, 1, 4, 8}, make([]float32, 32)...))
	require.Equal(t, []float32{2, 2, 3, 3, 6, 2, 7, 3}, out[0].Data)
}

// Expected values from src/plugins/template/tests/functional/op_reference/
// experimental_detectron_roi_feature_extractor.cpp (output_size 3, sampling_ratio 2,
// pyramid_scales 4, not aligned).
func TestDetROIFeatureExtractorReference(t *testing.T) {
	want := []float64{1.416667, 1.75, 2.083333, 2.416667, 2.75, 3.083333, 3.166667, 3.5, 3.833333,
		7.416667, 7.75, 8.083333, 8.416667, 8.75, 9.083334, 9.166666, 9.5, 9.833334,
		4.166667, 4.5, 4.833333, 4.166667, 4.5, 4.833333, 2.083333, 2.25, 2.416667,
		10.16667, 10.5, 10.83333, 10.16667, 10.5, 10.83333, 5.083333, 5.25, 5.416667}
	rois := []float64{0, 1, 2, 3, 4, 5, 6, 7}
	for _, et := range []ir.ElementType{ir.F32, ir.F64, ir.F16, ir.BF16} {
		op := decodeOp(t, "ExperimentalDetectronROIFeatureExtractor", "opset6", "output_size", "3", "sampling_ratio", "2", "pyramid_scales", "4")
		out := run(t, op, ExecOptions{Reference: true}, detTensor(t, et, []int{2, 4}, rois),
			detTensor(t, et, []int{1, 2, 2, 3}, []float64{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}))
		require.Equal(t, []int{2, 2, 3, 3}, out[0].Shape)
		tol := map[ir.ElementType]float64{ir.F32: 1e-5, ir.F64: 1e-5, ir.F16: 1e-2, ir.BF16: 0.05}[et]
		moreNear(t, want, out[0], tol, et)
		moreNear(t, rois, out[1], 0, et)
	}
}

// Hand-computed: levels by ROI size (a 224-wide ROI goes to level 2, a 1-wide one to level
// 0 of three), an empty ROI gives zeros; hostile: too few pyramid_scales is an error.
func TestDetROIFeatureExtractorLevels(t *testing.T) {
	op := decodeOp(t, "ExperimentalDetectronROIFeatureExtractor", "opset6", "output_size", "1", "sampling_ratio", "1", "pyramid_scales", "1,1,1000")
	lv := func(v float32) *ir.Tensor { return moreF32(t, []int{1, 1, 1, 1}, v) }
	out := run(t, op, ExecOptions{Reference: true}, moreF32(t, []int{3, 4}, 0, 0, 224, 224, 0, 0, 1, 1, 5, 5, 5, 9),
		lv(1), lv(2), lv(3))
	// One sample at the ROI centre, clamped onto the single pixel.
	require.Equal(t, []float32{3, 1, 0}, out[0].Data)
	op = decodeOp(t, "ExperimentalDetectronROIFeatureExtractor", "opset6", "output_size", "1", "pyramid_scales", "4")
	_, err := runErr(op, ExecOptions{Reference: true}, moreF32(t, []int{1, 4}, 0, 0, 1, 1), lv(1), lv(2))
	require.ErrorContains(t, err, "pyramid_scales")
}

// Shapes and messages after src/core/tests/type_prop/experimental_detectron_*.cpp.
func TestSeqEDInfer(t *testing.T) {
	f := ir.F32
	c := func(s ...string) []Input {
		out := make([]Input, len(s))
		for i, x := range s {
			out[i] = seqIn(t, f, x)
		}
		return out
	}
	cases := []seqInferCase{
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
	}
	seqRunInfer(t, cases)
}

// Hand-computed: ExperimentalDetectronTopKROIs keeps the rois of the highest probabilities, in order.
func TestSeqEDTopKROIsValues(t *testing.T) {
	top := decodeOp(t, "ExperimentalDetectronTopKROIs", "opset6", "max_rois", "2")
	out := run(t, top, ExecOptions{Reference: true}, seqF32(t, []int{3, 4}, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3), seqF32(t, []int{3}, 0.2, 0.9, 0.5))
	seqCloseF32(t, []float32{2, 2, 2, 2, 3, 3, 3, 3}, out[0], 0)
}
