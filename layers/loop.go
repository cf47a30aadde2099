package layers

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/irrun/irrun/ir"
)

// Loop-5 (src/core/src/op/loop.cpp): a body sub-graph run while a condition holds, at most
// trip_count times. Its shape inference infers the body: the graph package does that
// through BodyInferer (subgraph.go), so that this file holds only Loop's own rules; its
// kernel follows the inference.

// loopInput is one <port_map><input>: a Loop input feeding a body Parameter.
type loopInput struct {
	index    int   // Loop input index
	param    int64 // body Parameter layer id
	sliced   bool  // axis given: the input is sliced along axis, part_size per iteration
	axis     int64
	partSize int64
	stride   int64 // -1: the slices are taken from the end
	merged   bool  // a back edge feeds the Parameter from a body Result after each iteration
	result   int64 // that Result's layer id when merged
}

// loopOutput is one <port_map><output>: a body Result exposed as a Loop output.
type loopOutput struct {
	index  int // Loop output index
	result int64
	concat bool // axis given: iterations are concatenated along axis
	axis   int64
}

type loopOp struct {
	body    *ir.Body
	inputs  []loopInput
	outputs []loopOutput
	// condResult is the body Result holding the execution condition, iterParam the body
	// Parameter receiving the current iteration (-1 when absent).
	condResult, iterParam int64
	numOutputs            int
}

func decodeLoop(l *ir.Layer, _ *ir.Model, _ int) (Op, []ir.Diagnostic) {
	d := newDecoder(l)
	op := &loopOp{condResult: -1, iterParam: -1, numOutputs: len(l.Outputs)}
	for _, b := range l.Bodies {
		if b.Kind == "body" && op.body == nil {
			op.body = b
		}
	}
	if op.body == nil {
		d.report(ir.SeverityError, CodeInvalidAttribute, l.Offset, d.layerRef()+": a Loop needs a <body>")
		return nil, d.diags
	}
	backEdge := map[int64]int64{} // body Parameter id -> body Result id
	for _, e := range l.BackEdges {
		backEdge[e.ToLayer] = e.FromLayer
	}
	entryInt := func(e ir.PortMapEntry, name string) (int64, bool) {
		a, ok := e.Attrs.Get(name)
		if !ok {
			return 0, false
		}
		v, err := strconv.ParseInt(a.Value, 10, 64)
		if err != nil {
			d.report(ir.SeverityError, CodeInvalidAttribute, a.Offset,
				fmt.Sprintf("%s: port_map attribute %s=%q is not an integer", d.layerRef(), name, a.Value))
			return 0, false
		}
		return v, true
	}
	for _, e := range l.PortMap {
		if e.Map != "port_map" {
			continue
		}
		ext, hasExt := entryInt(e, "external_port_id")
		id, hasID := entryInt(e, "internal_layer_id")
		if !hasID {
			d.report(ir.SeverityError, CodeInvalidAttribute, e.Offset, d.layerRef()+": port_map entry without internal_layer_id")
			continue
		}
		axis, sliced := entryInt(e, "axis")
		purpose := e.Attrs.Value("purpose")
		switch e.Kind {
		case "input":
			if purpose == "current_iteration" {
				op.iterParam = id
				continue
			}
			idx := -1
			if hasExt {
				for i, p := range l.Inputs {
					if p.ID == ext {
						idx = i
						break
					}
				}
			}
			if idx < 0 {
				d.report(ir.SeverityError, CodeInvalidAttribute, e.Offset,
					fmt.Sprintf("%s: port_map input external_port_id=%d names no input port of the Loop", d.layerRef(), ext))
				continue
			}
			in := loopInput{index: idx, param: id, sliced: sliced, axis: axis, partSize: 1, stride: 1}
			if ps, ok := entryInt(e, "part_size"); ok {
				in.partSize = ps
			}
			if st, ok := entryInt(e, "stride"); ok {
				in.stride = st
			}
			if r, ok := backEdge[id]; ok {
				in.merged, in.result = true, r
			}
			op.inputs = append(op.inputs, in)
		case "output":
			if purpose == "execution_condition" {
				op.condResult = id
			}
			if !hasExt || ext < 0 {
				continue
			}
			idx := -1
			for i, p := range l.Outputs {
				if p.ID == ext {
					idx = i
					break
				}
			}
			if idx < 0 {
				d.report(ir.SeverityError, CodeInvalidAttribute, e.Offset,
					fmt.Sprintf("%s: port_map output external_port_id=%d names no output port of the Loop", d.layerRef(), ext))
				continue
			}
			op.outputs = append(op.outputs, loopOutput{index: idx, result: id, concat: sliced, axis: axis})
		}
	}
	if d.failed {
		return nil, d.diags
	}
	return op, d.diags
}

