package layers

import (
	"fmt"
	"slices"

	"github.com/irrun/irrun/ir"
)

// Squeeze-1, Squeeze-15 and Unsqueeze-1, following
// src/core/shape_inference/include/squeeze_shape_inference.hpp and
// unsqueeze_shape_inference.hpp. Both keep the elements in order: movers with an identity
// map and a copy kernel.

type squeezeOp struct {
	// AllowAxisSkip is Squeeze-15's allow_axis_skip: an axis pointing at a dynamic dim
	// that may be 1 makes the output rank dynamic.
	AllowAxisSkip bool `attr:"allow_axis_skip"`
	version       int
}

type unsqueezeOp struct{}

// axesRankOK is is_rank_compatible_any_of(rank, {0, 1}).
func axesRankOK(s ir.Shape) bool {
	r, ok := s.Rank()
	return !ok || r <= 1
}

func (q *squeezeOp) Infer(in []Input) ([]Output, error) {
	if len(in) != 1 && len(in) != 2 {
		return nil, fmt.Errorf("Squeeze expects 1 or 2 inputs, got %d", len(in))
	}
	out, err := q.shape(in)
	if err != nil {
		return nil, err
	}
	return []Output{{Type: in[0].Type, Shape: out}}, nil
}

func (q *squeezeOp) shape(in []Input) (ir.Shape, error) {
	arg := in[0].Shape
	argRank, argRankOK := arg.Rank()
	var axes []int64 // nil: unknown; the set of axes to squeeze otherwise
	known := false
	if len(in) == 1 {
		known = true
	} else {
		as := in[1].Shape
		// The rank check applies to static axes shapes only (axes_shape.is_dynamic()).
		if as.IsStatic() && len(as.Dims) > 1 {
			return ir.Shape{}, fmt.Errorf("Second input (axes) should not be of rank higher than 1. Got: %d", len(as.Dims))
		}
		if argRankOK && as.IsStatic() {
			if v, ok := in[1].ints(); ok {
				n := make([]int64, len(v))
				for i, a := range v {
					x, err := normalizeParamAxis(a, argRank)
					if err != nil {
						return ir.Shape{}, err
					}
					n[i] = x
				}
				slices.Sort(n)
				axes = slices.Compact(n)
				known = true
			} else if argRank > 0 && shapeElems(as) == 1 {
				squeezable := false
				for _, d := range arg.Dims {
					squeezable = squeezable || d.Compatible(ir.StaticDim(1))
				}
				switch {
				case !squeezable:
					return cloneShape(arg), nil
				case q.version == 15:
					return ir.DynamicRankShape(), nil
				default:
					s := ir.Shape{Dims: make([]ir.Dim, argRank-1)}
					for i := range s.Dims {
						s.Dims[i] = ir.DynamicDim()
					}
					return s, nil
				}
			}
		}
	}
	if !argRankOK || !known {
		return ir.DynamicRankShape(), nil
	}
	one := ir.StaticDim(1)
	if q.version == 15 && q.AllowAxisSkip {
		for _, a := range axes {
			if int(a) >= len(arg.Dims) {
				continue // a scalar's axis 0
			}
			d := arg.Dims[a]
			if !d.IsStatic() && d.Compatible(one) {
				return ir.DynamicRankShape(), nil
			}
		}
	}
	out := ir.Shape{Dims: []ir.Dim{}}
	if len(axes) == 0 {
		for _, d := range arg.Dims {
			if !d.IsStatic() && d.Compatible(one) {
				// Unsure whether the dim is 1: the output rank is unknown.
				return ir.DynamicRankShape(), nil
			}
		}
		for _, d := range arg.Dims {
			if !d.Compatible(one) {
				out.Dims = append(out.Dims, d)
			}
		}
		return out, nil
	}
	k := 0
	for i, d := range arg.Dims {
		if k < len(axes) && axes[k] == int64(i) {
			k++
			// An axis pointing at a dim that cannot be 1 is ignored.
			if d.Compatible(one) {
				continue
			}
		}
		out.Dims = append(out.Dims, d)
	}
	return out, nil
}

