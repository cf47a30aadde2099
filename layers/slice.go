package layers

import (
	"errors"
	"fmt"
	"math"

	"github.com/irrun/irrun/ir"
)

// Slice-8, and the slicing rules StridedSlice-1 shares with it: OpenVINO's
// src/core/shape_inference/include/slice_shape_inference.hpp and
// slice_shape_inference_utils.hpp (sliced dimensions computed on the bounds of start
// and stop), src/core/reference/include/openvino/reference/slice.hpp.

// bpair is one element's bounds as OpenVINO's get_input_bounds gives them: a value at
// its element type's minimum or maximum becomes the int64 limit.
type bpair struct{ lo, hi int64 }

// limitOf is element::get_value_or_limit_of for int64 results.
func limitOf(t ir.ElementType, v int64) int64 {
	if t.IsSigned() && v == typeMin(t) {
		return math.MinInt64
	}
	if v >= typeMax(t) {
		return math.MaxInt64
	}
	return v
}

// inputBounds returns an integer input's per-element bounds (its value when known);
// ok is false when neither is known.
func inputBounds(in Input) ([]bpair, bool) {
	lo, hi, ok := in.bounded()
	if !ok || len(lo) != len(hi) {
		return nil, false
	}
	out := make([]bpair, len(lo))
	for i := range lo {
		out[i] = bpair{limitOf(in.Type, lo[i]), limitOf(in.Type, hi[i])}
	}
	return out, true
}

// maxLength is Dimension::get_max_length: -1 for an unbounded dim.
func maxLength(d ir.Dim) int64 {
	if d.Hi == ir.Inf {
		return -1
	}
	return d.Hi
}

// dimOf is the Dimension(min, max) constructor: -1 stands for 0 (min) and infinity (max).
func dimOf(lo, hi int64) ir.Dim {
	if lo < 0 {
		lo = 0
	}
	if hi < 0 {
		hi = ir.Inf
	}
	if hi < lo {
		hi = lo
	}
	return ir.Dim{Lo: lo, Hi: hi}
}

func clip64(v, lo, hi int64) int64 { return min(max(v, lo), hi) }

// slicedValue is slice::get_sliced_value: the number of elements a slice takes from a
// dim of length dim (-1 for unbounded), -1 for an infinite count.
func slicedValue(dim, start, stop, step int64) int64 {
	const infBound = -1
	rev := step < 0
	normDim := dim
	if dim == infBound {
		normDim = math.MaxInt64
	}
	normDimMax := normDim == math.MaxInt64
	startNeg := start < 0
	diffSign := startNeg != (stop < 0)
	startMax := start == math.MaxInt64
	startLimit := startMax || start == math.MinInt64
	stopMax := stop == math.MaxInt64
	anyMax := startMax || stopMax
	var lb, ub int64
	if normDimMax && (diffSign || anyMax || startLimit) {
		switch {
		case rev:
			if startNeg || anyMax {
				ub = infBound
			} else {
				ub = infBound - start
			}
		case startNeg && !startLimit:
			if stopMax {
				ub = -start
			} else {
				ub = stop
			}
		default:
			ub = infBound
		}
		lb = 0
	} else {
		lowerMax, upperMin := normDim, int64(0)
		if rev {
			lowerMax, upperMin = normDim-1, infBound
		}
		norm := func(v int64) int64 {
			if v < 0 {
				return v + normDim
			}
			return v
		}
		lb = clip64(norm(start), 0, lowerMax)
		ub = clip64(norm(stop), upperMin, normDim)
	}
	if normDimMax && lb == 0 && ub == infBound {
		return infBound
	}
	var v int64
	if rev {
		v = min(0, ub-lb)
	} else {
		v = max(0, ub-lb)
	}
	switch {
	case step == -1:
		v = -v
	case v != 0 && step != 1:
		if rev {
			v++
		} else {
			v--
		}
		v /= step
		v++
	}
	return v
}

