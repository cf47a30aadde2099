package layers

import (
	"errors"
	"fmt"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// FakeQuantize-1: inputs X, input_low, input_high, output_low, output_high; attributes
// levels (size_t) and auto_broadcast (none|explicit|numpy|pdpd, default numpy; pdpd
// also reads axis, default -1). Inference follows the v0 shape_infer of
// src/core/shape_inference/include/fake_quantize.hpp (the output is X's shape with
// every range input broadcast-merged into it), the kernel reference/fake_quantize.hpp.
//
// OpenVINO never constant-folds FakeQuantize (constant_fold returns false); irrun's
// generic propagation folds it when every input is known, which computes the same
// values.

type fakeQuantizeOp struct {
	Levels        uint64 `attr:"levels"`
	AutoBroadcast string `attr:"auto_broadcast,enum=none|explicit|numpy|pdpd"`
	Axis          int64  `attr:"axis"`
}

func newFakeQuantize(int) Op { return &fakeQuantizeOp{AutoBroadcast: "numpy", Axis: -1} }

func (f *fakeQuantizeOp) spec() autoBroadcast {
	return autoBroadcast{Type: f.AutoBroadcast, Axis: f.Axis}
}

func (f *fakeQuantizeOp) Infer(in []Input) ([]Output, error) {
	if err := normInputCount("FakeQuantize", in, 5); err != nil {
		return nil, err
	}
	shape := cloneShape(in[0].Shape)
	spec := f.spec()
	for _, x := range in[1:] {
		var ok bool
		switch spec.Type {
		case "none":
			shape, ok = shapeMerge(shape, x.Shape)
		case "numpy", "pdpd":
			shape, ok = broadcastMerge(shape, x.Shape, spec)
		default:
			return nil, errors.New("Unsupported auto broadcast specification")
		}
		if !ok {
			return nil, errors.New("Argument shapes are inconsistent.")
		}
	}
	return []Output{{Type: in[0].Type, Shape: shape}}, nil
}

// CheckRunnable implements RunChecker.
func (f *fakeQuantizeOp) CheckRunnable(in []Input) error {
	if len(in) != 5 {
		return nil
	}
	if err := checkNormType("FakeQuantize-1", in[0].Type); err != nil {
		return err
	}
	return fakeQuantizeTypes(in)
}

// fakeQuantizeTypes reports range inputs whose element type differs from X's: the
// reference reads them as X's type (OpenVINO's evaluate fails on them).
func fakeQuantizeTypes(in []Input) error {
	for i, x := range in[1:] {
		if x.Type.IsStatic() && in[0].Type.IsStatic() && x.Type != in[0].Type {
			return &ir.UnsupportedError{What: fmt.Sprintf("FakeQuantize-1 with input %d of element type %s and X of %s", i+1, x.Type, in[0].Type)}
		}
	}
	return nil
}

// pdpdAligned returns src's dims as a shape of rank r to numpy-broadcast into dst under
// pdpd rules: src (trailing 1s dropped) placed at axis (-1: right-aligned), 1 elsewhere.
func pdpdAligned(dst, src []int, axis int64) []int {
	r := len(dst)
	if len(src) == r {
		same := true
		for i := range src {
			same = same && src[i] == dst[i]
		}
		if same {
			return src
		}
	}
	if axis == -1 {
		axis = int64(r - len(src))
	}
	n := len(src)
	for n > 0 && src[n-1] == 1 {
		n--
	}
	out := make([]int, r)
	for i := range out {
		out[i] = 1
	}
	for i := 0; i < n && int(axis)+i < r; i++ {
		out[int(axis)+i] = src[i]
	}
	return out
}

func (f *fakeQuantizeOp) Prepare(in []Input, opts ExecOptions) (Kernel, error) {
	outs, err := f.Infer(in)
	if err != nil {
		return nil, err
	}
	if err := fakeQuantizeTypes(in); err != nil {
		return nil, err
	}
	out, ok := staticDims(outs[0].Shape)
	if !ok {
		return nil, fmt.Errorf("FakeQuantize-1: output shape %s is not static", outs[0].Shape)
	}
	outLen, err := ir.ElementCount(out)
	if err != nil {
		return nil, err
	}
	var shapes [5][]int
	lens := make([]int, 5)
	for i := range in {
		if shapes[i], lens[i], err = normStatic("FakeQuantize-1", in, i); err != nil {
			return nil, err
		}
		if f.AutoBroadcast == "pdpd" && i > 0 {
			shapes[i] = pdpdAligned(out, shapes[i], f.Axis)
		}
	}
	if k := fqFastKernel(in[0].Type, out, shapes, f.Levels, opts); k != nil {
		return k, nil
	}
	if k := osFQHalfKernel(in[0].Type, out, shapes, f.Levels, opts); k != nil {
		return k, nil
	}
	plan, err := kernels.NewFakeQuantize(out, shapes, f.Levels)
	if err != nil {
		return nil, err
	}
	b := normBinding{op: "FakeQuantize-1", t: in[0].Type, inputs: []int{0, 1, 2, 3, 4}, lens: lens, outLen: outLen}
	return bindNorm(b, fakeQuantizeFn[float32](plan), fakeQuantizeFn[float64](plan))
}

func fakeQuantizeFn[T float32 | float64](p *kernels.FakeQuantizePlan) func() (normFn[T], error) {
	return func() (normFn[T], error) {
		return func(out []T, in [][]T) error {
			return kernels.FakeQuantize(p, out, [5][]T{in[0], in[1], in[2], in[3], in[4]})
		}, nil
	}
}
