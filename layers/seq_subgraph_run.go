package layers

import (
	"context"
	"errors"
	"fmt"

	"github.com/irrun/irrun/ir"
)

// Execution of If-8 and TensorIterator-0 (reference/if.cpp, reference/tensor_iterator.cpp).
// As for Loop-5 (loop_run.go), each body is compiled by the graph package into a program
// run with the same engine, and the outputs are sized at run time (DynamicOp).
//
// If runs the body the condition selects: its Parameters get the If inputs the body's port
// map names, and the If outputs are the Results the port map names. An output that the
// taken body does not produce is an error.
//
// TensorIterator runs its body a fixed number of times: the sliced inputs decide it, as
// OpenVINO's validation does ((|end − start| + 1) / part_size, start and end counted from
// the end of the axis when negative); without a sliced input, the concatenated outputs decide
// it (|end − start| / part_size). Iteration i reads part_size elements of each sliced input
// along its axis, from start forward (stride > 0) or back from start (stride < 0), which is
// the reference's split of the whole axis for the usual full-range port maps. Merged inputs
// take the initial value, then the back edge's Result. A concatenated output stacks the
// iterations' values along its axis, in reverse order when its stride is negative; the other
// outputs are the last iteration's values. Zero iterations give concatenated outputs of length
// 0 and last-iteration outputs equal to a merged input's initial value (else an error).

// seqSubgraphParams builds the body Parameter descriptions of a port map: invariant
// inputs keep their shape and value, sliced and merged ones are dynamic.
func seqSubgraphParams(ins []seqPortEntry, in []Input) (map[int64]Input, []int64, error) {
	params := map[int64]Input{}
	var ids []int64
	for _, d := range ins {
		if d.index >= len(in) {
			return nil, nil, fmt.Errorf("port map input %d, %d inputs", d.index, len(in))
		}
		x := in[d.index]
		p := Input{Type: x.Type, Shape: ir.DynamicRankShape()}
		if !d.merged && !d.sliced {
			p.Shape, p.Value, p.Constant = cloneShape(x.Shape), x.Value, x.Constant
		}
		if _, dup := params[d.layer]; dup {
			return nil, nil, fmt.Errorf("port map feeds body Parameter %d twice", d.layer)
		}
		params[d.layer] = p
		ids = append(ids, d.layer)
	}
	return params, ids, nil
}

// ---------------------------------------------------------------- If

// DynamicOutputs: the branch taken sizes the outputs.
func (o *seqIfOp) DynamicOutputs() {}

type seqIfBranch struct {
	prog    BodyProgram
	ins     []seqPortEntry
	results []int64 // Result ids, in program output order
	outIdx  []int   // per program output: the If output index
}

type seqIfKernel struct {
	o          *seqIfOp
	then, els  seqIfBranch
	numOutputs int
}

// Prepare compiles both bodies.
func (o *seqIfOp) Prepare(in []Input, opts ExecOptions) (Kernel, error) {
	if opts.Bodies == nil {
		return nil, errors.New("If: no body compiler (a bug in irrun)")
	}
	k := &seqIfKernel{o: o, numOutputs: o.numOutputs}
	for _, b := range []struct {
		name     string
		body     *ir.Body
		ins, out []seqPortEntry
		dst      *seqIfBranch
	}{{"then_body", o.then, o.thenIn, o.thenOut, &k.then}, {"else_body", o.els, o.elseIn, o.elseOut, &k.els}} {
		params, ids, err := seqSubgraphParams(b.ins, in)
		if err != nil {
			return nil, fmt.Errorf("If %s: %w", b.name, err)
		}
		br := seqIfBranch{ins: b.ins}
		for _, e := range b.out {
			if e.index >= o.numOutputs {
				return nil, fmt.Errorf("If %s: port map output %d, the If has %d outputs", b.name, e.index, o.numOutputs)
			}
			br.results = append(br.results, e.layer)
			br.outIdx = append(br.outIdx, e.index)
		}
		if br.prog, err = opts.Bodies.CompileBody(b.body, params, ids, br.results); err != nil {
			return nil, fmt.Errorf("If %s: %w", b.name, err)
		}
		*b.dst = br
	}
	return k, nil
}

// Run is for an If whose outputs were sized before the run.
func (k *seqIfKernel) Run(ctx context.Context, in, out []*ir.Tensor) error {
	return seqCopyPlanned("If", k, ctx, in, out)
}

