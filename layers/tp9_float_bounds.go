package layers

import (
	"math"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// Bounds of floating-point (f32, f64) arithmetic, as OpenVINO evaluates them on shape
// sub-graphs converted to float (type_prop/binary_elementwise.cpp's
// interval_value_propagation_* chains: ShapeOf → Convert(f32) → op(Constant) → Convert(i32)
// → Reshape). The inputs' intervals are read as float64 (a Constant's values, or integer
// Bounds, an upper bound ir.Inf meaning "no bound" as OpenVINO's type maximum does); the op
// is evaluated on the corners in the output's precision (interval_bound_evaluator; Divide
// by divide.cpp's evaluate_bound); a corner on a dynamic input gives [0, max]. Bounds stay
// integers: the lower bound is rounded down and the upper bound up, so a fractional result
// (9/2) gives the enclosing integers where OpenVINO keeps 4.5. Mod and FloorMod are left
// without float bounds.

// tp9FloatInput returns input x's per-element float intervals, checked against its element
// count; dyn marks the elements whose upper bound is unbounded.
func tp9FloatInput(x Input) (lo, hi []float64, dyn []bool, ok bool) {
	d, ok := staticDims(x.Shape)
	if !ok {
		return nil, nil, nil, false
	}
	n, err := ir.ElementCount(d)
	if err != nil {
		return nil, nil, nil, false
	}
	switch {
	case x.Value != nil:
		v, ok := x.Value.Float64s()
		if !ok || len(v) != n {
			return nil, nil, nil, false
		}
		return v, v, make([]bool, n), true
	case x.Bounds != nil && len(x.Bounds.Lo) == n && len(x.Bounds.Hi) == n:
		lo, hi, dyn = make([]float64, n), make([]float64, n), make([]bool, n)
		for i := range n {
			lo[i], hi[i] = float64(x.Bounds.Lo[i]), float64(x.Bounds.Hi[i])
			dyn[i] = x.Bounds.Hi[i] == ir.Inf || x.Bounds.Lo[i] == ir.Inf
		}
		return lo, hi, dyn, true
	}
	return nil, nil, nil, false
}

// tp9FloatBounds sets the bounds of a floating-point arithmetic output (see above).
func (b *eltBinary) tp9FloatBounds(in []Input, outs []Output) {
	t := outs[0].Type
	if b.fn.arith == kernels.BinMod || b.fn.arith == kernels.BinFloorMod {
		return
	}
	lo0, hi0, dyn0, ok0 := tp9FloatInput(in[0])
	lo1, hi1, dyn1, ok1 := tp9FloatInput(in[1])
	if !ok0 || !ok1 {
		return
	}
	idx, ok := eltIndexMap(in, outs[0].Shape, b.spec(), 0)
	if !ok {
		return
	}
	n := len(idx[0])
	res := &Bounds{Lo: make([]int64, n), Hi: make([]int64, n)}
	for j := range n {
		i0, i1 := idx[0][j], idx[1][j]
		l, h := math.Inf(-1), math.Inf(1)
		if dyn0[i0] || dyn1[i1] {
			l = 0
		} else {
			l, h = b.tp9FloatOne(lo0[i0], hi0[i0], lo1[i1], hi1[i1], t)
		}
		res.Lo[j], res.Hi[j] = tp9Floor(l), tp9Ceil(h)
	}
	outs[0].Bounds = res
}

// tp9FloatOne bounds one element of a op c for a in [a0, a1] and c in [c0, c1].
func (b *eltBinary) tp9FloatOne(a0, a1, c0, c1 float64, t ir.ElementType) (float64, float64) {
	op := func(x, y float64) float64 { return tp9FloatOp(b.fn.arith, x, y, t) }
	if b.fn.arith == kernels.BinDivide {
		switch {
		case c0 > 0 || c1 < 0:
			// A divisor of fixed sign: monotone in each argument, the corners bound it.
		case c0 == 0 && c1 > 0 && a0 >= 0:
			// (0, c1]: at least a0/c1, unbounded above (divide.cpp: max where the divisor
			// range reaches zero).
			return op(a0, c1), math.Inf(1)
		default:
			return math.Inf(-1), math.Inf(1)
		}
	}
	l, h := math.Inf(1), math.Inf(-1)
	for _, x := range [2]float64{a0, a1} {
		for _, y := range [2]float64{c0, c1} {
			v := op(x, y)
			if math.IsNaN(v) {
				return math.Inf(-1), math.Inf(1)
			}
			l, h = min(l, v), max(h, v)
		}
	}
	return l, h
}

// tp9FloatOp computes one arithmetic op in the precision of t (f32 or f64).
func tp9FloatOp(f kernels.BinaryOp, x, y float64, t ir.ElementType) float64 {
	if t == ir.F32 {
		a, c := float32(x), float32(y)
		switch f {
		case kernels.BinAdd:
			return float64(a + c)
		case kernels.BinSubtract:
			return float64(a - c)
		case kernels.BinMultiply:
			return float64(a * c)
		case kernels.BinDivide:
			return float64(a / c)
		case kernels.BinSquaredDifference:
			d := a - c
			return float64(d * d)
		case kernels.BinPower:
			return float64(float32(math.Pow(float64(a), float64(c))))
		}
	} else {
		switch f {
		case kernels.BinAdd:
			return x + y
		case kernels.BinSubtract:
			return x - y
		case kernels.BinMultiply:
			return x * y
		case kernels.BinDivide:
			return x / y
		case kernels.BinSquaredDifference:
			return (x - y) * (x - y)
		case kernels.BinPower:
			return math.Pow(x, y)
		}
	}
	switch f {
	case kernels.BinMaximum:
		return max(x, y)
	case kernels.BinMinimum:
		return min(x, y)
	}
	return math.NaN()
}

// tp9Floor rounds a lower bound down to int64 (saturating; -Inf and NaN give MinInt64).
func tp9Floor(v float64) int64 {
	v = math.Floor(v)
	switch {
	case math.IsNaN(v) || v <= math.MinInt64:
		return math.MinInt64
	case v >= math.MaxInt64:
		return ir.Inf
	}
	return int64(v)
}

// tp9Ceil rounds an upper bound up to int64 (+Inf, NaN and values past int64 give ir.Inf).
func tp9Ceil(v float64) int64 {
	v = math.Ceil(v)
	switch {
	case math.IsNaN(v) || v >= math.MaxInt64:
		return ir.Inf
	case v <= math.MinInt64:
		return math.MinInt64
	}
	return int64(v)
}
