package layers

import (
	"fmt"

	"github.com/irrun/irrun/ir"
)

// Split-1 and VariadicSplit-1: src/core/src/op/split.cpp, variadic_split.cpp and
// src/core/shape_inference/include/split_shape_inference.hpp,
// variadic_split_shape_inference.hpp. Both are movers with one map per output.

type splitOp struct {
	NumSplits uint64 `attr:"num_splits"`
}

func (s *splitOp) Infer(in []Input) ([]Output, error) {
	if len(in) != 2 {
		return nil, fmt.Errorf("Split expects 2 inputs, got %d", len(in))
	}
	if t := in[1].Type; t.IsStatic() && !t.IsInteger() {
		return nil, fmt.Errorf("Element type of 'axis' input must be integer. Got: %s", t)
	}
	if s.NumSplits == 0 {
		return nil, attrErr("num_splits", fmt.Errorf("Attribute 'num_splits' must be greater than zero. Got: 0"))
	}
	if s.NumSplits > 1<<20 {
		return nil, &ir.UnsupportedError{What: fmt.Sprintf("Split with num_splits %d", s.NumSplits)}
	}
	data, axisShape := in[0].Shape, in[1].Shape
	if r, ok := axisShape.Rank(); ok && r != 0 {
		return nil, fmt.Errorf("'axis' input must be a scalar. Got: %s", axisShape)
	}
	each := cloneShape(data)
	rank, rankOK := data.Rank()
	axes, axesOK := in[1].ints()
	n := int64(s.NumSplits)
	if axesOK && rankOK {
		if len(axes) != 1 {
			return nil, fmt.Errorf("a scalar axis value is expected. Got: %d axes", len(axes))
		}
		axis, err := normalizeAxis(axes[0], rank)
		if err != nil {
			return nil, err
		}
		d := data.Dims[axis]
		if d.IsStatic() {
			if d.Lo%n != 0 {
				return nil, fmt.Errorf("Dimension of data input shape along 'axis': %d must be evenly divisible by 'num_splits' attribute value: %d", d.Lo, n)
			}
			each.Dims[axis] = ir.StaticDim(d.Lo / n)
		} else {
			if d.Hi < n {
				return nil, fmt.Errorf("The interval maximum of the dimension for data input shape along 'axis' must be greater or equal to 'num_splits' attribute. Got: %s and %d", intervalString(d), n)
			}
			// OpenVINO scales the bounds in float: static_cast<int64_t>(v * (1.0f / n)).
			inv := float32(1) / float32(n)
			lo := int64(float32(d.Lo) * inv)
			hi := d.Hi
			if hi != ir.Inf {
				hi = int64(float32(hi) * inv)
			}
			each.Dims[axis] = dimOf(lo, hi)
		}
	} else if rankOK {
		each = dynamicDims(rank)
	} else {
		each = ir.DynamicRankShape()
	}
	outs := make([]Output, n)
	for i := range outs {
		outs[i] = Output{Type: in[0].Type, Shape: cloneShape(each)}
	}
	return outs, nil
}

// intervalString prints an Interval as OpenVINO does: "[lo, hi]" (hi "inf" when
// unbounded).
func intervalString(d ir.Dim) string {
	if d.Hi == ir.Inf {
		return fmt.Sprintf("[%d, inf]", d.Lo)
	}
	return fmt.Sprintf("[%d, %d]", d.Lo, d.Hi)
}

// dynamicOfRank is PartialShape::dynamic(rank).
func dynamicDims(rank int) ir.Shape {
	s := ir.Shape{Dims: make([]ir.Dim, rank)}
	for i := range s.Dims {
		s.Dims[i] = ir.DynamicDim()
	}
	return s
}

func (s *splitOp) dataInputs(int) []int { return []int{0} }

func (s *splitOp) moveMap(in []Input, outShapes [][]int) ([][]int, error) {
	return splitMaps(in, outShapes)
}

func (s *splitOp) mfMoveSels(in []Input, outShapes [][]int) ([]int, [][][]int, error) {
	return splitSels(in, outShapes)
}

func (s *splitOp) Prepare(in []Input, opts ExecOptions) (Kernel, error) {
	if k := moveRunsKernel(s, in, opts); k != nil {
		return k, nil
	}
	return prepareMove(s, in)
}

// splitMaps gives the move maps of consecutive pieces of data along the axis input's
// value: output i takes outShapes[i][axis] elements after those of outputs 0..i-1.
func splitMaps(in []Input, outShapes [][]int) ([][]int, error) {
	dims, sels, err := splitSels(in, outShapes)
	if err != nil {
		return nil, err
	}
	maps := make([][]int, len(sels))
	for i, sel := range sels {
		maps[i] = gatherMap(dims, sel)
	}
	return maps, nil
}

