package layers

import (
	"fmt"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// Kernel of STFT-15 (seq_signal.go infers it): kernels.STFT
// (src/core/reference/src/op/stft.cpp). frame_size and frame_step must be known when the
// kernel is prepared; f16 and bf16 compute through float32.

func (o *seqSTFTOp) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	outs, err := o.Infer(in)
	if err != nil {
		return nil, err
	}
	dims, lens, err := moreStaticLens("STFT", in, 0, 1)
	if err != nil {
		return nil, err
	}
	od, ok := staticDims(outs[0].Shape)
	if !ok {
		return nil, fmt.Errorf("STFT: output shape %s is not static", outs[0].Shape)
	}
	outLen, err := ir.ElementCount(od)
	if err != nil {
		return nil, err
	}
	fs, ok1 := seqScalarInt(in[2])
	step, ok2 := seqScalarInt(in[3])
	if !ok1 || !ok2 {
		return nil, &ir.UnsupportedError{What: "STFT with frame_size or frame_step not known before execution"}
	}
	if _, err := moreSTFTTypes(in[0].Type, in[1].Type); err != nil {
		return nil, err
	}
	g := kernels.STFTGeom{Batch: 1, FrameSize: int(fs), Step: int(step), Window: dims[1][0], TransposeFrames: o.TransposeFrames}
	sig := dims[0]
	if len(sig) == 2 {
		g.Batch, g.Length = sig[0], sig[1]
	} else {
		g.Length = sig[0]
	}
	p, err := kernels.NewFFTPlan([]int{g.FrameSize}, []int{g.FrameSize}, []int{0}, false)
	if err != nil {
		return nil, err
	}
	nb := g.FrameSize/2 + 1
	f32 := [3][]float32{make([]float32, g.FrameSize), make([]float32, g.FrameSize), make([]float32, 2*nb)}
	f64 := [3][]float64{make([]float64, g.FrameSize), make([]float64, g.FrameSize), make([]float64, 2*nb)}
	return moreNumBind("STFT", in[0].Type, []int{0, 1}, lens, outLen, moreNumFns{
		f32: func(d [][]float32, out []float32, _ []*ir.Tensor) error {
			return kernels.STFT(g, p, d[0], d[1], out, f32[0], f32[1], f32[2])
		},
		f64: func(d [][]float64, out []float64, _ []*ir.Tensor) error {
			return kernels.STFT(g, p, d[0], d[1], out, f64[0], f64[1], f64[2])
		},
	})
}

// moreSTFTTypes checks that the signal and window types agree.
func moreSTFTTypes(a, b ir.ElementType) (ir.ElementType, error) {
	t, ok := mergeTypes(a, b)
	if !ok {
		return t, fmt.Errorf("STFT: signal (%s) and window (%s) must have the same element type", a, b)
	}
	return t, nil
}
