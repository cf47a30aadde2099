package layers

import (
	"fmt"

	"github.com/irrun/irrun/ir"
)

// Gather-1 (axis as 3rd input), Gather-7 and Gather-8 (batch_dims), following
// src/core/shape_inference/include/gather_shape_inference.hpp, src/core/src/op/gather.cpp
// and src/core/reference/include/openvino/reference/gather.hpp: negative indices count from
// the end of the axis, out-of-range indices give zeros. A mover over the data input.

type gatherOp struct {
	BatchDims int64 `attr:"batch_dims"`
	version   int
}

func (g *gatherOp) name() string { return fmt.Sprintf("Gather-%d", g.version) }

func (g *gatherOp) Infer(in []Input) ([]Output, error) {
	if len(in) != 3 {
		return nil, fmt.Errorf("%s expects 3 inputs, got %d", g.name(), len(in))
	}
	if g.version >= 7 {
		if t := in[1].Type; t.IsStatic() && !t.IsInteger() {
			return nil, fmt.Errorf("Indices element type must be of an integral number type. (got %s)", t)
		}
		if t := in[2].Type; t.IsStatic() && !t.IsInteger() {
			return nil, fmt.Errorf("Axis element type must be of an integral number type. (got %s)", t)
		}
	}
	out, _, _, err := g.shape(in)
	if err != nil {
		return nil, err
	}
	return []Output{{Type: in[0].Type, Shape: out}}, nil
}

// shape is shape_infer(GatherBase); it also returns the normalised axis and batch_dims
// (axis -1 when unknown).
func (g *gatherOp) shape(in []Input) (ir.Shape, int64, int64, error) {
	data, idx, axisShape := in[0].Shape, in[1].Shape, in[2].Shape
	dataRank, dataOK := data.Rank()
	idxRank, idxOK := idx.Rank()
	if axisShape.IsStatic() {
		scalar := len(axisShape.Dims) == 0
		one := len(axisShape.Dims) == 1 && axisShape.Dims[0].Lo == 1
		if !scalar && !one {
			return ir.Shape{}, 0, 0, fmt.Errorf("Axis input must be scalar or have 1 element. But instead got axis_shape = %s", axisShape)
		}
	}
	batchDims := int64(0)
	if g.version >= 7 {
		batchDims = g.BatchDims
	}
	if batchDims < 0 && idxOK {
		batchDims += int64(idxRank)
	}
	axis := int64(0)
	axisSet := false
	if v, ok := in[2].ints(); ok && len(v) > 0 {
		axis, axisSet = v[0], true
		if dataOK {
			n, err := normalizeParamAxis(axis, dataRank)
			if err != nil {
				return ir.Shape{}, 0, 0, err
			}
			axis = n
		}
		if !(batchDims <= axis || batchDims < 0 || axis < 0) {
			return ir.Shape{}, 0, 0, fmt.Errorf("After normalization batch_dims must be <= axis. But instead got: batch_dims = %d, axis = %d", batchDims, axis)
		}
	}
	if idxOK && batchDims >= 0 && batchDims > int64(idxRank) {
		return ir.Shape{}, 0, 0, fmt.Errorf("The batch_dims must be <= indices_rank. But instead got: batch_dims = %d, indices_rank = %d", batchDims, idxRank)
	}
	if !dataOK || !idxOK {
		return ir.DynamicRankShape(), -1, batchDims, nil
	}
	if batchDims < 0 {
		// OpenVINO does not check this; its formula would index before the first dim.
		return ir.Shape{}, 0, 0, fmt.Errorf("batch_dims %d is out of the range [%d, %d] of the indices rank", g.BatchDims, -idxRank, idxRank)
	}
	if batchDims > int64(dataRank) {
		return ir.Shape{}, 0, 0, fmt.Errorf("The batch_dims must be <= data_rank. But instead got: batch_dims = %d, data_rank = %d", batchDims, dataRank)
	}
	outRank := int64(dataRank) + int64(idxRank) - 1 - batchDims
	if outRank < 0 {
		return ir.Shape{}, 0, 0, fmt.Errorf("Gather of data %s with indices %s and batch_dims %d has a negative output rank", data, idx, batchDims)
	}
	out := ir.Shape{Dims: make([]ir.Dim, outRank)}
	for i := range out.Dims {
		out.Dims[i] = ir.DynamicDim()
	}
	bd := int(batchDims)
	for i := 0; i < bd; i++ {
		d, ok := dimMerge(data.Dims[i], idx.Dims[i])
		if !ok {
			return ir.Shape{}, 0, 0, fmt.Errorf("Shapes %s and %s are not consistent. data and indices must have equal or intersecting sizes until batch_dims", data, idx)
		}
		out.Dims[i] = d
	}
	if !axisSet {
		return out, -1, batchDims, nil
	}
	a := int(axis)
	i := bd
	for ; i < a; i++ {
		out.Dims[i] = data.Dims[i]
	}
	for ; i < a+idxRank-bd; i++ {
		out.Dims[i] = idx.Dims[bd-a+i]
	}
	for ; i < int(outRank); i++ {
		out.Dims[i] = data.Dims[bd+1-idxRank+i]
	}
	return out, axis, batchDims, nil
}

