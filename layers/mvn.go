package layers

import (
	"context"
	"fmt"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// MVN-1 (OpenVINO's v0::MVN: attributes eps (double), across_channels,
// normalize_variance, reduction_axes) and MVN-6 (inputs data and axes; attributes
// normalize_variance, eps (float), eps_mode inside_sqrt|outside_sqrt), following
// src/core/src/op/mvn.cpp; kernels from reference/mvn.hpp.

type mvn1Op struct {
	Eps               float64 `attr:"eps"`
	AcrossChannels    bool    `attr:"across_channels"`
	NormalizeVariance bool    `attr:"normalize_variance"`
	ReductionAxes     []int64 `attr:"reduction_axes"`
}

type mvn6Op struct {
	NormalizeVariance bool    `attr:"normalize_variance"`
	Eps               float32 `attr:"eps"`
	EpsMode           string  `attr:"eps_mode,enum=inside_sqrt|outside_sqrt"`
}

func newMVN(v int) Op {
	if v == 1 {
		return &mvn1Op{Eps: 1e-9, AcrossChannels: true, NormalizeVariance: true}
	}
	return &mvn6Op{NormalizeVariance: true, EpsMode: "inside_sqrt"}
}

// axes returns MVN-1's reduction axes for an input of rank r: the attribute when set,
// else [1, r) with across_channels and [2, r) without (validate_and_infer_types).
func (m *mvn1Op) axes(r int) []uint64 {
	if len(m.ReductionAxes) > 0 {
		return normAxisSet(m.ReductionAxes)
	}
	start := 2
	if m.AcrossChannels {
		start = 1
	}
	var out []uint64
	for i := start; i < r; i++ {
		out = append(out, uint64(i))
	}
	return out
}

func (m *mvn1Op) Infer(in []Input) ([]Output, error) {
	if err := normInputCount("MVN", in, 1); err != nil {
		return nil, err
	}
	return normPassthrough(in[0]), nil
}

func (m *mvn6Op) Infer(in []Input) ([]Output, error) {
	if err := normInputCount("MVN", in, 2); err != nil {
		return nil, err
	}
	data, axes := in[0], in[1]
	if axes.Shape.IsStatic() {
		if r, _ := axes.Shape.Rank(); r != 1 {
			return nil, fmt.Errorf("Expected 1D tensor for the 'axes' input. Got: %s", axes.Shape)
		}
		if r, ok := data.Shape.Rank(); ok && int64(r) < axes.Shape.Dims[0].Lo {
			return nil, fmt.Errorf("Expected rank for the 'data' input to be higher than axes shape. Got: %s", data.Shape)
		}
	}
	return normPassthrough(data), nil
}

// CheckRunnable implements RunChecker.
func (m *mvn1Op) CheckRunnable(in []Input) error { return checkNormType("MVN-1", normFirstType(in)) }

// CheckRunnable implements RunChecker.
func (m *mvn6Op) CheckRunnable(in []Input) error {
	if err := checkNormType("MVN-6", normFirstType(in)); err != nil {
		return err
	}
	return checkNormConstInput("MVN-6", "axes", in, 1)
}

func (m *mvn1Op) Prepare(in []Input, opts ExecOptions) (Kernel, error) {
	if _, err := m.Infer(in); err != nil {
		return nil, err
	}
	dims, _, err := normStatic("MVN-1", in, 0)
	if err != nil {
		return nil, err
	}
	set := m.axes(len(dims))
	axes := make([]int, len(set))
	for i, a := range set {
		if a >= uint64(len(dims)) {
			// OpenVINO does not validate reduction_axes; its reference would index out
			// of bounds. irrun refuses the axis.
			return nil, fmt.Errorf("MVN-1: reduction axis %d is out of range for input shape %s", int64(a), in[0].Shape)
		}
		axes[i] = int(a)
	}
	// The reference takes eps as a double and casts it to T.
	return prepareMVN("MVN-1", in, dims, axes, m.NormalizeVariance, m.Eps, true, opts)
}

func (m *mvn6Op) Prepare(in []Input, opts ExecOptions) (Kernel, error) {
	if _, err := m.Infer(in); err != nil {
		return nil, err
	}
	dims, _, err := normStatic("MVN-6", in, 0)
	if err != nil {
		return nil, err
	}
	v, ok := in[1].ints()
	if !ok {
		return nil, &ir.UnsupportedError{What: "MVN-6 with axes that are not known before execution"}
	}
	r := int64(len(dims))
	axes := make([]int, len(v))
	for i, a := range v {
		// mvn_6_reduction_axes: a negative axis counts from the end ("Unexpected axis"
		// below -rank); a positive one is taken as is, which irrun bounds.
		if a < 0 {
			a += r
		}
		if a < 0 || a >= r {
			return nil, fmt.Errorf("MVN-6: axis %d is out of range for input shape %s", v[i], in[0].Shape)
		}
		axes[i] = int(a)
	}
	// The op stores eps as a float; the reference casts that float to T.
	return prepareMVN("MVN-6", in, dims, axes, m.NormalizeVariance, float64(m.Eps), m.EpsMode == "inside_sqrt", opts)
}

func prepareMVN(op string, in []Input, dims, axes []int, nv bool, eps float64, inside bool, opts ExecOptions) (Kernel, error) {
	n, err := ir.ElementCount(dims)
	if err != nil {
		return nil, err
	}
	b := normBinding{op: op, t: in[0].Type, inputs: []int{0}, lens: []int{n}, outLen: n}
	return bindNorm(b, mvnFast32(dims, axes, nv, eps, inside, opts), mvnFn[float64](dims, axes, nv, eps, inside))
}

// mvnFast32 builds the float32 computation: the fast kernel (kernels.MVNFastF32) when
// every slot is a contiguous row and opts does not ask for the reference, else the
// reference kernel.
func mvnFast32(dims, axes []int, nv bool, eps float64, inside bool, opts ExecOptions) func() (normFn[float32], error) {
	return func() (normFn[float32], error) {
		if !opts.Reference {
			p, err := kernels.NewMVNFastF32(dims, axes, nv, float32(eps), inside)
			if err != nil {
				return nil, err
			}
			if p != nil {
				wk := opts.Workers
				return func(out []float32, in [][]float32) error {
					return p.Run(context.Background(), wk, out, in[0])
				}, nil
			}
		}
		return mvnFn[float32](dims, axes, nv, eps, inside)()
	}
}

func mvnFn[T float32 | float64](dims, axes []int, nv bool, eps float64, inside bool) func() (normFn[T], error) {
	return func() (normFn[T], error) {
		p, err := kernels.NewMVN(dims, axes, nv, T(eps), inside)
		if err != nil {
			return nil, err
		}
		return func(out []T, in [][]T) error { return kernels.MVN(p, out, in[0]) }, nil
	}
}
