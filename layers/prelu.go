package layers

import (
	"context"
	"fmt"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// PRelu-1 (IR type "PReLU"): x < 0 ? x·slope : x. validate_and_infer_types
// (src/core/src/op/prelu.cpp) checks nothing and gives the data's type and shape. The
// reference (src/core/reference/include/openvino/reference/prelu.hpp) broadcasts a 1-D
// slope whose length equals the data's channel dim (axis 1, or axis 0 for 1-D data) along
// the channels, and any other slope numpy-style; a slope that does not broadcast to the
// data's shape fails at Prepare.

type preluOp struct{}

func (preluOp) Infer(in []Input) ([]Output, error) {
	if len(in) != 2 {
		return nil, fmt.Errorf("PRelu expects 2 inputs, got %d", len(in))
	}
	return []Output{{Type: in[0].Type, Shape: cloneShape(in[0].Shape)}}, nil
}

// preluSupports reports whether the PRelu kernels compute element type t (f16 and bf16
// through f32).
func preluSupports(t ir.ElementType) bool {
	switch t {
	case ir.F32, ir.F64, ir.F16, ir.BF16, ir.I8, ir.I16, ir.I32, ir.I64, ir.U8, ir.U16, ir.U32, ir.U64:
		return true
	}
	return false
}

// CheckRunnable implements RunChecker.
func (preluOp) CheckRunnable(in []Input) error {
	if len(in) != 2 || !in[0].Type.IsStatic() {
		return nil
	}
	if !preluSupports(in[0].Type) {
		return unsupportedType("PRelu", in[0].Type)
	}
	if in[1].Type.IsStatic() && in[1].Type != in[0].Type && !preluMixed(in[0].Type, in[1].Type) {
		return &ir.UnsupportedError{What: fmt.Sprintf("PRelu with slope of element type %s on data of element type %s", in[1].Type, in[0].Type)}
	}
	return nil
}

func (p preluOp) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	if len(in) != 2 {
		return nil, fmt.Errorf("PRelu expects 2 inputs, got %d", len(in))
	}
	if err := p.CheckRunnable(in); err != nil {
		return nil, err
	}
	t := in[0].Type
	mixed := preluMixed(t, in[1].Type)
	if !t.IsStatic() || (in[1].Type != t && !mixed) {
		return nil, &ir.UnsupportedError{What: fmt.Sprintf("PRelu with slope of element type %s on data of element type %s", in[1].Type, t)}
	}
	xDims, ok1 := staticDims(in[0].Shape)
	sDims, ok2 := staticDims(in[1].Shape)
	if !ok1 || !ok2 {
		return nil, fmt.Errorf("PRelu: input shapes %s and %s are not static", in[0].Shape, in[1].Shape)
	}
	if _, err := ir.ElementCount(sDims); err != nil {
		return nil, err
	}
	plan, err := kernels.NewPReluPlan(xDims, sDims)
	if err != nil {
		return nil, fmt.Errorf("PRelu: %w", err)
	}
	if mixed {
		xn, _ := ir.ElementCount(xDims)
		sn, _ := ir.ElementCount(sDims)
		return preluMixedKernel(t, in[1].Type, plan, xn, sn), nil
	}
	switch t {
	case ir.F32:
		return preluKernel[float32](t, plan), nil
	case ir.F64:
		return preluKernel[float64](t, plan), nil
	case ir.I8:
		return preluKernel[int8](t, plan), nil
	case ir.I16:
		return preluKernel[int16](t, plan), nil
	case ir.I32:
		return preluKernel[int32](t, plan), nil
	case ir.I64:
		return preluKernel[int64](t, plan), nil
	case ir.U8:
		return preluKernel[uint8](t, plan), nil
	case ir.U16:
		return preluKernel[uint16](t, plan), nil
	case ir.U32:
		return preluKernel[uint32](t, plan), nil
	case ir.U64:
		return preluKernel[uint64](t, plan), nil
	case ir.F16, ir.BF16:
		xn, _ := ir.ElementCount(xDims)
		sn, _ := ir.ElementCount(sDims)
		return preluHalfKernel(t, plan, xn, sn), nil
	}
	return nil, unsupportedType("PRelu", t)
}

