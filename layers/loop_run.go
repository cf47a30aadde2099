package layers

import (
	"context"
	"errors"
	"fmt"

	"github.com/irrun/irrun/ir"
)

// Loop-5 execution (reference/loop.cpp, with the CPU plugin's zero-iteration behaviour):
// the body is compiled by the graph package (BodyCompiler) into a program run once per
// iteration with the same engine. Each iteration's body Parameters get the invariant inputs,
// the current slice of the sliced inputs (axis, part_size, stride -1 from the end; past the
// last slice the last one is kept, as the reference does), the values of the merged inputs
// (the initial input, then the body Result of the back edge) and the current iteration
// number. The loop runs while the execution condition (the Loop's input 1, then the body's
// condition Result) holds and fewer than trip_count iterations ran; a negative trip count
// means no limit, and then MaxLoopIterations bounds the loop: a Loop still running after it
// ends with an error. Outputs are sized at run time (DynamicOp): a concatenated output
// stacks the iterations' values along its axis; a last-iteration output is the last
// iteration's value. With zero iterations (a false initial condition, trip count 0), a
// concatenated output is empty (axis 0 long, the body Result's declared dims elsewhere, 0
// where dynamic), a last-iteration output fed by a back edge is the merged input's initial
// value, and any other is empty (its first dim 0, as OpenVINO's inference says).

// MaxLoopIterations bounds a Loop whose trip count is negative (no limit).
const MaxLoopIterations = 1 << 20

// BodyCompiler compiles a sub-graph body for execution (the graph package implements it).
type BodyCompiler interface {
	// CompileBody compiles body, whose Parameters take the given types, shapes and values
	// (keyed by layer id), into a program reading the Parameters paramIDs and producing the
	// Results resultIDs, in those orders.
	CompileBody(body *ir.Body, params map[int64]Input, paramIDs, resultIDs []int64) (BodyProgram, error)
}

// BodyProgram runs a compiled body.
type BodyProgram interface {
	// Run runs the body once; it returns new tensors.
	Run(ctx context.Context, params []*ir.Tensor) ([]*ir.Tensor, error)
	// MaxMemory is the memory limit the outputs of one op stay within.
	MaxMemory() int64
}

// DynamicOutputs: the number of iterations sizes the outputs.
func (l *loopOp) DynamicOutputs() {}

// loopKernel is a prepared Loop.
type loopKernel struct {
	l        *loopOp
	prog     BodyProgram
	params   []int64 // body Parameter ids, in the program's input order
	results  []int64 // body Result ids, in the program's output order
	paramIdx map[int64]int
	resIdx   map[int64]int
	iterType ir.ElementType
	iterDims []int
}

// Prepare compiles the body.
func (l *loopOp) Prepare(in []Input, opts ExecOptions) (Kernel, error) {
	if opts.Bodies == nil {
		return nil, errors.New("Loop: no body compiler (a bug in irrun)")
	}
	if len(in) < 2 {
		return nil, fmt.Errorf("Loop needs the trip_count and execution_condition inputs, got %d inputs", len(in))
	}
	k := &loopKernel{l: l, paramIdx: map[int64]int{}, resIdx: map[int64]int{}, iterType: ir.I64, iterDims: []int{1}}
	params := map[int64]Input{}
	for _, d := range l.inputs {
		if d.index >= len(in) {
			return nil, fmt.Errorf("Loop: port map input %d, %d inputs", d.index, len(in))
		}
		x := in[d.index]
		p := Input{Type: x.Type, Shape: ir.DynamicRankShape()}
		if !d.merged && !d.sliced {
			p.Shape, p.Value, p.Constant = cloneShape(x.Shape), x.Value, x.Constant
		}
		if d.sliced && (d.partSize <= 0 || (d.stride != 1 && d.stride != -1)) {
			return nil, &ir.UnsupportedError{What: fmt.Sprintf("Loop slicing with part_size %d and stride %d (irrun slices with part_size >= 1 and stride 1 or -1)", d.partSize, d.stride)}
		}
		params[d.param] = p
		k.add(d.param)
	}
	if l.iterParam >= 0 {
		for _, ly := range l.body.Layers {
			if ly.ID == l.iterParam && len(ly.Outputs) == 1 {
				if ly.Outputs[0].HasPrecision {
					k.iterType = ly.Outputs[0].Precision
				}
				if d, ok := ly.Outputs[0].Shape.Static(); ok && len(d) == 0 {
					k.iterDims = []int{}
				}
			}
		}
		if k.iterType != ir.I64 && k.iterType != ir.I32 {
			return nil, fmt.Errorf("Loop: the current iteration Parameter is %s, want i32 or i64", k.iterType)
		}
		params[l.iterParam] = Input{Type: k.iterType, Shape: ir.DynamicRankShape()}
		k.add(l.iterParam)
	}
	addRes := func(id int64) {
		if _, ok := k.resIdx[id]; !ok {
			k.resIdx[id] = len(k.results)
			k.results = append(k.results, id)
		}
	}
	for _, o := range l.outputs {
		addRes(o.result)
	}
	for _, d := range l.inputs {
		if d.merged {
			addRes(d.result)
		}
	}
	if l.condResult >= 0 {
		addRes(l.condResult)
	}
	prog, err := opts.Bodies.CompileBody(l.body, params, k.params, k.results)
	if err != nil {
		return nil, err
	}
	k.prog = prog
	return k, nil
}