// RunDynamic runs the branch the condition selects.
func (k *seqIfKernel) RunDynamic(ctx context.Context, in []*ir.Tensor) ([]*ir.Tensor, error) {
	if len(in) < 1 || in[0] == nil || in[0].Len() != 1 {
		return nil, errors.New("If: the condition must hold one value")
	}
	cond, err := loopFlag(in[0], "condition")
	if err != nil {
		return nil, fmt.Errorf("If%s", err.Error()[len("Loop"):])
	}
	br, name := &k.then, "then_body"
	if !cond {
		br, name = &k.els, "else_body"
	}
	body := make([]*ir.Tensor, len(br.ins))
	for i, d := range br.ins {
		if d.index >= len(in) || in[d.index] == nil {
			return nil, fmt.Errorf("If %s: input %d is missing", name, d.index)
		}
		body[i] = in[d.index]
	}
	outs, err := br.prog.Run(ctx, body)
	if err != nil {
		return nil, fmt.Errorf("If %s: %w", name, err)
	}
	if len(outs) != len(br.results) {
		return nil, fmt.Errorf("If %s gave %d outputs, want %d", name, len(outs), len(br.results))
	}
	res := make([]*ir.Tensor, k.numOutputs)
	for i, t := range outs {
		if res[br.outIdx[i]], err = cloneData(t); err != nil {
			return nil, err
		}
	}
	for i, t := range res {
		if t == nil {
			return nil, fmt.Errorf("If: output %d is not produced by the %s", i, name)
		}
	}
	return res, nil
}

// seqCopyPlanned runs a dynamic kernel and copies its outputs into planned tensors of the
// same types and shapes.
func seqCopyPlanned(op string, k DynamicKernel, ctx context.Context, in, out []*ir.Tensor) error {
	res, err := k.RunDynamic(ctx, in)
	if err != nil {
		return err
	}
	if len(res) != len(out) {
		return fmt.Errorf("%s: %d outputs, want %d", op, len(res), len(out))
	}
	for i, r := range res {
		if r.Type != out[i].Type || !equalInts(r.Shape, out[i].Shape) {
			return fmt.Errorf("%s: output %d is %s%v, the plan expected %s%v", op, i, r.Type, r.Shape, out[i].Type, out[i].Shape)
		}
		if err := copyData(out[i], r); err != nil {
			return err
		}
	}
	return nil
}

// ---------------------------------------------------------------- TensorIterator

// DynamicOutputs: the inputs' lengths along the sliced axes size the outputs.
func (o *seqTIOp) DynamicOutputs() {}

type seqTIKernel struct {
	o       *seqTIOp
	prog    BodyProgram
	params  []int64 // body Parameter ids, in program input order
	results []int64 // body Result ids, in program output order
	resIdx  map[int64]int
}

// Prepare compiles the body.
func (o *seqTIOp) Prepare(in []Input, opts ExecOptions) (Kernel, error) {
	if opts.Bodies == nil {
		return nil, errors.New("TensorIterator: no body compiler (a bug in irrun)")
	}
	params, ids, err := seqSubgraphParams(o.ins, in)
	if err != nil {
		return nil, fmt.Errorf("TensorIterator: %w", err)
	}
	k := &seqTIKernel{o: o, params: ids, resIdx: map[int64]int{}}
	addRes := func(id int64) {
		if _, ok := k.resIdx[id]; !ok {
			k.resIdx[id] = len(k.results)
			k.results = append(k.results, id)
		}
	}
	for _, e := range o.outs {
		if e.index >= o.numOutputs {
			return nil, fmt.Errorf("TensorIterator: port map output %d, %d outputs", e.index, o.numOutputs)
		}
		addRes(e.layer)
	}
	for _, d := range o.ins {
		if d.merged {
			addRes(d.result)
		}
	}
	for _, d := range o.ins {
		if d.sliced && d.partSize <= 0 {
			return nil, fmt.Errorf("TensorIterator: part_size must be positive (got %d)", d.partSize)
		}
	}
	if k.prog, err = opts.Bodies.CompileBody(o.body, params, k.params, k.results); err != nil {
		return nil, fmt.Errorf("TensorIterator: %w", err)
	}
	return k, nil
}

// Run is for a TensorIterator whose outputs were sized before the run.
func (k *seqTIKernel) Run(ctx context.Context, in, out []*ir.Tensor) error {
	return seqCopyPlanned("TensorIterator", k, ctx, in, out)
}

// seqTISlice is one sliced input's geometry for a run.
type seqTISlice struct {
	pos   int // body input position
	src   *ir.Tensor
	axis  int
	start int // first element of iteration 0's part
	part  int
	step  int // +part or −part
}