func preluTensors(in, out []*ir.Tensor) error {
	if len(in) < 2 || len(out) < 1 || in[0] == nil || in[1] == nil || out[0] == nil {
		return fmt.Errorf("PRelu: expected 2 input and 1 output tensors, got %d and %d", len(in), len(out))
	}
	return nil
}

func preluKernel[T kernels.Number](t ir.ElementType, plan *kernels.PReluPlan) Kernel {
	return kernelFunc(func(_ context.Context, in, out []*ir.Tensor) error {
		if err := preluTensors(in, out); err != nil {
			return err
		}
		x, ok1 := in[0].Data.([]T)
		s, ok2 := in[1].Data.([]T)
		d, ok3 := out[0].Data.([]T)
		if !ok1 || !ok2 || !ok3 || !dataMatches(t, in[0].Data) || !dataMatches(t, in[1].Data) || !dataMatches(t, out[0].Data) {
			return fmt.Errorf("PRelu: tensors of type %s hold %T, %T and %T", t, in[0].Data, in[1].Data, out[0].Data)
		}
		return kernels.PRelu(plan, d, x, s)
	})
}

// preluHalfKernel computes f16 or bf16 PRelu in float32 scratch owned by the kernel.
func preluHalfKernel(t ir.ElementType, plan *kernels.PReluPlan, xn, sn int) Kernel {
	h := newHalf(t, xn, xn)
	slope := make([]float32, sn)
	return kernelFunc(func(_ context.Context, in, out []*ir.Tensor) error {
		if err := preluTensors(in, out); err != nil {
			return err
		}
		if err := h.widen(in[0].Data); err != nil {
			return fmt.Errorf("PRelu: %w", err)
		}
		if err := eltWiden(t, slope, in[1].Data); err != nil {
			return fmt.Errorf("PRelu slope: %w", err)
		}
		if err := kernels.PRelu(plan, h.dst, h.src, slope); err != nil {
			return err
		}
		return h.narrow(out[0].Data)
	})
}

// preluMixed reports a data/slope pair of different float types that irrun computes in
// float32: OpenVINO's PRelu-1 does not require equal types (old f16 IR v10 files keep f32
// slopes), and its CPU plugin computes f16 in f32.
func preluMixed(data, slope ir.ElementType) bool {
	half := func(t ir.ElementType) bool { return t == ir.F32 || t == ir.F16 || t == ir.BF16 }
	return data != slope && half(data) && half(slope)
}

// preluMixedKernel computes PRelu in float32 for data and slope of different float types
// (f32, f16, bf16), with scratch owned by the kernel.
func preluMixedKernel(dt, st ir.ElementType, plan *kernels.PReluPlan, xn, sn int) Kernel {
	x := make([]float32, xn)
	y := make([]float32, xn)
	slope := make([]float32, sn)
	widen := func(dst []float32, t ir.ElementType, d any) error {
		if f, ok := d.([]float32); ok && t == ir.F32 && len(f) == len(dst) {
			copy(dst, f)
			return nil
		}
		return eltWiden(t, dst, d)
	}
	return kernelFunc(func(_ context.Context, in, out []*ir.Tensor) error {
		if err := preluTensors(in, out); err != nil {
			return err
		}
		if err := widen(x, dt, in[0].Data); err != nil {
			return fmt.Errorf("PRelu: %w", err)
		}
		if err := widen(slope, st, in[1].Data); err != nil {
			return fmt.Errorf("PRelu slope: %w", err)
		}
		if err := kernels.PRelu(plan, y, x, slope); err != nil {
			return err
		}
		switch d := out[0].Data.(type) {
		case []float32:
			copy(d, y)
		case []f16:
			kernels.F32ToF16(d, y)
		case []uint16:
			kernels.F32ToBF16(d, y)
		default:
			return fmt.Errorf("PRelu: output holds %T", out[0].Data)
		}
		return nil
	})
}