// Infer needs the body: the graph calls InferBodies.
func (l *loopOp) Infer(in []Input) ([]Output, error) {
	return nil, &ir.UnsupportedError{What: "Loop shape inference without its body"}
}

func rank01(s ir.Shape, what string) error {
	if r, ok := s.Rank(); ok && r != 0 && r != 1 {
		return fmt.Errorf("Rank of %s must be equal to 0 or 1 (got shape %s)", what, s)
	}
	return nil
}

// InferBodies implements BodyOp with Loop-5's rules.
func (l *loopOp) InferBodies(in []Input, bi BodyInferer) ([]Output, error) {
	if len(in) < 2 {
		return nil, fmt.Errorf("Loop needs the trip_count and execution_condition inputs, got %d inputs", len(in))
	}
	if err := rank01(in[1].Shape, "ExecutionCondition input"); err != nil {
		return nil, err
	}
	zeroIter := false
	if v, ok, err := singleBool(in[1].Value); err != nil {
		return nil, err
	} else if ok && !v {
		zeroIter = true
	}
	params := map[int64]Input{}
	for _, d := range l.inputs {
		if d.index >= len(in) {
			return nil, fmt.Errorf("Number of inputs must be the same as number of input descriptions (port map input %d, %d inputs)", d.index, len(in))
		}
		x := in[d.index]
		p := Input{Type: x.Type, Shape: cloneShape(x.Shape)}
		if d.sliced {
			if r, ok := x.Shape.Rank(); ok {
				ax, err := normalizeAxis(d.axis, r)
				if err != nil {
					return nil, err
				}
				p.Shape.Dims[ax] = ir.StaticDim(abs64(d.partSize))
			} else {
				p.Shape = ir.DynamicRankShape()
			}
		}
		if !d.merged && !d.sliced {
			// Invariant inputs keep their value in every iteration.
			p.Value, p.Bounds, p.Constant = x.Value, x.Bounds, x.Constant
		}
		params[d.param] = p
	}
	if l.iterParam >= 0 {
		params[l.iterParam] = Input{Type: ir.I64, Shape: ir.StaticShape(1)}
		for _, ly := range l.body.Layers {
			if ly.ID == l.iterParam && len(ly.Outputs) == 1 && ly.Outputs[0].HasPrecision {
				params[l.iterParam] = Input{Type: ly.Outputs[0].Precision, Shape: ly.Outputs[0].Shape}
			}
		}
	}
	results, err := bi.InferBody(l.body, params)
	if err != nil {
		return nil, err
	}
	numIter := int64(-1)
	alwaysTrue := false
	if l.condResult >= 0 {
		c, ok := results[l.condResult]
		if !ok {
			return nil, fmt.Errorf("the body has no Result with id %d for the execution condition", l.condResult)
		}
		if err := rank01(c.Shape, "BodyExecutionCondition output"); err != nil {
			return nil, err
		}
		v, known, err := singleBool(c.Value)
		if err != nil {
			return nil, err
		}
		if !known {
			// Const -> Loop -> body Parameter -> condition Result: the initial value decides.
			if pid, isParam := l.resultFromParam(l.condResult); isParam {
				for _, d := range l.inputs {
					if d.param == pid {
						v, known, err = singleBool(in[d.index].Value)
						if err != nil {
							return nil, err
						}
					}
				}
			}
		}
		if known {
			if v {
				alwaysTrue = true
			} else {
				numIter = 1
			}
		}
	}
	if err := rank01(in[0].Shape, "TripCount input"); err != nil {
		return nil, err
	}
	if in[0].Value != nil {
		tc, ok := in[0].Value.Int64s()
		if ok && len(tc) != 1 {
			return nil, errors.New("The number of values in the TripCount constant is greater than 1")
		}
		if ok && alwaysTrue {
			numIter = tc[0]
		}
	}
	// Back edges (loop.cpp's validate_and_infer_types): a merged input whose body Result is
	// also a last-iteration output and whose shape is not compatible with the Parameter's
	// makes that Parameter dynamic where they are not compatible (of dynamic rank when the
	// ranks differ or the Result's rank is dynamic), and the body is inferred again, until
	// nothing changes or as many times as the loop iterates when that is known.
	if err := l.relaxBackEdges(params, &results, numIter, bi); err != nil {
		return nil, err
	}
	outs := make([]Output, l.numOutputs)
	for i := range outs {
		outs[i] = Output{Type: ir.Dynamic, Shape: ir.DynamicRankShape()}
	}
	for _, d := range l.outputs {
		r, ok := results[d.result]
		if !ok {
			return nil, fmt.Errorf("port_map output names body layer %d, which is not a Result", d.result)
		}
		if d.index >= len(outs) {
			continue
		}
		s := cloneShape(r.Shape)
		if d.concat {
			switch {
			case zeroIter:
				s = ir.StaticShape(0)
			case !s.DynamicRank:
				if len(s.Dims) == 0 {
					s = ir.StaticShape(1)
				}
				ax, err := normalizeAxis(d.axis, len(s.Dims))
				if err != nil {
					return nil, err
				}
				if s.Dims[ax].IsStatic() && numIter >= 0 {
					s.Dims[ax] = ir.StaticDim(s.Dims[ax].Lo * numIter)
				} else {
					s.Dims[ax] = ir.DynamicDim()
				}
			}
		} else if zeroIter && s.IsStatic() && len(s.Dims) > 0 {
			s.Dims[0] = ir.StaticDim(0)
		}
		outs[d.index] = Output{Type: r.Type, Shape: s}
	}
	return outs, nil
}

