package layers

import (
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

// STFT values, hand-computed: frames [1,2,3,4], [3,4,5,6], [5,6,7,8] of a ramp have RDFTs
// [10|18|26, -2+2i, -2].
func TestSeqSTFTRun(t *testing.T) {
	op := decodeOp(t, "STFT", "opset15")
	sig := moreF32(t, []int{8}, 1, 2, 3, 4, 5, 6, 7, 8)
	got := moreRunAll(t, op, sig, moreF32(t, []int{4}, 1, 1, 1, 1), moreI64(t, nil, 4), moreI64(t, nil, 2))
	require.Equal(t, []int{3, 3, 2}, got[0].Shape)
	moreNear(t, []float64{10, 0, -2, 2, -2, 0, 18, 0, -2, 2, -2, 0, 26, 0, -2, 2, -2, 0}, got[0], 1e-5)

	// Transposed frames, a batch of 2, a window of 2 centred in the frame ([0,1,1,0]):
	// frame [a,b,c,d] is transformed as [0,b,c,0].
	tr := decodeOp(t, "STFT", "opset15", "transpose_frames", "true")
	batch := moreTyped(t, ir.F64, []int{2, 4}, 1, 2, 3, 4, 0, 1, 0, 0)
	got = moreRunAll(t, tr, batch, moreTyped(t, ir.F64, []int{2}, 1, 1), moreI64(t, nil, 4), moreI64(t, nil, 4))
	require.Equal(t, []int{2, 3, 1, 2}, got[0].Shape)
	// [0,2,3,0]: X0=5, X1=-3-2i... X1 = 2*(-i) + 3*(-1) = -3-2i, X2 = -2+3 = 1.
	// [0,1,0,0]: X0=1, X1=-i, X2=-1.
	moreNear(t, []float64{5, 0, -3, -2, 1, 0, 1, 0, 0, -1, -1, 0}, got[0], 1e-12)
}

// Shapes and messages after src/core/tests/type_prop/stft.cpp.
func TestSeqSTFTInfer(t *testing.T) {
	f := ir.F32
	scalar := func(v int64) Input {
		return Input{Type: ir.I64, Shape: ir.Shape{Dims: []ir.Dim{}}, Value: tensor(t, ir.I64, []int{}, []int64{v})}
	}
	cases := []seqInferCase{
		{"STFT", "opset15", nil, []Input{seqIn(t, f, "[4,48]"), seqIn(t, f, "[16]"), scalar(16), scalar(4)}, []string{"[4,9,9,2]"}, ""},
		{"STFT", "opset15", []string{"transpose_frames", "true"}, []Input{seqIn(t, f, "[48]"), seqIn(t, f, "[16]"), scalar(16), scalar(4)}, []string{"[9,9,2]"}, ""},
		{"STFT", "opset15", nil, []Input{seqIn(t, f, "[4,48]"), seqIn(t, f, "[16]"), scalar(49), scalar(4)}, nil, "Provided frame size is 49 but must be in range [1, 48]."},
		{"STFT", "opset15", nil, []Input{seqIn(t, f, "[4,48]"), seqIn(t, f, "[17]"), scalar(16), scalar(4)}, nil, "Window input dimension must be in range [1, 16]."},
	}
	seqRunInfer(t, cases)
}
