package layers

import (
	"fmt"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// STFT-15: shape inference (stft_shape_inference.hpp) and kernel kernels.STFT
// (src/core/reference/src/op/stft.cpp). frame_size and frame_step must be known when the
// kernel is prepared; f16 and bf16 compute through float32.

type seqSTFTOp struct {
	TransposeFrames bool `attr:"transpose_frames"`
}

func seqNewSTFT(int) Op { return &seqSTFTOp{} }

func (o *seqSTFTOp) Infer(in []Input) ([]Output, error) {
	if len(in) != 4 {
		return nil, fmt.Errorf("STFT expects 4 inputs, got %d", len(in))
	}
	t, err := tp8STFTTypes(in, "signal")
	if err != nil {
		return nil, err
	}
	sig, win := in[0].Shape, in[1].Shape
	sr, sok := sig.Rank()
	if sok && sr != 1 && sr != 2 {
		return nil, fmt.Errorf("The shape of signal must be 1D [signal_size] or 2D [batch, signal_size]. (got %s)", sig)
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
	if !sok {
		return []Output{{Type: t, Shape: ir.DynamicRankShape()}}, nil
	}
	length := sig.Dims[sr-1]
	frames, fft := ir.DynamicDim(), ir.DynamicDim()
	fs, fsOK := seqScalarInt(in[2])
	step, stepOK := seqScalarInt(in[3])
	if fsOK {
		if fs <= 0 || (length.IsStatic() && fs > length.Lo) {
			return nil, fmt.Errorf("Provided frame size is %d but must be in range [1, %s].", fs, length)
		}
		if !win.DynamicRank && win.Dims[0].IsStatic() && (win.Dims[0].Lo < 1 || win.Dims[0].Lo > fs) {
			return nil, fmt.Errorf("Window input dimension must be in range [1, %d]. (got %s)", fs, win.Dims[0])
		}
		fft = ir.StaticDim(fs/2 + 1)
	}
	if stepOK && step <= 0 {
		return nil, fmt.Errorf("Provided frame step is %d but must be greater than zero.", step)
	}
	if fsOK && stepOK {
		frames = seqDimAddK(dimFloorDiv(seqDimAddK(length, -fs), step), 1)
	}
	var out []ir.Dim
	if sr == 2 {
		out = append(out, sig.Dims[0])
	}
	if o.TransposeFrames {
		out = append(out, fft, frames)
	} else {
		out = append(out, frames, fft)
	}
	out = append(out, ir.StaticDim(2))
	return []Output{{Type: t, Shape: ir.Shape{Dims: out}}}, nil
}

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
