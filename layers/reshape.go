package layers

import (
	"context"
	"fmt"

	"github.com/irrun/irrun/ir"
)

// Reshape-1, following src/core/shape_inference/include/reshape_shape_inference.hpp and
// src/core/src/op/reshape.cpp. The target pattern is read from the input's value or, through
// a shape sub-graph, from its per-element bounds (get_input_bounds), so a pattern built from
// ShapeOf -> Gather -> Concat of a dynamic batch still gives the known dims. Reshape is a data
// mover (row-major identity) for folding and bounds, and its kernel is a plain copy.

type reshapeOp struct {
	SpecialZero bool `attr:"special_zero"`
}

// ---------------------------------------------------------------- interval helpers

// emptyDim is OpenVINO's empty interval (both bounds at Interval::s_max).
var emptyDim = ir.Dim{Lo: ir.Inf, Hi: ir.Inf}

func dimIsEmpty(d ir.Dim) bool { return d.Lo == ir.Inf }

// clipTimes is Interval's clip_times on non-negative values.
func clipTimes(a, b int64) int64 {
	switch {
	case a == 0 || b == 0:
		return 0
	case a == ir.Inf || b == ir.Inf || a > ir.Inf/b:
		return ir.Inf
	}
	return a * b
}

// dimMul is Interval::operator* (an empty operand gives an empty result).
func dimMul(a, b ir.Dim) ir.Dim {
	if dimIsEmpty(a) {
		return a
	}
	if dimIsEmpty(b) {
		return b
	}
	return ir.Dim{Lo: clipTimes(a.Lo, b.Lo), Hi: clipTimes(a.Hi, b.Hi)}
}

// dimAdd is Interval::operator+ (an empty operand gives an empty result).
func dimAdd(a, b ir.Dim) ir.Dim {
	if dimIsEmpty(a) || dimIsEmpty(b) {
		return emptyDim
	}
	return ir.Dim{Lo: clipAdd(a.Lo, b.Lo), Hi: clipAdd(a.Hi, b.Hi)}
}

// dimFromBounds is Dimension(min, max) for int64 bounds: -1 as min means 0, -1 as max means
// unbounded, other values are clipped to [0, Inf]; max < min gives the empty interval.
func dimFromBounds(lo, hi int64) ir.Dim {
	if lo == -1 {
		lo = 0
	}
	if hi == -1 {
		hi = ir.Inf
	}
	if hi < lo {
		return emptyDim
	}
	return ir.Dim{Lo: max(lo, 0), Hi: max(hi, 0)}
}

// dimDivStatic is Dimension::operator/(divisor) for divisor > 0: the lower bound rounds up,
// the upper bound down (an empty interval when no multiple of divisor is in d).
func dimDivStatic(d ir.Dim, divisor int64) ir.Dim {
	if divisor <= 0 {
		return emptyDim
	}
	if divisor == 1 {
		return d
	}
	if d.IsDynamic() {
		return ir.DynamicDim()
	}
	lo := ceilDiv(d.Lo, divisor)
	hi := d.Hi
	if hi != ir.Inf {
		hi = d.Hi / divisor
	}
	if hi < lo {
		return emptyDim
	}
	return ir.Dim{Lo: lo, Hi: hi}
}

// valueOrLimit is element::get_value_or_limit_of: a bound equal to the maximum of the
// tensor's element type means "no bound" (ir.Inf).
func valueOrLimit(v int64, t ir.ElementType) int64 {
	if t.IsInteger() && v >= typeMax(t) {
		return ir.Inf
	}
	return v
}

// ---------------------------------------------------------------- inference

// reshapeProduct is reshape::Product<Dimension>: the static and dynamic parts of the input
// and output element counts, with equal static dims cancelled out.
type reshapeProduct struct {
	inS, inD, outS, outD ir.Dim
	ins, outs            []ir.Dim
}

func newReshapeProduct() *reshapeProduct {
	one := ir.StaticDim(1)
	return &reshapeProduct{inS: one, inD: one, outS: one, outD: one}
}

func (p *reshapeProduct) setInf() {
	p.inD, p.outD = ir.DynamicDim(), ir.DynamicDim()
}

func (p *reshapeProduct) calculate() {
	outs := append([]ir.Dim(nil), p.outs...)
	mul := func(s, d *ir.Dim, v ir.Dim) {
		if v.IsStatic() {
			*s = dimMul(v, *s)
		} else {
			*d = dimMul(v, *d)
		}
	}
	for _, d := range p.ins {
		found := -1
		// Without dimension symbols only equal static non-zero dims cancel.
		if d.IsStatic() && d.Lo != 0 {
			for j, o := range outs {
				if o == d {
					found = j
					break
				}
			}
		}
		if found < 0 {
			mul(&p.inS, &p.inD, d)
		} else {
			outs = append(outs[:found], outs[found+1:]...)
		}
	}
	for _, o := range outs {
		mul(&p.outS, &p.outD, o)
	}
	if p.inS != p.outS {
		p.inD = dimMul(p.inD, p.inS)
		p.outD = dimMul(p.outD, p.outS)
	}
}

