package layers

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// Unique-10: src/core/shape_inference/include/unique_shape_inference.hpp,
// src/core/src/op/unique.cpp and reference unique.hpp. Outputs: the unique elements (or
// slices along axis), the index of each one's first occurrence, for every input element
// (slice) the index of its unique, and the counts. sorted=true orders the uniques
// ascending (slices lexicographically), else by first occurrence.
//
// The output size depends on the data: with a known input value the shapes are exact and
// the op folds; otherwise they are [1..n] intervals and irrun cannot run it (as NonZero).

type seqUniqueOp struct {
	Sorted    bool           `attr:"sorted"`
	IndexType ir.ElementType `attr:"index_element_type"`
	CountType ir.ElementType `attr:"count_element_type"`
}

func seqNewUnique(int) Op { return &seqUniqueOp{Sorted: true, IndexType: ir.I64, CountType: ir.I64} }

// axis returns the normalised axis when the op has a known one (ok false without axis
// input, err when it is invalid, known false when it is not a constant).
func (o *seqUniqueOp) axis(in []Input) (axis int, has, known bool, err error) {
	if len(in) < 2 {
		return 0, false, true, nil
	}
	a := in[1]
	if t := a.Type; t.IsStatic() && t != ir.I32 && t != ir.I64 {
		return 0, true, false, fmt.Errorf("The allowed element types of the 'axis' input tensor of the Unique operator are i32 and i64. (got %s)", t)
	}
	if !a.Constant && a.Value == nil {
		return 0, true, false, errors.New("The 'axis' input of the Unique operator must be connected to a Constant.")
	}
	if !(a.Shape.Compatible(ir.Shape{Dims: []ir.Dim{}}) || a.Shape.Compatible(ir.StaticShape(1))) {
		return 0, true, false, fmt.Errorf("The 'axis' input tensor of the Unique operator must be a scalar or 1D tensor with 1 element. (got %s)", a.Shape)
	}
	v, ok := a.ints()
	if !ok || len(v) != 1 {
		return 0, true, false, nil
	}
	r, rok := in[0].Shape.Rank()
	if !rok {
		return 0, true, false, nil
	}
	ax, err := normalizeAxis(v[0], r)
	return int(ax), true, true, err
}

func (o *seqUniqueOp) Infer(in []Input) ([]Output, error) {
	if len(in) < 1 || len(in) > 2 {
		return nil, fmt.Errorf("Unique expects 1 or 2 inputs, got %d", len(in))
	}
	if o.IndexType != ir.I32 && o.IndexType != ir.I64 {
		return nil, fmt.Errorf("The element type of the outputs containing indices can only be set to i32 or i64 (got %s)", o.IndexType)
	}
	if o.CountType != ir.I32 && o.CountType != ir.I64 {
		return nil, fmt.Errorf("The element type of the output containing the number of repetitions can only be set to i32 or i64 (got %s)", o.CountType)
	}
	ax, has, known, err := o.axis(in)
	if err != nil {
		return nil, err
	}
	outs := func(u ir.Dim, data ir.Shape, rev ir.Dim) []Output {
		one := func(d ir.Dim) ir.Shape { return ir.Shape{Dims: []ir.Dim{d}} }
		return []Output{{Type: in[0].Type, Shape: data}, {Type: o.IndexType, Shape: one(u)},
			{Type: o.IndexType, Shape: one(rev)}, {Type: o.CountType, Shape: one(u)}}
	}
	if v := in[0].Value; v != nil && known {
		res, err := o.compute(v, ax, has)
		if err == nil {
			n := int64(len(res.first))
			data := ir.StaticShape(n)
			if has {
				data = shapeOfDims(v.Shape)
				data.Dims[ax] = ir.StaticDim(n)
			}
			return outs(ir.StaticDim(n), data, ir.StaticDim(int64(len(res.rev)))), nil
		}
	}
	// The shapes of unique.cpp's validate_and_infer_types: the indices and counts have at
	// most as many elements as the input (unknown unless its shape is static), the data
	// output keeps the input's shape with 1..n at the axis.
	s := in[0].Shape
	capacity := ir.DynamicDim()
	if dims, ok := s.Static(); ok {
		n := int64(1)
		for _, d := range dims {
			n *= d
		}
		if n > 0 {
			capacity = ir.Dim{Lo: 1, Hi: n}
		}
	}
	rev := ir.DynamicDim()
	if capacity.Hi != ir.Inf {
		rev = ir.StaticDim(capacity.Hi)
	}
	if !has {
		return outs(capacity, ir.Shape{Dims: []ir.Dim{capacity}}, rev), nil
	}
	if !known || s.DynamicRank {
		data := ir.DynamicRankShape()
		if !s.DynamicRank {
			data = dynamicDims(len(s.Dims))
		}
		return outs(capacity, data, rev), nil
	}
	d := s.Dims[ax]
	u, idx := d, capacity
	switch {
	case d.IsDynamic():
	case d.IsStatic() && d.Lo == 0:
		idx = ir.StaticDim(0)
	default:
		u = ir.Dim{Lo: 1, Hi: d.Hi}
	}
	data := cloneShape(s)
	data.Dims[ax] = u
	return outs(idx, data, d), nil
}