// relaxBackEdges is Loop's back-edge rule (see InferBodies); numIter < 0 is unknown.
func (l *loopOp) relaxBackEdges(params map[int64]Input, results *map[int64]Output, numIter int64, bi BodyInferer) error {
	exposed := map[int64]bool{}
	for _, o := range l.outputs {
		if !o.concat {
			exposed[o.result] = true
		}
	}
	for round := int64(0); numIter < 0 || round < numIter; round++ {
		changed := false
		for _, d := range l.inputs {
			if !d.merged || !exposed[d.result] {
				continue
			}
			r, ok := (*results)[d.result]
			p := params[d.param]
			if !ok || p.Shape.DynamicRank {
				continue
			}
			switch {
			case r.Shape.DynamicRank || len(r.Shape.Dims) != len(p.Shape.Dims):
				p.Shape = ir.DynamicRankShape()
			default:
				s, diff := cloneShape(r.Shape), false
				for i, rd := range r.Shape.Dims {
					if !rd.Compatible(p.Shape.Dims[i]) {
						s.Dims[i], diff = ir.DynamicDim(), true
					}
				}
				if !diff {
					continue
				}
				p.Shape = s
			}
			params[d.param] = p
			changed = true
		}
		if !changed {
			return nil
		}
		res, err := bi.InferBody(l.body, params)
		if err != nil {
			return err
		}
		*results = res
	}
	return nil
}

// resultFromParam reports whether body Result rid is fed directly by a body Parameter,
// and which.
func (l *loopOp) resultFromParam(rid int64) (int64, bool) {
	isParam := map[int64]bool{}
	for _, ly := range l.body.Layers {
		if ly.Type == "Parameter" {
			isParam[ly.ID] = true
		}
	}
	for _, e := range l.body.Edges {
		if e.ToLayer == rid && isParam[e.FromLayer] {
			return e.FromLayer, true
		}
	}
	return 0, false
}

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