// resolveMinusOne is reshape::resolve_minus_one_dim for Dimension.
func (p *reshapeProduct) resolveMinusOne() ir.Dim {
	m, po := p.inD, p.outD
	if dimIsEmpty(m) || dimIsEmpty(po) {
		return emptyDim
	}
	if m.IsStatic() && po.IsStatic() {
		if po.Lo == 0 {
			// Division by zero: OpenVINO's result is undefined; the zero-size check
			// that follows decides.
			return ir.DynamicDim()
		}
		return dimDivStatic(m, po.Lo)
	}
	r := m
	if m.Hi != ir.Inf && po.Lo != 0 && !po.IsDynamic() {
		r.Hi = m.Hi / po.Lo
	} else {
		r.Hi = ir.Inf
	}
	if po.Hi != 0 {
		r.Lo = ceilDiv(m.Lo, po.Hi)
	}
	if r.Hi < r.Lo {
		return emptyDim
	}
	return r
}

// reshapePattern is reshape::get_pattern_and_minus_one_idx: the pattern dims from the
// target's per-element bounds and the index of the -1 element (-1 when none).
func reshapePattern(lo, hi []int64, t ir.ElementType) ([]ir.Dim, int, error) {
	if len(lo) != len(hi) {
		return nil, -1, fmt.Errorf("internal error: %d lower and %d upper bounds", len(lo), len(hi))
	}
	pattern := make([]ir.Dim, 0, len(lo))
	minusOne := -1
	for i := range lo {
		l, h := valueOrLimit(lo[i], t), valueOrLimit(hi[i], t)
		if l == -1 && h == -1 {
			if minusOne >= 0 {
				return nil, -1, fmt.Errorf("More than one dimension has size of -1 (dims %d and %d)", minusOne, i)
			}
			minusOne = i
		}
		switch {
		case l > -1 || (l == -1 && h >= -1):
			pattern = append(pattern, dimFromBounds(l, h))
		case (l < 0) != (h < 0):
			pattern = append(pattern, ir.DynamicDim())
		default:
			return nil, -1, fmt.Errorf("Dim size cannot be less than -1: output pattern dim[%d] has invalid bounds: %d,%d", i, l, h)
		}
	}
	return pattern, minusOne, nil
}

func (r *reshapeOp) Infer(in []Input) ([]Output, error) {
	if len(in) != 2 {
		return nil, fmt.Errorf("Reshape expects 2 inputs, got %d", len(in))
	}
	if t := in[1].Type; t.IsStatic() && !t.IsInteger() {
		return nil, fmt.Errorf("PartialShape pattern must be an integral number. (got %s)", t)
	}
	out, err := reshapeShape(in[0].Shape, in[1], r.SpecialZero)
	if err != nil {
		return nil, err
	}
	return []Output{{Type: in[0].Type, Shape: out}}, nil
}