// sliceDim is slice::make_dim: the dim sliced by start and stop bounds and a step.
func sliceDim(d ir.Dim, start, stop bpair, step int64) ir.Dim {
	maxLen := maxLength(d)
	lbWithin := func(lb int64) bool { return maxLen == -1 || lb+maxLen >= 0 }
	ubWithin := func(ub int64) bool { return maxLen == -1 || ub < maxLen }
	cross := func(b bpair) bool { return b.lo < 0 && b.hi >= 0 }
	startLb, startUb := start.lo, start.hi
	if cross(start) {
		if lbWithin(start.lo) {
			startLb = 0
		}
		if ubWithin(start.hi) {
			startUb = -1
		}
	}
	stopLb, stopUb := stop.lo, stop.hi
	if cross(stop) {
		if lbWithin(stop.lo) {
			stopLb = 0
		}
		if ubWithin(stop.hi) {
			stopUb = -1
		}
	}
	var lb, ub int64
	if step > 0 {
		lb = slicedValue(d.Lo, startUb, stopLb, step)
		ub = slicedValue(maxLen, startLb, stopUb, step)
	} else {
		lb = slicedValue(d.Lo, startLb, stopUb, step)
		ub = slicedValue(maxLen, startUb, stopLb, step)
	}
	return dimOf(lb, ub)
}

// sliceIndices returns the indices a slice (start, stop, step; step != 0) takes from a
// static dim of length n, in output order, as the reference kernels clip them.
func sliceIndices(n, start, stop, step int64) []int {
	var idx []int
	if step > 0 {
		if start < 0 {
			start += n
		}
		if stop < 0 {
			stop += n
		}
		start, stop = clip64(start, 0, n), clip64(stop, 0, n)
		for i := start; i < stop; i += step {
			idx = append(idx, int(i))
			if i > math.MaxInt64-step {
				break
			}
		}
		return idx
	}
	if start < 0 {
		start += n
	}
	if stop < 0 {
		stop += n
	}
	start, stop = clip64(start, 0, n-1), clip64(stop, -1, n)
	for i := start; i > stop; i += step {
		idx = append(idx, int(i))
		if i < math.MinInt64-step {
			break
		}
	}
	return idx
}

// gatherMap returns the row-major source index of every element of the tensor that
// takes, along each axis of a tensor of dims, the indices in sel[axis]; a -1 in any axis'
// selection makes the element -1 (the fill value of a mover, Pad's padding).
func gatherMap(dims []int, sel [][]int) []int {
	st := strides(dims)
	n := 1
	for _, s := range sel {
		n *= len(s)
	}
	out := make([]int, 0, n)
	if n == 0 {
		return out
	}
	if len(sel) == 0 { // a scalar: its one element
		return append(out, 0)
	}
	// The innermost axis is walked in a plain loop from the offset of the outer position
	// (the odometer below advances only the outer axes): compile-time maps of large tensors
	// are built at a few ns per element.
	last := len(sel) - 1
	inner, step := sel[last], st[last]
	pos := make([]int, last)
	for {
		base := 0
		for a, p := range pos {
			v := sel[a][p]
			if v < 0 {
				base = -1
				break
			}
			base += v * st[a]
		}
		if base < 0 {
			for range inner {
				out = append(out, -1)
			}
		} else {
			for _, v := range inner {
				if v < 0 {
					out = append(out, -1)
				} else {
					out = append(out, base+v*step)
				}
			}
		}
		if !selNext(pos, sel, last) {
			return out
		}
	}
}

// ---------------------------------------------------------------- Slice-8

type sliceOp struct{}

var sliceInputNames = [...]string{"start", "stop", "step", "axes"}