func (k *loopKernel) add(id int64) {
	if _, ok := k.paramIdx[id]; !ok {
		k.paramIdx[id] = len(k.params)
		k.params = append(k.params, id)
	}
}

// Run is for a Loop whose outputs were sized before the run: it must produce those shapes.
func (k *loopKernel) Run(ctx context.Context, in, out []*ir.Tensor) error {
	return seqCopyPlanned("Loop", k, ctx, in, out)
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// loopFlag reads a one-element boolean or numeric tensor.
func loopFlag(t *ir.Tensor, what string) (bool, error) {
	if t == nil || t.Len() != 1 {
		return false, fmt.Errorf("Loop: the %s must hold one value", what)
	}
	if b, ok := t.Data.([]bool); ok {
		return b[0], nil
	}
	f, ok := t.Float64s()
	if !ok {
		return false, fmt.Errorf("Loop: the %s is %s", what, t.Type)
	}
	return f[0] != 0, nil
}

func (k *loopKernel) RunDynamic(ctx context.Context, in []*ir.Tensor) ([]*ir.Tensor, error) {
	l := k.l
	if len(in) < 2 {
		return nil, fmt.Errorf("Loop: got %d inputs", len(in))
	}
	if in[0] == nil || in[0].Len() != 1 || (in[0].Type != ir.I64 && in[0].Type != ir.I32) {
		return nil, errors.New("Loop: the trip count must be one i32 or i64 value")
	}
	tc, _ := in[0].Int64s()
	trip := tc[0]
	cond, err := loopFlag(in[1], "execution condition")
	if err != nil {
		return nil, err
	}
	body := make([]*ir.Tensor, len(k.params))
	type slicer struct {
		pos    int // body input position
		src    *ir.Tensor
		axis   int
		part   int
		n      int // number of slices
		stride int64
	}
	var slices []slicer
	for _, d := range l.inputs {
		x := in[d.index]
		pos := k.paramIdx[d.param]
		if !d.sliced {
			body[pos] = x
			continue
		}
		ax, err := normalizeAxis(d.axis, len(x.Shape))
		if err != nil {
			return nil, fmt.Errorf("Loop: sliced input %d: %w", d.index, err)
		}
		part := int(d.partSize)
		if x.Shape[ax]%part != 0 {
			return nil, fmt.Errorf("Loop: sliced input %d: dimension %d (%d) is not a multiple of part_size %d", d.index, ax, x.Shape[ax], part)
		}
		slices = append(slices, slicer{pos: pos, src: x, axis: int(ax), part: part, n: x.Shape[ax] / part, stride: d.stride})
	}
	var iterT *ir.Tensor
	if l.iterParam >= 0 {
		if iterT, err = ir.NewTensor(k.iterType, k.iterDims); err != nil {
			return nil, err
		}
		body[k.paramIdx[l.iterParam]] = iterT
	}
	concat := make([][]*ir.Tensor, len(l.outputs))
	var concatBytes int64
	var last []*ir.Tensor
	iters := int64(0)
	for cond && (trip < 0 || iters < trip) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if trip < 0 && iters >= MaxLoopIterations {
			return nil, fmt.Errorf("Loop: still running after %d iterations (trip count %d: no limit, and the execution condition stayed true)", iters, trip)
		}
		for _, s := range slices {
			j := int(min(iters, int64(s.n-1)))
			if s.n == 0 {
				return nil, fmt.Errorf("Loop: a sliced input has no slice along axis %d", s.axis)
			}
			if s.stride < 0 {
				j = s.n - 1 - j
			}
			t, err := sliceAxis(s.src, s.axis, j*s.part, s.part)
			if err != nil {
				return nil, err
			}
			body[s.pos] = t
		}
		if iterT != nil {
			switch d := iterT.Data.(type) {
			case []int64:
				d[0] = iters
			case []int32:
				d[0] = int32(iters)
			}
		}
		outs, err := k.prog.Run(ctx, body)
		if err != nil {
			return nil, fmt.Errorf("Loop iteration %d: %w", iters, err)
		}
		if len(outs) != len(k.results) {
			return nil, fmt.Errorf("Loop: the body gave %d outputs, want %d", len(outs), len(k.results))
		}
		for i, o := range l.outputs {
			if !o.concat {
				continue
			}
			t := outs[k.resIdx[o.result]]
			concat[i] = append(concat[i], t)
			if err := stackedWithin("Loop", &concatBytes, t, iters+1, k.prog.MaxMemory()); err != nil {
				return nil, err
			}
		}
		if l.condResult >= 0 {
			if cond, err = loopFlag(outs[k.resIdx[l.condResult]], "body's execution condition"); err != nil {
				return nil, err
			}
		}
		for _, d := range l.inputs {
			if d.merged {
				body[k.paramIdx[d.param]] = outs[k.resIdx[d.result]]
			}
		}
		last = outs
		iters++
	}
	res := make([]*ir.Tensor, l.numOutputs)
	for i, o := range l.outputs {
		if o.index >= len(res) {
			continue
		}
		var t *ir.Tensor
		switch {
		case o.concat && iters > 0:
			t, err = concatAxis(concat[i], o.axis)
		case o.concat:
			t, err = k.emptyResult(o.result, int(o.axis), true)
		case iters > 0:
			t, err = cloneData(last[k.resIdx[o.result]])
		default:
			t, err = k.zeroIterValue(in, o.result)
		}
		if err != nil {
			return nil, fmt.Errorf("Loop output %d: %w", o.index, err)
		}
		res[o.index] = t
	}
	for i, t := range res {
		if t == nil {
			return nil, fmt.Errorf("Loop: output %d is not in the port map", i)
		}
	}
	return res, nil
}

