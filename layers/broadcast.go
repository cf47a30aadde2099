package layers

import (
	"fmt"
	"slices"

	"github.com/irrun/irrun/ir"
)

// Broadcast-1 (mode none|explicit|numpy|pdpd) and Broadcast-3 (mode
// numpy|explicit|bidirectional|pdpd), following src/core/src/op/broadcast.cpp and
// src/core/shape_inference/include/broadcast_shape_inference.hpp. The target shape is read
// from the input's value or bounds (get_input_const_data_as_shape), so a target built from a
// dynamic batch keeps its known dims. A mover over the data input.
//
// Difference: OpenVINO also reads a target that is a Concat of one-element inputs by looking
// at the Concat node's Constant inputs; irrun reads the Concat's bounds instead, which covers
// that case whenever every Concat input is bounded.

type broadcastOp struct {
	Mode    string `attr:"mode,enum=none|explicit|numpy|pdpd|bidirectional"`
	version int
}

func newBroadcast(v int) Op {
	if v == 1 {
		// AutoBroadcastSpec() is NONE; with two inputs Broadcast-1 becomes numpy.
		return &broadcastOp{Mode: "none", version: 1}
	}
	return &broadcastOp{Mode: "numpy", version: v}
}

func (b *broadcastOp) checkAttrs(d *decoder) {
	if b.version == 1 && b.Mode == "bidirectional" {
		d.invalid("mode", "Broadcast-1 modes are none, explicit, numpy and pdpd")
	}
}

// mode returns the effective mode: "explicit" (OpenVINO's NONE), "numpy", "pdpd" or
// "bidirectional".
func (b *broadcastOp) mode(nIn int) string {
	m := b.Mode
	if m == "none" {
		m = "explicit"
	}
	if b.version == 1 && m == "explicit" && nIn < 3 {
		m = "numpy"
	}
	return m
}

func (b *broadcastOp) Infer(in []Input) ([]Output, error) {
	if len(in) != 2 && len(in) != 3 {
		return nil, fmt.Errorf("Broadcast expects 2 or 3 inputs, got %d", len(in))
	}
	mode := b.mode(len(in))
	if b.version == 3 {
		if mode == "explicit" && len(in) != 3 {
			return nil, fmt.Errorf("axes_mapping input should be provided if explicit mode is used")
		}
		if mode != "explicit" && len(in) != 2 {
			return nil, fmt.Errorf("axes_mapping input should not be provided for mode other than explicit")
		}
	}
	if t := in[1].Type; t.IsStatic() && !t.IsInteger() {
		return nil, fmt.Errorf("Broadcast shape must be an integral number, but is: %s", t)
	}
	if mode == "explicit" {
		if t := in[2].Type; t.IsStatic() && !t.IsInteger() {
			return nil, fmt.Errorf("Broadcast axes must be integral numbers, but are: %s", t)
		}
	}
	out, err := b.shape(in, mode)
	if err != nil {
		return nil, err
	}
	return []Output{{Type: in[0].Type, Shape: out}}, nil
}

// targetShape is get_input_const_data_as_shape for the target input: its value or bounds as
// a partial shape; ok is false when neither is known.
func targetShape(x Input) (ir.Shape, bool) {
	if _, _, ok := x.bounded(); !ok {
		return ir.Shape{}, false
	}
	if r, ok := x.Shape.Rank(); ok && r > 1 {
		return ir.Shape{}, false
	}
	return shapeInput(x), true
}

func dynamicOfLen(n int64) ir.Shape {
	if n > 1<<16 {
		return ir.DynamicRankShape()
	}
	s := ir.Shape{Dims: make([]ir.Dim, n)}
	for i := range s.Dims {
		s.Dims[i] = ir.DynamicDim()
	}
	return s
}

