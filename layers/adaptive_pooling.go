package layers

import (
	"fmt"
	"math"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// AdaptiveAvgPool-8 and AdaptiveMaxPool-8 (§6).

type adaptiveOp struct {
	max       bool
	indexType ir.ElementType // AdaptiveMaxPool only
}

func (a *adaptiveOp) name() string {
	if a.max {
		return "AdaptiveMaxPool-8"
	}
	return "AdaptiveAvgPool-8"
}

func decodeAdaptive(l *ir.Layer, max bool) (Op, []ir.Diagnostic) {
	d := newDecoder(l)
	a := &adaptiveOp{max: max, indexType: ir.I64}
	if max {
		// Validated in Infer, as OpenVINO's validate_and_infer_types does.
		a.indexType, _ = d.elemType("index_element_type", ir.I64)
	}
	// AdaptiveAvgPool has no attributes; <data output_type=...> from the spec
	// examples is ignored like any unknown attribute.
	if d.failed {
		return nil, d.diags
	}
	return a, d.diags
}

// outputSizeValues reads output_size as OpenVINO's get_input_const_data_as_shape
// does in graph validation: -1 is a dynamic dim, other negatives clip to 0.
// ok is false when the tensor holds no numbers.
func outputSizeValues(t *ir.Tensor) (raw []int64, dims []ir.Dim, ok bool) {
	raw, ok = t.Int64s()
	if !ok {
		f, fok := t.Float64s()
		if !fok {
			return nil, nil, false
		}
		raw = make([]int64, len(f))
		for i, v := range f {
			raw[i] = satSigned(v, math.MinInt64, math.MaxInt64)
		}
	}
	dims = make([]ir.Dim, len(raw))
	for i, v := range raw {
		switch {
		case v == -1:
			dims[i] = ir.DynamicDim()
		case v < 0:
			dims[i] = ir.StaticDim(0)
		default:
			dims[i] = ir.StaticDim(v)
		}
	}
	return raw, dims, true
}

// Infer implements Op (src/core/src/op/adaptive_*_pool.cpp, pooling
// out_shape_infer for the adaptive ops).
func (a *adaptiveOp) Infer(in []Input) ([]Output, error) {
	if len(in) != 2 {
		return nil, fmt.Errorf("%s expects 2 inputs, got %d", a.name(), len(in))
	}
	if a.max && a.indexType != ir.I32 && a.indexType != ir.I64 {
		return nil, fmt.Errorf("Index element type must be i32 or i64 (index_element_type is %s)", a.indexType)
	}
	data, size := in[0], in[1]
	rank, rankOK := data.Shape.Rank()
	if rankOK && (rank < 3 || rank > 5) {
		return nil, fmt.Errorf("Expected a 3D, 4D or 5D tensor for the input. Got: %s", data.Shape)
	}
	var out ir.Shape
	if !rankOK {
		out = ir.DynamicRankShape()
	} else {
		nsp := rank - 2
		if r, ok := size.Shape.Rank(); ok {
			// OpenVINO reads dim 0 without checking the rank; a scalar output_size
			// (rank 0) is reported here as incompatible.
			if r == 0 || !size.Shape.Dims[0].Compatible(ir.StaticDim(int64(nsp))) {
				return nil, fmt.Errorf("Output shape for spatial dimension not compatible with data shape. (output_size shape %s, input %s has %d spatial dims)",
					size.Shape, data.Shape, nsp)
			}
		}
		out.Dims = append(out.Dims, data.Shape.Dims[0], data.Shape.Dims[1])
		var spatial []ir.Dim
		if size.Value != nil {
			_, dims, ok := outputSizeValues(size.Value)
			if ok {
				spatial = dims
			}
		} else if size.Bounds != nil {
			// A shape sub-graph (ShapeOf of a partial shape): its bounds give the dims, as
			// get_input_const_data_as_shape's evaluate_as_partial_shape does.
			spatial = shapeInput(size).Dims
		}
		if spatial != nil {
			if len(spatial) != nsp {
				return nil, fmt.Errorf("Number of spatial dimensions is not compatible with input data rank (output_size has %d values, input %s has %d spatial dims)",
					len(spatial), data.Shape, nsp)
			}
			out.Dims = append(out.Dims, spatial...)
		} else {
			for range nsp {
				out.Dims = append(out.Dims, ir.DynamicDim())
			}
		}
	}
	outs := []Output{{Type: data.Type, Shape: out}}
	if a.max {
		outs = append(outs, Output{Type: a.indexType, Shape: cloneShape(out)})
	}
	return outs, nil
}

// Prepare implements Op. output_size must be known (in[1].Value); negative sizes
// and empty windows (an input extent of 0 with a non-zero output size), which
// OpenVINO accepts at graph validation but cannot execute, are refused here.
func (a *adaptiveOp) Prepare(in []Input, opts ExecOptions) (Kernel, error) {
	if _, err := a.Infer(in); err != nil {
		return nil, err
	}
	dims, ok := staticDims(in[0].Shape)
	if !ok {
		return nil, fmt.Errorf("%s: input shape %s is not static", a.name(), in[0].Shape)
	}
	if in[1].Value == nil {
		return nil, &ir.UnsupportedError{What: a.name() + " with an output_size that is not known before execution"}
	}
	raw, _, ok := outputSizeValues(in[1].Value)
	if !ok {
		return nil, fmt.Errorf("%s: output_size of type %s holds no numbers", a.name(), in[1].Value.Type)
	}
	outSp := make([]int, len(raw))
	for i, v := range raw {
		if v < 0 {
			return nil, fmt.Errorf("%s: output_size[%d] is %d; sizes must be non-negative to execute (OpenVINO's static shape inference rejects it too)", a.name(), i, v)
		}
		if v > math.MaxInt32 {
			return nil, fmt.Errorf("%s: output_size[%d] is %d, too large", a.name(), i, v)
		}
		outSp[i] = int(v)
		if dims[2+i] == 0 && v > 0 {
			return nil, fmt.Errorf("%s: input spatial dim %d is 0, so every window is empty (OpenVINO: %s elements == 0, must be non-zero)",
				a.name(), i, a.name()[:len(a.name())-2])
		}
	}
	g := kernels.Adaptive{N: dims[0], C: dims[1], In: dims[2:], Out: outSp}
	if err := g.Validate(); err != nil && !emptyAdaptive(g) {
		return nil, fmt.Errorf("%s: %w", a.name(), err)
	}
	if a.max {
		return bindAdaptiveMax(a.name(), in[0].Type, g, a.indexType, opts)
	}
	return bindAdaptiveAvg(a.name(), in[0].Type, g, opts)
}

// CheckRunnable implements RunChecker.
func (a *adaptiveOp) CheckRunnable(in []Input) error {
	if err := checkPoolable(a.name(), in); err != nil {
		return err
	}
	if len(in) == 2 && in[1].Value == nil && !in[1].Constant {
		return &ir.UnsupportedError{What: a.name() + " with an output_size that is not known before execution"}
	}
	return nil
}

// emptyAdaptive reports a geometry with no output element (some Out is 0, or N or
// C is 0): nothing to compute, whatever the input extents.
func emptyAdaptive(g kernels.Adaptive) bool {
	if g.N == 0 || g.C == 0 {
		return true
	}
	for _, o := range g.Out {
		if o == 0 {
			return true
		}
	}
	return false
}