func (sliceOp) Infer(in []Input) ([]Output, error) {
	if len(in) != 4 && len(in) != 5 {
		return nil, fmt.Errorf("Slice has to have 4 or 5 inputs. Got: %d", len(in))
	}
	for i := 1; i < len(in); i++ {
		if in[i].Type.IsStatic() && !in[i].Type.IsInteger() {
			return nil, fmt.Errorf("Slice `%s` input type must be integer. (got %s)", sliceInputNames[i-1], in[i].Type)
		}
	}
	data := in[0].Shape
	rank, ok := data.Rank()
	if !ok {
		return []Output{{Type: in[0].Type, Shape: ir.DynamicRankShape()}}, nil
	}
	if rank == 0 {
		return nil, fmt.Errorf("Slice `data` input can't be a scalar.")
	}
	for i := 1; i < len(in); i++ {
		r, ok := in[i].Shape.Rank()
		if ok && r != 1 {
			return nil, fmt.Errorf("Slice `%s` input must be a 1D tensor. Got rank: %d", sliceInputNames[i-1], r)
		}
		if ok && in[i].Shape.Dims[0].Lo > int64(rank) {
			return nil, fmt.Errorf("Slice `%s` input dim size can't be bigger than `data` rank. (got %s, data %s)", sliceInputNames[i-1], in[i].Shape, data)
		}
	}
	st, sp, stp := in[1].Shape, in[2].Shape, in[3].Shape
	if !st.Compatible(sp) || !st.Compatible(stp) || !sp.Compatible(stp) {
		return nil, fmt.Errorf("Slice `start`, `stop`, `step` inputs must have compatible shapes. (got %s, %s, %s)", st, sp, stp)
	}
	start, startOK := inputBounds(in[1])
	stop, stopOK := inputBounds(in[2])
	steps, stepsOK := in[3].ints()
	// axisOf maps a data axis to its index in start/stop/step.
	var axesIn *Input
	if len(in) > 4 {
		axesIn = &in[4]
	}
	axisOf, valid, err := sliceAxes("Slice", axesIn, st, rank, true, len(start), startOK)
	if err != nil {
		return nil, err
	}
	out := ir.Shape{Dims: make([]ir.Dim, rank)}
	for d := 0; d < rank; d++ {
		dim := data.Dims[d]
		i, sliced := axisOf[d]
		switch {
		case valid && sliced:
			if startOK && stopOK && stepsOK && i < len(start) && i < len(stop) && i < len(steps) {
				if steps[i] == 0 {
					return nil, fmt.Errorf("Step must be non-zero (step %d)", i)
				}
				out.Dims[d] = sliceDim(dim, start[i], stop[i], steps[i])
			} else {
				out.Dims[d] = dimOf(0, maxLength(dim))
			}
		case valid:
			out.Dims[d] = dim
		default:
			out.Dims[d] = dimOf(0, maxLength(dim))
		}
	}
	return []Output{{Type: in[0].Type, Shape: out}}, nil
}

func (sliceOp) dataInputs(int) []int { return []int{0} }

func (s sliceOp) moveMap(in []Input, outShapes [][]int) ([][]int, error) {
	dims, sels, err := s.mfMoveSels(in, outShapes)
	if err != nil {
		return nil, err
	}
	mp := gatherMap(dims, sels[0])
	if len(outShapes) != 1 || len(mp) != product(outShapes[0]) {
		return nil, fmt.Errorf("Slice: %d elements selected for output shape %v", len(mp), outShapes)
	}
	return [][]int{mp}, nil
}

func (sliceOp) mfMoveSels(in []Input, _ [][]int) ([]int, [][][]int, error) {
	dims, ok := staticDims(in[0].Shape)
	if !ok {
		return nil, nil, fmt.Errorf("Slice: data shape %s is not static", in[0].Shape)
	}
	sel, err := laySliceSelect("Slice", "Step must be non-zero", in[1:], dims)
	if err != nil {
		return nil, nil, err
	}
	return dims, [][][]int{sel}, nil
}

