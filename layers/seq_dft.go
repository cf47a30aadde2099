package layers

import (
	"fmt"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// DFT-7, IDFT-7, RDFT-9 and IRDFT-9: shape inference (fft_base_shape_inference.hpp,
// rdft_shape_inference.hpp, irdft_shape_inference.hpp) and kernels kernels.FFTComplex, kernels.RDFT, kernels.IRDFT (reference/fft.hpp and
// src/core/reference/src/op/fft.cpp, rdft.cpp, irdft.cpp). The axes (and signal sizes) must
// be known when the kernel is prepared; irrun computes in complex128 (OpenVINO in
// complex<float>), f16 and bf16 through float32.

type seqFFTOp struct {
	kind string // DFT, IDFT, RDFT, IRDFT
}

func seqNewFFT(kind string) func(int) Op { return func(int) Op { return &seqFFTOp{kind: kind} } }

func (o *seqFFTOp) Infer(in []Input) ([]Output, error) {
	if len(in) < 2 || len(in) > 3 {
		return nil, fmt.Errorf("%s expects 2 or 3 inputs, got %d", o.kind, len(in))
	}
	if t := in[0].Type; t.IsStatic() && t != ir.F32 && t != ir.F16 && t != ir.BF16 && t != ir.F64 {
		return nil, fmt.Errorf("%s op input element type must be f32, f16, or bf16 (got %s)", o.kind, t)
	}
	for i := 1; i < len(in); i++ {
		if t := in[i].Type; t.IsStatic() && t != ir.I32 && t != ir.I64 {
			what := "axes"
			if i == 2 {
				what = "signal_size"
			}
			return nil, fmt.Errorf("%s op %s element type must be i32 or i64 (got %s)", o.kind, what, t)
		}
	}
	complexIn := o.kind != "RDFT"
	data := in[0].Shape
	axesS := in[1].Shape
	if err := seqRankErr(axesS, 1, "Axes input must be 1D tensor."); err != nil {
		return nil, err
	}
	if len(in) == 3 {
		if err := seqRankErr(in[2].Shape, 1, "Signal size input must be 1D tensor."); err != nil {
			return nil, err
		}
		if !axesS.DynamicRank && !in[2].Shape.DynamicRank && !axesS.Dims[0].Compatible(in[2].Shape.Dims[0]) {
			return nil, fmt.Errorf("Sizes of inputs 'axes' and 'signal_size' must be equal. Got axes %s and signal_size %s", axesS, in[2].Shape)
		}
	}
	outType := in[0].Type
	if data.DynamicRank {
		return []Output{{Type: outType, Shape: ir.DynamicRankShape()}}, nil
	}
	r := len(data.Dims)
	if complexIn {
		if r < 2 {
			return nil, fmt.Errorf("The input rank must be greater or equal to 2. Got input rank: %d", r)
		}
		if !data.Dims[r-1].Compatible(ir.StaticDim(2)) {
			return nil, fmt.Errorf("The last dimension of input data must be 2. Got: %s", data.Dims[r-1])
		}
	} else if r < 1 {
		return nil, fmt.Errorf("The input rank must be greater or equal to 1. Got input rank: %d", r)
	}
	sigRank := r
	if complexIn {
		sigRank = r - 1
	}
	axes, known := in[1].ints()
	if !known {
		// Axes unknown: the transformed dims are unknown.
		out := dynamicDims(r)
		switch o.kind {
		case "RDFT":
			out.Dims = append(out.Dims, ir.StaticDim(2))
		case "IRDFT":
			out.Dims = out.Dims[:r-1]
		default:
			// fft_base_shape_inference.hpp: the input shape, all but the last dim dynamic
			// when a signal_size is given (the last dim is the input's, not refined to 2).
			out = cloneShape(data)
			if len(in) == 3 {
				for i := range r - 1 {
					out.Dims[i] = ir.DynamicDim()
				}
			}
		}
		return []Output{{Type: outType, Shape: out}}, nil
	}
	if len(axes) > sigRank {
		if !complexIn {
			return nil, fmt.Errorf("The input rank must be greater than or equal to the number of axes. (rank %d, %d axes)", r, len(axes))
		}
		return nil, fmt.Errorf("The input rank must be greater than number of axes. (rank %d, %d axes)", r, len(axes))
	}
	seen := map[int64]bool{}
	norm := make([]int, len(axes))
	for i, a := range axes {
		if a < -int64(sigRank) || a >= int64(sigRank) {
			return nil, fmt.Errorf("Axis %d out of the tensor rank range [%d, %d].", a, -sigRank, sigRank-1)
		}
		if a < 0 {
			a += int64(sigRank)
		}
		if seen[a] {
			return nil, fmt.Errorf("Each axis must be unique. (axes %v)", axes)
		}
		seen[a] = true
		norm[i] = int(a)
	}
	out := cloneShape(data)
	var sizes []int64
	if len(in) == 3 {
		s, ok := in[2].ints()
		if !ok {
			if (o.kind == "RDFT" || o.kind == "IRDFT") && len(norm) > 0 {
				// rdft_shape_inference.hpp, irdft_shape_inference.hpp (type_prop/rdft.cpp's
				// rdft_non_constant_signal_size, irdft.cpp's irdft_non_constant_signal_size):
				// unknown signal sizes leave the other axes' dims and make the last one unknown.
				out.Dims[norm[len(norm)-1]] = ir.DynamicDim()
				if o.kind == "RDFT" {
					out.Dims = append(out.Dims, ir.StaticDim(2))
				} else {
					out.Dims = out.Dims[:r-1]
				}
				return []Output{{Type: outType, Shape: out}}, nil
			}
			b := in[2].Bounds
			bounded := complexIn && o.kind != "IRDFT" && b != nil && len(b.Lo) == len(norm)
			for i, a := range norm {
				switch {
				case !bounded:
					out.Dims[a] = ir.DynamicDim()
				case b.Lo[i] != -1 || b.Hi[i] != -1:
					// DFT/IDFT (fft::apply_dims_from_sizes): a signal size known by bounds
					// gives the dim those bounds; a -1 keeps the input's dim.
					out.Dims[a] = dimFromBounds(b.Lo[i], b.Hi[i])
				}
			}
		} else {
			if len(s) != len(norm) {
				return nil, fmt.Errorf("Sizes of inputs 'axes' and 'signal_size' must be equal. Got %d and %d", len(norm), len(s))
			}
			sizes = s
		}
	}
	for i, a := range norm {
		if sizes != nil && sizes[i] != -1 {
			out.Dims[a] = ir.StaticDim(sizes[i])
		}
	}
	if len(norm) > 0 {
		last := norm[len(norm)-1]
		switch o.kind {
		case "RDFT":
			d := out.Dims[last]
			out.Dims[last] = seqDimAddK(dimFloorDiv(d, 2), 1)
		case "IRDFT":
			if sizes == nil || sizes[len(sizes)-1] == -1 {
				d := out.Dims[last]
				out.Dims[last] = seqDimMul(seqDimAddK(d, -1), 2)
			}
		}
	}
	switch o.kind {
	case "RDFT":
		out.Dims = append(out.Dims, ir.StaticDim(2))
	case "IRDFT":
		out.Dims = out.Dims[:r-1]
	}
	return []Output{{Type: outType, Shape: out}}, nil
}

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
