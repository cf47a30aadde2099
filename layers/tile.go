package layers

import (
	"fmt"

	"github.com/irrun/irrun/ir"
)

// Tile-1, following src/core/shape_inference/include/tile_shape_inference.hpp and
// src/core/src/op/tile.cpp: repeats (value or bounds; negative repeats count as 0) multiply
// the input dims, the shorter of the two being padded with leading 1s. A mover over the data
// input.

type tileOp struct{}

func (tileOp) Infer(in []Input) ([]Output, error) {
	if len(in) != 2 {
		return nil, fmt.Errorf("Tile expects 2 inputs, got %d", len(in))
	}
	if t := in[1].Type; t.IsStatic() && !t.IsInteger() {
		return nil, fmt.Errorf("Tile repeats must have any integer element type, but has %s", t)
	}
	out, err := tileShape(in)
	if err != nil {
		return nil, err
	}
	return []Output{{Type: in[0].Type, Shape: out}}, nil
}

// tileRepeats reads the repeats as dims: values below 0 become 0, bounds become intervals.
func tileRepeats(x Input) ([]ir.Dim, bool) {
	lo, hi, ok := x.bounded()
	if !ok || len(lo) != len(hi) {
		return nil, false
	}
	r := make([]ir.Dim, len(lo))
	for i := range lo {
		l, h := max(lo[i], 0), max(valueOrLimit(hi[i], x.Type), 0)
		if h < l {
			h = l
		}
		r[i] = ir.Dim{Lo: l, Hi: h}
	}
	return r, true
}

func tileShape(in []Input) (ir.Shape, error) {
	rs := in[1].Shape
	if r, ok := rs.Rank(); ok && r != 1 {
		return ir.Shape{}, fmt.Errorf("Tile repeats must be of rank 1 (repeats shape %s)", rs)
	}
	arg := in[0].Shape
	repeats, known := tileRepeats(in[1])
	switch {
	case !arg.DynamicRank && known:
		n := max(len(arg.Dims), len(repeats))
		for len(repeats) < n {
			repeats = append([]ir.Dim{ir.StaticDim(1)}, repeats...)
		}
		out := ir.Shape{Dims: make([]ir.Dim, 0, n)}
		extra := n - len(arg.Dims)
		out.Dims = append(out.Dims, repeats[:extra]...)
		for i, d := range arg.Dims {
			out.Dims = append(out.Dims, dimMul(d, repeats[extra+i]))
		}
		return out, nil
	case !arg.DynamicRank && !rs.DynamicRank && rs.Dims[0].IsStatic():
		return dynamicOfLen(max(int64(len(arg.Dims)), rs.Dims[0].Lo)), nil
	}
	return ir.DynamicRankShape(), nil
}

func (tileOp) dataInputs(int) []int { return []int{0} }

// moveMap: each output coordinate reads the input coordinate modulo the input dim (the input
// padded with leading 1s to the output rank).
func (tileOp) moveMap(in []Input, outShapes [][]int) ([][]int, error) {
	if len(outShapes) != 1 {
		return nil, fmt.Errorf("Tile: %d outputs", len(outShapes))
	}
	out := outShapes[0]
	arg, ok := staticDims(in[0].Shape)
	if !ok || len(arg) > len(out) {
		return nil, fmt.Errorf("Tile: input shape %s for output %v", in[0].Shape, out)
	}
	padded := make([]int, len(out))
	for i := range padded {
		padded[i] = 1
	}
	copy(padded[len(out)-len(arg):], arg)
	for i, d := range padded {
		if d == 0 && out[i] != 0 {
			return nil, fmt.Errorf("Tile: input dim %d is 0, output dim %d", i, out[i])
		}
	}
	st := strides(padded)
	total := product(out)
	m := make([]int, total)
	idx := make([]int, len(out))
	for o := 0; o < total; o++ {
		src := 0
		for ax, c := range idx {
			src += (c % padded[ax]) * st[ax]
		}
		m[o] = src
		for ax := len(out) - 1; ax >= 0; ax-- {
			idx[ax]++
			if idx[ax] < out[ax] {
				break
			}
			idx[ax] = 0
		}
	}
	return [][]int{m}, nil
}

func (t tileOp) evalBounds(in []Input, outs []Output) { moverBounds(t, in, outs) }

func (t tileOp) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	return prepareMove(t, in)
}
