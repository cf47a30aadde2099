package layers

import (
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

func detxFill(n int, v float64) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = v
	}
	return out
}

// Expected values from src/plugins/template/tests/functional/op_reference/
// experimental_detectron_detection_output.cpp (16 ROIs, 2 classes, 5 detections).
func TestDetEDDetectionOutputReference(t *testing.T) {
	rois := detxFill(64, 1)
	copy(rois, []float64{1, 1, 10, 10})
	copy(rois[16:], []float64{4, 1, 8, 5})
	deltas := detxFill(128, 1)
	deltas[0], deltas[20], deltas[34] = 5, 4, 8
	for _, et := range []ir.ElementType{ir.F32, ir.F64, ir.F16, ir.BF16} {
		op := decodeOp(t, "ExperimentalDetectronDetectionOutput", "opset6", "score_threshold", "0.01000000074505806", "nms_threshold", "0.2",
			"max_delta_log_wh", "2", "num_classes", "2", "post_nms_count", "500", "max_detections_per_image", "5",
			"class_agnostic_box_regression", "true", "deltas_weights", "10,10,5,5")
		out := run(t, op, ExecOptions{Reference: true}, detTensor(t, et, []int{16, 4}, rois), detTensor(t, et, []int{16, 8}, deltas),
			detTensor(t, et, []int{16, 2}, detxFill(32, 1)), detTensor(t, et, []int{1, 3}, []float64{1, 1, 1}))
		tol := map[ir.ElementType]float64{ir.F32: 1e-5, ir.F64: 1e-5, ir.F16: 1e-2, ir.BF16: 0.1}[et]
		moreNear(t, append([]float64{0.8929862, 0.892986297607421875, 12.10701370239257812, 12.10701370239257812}, make([]float64, 16)...), out[0], tol, et)
		require.Equal(t, []int32{1, 0, 0, 0, 0}, out[1].Data, et)
		moreNear(t, []float64{1, 0, 0, 0, 0}, out[2], 0, et)
	}
}

// Hand-computed: zero deltas (weights 1) keep each ROI; two classes with one ROI each and a
// third ROI overlapping the first; max_detections 2 keeps the two best by score (ties by ROI).
func TestDetEDDetectionOutputHand(t *testing.T) {
	op := decodeOp(t, "ExperimentalDetectronDetectionOutput", "opset6", "score_threshold", "0.1", "nms_threshold", "0.5",
		"max_delta_log_wh", "2", "num_classes", "3", "post_nms_count", "10", "max_detections_per_image", "2", "deltas_weights", "1,1,1,1")
	rois := []float32{0, 0, 9, 9, 20, 20, 29, 29, 1, 0, 9, 9}
	scores := []float32{
		0, 0.9, 0.05, // ROI 0: class 1
		0, 0.2, 0.8, // ROI 1: class 2 (class 1 0.2)
		0, 0.7, 0, // ROI 2: overlaps ROI 0 (IoU 90/100): suppressed in class 1
	}
	out := run(t, op, ExecOptions{Reference: true}, moreF32(t, []int{3, 4}, rois...), moreF32(t, []int{3, 12}, make([]float32, 36)...),
		moreF32(t, []int{3, 3}, scores...), moreF32(t, []int{1, 3}, 100, 100, 1))
	// Class 1 keeps ROI 0 (0.9) and ROI 1 (0.2); class 2 ROI 1 (0.8): three detections, the best two.
	require.Equal(t, []float32{0, 0, 9, 9, 20, 20, 29, 29}, out[0].Data)
	require.Equal(t, []int32{1, 2}, out[1].Data)
	require.Equal(t, []float32{0.9, 0.8}, out[2].Data)

	// Hostile: num_classes disagreeing with the scores, wrong weights count.
	_, err := runErr(decodeOp(t, "ExperimentalDetectronDetectionOutput", "opset6", "num_classes", "3", "max_detections_per_image", "2", "deltas_weights", "1,1,1"),
		ExecOptions{Reference: true}, moreF32(t, []int{3, 4}, rois...), moreF32(t, []int{3, 12}, make([]float32, 36)...),
		moreF32(t, []int{3, 3}, scores...), moreF32(t, []int{1, 3}, 100, 100, 1))
	require.ErrorContains(t, err, "deltas_weights")
}