// zeroIterValue is a last-iteration output after zero iterations: the initial value of the
// merged input its Result feeds back, else an empty tensor.
func (k *loopKernel) zeroIterValue(in []*ir.Tensor, result int64) (*ir.Tensor, error) {
	for _, d := range k.l.inputs {
		if d.merged && d.result == result {
			return cloneData(in[d.index])
		}
	}
	return k.emptyResult(result, 0, false)
}

// emptyResult is an empty tensor shaped like the body Result's declared input port: dim
// axis 0, dynamic dims 0.
func (k *loopKernel) emptyResult(result int64, axis int, concat bool) (*ir.Tensor, error) {
	typ, dims := ir.F32, []int{0}
	for _, ly := range k.l.body.Layers {
		if ly.ID != result || len(ly.Inputs) != 1 {
			continue
		}
		p := ly.Inputs[0]
		if p.HasPrecision {
			typ = p.Precision
		}
		if r, ok := p.Shape.Rank(); ok && r > 0 {
			dims = make([]int, r)
			for i, d := range p.Shape.Dims {
				if d.IsStatic() {
					dims[i] = int(d.Lo)
				}
			}
			if concat {
				if ax, err := normalizeAxis(int64(axis), r); err == nil {
					dims[ax] = 0
				}
			} else {
				dims[0] = 0
			}
		}
	}
	if !typ.IsStatic() {
		typ = ir.F32
	}
	return ir.NewTensor(typ, dims)
}

func cloneData(t *ir.Tensor) (*ir.Tensor, error) {
	c, err := ir.NewTensor(t.Type, t.Shape)
	if err != nil {
		return nil, err
	}
	return c, copyData(c, t)
}

