package layers

import (
	"context"
	"fmt"

	"github.com/irrun/irrun/ir"
)

// Value propagation, as OpenVINO's constant folding and evaluate_lower/evaluate_upper do
// it: after Infer, an op whose inputs are all known is folded by running its reference
// kernel (bounded in size), and an op fed by bounded integers (a shape sub-graph behind a
// dynamic dimension) gets per-element bounds on its outputs.

// Fold limits: a value is computed at build time only when each output has at most
// foldOutputLimit elements and the inputs hold at most foldInputLimit in all, so `check`
// never materialises large tensors (weights, activations).
const (
	foldOutputLimit = 1 << 16
	foldInputLimit  = 1 << 20
)

// boundsEvaluator is implemented by ops with their own bound rules (arithmetic, ShapeOf):
// given inputs with values or bounds, it sets the Bounds of the outputs it can bound.
type boundsEvaluator interface {
	evalBounds(in []Input, outs []Output)
}

// stateful is implemented by ops whose output is not a function of their inputs
// (ReadValue): they are never folded nor constant.
type stateful interface {
	stateful()
}

// Propagate completes the outputs that Infer returned for in: it marks outputs constant
// when every input is, folds the op when every input value is known, and otherwise
// propagates bounds. It never fails: what cannot be computed stays unknown.
func Propagate(op Op, in []Input, outs []Output) []Output {
	if _, ok := op.(stateful); ok {
		return outs
	}
	constant := len(in) > 0
	values := len(in) > 0
	total := 0
	for _, x := range in {
		constant = constant && x.Constant
		values = values && x.Value != nil
		if x.Value != nil {
			total += x.Value.Len()
		}
	}
	known := len(outs) > 0
	for i := range outs {
		if constant {
			outs[i].Constant = true
		}
		known = known && outs[i].Value != nil
	}
	if known {
		return outs
	}
	if values && total <= foldInputLimit && !mfWeightConvert(op, total) {
		if vals, err := fold(op, in, outs); err == nil {
			for i := range outs {
				outs[i].Value, outs[i].Bounds, outs[i].Constant = vals[i], nil, true
			}
			return outs
		}
	}
	if !anyBounded(in) {
		return outs
	}
	switch b := op.(type) {
	case boundsEvaluator:
		safeBounds(func() { b.evalBounds(in, outs) })
	case mover:
		safeBounds(func() { moveBounds(b, in, outs) })
	}
	return outs
}

// mfWeightConvert reports a Convert of more than mfConvertFoldLimit elements: weights
// (f16 or i8 filters) rather than shape values. Build leaves them, and the decompression
// chains (Subtract, Multiply) they feed, to Compile's folding, which keeps only the values
// its plans read; folded here, every intermediate would stay in the graph.
func mfWeightConvert(op Op, n int) bool {
	_, ok := op.(*convertOp)
	return ok && n > mfConvertFoldLimit
}

func anyBounded(in []Input) bool {
	for _, x := range in {
		if x.Bounds != nil {
			return true
		}
	}
	return false
}

// safeBounds runs a bounds rule; a panic leaves the bounds unknown.
func safeBounds(f func()) {
	defer func() { _ = recover() }()
	f()
}

// fold runs op's reference kernel on the input values.
func fold(op Op, in []Input, outs []Output) (vals []*ir.Tensor, err error) {
	defer func() {
		if r := recover(); r != nil {
			vals, err = nil, fmt.Errorf("internal error while folding: %v", r)
		}
	}()
	tensors := make([]*ir.Tensor, len(in))
	for i, x := range in {
		tensors[i] = x.Value
	}
	vals = make([]*ir.Tensor, len(outs))
	for i, o := range outs {
		dims, ok := staticDims(o.Shape)
		if !ok || !o.Type.IsStatic() {
			return nil, fmt.Errorf("output %d is not static", i)
		}
		n, err := ir.ElementCount(dims)
		if err != nil || n > foldOutputLimit {
			return nil, fmt.Errorf("output %d is too large to fold", i)
		}
		if o.Value != nil {
			vals[i] = o.Value
			continue
		}
		if vals[i], err = ir.NewTensor(o.Type, dims); err != nil {
			return nil, err
		}
	}
	k, err := Prepare(op, in, ExecOptions{Reference: true})
	if err != nil {
		return nil, err
	}
	if err := k.Run(context.Background(), tensors, vals); err != nil {
		return nil, err
	}
	return vals, nil
}