// Inputs of op_reference experimental_detectron_generate_proposals.cpp "eval_2" (also
// generate_proposals.cpp "batch_2", per image).
var detxGPAnchors = []float64{
	12.0, 68.0, 102.0, 123.0, 46.0, 80.0, 79.0, 128.0, 33.0, 71.0, 127.0, 86.0, 33.0, 56.0, 150.0,
	73.0, 5.0, 41.0, 93.0, 150.0, 74.0, 66.0, 106.0, 115.0, 17.0, 37.0, 87.0, 150.0, 31.0, 27.0,
	150.0, 39.0, 29.0, 23.0, 112.0, 123.0, 41.0, 37.0, 103.0, 150.0, 8.0, 46.0, 98.0, 111.0, 7.0,
	69.0, 114.0, 150.0, 70.0, 21.0, 150.0, 125.0, 54.0, 19.0, 132.0, 68.0, 62.0, 8.0, 150.0, 101.0,
	57.0, 81.0, 150.0, 97.0, 79.0, 29.0, 109.0, 130.0, 12.0, 63.0, 100.0, 150.0, 17.0, 33.0, 113.0,
	150.0, 90.0, 78.0, 150.0, 111.0, 47.0, 68.0, 150.0, 71.0, 66.0, 103.0, 111.0, 150.0, 4.0, 17.0,
	112.0, 94.0, 12.0, 8.0, 119.0, 98.0, 54.0, 56.0, 120.0, 150.0, 56.0, 29.0, 150.0, 31.0, 42.0,
	3.0, 139.0, 92.0, 41.0, 65.0, 150.0, 130.0, 49.0, 13.0, 143.0, 30.0, 40.0, 60.0, 150.0, 150.0,
	23.0, 73.0, 24.0, 115.0, 56.0, 84.0, 107.0, 108.0, 63.0, 8.0, 142.0, 125.0, 78.0, 37.0, 93.0,
	144.0, 40.0, 34.0, 150.0, 46.0, 30.0, 21.0, 150.0, 120.0}
var detxGPDeltas = []float64{
	9.062256, 10.883133, 9.8441105, 12.694285, 0.41781136, 8.749107, 14.990341, 6.587644,
	1.4206103, 13.299262, 12.432549, 2.736371, 0.22732796, 6.3361835, 12.268727, 2.1009045,
	4.771589, 2.5131326, 5.610736, 9.3604145, 4.27379, 8.317948, 0.60510135, 6.7446275,
	1.0207708, 1.1352817, 1.5785321, 1.718335, 1.8093798, 0.99247587, 1.3233583, 1.7432803,
	1.8534478, 1.2593061, 1.7394226, 1.7686696, 1.647999, 1.7611449, 1.3119122, 0.03007332,
	1.1106564, 0.55669737, 0.2546148, 1.9181818, 0.7134989, 2.0407224, 1.7211134, 1.8565536,
	14.562747, 2.8786168, 0.5927796, 0.2064463, 7.6794515, 8.672126, 10.139171, 8.002429,
	7.002932, 12.6314945, 10.550842, 0.15784842, 0.3194304, 10.752157, 3.709805, 11.628928,
	0.7136225, 14.619964, 15.177284, 2.2824087, 15.381494, 0.16618137, 7.507227, 11.173228,
	0.4923559, 1.8227729, 1.4749299, 1.7833921, 1.2363617, -0.23659119, 1.5737582, 1.779316,
	1.9828427, 1.0482665, 1.4900246, 1.3563544, 1.5341306, 0.7634312, 4.6216766e-05, 1.6161222,
	1.7512476, 1.9363779, 0.9195784, 1.4906164, -0.03244795, 0.681073, 0.6192401, 1.8033613,
	14.146055, 3.4043705, 15.292292, 3.5295358, 11.138999, 9.952057, 5.633434, 12.114562,
	9.427372, 12.384038, 9.583308, 8.427233, 15.293704, 3.288159, 11.64898, 9.350885,
	2.0037227, 13.523184, 4.4176426, 6.1057625, 14.400079, 8.248259, 11.815807, 15.713364,
	1.0023532, 1.3203261, 1.7100681, 0.7407832, 1.09448, 1.7188418, 1.4412547, 1.4862992,
	0.74790007, 0.31571656, 0.6398838, 2.0236106, 1.1869069, 1.7265586, 1.2624544, 0.09934269,
	1.3508598, 0.85212964, -0.38968498, 1.7059708, 1.6533034, 1.7400402, 1.8123854, -0.43063712}
var detxGPScores = []float64{0.7719922, 0.35906568, 0.29054508, 0.18124384, 0.5604661, 0.84750974,
	0.98948747, 0.009793862, 0.7184191, 0.5560748, 0.6952493, 0.6732593,
	0.3306898, 0.6790913, 0.41128764, 0.34593266, 0.94296855, 0.7348507,
	0.24478768, 0.94024557, 0.05405676, 0.06466125, 0.36244348, 0.07942984,
	0.10619422, 0.09412837, 0.9053611, 0.22870538, 0.9237487, 0.20986171,
	0.5067282, 0.29709867, 0.53138554, 0.189101, 0.4786443, 0.88421875}

