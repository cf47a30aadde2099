package layers

import (
	"context"
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

// The misc kernels with static outputs allocate nothing per run (Kernel's contract).
func TestMiscKernelsAllocateNothing(t *testing.T) {
	cases := []struct {
		name string
		op   Op
		in   []*ir.Tensor
	}{
		{"DeformableConvolution", decodeOp(t, "DeformableConvolution", "opset8", "strides", "1,1", "pads_begin", "0,0", "pads_end", "0,0", "dilations", "1,1"),
			[]*ir.Tensor{moreF32(t, []int{1, 1, 2, 2}, 1, 2, 3, 4), moreF32(t, []int{1, 2, 2, 2}, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5), moreF32(t, []int{1, 1, 1, 1}, 1)}},
		{"RandomUniform", decodeOp(t, "RandomUniform", "opset8", "output_type", "f32", "global_seed", "1", "op_seed", "2", "alignment", "pytorch"),
			[]*ir.Tensor{moreI64(t, []int{1}, 5), moreF32(t, nil, 0), moreF32(t, nil, 1)}},
		{"Multinomial", decodeOp(t, "Multinomial", "opset13", "convert_type", "i64", "global_seed", "1", "op_seed", "2"),
			[]*ir.Tensor{moreF32(t, []int{1, 3}, 0.2, 0.3, 0.5), moreI64(t, []int{1}, 2)}},
		{"CTCLoss", decodeOp(t, "CTCLoss", "opset4"),
			[]*ir.Tensor{moreF32(t, []int{1, 2, 3}, 0, 1, 2, 3, 4, 5), moreI64(t, []int{1}, 2), moreI64(t, []int{1, 2}, 0, 1), moreI64(t, []int{1}, 1)}},
		{"BinaryConvolution", decodeOp(t, "BinaryConvolution", "opset1", "strides", "1,1", "pads_begin", "0,0", "pads_end", "0,0", "dilations", "1,1", "mode", "xnor-popcount"),
			[]*ir.Tensor{moreF32(t, []int{1, 1, 1, 1}, 1), miscU1(t, []int{1, 1, 1, 1}, 0x80)}},
		{"FakeConvert", decodeOp(t, "FakeConvert", "opset13"),
			[]*ir.Tensor{moreF32(t, []int{2, 2}, 1, 2, 3, 4), moreF32(t, []int{2, 1}, 1, 2), moreF32(t, []int{2, 1}, 0, 0)}},
		{"ISTFT", decodeOp(t, "ISTFT", "opset16"),
			[]*ir.Tensor{moreF32(t, []int{3, 2, 2}, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0), moreF32(t, []int{4}, 1, 1, 1, 1), moreI64(t, nil, 4), moreI64(t, nil, 2)}},
	}
	for _, c := range cases {
		inputs := make([]Input, len(c.in))
		for i, x := range c.in {
			inputs[i] = moreConst(x)
		}
		infos, err := c.op.Infer(inputs)
		require.NoError(t, err, c.name)
		k, err := Prepare(c.op, inputs, ExecOptions{})
		require.NoError(t, err, c.name)
		outs := make([]*ir.Tensor, len(infos))
		for i, o := range infos {
			d, ok := staticDims(o.Shape)
			require.True(t, ok)
			outs[i], _ = ir.NewTensor(o.Type, d)
		}
		ctx := context.Background()
		require.NoError(t, k.Run(ctx, c.in, outs), c.name)
		allocs := testing.AllocsPerRun(5, func() { _ = k.Run(ctx, c.in, outs) })
		require.Zero(t, allocs, c.name)
	}
}