// shape is broadcast_base_shape_infer.
func (b *broadcastOp) shape(in []Input, mode string) (ir.Shape, error) {
	ts := in[1].Shape
	if r, ok := ts.Rank(); ok && r != 1 {
		return ir.Shape{}, fmt.Errorf("Broadcast shape rank must be 1, but has %d", r)
	}
	if mode == "explicit" {
		if r, ok := in[2].Shape.Rank(); ok && r != 1 {
			return ir.Shape{}, fmt.Errorf("Broadcast axes rank must be 1, but has %d", r)
		}
	}
	data := in[0].Shape
	target, defined := targetShape(in[1])
	targetStatic := ts.IsStatic()
	fallback := func() ir.Shape {
		if targetStatic {
			return dynamicOfLen(ts.Dims[0].Lo)
		}
		return ir.DynamicRankShape()
	}
	switch mode {
	case "explicit":
		out := fallback()
		if defined {
			out = target
		}
		as := in[2].Shape
		dr, drOK := data.Rank()
		if drOK && !ts.DynamicRank && as.IsStatic() {
			inputRank := int64(dr)
			if dr == 0 && as.Dims[0].Lo > 0 {
				inputRank = 1
			}
			if as.Dims[0].Lo != inputRank {
				return ir.Shape{}, fmt.Errorf("Broadcast axes_mapping shape %s doesn't match rank of input tensor %d", as, inputRank)
			}
			if m, ok := in[2].ints(); ok && defined {
				if err := validateTargetNone(data, m, target); err != nil {
					return ir.Shape{}, err
				}
			}
		}
		return out, nil
	case "numpy":
		if !defined {
			return fallback(), nil
		}
		return target, validateTargetNumpy(data, target)
	case "pdpd":
		if !defined {
			return fallback(), nil
		}
		return resultShapePDPD(data, target)
	default: // bidirectional
		if defined {
			return resultShapeBidirectional(data, target)
		}
		if !data.DynamicRank && targetStatic {
			out, ok := broadcastMerge(dynamicOfLen(ts.Dims[0].Lo), data, autoBroadcast{Type: "numpy"})
			if !ok {
				return ir.Shape{}, fmt.Errorf("Broadcast shape inference failed, output shape calculation with 'broadcast_merge_into' was unsuccessful.")
			}
			return out, nil
		}
		return ir.DynamicRankShape(), nil
	}
}

// validateTargetNone is util::validate_target_shape_none (axes_mapping read as size_t).
func validateTargetNone(arg ir.Shape, mapping []int64, target ir.Shape) error {
	if arg.DynamicRank || target.DynamicRank {
		return nil
	}
	u := make([]uint64, len(mapping))
	for i, a := range mapping {
		u[i] = uint64(a)
	}
	if !slices.IsSorted(u) {
		return fmt.Errorf("Broadcast doesn't permit transposes. axes_mapping AxisVector{%s} not in sorted order", fmtInts(u))
	}
	n := uint64(len(target.Dims))
	if len(arg.Dims) == 0 && len(u) > 0 {
		if u[0] >= n {
			return fmt.Errorf("Broadcast axes_mapping[0]: %d exceeds target rank %d", u[0], n)
		}
		if d := target.Dims[u[0]]; !d.Compatible(ir.StaticDim(1)) {
			return fmt.Errorf("Broadcast target[axes_mapping[0]]. Expected 1. Got %s", d)
		}
	}
	for i, a := range u {
		if a >= n {
			return fmt.Errorf("Broadcast axes_mapping[%d]: %d exceeds target rank %d", i, a, n)
		}
		if len(arg.Dims) > 0 {
			if i >= len(arg.Dims) {
				return fmt.Errorf("Broadcast axes_mapping has %d elements for an input of rank %d", len(u), len(arg.Dims))
			}
			t, d := target.Dims[a], arg.Dims[i]
			if !t.Compatible(d) && !d.Compatible(ir.StaticDim(1)) {
				return fmt.Errorf("Broadcast target[axes_mapping[%d]] Expected %s. Got %s", i, d, t)
			}
		}
	}
	return nil
}

// validateTargetNumpy is util::validate_target_shape_numpy.
func validateTargetNumpy(arg, target ir.Shape) error {
	if arg.DynamicRank || target.DynamicRank {
		return nil
	}
	ar, tr := len(arg.Dims), len(target.Dims)
	if tr < ar {
		return fmt.Errorf("Broadcast target_shape has smaller rank %d than arg shape %d", tr, ar)
	}
	start := tr - ar
	one := ir.StaticDim(1)
	for i := start; i < tr; i++ {
		a, t := arg.Dims[i-start], target.Dims[i]
		// Dimension::is_dynamic: any non-static dim, an interval too (type_prop/broadcast.cpp
		// broadcast_v3_non_broadcastable_dims_numpy: {4..8} against a target 1 passes).
		if !a.IsStatic() || !t.IsStatic() || a.Compatible(one) || a.Compatible(t) {
			continue
		}
		msg := fmt.Sprintf("Input shape dimension equal %s cannot be broadcasted (numpy mode) to %s. Allowed input dimension value would be 1", a, t)
		if t != one {
			msg += fmt.Sprintf(" or %d", dimLength(t))
		}
		return fmt.Errorf("%s", msg)
	}
	return nil
}

// dimLength is Dimension::get_length: the value of a static dim (OpenVINO throws for a
// dynamic one; irrun prints its lower bound).
func dimLength(d ir.Dim) int64 { return d.Lo }

