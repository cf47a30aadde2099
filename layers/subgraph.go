package layers

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/irrun/irrun/ir"
)

// If-8 (src/core/src/op/if.cpp) and TensorIterator-0 (opset "1", src/core/src/op/
// tensor_iterator.cpp): shape inference through their bodies with BodyInferer, as Loop-5
// (loop.go). Their execution is in seq_subgraph_run.go.

// seqPortEntry is one decoded <port_map> input or output.
type seqPortEntry struct {
	index    int   // the op's input or output index
	layer    int64 // body Parameter or Result layer id
	sliced   bool  // axis given
	axis     int64
	start    int64
	end      int64
	stride   int64
	partSize int64
	merged   bool  // a back edge feeds the Parameter
	result   int64 // that back edge's Result id
}

// seqDecodePortMap decodes the entries of one port map (mapName) of l.
func seqDecodePortMap(d *decoder, l *ir.Layer, mapName string) (ins, outs []seqPortEntry) {
	backEdge := map[int64]int64{}
	for _, e := range l.BackEdges {
		backEdge[e.ToLayer] = e.FromLayer
	}
	entryInt := func(e ir.PortMapEntry, name string, def int64) (int64, bool) {
		a, ok := e.Attrs.Get(name)
		if !ok {
			return def, false
		}
		v, err := strconv.ParseInt(a.Value, 10, 64)
		if err != nil {
			d.report(ir.SeverityError, CodeInvalidAttribute, a.Offset,
				fmt.Sprintf("%s: %s attribute %s=%q is not an integer", d.layerRef(), mapName, name, a.Value))
			return def, false
		}
		return v, true
	}
	for _, e := range l.PortMap {
		if e.Map != mapName {
			continue
		}
		ext, hasExt := entryInt(e, "external_port_id", -1)
		id, hasID := entryInt(e, "internal_layer_id", -1)
		if !hasID {
			d.report(ir.SeverityError, CodeInvalidAttribute, e.Offset, fmt.Sprintf("%s: %s entry without internal_layer_id", d.layerRef(), mapName))
			continue
		}
		p := seqPortEntry{layer: id, partSize: 1, stride: 1, end: -1}
		p.axis, p.sliced = entryInt(e, "axis", 0)
		p.start, _ = entryInt(e, "start", 0)
		p.end, _ = entryInt(e, "end", -1)
		p.stride, _ = entryInt(e, "stride", 1)
		p.partSize, _ = entryInt(e, "part_size", 1)
		ports := l.Inputs
		if e.Kind == "output" {
			ports = l.Outputs
		}
		p.index = -1
		if hasExt {
			for i, q := range ports {
				if q.ID == ext {
					p.index = i
					break
				}
			}
		}
		if p.index < 0 {
			d.report(ir.SeverityError, CodeInvalidAttribute, e.Offset,
				fmt.Sprintf("%s: %s %s external_port_id=%d names no %s port of the layer", d.layerRef(), mapName, e.Kind, ext, e.Kind))
			continue
		}
		if e.Kind == "input" {
			if r, ok := backEdge[id]; ok {
				p.merged, p.result = true, r
			}
			ins = append(ins, p)
		} else if e.Kind == "output" {
			outs = append(outs, p)
		}
	}
	return ins, outs
}

func seqBody(l *ir.Layer, kind string) *ir.Body {
	for _, b := range l.Bodies {
		if b.Kind == kind {
			return b
		}
	}
	return nil
}

// ---------------------------------------------------------------- If

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

// seqResolveShape is if.cpp's resolve_shape: the union of the two bodies' output shapes.
func seqResolveShape(a, b ir.Shape) ir.Shape {
	if a.DynamicRank || b.DynamicRank {
		return ir.DynamicRankShape()
	}
	if len(a.Dims) != len(b.Dims) {
		if len(a.Dims) <= 1 && len(b.Dims) <= 1 {
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

// ---------------------------------------------------------------- TensorIterator

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