func (g *gatherOp) dataInputs(int) []int { return []int{0} }

// moveMap follows reference::gather.
func (g *gatherOp) moveMap(in []Input, outShapes [][]int) ([][]int, error) {
	if len(in) != 3 || len(outShapes) != 1 {
		return nil, fmt.Errorf("%s: %d inputs and %d outputs", g.name(), len(in), len(outShapes))
	}
	_, axis, batchDims, err := g.shape(in)
	if err != nil {
		return nil, err
	}
	if axis < 0 {
		return nil, fmt.Errorf("%s: the axis is not known", g.name())
	}
	dataShape, ok1 := staticDims(in[0].Shape)
	idxShape, ok2 := staticDims(in[1].Shape)
	indices, ok3 := in[1].ints()
	if !ok1 || !ok2 || !ok3 {
		return nil, fmt.Errorf("%s: data and indices must be static and the indices known", g.name())
	}
	a, bd := int(axis), int(batchDims)
	batchSize := product(dataShape[:bd])
	outerSize := product(dataShape[bd:a])
	indicesSize := product(idxShape[bd:])
	innerSize := product(dataShape[a+1:])
	batchDataMul := product(dataShape[bd:])
	batchIdxMul := indicesSize
	axisSize := dataShape[a]
	total := product(outShapes[0])
	if batchSize*outerSize*indicesSize*innerSize != total || len(indices) != product(idxShape) {
		return nil, fmt.Errorf("%s: output of %d elements for data %v and indices %v", g.name(), total, dataShape, idxShape)
	}
	m := make([]int, total)
	batchOutMul := total
	if batchSize > 0 {
		batchOutMul = total / batchSize
	}
	for b := 0; b < batchSize; b++ {
		for o := 0; o < outerSize; o++ {
			dataOff := batchDataMul*b + innerSize*axisSize*o
			outOff := batchOutMul*b + indicesSize*innerSize*o
			for i := 0; i < indicesSize; i++ {
				idx := indices[i+batchIdxMul*b]
				if idx < 0 {
					idx += int64(axisSize)
				}
				dst := m[outOff+innerSize*i : outOff+innerSize*(i+1)]
				if idx < 0 || idx >= int64(axisSize) {
					for j := range dst {
						dst[j] = -1
					}
					continue
				}
				src := dataOff + innerSize*int(idx)
				for j := range dst {
					dst[j] = src + j
				}
			}
		}
	}
	return [][]int{m}, nil
}

func (g *gatherOp) evalBounds(in []Input, outs []Output) { moverBounds(g, in, outs) }

func (g *gatherOp) Prepare(in []Input, opts ExecOptions) (Kernel, error) {
	// Known indices and axis: block copies of the gathered slices (an RGB↔BGR channel
	// swap, an embedding row lookup), the reference map's bits.
	if k := moveRunsKernel(g, in, opts); k != nil {
		return k, nil
	}
	return prepareMove(g, in)
}
