package layers

import (
	"testing"

	"github.com/irrun/irrun/ir"
)

// Shapes and messages after src/core/tests/type_prop/dft.cpp, idft.cpp, rdft.cpp, irdft.cpp,
// stft.cpp, istft.cpp, ctc_loss.cpp, deformable_convolution.cpp, binary_convolution.cpp.
func TestSeqSignalInfer(t *testing.T) {
	f := ir.F32
	ints := func(v ...int64) Input {
		return Input{Type: ir.I64, Shape: ir.StaticShape(int64(len(v))), Value: i64Tensor(t, v...)}
	}
	scalar := func(v int64) Input {
		return Input{Type: ir.I64, Shape: ir.Shape{Dims: []ir.Dim{}}, Value: tensor(t, ir.I64, []int{}, []int64{v})}
	}
	cases := []seqInferCase{
		{"DFT", "opset7", nil, []Input{seqIn(t, f, "[2,180,180,2]"), ints(1, 2)}, []string{"[2,180,180,2]"}, ""},
		{"DFT", "opset7", nil, []Input{seqIn(t, f, "[2,180,180,2]"), ints(1, 2), ints(-1, 77)}, []string{"[2,180,77,2]"}, ""},
		{"IDFT", "opset7", nil, []Input{seqIn(t, f, "[16,500,180,369,2]"), ints(0, 3, 1), ints(-1, 4, 2)}, []string{"[16,2,180,4,2]"}, ""},
		{"DFT", "opset7", nil, []Input{seqIn(t, f, "[2,180,180,3]"), ints(1, 2)}, nil, "The last dimension of input data must be 2."},
		{"DFT", "opset7", nil, []Input{seqIn(t, f, "[2,180,180,2]"), ints(1, 1)}, nil, "Each axis must be unique."},
		{"DFT", "opset7", nil, []Input{seqIn(t, f, "[2,180,180,2]"), ints(1, 2), ints(5)}, nil, "Sizes of inputs 'axes' and 'signal_size' must be equal."},
		{"RDFT", "opset9", nil, []Input{seqIn(t, f, "[2,180,180]"), ints(1, 2)}, []string{"[2,180,91,2]"}, ""},
		{"RDFT", "opset9", nil, []Input{seqIn(t, f, "[2,180,180]"), ints(2, 0), ints(40, 1)}, []string{"[1,180,40,2]"}, ""},
		{"RDFT", "opset9", nil, []Input{seqIn(t, f, "[2,180,180]"), ints(1, 2), ints(-1, 77)}, []string{"[2,180,39,2]"}, ""},
		{"IRDFT", "opset9", nil, []Input{seqIn(t, f, "[2,180,91,2]"), ints(1, 2)}, []string{"[2,180,180]"}, ""},
		{"IRDFT", "opset9", nil, []Input{seqIn(t, f, "[2,180,91,2]"), ints(1, 2), ints(-1, 77)}, []string{"[2,180,77]"}, ""},
		{"STFT", "opset15", nil, []Input{seqIn(t, f, "[4,48]"), seqIn(t, f, "[16]"), scalar(16), scalar(4)}, []string{"[4,9,9,2]"}, ""},
		{"STFT", "opset15", []string{"transpose_frames", "true"}, []Input{seqIn(t, f, "[48]"), seqIn(t, f, "[16]"), scalar(16), scalar(4)}, []string{"[9,9,2]"}, ""},
		{"STFT", "opset15", nil, []Input{seqIn(t, f, "[4,48]"), seqIn(t, f, "[16]"), scalar(49), scalar(4)}, nil, "Provided frame size is 49 but must be in range [1, 48]."},
		{"STFT", "opset15", nil, []Input{seqIn(t, f, "[4,48]"), seqIn(t, f, "[17]"), scalar(16), scalar(4)}, nil, "Window input dimension must be in range [1, 16]."},
		{"ISTFT", "opset16", nil, []Input{seqIn(t, f, "[9,9,2]"), seqIn(t, f, "[16]"), scalar(16), scalar(4)}, []string{"[48]"}, ""},
		{"ISTFT", "opset16", []string{"center", "true"}, []Input{seqIn(t, f, "[4,9,9,2]"), seqIn(t, f, "[16]"), scalar(16), scalar(4)}, []string{"[4,32]"}, ""},
		{"ISTFT", "opset16", nil, []Input{seqIn(t, f, "[4,9,9,2]"), seqIn(t, f, "[16]"), scalar(16), scalar(4), scalar(40)}, []string{"[4,40]"}, ""},
		{"ISTFT", "opset16", nil, []Input{seqIn(t, f, "[10,9,2]"), seqIn(t, f, "[16]"), scalar(16), scalar(4)}, nil, "The dimension at data_shape[-3] must be equal to: (frame_size // 2 + 1)"},
		{"CTCLoss", "opset4", nil, []Input{seqIn(t, f, "[10,120,28]"), seqIn(t, ir.I32, "[10]"), seqIn(t, ir.I32, "[10,120]"), seqIn(t, ir.I32, "[10]"), seqIn(t, ir.I32, "[]")},
			[]string{"[10]"}, ""},
		{"CTCLoss", "opset4", nil, []Input{seqIn(t, f, "[?,120,28]"), seqIn(t, ir.I32, "[...]"), seqIn(t, ir.I32, "[10,120]"), seqIn(t, ir.I32, "[10]")},
			[]string{"[10]"}, ""},
		{"CTCLoss", "opset4", nil, []Input{seqIn(t, f, "[10,120,28]"), seqIn(t, ir.I32, "[10]"), seqIn(t, ir.I32, "[10,130]"), seqIn(t, ir.I32, "[10]")},
			nil, "The second dimension of labels must be equal to the second dimension of logits."},
		{"CTCLoss", "opset4", nil, []Input{seqIn(t, f, "[10,120]"), seqIn(t, ir.I32, "[10]"), seqIn(t, ir.I32, "[10,120]"), seqIn(t, ir.I32, "[10]")},
			nil, "Expected a 3D tensor for logits."},
		{"DeformableConvolution", "opset1", []string{"strides", "1,1", "pads_begin", "0,0", "pads_end", "0,0", "dilations", "1,1"},
			[]Input{seqIn(t, f, "[1,4,5,5]"), seqIn(t, f, "[1,18,3,3]"), seqIn(t, f, "[4,4,3,3]")}, []string{"[1,4,3,3]"}, ""},
		{"DeformableConvolution", "opset8", []string{"strides", "1,1", "pads_begin", "0,0", "pads_end", "0,0", "dilations", "1,1", "group", "2", "deformable_group", "2"},
			[]Input{seqIn(t, f, "[1,4,5,5]"), seqIn(t, f, "[1,36,3,3]"), seqIn(t, f, "[4,2,3,3]"), seqIn(t, f, "[1,18,3,3]")}, []string{"[1,4,3,3]"}, ""},
		{"DeformableConvolution", "opset8", []string{"strides", "1,1", "pads_begin", "0,0", "pads_end", "0,0", "dilations", "1,1"},
			[]Input{seqIn(t, f, "[1,4,5,5]"), seqIn(t, f, "[1,17,3,3]"), seqIn(t, f, "[4,4,3,3]")}, nil,
			"The channels dimension of offsets input is not compatible with filters and 'deformable group' attribute."},
		{"BinaryConvolution", "opset1", []string{"strides", "1,1", "pads_begin", "1,1", "pads_end", "1,1", "dilations", "1,1", "mode", "xnor-popcount"},
			[]Input{seqIn(t, f, "[1,1,5,5]"), seqIn(t, ir.U1, "[1,1,3,3]")}, []string{"[1,1,5,5]"}, ""},
	}
	seqRunInfer(t, cases)
}
