package layers

import (
	"context"
	"errors"
	"fmt"

	"github.com/irrun/irrun/ir"
)

// If-8 (src/core/src/op/if.cpp): shape inference through both bodies with BodyInferer, then
// execution (reference/if.cpp): each body is compiled by the graph package into a program
// run with the same engine, and the outputs are sized at run time (DynamicOp). If runs the
// body the condition selects: its Parameters get the If inputs the body's port map names,
// and the If outputs are the Results the port map names. An output that the taken body does
// not produce is an error.

type seqIfOp struct {
	then, els             *ir.Body
	thenIn, elseIn        []seqPortEntry
	thenOut, elseOut      []seqPortEntry
	numOutputs, numInputs int
}

func seqDecodeIf(l *ir.Layer, _ *ir.Model, _ int) (Op, []ir.Diagnostic) {
	d := newDecoder(l)
	op := &seqIfOp{then: seqBody(l, "then_body"), els: seqBody(l, "else_body"), numOutputs: len(l.Outputs), numInputs: len(l.Inputs)}
	if op.then == nil || op.els == nil {
		d.report(ir.SeverityError, CodeInvalidAttribute, l.Offset, d.layerRef()+": an If needs a <then_body> and an <else_body>")
		return nil, d.diags
	}
	op.thenIn, op.thenOut = seqDecodePortMap(d, l, "then_port_map")
	op.elseIn, op.elseOut = seqDecodePortMap(d, l, "else_port_map")
	if d.failed {
		return nil, d.diags
	}
	return op, d.diags
}

// Infer needs the bodies: the graph calls InferBodies.
func (o *seqIfOp) Infer([]Input) ([]Output, error) {
	return nil, &ir.UnsupportedError{What: "If shape inference without its bodies"}
}

func (o *seqIfOp) inferBody(b *ir.Body, ins, outs []seqPortEntry, in []Input, bi BodyInferer) ([]*Output, error) {
	params := map[int64]Input{}
	for _, p := range ins {
		if p.index >= len(in) {
			return nil, fmt.Errorf("port map input %d, the If has %d inputs", p.index, len(in))
		}
		x := in[p.index]
		params[p.layer] = Input{Type: x.Type, Shape: cloneShape(x.Shape), Value: x.Value, Bounds: x.Bounds, Constant: x.Constant}
	}
	res, err := bi.InferBody(b, params)
	if err != nil {
		return nil, err
	}
	got := make([]*Output, o.numOutputs)
	for _, p := range outs {
		r, ok := res[p.layer]
		if !ok {
			return nil, fmt.Errorf("port map output names body layer %d, which is not a Result", p.layer)
		}
		if p.index < len(got) {
			got[p.index] = &Output{Type: r.Type, Shape: r.Shape, Value: r.Value, Bounds: r.Bounds, Constant: r.Constant}
		}
	}
	return got, nil
}

// seqResolveShape is if.cpp's resolve_shape: the union of the two bodies' output shapes. A
// scalar and a 1-D shape give [?], or [1] when the 1-D one is [1] (one element either way:
// openvinotoolkit/openvino#28444, type_prop/if.cpp's if_output_one_element).
func seqResolveShape(a, b ir.Shape) ir.Shape {
	if a.DynamicRank || b.DynamicRank {
		return ir.DynamicRankShape()
	}
	if len(a.Dims) != len(b.Dims) {
		if len(a.Dims) <= 1 && len(b.Dims) <= 1 {
			one := a
			if len(b.Dims) == 1 {
				one = b
			}
			if one.Dims[0] == ir.StaticDim(1) {
				return ir.Shape{Dims: []ir.Dim{ir.StaticDim(1)}}
			}
			return ir.Shape{Dims: []ir.Dim{ir.DynamicDim()}}
		}
		return ir.DynamicRankShape()
	}
	out := ir.Shape{Dims: make([]ir.Dim, len(a.Dims))}
	for i := range a.Dims {
		x, y := a.Dims[i], b.Dims[i]
		switch {
		case !x.IsStatic() || !y.IsStatic():
			out.Dims[i] = ir.DynamicDim()
		case x == y:
			out.Dims[i] = x
		default:
			out.Dims[i] = ir.Dim{Lo: min(x.Lo, y.Lo), Hi: max(x.Lo, y.Lo)}
		}
	}
	return out
}

// InferBodies implements BodyOp with If-8's rules.
func (o *seqIfOp) InferBodies(in []Input, bi BodyInferer) ([]Output, error) {
	if len(in) < 1 {
		return nil, errors.New("If needs the condition input")
	}
	if r, ok := in[0].Shape.Rank(); ok && r != 0 && r != 1 {
		return nil, fmt.Errorf("Rank of If condition input must be equal to 0 or 1 (got shape %s)", in[0].Shape)
	}
	outs := make([]Output, o.numOutputs)
	for i := range outs {
		outs[i] = Output{Type: ir.Dynamic, Shape: ir.DynamicRankShape()}
	}
	if v := in[0].Value; v != nil {
		if v.Len() != 1 {
			return nil, fmt.Errorf("The number of values in the If condition constant is greater than 1 (got %d)", v.Len())
		}
		cond, ok, _ := singleBool(v)
		if ok {
			b, ins, bo := o.then, o.thenIn, o.thenOut
			if !cond {
				b, ins, bo = o.els, o.elseIn, o.elseOut
			}
			got, err := o.inferBody(b, ins, bo, in, bi)
			if err != nil {
				return nil, err
			}
			for i, g := range got {
				if g != nil {
					outs[i] = *g
				}
			}
			return outs, nil
		}
	}
	thenRes, err := o.inferBody(o.then, o.thenIn, o.thenOut, in, bi)
	if err != nil {
		return nil, fmt.Errorf("then_body: %w", err)
	}
	elseRes, err := o.inferBody(o.els, o.elseIn, o.elseOut, in, bi)
	if err != nil {
		return nil, fmt.Errorf("else_body: %w", err)
	}
	for i := range outs {
		t, e := thenRes[i], elseRes[i]
		if t == nil || e == nil {
			continue
		}
		et, ok := mergeTypes(t.Type, e.Type)
		if !ok {
			return nil, fmt.Errorf("type of then_body output is not equal type of else_body output (output %d: %s and %s)", i, t.Type, e.Type)
		}
		outs[i] = Output{Type: et, Shape: seqResolveShape(t.Shape, e.Shape)}
	}
	return outs, nil
}

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
