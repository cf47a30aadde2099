package graph

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/layers"
)

// The legacy <pre-process> section (IR v10 and older Model Optimizer output) gives per-channel
// mean values that OpenVINO's IR frontend subtracts from one input (parse_pre_process in
// src/frontends/ir/src/input_model.cpp): it inserts a Subtract(Parameter, mean) and moves
// every consumer of the Parameter onto it. Build does the same with a node of type
// ppNodeType inserted after the Parameter; the section's problems are error diagnostics
// with OpenVINO's messages.

// ppNodeType is the op type of the inserted node (not an OpenVINO op type, so no pass that
// matches Subtract by name sees a one-input node).
const ppNodeType = "PreProcessMean"

// ppSection returns the first legacy <pre-process> section of m (OpenVINO reads only
// root.child("pre-process")), or nil.
func ppSection(m *ir.Model) *ir.RTInfo {
	for _, r := range m.Legacy {
		if r.Tag == "pre-process" {
			return r
		}
	}
	return nil
}

// ppChild returns the first child of r with the tag, or nil.
func ppChild(r *ir.RTInfo, tag string) *ir.RTInfo {
	for _, c := range r.Children {
		if c.Tag == tag {
			return c
		}
	}
	return nil
}

// ppErr is a problem of the section: the message and the offset it points at.
type ppErr struct {
	off int
	msg string
}

func (e *ppErr) Error() string { return e.msg }

func ppErrf(off int, format string, args ...any) *ppErr {
	return &ppErr{off: off, msg: "<pre-process>: " + fmt.Sprintf(format, args...)}
}

// ppAttrOff returns the offset of attribute name, or def when it is absent.
func ppAttrOff(a ir.Attrs, name string, def int) int {
	if at, ok := a.Get(name); ok {
		return at.Offset
	}
	return def
}

// ppInsert applies the model's <pre-process> section (top level only): it resolves the
// referenced Parameter, builds the mean tensor and inserts a node subtracting it between
// the Parameter and its consumers. It runs after edges, before ordering.
func (b *builder) ppInsert() {
	pp := ppSection(b.m)
	if pp == nil || b.depth != 0 {
		return
	}
	param, mean, err := b.ppMean(pp)
	var op layers.Op
	var unsup error
	switch pe, isPP := err.(*ppErr); {
	case isPP:
		b.report(ir.SeverityError, ir.CodeInvalidAttribute, pe.off, nil, "%s", pe.msg)
		return
	case err != nil && param != nil:
		// A form irrun does not implement: the node is inserted unsupported, so the model
		// loads and Compile refuses it.
		unsup = &ir.UnsupportedError{What: "legacy <pre-process>: " + err.Error(), Code: codeUnsupportedFeature}
		b.report(ir.SeverityInfo, codeUnsupportedFeature, pp.Offset, param.Layer, "%s", unsup.Error())
	case err != nil || mean == nil:
		return
	default:
		sub, err := b.ppSubtract(pp)
		if err != nil {
			b.report(ir.SeverityError, codeOpValidation, pp.Offset, nil, "<pre-process>: %v", err)
			return
		}
		op = &ppSubOp{sub: sub, mean: mean}
	}
	pl := param.Layer
	var outPort *ir.Port
	if len(pl.Outputs) > 0 {
		outPort = pl.Outputs[0]
	}
	in := &ir.Port{ID: 0, IDText: "0", Offset: pp.Offset}
	out := &ir.Port{ID: 1, IDText: "1", Offset: pp.Offset}
	if outPort != nil {
		in.Shape, out.Shape = outPort.Shape, outPort.Shape
		out.Precision, out.PrecisionText, out.HasPrecision = outPort.Precision, outPort.PrecisionText, outPort.HasPrecision
	}
	l := &ir.Layer{ID: -1, IDText: "", Name: pl.Name + "/pre-process/mean", Type: ppNodeType, Version: "irrun",
		Offset: pp.Offset, DataOff: pp.Offset, Inputs: []*ir.Port{in}, Outputs: []*ir.Port{out}}
	n := &Node{Index: len(b.g.Nodes), Layer: l, topo: -1, Op: op, Unsupported: unsup}
	n.Inputs = []Input{{Node: param, Output: 0, Port: in, EdgeOffset: pp.Offset}}
	// Move every consumer of the Parameter's output onto the new node.
	for _, c := range param.consumers {
		for i := range c.Inputs {
			if s := &c.Inputs[i]; s.Node == param && s.Output == 0 {
				s.Node = n
			}
		}
	}
	n.consumers = param.consumers
	param.consumers = []*Node{n}
	b.g.Nodes = append(b.g.Nodes, n)
}

