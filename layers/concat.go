package layers

import (
	"fmt"

	"github.com/irrun/irrun/ir"
)

// Concat-1, following src/core/src/op/concat.cpp and
// src/core/shape_inference/include/concat_shape_inference.hpp: the inputs' dims merge
// everywhere but on the axis, where their intervals add up. A mover over all inputs.

type concatOp struct {
	Axis int64 `attr:"axis"`
}

func (c *concatOp) Infer(in []Input) ([]Output, error) {
	if len(in) < 1 {
		return nil, fmt.Errorf("At least one argument required.")
	}
	et := ir.Dynamic
	// validate_and_infer_types: element types, then the axis against each input.
	concatAxis := int64(-1)
	axisSet := false
	for i, x := range in {
		t, ok := mergeTypes(et, x.Type)
		if !ok {
			return nil, fmt.Errorf("Argument element types are inconsistent. (input %d is %s, the previous inputs %s)", i, x.Type, et)
		}
		et = t
		r, ok := x.Shape.Rank()
		if ok && !axisSet {
			concatAxis = c.Axis
			if concatAxis < 0 {
				concatAxis += int64(r)
			}
			axisSet = concatAxis >= 0
		}
		if x.Shape.IsStatic() && (concatAxis < 0 || concatAxis >= int64(r)) {
			return nil, attrErr("axis", fmt.Errorf("Concatenation axis (%d) is out of bounds [%d, %d] for argument %d, which has shape %s.",
				concatAxis, -r, r-1, i, x.Shape))
		}
	}
	out, err := c.shape(in)
	if err != nil {
		return nil, err
	}
	return []Output{{Type: et, Shape: out}}, nil
}

// shape is v0::shape_infer(Concat).
func (c *concatOp) shape(in []Input) (ir.Shape, error) {
	out := ir.DynamicRankShape()
	concatDim := ir.StaticDim(0)
	axis := int64(0)
	for _, x := range in {
		r, ok := x.Shape.Rank()
		if !ok {
			concatDim = dimAdd(concatDim, ir.DynamicDim())
			continue
		}
		a, err := normalizeAxis(c.Axis, r)
		if err != nil {
			return ir.Shape{}, err
		}
		axis = a
		cp := cloneShape(x.Shape)
		concatDim = dimAdd(concatDim, cp.Dims[a])
		cp.Dims[a] = ir.DynamicDim()
		merged, ok := shapeMerge(out, cp)
		if !ok {
			return ir.Shape{}, fmt.Errorf("Argument shapes are inconsistent; they must have the same rank, and must have equal dimension everywhere except on the concatenation axis (axis %d). (shapes %s)", a, fmtInputShapes(in))
		}
		out = merged
	}
	if !out.DynamicRank {
		out.Dims[axis] = concatDim
	}
	return out, nil
}

func fmtInputShapes(in []Input) string {
	b := []byte{'{'}
	for i, x := range in {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, x.Shape.String()...)
	}
	return string(append(b, '}'))
}

func (c *concatOp) dataInputs(n int) []int {
	d := make([]int, n)
	for i := range d {
		d[i] = i
	}
	return d
}

func (c *concatOp) moveMap(in []Input, outShapes [][]int) ([][]int, error) {
	if len(outShapes) != 1 {
		return nil, fmt.Errorf("Concat: %d outputs", len(outShapes))
	}
	out := outShapes[0]
	axis, err := normalizeAxis(c.Axis, len(out))
	if err != nil {
		return nil, err
	}
	outer := product(out[:axis])
	inner := product(out[axis+1:])
	// Per input: its block (axis length * inner) and the offset of its first element.
	blocks := make([]int, len(in))
	bases := make([]int, len(in))
	base := 0
	for k, x := range in {
		dims, ok := staticDims(x.Shape)
		if !ok || len(dims) != len(out) {
			return nil, fmt.Errorf("Concat: input %d has shape %s", k, x.Shape)
		}
		blocks[k] = dims[axis] * inner
		bases[k] = base
		base += product(dims)
	}
	m := make([]int, 0, product(out))
	for o := 0; o < outer; o++ {
		for k := range in {
			start := bases[k] + o*blocks[k]
			for j := 0; j < blocks[k]; j++ {
				m = append(m, start+j)
			}
		}
	}
	if len(m) != product(out) {
		return nil, fmt.Errorf("Concat: inputs of %d elements for an output of %d", len(m), product(out))
	}
	return [][]int{m}, nil
}

func (c *concatOp) evalBounds(in []Input, outs []Output) { moverBounds(c, in, outs) }

func (c *concatOp) Prepare(in []Input, opts ExecOptions) (Kernel, error) {
	if k := concatFastKernel(c, in, opts); k != nil {
		return k, nil
	}
	return prepareMove(c, in)
}
