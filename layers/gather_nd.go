package layers

import (
	"fmt"

	"github.com/irrun/irrun/ir"
)

// GatherND-5/8 (src/core/src/op/util/gather_nd_base.cpp,
// src/core/shape_inference/include/gather_nd_shape_inference.hpp) and GatherElements-6
// (gather_elements_shape_inference.hpp); reference gather_nd.hpp and
// gather_elements.hpp. Both are movers.

type gatherNDOp struct {
	version   int
	BatchDims uint64 `attr:"batch_dims"`
}

func (g *gatherNDOp) Infer(in []Input) ([]Output, error) {
	if len(in) != 2 {
		return nil, fmt.Errorf("GatherND expects 2 inputs, got %d", len(in))
	}
	if t := in[1].Type; t.IsStatic() && !t.IsInteger() {
		return nil, fmt.Errorf("The indices type is expected to be an integer type. Got: %s", t)
	}
	data, idx := in[0].Shape, in[1].Shape
	bd := g.BatchDims
	dr, dOK := data.Rank()
	ir_, iOK := idx.Rank()
	if dOK {
		if dr == 0 {
			return nil, fmt.Errorf("Data rank must be at least 1.")
		}
		if uint64(dr) <= bd {
			return nil, fmt.Errorf("Number of batch dimensions must not exceed a rank of data. (batch_dims %d, data %s)", bd, data)
		}
	}
	if iOK {
		if ir_ == 0 {
			return nil, fmt.Errorf("Indices rank must be at least 1.")
		}
		if uint64(ir_) <= bd {
			return nil, fmt.Errorf("Number of batch dimensions must not exceed a rank of indices. (batch_dims %d, indices %s)", bd, idx)
		}
	}
	out := ir.DynamicRankShape()
	if dOK && iOK && idx.Dims[ir_-1].IsStatic() {
		b := int(bd)
		k := idx.Dims[ir_-1].Lo
		if k+int64(bd) > int64(dr) {
			return nil, fmt.Errorf("Length of a tuple with indices must not exceed a rank of data tensor excluding batch dimensions. (indices %s, data %s, batch_dims %d)", idx, data, bd)
		}
		dims := make([]ir.Dim, 0, dr+ir_)
		for i := 0; i < b; i++ {
			d, ok := dimMerge(data.Dims[i], idx.Dims[i])
			if !ok {
				return nil, fmt.Errorf("Batch dimensions of data and indices must be the same. (data %s, indices %s)", data, idx)
			}
			dims = append(dims, d)
		}
		dims = append(dims, idx.Dims[b:ir_-1]...)
		dims = append(dims, data.Dims[b+int(k):]...)
		if g.version == 5 && b > 1 {
			fused := dims[0]
			for _, d := range dims[1:b] {
				fused = dimMul(fused, d)
			}
			dims = append([]ir.Dim{fused}, dims[b:]...)
		}
		out = ir.Shape{Dims: dims}
	}
	return []Output{{Type: in[0].Type, Shape: out}}, nil
}

func (g *gatherNDOp) dataInputs(int) []int { return []int{0} }

func (g *gatherNDOp) moveMap(in []Input, outShapes [][]int) ([][]int, error) {
	dims, ok := staticDims(in[0].Shape)
	if !ok || in[1].Value == nil {
		return nil, fmt.Errorf("GatherND: data shape must be static and indices known")
	}
	idx, ok := in[1].Value.Int64s()
	if !ok {
		return nil, fmt.Errorf("GatherND: indices of type %s are not integers", in[1].Value.Type)
	}
	idims := in[1].Value.Shape
	b := int(g.BatchDims)
	if len(idims) <= b || len(dims) <= b {
		return nil, fmt.Errorf("GatherND: batch_dims %d for data %v and indices %v", b, dims, idims)
	}
	k := idims[len(idims)-1]
	if b+k > len(dims) {
		return nil, fmt.Errorf("GatherND: index tuples of %d for data %v", k, dims)
	}
	batches := product(dims[:b])
	if product(idims[:b]) != batches {
		return nil, fmt.Errorf("GatherND: batch dims of data %v and indices %v differ", dims, idims)
	}
	tuples := product(idims[b : len(idims)-1])
	slice := product(dims[b+k:])
	batchStride := product(dims[b:])
	st := strides(dims[b:])
	mp := make([]int, 0, batches*tuples*slice)
	for bi := 0; bi < batches; bi++ {
		for t := 0; t < tuples; t++ {
			off := bi * batchStride
			for m := 0; m < k; m++ {
				i, err := normIndex(idx[(bi*tuples+t)*k+m], dims[b+m], "GatherND")
				if err != nil {
					return nil, err
				}
				off += i * st[m]
			}
			for q := 0; q < slice; q++ {
				mp = append(mp, off+q)
			}
		}
	}
	if len(outShapes) != 1 || len(mp) != product(outShapes[0]) {
		return nil, fmt.Errorf("GatherND: %d elements gathered for output shape %v", len(mp), outShapes)
	}
	return [][]int{mp}, nil
}