// ppSubtract decodes the Subtract (numpy broadcast) the inserted node runs.
func (b *builder) ppSubtract(pp *ir.RTInfo) (layers.Op, error) {
	sl := &ir.Layer{ID: -1, Name: "pre-process", Type: "Subtract", Version: "opset1", Offset: pp.Offset, DataOff: pp.Offset,
		HasData: true, Data: ir.Attrs{{Name: "auto_broadcast", Value: "numpy", Offset: pp.Offset, Elem: "data"}}}
	def, err := b.reg.LookupLayer(sl)
	if err != nil {
		return nil, err
	}
	op, diags := decode(def, sl, b.m)
	if op == nil {
		for _, d := range diags {
			return nil, fmt.Errorf("%s", d.Message)
		}
		return nil, fmt.Errorf("Subtract did not decode")
	}
	return op, nil
}

// ppMean resolves the section's Parameter and mean tensor as parse_pre_process does. A
// *ppErr is an error OpenVINO raises too; any other error is a form irrun does not
// implement (the Parameter is returned with it).
func (b *builder) ppMean(pp *ir.RTInfo) (*Node, *ir.Tensor, error) {
	name := strings.TrimSpace(pp.Attrs.Value("reference-layer-name"))
	refOff := ppAttrOff(pp.Attrs, "reference-layer-name", pp.Offset)
	var param *Node
	var shape ir.Shape
	var typ ir.ElementType
	for _, p := range b.g.Parameters {
		s, t, ok := ppParamOutput(p)
		if name == "" {
			if ok && !s.DynamicRank && len(s.Dims) == 4 {
				param, shape, typ = p, s, t
				break
			}
		} else if p.Layer.Name == name {
			if !ok {
				return nil, nil, nil // the Parameter has its own error
			}
			param, shape, typ = p, s, t
			break
		}
	}
	if name == "" && param == nil {
		if len(b.g.Parameters) == 0 {
			return nil, nil, ppErrf(pp.Offset, "the model has no Parameter to apply it to")
		}
		p := b.g.Parameters[0]
		s, t, ok := ppParamOutput(p)
		if !ok {
			return nil, nil, nil
		}
		param, shape, typ = p, s, t
	}
	if param == nil {
		return nil, nil, ppErrf(refOff, "pre-process name ref '%s' refers to un-existing input", name)
	}
	if name == "" {
		name = param.Layer.Name
	}
	if !shape.IsStatic() {
		return nil, nil, ppErrf(refOff, "can not apply pre-process for '%s' input (its shape %s is dynamic)", name, shape)
	}
	dims, _ := shape.Static()
	var scalarShape, meanShape []int // [C, 1 ... 1] and [1, H, W ...]
	switch len(dims) {
	case 0, 1:
		return nil, nil, ppErrf(refOff, "network did not define input dimensions properly (input '%s' has shape %s, want rank 2 to 5)", name, shape)
	case 2: // NC
		scalarShape, meanShape = []int{int(dims[1])}, []int{1}
	case 3: // CHW
		scalarShape, meanShape = []int{int(dims[0]), 1, 1}, []int{1, int(dims[1]), int(dims[2])}
	case 4: // NCHW
		scalarShape, meanShape = []int{int(dims[1]), 1, 1}, []int{1, int(dims[2]), int(dims[3])}
	case 5: // NCDHW
		scalarShape, meanShape = []int{int(dims[1]), 1, 1, 1}, []int{1, int(dims[2]), int(dims[3]), int(dims[4])}
	default:
		// OpenVINO leaves the mean shape empty here and indexes it (undefined behaviour).
		return nil, nil, ppErrf(refOff, "input '%s' has rank %d; pre-process supports ranks 2 to 5", name, len(dims))
	}
	channels := scalarShape[0]
	perChan := 1
	for _, d := range meanShape {
		perChan *= d
	}
	elemSize := (typ.Bits() + 7) / 8

	type scalar struct {
		ch  uint64
		v   float32
		off int
	}
	type blob struct {
		ch, size, offset uint64
		off              int
	}
	var scalars []scalar
	var blobs []blob
	next := uint64(0)
	for _, ch := range pp.Children {
		if ch.Tag != "channel" {
			continue
		}
		chanNo := next
		next++
		if at, ok := ch.Attrs.Get("id"); ok {
			v, err := strconv.ParseUint(strings.TrimSpace(at.Value), 10, 64)
			if err != nil {
				return nil, nil, ppErrf(at.Offset, "node <channel> has attribute \"id\" = \"%s\" which is not an unsigned integer", at.Value)
			}
			chanNo = v
		}
		mean := ppChild(ch, "mean")
		if mean == nil {
			continue
		}
		val, hasVal := mean.Attrs.Get("value")
		size, hasSize := mean.Attrs.Get("size")
		offset, hasOffset := mean.Attrs.Get("offset")
		if !hasVal && !hasSize {
			return nil, nil, ppErrf(mean.Offset, "mean should have at least one of the following attribute: value, size")
		}
		if hasVal {
			f, err := ppParseFloat(val.Value)
			if err != nil {
				return nil, nil, ppErrf(val.Offset, "node <mean> has attribute \"value\" = \"%s\" which is not a floating point", val.Value)
			}
			scalars = append(scalars, scalar{ch: chanNo, v: f, off: val.Offset})
		}
		if hasSize && hasOffset {
			sz, err := strconv.ParseUint(strings.TrimSpace(size.Value), 10, 64)
			if err != nil {
				return nil, nil, ppErrf(size.Offset, "node <mean> has attribute \"size\" = \"%s\" which is not an unsigned integer", size.Value)
			}
			of, err := strconv.ParseUint(strings.TrimSpace(offset.Value), 10, 64)
			if err != nil {
				return nil, nil, ppErrf(offset.Offset, "node <mean> has attribute \"offset\" = \"%s\" which is not an unsigned integer", offset.Value)
			}
			if want := uint64(perChan) * uint64(elemSize); sz != want {
				return nil, nil, ppErrf(size.Offset, "mean blob size mismatch expected input, got: %d expecting %v x %d (%d bytes per channel for input '%s' of type %s)",
					sz, meanShape, elemSize, want, name, typ)
			}
			if b.m.Weights == nil {
				return nil, nil, ppErrf(offset.Offset, "mean value offset and size are out of weights size range (no .bin was given or found beside the XML)")
			}
			if n := uint64(b.m.Weights.Len()); of > n || sz > n-of {
				return nil, nil, ppErrf(offset.Offset, "mean value offset and size are out of weights size range (offset %d + size %d > %d bytes of weights)", of, sz, n)
			}
			blobs = append(blobs, blob{ch: chanNo, size: sz, offset: of, off: offset.Offset})
		}
	}
	if len(scalars) > 0 && len(blobs) > 0 {
		return nil, nil, ppErrf(pp.Offset, "mean values have different types")
	}
	// OpenVINO keeps the (channel, value) pairs in a std::set: equal pairs count once, and for
	// a channel given twice the last in sorted order wins.
	if len(scalars) > 0 {
		slices.SortStableFunc(scalars, func(x, y scalar) int {
			if x.ch != y.ch {
				return ppCmp(x.ch, y.ch)
			}
			return ppCmpF(x.v, y.v)
		})
		scalars = slices.CompactFunc(scalars, func(x, y scalar) bool { return x.ch == y.ch && x.v == y.v })
		if len(scalars) != channels {
			return nil, nil, ppErrf(pp.Offset, "Number of mean values (%d) is not equal to number of channels (%d)", len(scalars), channels)
		}
		values := make([]float32, channels)
		for _, s := range scalars {
			if s.ch >= uint64(channels) {
				return nil, nil, ppErrf(s.off, "Mean values channel index %d is out of range (%d)", s.ch, channels)
			}
			values[s.ch] = s.v
		}
		t, err := ppScalarTensor(typ, scalarShape, values)
		if err != nil {
			return param, nil, err
		}
		return param, t, nil
	}
	if len(blobs) == 0 {
		return nil, nil, nil // no mean values: nothing to subtract
	}
	slices.SortStableFunc(blobs, func(x, y blob) int {
		if x.ch != y.ch {
			return ppCmp(x.ch, y.ch)
		}
		if x.size != y.size {
			return ppCmp(x.size, y.size)
		}
		return ppCmp(x.offset, y.offset)
	})
	blobs = slices.CompactFunc(blobs, func(x, y blob) bool { return x.ch == y.ch && x.size == y.size && x.offset == y.offset })
	if len(blobs) != channels {
		return nil, nil, ppErrf(pp.Offset, "Number of mean values (%d) is not equal to number of channels (%d)", len(blobs), channels)
	}
	chunk := perChan * elemSize
	raw := make([]byte, channels*chunk)
	bin := b.m.Weights.Bytes()
	for _, bl := range blobs {
		if bl.ch >= uint64(channels) {
			return nil, nil, ppErrf(bl.off, "Mean values channel index %d is out of range (%d)", bl.ch, channels)
		}
		copy(raw[int(bl.ch)*chunk:], bin[bl.offset:bl.offset+bl.size])
	}
	// Concat(per-channel [1, H, W ...], axis 0) = [C, H, W ...].
	full := slices.Clone(meanShape)
	full[0] = channels
	t, err := ppDecode(typ, full, raw)
	if err != nil {
		return param, nil, err
	}
	return param, t, nil
}

