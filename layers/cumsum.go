package layers

import (
	"context"
	"fmt"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// CumSum-1 (opset3): src/core/src/op/cum_sum.cpp and reference cum_sum.hpp. The axis input
// (one i32 or i64 value; its rank is not checked at inference) is optional and defaults to 0; it may be a runtime value (OpenVINO's
// cum_sum.cpp template test feeds it through a Parameter), read and checked on every run.

type cumSumOp struct {
	Exclusive bool `attr:"exclusive"`
	Reverse   bool `attr:"reverse"`
}

func (c *cumSumOp) Infer(in []Input) ([]Output, error) {
	if len(in) != 1 && len(in) != 2 {
		return nil, fmt.Errorf("CumSum expects 1 or 2 inputs, got %d", len(in))
	}
	if len(in) == 2 {
		if t := in[1].Type; t.IsStatic() && t != ir.I32 && t != ir.I64 {
			return nil, fmt.Errorf("axis element type must be either int64_t or int32_t but got (%s).", t)
		}
		// The axis rank is not checked: OpenVINO accepts a non-scalar axis "for backward
		// compatibility" (type_prop cum_sum_op_incorrect_axis_shapes); execution reads one
		// value (csAxis).
		if rank, ok := in[0].Shape.Rank(); ok {
			if v, ok := in[1].ints(); ok && len(v) == 1 {
				if _, err := normalizeAxis(v[0], rank); err != nil {
					return nil, err
				}
			}
		}
	}
	return []Output{{Type: in[0].Type, Shape: cloneShape(in[0].Shape)}}, nil
}

// CheckRunnable implements RunChecker.
func (c *cumSumOp) CheckRunnable(in []Input) error {
	if t := in[0].Type; t.IsStatic() && !cumSummable(t) {
		return unsupportedType("CumSum", t)
	}
	return nil
}

func cumSummable(t ir.ElementType) bool {
	switch t {
	case ir.F16, ir.BF16, ir.F32, ir.F64, ir.I8, ir.I16, ir.I32, ir.I64, ir.U8, ir.U16, ir.U32, ir.U64:
		return true
	}
	return false
}

func (c *cumSumOp) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	dims, ok := staticDims(in[0].Shape)
	if !ok {
		return nil, fmt.Errorf("CumSum: input shape %s is not static", in[0].Shape)
	}
	axis, known := int64(0), true
	if len(in) == 2 {
		v, ok := in[1].ints()
		if ok && len(v) == 1 {
			axis = v[0]
		} else {
			known = false // read from the axis tensor on every run
		}
	}
	t := in[0].Type
	if !cumSummable(t) {
		return nil, unsupportedType("CumSum", t)
	}
	outer, n, inner, err := csGeometry(dims, axis)
	if known && err != nil {
		return nil, err
	}
	ex, rev := c.Exclusive, c.Reverse
	var h *half
	if t == ir.F16 || t == ir.BF16 {
		h = newHalf(t, outer*n*inner, outer*n*inner)
	}
	return kernelFunc(func(_ context.Context, ts, outs []*ir.Tensor) error {
		if len(ts) < 1 || len(outs) != 1 {
			return fmt.Errorf("CumSum: expected an input and 1 output, got %d and %d", len(ts), len(outs))
		}
		outer, n, inner := outer, n, inner
		if !known {
			if len(ts) != 2 {
				return fmt.Errorf("CumSum: expected the data and axis inputs, got %d", len(ts))
			}
			a, err := csAxis(ts[1])
			if err != nil {
				return err
			}
			if outer, n, inner, err = csGeometry(dims, a); err != nil {
				return fmt.Errorf("CumSum: %w", err)
			}
		}
		if h != nil {
			if err := h.widen(ts[0].Data); err != nil {
				return err
			}
			if err := kernels.CumSum(h.src, h.dst, outer, n, inner, ex, rev); err != nil {
				return err
			}
			return h.narrow(outs[0].Data)
		}
		return cumSumData(ts[0].Data, outs[0].Data, outer, n, inner, ex, rev)
	}), nil
}

// csGeometry splits dims at axis into (outer, n, inner); a scalar input is one element.
func csGeometry(dims []int, axis int64) (outer, n, inner int, err error) {
	if len(dims) == 0 {
		return 1, 1, 1, nil
	}
	a, err := normalizeAxis(axis, len(dims))
	if err != nil {
		return 0, 0, 0, err
	}
	return product(dims[:a]), dims[a], product(dims[a+1:]), nil
}

// csAxis reads a runtime axis tensor: one i32 or i64 element.
func csAxis(t *ir.Tensor) (int64, error) {
	switch d := t.Data.(type) {
	case []int32:
		if len(d) == 1 {
			return int64(d[0]), nil
		}
	case []int64:
		if len(d) == 1 {
			return d[0], nil
		}
	}
	return 0, fmt.Errorf("CumSum: the axis must be one i32 or i64 value, got %s %v", t.Type, t.Shape)
}

func cumSumData(src, dst any, outer, n, inner int, ex, rev bool) error {
	switch s := src.(type) {
	case []float32:
		return cumSumT(s, dst, outer, n, inner, ex, rev)
	case []float64:
		return cumSumT(s, dst, outer, n, inner, ex, rev)
	case []int8:
		return cumSumT(s, dst, outer, n, inner, ex, rev)
	case []int16:
		return cumSumT(s, dst, outer, n, inner, ex, rev)
	case []int32:
		return cumSumT(s, dst, outer, n, inner, ex, rev)
	case []int64:
		return cumSumT(s, dst, outer, n, inner, ex, rev)
	case []uint8:
		return cumSumT(s, dst, outer, n, inner, ex, rev)
	case []uint16:
		return cumSumT(s, dst, outer, n, inner, ex, rev)
	case []uint32:
		return cumSumT(s, dst, outer, n, inner, ex, rev)
	case []uint64:
		return cumSumT(s, dst, outer, n, inner, ex, rev)
	}
	return fmt.Errorf("CumSum: cannot sum %T", src)
}

func cumSumT[T kernels.Number](src []T, dst any, outer, n, inner int, ex, rev bool) error {
	d, ok := dst.([]T)
	if !ok {
		return fmt.Errorf("CumSum: output %T for input %T", dst, src)
	}
	return kernels.CumSum(src, d, outer, n, inner, ex, rev)
}
