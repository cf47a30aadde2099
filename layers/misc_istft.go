package layers

import (
	"context"
	"fmt"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// ISTFT-16: shape inference (istft_shape_inference.hpp) and execution by kernels.ISTFT
// (src/core/reference/src/op/istft.cpp; the template plugin computes f16 and bf16 through
// f32, as irrun does).

type seqISTFTOp struct {
	Center     bool `attr:"center"`
	Normalized bool `attr:"normalized"`
}

func seqNewISTFT(int) Op { return &seqISTFTOp{} }

func (o *seqISTFTOp) Infer(in []Input) ([]Output, error) {
	if len(in) < 4 || len(in) > 5 {
		return nil, fmt.Errorf("ISTFT expects 4 or 5 inputs, got %d", len(in))
	}
	t, err := tp8STFTTypes(in, "data")
	if err != nil {
		return nil, err
	}
	// istft_shape_inference.hpp, in its order. The data's last dim (real and imaginary parts)
	// is not checked there; Prepare requires 2.
	data, win := in[0].Shape, in[1].Shape
	dr, dok := data.Rank()
	if dok && dr != 3 && dr != 4 {
		return nil, fmt.Errorf("The shape of data must be 3D or 4D. (got %s)", data)
	}
	if err := seqRankErr(win, 1, "The shape of window must be 1D [window_size]."); err != nil {
		return nil, err
	}
	if err := seqRankErr(in[2].Shape, 0, "The shape of frame_size must be a scalar."); err != nil {
		return nil, err
	}
	if err := seqRankErr(in[3].Shape, 0, "The shape of frame_step must be a scalar."); err != nil {
		return nil, err
	}
	fs, fsOK := seqScalarInt(in[2])
	step, stepOK := seqScalarInt(in[3])
	if fsOK {
		if fs <= 0 {
			return nil, fmt.Errorf("Provided frame size must be greater than zero, but got: %d", fs)
		}
		if w, ok := staticDims(win); ok && (w[0] < 1 || int64(w[0]) > fs) {
			return nil, fmt.Errorf("Window input dimension must be in range [1, %d]. (got %d)", fs, w[0])
		}
		if _, ok := staticDims(data); ok && !data.Dims[dr-3].Compatible(ir.StaticDim(fs/2+1)) {
			return nil, fmt.Errorf("The dimension at data_shape[-3] must be equal to: (frame_size // 2 + 1) (got %s, frame_size %d)", data.Dims[dr-3], fs)
		}
	}
	if stepOK && step <= 0 {
		return nil, fmt.Errorf("Provided frame step must be greater than zero, but got: %d", step)
	}
	if !dok {
		return []Output{{Type: t, Shape: ir.DynamicRankShape()}}, nil
	}
	length := ir.DynamicDim()
	if len(in) == 5 {
		if s := in[4].Shape; !(s.Compatible(ir.Shape{Dims: []ir.Dim{}}) || s.Compatible(ir.StaticShape(1))) {
			return nil, fmt.Errorf("The shape of 'signal_length' input must be a scalar or single element 1D tensor. (got %s)", s)
		}
		if lo, hi, ok := in[4].bounded(); ok && len(lo) == 1 {
			length = boundToDim(lo[0], hi[0], in[4].Type)
		}
	} else if fsOK && stepOK {
		frames := data.Dims[dr-2]
		length = seqDimAddK(seqDimMul(seqDimAddK(frames, -1), step), fs)
		if o.Center {
			length = seqDimAddK(length, -2*(fs/2))
		}
	}
	var out []ir.Dim
	if dr == 4 {
		out = append(out, data.Dims[0])
	}
	return []Output{{Type: t, Shape: ir.Shape{Dims: append(out, length)}}}, nil
}

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
	if d[len(d)-1] != 2 {
		return nil, fmt.Errorf("ISTFT: the last dimension of data must be 2 (real and imaginary parts) to run (got %v)", d)
	}
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