// Expected values from src/plugins/template/tests/functional/op_reference/
// experimental_detectron_generate_proposals.cpp (3 anchors over 2×6, post_nms_count 6).
func TestDetEDGenerateProposalsReference(t *testing.T) {
	scores1 := detxFill(36, 1)
	scores1[0], scores1[20], scores1[34] = 5, 4, 8
	cases := []struct {
		name                        string
		im, anchors, deltas, scores []float64
		rois, probs                 []float64
	}{
		{"eval", []float64{1, 1, 1}, detxFill(144, 1), detxFill(144, 1), scores1, make([]float64, 24), []float64{8, 5, 4, 1, 1, 1}},
		{"eval_2", []float64{150, 150, 1}, detxGPAnchors, detxGPDeltas, detxGPScores,
			[]float64{149, 149, 149, 149, 149, 0, 149, 149, 149, 60.87443542480469, 149, 149, 149, 61.89498901367188, 149,
				149, 149, 149, 149, 149, 149, 149, 149, 149},
			[]float64{0.9894874691963196, 0.9429685473442078, 0.9402455687522888, 0.9237486720085144, 0.9053611159324646, 0.8842187523841858}},
	}
	for _, c := range cases {
		for _, et := range []ir.ElementType{ir.F32, ir.F64, ir.F16} {
			op := decodeOp(t, "ExperimentalDetectronGenerateProposalsSingleImage", "opset6", "min_size", "0", "nms_threshold", "0.699999988079071",
				"post_nms_count", "6", "pre_nms_count", "1000")
			out := run(t, op, ExecOptions{Reference: true}, detTensor(t, et, []int{3}, c.im), detTensor(t, et, []int{36, 4}, c.anchors),
				detTensor(t, et, []int{12, 2, 6}, c.deltas), detTensor(t, et, []int{3, 2, 6}, c.scores))
			tol := map[ir.ElementType]float64{ir.F32: 1e-4, ir.F64: 1e-4, ir.F16: 0.5}[et]
			moreNear(t, c.rois, out[0], tol, c.name, et)
			moreNear(t, c.probs, out[1], tol/10+1e-6, c.name, et)
		}
	}
}

// Hand-computed: one anchor [0,0,9,9] at 1×2 positions with zero deltas stays [0,0,9,9]
// (sizes +1, centre ± half, -1); the duplicate is suppressed, post_nms_count 3 leaves zero
// rows; min_size 11 zeroes the scores. Hostile: anchors not matching the scores.
func TestDetEDGenerateProposalsHand(t *testing.T) {
	op := decodeOp(t, "ExperimentalDetectronGenerateProposalsSingleImage", "opset6", "min_size", "0", "nms_threshold", "0.5",
		"post_nms_count", "3", "pre_nms_count", "10")
	anchors := moreF32(t, []int{2, 4}, 0, 0, 9, 9, 0, 0, 9, 9)
	out := run(t, op, ExecOptions{Reference: true}, moreF32(t, []int{3}, 100, 100, 1), anchors,
		moreF32(t, []int{4, 1, 2}, make([]float32, 8)...), moreF32(t, []int{1, 1, 2}, 0.4, 0.6))
	require.Equal(t, []float32{0, 0, 9, 9, 0, 0, 0, 0, 0, 0, 0, 0}, out[0].Data)
	require.Equal(t, []float32{0.6, 0, 0}, out[1].Data)
	op = decodeOp(t, "ExperimentalDetectronGenerateProposalsSingleImage", "opset6", "min_size", "11", "nms_threshold", "0.5",
		"post_nms_count", "1", "pre_nms_count", "10")
	out = run(t, op, ExecOptions{Reference: true}, moreF32(t, []int{3}, 100, 100, 1), anchors,
		moreF32(t, []int{4, 1, 2}, make([]float32, 8)...), moreF32(t, []int{1, 1, 2}, 0.4, 0.6))
	require.Equal(t, []float32{0}, out[1].Data)
	_, err := runErr(op, ExecOptions{Reference: true}, moreF32(t, []int{3}, 100, 100, 1), moreF32(t, []int{1, 4}, 0, 0, 9, 9),
		moreF32(t, []int{4, 1, 2}, make([]float32, 8)...), moreF32(t, []int{1, 1, 2}, 0.4, 0.6))
	require.ErrorContains(t, err, "do not match")
}