func ppCmp(x, y uint64) int {
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

func ppCmpF(x, y float32) int {
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

// ppParseFloat reads a float as `stream >> float` with an eof check does: leading
// whitespace is skipped, nothing may follow the number.
func ppParseFloat(s string) (float32, error) {
	v, err := strconv.ParseFloat(strings.TrimLeft(s, " \t\n\r\v\f"), 32)
	if err != nil {
		return 0, err
	}
	return float32(v), nil
}

// ppParamOutput returns the Parameter's output shape and type from its decoded op.
func ppParamOutput(p *Node) (ir.Shape, ir.ElementType, bool) {
	if p.Op == nil || p.Failed {
		return ir.Shape{}, ir.Undefined, false
	}
	outs, err := safeInfer(p.Op, nil)
	if err != nil || len(outs) == 0 {
		return ir.Shape{}, ir.Undefined, false
	}
	return outs[0].Shape, outs[0].Type, true
}

// ppScalarTensor is Constant::create(type, shape, values): the floats converted to the
// input's element type by Convert's static_cast rules (layers.ConvertTensor).
func ppScalarTensor(t ir.ElementType, shape []int, values []float32) (*ir.Tensor, error) {
	if t == ir.F32 {
		return &ir.Tensor{Type: ir.F32, Shape: shape, Data: values}, nil
	}
	out, err := layers.ConvertTensor(&ir.Tensor{Type: ir.F32, Shape: shape, Data: values}, t)
	if err != nil {
		return nil, fmt.Errorf("mean values for an input of element type %s: %w", t, err)
	}
	return out, nil
}

// ppDecode decodes raw little-endian data of type t and shape (the mean blob) the way a
// Const's data is decoded.
func ppDecode(t ir.ElementType, shape []int, raw []byte) (*ir.Tensor, error) {
	if t.Bits() < 8 || t == ir.String {
		return nil, fmt.Errorf("mean blobs for an input of element type %s are not implemented", t)
	}
	dims := make([]string, len(shape))
	for i, d := range shape {
		dims[i] = strconv.Itoa(d)
	}
	l := &ir.Layer{ID: -1, Name: "pre-process mean", Type: "Const", HasData: true, Data: ir.Attrs{
		{Name: "element_type", Value: t.String()}, {Name: "shape", Value: strings.Join(dims, ",")},
		{Name: "offset", Value: "0"}, {Name: "size", Value: strconv.Itoa(len(raw))}}}
	m := &ir.Model{Weights: ir.NewWeights(raw, "")}
	return m.ConstValue(l)
}

// ppSubOp is the inserted node's op: input 0 minus the mean, with Subtract's numpy
// broadcast, types and kernels.
type ppSubOp struct {
	sub  layers.Op
	mean *ir.Tensor
}

func (o *ppSubOp) meanInput() layers.Input {
	s := ir.Shape{Dims: make([]ir.Dim, len(o.mean.Shape))}
	for i, d := range o.mean.Shape {
		s.Dims[i] = ir.StaticDim(int64(d))
	}
	return layers.Input{Type: o.mean.Type, Shape: s, Value: o.mean, Constant: true}
}

// Infer is Subtract's inference on the input and the mean.
func (o *ppSubOp) Infer(in []layers.Input) ([]layers.Output, error) {
	if len(in) != 1 {
		return nil, fmt.Errorf("%s expects 1 input, got %d", ppNodeType, len(in))
	}
	return o.sub.Infer([]layers.Input{in[0], o.meanInput()})
}

// Prepare binds Subtract's kernel; the mean is passed as its second input.
func (o *ppSubOp) Prepare(in []layers.Input, opts layers.ExecOptions) (layers.Kernel, error) {
	if len(in) != 1 {
		return nil, fmt.Errorf("%s expects 1 input, got %d", ppNodeType, len(in))
	}
	k, err := layers.Prepare(o.sub, []layers.Input{in[0], o.meanInput()}, opts)
	if err != nil {
		return nil, err
	}
	return &ppKernel{k: k, mean: o.mean}, nil
}

type ppKernel struct {
	k    layers.Kernel
	mean *ir.Tensor
	ins  [2]*ir.Tensor
}

func (k *ppKernel) Run(ctx context.Context, in, out []*ir.Tensor) error {
	if len(in) != 1 {
		return fmt.Errorf("%s: expected 1 input tensor, got %d", ppNodeType, len(in))
	}
	k.ins[0], k.ins[1] = in[0], k.mean
	err := k.k.Run(ctx, k.ins[:], out)
	k.ins[0] = nil
	return err
}
