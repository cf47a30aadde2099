package layers

import (
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

var detxRotBoxes = []float64{7, 4, 8, 7, 0.5, 4, 7, 9, 11, 0.6, 4, 8, 10, 12, 0.3, 2, 5, 13, 7, 0.6}

// Cases from src/plugins/template/tests/functional/op_reference/nms_rotated.cpp (iou 0.5,
// score threshold 0, max 5000 boxes per class unless set).
func TestDetNMSRotatedReference(t *testing.T) {
	scores := []float64{0.65, 0.7, 0.55, 0.96}
	two := func(v []float64) []float64 { return append(append([]float64{}, v...), v...) }
	cases := []struct {
		name    string
		batches int
		classes int
		sort    bool
		max     int64
		idx     []int64
		sc      []float64
	}{
		{"basic", 1, 1, true, 5000, []int64{0, 0, 3, 0, 0, 1, 0, 0, 0}, []float64{0, 0, 0.96, 0, 0, 0.7, 0, 0, 0.65}},
		{"class_2", 1, 2, false, 5000, []int64{0, 0, 3, 0, 0, 1, 0, 0, 0, 0, 1, 3, 0, 1, 1, 0, 1, 0},
			[]float64{0, 0, 0.96, 0, 0, 0.7, 0, 0, 0.65, 0, 1, 0.96, 0, 1, 0.7, 0, 1, 0.65}},
		{"batch_2", 2, 1, false, 5000, []int64{0, 0, 3, 0, 0, 1, 0, 0, 0, 1, 0, 3, 1, 0, 1, 1, 0, 0},
			[]float64{0, 0, 0.96, 0, 0, 0.7, 0, 0, 0.65, 1, 0, 0.96, 1, 0, 0.7, 1, 0, 0.65}},
		{"batch_2_class_2_sorted", 2, 2, true, 5000,
			[]int64{0, 0, 3, 0, 1, 3, 1, 0, 3, 1, 1, 3, 0, 0, 1, 0, 1, 1, 1, 0, 1, 1, 1, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 1, 1, 0},
			[]float64{0, 0, 0.96, 0, 1, 0.96, 1, 0, 0.96, 1, 1, 0.96, 0, 0, 0.7, 0, 1, 0.7, 1, 0, 0.7, 1, 1, 0.7,
				0, 0, 0.65, 0, 1, 0.65, 1, 0, 0.65, 1, 1, 0.65}},
		{"max_2", 1, 1, true, 2, []int64{0, 0, 3, 0, 0, 1}, []float64{0, 0, 0.96, 0, 0, 0.7}},
	}
	for _, c := range cases {
		boxes := detxRotBoxes
		if c.batches == 2 {
			boxes = two(boxes)
		}
		sc := scores
		for len(sc) < 4*c.batches*c.classes {
			sc = two(sc)
		}
		for _, et := range []ir.ElementType{ir.F32, ir.F16} {
			for _, it := range []ir.ElementType{ir.I32, ir.I64} {
				op := decodeOp(t, "NMSRotated", "opset13", "sort_result_descending", map[bool]string{true: "true", false: "false"}[c.sort],
					"output_type", it.String())
				out, err := detxRunDynamic(t, op, detTensor(t, et, []int{c.batches, 4, 5}, boxes),
					detTensor(t, et, []int{c.batches, c.classes, 4}, sc), i64Tensor(t, c.max),
					tensor(t, ir.F32, []int{}, []float32{0.5}), tensor(t, ir.F32, []int{}, []float32{0}))
				require.NoError(t, err, c.name)
				require.Equal(t, c.idx, detxInts(t, out[0]), c.name)
				require.Equal(t, et, out[1].Type)
				moreNear(t, c.sc, out[1], 1e-3, c.name)
				require.Equal(t, []int64{int64(len(c.idx) / 3)}, detxInts(t, out[2]), c.name)
			}
		}
	}
}

// Hand-computed rotated IoU: two 2×2 squares at angle 0 offset by 1 overlap in 2 of 6 (IoU
// 1/3); the same squares rotated by π/2 about their centres overlap the same; a unit square
// and the same square rotated by π/4 overlap in 2(√2-1) ≈ 0.8284 of area 1 each.
func TestDetNMSRotatedIoU(t *testing.T) {
	run := func(boxes []float64, iou float32, clockwise string) []int64 {
		op := decodeOp(t, "NMSRotated", "opset13", "clockwise", clockwise)
		out, err := detxRunDynamic(t, op, detTensor(t, ir.F32, []int{1, 2, 5}, boxes), detTensor(t, ir.F32, []int{1, 1, 2}, []float64{0.9, 0.8}),
			i64Tensor(t, 10), tensor(t, ir.F32, []int{}, []float32{iou}), tensor(t, ir.F32, []int{}, []float32{0}))
		require.NoError(t, err)
		return detxInts(t, out[2])
	}
	sq := []float64{0, 0, 2, 2, 0, 1, 0, 2, 2, 0}
	require.Equal(t, []int64{2}, run(sq, 0.34, "true"))
	require.Equal(t, []int64{1}, run(sq, 0.33, "true"))
	rot := []float64{0, 0, 2, 2, 1.5707964, 1, 0, 2, 2, 1.5707964}
	require.Equal(t, []int64{2}, run(rot, 0.34, "false"))
	require.Equal(t, []int64{1}, run(rot, 0.33, "false"))
	diamond := []float64{0, 0, 1, 1, 0, 0, 0, 1, 1, 0.7853982}
	// IoU = 0.8284 / (2 - 0.8284) = 0.7071.
	require.Equal(t, []int64{2}, run(diamond, 0.71, "true"))
	require.Equal(t, []int64{1}, run(diamond, 0.70, "true"))

	// Hostile: negative max_output_boxes_per_class, box dim not 5 at Prepare, short data.
	op := decodeOp(t, "NMSRotated", "opset13")
	_, err := detxRunDynamic(t, op, detTensor(t, ir.F32, []int{1, 2, 5}, sq), detTensor(t, ir.F32, []int{1, 1, 2}, []float64{0.9, 0.8}), i64Tensor(t, -1))
	require.ErrorContains(t, err, "max_output_boxes_per_class")
	in := []Input{{Type: ir.F32, Shape: shape(t, "[1,2,5]")}, {Type: ir.F32, Shape: shape(t, "[1,1,2]")}}
	k, err := Prepare(op, in, ExecOptions{Reference: true})
	require.NoError(t, err)
	_, err = k.(DynamicKernel).RunDynamic(t.Context(), []*ir.Tensor{moreF32(t, []int{1}, 0), moreF32(t, []int{1}, 0)})
	require.Error(t, err)
}

// Shapes and messages after src/core/tests/type_prop/nms_rotated.cpp.
func TestSeqNMSRotatedInfer(t *testing.T) {
	f, i64 := ir.F32, ir.I64
	c := func(s ...string) []Input {
		out := make([]Input, len(s))
		for i, x := range s {
			out[i] = seqIn(t, f, x)
		}
		return out
	}
	cases := []seqInferCase{
		{"NMSRotated", "opset13", nil, []Input{seqIn(t, f, "[1,6,5]"), seqIn(t, f, "[1,1,6]"), {Type: i64, Shape: shape(t, "[]"), Value: i64Tensor(t, 3)}},
			[]string{"[..3,3]", "[..3,3]", "[1]"}, ""},
		{"NMSRotated", "opset13", nil, c("[1,6,4]", "[1,1,6]"), nil, "The last dimension of the 'boxes' input must be equal to 5"},
	}
	seqRunInfer(t, cases)
}
