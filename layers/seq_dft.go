package layers

import (
	"fmt"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// Kernels of DFT-7, IDFT-7, RDFT-9 and IRDFT-9 (seq_signal.go infers them):
// kernels.FFTComplex, kernels.RDFT, kernels.IRDFT (reference/fft.hpp and
// src/core/reference/src/op/fft.cpp, rdft.cpp, irdft.cpp). The axes (and signal sizes) must
// be known when the kernel is prepared; irrun computes in complex128 (OpenVINO in
// complex<float>), f16 and bf16 through float32.

func (o *seqFFTOp) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	outs, err := o.Infer(in)
	if err != nil {
		return nil, err
	}
	dims, lens, err := moreStaticLens(o.kind, in, 0)
	if err != nil {
		return nil, err
	}
	od, ok := staticDims(outs[0].Shape)
	if !ok {
		return nil, fmt.Errorf("%s: output shape %s is not static", o.kind, outs[0].Shape)
	}
	outLen, err := ir.ElementCount(od)
	if err != nil {
		return nil, err
	}
	axes, ok := in[1].ints()
	if !ok {
		return nil, &ir.UnsupportedError{What: o.kind + " with axes that are not known before execution"}
	}
	data := dims[0]
	complexIn := o.kind != "RDFT"
	rank := len(data)
	if complexIn {
		rank--
	}
	norm := make([]int, len(axes))
	for i, a := range axes {
		if a < 0 {
			a += int64(rank)
		}
		if a < 0 || a >= int64(rank) {
			return nil, fmt.Errorf("%s: axis %d out of range for rank %d", o.kind, axes[i], rank)
		}
		norm[i] = int(a)
	}
	inC := data[:rank]
	var run moreNumFns
	switch o.kind {
	case "DFT", "IDFT":
		p, err := kernels.NewFFTPlan(inC, od[:rank], norm, o.kind == "IDFT")
		if err != nil {
			return nil, fmt.Errorf("%s: %w", o.kind, err)
		}
		run = moreNumFns{
			f32: func(d [][]float32, out []float32, _ []*ir.Tensor) error { return kernels.FFTComplex(p, d[0], out) },
			f64: func(d [][]float64, out []float64, _ []*ir.Tensor) error { return kernels.FFTComplex(p, d[0], out) },
		}
	case "RDFT":
		if len(norm) == 0 {
			return nil, fmt.Errorf("RDFT: axes are empty")
		}
		full := append([]int{}, od[:rank]...)
		last := norm[len(norm)-1]
		full[last] = data[last]
		if len(in) == 3 {
			sizes, ok := in[2].ints()
			if !ok || len(sizes) != len(norm) {
				return nil, &ir.UnsupportedError{What: "RDFT with signal_size not known before execution"}
			}
			if s := sizes[len(sizes)-1]; s != -1 {
				full[last] = int(s)
			}
		}
		if full[last] < 0 || full[last]/2+1 != od[last] {
			return nil, fmt.Errorf("RDFT: transform length %d on axis %d for output %v", full[last], last, od)
		}
		p, err := kernels.NewFFTPlan(inC, full, norm, false)
		if err != nil {
			return nil, fmt.Errorf("RDFT: %w", err)
		}
		run = moreNumFns{
			f32: func(d [][]float32, out []float32, _ []*ir.Tensor) error { return kernels.RDFT(p, d[0], out) },
			f64: func(d [][]float64, out []float64, _ []*ir.Tensor) error { return kernels.RDFT(p, d[0], out) },
		}
	case "IRDFT":
		p, err := kernels.NewIRDFTPlan(inC, od, norm)
		if err != nil {
			return nil, fmt.Errorf("IRDFT: %w", err)
		}
		run = moreNumFns{
			f32: func(d [][]float32, out []float32, _ []*ir.Tensor) error { return kernels.IRDFT(p, d[0], out) },
			f64: func(d [][]float64, out []float64, _ []*ir.Tensor) error { return kernels.IRDFT(p, d[0], out) },
		}
	default:
		return nil, fmt.Errorf("unknown FFT kind %q", o.kind)
	}
	return moreNumBind(o.kind, in[0].Type, []int{0}, lens, outLen, run)
}