// splitSels gives splitMaps' selections: the data dims and, per output, the indices it
// takes along each data axis.
func splitSels(in []Input, outShapes [][]int) ([]int, [][][]int, error) {
	dims, ok := staticDims(in[0].Shape)
	if !ok {
		return nil, nil, fmt.Errorf("split: data shape %s is not static", in[0].Shape)
	}
	axes, ok := in[1].ints()
	if !ok || len(axes) != 1 {
		return nil, nil, fmt.Errorf("split: the axis must be one known integer")
	}
	axis, err := normalizeAxis(axes[0], len(dims))
	if err != nil {
		return nil, nil, err
	}
	sels := make([][][]int, len(outShapes))
	off := 0
	for i, os := range outShapes {
		if len(os) != len(dims) {
			return nil, nil, fmt.Errorf("split: output %d has shape %v for data %v", i, os, dims)
		}
		sel := make([][]int, len(dims))
		for d := range dims {
			if d == int(axis) {
				sel[d] = make([]int, os[d])
				for j := range sel[d] {
					sel[d][j] = off + j
				}
				continue
			}
			sel[d] = make([]int, dims[d])
			for j := range sel[d] {
				sel[d][j] = j
			}
		}
		off += os[axis]
		if off > dims[axis] {
			return nil, nil, fmt.Errorf("split: outputs take %d elements along axis %d of length %d", off, axis, dims[axis])
		}
		sels[i] = sel
	}
	return dims, sels, nil
}

// ---------------------------------------------------------------- VariadicSplit

type variadicSplitOp struct{}

func (variadicSplitOp) Infer(in []Input) ([]Output, error) {
	if len(in) != 3 {
		return nil, fmt.Errorf("VariadicSplit expects 3 inputs, got %d", len(in))
	}
	if t := in[1].Type; t.IsStatic() && !t.IsInteger() {
		return nil, fmt.Errorf("Element type of 'axis' input must be integer. Got: %s", t)
	}
	if t := in[2].Type; t.IsStatic() && !t.IsInteger() {
		return nil, fmt.Errorf("Element type of 'split_lengths' input must be integer. Got: %s", t)
	}
	axisShape, lenShape := in[1].Shape, in[2].Shape
	if r, ok := axisShape.Rank(); ok && r != 0 && !axisShape.Compatible(ir.StaticShape(1)) {
		return nil, fmt.Errorf("Axis should be a scalar or of shape [1]. Got %s instead.", axisShape)
	}
	if !lenShape.IsStatic() {
		// OpenVINO does not know the number of outputs either.
		return []Output{}, nil
	}
	if len(lenShape.Dims) != 1 {
		return nil, fmt.Errorf("Split lengths should be a 1-D tensor. Got %d instead.", len(lenShape.Dims))
	}
	nOut := lenShape.Dims[0].Lo
	if nOut > 1<<20 {
		return nil, &ir.UnsupportedError{What: fmt.Sprintf("VariadicSplit with %d outputs", nOut)}
	}
	data := in[0].Shape
	rank, rankOK := data.Rank()
	outs := make([]Output, nOut)
	axes, axesOK := in[1].ints()
	if !rankOK || !axesOK {
		each := ir.DynamicRankShape()
		if rankOK {
			each = dynamicDims(rank)
		}
		for i := range outs {
			outs[i] = Output{Type: in[0].Type, Shape: cloneShape(each)}
		}
		return outs, nil
	}
	if len(axes) != 1 {
		return nil, fmt.Errorf("a scalar axis value is expected. Got: %d axes", len(axes))
	}
	axis, err := normalizeAxis(axes[0], rank)
	if err != nil {
		return nil, err
	}
	lengths, ok := in[2].ints()
	if !ok {
		for i := range outs {
			sh := cloneShape(data)
			sh.Dims[axis] = ir.DynamicDim()
			outs[i] = Output{Type: in[0].Type, Shape: sh}
		}
		return outs, nil
	}
	lengths = append([]int64(nil), lengths...)
	sum, neg := int64(0), -1
	for i, l := range lengths {
		if l < -1 {
			return nil, fmt.Errorf("Invalid value %d in split lengths input. Should be >= -1.", l)
		}
		if l == -1 {
			if neg != -1 {
				return nil, fmt.Errorf("Cannot infer split with multiple -1 values at %d and %d", neg, i)
			}
			neg = i
		} else {
			sum += l
		}
	}
	d := data.Dims[axis]
	if neg >= 0 && d.IsStatic() {
		lengths[neg] = d.Lo - sum
		sum += lengths[neg]
	}
	if d.IsStatic() && sum != d.Lo {
		return nil, fmt.Errorf("Total length of splits: %d must match the length of the chosen axis: %s", sum, d)
	}
	if int64(len(lengths)) < nOut {
		return nil, fmt.Errorf("VariadicSplit: split_lengths holds %d values, its shape %s", len(lengths), lenShape)
	}
	for i := range outs {
		sh := cloneShape(data)
		if lengths[i] == -1 {
			sh.Dims[axis] = ir.DynamicDim()
		} else {
			sh.Dims[axis] = ir.StaticDim(lengths[i])
		}
		outs[i] = Output{Type: in[0].Type, Shape: sh}
	}
	return outs, nil
}

func (variadicSplitOp) dataInputs(int) []int { return []int{0} }

func (variadicSplitOp) moveMap(in []Input, outShapes [][]int) ([][]int, error) {
	return splitMaps(in, outShapes)
}

func (variadicSplitOp) mfMoveSels(in []Input, outShapes [][]int) ([]int, [][][]int, error) {
	return splitSels(in, outShapes)
}

func (v variadicSplitOp) Prepare(in []Input, opts ExecOptions) (Kernel, error) {
	if k := moveRunsKernel(v, in, opts); k != nil {
		return k, nil
	}
	return prepareMove(v, in)
}