// iterations returns the number of iterations and the sliced inputs' geometry.
func (k *seqTIKernel) iterations(in []*ir.Tensor) (int64, []seqTISlice, error) {
	iters := int64(-1)
	var sl []seqTISlice
	for pos, d := range k.o.ins {
		if !d.sliced {
			continue
		}
		x := in[d.index]
		ax, err := normalizeAxis(d.axis, len(x.Shape))
		if err != nil {
			return 0, nil, fmt.Errorf("TensorIterator: sliced input %d: %w", d.index, err)
		}
		n := int64(x.Shape[ax])
		start, end := d.start, d.end
		if start < 0 {
			start += n
		}
		if end < 0 {
			end += n
		}
		if start < 0 || start >= max(n, 1) || end < 0 || end >= max(n, 1) {
			return 0, nil, fmt.Errorf("TensorIterator: sliced input %d: start %d and end %d are outside its axis %d of length %d", d.index, d.start, d.end, ax, n)
		}
		it := (abs64(end-start) + 1) / d.partSize
		if iters >= 0 && it != iters {
			return 0, nil, fmt.Errorf("TensorIterator: sliced input %d gives %d iterations, another %d", d.index, it, iters)
		}
		iters = it
		s := seqTISlice{pos: pos, src: x, axis: int(ax), part: int(d.partSize), step: int(d.partSize), start: int(start)}
		if d.stride < 0 {
			s.step = -s.step
			s.start = int(start) - int(d.partSize) + 1
		}
		sl = append(sl, s)
	}
	if iters < 0 {
		for _, e := range k.o.outs {
			if e.sliced && e.partSize > 0 {
				iters = abs64(e.end-e.start) / e.partSize
				break
			}
		}
	}
	if iters < 0 {
		return 0, nil, errors.New("TensorIterator: no sliced input or concatenated output gives the number of iterations")
	}
	if iters > MaxLoopIterations {
		return 0, nil, fmt.Errorf("TensorIterator: %d iterations, more than %d", iters, MaxLoopIterations)
	}
	return iters, sl, nil
}

// RunDynamic runs the iterations.
func (k *seqTIKernel) RunDynamic(ctx context.Context, in []*ir.Tensor) ([]*ir.Tensor, error) {
	o := k.o
	if len(in) != len(o.ins) {
		return nil, fmt.Errorf("TensorIterator: got %d inputs, the port map describes %d", len(in), len(o.ins))
	}
	for i, t := range in {
		if t == nil {
			return nil, fmt.Errorf("TensorIterator: input %d is missing", i)
		}
	}
	iters, sl, err := k.iterations(in)
	if err != nil {
		return nil, err
	}
	body := make([]*ir.Tensor, len(k.params))
	for pos, d := range o.ins {
		body[pos] = in[d.index]
	}
	concat := make([][]*ir.Tensor, len(o.outs))
	var concatBytes int64
	var last []*ir.Tensor
	for it := range iters {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		for _, s := range sl {
			off := s.start + int(it)*s.step
			if off < 0 || off+s.part > s.src.Shape[s.axis] {
				return nil, fmt.Errorf("TensorIterator iteration %d: the slice [%d,%d) is outside axis %d of length %d", it, off, off+s.part, s.axis, s.src.Shape[s.axis])
			}
			t, err := sliceAxis(s.src, s.axis, off, s.part)
			if err != nil {
				return nil, fmt.Errorf("TensorIterator iteration %d: %w", it, err)
			}
			body[s.pos] = t
		}
		outs, err := k.prog.Run(ctx, body)
		if err != nil {
			return nil, fmt.Errorf("TensorIterator iteration %d: %w", it, err)
		}
		if len(outs) != len(k.results) {
			return nil, fmt.Errorf("TensorIterator: the body gave %d outputs, want %d", len(outs), len(k.results))
		}
		for i, e := range o.outs {
			if !e.sliced {
				continue
			}
			t := outs[k.resIdx[e.layer]]
			concat[i] = append(concat[i], t)
			if err := stackedWithin("TensorIterator", &concatBytes, t, it+1, k.prog.MaxMemory()); err != nil {
				return nil, err
			}
		}
		for pos, d := range o.ins {
			if d.merged {
				body[pos] = outs[k.resIdx[d.result]]
			}
		}
		last = outs
	}
	res := make([]*ir.Tensor, o.numOutputs)
	for i, e := range o.outs {
		var t *ir.Tensor
		switch {
		case e.sliced && iters > 0:
			parts := concat[i]
			if e.stride < 0 {
				parts = make([]*ir.Tensor, len(concat[i]))
				for j, p := range concat[i] {
					parts[len(parts)-1-j] = p
				}
			}
			t, err = concatAxis(parts, e.axis)
		case iters > 0:
			t, err = cloneData(last[k.resIdx[e.layer]])
		default:
			t, err = k.zeroIterValue(in, e)
		}
		if err != nil {
			return nil, fmt.Errorf("TensorIterator output %d: %w", e.index, err)
		}
		res[e.index] = t
	}
	for i, t := range res {
		if t == nil {
			return nil, fmt.Errorf("TensorIterator: output %d is not in the port map", i)
		}
	}
	return res, nil
}

// zeroIterValue is an output after zero iterations.
func (k *seqTIKernel) zeroIterValue(in []*ir.Tensor, e seqPortEntry) (*ir.Tensor, error) {
	for _, d := range k.o.ins {
		if d.merged && d.result == e.layer {
			return cloneData(in[d.index])
		}
	}
	if e.sliced {
		return nil, errors.New("zero iterations: the concatenated output's element shape is unknown")
	}
	return nil, errors.New("zero iterations: the output has no value")
}