// inputBoundTensors returns the lower and upper bound tensors of an integer input (its
// value twice when known), with the input's element type and static shape. An unbounded
// upper bound becomes the type's maximum, as OpenVINO encodes it.
func inputBoundTensors(x Input) (lo, hi *ir.Tensor, ok bool) {
	if x.Value != nil {
		return x.Value, x.Value, true
	}
	l, h, ok := x.bounded()
	if !ok {
		return nil, nil, false
	}
	dims, ok := staticDims(x.Shape)
	if !ok {
		return nil, nil, false
	}
	lo, err1 := int64Tensor(x.Type, dims, l)
	hi, err2 := int64Tensor(x.Type, dims, h)
	if err1 != nil || err2 != nil {
		return nil, nil, false
	}
	return lo, hi, true
}

// int64Tensor makes an integer tensor of type t from int64 values, saturating at the
// type's range.
func int64Tensor(t ir.ElementType, dims []int, v []int64) (*ir.Tensor, error) {
	x, err := ir.NewTensor(t, dims)
	if err != nil {
		return nil, err
	}
	if x.Len() != len(v) {
		return nil, fmt.Errorf("%d values for shape %v", len(v), dims)
	}
	mx := typeMax(t)
	clamp := func(a int64) int64 { return min(a, mx) }
	switch d := x.Data.(type) {
	case []int64:
		copy(d, v)
	case []int32:
		for i, a := range v {
			d[i] = int32(max(clamp(a), -1<<31))
		}
	case []int16:
		for i, a := range v {
			d[i] = int16(max(clamp(a), -1<<15))
		}
	case []int8:
		for i, a := range v {
			d[i] = int8(max(clamp(a), -1<<7))
		}
	case []uint8:
		for i, a := range v {
			d[i] = uint8(max(clamp(a), 0))
		}
	case []uint16:
		for i, a := range v {
			d[i] = uint16(max(clamp(a), 0))
		}
	case []uint32:
		for i, a := range v {
			d[i] = uint32(max(clamp(a), 0))
		}
	case []uint64:
		for i, a := range v {
			d[i] = uint64(max(a, 0))
		}
	default:
		return nil, fmt.Errorf("bounds of element type %s", t)
	}
	return x, nil
}

// boundsOf reads a bound tensor back: values at the type's maximum become ir.Inf.
func boundsOf(t *ir.Tensor) ([]int64, bool) {
	v, ok := t.Int64s()
	if !ok {
		return nil, false
	}
	mx := typeMax(t.Type)
	for i, a := range v {
		if a >= mx {
			v[i] = ir.Inf
		}
	}
	return v, true
}

// evalOnBounds is OpenVINO's default bound evaluator for ops monotone non-decreasing in
// every input: the op runs once on all lower bounds and once on all upper bounds.
func evalOnBounds(op Op, in []Input, outs []Output) {
	los := make([]Input, len(in))
	his := make([]Input, len(in))
	for i, x := range in {
		lo, hi, ok := inputBoundTensors(x)
		if !ok {
			return
		}
		los[i], his[i] = x, x
		los[i].Value, los[i].Bounds = lo, nil
		his[i].Value, his[i].Bounds = hi, nil
	}
	lv, err1 := fold(op, los, cleared(outs))
	hv, err2 := fold(op, his, cleared(outs))
	if err1 != nil || err2 != nil {
		return
	}
	for i := range outs {
		l, ok1 := boundsOf(lv[i])
		h, ok2 := boundsOf(hv[i])
		if ok1 && ok2 && len(l) == len(h) {
			outs[i].Bounds = &Bounds{Lo: l, Hi: h}
		}
	}
}

func cleared(outs []Output) []Output {
	c := make([]Output, len(outs))
	for i, o := range outs {
		c[i] = Output{Type: o.Type, Shape: o.Shape}
	}
	return c
}
