package layers

import (
	"context"
	"fmt"
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

// NonMaxSuppression: type_prop/non_max_suppression.cpp (v5/v9 shapes and messages) and
// op_reference/non_max_suppression.cpp (nms_center_point_box_format, nms_flipped_coordinates).
func TestNMSInfer(t *testing.T) {
	maxOut := func(v int64) Input {
		return Input{Type: ir.I64, Shape: shape(t, ""), Value: tensor(t, ir.I64, []int{}, []int64{v})}
	}
	f := func(s string) Input { return Input{Type: ir.F32, Shape: shape(t, s)} }
	cases := []struct {
		name     string
		in       []Input
		out, err string
	}{
		{"static boxes, max 3", []Input{f("2,7,4"), f("2,5,7"), maxOut(3), f(""), f("")}, "[..30,3]", ""},
		{"boxes fewer than max", []Input{f("1,6,4"), f("1,1,6"), maxOut(10), f(""), f("")}, "[..6,3]", ""},
		{"dynamic batch", []Input{f("?,7,4"), f("?,5,7"), maxOut(3), f(""), f("")}, "[?,3]", ""},
		{"interval classes", []Input{f("2,7,4"), f("2,2..5,7"), maxOut(3), f("")}, "[..30,3]", ""},
		{"max unknown", []Input{f("2,7,4"), f("2,5,7"), {Type: ir.I64, Shape: shape(t, "")}}, "[?,3]", ""},
		{"two inputs", []Input{f("1,6,4"), f("1,1,6")}, "[?,3]", ""},
		{"dynamic ranks", []Input{f("..."), f("..."), maxOut(3)}, "[?,3]", ""},
		{"geti (no weights)", []Input{f("?,?,4"), f("?,6,?"), {Type: ir.I64, Shape: shape(t, "")}, f(""), f("")}, "[?,3]", ""},
		{"boxes rank", []Input{f("1,6"), f("1,1,6")}, "", "Expected a 3D tensor for the 'boxes' input (boxes shape [1,6])"},
		{"scores rank", []Input{f("1,6,4"), f("1,6")}, "", "Expected a 3D tensor for the 'scores' input (scores shape [1,6])"},
		{"max shape", []Input{f("1,6,4"), f("1,1,6"), {Type: ir.I64, Shape: shape(t, "2")}}, "",
			"Expected 0D or 1D tensor for the 'max_output_boxes_per_class' input (got shape [2])"},
		{"iou shape", []Input{f("1,6,4"), f("1,1,6"), maxOut(1), f("1,1")}, "",
			"Expected 0D or 1D tensor for the 'iou_threshold' input (got shape [1,1])"},
		{"batches", []Input{f("2,6,4"), f("1,1,6")}, "", "The first dimension of both 'boxes' and 'scores' must match. (boxes [2,6,4], scores [1,1,6])"},
		{"num boxes", []Input{f("1,6,4"), f("1,1,5")}, "",
			"'boxes' and 'scores' input shapes must match at the second and third dimension respectively. Boxes: [1,6,4], Scores: [1,1,5]"},
		{"last dim", []Input{f("1,6,5"), f("1,1,6")}, "", "The last dimension of the 'boxes' input must be equal to 4 (boxes shape [1,6,5])"},
		{"boxes type", []Input{{Type: ir.I32, Shape: shape(t, "1,6,4")}, f("1,1,6")}, "",
			"Expected bf16, fp16 or fp32 as element type for the 'boxes' input. (got i32)"},
		{"score threshold type", []Input{f("1,6,4"), f("1,1,6"), maxOut(1), f(""), {Type: ir.I32, Shape: shape(t, "")}}, "",
			"Expected bf16, fp16 or fp32 as element type for the 'score_threshold_ps' input. (got i32)"},
	}
	for _, v := range []string{"opset5", "opset9"} {
		for _, c := range cases {
			t.Run(v+"/"+c.name, func(t *testing.T) {
				op := decodeOp(t, "NonMaxSuppression", v)
				outs, err := op.Infer(c.in)
				if c.err != "" {
					require.EqualError(t, err, c.err)
					return
				}
				require.NoError(t, err)
				require.Len(t, outs, 3)
				require.Equal(t, c.out, outs[0].Shape.String())
				require.Equal(t, c.out, outs[1].Shape.String())
				require.Equal(t, "[1]", outs[2].Shape.String())
				require.Equal(t, ir.I64, outs[0].Type)
				require.Equal(t, ir.F32, outs[1].Type)
				require.Equal(t, ir.I64, outs[2].Type)
			})
		}
	}
	op := decodeOp(t, "NonMaxSuppression", "opset9", "output_type", "i16")
	_, err := op.Infer([]Input{f("1,6,4"), f("1,1,6")})
	require.EqualError(t, err, "Output type must be i32 or i64 (output_type is i16)")
	op = decodeOp(t, "NonMaxSuppression", "opset5", "output_type", "i32")
	outs, err := op.Infer([]Input{f("1,6,4"), f("1,1,6")})
	require.NoError(t, err)
	require.Equal(t, ir.I32, outs[0].Type)
	require.Equal(t, ir.I32, outs[2].Type)
}

// nmsRunRows runs a NonMaxSuppression-5/9 kernel into outputs of a fixed row count (the
// static upper bound OpenVINO's plugins allocate; Infer gives the interval [0..rows]).
func nmsRunRows(t *testing.T, op Op, rows int, in ...*ir.Tensor) []*ir.Tensor {
	t.Helper()
	inputs := make([]Input, len(in))
	for i, x := range in {
		inputs[i] = Input{Type: x.Type, Shape: shapeOfDims(x.Shape), Value: x}
	}
	outs, err := op.Infer(inputs)
	require.NoError(t, err)
	require.Equal(t, fmt.Sprintf("[..%d,3]", rows), outs[0].Shape.String())
	k, err := Prepare(op, inputs, ExecOptions{})
	require.NoError(t, err)
	got := make([]*ir.Tensor, 3)
	for i, dims := range [][]int{{rows, 3}, {rows, 3}, {1}} {
		got[i], err = ir.NewTensor(outs[i].Type, dims)
		require.NoError(t, err)
	}
	require.NoError(t, k.Run(context.Background(), in, got))
	return got
}

func TestNMSRun(t *testing.T) {
	scores := tensor(t, ir.F32, []int{1, 1, 6}, []float32{0.9, 0.75, 0.6, 0.95, 0.5, 0.3})
	scalarF := func(v float32) *ir.Tensor { return tensor(t, ir.F32, []int{}, []float32{v}) }
	maxOut := func(v int64) *ir.Tensor { return tensor(t, ir.I64, []int{}, []int64{v}) }
	center := tensor(t, ir.F32, []int{1, 6, 4}, []float32{0.5, 0.5, 1.0, 1.0, 0.5, 0.6, 1.0, 1.0, 0.5, 0.4, 1.0, 1.0,
		0.5, 10.5, 1.0, 1.0, 0.5, 10.6, 1.0, 1.0, 0.5, 100.5, 1.0, 1.0})
	flipped := tensor(t, ir.F32, []int{1, 6, 4}, []float32{1.0, 1.0, 0.0, 0.0, 0.0, 0.1, 1.0, 1.1, 0.0, 0.9, 1.0, -0.1,
		0.0, 10.0, 1.0, 11.0, 1.0, 10.1, 0.0, 11.1, 1.0, 101.0, 0.0, 100.0})
	for _, v := range []string{"opset5", "opset9"} {
		for _, c := range []struct {
			attrs []string
			boxes *ir.Tensor
		}{
			{[]string{"box_encoding", "center"}, center},
			{nil, flipped},
		} {
			op := decodeOp(t, "NonMaxSuppression", v, c.attrs...)
			got := nmsRunRows(t, op, 3, c.boxes, scores, maxOut(3), scalarF(0.5), scalarF(0))
			require.Equal(t, []int{3, 3}, got[0].Shape)
			require.Equal(t, []int64{0, 0, 3, 0, 0, 0, 0, 0, 5}, got[0].Data)
			require.InDeltaSlice(t, []float32{0, 0, 0.95, 0, 0, 0.9, 0, 0, 0.3}, got[1].Data, 1e-6)
			require.Equal(t, []int64{3}, got[2].Data)
		}
		// Fewer valid boxes than rows: the rest is -1 (nms_suppress_by_IOU_and_scores: score
		// threshold 0.4 keeps 2 of 3 rows).
		op := decodeOp(t, "NonMaxSuppression", v, "box_encoding", "center", "output_type", "i32")
		got := nmsRunRows(t, op, 3, center, scores, maxOut(3), scalarF(0.5), scalarF(0.4))
		require.Equal(t, []int32{0, 0, 3, 0, 0, 0, -1, -1, -1}, got[0].Data)
		require.Equal(t, []int32{2}, got[2].Data)
	}
}