// resultShapePDPD is util::set_result_shape_pdpd (start axis -1: right-aligned).
func resultShapePDPD(arg, target ir.Shape) (ir.Shape, error) {
	if arg.DynamicRank || target.DynamicRank {
		if target.DynamicRank {
			return ir.DynamicRankShape(), nil
		}
		return dynamicOfLen(int64(len(target.Dims))), nil
	}
	out := cloneShape(target)
	start := len(target.Dims) - len(arg.Dims)
	if start < 0 {
		return ir.Shape{}, fmt.Errorf("Broadcast start_axis must be greater than 0 (got %d)", start)
	}
	one := ir.StaticDim(1)
	for i := start; i < len(target.Dims); i++ {
		a, t := arg.Dims[i-start], target.Dims[i]
		switch {
		case a == one:
			out.Dims[i] = t
		case t == one:
			out.Dims[i] = a
		default:
			d, ok := dimMerge(a, t)
			if !ok {
				return ir.Shape{}, fmt.Errorf("Broadcast incorrect target shape. Expecting either 1 or %s . Got %s", a, t)
			}
			out.Dims[i] = d
		}
	}
	return out, nil
}

// resultShapeBidirectional is util::set_result_shape_bidirectional.
func resultShapeBidirectional(arg, target ir.Shape) (ir.Shape, error) {
	if arg.DynamicRank || target.DynamicRank {
		return ir.DynamicRankShape(), nil
	}
	n := max(len(arg.Dims), len(target.Dims))
	pad := func(s ir.Shape) []ir.Dim {
		d := make([]ir.Dim, 0, n)
		for len(d)+len(s.Dims) < n {
			d = append(d, ir.StaticDim(1))
		}
		return append(d, s.Dims...)
	}
	a, t := pad(arg), pad(target)
	out := ir.Shape{Dims: make([]ir.Dim, n)}
	for i := range out.Dims {
		d, ok := dimBroadcastMerge(a[i], t[i])
		if !ok {
			return ir.Shape{}, fmt.Errorf("Broadcast incorrect target shape. Expecting either 1 or %s. Got %s", a[i], t[i])
		}
		out.Dims[i] = d
	}
	return out, nil
}

func (b *broadcastOp) dataInputs(int) []int { return []int{0} }

// moveMap follows BroadcastBase::evaluate: every output element reads the input element
// whose coordinates are the output's on the mapped axes (0 where the input dim is 1).
func (b *broadcastOp) moveMap(in []Input, outShapes [][]int) ([][]int, error) {
	if len(outShapes) != 1 {
		return nil, fmt.Errorf("Broadcast: %d outputs", len(outShapes))
	}
	out := outShapes[0]
	arg, ok := staticDims(in[0].Shape)
	if !ok {
		return nil, fmt.Errorf("Broadcast: input shape %s is not static", in[0].Shape)
	}
	axes := make([]int, len(arg)) // output axis of each input dim
	switch b.mode(len(in)) {
	case "explicit":
		m, ok := in[2].ints()
		if !ok {
			return nil, fmt.Errorf("Broadcast: axes_mapping is not known")
		}
		if len(arg) == 0 {
			axes = nil
		} else {
			if len(m) != len(arg) {
				return nil, fmt.Errorf("Broadcast: axes_mapping of %d elements for an input of rank %d", len(m), len(arg))
			}
			for i, a := range m {
				if a < 0 || a >= int64(len(out)) {
					return nil, fmt.Errorf("Broadcast: axes_mapping[%d] = %d outside the output rank %d", i, a, len(out))
				}
				axes[i] = int(a)
			}
		}
	default:
		start := len(out) - len(arg)
		if start < 0 {
			return nil, fmt.Errorf("Broadcast: input %v has a higher rank than the output %v", arg, out)
		}
		for i := range axes {
			axes[i] = start + i
		}
	}
	m, err := broadcastIndex(arg, out, axes)
	if err != nil {
		return nil, err
	}
	return [][]int{m}, nil
}

func (b *broadcastOp) evalBounds(in []Input, outs []Output) {
	moverBounds(b, in, outs)
}

// broadcastIndex maps every element of out to the element of an input of shape arg whose
// dim i lies on output axis axes[i]; an input dim of 1 repeats.
func broadcastIndex(arg, out, axes []int) ([]int, error) {
	st := strides(arg)
	ost := make([]int, len(out)) // input stride per output axis
	for i, a := range axes {
		if a < 0 || a >= len(out) || (arg[i] != 1 && arg[i] != out[a]) {
			return nil, fmt.Errorf("cannot broadcast input shape %v to %v (input dim %d on output axis %d)", arg, out, i, a)
		}
		if arg[i] != 1 {
			ost[a] += st[i]
		}
	}
	total := product(out)
	m := make([]int, total)
	if total == 0 {
		return m, nil
	}
	idx := make([]int, len(out))
	src := 0
	for o := 0; o < total; o++ {
		m[o] = src
		for ax := len(out) - 1; ax >= 0; ax-- {
			idx[ax]++
			src += ost[ax]
			if idx[ax] < out[ax] {
				break
			}
			src -= ost[ax] * out[ax]
			idx[ax] = 0
		}
	}
	return m, nil
}

func (b *broadcastOp) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	return prepareMove(b, in)
}