func (s sliceOp) Prepare(in []Input, opts ExecOptions) (Kernel, error) {
	if k := moveRunsKernel(s, in, opts); k != nil {
		return k, nil
	}
	return prepareMove(s, in)
}

// laySliceSelect is the element selection of Slice-8 and SliceScatter-15 on data of static
// dims: for each data axis, the indices its start, stop and step (p[0], p[1], p[2]) select
// along it, over the axes p[3] (when present) or the first len(start) axes. op prefixes the
// messages; zeroStep is the message of a zero step.
func laySliceSelect(op, zeroStep string, p []Input, dims []int) ([][]int, error) {
	if len(p) < 3 {
		return nil, fmt.Errorf("%s: start, stop and step must be given", op)
	}
	start, ok1 := p[0].ints()
	stop, ok2 := p[1].ints()
	step, ok3 := p[2].ints()
	if !ok1 || !ok2 || !ok3 || len(start) != len(stop) || len(start) != len(step) {
		return nil, fmt.Errorf("%s: start, stop and step must be known integers of equal length", op)
	}
	axes := make([]int64, len(start))
	for i := range axes {
		axes[i] = int64(i)
	}
	if len(p) > 3 {
		a, ok := p[3].ints()
		if !ok || len(a) != len(start) {
			return nil, fmt.Errorf("%s: axes must be known integers, one per start value", op)
		}
		var err error
		if axes, err = normalizeAxes(a, len(dims)); err != nil {
			return nil, err
		}
	} else if len(start) > len(dims) {
		return nil, fmt.Errorf("%s: %d start values for rank %d", op, len(start), len(dims))
	}
	sel := make([][]int, len(dims))
	for d := range dims {
		sel[d] = make([]int, dims[d])
		for j := range sel[d] {
			sel[d][j] = j
		}
	}
	for i, a := range axes {
		if step[i] == 0 {
			return nil, errors.New(zeroStep)
		}
		sel[a] = sliceIndices(int64(dims[a]), limitOf(p[0].Type, start[i]), limitOf(p[1].Type, stop[i]), step[i])
	}
	return sel, nil
}

// sliceAxes maps each data axis to its index in start/stop/step, for Slice-8 and
// SliceScatter-15: from the axes input when there is one (normalised, unique), else the
// first len(start) axes. valid is false while the axes (or start) are not known;
// rankKnown false leaves the axes input unread.
func sliceAxes(op string, axes *Input, st ir.Shape, rank int, rankKnown bool, nStart int, startOK bool) (axisOf map[int]int, valid bool, err error) {
	if axes == nil {
		if !startOK {
			// Unknown start values of a known length still slice only the first axes
			// (type_prop/slice.cpp slice_v8_basic_param_inputs_default_axes_symbols_prop).
			if len(st.Dims) != 1 || !st.Dims[0].IsStatic() {
				return nil, false, nil
			}
			nStart = int(st.Dims[0].Lo)
		}
		axisOf = map[int]int{}
		for i := 0; i < nStart; i++ {
			axisOf[i] = i
		}
		return axisOf, true, nil
	}
	if !axes.Shape.Compatible(st) {
		return nil, false, fmt.Errorf("%s `axes` input must have compatible shape with `start`, `stop`, `step` inputs. (got %s and %s)", op, axes.Shape, st)
	}
	vals, ok := axes.ints()
	if !ok || !rankKnown {
		return nil, false, nil
	}
	norm, err := normalizeAxes(vals, rank)
	if err != nil {
		return nil, false, err
	}
	axisOf = map[int]int{}
	for i, a := range norm {
		if _, dup := axisOf[int(a)]; !dup {
			axisOf[int(a)] = i
		}
	}
	if len(axisOf) != len(norm) {
		return nil, false, fmt.Errorf("%s values in `axes` input must be unique. (got %s)", op, fmtInts(vals))
	}
	return axisOf, true, nil
}