// sliceAxis returns elements [start, start+n) of t along axis.
func sliceAxis(t *ir.Tensor, axis, start, n int) (*ir.Tensor, error) {
	shape := append([]int(nil), t.Shape...)
	shape[axis] = n
	out, err := ir.NewTensor(t.Type, shape)
	if err != nil {
		return nil, err
	}
	outer, inner := 1, 1
	for _, d := range t.Shape[:axis] {
		outer *= d
	}
	for _, d := range t.Shape[axis+1:] {
		inner *= d
	}
	for o := range outer {
		src := (o*t.Shape[axis] + start) * inner
		if err := copyRange(out.Data, o*n*inner, t.Data, src, n*inner); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// concatAxis stacks equally shaped tensors along axis (a scalar piece counts as [1]).
func concatAxis(ts []*ir.Tensor, axis int64) (*ir.Tensor, error) {
	first := ts[0]
	shape := append([]int(nil), first.Shape...)
	if len(shape) == 0 {
		shape = []int{1}
	}
	ax, err := normalizeAxis(axis, len(shape))
	if err != nil {
		return nil, err
	}
	pieceShape := append([]int(nil), shape...)
	for _, t := range ts {
		s := t.Shape
		if len(s) == 0 {
			s = []int{1}
		}
		if t.Type != first.Type || !equalInts(s, pieceShape) {
			return nil, fmt.Errorf("iterations gave %s%v and %s%v, which do not concatenate", first.Type, first.Shape, t.Type, t.Shape)
		}
	}
	shape[ax] = pieceShape[ax] * len(ts)
	out, err := ir.NewTensor(first.Type, shape)
	if err != nil {
		return nil, err
	}
	outer, inner := 1, 1
	for _, d := range pieceShape[:ax] {
		outer *= d
	}
	for _, d := range pieceShape[ax:] {
		inner *= d
	}
	for o := range outer {
		for j, t := range ts {
			if err := copyRange(out.Data, (o*len(ts)+j)*inner, t.Data, o*inner, inner); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// copyRange copies n elements of src from soff into dst at doff (same element type).
func copyRange(dst any, doff int, src any, soff, n int) error {
	ok := false
	switch s := src.(type) {
	case []float32:
		ok = copyRangeT(dst, doff, s, soff, n)
	case []float64:
		ok = copyRangeT(dst, doff, s, soff, n)
	case []f16:
		ok = copyRangeT(dst, doff, s, soff, n)
	case []int8:
		ok = copyRangeT(dst, doff, s, soff, n)
	case []int16:
		ok = copyRangeT(dst, doff, s, soff, n)
	case []int32:
		ok = copyRangeT(dst, doff, s, soff, n)
	case []int64:
		ok = copyRangeT(dst, doff, s, soff, n)
	case []uint8:
		ok = copyRangeT(dst, doff, s, soff, n)
	case []uint16:
		ok = copyRangeT(dst, doff, s, soff, n)
	case []uint32:
		ok = copyRangeT(dst, doff, s, soff, n)
	case []uint64:
		ok = copyRangeT(dst, doff, s, soff, n)
	case []bool:
		ok = copyRangeT(dst, doff, s, soff, n)
	case []string:
		ok = copyRangeT(dst, doff, s, soff, n)
	}
	if !ok {
		return fmt.Errorf("cannot copy %T into %T", src, dst)
	}
	return nil
}

func copyRangeT[T any](dst any, doff int, src []T, soff, n int) bool {
	d, ok := dst.([]T)
	if !ok || doff < 0 || soff < 0 || doff+n > len(d) || soff+n > len(src) {
		return false
	}
	copy(d[doff:doff+n], src[soff:soff+n])
	return true
}

// stackedWithin adds t's bytes to *total, the iterations' values kept for concatenated
// outputs, and fails when they pass limit after iters iterations.
func stackedWithin(op string, total *int64, t *ir.Tensor, iters, limit int64) error {
	*total += int64(t.Len()) * int64(max(t.Type.Bits()/8, 1))
	if *total > limit {
		return fmt.Errorf("%s: the concatenated outputs of %d iterations need more than the memory limit of %d bytes", op, iters, limit)
	}
	return nil
}
