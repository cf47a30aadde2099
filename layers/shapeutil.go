package layers

import (
	"math"
	"slices"

	"github.com/irrun/irrun/ir"
)

// Shared rules of OpenVINO's shape inference: Dimension/PartialShape merging and
// broadcasting (src/core/src/dimension.cpp, partial_shape.cpp), element-type merging,
// axis normalisation, and reading a shape from an input's value or bounds.

// dimMerge is Dimension::merge: the intersection of two intervals; ok is false when empty.
func dimMerge(a, b ir.Dim) (ir.Dim, bool) {
	d := ir.Dim{Lo: max(a.Lo, b.Lo), Hi: min(a.Hi, b.Hi)}
	return d, d.Lo <= d.Hi
}

func dimContains(d ir.Dim, v int64) bool { return d.Lo <= v && v <= d.Hi }

// dimBroadcastMerge is Dimension::broadcast_merge (numpy rules on intervals).
func dimBroadcastMerge(a, b ir.Dim) (ir.Dim, bool) {
	a1, b1 := dimContains(a, 1), dimContains(b, 1)
	switch {
	case a1 && b1:
		return ir.Dim{Lo: min(a.Lo, b.Lo), Hi: max(a.Hi, b.Hi)}, true
	case a1:
		return b, true
	case b1:
		return a, true
	}
	return dimMerge(a, b)
}

// shapeMerge is PartialShape::merge_into: dims intersected; ok is false when the ranks or
// a dim are incompatible.
func shapeMerge(a, b ir.Shape) (ir.Shape, bool) {
	if a.DynamicRank {
		return cloneShape(b), true
	}
	if b.DynamicRank {
		return cloneShape(a), true
	}
	if len(a.Dims) != len(b.Dims) {
		return a, false
	}
	out := ir.Shape{Dims: make([]ir.Dim, len(a.Dims))}
	ok := true
	for i := range a.Dims {
		d, m := dimMerge(a.Dims[i], b.Dims[i])
		if !m {
			ok = false
			d = a.Dims[i]
		}
		out.Dims[i] = d
	}
	return out, ok
}

// autoBroadcast is OpenVINO's AutoBroadcastSpec: the auto_broadcast attribute ("none",
// "numpy", "pdpd"; "explicit" for ops that take axes) and the pdpd axis.
type autoBroadcast struct {
	Type string
	Axis int64
}

// broadcastMerge is PartialShape::broadcast_merge_into(dst, src, spec): the output shape
// of an elementwise op; ok is false when the shapes are inconsistent.
func broadcastMerge(dst, src ir.Shape, spec autoBroadcast) (ir.Shape, bool) {
	switch spec.Type {
	case "none":
		return shapeMerge(dst, src)
	case "pdpd":
		if dst.DynamicRank || src.DynamicRank {
			return cloneShape(dst), true
		}
		dr, sr := len(dst.Dims), len(src.Dims)
		if sr > dr {
			return dst, false
		}
		if dr == sr && dst.Compatible(src) {
			return cloneShape(dst), true
		}
		axis := spec.Axis
		if axis < -1 {
			return dst, false
		}
		if axis == -1 {
			axis = int64(dr - sr)
		}
		n := sr
		for n > 0 && src.Dims[n-1] == ir.StaticDim(1) {
			n--
		}
		if axis+int64(n) > int64(dr) {
			return dst, false
		}
		for i := 0; i < n; i++ {
			if !dst.Dims[int(axis)+i].Compatible(src.Dims[i]) {
				return dst, false
			}
		}
		return cloneShape(dst), true
	default: // numpy
		if dst.DynamicRank || src.DynamicRank {
			return ir.DynamicRankShape(), true
		}
		dr, sr := len(dst.Dims), len(src.Dims)
		r := max(dr, sr)
		out := ir.Shape{Dims: make([]ir.Dim, r)}
		ok := true
		for i := 0; i < r; i++ {
			a, b := ir.StaticDim(1), ir.StaticDim(1)
			if j := i - (r - dr); j >= 0 {
				a = dst.Dims[j]
			}
			if j := i - (r - sr); j >= 0 {
				b = src.Dims[j]
			}
			d, m := dimBroadcastMerge(a, b)
			if !m {
				ok = false
			}
			out.Dims[i] = d
		}
		return out, ok
	}
}

// mergeTypes is element::Type::merge: dynamic merges with anything; ok is false for two
// different static types.
func mergeTypes(a, b ir.ElementType) (ir.ElementType, bool) {
	switch {
	case !a.IsStatic():
		return b, true
	case !b.IsStatic():
		return a, true
	case a == b:
		return a, true
	}
	return a, false
}