func (g *gatherNDOp) Prepare(in []Input, _ ExecOptions) (Kernel, error) { return prepareMove(g, in) }

// ---------------------------------------------------------------- GatherElements

type gatherElementsOp struct {
	Axis int64 `attr:"axis"`
}

func (g *gatherElementsOp) Infer(in []Input) ([]Output, error) {
	if len(in) != 2 {
		return nil, fmt.Errorf("GatherElements expects 2 inputs, got %d", len(in))
	}
	if t := in[1].Type; t.IsStatic() && t != ir.I32 && t != ir.I64 {
		return nil, fmt.Errorf("indices must be of int32 or int64 type. But instead got: %s", t)
	}
	data, idx := in[0].Shape, in[1].Shape
	ir_, iOK := idx.Rank()
	if iOK && ir_ < 1 {
		return nil, fmt.Errorf("indices rank must be >= 1.")
	}
	dr, dOK := data.Rank()
	if !dOK {
		return []Output{{Type: in[0].Type, Shape: cloneShape(idx)}}, nil
	}
	if dr < 1 {
		return nil, fmt.Errorf("data rank must be >= 1.")
	}
	axis, err := normalizeAxis(g.Axis, dr)
	if err != nil {
		return nil, err
	}
	out := cloneShape(data)
	if !iOK {
		out.Dims[axis] = ir.DynamicDim()
		return []Output{{Type: in[0].Type, Shape: out}}, nil
	}
	if dr != ir_ {
		return nil, fmt.Errorf("data and indices rank must be equal. But instead got: %d and %d", dr, ir_)
	}
	out.Dims[axis] = idx.Dims[axis]
	merged, ok := shapeMerge(out, idx)
	if !ok {
		return nil, fmt.Errorf("Shapes %s and %s are not consistent, `data` and `indices` must have equal or intersecting dimensions, except for the dimension at axis index.%d", data, idx, axis)
	}
	return []Output{{Type: in[0].Type, Shape: merged}}, nil
}

func (g *gatherElementsOp) dataInputs(int) []int { return []int{0} }

func (g *gatherElementsOp) moveMap(in []Input, outShapes [][]int) ([][]int, error) {
	dims, ok := staticDims(in[0].Shape)
	if !ok || in[1].Value == nil {
		return nil, fmt.Errorf("GatherElements: data shape must be static and indices known")
	}
	idx, ok := in[1].Value.Int64s()
	if !ok {
		return nil, fmt.Errorf("GatherElements: indices of type %s are not integers", in[1].Value.Type)
	}
	idims := in[1].Value.Shape
	axis, err := normalizeAxis(g.Axis, len(dims))
	if err != nil {
		return nil, err
	}
	if len(idims) != len(dims) {
		return nil, fmt.Errorf("GatherElements: data %v and indices %v differ in rank", dims, idims)
	}
	mp, err := layElementsOffsets("GatherElements", idx, idims, dims, int(axis))
	if err != nil {
		return nil, err
	}
	if len(outShapes) != 1 || len(mp) != product(outShapes[0]) {
		return nil, fmt.Errorf("GatherElements: %d elements gathered for output shape %v", len(mp), outShapes)
	}
	return [][]int{mp}, nil
}

// layElementsOffsets is the element rule of GatherElements-6 and ScatterElementsUpdate: index
// j of indices (shape idims, the rank of dims, no larger than dims off axis) addresses the
// data element at j's own coordinates with the one on axis replaced by its value (negative
// from the end). It returns those elements' offsets in data of dims.
func layElementsOffsets(op string, idx []int64, idims, dims []int, axis int) ([]int, error) {
	for a := range dims {
		if a != axis && idims[a] > dims[a] {
			return nil, fmt.Errorf("%s: indices %v exceed data %v on axis %d", op, idims, dims, a)
		}
	}
	st := strides(dims)
	coord := make([]int, len(dims))
	offs := make([]int, len(idx))
	for j := range idx {
		r := j
		for a := len(idims) - 1; a >= 0; a-- {
			coord[a] = r % idims[a]
			r /= idims[a]
		}
		i, err := normIndex(idx[j], dims[axis], op)
		if err != nil {
			return nil, err
		}
		coord[axis] = i
		off := 0
		for a, c := range coord {
			off += c * st[a]
		}
		offs[j] = off
	}
	return offs, nil
}

func (g *gatherElementsOp) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	return prepareMove(g, in)
}