// shapeElems returns the element count of a static shape.
func shapeElems(s ir.Shape) int64 {
	n := int64(1)
	for _, d := range s.Dims {
		n = clipTimes(n, d.Lo)
	}
	return n
}

func (q *squeezeOp) dataInputs(int) []int { return []int{0} }

func (q *squeezeOp) moveMap(_ []Input, outShapes [][]int) ([][]int, error) {
	return identityMaps(outShapes), nil
}

func (q *squeezeOp) evalBounds(in []Input, outs []Output) { moverBounds(q, in, outs) }

func (q *squeezeOp) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	return prepareCopy("Squeeze", in)
}

// ---------------------------------------------------------------- Unsqueeze

func (unsqueezeOp) Infer(in []Input) ([]Output, error) {
	if len(in) != 2 {
		return nil, fmt.Errorf("Unsqueeze expects 2 inputs, got %d", len(in))
	}
	out, err := unsqueezeShape(in)
	if err != nil {
		return nil, err
	}
	return []Output{{Type: in[0].Type, Shape: out}}, nil
}

// paramAxisError is OpenVINO's normalize_axis message (ov::util::normalize_axis with a node).
func paramAxisError(axis int64, rank int) error {
	r := int64(rank)
	lo, hi := -r, r-1
	if r == 0 {
		lo, hi = 0, 0
	}
	return fmt.Errorf("Parameter axis %d out of the tensor rank range [%d, %d].", axis, lo, hi)
}

// normalizeParamAxis normalises axis against rank with paramAxisError's message.
func normalizeParamAxis(axis int64, rank int) (int64, error) {
	r := int64(rank)
	if r == 0 {
		// OpenVINO's range for a scalar is [0, 0].
		if axis != 0 {
			return 0, paramAxisError(axis, rank)
		}
		return 0, nil
	}
	if axis < -r || axis > r-1 {
		return 0, paramAxisError(axis, rank)
	}
	if axis < 0 {
		axis += r
	}
	return axis, nil
}

func unsqueezeShape(in []Input) (ir.Shape, error) {
	arg, as := in[0].Shape, in[1].Shape
	if !axesRankOK(as) {
		r, _ := as.Rank()
		return ir.Shape{}, fmt.Errorf("Second input (axes) should not be of rank higher than 1. Got: %d", r)
	}
	argRank, argRankOK := arg.Rank()
	v, known := in[1].ints()
	if known && argRankOK {
		if len(v) == 0 {
			return ir.Shape{}, fmt.Errorf("'axes' input is mandatory")
		}
		unique := slices.Clone(v)
		slices.Sort(unique)
		unique = slices.Compact(unique)
		expanded := argRank + len(unique)
		norm := make([]int64, len(unique))
		for i, a := range unique {
			n, err := normalizeParamAxis(a, expanded)
			if err != nil {
				return ir.Shape{}, err
			}
			norm[i] = n
		}
		slices.Sort(norm)
		norm = slices.Compact(norm)
		out := cloneShape(arg)
		for _, a := range norm {
			if int(a) > len(out.Dims)+1 {
				return ir.Shape{}, fmt.Errorf("provided 'axes' value %d is not valid.", a)
			}
			if int(a) <= len(out.Dims) {
				out.Dims = slices.Insert(out.Dims, int(a), ir.StaticDim(1))
			} else {
				out.Dims = append(out.Dims, ir.StaticDim(1))
			}
		}
		return out, nil
	}
	if argRankOK && as.IsStatic() && len(as.Dims) == 1 && as.Dims[0].Lo == 1 {
		s := ir.Shape{Dims: make([]ir.Dim, argRank+1)}
		for i := range s.Dims {
			s.Dims[i] = ir.DynamicDim()
		}
		return s, nil
	}
	return ir.DynamicRankShape(), nil
}

func (unsqueezeOp) dataInputs(int) []int { return []int{0} }

func (unsqueezeOp) moveMap(_ []Input, outShapes [][]int) ([][]int, error) {
	return identityMaps(outShapes), nil
}

func (u unsqueezeOp) evalBounds(in []Input, outs []Output) { moverBounds(u, in, outs) }

func (unsqueezeOp) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	return prepareCopy("Unsqueeze", in)
}
