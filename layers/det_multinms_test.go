package layers

import (
	"context"
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

// detxRunDynamic infers, prepares and runs a DynamicOp through RunDynamic.
func detxRunDynamic(t *testing.T, op Op, in ...*ir.Tensor) ([]*ir.Tensor, error) {
	t.Helper()
	require.True(t, IsDynamic(op))
	inputs := make([]Input, len(in))
	for i, x := range in {
		inputs[i] = Input{Type: x.Type, Shape: shapeOfDims(x.Shape)}
	}
	if _, err := op.Infer(inputs); err != nil {
		return nil, err
	}
	k, err := Prepare(op, inputs, ExecOptions{Reference: true})
	if err != nil {
		return nil, err
	}
	dk, ok := k.(DynamicKernel)
	require.True(t, ok)
	return dk.RunDynamic(context.Background(), in)
}

func detxInts(t *testing.T, x *ir.Tensor) []int64 {
	t.Helper()
	switch d := x.Data.(type) {
	case []int64:
		return d
	case []int32:
		out := make([]int64, len(d))
		for i, v := range d {
			out[i] = int64(v)
		}
		return out
	}
	t.Fatalf("index tensor holds %T", x.Data)
	return nil
}

var (
	detxNMSBoxes1 = []float64{0.0, 0.0, 1.0, 1.0, 0.0, 0.1, 1.0, 1.1, 0.0, -0.1, 1.0, 0.9,
		0.0, 10.0, 1.0, 11.0, 0.0, 10.1, 1.0, 11.1, 0.0, 100.0, 1.0, 101.0}
	detxNMSBoxes2   = append(append([]float64{}, detxNMSBoxes1...), detxNMSBoxes1...)
	detxNMSScores1  = []float64{0.9, 0.75, 0.6, 0.95, 0.5, 0.3, 0.95, 0.75, 0.6, 0.80, 0.5, 0.3}
	detxNMSScores2  = append(append([]float64{}, detxNMSScores1...), detxNMSScores1...)
	detxNMSScoresC1 = []float64{0.9, 0.75, 0.6, 0.95, 0.5, 0.3}
)

type detxNMSCase struct {
	name       string
	attrs      []string
	boxes      []float64
	boxDims    []int
	scores     []float64
	scoreDims  []int
	rows       []float64
	idx, valid []int64
}

// Cases from src/plugins/template/tests/functional/op_reference/multiclass_nms.cpp (all with
// normalized boxes; nms_eta 1 unless set).
func detxMulticlassCases() []detxNMSCase {
	base := func(kv ...string) []string {
		return detxAttrs([]string{"nms_top_k", "3", "iou_threshold", "0.5", "score_threshold", "0", "sort_result_type", "score"}, kv...)
	}
	return []detxNMSCase{
		{"by_score", base(), detxNMSBoxes1, []int{1, 6, 4}, detxNMSScores1, []int{1, 2, 6},
			[]float64{0, 0.95, 0, 10, 1, 11, 1, 0.95, 0, 0, 1, 1, 0, 0.90, 0, 0, 1, 1, 1, 0.80, 0, 10, 1, 11}, []int64{3, 0, 0, 3}, []int64{4}},
		{"by_class_id", base("sort_result_type", "classid"), detxNMSBoxes1, []int{1, 6, 4}, detxNMSScores1, []int{1, 2, 6},
			[]float64{0, 0.95, 0, 10, 1, 11, 0, 0.90, 0, 0, 1, 1, 1, 0.95, 0, 0, 1, 1, 1, 0.80, 0, 10, 1, 11}, []int64{3, 0, 0, 3}, []int64{4}},
		{"two_batches_by_score", base(), detxNMSBoxes2, []int{2, 6, 4}, detxNMSScores2, []int{2, 2, 6},
			[]float64{0, 0.95, 0, 10, 1, 11, 1, 0.95, 0, 0, 1, 1, 0, 0.90, 0, 0, 1, 1, 1, 0.80, 0, 10, 1, 11,
				0, 0.95, 0, 10, 1, 11, 1, 0.95, 0, 0, 1, 1, 0, 0.90, 0, 0, 1, 1, 1, 0.80, 0, 10, 1, 11},
			[]int64{3, 0, 0, 3, 9, 6, 6, 9}, []int64{4, 4}},
		{"two_batches_by_class_id", base("sort_result_type", "classid"), detxNMSBoxes2, []int{2, 6, 4}, detxNMSScores2, []int{2, 2, 6},
			[]float64{0, 0.95, 0, 10, 1, 11, 0, 0.90, 0, 0, 1, 1, 1, 0.95, 0, 0, 1, 1, 1, 0.80, 0, 10, 1, 11,
				0, 0.95, 0, 10, 1, 11, 0, 0.90, 0, 0, 1, 1, 1, 0.95, 0, 0, 1, 1, 1, 0.80, 0, 10, 1, 11},
			[]int64{3, 0, 0, 3, 9, 6, 6, 9}, []int64{4, 4}},
		{"by_score_cross_batch", base("sort_result_across_batch", "true"), detxNMSBoxes2, []int{2, 6, 4}, detxNMSScores2, []int{2, 2, 6},
			[]float64{0, 0.95, 0, 10, 1, 11, 1, 0.95, 0, 0, 1, 1, 0, 0.95, 0, 10, 1, 11, 1, 0.95, 0, 0, 1, 1,
				0, 0.90, 0, 0, 1, 1, 0, 0.90, 0, 0, 1, 1, 1, 0.80, 0, 10, 1, 11, 1, 0.80, 0, 10, 1, 11},
			[]int64{3, 0, 9, 6, 0, 6, 3, 9}, []int64{4, 4}},
		{"by_class_id_cross_batch", base("sort_result_type", "classid", "sort_result_across_batch", "true"), detxNMSBoxes2, []int{2, 6, 4}, detxNMSScores2, []int{2, 2, 6},
			[]float64{0, 0.95, 0, 10, 1, 11, 0, 0.90, 0, 0, 1, 1, 0, 0.95, 0, 10, 1, 11, 0, 0.90, 0, 0, 1, 1,
				1, 0.95, 0, 0, 1, 1, 1, 0.80, 0, 10, 1, 11, 1, 0.95, 0, 0, 1, 1, 1, 0.80, 0, 10, 1, 11},
			[]int64{3, 0, 9, 6, 0, 3, 6, 9}, []int64{4, 4}},
		{"flipped_coordinates", base(), []float64{1, 1, 0, 0, 0, 0.1, 1, 1.1, 0, 0.9, 1, -0.1, 0, 10, 1, 11, 1, 10.1, 0, 11.1, 1, 101, 0, 100},
			[]int{1, 6, 4}, detxNMSScoresC1, []int{1, 1, 6},
			[]float64{0, 0.95, 0, 10, 1, 11, 0, 0.90, 1, 1, 0, 0, 0, 0.75, 0, 0.1, 1, 1.1}, []int64{3, 0, 1}, []int64{3}},
		{"identical_boxes", base(), []float64{0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1},
			[]int{1, 10, 4}, []float64{0.9, 0.9, 0.9, 0.9, 0.9, 0.9, 0.9, 0.9, 0.9, 0.9}, []int{1, 1, 10},
			[]float64{0, 0.90, 0, 0, 1, 1}, []int64{0}, []int64{1}},
		{"limit_output_size", base("nms_top_k", "2"), detxNMSBoxes1, []int{1, 6, 4}, detxNMSScoresC1, []int{1, 1, 6},
			[]float64{0, 0.95, 0, 10, 1, 11, 0, 0.90, 0, 0, 1, 1}, []int64{3, 0}, []int64{2}},
		{"single_box", base(), []float64{0, 0, 1, 1}, []int{1, 1, 4}, []float64{0.9}, []int{1, 1, 1},
			[]float64{0, 0.90, 0, 0, 1, 1}, []int64{0}, []int64{1}},
		{"by_IOU", base("iou_threshold", "0.2"), detxNMSBoxes1, []int{1, 6, 4}, detxNMSScoresC1, []int{1, 1, 6},
			[]float64{0, 0.95, 0, 10, 1, 11, 0, 0.90, 0, 0, 1, 1}, []int64{3, 0}, []int64{2}},
		{"by_IOU_and_scores", base("score_threshold", "0.95"), detxNMSBoxes1, []int{1, 6, 4}, []float64{0.9, 0.75, 0.6, 0.96, 0.5, 0.3}, []int{1, 1, 6},
			[]float64{0, 0.96, 0, 10, 1, 11}, []int64{3}, []int64{1}},
		{"no_output", base("score_threshold", "2"), detxNMSBoxes1, []int{1, 6, 4}, detxNMSScoresC1, []int{1, 1, 6},
			nil, nil, []int64{0}},
		{"by_background", base("sort_result_type", "classid", "background_class", "0"), detxNMSBoxes2, []int{2, 6, 4}, detxNMSScores2, []int{2, 2, 6},
			[]float64{1, 0.95, 0, 0, 1, 1, 1, 0.80, 0, 10, 1, 11, 1, 0.95, 0, 0, 1, 1, 1, 0.80, 0, 10, 1, 11}, []int64{0, 3, 6, 9}, []int64{2, 2}},
		{"by_keep_top_k", base("sort_result_type", "classid", "keep_top_k", "3"), detxNMSBoxes2, []int{2, 6, 4}, detxNMSScores2, []int{2, 2, 6},
			[]float64{0, 0.95, 0, 10, 1, 11, 0, 0.90, 0, 0, 1, 1, 1, 0.95, 0, 0, 1, 1,
				0, 0.95, 0, 10, 1, 11, 0, 0.90, 0, 0, 1, 1, 1, 0.95, 0, 0, 1, 1}, []int64{3, 0, 0, 9, 6, 6}, []int64{3, 3}},
		{"by_nms_eta", base("nms_top_k", "-1", "iou_threshold", "1", "sort_result_type", "classid", "nms_eta", "0.1"), detxNMSBoxes2, []int{2, 6, 4}, detxNMSScores2, []int{2, 2, 6},
			[]float64{0, 0.95, 0, 10, 1, 11, 0, 0.90, 0, 0, 1, 1, 0, 0.30, 0, 100, 1, 101, 1, 0.95, 0, 0, 1, 1,
				1, 0.80, 0, 10, 1, 11, 1, 0.30, 0, 100, 1, 101,
				0, 0.95, 0, 10, 1, 11, 0, 0.90, 0, 0, 1, 1, 0, 0.30, 0, 100, 1, 101, 1, 0.95, 0, 0, 1, 1,
				1, 0.80, 0, 10, 1, 11, 1, 0.30, 0, 100, 1, 101}, []int64{3, 0, 5, 0, 3, 5, 9, 6, 11, 6, 9, 11}, []int64{6, 6}},
	}
}

// detxAttrs returns base with the pairs of kv set (replacing or appending).
func detxAttrs(base []string, kv ...string) []string {
	out := append([]string{}, base...)
	for i := 0; i+1 < len(kv); i += 2 {
		found := false
		for j := 0; j+1 < len(out); j += 2 {
			if out[j] == kv[i] {
				out[j+1], found = kv[i+1], true
			}
		}
		if !found {
			out = append(out, kv[i], kv[i+1])
		}
	}
	return out
}

func detxCheckNMS(t *testing.T, c detxNMSCase, out []*ir.Tensor, et, it ir.ElementType, tol float64) {
	t.Helper()
	n := len(c.idx)
	require.Equal(t, []int{n, 6}, out[0].Shape, c.name)
	require.Equal(t, []int{n, 1}, out[1].Shape, c.name)
	require.Equal(t, []int{len(c.valid)}, out[2].Shape, c.name)
	require.Equal(t, et, out[0].Type, c.name)
	require.Equal(t, it, out[1].Type, c.name)
	moreNear(t, c.rows, out[0], tol, c.name, et)
	if n > 0 {
		require.Equal(t, c.idx, detxInts(t, out[1]), c.name)
	}
	require.Equal(t, c.valid, detxInts(t, out[2]), c.name)
}

func TestDetMulticlassNmsReference(t *testing.T) {
	for _, c := range detxMulticlassCases() {
		for _, et := range []ir.ElementType{ir.F32, ir.F16, ir.BF16} {
			for _, it := range []ir.ElementType{ir.I32, ir.I64} {
				for _, opset := range []string{"opset8", "opset9"} {
					op := decodeOp(t, "MulticlassNms", opset, detxAttrs(c.attrs, "output_type", it.String())...)
					out, err := detxRunDynamic(t, op, detTensor(t, et, c.boxDims, c.boxes), detTensor(t, et, c.scoreDims, c.scores))
					require.NoError(t, err, c.name)
					tol := map[ir.ElementType]float64{ir.F32: 1e-6, ir.F16: 2e-3, ir.BF16: 0.5}[et]
					detxCheckNMS(t, c, out, et, it, tol)
				}
			}
		}
	}
}

// Cases from src/plugins/template/tests/functional/op_reference/matrix_nms.cpp.
func TestDetMatrixNmsReference(t *testing.T) {
	base := func(kv ...string) []string {
		return detxAttrs([]string{"sort_result_type", "score", "score_threshold", "0", "nms_top_k", "3", "keep_top_k", "-1",
			"background_class", "0", "decay_function", "linear", "gaussian_sigma", "2", "post_threshold", "0"}, kv...)
	}
	cases := []detxNMSCase{
		{"linear", base(), detxNMSBoxes1, []int{1, 6, 4}, detxNMSScores1, []int{1, 2, 6},
			[]float64{1, 0.95, 0, 0, 1, 1, 1, 0.8, 0, 10, 1, 11, 1, 0.13636364, 0, 0.1, 1, 1.1}, []int64{0, 3, 1}, []int64{3}},
		{"gaussian", base("decay_function", "gaussian"), detxNMSBoxes1, []int{1, 6, 4}, detxNMSScores1, []int{1, 2, 6},
			[]float64{1, 0.95, 0, 0, 1, 1, 1, 0.8, 0, 10, 1, 11, 1, 0.1966116, 0, 0.1, 1, 1.1}, []int64{0, 3, 1}, []int64{3}},
		{"two_batches_two_classes", base(), detxNMSBoxes2, []int{2, 6, 4}, detxNMSScores2, []int{2, 2, 6},
			[]float64{1, 0.95, 0, 0, 1, 1, 1, 0.8, 0, 10, 1, 11, 1, 0.13636364, 0, 0.1, 1, 1.1,
				1, 0.95, 0, 0, 1, 1, 1, 0.8, 0, 10, 1, 11, 1, 0.13636364, 0, 0.1, 1, 1.1}, []int64{0, 3, 1, 6, 9, 7}, []int64{3, 3}},
		{"by_score_cross_batch", base("sort_result_across_batch", "true", "background_class", "-1", "post_threshold", "0.5"),
			detxNMSBoxes2, []int{2, 6, 4}, detxNMSScores2, []int{2, 2, 6},
			[]float64{0, 0.95, 0, 10, 1, 11, 1, 0.95, 0, 0, 1, 1, 0, 0.95, 0, 10, 1, 11, 1, 0.95, 0, 0, 1, 1,
				0, 0.90, 0, 0, 1, 1, 0, 0.90, 0, 0, 1, 1, 1, 0.80, 0, 10, 1, 11, 1, 0.80, 0, 10, 1, 11},
			[]int64{3, 0, 9, 6, 0, 6, 3, 9}, []int64{4, 4}},
	}
	for _, c := range cases {
		for _, et := range []ir.ElementType{ir.F32, ir.F16, ir.BF16} {
			for _, it := range []ir.ElementType{ir.I32, ir.I64} {
				op := decodeOp(t, "MatrixNms", "opset8", detxAttrs(c.attrs, "output_type", it.String())...)
				out, err := detxRunDynamic(t, op, detTensor(t, et, c.boxDims, c.boxes), detTensor(t, et, c.scoreDims, c.scores))
				require.NoError(t, err, c.name)
				tol := map[ir.ElementType]float64{ir.F32: 1e-6, ir.F16: 2e-3, ir.BF16: 0.5}[et]
				detxCheckNMS(t, c, out, et, it, tol)
			}
		}
	}
}

// Hand-computed MulticlassNms-9 with roisnum: boxes [2 classes, 3, 4] all [0,0,1,1], image 0
// owning boxes 0-1 and image 1 box 2; identical boxes suppress each other within a class.
// selected_indices are (image offset + box)·classes + class.
func TestDetMulticlassNmsRoisNum(t *testing.T) {
	box := []float64{0, 0, 1, 1}
	var boxes []float64
	for range 6 {
		boxes = append(boxes, box...)
	}
	scores := []float64{0.9, 0.8, 0.7, 0.1, 0.6, 0.5}
	for _, rt := range []ir.ElementType{ir.I32, ir.I64} {
		op := decodeOp(t, "MulticlassNms", "opset9", "nms_top_k", "-1", "iou_threshold", "0.5", "score_threshold", "0", "sort_result_type", "score")
		rois := tensor(t, ir.I64, []int{2}, []int64{2, 1})
		if rt == ir.I32 {
			rois = tensor(t, ir.I32, []int{2}, []int32{2, 1})
		}
		out, err := detxRunDynamic(t, op, detTensor(t, ir.F32, []int{2, 3, 4}, boxes), detTensor(t, ir.F32, []int{2, 3}, scores), rois)
		require.NoError(t, err)
		detxCheckNMS(t, detxNMSCase{name: "roisnum", rows: []float64{0, 0.9, 0, 0, 1, 1, 1, 0.6, 0, 0, 1, 1, 0, 0.7, 0, 0, 1, 1, 1, 0.5, 0, 0, 1, 1},
			idx: []int64{0, 3, 4, 5}, valid: []int64{2, 2}}, out, ir.F32, ir.I64, 1e-7)
	}
	op := decodeOp(t, "MulticlassNms", "opset9", "nms_top_k", "-1", "iou_threshold", "0.5", "score_threshold", "0")
	// A non-positive count gives an image without rows (the offsets still add it, as the reference).
	out, err := detxRunDynamic(t, op, detTensor(t, ir.F32, []int{2, 3, 4}, boxes), detTensor(t, ir.F32, []int{2, 3}, scores), i64Tensor(t, 0, 3))
	require.NoError(t, err)
	require.Equal(t, []int64{0, 2}, detxInts(t, out[2]))
	require.Equal(t, []int64{0, 3}, detxInts(t, out[1]))
	// More boxes claimed than given: an error, not a panic.
	_, err = detxRunDynamic(t, op, detTensor(t, ir.F32, []int{2, 3, 4}, boxes), detTensor(t, ir.F32, []int{2, 3}, scores), i64Tensor(t, 2, 2))
	require.ErrorContains(t, err, "roisnum")
}

// Hand-computed edge cases: equal scores keep box order; an image without detections does
// not stop the later ones (MatrixNms: the reference's loop stops there); Run into outputs of
// a fixed size fills the rows past the selection with -1.
func TestDetMultiNmsEdges(t *testing.T) {
	boxes := []float64{0, 0, 1, 1, 2, 2, 3, 3, 0, 0, 1, 1, 2, 2, 3, 3}
	scores := []float64{0, 0, 0.5, 0.5} // image 0 scores 0 (below the thresholds), image 1 ties
	m := decodeOp(t, "MatrixNms", "opset8", "score_threshold", "0.1", "post_threshold", "0.1", "output_type", "i32")
	out, err := detxRunDynamic(t, m, detTensor(t, ir.F32, []int{2, 2, 4}, boxes), detTensor(t, ir.F32, []int{2, 1, 2}, scores))
	require.NoError(t, err)
	require.Equal(t, []int64{0, 2}, detxInts(t, out[2]))
	require.Equal(t, []int64{2, 3}, detxInts(t, out[1]))
	moreNear(t, []float64{0, 0.5, 0, 0, 1, 1, 0, 0.5, 2, 2, 3, 3}, out[0], 1e-7)

	mc := decodeOp(t, "MulticlassNms", "opset8", "score_threshold", "0.1", "iou_threshold", "0.5")
	out, err = detxRunDynamic(t, mc, detTensor(t, ir.F32, []int{2, 2, 4}, boxes), detTensor(t, ir.F32, []int{2, 1, 2}, scores))
	require.NoError(t, err)
	require.Equal(t, []int64{0, 2}, detxInts(t, out[2]))
	require.Equal(t, []int64{2, 3}, detxInts(t, out[1]))

	// Static form: 4 rows for 2 selections.
	in := []Input{{Type: ir.F32, Shape: shape(t, "[2,2,4]")}, {Type: ir.F32, Shape: shape(t, "[2,1,2]")}}
	k, err := Prepare(mc, in, ExecOptions{Reference: true})
	require.NoError(t, err)
	outs := []*ir.Tensor{moreF32(t, []int{4, 6}, make([]float32, 24)...), moreI64(t, []int{4, 1}, 0, 0, 0, 0), moreI64(t, []int{2}, 0, 0)}
	require.NoError(t, k.Run(context.Background(), []*ir.Tensor{detTensor(t, ir.F32, []int{2, 2, 4}, boxes), detTensor(t, ir.F32, []int{2, 1, 2}, scores)}, outs))
	require.Equal(t, []int64{2, 3, -1, -1}, outs[1].Data)
	require.Equal(t, float32(-1), outs[0].Data.([]float32)[12])

	// Hostile: wrong data lengths and integer scores are errors.
	_, err = k.(DynamicKernel).RunDynamic(context.Background(), []*ir.Tensor{moreF32(t, []int{1}, 0), moreF32(t, []int{1}, 0)})
	require.Error(t, err)
	_, err = detxRunDynamic(t, mc, detTensor(t, ir.F32, []int{2, 2, 4}, boxes), tensor(t, ir.I32, []int{2, 1, 2}, []int32{0, 0, 1, 1}))
	require.Error(t, err)
}

// Shapes and messages after src/core/tests/type_prop/matrix_nms.cpp and multiclass_nms.cpp.
func TestSeqMultiNMSInfer(t *testing.T) {
	f := ir.F32
	c := func(s ...string) []Input {
		out := make([]Input, len(s))
		for i, x := range s {
			out[i] = seqIn(t, f, x)
		}
		return out
	}
	cases := []seqInferCase{
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
