package layers

import (
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

// CTCGreedyDecoder and CTCGreedyDecoderSeqLen: type_prop/ctc_greedy_decoder.cpp,
// ctc_greedy_decoder_seq_len.cpp; values hand-computed in the layout of
// op_reference/ctc_greedy_decoder*.cpp.
func TestCTCInfer(t *testing.T) {
	op := decodeOp(t, "CTCGreedyDecoder", "opset1", "ctc_merge_repeated", "true")
	for _, c := range []struct {
		logits, mask, out, err string
	}{
		{"100,3,1200", "100,3", "[3,100,1,1]", ""},
		{"?,3,1200", "100,3", "[3,100,1,1]", ""},
		{"100,?,1200", "100,3", "[3,100,1,1]", ""},
		{"...", "100,3", "[3,100,1,1]", ""},
		{"...", "...", "[?,?,1,1]", ""},
		{"2..5,3,8", "4..9,?", "[3,4..5,1,1]", ""},
		{"100,3,1200,5", "100,3", "", "The rank of logits tensor must be equal to 3. (logits shape [100,3,1200,5])"},
		{"100,3,1200", "100,3,2", "", "The rank of sequence mask tensor must be equal to 2. (sequence mask shape [100,3,2])"},
		{"100,3,1200", "150,3", "", "The first dimensions of input tensors must match. (logits [100,3,1200], sequence mask [150,3])"},
		{"100,3,1200", "100,4", "", "The second dimensions of input tensors must match. (logits [100,3,1200], sequence mask [100,4])"},
	} {
		outs, err := op.Infer([]Input{{Type: ir.F32, Shape: shape(t, c.logits)}, {Type: ir.F32, Shape: shape(t, c.mask)}})
		if c.err != "" {
			require.EqualError(t, err, c.err)
			continue
		}
		require.NoError(t, err)
		require.Equal(t, c.out, outs[0].Shape.String())
		require.Equal(t, ir.F32, outs[0].Type)
	}

	sl := decodeOp(t, "CTCGreedyDecoderSeqLen", "opset6")
	i32 := func(s string) Input { return Input{Type: ir.I32, Shape: shape(t, s)} }
	for _, c := range []struct {
		in         []Input
		out1, out2 string
		err        string
	}{
		{[]Input{{Type: ir.F32, Shape: shape(t, "3,100,1200")}, i32("3")}, "[3,100]", "[3]", ""},
		{[]Input{{Type: ir.F32, Shape: shape(t, "3,100,1200")}, i32("3"), i32("")}, "[3,100]", "[3]", ""},
		{[]Input{{Type: ir.F32, Shape: shape(t, "3,100,1200")}, i32("3"), i32("?")}, "[3,100]", "[3]", ""},
		{[]Input{{Type: ir.F32, Shape: shape(t, "?,100,1200")}, i32("3")}, "[3,100]", "[3]", ""},
		{[]Input{{Type: ir.F32, Shape: shape(t, "?,?,1200")}, i32("?")}, "[?,?]", "[?]", ""},
		{[]Input{{Type: ir.F32, Shape: shape(t, "...")}, i32("...")}, "[?,?]", "[?]", ""},
		{[]Input{{Type: ir.F32, Shape: shape(t, "?,100,1200,5")}, i32("3")}, "", "", "The rank of logits tensor must be equal to 3. (logits shape [?,100,1200,5])"},
		{[]Input{{Type: ir.F32, Shape: shape(t, "3,100,1200")}, i32("3,100")}, "", "", "The rank of sequence len tensor must be equal to 1. (sequence length shape [3,100])"},
		{[]Input{{Type: ir.F32, Shape: shape(t, "4,100,1200")}, i32("3")}, "", "", "The first dimensions of input tensors must match. (logits [4,100,1200], sequence length [3])"},
		{[]Input{{Type: ir.F32, Shape: shape(t, "3,100,1200")}, i32("3"), {Type: ir.F32, Shape: shape(t, "")}}, "", "", "The blank index type is expected to be an integer type. Got: f32"},
		{[]Input{{Type: ir.F32, Shape: shape(t, "3,100,1200")}, i32("3"), i32("2")}, "", "", "Expected 0D or 1D tensor for the 'blank_index' input. Got: [2]"},
	} {
		outs, err := sl.Infer(c.in)
		if c.err != "" {
			require.EqualError(t, err, c.err)
			continue
		}
		require.NoError(t, err)
		require.Equal(t, c.out1, outs[0].Shape.String())
		require.Equal(t, c.out2, outs[1].Shape.String())
		require.Equal(t, ir.I32, outs[0].Type)
		require.Equal(t, ir.I32, outs[1].Type)
	}
	sl = decodeOp(t, "CTCGreedyDecoderSeqLen", "opset6", "classes_index_type", "i64", "sequence_length_type", "i64")
	outs, err := sl.Infer([]Input{{Type: ir.F32, Shape: shape(t, "3,100,1200")}, i32("3"), i32("")})
	require.NoError(t, err)
	require.Equal(t, ir.I64, outs[0].Type)
	require.Equal(t, ir.I64, outs[1].Type)
}

func TestCTCRun(t *testing.T) {
	// T=3, N=2, C=3 (blank 2). Batch 0: classes 1, 1, 2 -> merged [1]; batch 1: 0, 1, 1 with
	// the mask ending after two steps -> [0, 1].
	data := []float32{
		0.1, 0.5, 0.4, 0.9, 0.05, 0.05, // t0: b0 -> 1, b1 -> 0
		0.2, 0.6, 0.2, 0.1, 0.8, 0.1, // t1: b0 -> 1, b1 -> 1
		0.1, 0.1, 0.8, 0.2, 0.7, 0.1, // t2: b0 -> 2 (blank), b1 -> 1
	}
	mask := []float32{1, 1, 1, 1, 1, 0}
	for _, c := range []struct {
		merge string
		want  []float32
	}{
		{"true", []float32{1, -1, -1, 0, 1, -1}},
		{"false", []float32{1, 1, -1, 0, 1, -1}},
	} {
		op := decodeOp(t, "CTCGreedyDecoder", "opset1", "ctc_merge_repeated", c.merge)
		in := []*ir.Tensor{tensor(t, ir.F32, []int{3, 2, 3}, data), tensor(t, ir.F32, []int{3, 2}, mask)}
		outs, err := runAllValues(op, in)
		require.NoError(t, err)
		require.Equal(t, []int{2, 3, 1, 1}, outs[0].Shape)
		require.Equal(t, c.want, outs[0].Data)
	}

	// SeqLen: the same logits laid out [N=2, T=3, C=3]; lengths 3 and 2.
	nt := []float32{
		0.1, 0.5, 0.4, 0.2, 0.6, 0.2, 0.1, 0.1, 0.8,
		0.9, 0.05, 0.05, 0.1, 0.8, 0.1, 0.2, 0.7, 0.1,
	}
	seq := tensor(t, ir.I32, []int{2}, []int32{3, 2})
	op := decodeOp(t, "CTCGreedyDecoderSeqLen", "opset6")
	outs, err := runAllValues(op, []*ir.Tensor{tensor(t, ir.F32, []int{2, 3, 3}, nt), seq})
	require.NoError(t, err)
	require.Equal(t, []int32{1, -1, -1, 0, 1, -1}, outs[0].Data)
	require.Equal(t, []int32{1, 2}, outs[1].Data)
	// Blank index 0, no merging, i64 outputs.
	op = decodeOp(t, "CTCGreedyDecoderSeqLen", "opset6", "merge_repeated", "false", "classes_index_type", "i64", "sequence_length_type", "i64")
	outs, err = runAllValues(op, []*ir.Tensor{tensor(t, ir.F32, []int{2, 3, 3}, nt), seq, tensor(t, ir.I32, []int{}, []int32{0})})
	require.NoError(t, err)
	require.Equal(t, []int64{1, 1, 2, 1, -1, -1}, outs[0].Data)
	require.Equal(t, []int64{3, 1}, outs[1].Data)
	// A sequence length past T is refused.
	_, err = runAllValues(op, []*ir.Tensor{tensor(t, ir.F32, []int{2, 3, 3}, nt), tensor(t, ir.I32, []int{2}, []int32{4, 1})})
	require.ErrorContains(t, err, "outside [0, 3]")
}