// reshapeShape is v1::shape_infer(Reshape).
func reshapeShape(data ir.Shape, pat Input, specialZero bool) (ir.Shape, error) {
	prank, prankOK := pat.Shape.Rank()
	if prankOK && prank > 1 {
		return ir.Shape{}, fmt.Errorf("Pattern shape must have rank 1 or be empty (pattern shape %s)", pat.Shape)
	}
	lo, hi, ok := pat.bounded()
	if !ok {
		switch {
		case prankOK && prank == 0:
			if r, ok := data.Rank(); ok && r != 0 {
				return ir.Shape{}, fmt.Errorf("Input must be scalar as pattern is scalar! (input shape %s)", data)
			}
			return ir.Shape{Dims: []ir.Dim{}}, nil
		case prankOK && pat.Shape.Dims[0].IsStatic() && pat.Shape.Dims[0].Lo <= 1<<16:
			s := ir.Shape{Dims: make([]ir.Dim, pat.Shape.Dims[0].Lo)}
			for i := range s.Dims {
				s.Dims[i] = ir.DynamicDim()
			}
			return s, nil
		}
		return ir.DynamicRankShape(), nil
	}
	pattern, minusOne, err := reshapePattern(lo, hi, pat.Type)
	if err != nil {
		return ir.Shape{}, err
	}
	if prankOK && prank == 0 {
		if len(pattern) == 0 || pattern[0] != ir.StaticDim(1) {
			return ir.Shape{}, fmt.Errorf("The value of scalar shape pattern should be equal to 1! (got %s)", fmtPatternDim(pattern))
		}
		pattern = pattern[:0]
	}
	prod := newReshapeProduct()
	out := ir.Shape{Dims: make([]ir.Dim, 0, len(pattern))}
	zero := ir.StaticDim(0)
	if data.DynamicRank {
		for _, pd := range pattern {
			if specialZero && pd == zero {
				out.Dims = append(out.Dims, ir.DynamicDim())
				prod.setInf()
			} else {
				out.Dims = append(out.Dims, pd)
				prod.outs = append(prod.outs, pd)
			}
		}
	} else {
		dims := data.Dims
		j := 0
		for i, pd := range pattern {
			ignore := specialZero && pd == zero
			switch {
			case i == minusOne:
				out.Dims = append(out.Dims, ir.DynamicDim())
			case ignore:
				if i >= len(dims) {
					return ir.Shape{}, fmt.Errorf("'0' dimension is out of range (pattern dim %d, input shape %s)", i, data)
				}
				out.Dims = append(out.Dims, dims[i])
			default:
				out.Dims = append(out.Dims, pd)
				prod.outs = append(prod.outs, pd)
			}
			if j < len(dims) {
				if !ignore {
					prod.ins = append(prod.ins, dims[j])
				}
				j++
			}
		}
		for ; j < len(dims); j++ {
			prod.ins = append(prod.ins, dims[j])
		}
	}
	prod.calculate()
	if minusOne >= 0 {
		m := prod.resolveMinusOne()
		out.Dims[minusOne] = m
		if prod.outS == zero {
			if prod.inS != zero {
				return ir.Shape{}, fmt.Errorf("Cannot infer '-1' dimension with zero-size output dimension unless at least one input dimension is also zero-size (input shape %s, pattern %s)", data, fmtPattern(pattern, minusOne))
			}
		} else if dimIsEmpty(m) {
			return ir.Shape{}, fmt.Errorf("Non-'-1' output dimensions do not evenly divide the input dimensions (input shape %s, pattern %s)", data, fmtPattern(pattern, minusOne))
		}
	}
	if data.IsStatic() && out.IsStatic() {
		zeroDims := false
		for _, pd := range pattern {
			zeroDims = zeroDims || pd == zero
		}
		compat := (zeroDims && specialZero) || minusOne >= 0
		if !compat && prod.inS != prod.outS {
			return ir.Shape{}, fmt.Errorf("Requested output shape %s is incompatible with input shape %s", out, data)
		}
	}
	return out, nil
}

func fmtPatternDim(p []ir.Dim) string {
	if len(p) == 0 {
		return "no value"
	}
	return p[0].String()
}

// fmtPattern prints a pattern with its -1 element.
func fmtPattern(p []ir.Dim, minusOne int) string {
	s := ir.Shape{Dims: p}.String()
	if minusOne < 0 {
		return s
	}
	b := []byte("[")
	for i, d := range p {
		if i > 0 {
			b = append(b, ',')
		}
		if i == minusOne {
			b = append(b, "-1"...)
		} else {
			b = append(b, d.String()...)
		}
	}
	return string(append(b, ']'))
}

// ---------------------------------------------------------------- data movement

func (r *reshapeOp) dataInputs(int) []int { return []int{0} }

func (r *reshapeOp) moveMap(_ []Input, outShapes [][]int) ([][]int, error) {
	return identityMaps(outShapes), nil
}

func (r *reshapeOp) evalBounds(in []Input, outs []Output) { moverBounds(r, in, outs) }

func (r *reshapeOp) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	return prepareCopy("Reshape", in)
}

// identityMaps is the move map of an op that keeps the row-major element order
// (Reshape, Squeeze, Unsqueeze).
func identityMaps(outShapes [][]int) [][]int {
	maps := make([][]int, len(outShapes))
	for i, s := range outShapes {
		m := make([]int, product(s))
		for j := range m {
			m[j] = j
		}
		maps[i] = m
	}
	return maps
}

// prepareCopy is the kernel of the ops that keep the data and change only the shape: the
// output holds the input's elements in the same order.
func prepareCopy(op string, in []Input) (Kernel, error) {
	if len(in) == 0 {
		return nil, fmt.Errorf("%s: no input", op)
	}
	if _, ok := staticDims(in[0].Shape); !ok {
		return nil, fmt.Errorf("%s: input shape %s is not static", op, in[0].Shape)
	}
	return kernelFunc(func(_ context.Context, ts, outs []*ir.Tensor) error {
		if len(ts) == 0 || len(outs) != 1 {
			return fmt.Errorf("%s: expected at least 1 input and 1 output tensor, got %d and %d", op, len(ts), len(outs))
		}
		if err := copyData(outs[0], ts[0]); err != nil {
			return fmt.Errorf("%s: %w", op, err)
		}
		return nil
	}), nil
}
