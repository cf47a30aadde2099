package layers

import (
	"context"
	"errors"
	"fmt"

	"github.com/irrun/irrun/ir"
)

// TensorIterator-0 (opset "1", src/core/src/op/tensor_iterator.cpp): shape inference through
// its body with BodyInferer, then execution (reference/tensor_iterator.cpp): as for Loop-5
// (loop.go), the body is compiled by the graph package into a program run with the same
// engine, and the outputs are sized at run time (DynamicOp).
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

type seqTIOp struct {
	body       *ir.Body
	ins, outs  []seqPortEntry
	numOutputs int
	numInputs  int
}

func seqDecodeTI(l *ir.Layer, _ *ir.Model, _ int) (Op, []ir.Diagnostic) {
	d := newDecoder(l)
	op := &seqTIOp{body: seqBody(l, "body"), numOutputs: len(l.Outputs), numInputs: len(l.Inputs)}
	if op.body == nil {
		d.report(ir.SeverityError, CodeInvalidAttribute, l.Offset, d.layerRef()+": a TensorIterator needs a <body>")
		return nil, d.diags
	}
	op.ins, op.outs = seqDecodePortMap(d, l, "port_map")
	if d.failed {
		return nil, d.diags
	}
	return op, d.diags
}

// Infer needs the body: the graph calls InferBodies.
func (o *seqTIOp) Infer([]Input) ([]Output, error) {
	return nil, &ir.UnsupportedError{What: "TensorIterator shape inference without its body"}
}

// InferBodies implements BodyOp with TensorIterator's rules.
func (o *seqTIOp) InferBodies(in []Input, bi BodyInferer) ([]Output, error) {
	if len(in) != len(o.ins) {
		return nil, fmt.Errorf("Number of inputs must be the same as number of input descriptions (%d inputs, %d descriptions)", len(in), len(o.ins))
	}
	iters := int64(-1)
	hasSlice := false
	params := map[int64]Input{}
	for _, p := range o.ins {
		if p.index >= len(in) {
			return nil, fmt.Errorf("port map input %d, the TensorIterator has %d inputs", p.index, len(in))
		}
		x := in[p.index]
		q := Input{Type: x.Type, Shape: cloneShape(x.Shape)}
		switch {
		case p.sliced:
			hasSlice = true
			if x.Shape.DynamicRank {
				break
			}
			ax, err := normalizeAxis(p.axis, len(x.Shape.Dims))
			if err != nil {
				return nil, err
			}
			if p.partSize <= 0 {
				return nil, fmt.Errorf("part_size must be positive (got %d)", p.partSize)
			}
			if d := x.Shape.Dims[ax]; d.IsStatic() {
				start, end := p.start, p.end
				if start < 0 {
					start += d.Lo
				}
				if end < 0 {
					end += d.Lo
				}
				iters = (abs64(end-start) + 1) / p.partSize
			}
			q.Shape.Dims[ax] = ir.StaticDim(p.partSize)
		case p.merged:
		default:
			q.Value, q.Bounds, q.Constant = x.Value, x.Bounds, x.Constant
		}
		params[p.layer] = q
	}
	results, err := bi.InferBody(o.body, params)
	if err != nil {
		return nil, err
	}
	// A merged input whose body value has another shape becomes dynamic in the dims that
	// differ, and the body is inferred again.
	var backEdges [][2]int64
	for _, p := range o.ins {
		if p.merged {
			backEdges = append(backEdges, [2]int64{p.layer, p.result})
		}
	}
	changed := relaxBackEdges(params, results, backEdges)
	if changed {
		if results, err = bi.InferBody(o.body, params); err != nil {
			return nil, err
		}
	}
	if iters < 0 && !hasSlice {
		for _, p := range o.outs {
			if p.sliced && p.partSize > 0 {
				iters = abs64(p.end-p.start) / p.partSize
				break
			}
		}
	}
	outs := make([]Output, o.numOutputs)
	for i := range outs {
		outs[i] = Output{Type: ir.Dynamic, Shape: ir.DynamicRankShape()}
	}
	for _, p := range o.outs {
		r, ok := results[p.layer]
		if !ok {
			return nil, fmt.Errorf("port map output names body layer %d, which is not a Result", p.layer)
		}
		if p.index >= len(outs) {
			continue
		}
		s := cloneShape(r.Shape)
		if p.sliced && !s.DynamicRank {
			if len(s.Dims) == 0 {
				if p.axis != 0 {
					return nil, fmt.Errorf("Axis must be equal to 0 if concatenated output tensor slices are scalars. TensorIterator output index: %d", p.index)
				}
				s = ir.StaticShape(1)
			}
			ax, err := normalizeAxis(p.axis, len(s.Dims))
			if err != nil {
				return nil, err
			}
			if iters >= 0 {
				s.Dims[ax] = ir.StaticDim(iters * p.partSize)
			} else {
				s.Dims[ax] = ir.DynamicDim()
			}
		}
		outs[p.index] = Output{Type: r.Type, Shape: s}
	}
	if len(o.outs) != o.numOutputs {
		return nil, fmt.Errorf("Number of outputs must be the same as number of output descriptions (%d outputs, %d descriptions)", o.numOutputs, len(o.outs))
	}
	return outs, nil
}

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
