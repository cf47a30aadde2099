package layers

import (
	"context"
	"fmt"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// ISTFT-16 execution: kernels.ISTFT (src/core/reference/src/op/istft.cpp; the template
// plugin computes f16 and bf16 through f32, as irrun does). Shape inference is
// seqISTFTOp.Infer (seq_signal.go).

func (o *seqISTFTOp) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	outs, err := o.Infer(in)
	if err != nil {
		return nil, err
	}
	typ := in[0].Type
	if typ != ir.F32 && typ != ir.F16 && typ != ir.BF16 {
		return nil, unsupportedType("ISTFT", typ)
	}
	if in[1].Type != typ {
		return nil, unsupportedType("ISTFT window", in[1].Type)
	}
	fs, ok1 := seqScalarInt(in[2])
	step, ok2 := seqScalarInt(in[3])
	if !ok1 || !ok2 {
		return nil, &ir.UnsupportedError{What: "ISTFT whose frame_size and frame_step are not known before execution"}
	}
	length := int64(-1)
	if len(in) == 5 {
		v, ok := moreInputInts(in[4])
		if !ok || len(v) != 1 {
			return nil, &ir.UnsupportedError{What: "ISTFT whose signal_length is not known before execution"}
		}
		length = v[0]
	}
	dims, lens, err := moreStaticLens("ISTFT", in, 0, 1)
	if err != nil {
		return nil, err
	}
	od, ok := staticDims(outs[0].Shape)
	if !ok {
		return nil, fmt.Errorf("ISTFT: output shape %s is not static", outs[0].Shape)
	}
	d := dims[0]
	g := kernels.ISTFTGeom{Batch: 1, FrameSize: int(fs), Step: int(step), Window: dims[1][0], Length: length,
		Center: o.Center, Normalized: o.Normalized, OutLen: od[len(od)-1]}
	if len(d) == 4 {
		g.Batch = d[0]
		d = d[1:]
	}
	g.Frames = d[1]
	if fs > 1<<30 || step > 1<<30 || d[0] != int(fs/2+1) {
		return nil, fmt.Errorf("ISTFT: data %v does not hold frame_size/2+1 = %d bins", dims[0], fs/2+1)
	}
	if g.Window > g.FrameSize {
		return nil, fmt.Errorf("ISTFT: window of %d samples is longer than frame_size %d", g.Window, g.FrameSize)
	}
	s, err := kernels.NewISTFTScratch(g)
	if err != nil {
		return nil, err
	}
	outLen := g.Batch * g.OutLen
	k, err := famBind("ISTFT", typ, lens, outLen, famFns{f32: func(ins [][]float32, out []float32) error {
		if err := kernels.ISTFT(g, s, ins[0], ins[1], out); err != nil {
			return fmt.Errorf("ISTFT: %w", err)
		}
		return nil
	}})
	if err != nil {
		return nil, err
	}
	want := []int64{fs, step, length}
	var got [1]int64
	return kernelFunc(func(ctx context.Context, in, out []*ir.Tensor) error {
		// frame_size, frame_step and signal_length must be the values the kernel was prepared for.
		for i := 2; i < len(in) && i < 5; i++ {
			if err := readInts(in[i], got[:]); err != nil || got[0] != want[i-2] {
				return fmt.Errorf("ISTFT: input %d does not hold the prepared value %d", i, want[i-2])
			}
		}
		return k.Run(ctx, in, out)
	}), nil
}
