package layers

import (
	"fmt"

	"github.com/irrun/irrun/ir"
)

// SliceScatter-15: src/core/src/op/slice_scatter.cpp, slice_scatter_shape_inference.hpp;
// reference/slice_scatter.hpp. A data-movement op (mover): the output is data with the
// elements Slice would select (slice.go's rules) replaced, in order, by updates.

type moreSliceScatter struct{}

func (moreSliceScatter) Infer(in []Input) ([]Output, error) {
	if len(in) != 5 && len(in) != 6 {
		return nil, fmt.Errorf("SliceScatter has to have 5 or 6 inputs. Got: %d", len(in))
	}
	for i := 2; i < len(in); i++ {
		if t := in[i].Type; t.IsStatic() && !t.IsInteger() {
			return nil, fmt.Errorf("SliceScatter `%s` input type must be integer. (got %s)", sliceInputNames[i-2], t)
		}
	}
	out := cloneShape(in[0].Shape)
	if out.DynamicRank && !in[1].Shape.DynamicRank {
		out = dynamicDims(len(in[1].Shape.Dims))
	}
	if r0, ok0 := in[0].Shape.Rank(); ok0 {
		if r1, ok1 := in[1].Shape.Rank(); ok1 && r0 != r1 {
			return nil, fmt.Errorf("SliceScatter `data` and `updates` need to have compatible rank. (got %s and %s)", in[0].Shape, in[1].Shape)
		}
	}
	rank, ranked := out.Rank()
	if ranked && rank == 0 {
		return nil, fmt.Errorf("SliceScatter `data` and `updates` input can't be a scalar.")
	}
	for i := 2; i < len(in); i++ {
		s := in[i].Shape
		r, ok := s.Rank()
		if ok && r != 1 {
			return nil, fmt.Errorf("SliceScatter `%s` input must be a 1D tensor. Got rank: %d", sliceInputNames[i-2], r)
		}
		if ranked && ok && s.Dims[0].Lo > int64(rank) {
			return nil, fmt.Errorf("SliceScatter `%s` input dim size can't be bigger than `data` or `updates` rank. (got %s, rank %d)", sliceInputNames[i-2], s, rank)
		}
	}
	st, sp, stp := in[2].Shape, in[3].Shape, in[4].Shape
	if !st.Compatible(sp) || !st.Compatible(stp) || !sp.Compatible(stp) {
		return nil, fmt.Errorf("SliceScatter `start`, `stop`, `step` inputs must have compatible shapes. (got %s, %s, %s)", st, sp, stp)
	}
	start, startOK := inputBounds(in[2])
	stop, stopOK := inputBounds(in[3])
	steps, stepsOK := in[4].ints()
	if stp.IsStatic() && stepsOK {
		for _, s := range steps {
			if s == 0 {
				return nil, fmt.Errorf("SliceScatter step values must be non-zero.")
			}
		}
	}
	var axesIn *Input
	if len(in) > 5 {
		axesIn = &in[5]
	}
	axisOf, valid, err := sliceAxes("SliceScatter", axesIn, st, len(in[0].Shape.Dims), !in[0].Shape.DynamicRank, len(start), startOK)
	if err != nil {
		return nil, err
	}
	if ranked {
		expected := ir.Shape{Dims: make([]ir.Dim, rank)}
		for d := 0; d < rank; d++ {
			dim := out.Dims[d]
			i, sliced := axisOf[d]
			switch {
			case valid && sliced:
				if startOK && stopOK && stepsOK && i < len(start) && i < len(stop) && i < len(steps) && steps[i] != 0 {
					expected.Dims[d] = sliceDim(dim, start[i], stop[i], steps[i])
				} else {
					expected.Dims[d] = dimOf(0, maxLength(dim))
				}
			case valid:
				expected.Dims[d] = dim
			default:
				expected.Dims[d] = dimOf(0, maxLength(dim))
			}
		}
		if !in[1].Shape.Compatible(expected) {
			return nil, fmt.Errorf("SliceScatter updates at index 1 are not compatible with expected slice shape %s (got %s)", expected, in[1].Shape)
		}
	}
	return []Output{{Type: in[0].Type, Shape: out}}, nil
}

func (moreSliceScatter) dataInputs(int) []int { return []int{0, 1} }

func (moreSliceScatter) moveMap(in []Input, outShapes [][]int) ([][]int, error) {
	dims, ok := staticDims(in[0].Shape)
	udims, ok2 := staticDims(in[1].Shape)
	if !ok || !ok2 {
		return nil, fmt.Errorf("SliceScatter: data %s and updates %s must be static", in[0].Shape, in[1].Shape)
	}
	sel, err := laySliceSelect("SliceScatter", "SliceScatter step values must be non-zero.", in[2:], dims)
	if err != nil {
		return nil, err
	}
	for d := range dims {
		if d >= len(udims) || len(sel[d]) != udims[d] {
			return nil, fmt.Errorf("SliceScatter: updates %v do not match the slice of data %v", udims, dims)
		}
	}
	n := product(dims)
	if len(outShapes) != 1 || product(outShapes[0]) != n {
		return nil, fmt.Errorf("SliceScatter: output shape %v for data %v", outShapes, dims)
	}
	mp := make([]int, n)
	for i := range mp {
		mp[i] = i
	}
	for j, pos := range gatherMap(dims, sel) {
		mp[pos] = n + j
	}
	return [][]int{mp}, nil
}

func (s moreSliceScatter) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	if len(in) >= 2 && in[0].Type != in[1].Type {
		return nil, fmt.Errorf("SliceScatter: updates of type %s cannot be scattered into data of type %s", in[1].Type, in[0].Type)
	}
	return prepareMove(s, in)
}