// normalizeAxes normalises every axis of axes against rank (normalizeAxis's message).
func normalizeAxes(axes []int64, rank int) ([]int64, error) {
	out := make([]int64, len(axes))
	for i, a := range axes {
		n, err := normalizeAxis(a, rank)
		if err != nil {
			return nil, err
		}
		out[i] = n
	}
	return out, nil
}

// Bounds are per-element integer bounds of a tensor whose value is not known exactly:
// Lo[i] <= value[i] <= Hi[i], with Hi[i] == ir.Inf meaning no upper bound (OpenVINO
// encodes it as the element type's maximum). len(Lo) == len(Hi) == the element count.
type Bounds struct {
	Lo, Hi []int64
}

// bounded returns an integer input's per-element bounds: its value when known (lo == hi),
// else its Bounds; ok is false when neither is known.
func (in Input) bounded() (lo, hi []int64, ok bool) {
	if in.Value != nil {
		v, ok := in.Value.Int64s()
		if !ok {
			return nil, nil, false
		}
		return v, v, true
	}
	if in.Bounds != nil {
		return in.Bounds.Lo, in.Bounds.Hi, true
	}
	return nil, nil, false
}

// ints returns an integer input's value as int64s; ok is false when it is not known. Bounds
// that meet are a value, as OpenVINO's get_constant_from_source finds one (a Gather of a
// ShapeOf's static dims, type_prop/transpose.cpp transpose_order_as_parameter_shape).
func (in Input) ints() ([]int64, bool) {
	if in.Value == nil {
		if b := in.Bounds; b != nil && len(b.Lo) == len(b.Hi) && slices.Equal(b.Lo, b.Hi) && in.Shape.IsStatic() {
			return slices.Clone(b.Lo), true
		}
		return nil, false
	}
	return in.Value.Int64s()
}

// boundToDim turns the bounds of one element of a shape tensor into a dimension: an upper
// bound at or beyond the element type's maximum is unbounded; a negative lower bound is 0.
func boundToDim(lo, hi int64, t ir.ElementType) ir.Dim {
	if hi >= typeMax(t) {
		hi = ir.Inf
	}
	if lo < 0 {
		lo = 0
	}
	if hi < lo {
		return ir.DynamicDim()
	}
	return ir.Dim{Lo: lo, Hi: hi}
}

// typeMax is the largest value of an integer element type as int64 (MaxInt64 otherwise).
func typeMax(t ir.ElementType) int64 {
	switch t {
	case ir.I8:
		return math.MaxInt8
	case ir.I16:
		return math.MaxInt16
	case ir.I32:
		return math.MaxInt32
	case ir.U8:
		return math.MaxUint8
	case ir.U16:
		return math.MaxUint16
	case ir.U32:
		return math.MaxUint32
	}
	return math.MaxInt64
}

// typeMin is the smallest value of an integer element type as int64.
func typeMin(t ir.ElementType) int64 {
	switch t {
	case ir.I8:
		return math.MinInt8
	case ir.I16:
		return math.MinInt16
	case ir.I32:
		return math.MinInt32
	case ir.I64:
		return math.MinInt64
	case ir.I4:
		return -8
	}
	return 0
}

// shapeInput reads a 1-D shape input (Reshape's target, Broadcast's target_shape) as a
// partial shape: each element's value or bounds give one dim. Without value or bounds the
// rank comes from the input's static length, else it is dynamic. Negative values (Reshape's
// -1) become dynamic dims; callers that give them a meaning read the value themselves.
func shapeInput(in Input) ir.Shape {
	if lo, hi, ok := in.bounded(); ok {
		s := ir.Shape{Dims: make([]ir.Dim, len(lo))}
		for i := range lo {
			if lo[i] == hi[i] && lo[i] < 0 {
				s.Dims[i] = ir.DynamicDim()
				continue
			}
			s.Dims[i] = boundToDim(lo[i], hi[i], in.Type)
		}
		return s
	}
	if r, ok := in.Shape.Rank(); ok && r == 1 && in.Shape.Dims[0].IsStatic() {
		n := in.Shape.Dims[0].Lo
		if n <= 1<<16 {
			s := ir.Shape{Dims: make([]ir.Dim, n)}
			for i := range s.Dims {
				s.Dims[i] = ir.DynamicDim()
			}
			return s
		}
	}
	if r, ok := in.Shape.Rank(); ok && r == 0 {
		return ir.Shape{Dims: []ir.Dim{ir.DynamicDim()}}
	}
	return ir.DynamicRankShape()
}

// staticShapeBounds returns the bounds a ShapeOf of s produces: one element per dim.
func staticShapeBounds(s ir.Shape) *Bounds {
	b := &Bounds{Lo: make([]int64, len(s.Dims)), Hi: make([]int64, len(s.Dims))}
	for i, d := range s.Dims {
		b.Lo[i], b.Hi[i] = d.Lo, d.Hi
	}
	return b
}