type seqUniqueResult struct {
	first, rev, count []int64
	outer, n, inner   int
}

// compute finds the unique elements or slices of v.
func (o *seqUniqueOp) compute(v *ir.Tensor, ax int, has bool) (*seqUniqueResult, error) {
	cmpAt, err := seqCompare(v)
	if err != nil {
		return nil, err
	}
	r := &seqUniqueResult{outer: 1, n: v.Len(), inner: 1}
	if has {
		if ax >= len(v.Shape) {
			return nil, fmt.Errorf("axis %d out of range for shape %v", ax, v.Shape)
		}
		r.n = v.Shape[ax]
		r.outer, r.inner = product(v.Shape[:ax]), product(v.Shape[ax+1:])
	}
	// compareSlices compares slices p and q lexicographically.
	compareSlices := func(p, q int) int {
		for o := 0; o < r.outer; o++ {
			for i := 0; i < r.inner; i++ {
				if c := cmpAt((o*r.n+p)*r.inner+i, (o*r.n+q)*r.inner+i); c != 0 {
					return c
				}
			}
		}
		return 0
	}
	if r.outer*r.inner == 0 {
		compareSlices = func(int, int) int { return 0 }
	}
	order := make([]int, r.n)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, compareSlices)
	// Group equal slices; each group's first member is its first occurrence (stable sort).
	group := make([]int, r.n)
	var firsts []int
	for k, idx := range order {
		if k == 0 || compareSlices(order[k-1], idx) != 0 {
			firsts = append(firsts, idx)
		}
		group[idx] = len(firsts) - 1
	}
	pos := make([]int, len(firsts)) // output position of each group
	if o.Sorted {
		for g := range pos {
			pos[g] = g
		}
	} else {
		byFirst := make([]int, len(firsts))
		for g := range byFirst {
			byFirst[g] = g
		}
		slices.SortFunc(byFirst, func(a, b int) int { return cmp.Compare(firsts[a], firsts[b]) })
		for p, g := range byFirst {
			pos[g] = p
		}
	}
	r.first = make([]int64, len(firsts))
	r.count = make([]int64, len(firsts))
	for g, f := range firsts {
		r.first[pos[g]] = int64(f)
	}
	r.rev = make([]int64, r.n)
	for i := 0; i < r.n; i++ {
		p := pos[group[i]]
		r.rev[i] = int64(p)
		r.count[p]++
	}
	return r, nil
}

