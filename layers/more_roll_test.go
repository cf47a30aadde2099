package layers

import (
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

// Roll-7 values from op_reference/roll.cpp; shapes and messages from type_prop/roll.cpp.
func TestMoreRoll(t *testing.T) {
	op := decodeOp(t, "Roll", "opset7")
	seq := func(n int) []float32 {
		v := make([]float32, n)
		for i := range v {
			v[i] = float32(i + 1)
		}
		return v
	}
	cases := []struct {
		name        string
		dims        []int
		data        []float32
		shift, axes []int64
		want        []float32
	}{
		{"repeated_axes", []int{4, 3}, seq(12), []int64{1, 2, 1}, []int64{0, 1, 0},
			[]float32{8, 9, 7, 11, 12, 10, 2, 3, 1, 5, 6, 4}},
		{"negative_axes", []int{4, 2, 3}, seq(24), []int64{2, -1, -7}, []int64{-1, -1, -2},
			[]float32{6, 4, 5, 3, 1, 2, 12, 10, 11, 9, 7, 8, 18, 16, 17, 15, 13, 14, 24, 22, 23, 21, 19, 20}},
		{"2d_input", []int{4, 3}, []float32{50.2907, 70.8054, -68.3403, 62.6444, 4.9748, -18.5551, 40.5383, -15.3859, -4.5881, -43.3479, 94.1676, -95.7097},
			[]int64{1}, []int64{0},
			[]float32{-43.3479, 94.1676, -95.7097, 50.2907, 70.8054, -68.3403, 62.6444, 4.9748, -18.5551, 40.5383, -15.3859, -4.5881}},
		{"2d_input_negative_shift", []int{4, 3}, []float32{50.2907, 70.8054, -68.3403, 62.6444, 4.9748, -18.5551, 40.5383, -15.3859, -4.5881, -43.3479, 94.1676, -95.7097},
			[]int64{-1, 2}, []int64{0, 1},
			[]float32{4.9748, -18.5551, 62.6444, -15.3859, -4.5881, 40.5383, 94.1676, -95.7097, -43.3479, 70.8054, -68.3403, 50.2907}},
		{"3d_input", []int{4, 2, 3}, []float32{94.0773, 33.0599, 58.1724, -20.3640, 54.5372, -54.3023, 10.4662, 11.7532,
			-11.7692, 56.4223, -95.3774, 8.8978, 1.9305, 13.8025, 12.0827, 81.4669, 19.5321, -8.9553, -75.3226, 20.8033, 20.7660, 62.7361, 14.9372, -33.0825},
			[]int64{2, 1, 3}, []int64{0, 1, 2},
			[]float32{81.4669, 19.5321, -8.9553, 1.9305, 13.8025, 12.0827, 62.7361, 14.9372,
				-33.0825, -75.3226, 20.8033, 20.7660, -20.3640, 54.5372, -54.3023, 94.0773, 33.0599, 58.1724, 56.4223, -95.3774, 8.8978, 10.4662, 11.7532, -11.7692}},
	}
	for _, c := range cases {
		out := run(t, op, ExecOptions{}, moreF32(t, c.dims, c.data...), moreI64(t, []int{len(c.shift)}, c.shift...), moreI64(t, []int{len(c.axes)}, c.axes...))
		require.Equal(t, c.want, out[0].Data, c.name)
	}
	// A scalar shift applies to every axis.
	out := run(t, op, ExecOptions{}, moreF32(t, []int{2, 2}, 1, 2, 3, 4), moreI64(t, nil, 1), moreI64(t, []int{2}, 0, 1))
	require.Equal(t, []float32{4, 3, 2, 1}, out[0].Data)

	in := func(d, s, a string) []Input {
		return []Input{moreIn(t, ir.F32, d), moreIn(t, ir.I32, s), moreIn(t, ir.I64, a)}
	}
	require.Equal(t, "[3,3,4,1,5]", moreInfer(t, op, in("3,3,4,1,5", "2", "2")...).Shape.String())
	require.Equal(t, "[?,?]", moreInfer(t, op, in("?,?", "?", "?")...).Shape.String())
	require.Equal(t, "[...]", moreInfer(t, op, in("...", "...", "...")...).Shape.String())
	require.Equal(t, "[2..5,..10,4..,?]", moreInfer(t, op, moreIn(t, ir.F32, "2..5,..10,4..,?"), moreConst(moreI64(t, nil, 5)), moreConst(moreI64(t, []int{2}, 0, 1))).Shape.String())
	moreInferErr(t, op, "If shift is a 1D vector, axes must be a 1D tensor of the same size.", in("3,3,4,1,5", "3", "1")...)
	moreInferErr(t, op, "Shift must be a scalar or 1D tensor.", in("3", "1,1", "1")...)
	moreInferErr(t, op, "Axes must be a scalar or 1D tensor.", moreIn(t, ir.F32, "3"), moreConst(moreI64(t, nil, 1)), moreIn(t, ir.I64, "1,1"))
	moreInferErr(t, op, "Shift must have int32 or int64 element type.", moreIn(t, ir.F32, "3"), moreIn(t, ir.F32, "1"), moreIn(t, ir.I64, "1"))
	moreInferErr(t, op, "Axes must have int32 or int64 element type.", moreIn(t, ir.F32, "3"), moreIn(t, ir.I64, "1"), moreIn(t, ir.U8, "1"))
	moreInferErr(t, op, "Axis 2 out of the tensor rank range", moreIn(t, ir.F32, "3,3"), moreIn(t, ir.I32, "2"), moreConst(moreI64(t, []int{2}, 0, 2)))
	moreInferErr(t, op, "Axis -5 out of the tensor rank range", moreIn(t, ir.F32, "3,3"), moreIn(t, ir.I32, "2"), moreConst(moreI64(t, []int{2}, 0, -5)))

	// Bounds move with the elements.
	bin := []Input{{Type: ir.I64, Shape: shape(t, "3"), Bounds: &Bounds{Lo: []int64{1, 2, 3}, Hi: []int64{1, 5, ir.Inf}}},
		moreConst(moreI64(t, nil, 1)), moreConst(moreI64(t, []int{1}, 0))}
	outs, err := op.Infer(bin)
	require.NoError(t, err)
	outs = Propagate(op, bin, outs)
	require.Equal(t, &Bounds{Lo: []int64{3, 1, 2}, Hi: []int64{ir.Inf, 1, 5}}, outs[0].Bounds)
}

// Reverse-1: type_prop/reverse.cpp checks, numpy-obvious values (op_reference/reverse.cpp).
func TestMoreReverse(t *testing.T) {
	idx := decodeOp(t, "Reverse", "opset1")
	mask := decodeOp(t, "Reverse", "opset1", "mode", "mask")
	data := moreF32(t, []int{2, 3}, 1, 2, 3, 4, 5, 6)
	out := run(t, idx, ExecOptions{}, data, moreI64(t, []int{1}, 1))
	require.Equal(t, []float32{3, 2, 1, 6, 5, 4}, out[0].Data)
	out = run(t, idx, ExecOptions{}, data, moreI64(t, []int{2}, 0, -1))
	require.Equal(t, []float32{6, 5, 4, 3, 2, 1}, out[0].Data)
	out = run(t, idx, ExecOptions{}, data, moreI64(t, []int{0}))
	require.Equal(t, []float32{1, 2, 3, 4, 5, 6}, out[0].Data)
	out = run(t, mask, ExecOptions{}, data, tensor(t, ir.Boolean, []int{2}, []bool{true, false}))
	require.Equal(t, []float32{4, 5, 6, 1, 2, 3}, out[0].Data)

	require.Equal(t, "[2,?,4..]", moreInfer(t, idx, moreIn(t, ir.F32, "2,?,4.."), moreIn(t, ir.I64, "?")).Shape.String())
	moreInferErr(t, idx, "In 'index' mode the second input must contain integer values.", moreIn(t, ir.F32, "2"), moreIn(t, ir.F32, "1"))
	moreInferErr(t, mask, "In 'mask' mode the second input must contain boolean values.", moreIn(t, ir.F32, "2"), moreIn(t, ir.I64, "1"))
	moreInferErr(t, idx, "The reversed_axes input must be a 1D tensor (got 2).", moreIn(t, ir.F32, "2"), moreIn(t, ir.I64, "1,1"))
	moreInferErr(t, mask, "The number of elements in the reversed_axes tensor (2) must match the input data tensor rank (3) in 'mask' mode.",
		moreIn(t, ir.F32, "2,2,2"), moreIn(t, ir.Boolean, "2"))
	moreInferErr(t, idx, "Some of the provided axes (AxisSet{0, 3}) are out of bounds (input rank: 3).",
		moreIn(t, ir.F32, "2,2,2"), moreConst(moreI64(t, []int{2}, 3, 0)))
	// Negative axes are clipped to 0 by the shape inference.
	moreInfer(t, idx, moreIn(t, ir.F32, "2,2,2"), moreConst(moreI64(t, []int{1}, -7)))
	_, err := decodeAttrsErr("Reverse", "opset1", "mode", "bogus")
	require.Error(t, err)
}

// ReverseSequence-1 values from op_reference/reverse_sequence.cpp; checks from
// type_prop/reverse_sequence.cpp.
func TestMoreReverseSequence(t *testing.T) {
	iota := func(n int) []float32 {
		v := make([]float32, n)
		for i := range v {
			v[i] = float32(i)
		}
		return v
	}
	cases := []struct {
		batch, seq string
		dims       []int
		data       []float32
		lens       []int32
		want       []float32
	}{
		{"1", "0", []int{4, 4}, []float32{0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15}, []int32{4, 3, 2, 1},
			[]float32{3, 6, 9, 12, 2, 5, 8, 13, 1, 4, 10, 14, 0, 7, 11, 15}},
		{"0", "1", []int{4, 4}, iota(16), []int32{1, 2, 3, 4}, []float32{0, 1, 2, 3, 5, 4, 6, 7, 10, 9, 8, 11, 15, 14, 13, 12}},
		{"2", "1", []int{2, 3, 4, 2}, []float32{0, 0, 3, 0, 6, 0, 9, 0, 1, 0, 4, 0, 7, 0, 10, 0, 2, 0, 5, 0, 8, 0, 11, 0,
			12, 0, 15, 0, 18, 0, 21, 0, 13, 0, 16, 0, 19, 0, 22, 0, 14, 0, 17, 0, 20, 0, 23, 0}, []int32{1, 2, 1, 2},
			[]float32{0, 0, 4, 0, 6, 0, 10, 0, 1, 0, 3, 0, 7, 0, 9, 0, 2, 0, 5, 0, 8, 0, 11, 0,
				12, 0, 16, 0, 18, 0, 22, 0, 13, 0, 15, 0, 19, 0, 21, 0, 14, 0, 17, 0, 20, 0, 23, 0}},
		{"-2", "-3", []int{2, 3, 4, 2}, []float32{0, 0, 3, 0, 6, 0, 9, 0, 1, 0, 4, 0, 7, 0, 10, 0, 2, 0, 5, 0, 8, 0, 11, 0,
			12, 0, 15, 0, 18, 0, 21, 0, 13, 0, 16, 0, 19, 0, 22, 0, 14, 0, 17, 0, 20, 0, 23, 0}, []int32{1, 2, 1, 2},
			[]float32{0, 0, 4, 0, 6, 0, 10, 0, 1, 0, 3, 0, 7, 0, 9, 0, 2, 0, 5, 0, 8, 0, 11, 0,
				12, 0, 16, 0, 18, 0, 22, 0, 13, 0, 15, 0, 19, 0, 21, 0, 14, 0, 17, 0, 20, 0, 23, 0}},
		{"0", "1", []int{4, 3, 2, 2}, iota(48), []int32{1, 2, 3, 3},
			[]float32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 16, 17, 18, 19, 12, 13, 14, 15, 20, 21, 22, 23, 32, 33, 34, 35, 28, 29, 30, 31,
				24, 25, 26, 27, 44, 45, 46, 47, 40, 41, 42, 43, 36, 37, 38, 39}},
	}
	for _, c := range cases {
		op := decodeOp(t, "ReverseSequence", "opset1", "batch_axis", c.batch, "seq_axis", c.seq)
		// Sequence lengths are a run-time input: the map is built at each run.
		k, err := Prepare(op, []Input{moreIn(t, ir.F32, shapeOfDims(c.dims).String()[1:len(shapeOfDims(c.dims).String())-1]), moreIn(t, ir.I32, "4")}, ExecOptions{})
		require.NoError(t, err)
		out, err := ir.NewTensor(ir.F32, c.dims)
		require.NoError(t, err)
		require.NoError(t, k.Run(t.Context(), []*ir.Tensor{moreF32(t, c.dims, c.data...), moreI32(t, []int{4}, c.lens...)}, []*ir.Tensor{out}))
		require.Equal(t, c.want, out.Data, "batch %s seq %s", c.batch, c.seq)
	}
	op := decodeOp(t, "ReverseSequence", "opset1")
	// Length 0 counts as 1; a length beyond the axis is an error.
	out := run(t, op, ExecOptions{}, moreF32(t, []int{2, 3}, 1, 2, 3, 4, 5, 6), moreI64(t, []int{2}, 0, 3))
	require.Equal(t, []float32{1, 2, 3, 6, 5, 4}, out[0].Data)
	_, err := runErr(op, ExecOptions{}, moreF32(t, []int{2, 3}, 1, 2, 3, 4, 5, 6), moreI64(t, []int{2}, 4, 3))
	require.ErrorContains(t, err, "greater than sequence axis dimension")
	_, err = runErr(op, ExecOptions{}, moreF32(t, []int{2, 3}, 1, 2, 3, 4, 5, 6), moreI64(t, []int{2}, -1, 3))
	require.ErrorContains(t, err, "sequence length -1 is negative")
	// Float lengths are accepted.
	out = run(t, op, ExecOptions{}, moreF32(t, []int{1, 3}, 1, 2, 3), moreF32(t, []int{1}, 2))
	require.Equal(t, []float32{2, 1, 3}, out[0].Data)

	require.Equal(t, "[4,3..5,?]", moreInfer(t, op, moreIn(t, ir.F32, "?,3..5,?"), moreIn(t, ir.I32, "4")).Shape.String())
	require.Equal(t, "[3..4,?]", moreInfer(t, op, moreIn(t, ir.F32, "2..4,?"), moreIn(t, ir.I32, "3..6")).Shape.String())
	require.Equal(t, "[...]", moreInfer(t, op, moreIn(t, ir.F32, "..."), moreIn(t, ir.I32, "4")).Shape.String())
	moreInferErr(t, op, "Data input rank should be equal or greater than 2. Got: [4]", moreIn(t, ir.F32, "4"), moreIn(t, ir.I32, "4"))
	moreInferErr(t, op, "Sequence lengths rank must be equal to 1. Got: [4,1]", moreIn(t, ir.F32, "4,3"), moreIn(t, ir.I32, "4,1"))
	moreInferErr(t, op, "Sequence lengths input size (3) is not equal to batch axis dimension of data input (4) (argument shape: [4,4], sequence indices shape: [3]).",
		moreIn(t, ir.F32, "4,4"), moreIn(t, ir.I32, "3"))
	moreInferErr(t, op, "Sequence lengths element type must be numeric type. Got: boolean", moreIn(t, ir.F32, "4,4"), moreIn(t, ir.Boolean, "4"))
	bad := decodeOp(t, "ReverseSequence", "opset1", "batch_axis", "3")
	moreInferErr(t, bad, "Axis 3 out of the tensor rank range", moreIn(t, ir.F32, "4,4"), moreIn(t, ir.I32, "4"))
	neg := decodeOp(t, "ReverseSequence", "opset1", "seq_axis", "-1")
	moreInferErr(t, neg, "Rank must be static in order to normalize negative axis: -1", moreIn(t, ir.F32, "..."), moreIn(t, ir.I32, "4"))
}