// seqCompare returns a three-way comparison of two elements of t (NaNs sort last, equal).
func seqCompare(t *ir.Tensor) (func(a, b int) int, error) {
	switch d := t.Data.(type) {
	case []float32:
		return func(a, b int) int { return cmp.Compare(d[a], d[b]) }, nil
	case []float64:
		return func(a, b int) int { return cmp.Compare(d[a], d[b]) }, nil
	case []f16:
		return func(a, b int) int { return cmp.Compare(d[a].Float32(), d[b].Float32()) }, nil
	case []int8:
		return func(a, b int) int { return cmp.Compare(d[a], d[b]) }, nil
	case []int16:
		return func(a, b int) int { return cmp.Compare(d[a], d[b]) }, nil
	case []int32:
		return func(a, b int) int { return cmp.Compare(d[a], d[b]) }, nil
	case []int64:
		return func(a, b int) int { return cmp.Compare(d[a], d[b]) }, nil
	case []uint8:
		return func(a, b int) int { return cmp.Compare(d[a], d[b]) }, nil
	case []uint16:
		if t.Type == ir.BF16 {
			var x, y [1]float32
			return func(a, b int) int {
				kernels.BF16ToF32(x[:], d[a:a+1])
				kernels.BF16ToF32(y[:], d[b:b+1])
				return cmp.Compare(x[0], y[0])
			}, nil
		}
		return func(a, b int) int { return cmp.Compare(d[a], d[b]) }, nil
	case []uint32:
		return func(a, b int) int { return cmp.Compare(d[a], d[b]) }, nil
	case []uint64:
		return func(a, b int) int { return cmp.Compare(d[a], d[b]) }, nil
	case []bool:
		return func(a, b int) int {
			switch {
			case d[a] == d[b]:
				return 0
			case !d[a]:
				return -1
			}
			return 1
		}, nil
	}
	return nil, &ir.UnsupportedError{What: fmt.Sprintf("Unique on element type %s", t.Type)}
}

// DynamicOutputs: the number of unique elements sizes the outputs.
func (o *seqUniqueOp) DynamicOutputs() {}

// seqUniqueKernel runs with preallocated outputs (folding) or allocates them (RunDynamic).
type seqUniqueKernel struct {
	kernelFunc
	op  *seqUniqueOp
	ax  int
	has bool
}

// RunDynamic finds the unique elements, allocates the four outputs at the sizes the data
// gives and fills them.
func (k seqUniqueKernel) RunDynamic(ctx context.Context, in []*ir.Tensor) ([]*ir.Tensor, error) {
	if len(in) < 1 {
		return nil, fmt.Errorf("Unique: expected 1 or 2 inputs, got %d", len(in))
	}
	r, err := k.op.compute(in[0], k.ax, k.has)
	if err != nil {
		return nil, err
	}
	u := len(r.first)
	dataShape := []int{u}
	if k.has {
		dataShape = slices.Clone(in[0].Shape)
		dataShape[k.ax] = u
	}
	specs := []struct {
		t     ir.ElementType
		shape []int
	}{{in[0].Type, dataShape}, {k.op.IndexType, []int{u}}, {k.op.IndexType, []int{len(r.rev)}}, {k.op.CountType, []int{u}}}
	outs := make([]*ir.Tensor, len(specs))
	for i, sp := range specs {
		if outs[i], err = ir.NewTensor(sp.t, sp.shape); err != nil {
			return nil, fmt.Errorf("Unique: output %d: %w", i, err)
		}
	}
	if err := k.kernelFunc(ctx, in, outs); err != nil {
		return nil, err
	}
	return outs, nil
}

func (o *seqUniqueOp) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	if _, err := o.Infer(in); err != nil {
		return nil, err
	}
	ax, has, known, err := o.axis(in)
	if err != nil {
		return nil, err
	}
	if !known {
		return nil, &ir.UnsupportedError{What: "Unique with an axis that is not a constant"}
	}
	return seqUniqueKernel{op: o, ax: ax, has: has, kernelFunc: func(_ context.Context, ins, out []*ir.Tensor) error {
		if len(ins) < 1 || len(out) != 4 {
			return fmt.Errorf("Unique: got %d inputs and %d outputs", len(ins), len(out))
		}
		r, err := o.compute(ins[0], ax, has)
		if err != nil {
			return err
		}
		u := len(r.first)
		if out[1].Len() != u || out[2].Len() != len(r.rev) || out[0].Len() != r.outer*u*r.inner {
			return fmt.Errorf("Unique: %d unique elements do not fit the outputs of %d elements (the output size depends on the data)", u, out[1].Len())
		}
		idx := make([]int, 0, out[0].Len())
		for oo := 0; oo < r.outer; oo++ {
			for _, f := range r.first {
				for i := 0; i < r.inner; i++ {
					idx = append(idx, (oo*r.n+int(f))*r.inner+i)
				}
			}
		}
		if err := moveElems(out[0].Data, []any{ins[0].Data}, idx, nil); err != nil {
			return err
		}
		for k, v := range [][]int64{r.first, r.rev, r.count} {
			if err := putInts(out[k+1].Data, v); err != nil {
				return err
			}
		}
		return nil
	}}, nil
}
