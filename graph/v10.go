package graph

import (
	"context"
	"fmt"
	"slices"
	"sync"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/layers"
)

// IR v10 models run with OpenVINO Core's legacy input and output types and names
// (update_v10_model in OpenVINO's model_reader.cpp, which Core::read_model applies to every
// IR whose <net version="10">): an f16 Parameter takes f32 (converted to f16 inside, round
// to nearest even), an output of i64, u64, i32 or u32 is given as i32 (Convert-1's integer
// rule: the low 32 bits) and any other non-f32 output as f32; every output also gets its
// producing layer's name as a tensor name (".<port>" appended when that layer has several
// outputs, OpenVINO's create_ie_output_name) and every input its Parameter's name.
// Options.FileTypes keeps the file's own types and names (OpenVINO's FrontEnd view).

// v10IO is a Program's runtime view of an IR v10 model's inputs and outputs.
type v10IO struct {
	in, out         []TensorInfo // as Inputs and Outputs show them
	inConv, outConv []bool       // whether input/output i is converted
	mu              sync.Mutex
	free            []*v10Buf
}

// v10Buf holds one Run's converted inputs and unconverted outputs, reused across Runs.
type v10Buf struct {
	ins, outs []*ir.Tensor // passed to the core run
	inT, outT []*ir.Tensor // per converted input/output: its buffer, kept between Runs
}

// LegacyType is OpenVINO's to_legacy_type: the element type its Core, and so a Program
// unless Options.FileTypes, gives an IR v10 model's input (input true) or output of
// element type t. An output of a dynamic element type is left as it is.
func LegacyType(t ir.ElementType, input bool) ir.ElementType {
	if !input && !t.IsStatic() {
		return t
	}
	return v10LegacyType(t, input)
}

func v10LegacyType(t ir.ElementType, input bool) ir.ElementType {
	if input {
		if t == ir.F16 {
			return ir.F32
		}
		return t
	}
	switch t {
	case ir.I64, ir.U64, ir.I32, ir.U32:
		return ir.I32
	}
	return ir.F32
}

// v10Setup makes p's runtime view when p's model is IR v10 and opts do not keep the file's
// types; it leaves p.v10 nil otherwise.
func (p *Program) v10Setup(opts Options, depth int) {
	g := p.g
	if opts.FileTypes || depth > 0 || g.Model == nil || g.Model.Version != 10 {
		return
	}
	v := &v10IO{in: cloneInfos(p.inputs), out: cloneInfos(p.outputs),
		inConv: make([]bool, len(p.inputs)), outConv: make([]bool, len(p.outputs))}
	// The names OpenVINO adds; one that another tensor already has is skipped (OpenVINO
	// refuses such a model: "Model operation names have collisions").
	type port struct {
		n   *Node
		out int
	}
	taken := map[string]port{}
	for i, in := range p.inputs {
		for _, n := range in.TensorNames {
			taken[n] = port{p.params[i], 0}
		}
	}
	for i, o := range p.outputs {
		src := g.Results[i].Inputs[0]
		for _, n := range o.TensorNames {
			taken[n] = port{src.Node, src.Output}
		}
	}
	addName := func(info *TensorInfo, name string, owner port) {
		if q, ok := taken[name]; slices.Contains(info.TensorNames, name) || ok && q != owner {
			return
		}
		taken[name] = owner
		info.TensorNames = append(info.TensorNames, name)
		if len(info.TensorNames) == 1 {
			info.Name = name
		}
	}
	for i := range v.out {
		src := g.Results[i].Inputs[0]
		name := src.Node.Layer.Name
		if len(src.Node.Outputs) != 1 {
			name = fmt.Sprintf("%s.%d", name, src.Output)
		}
		addName(&v.out[i], name, port{src.Node, src.Output})
		if t := v.out[i].Type; t.IsStatic() && t != v10LegacyType(t, false) {
			v.out[i].Type, v.outConv[i] = v10LegacyType(t, false), true
		}
	}
	for i := range v.in {
		addName(&v.in[i], p.params[i].Layer.Name, port{p.params[i], 0})
		if t := v.in[i].Type; t != v10LegacyType(t, true) {
			v.in[i].Type, v.inConv[i] = v10LegacyType(t, true), true
		}
	}
	p.v10 = v
}

// v10Run is run for an IR v10 program: it converts the f32 inputs of f16 Parameters, runs
// the program, and converts the outputs to their legacy types. RunInto's steady state
// allocates nothing (the buffers of the last Runs are kept).
func (p *Program) v10Run(ctx context.Context, inputs, outputs []*ir.Tensor, profile bool) ([]*ir.Tensor, []LayerTiming, error) {
	v := p.v10
	if len(inputs) != len(p.params) {
		return nil, nil, fmt.Errorf("graph: got %d inputs, the model has %d (%s)", len(inputs), len(p.params), p.inputNames())
	}
	if outputs != nil && len(outputs) != len(p.outputs) {
		return nil, nil, fmt.Errorf("graph: got %d output tensors, the model has %d outputs", len(outputs), len(p.outputs))
	}
	b := v.get(len(inputs), len(p.outputs))
	defer v.put(b)
	for i, t := range inputs {
		b.ins[i] = t
		if !v.inConv[i] || t == nil {
			continue
		}
		if t.Type != v.in[i].Type {
			return nil, nil, fmt.Errorf("graph: input %d (%q) has element type %s, the model expects %s", i, v.in[i].Name, t.Type, v.in[i].Type)
		}
		if err := checkTensor(t); err != nil {
			return nil, nil, fmt.Errorf("graph: input %d (%q): %v", i, v.in[i].Name, err)
		}
		c, err := v10Buffer(&b.inT[i], p.inputs[i].Type, t.Shape)
		if err != nil {
			return nil, nil, fmt.Errorf("graph: input %d (%q): %w", i, v.in[i].Name, err)
		}
		if err := layers.ConvertInto(c, t); err != nil {
			return nil, nil, fmt.Errorf("graph: input %d (%q): %w", i, v.in[i].Name, err)
		}
		b.ins[i] = c
	}
	if outputs == nil {
		outs, timings, err := p.runCore(ctx, b.ins, nil, profile)
		if err != nil {
			return nil, nil, err
		}
		for i, o := range outs {
			if !v.outConv[i] {
				continue
			}
			c, err := ir.NewTensor(v.out[i].Type, o.Shape)
			if err != nil {
				return nil, nil, fmt.Errorf("graph: output %d (%q): %w", i, v.out[i].Name, err)
			}
			if err := layers.ConvertInto(c, o); err != nil {
				return nil, nil, fmt.Errorf("graph: output %d (%q): %w", i, v.out[i].Name, err)
			}
			outs[i] = c
		}
		return outs, timings, nil
	}
	for i, t := range outputs {
		b.outs[i] = t
		if !v.outConv[i] || t == nil {
			continue
		}
		if t.Type != v.out[i].Type {
			return nil, nil, fmt.Errorf("graph: output %d (%q) has element type %s, the model gives %s", i, v.out[i].Name, t.Type, v.out[i].Type)
		}
		c, err := v10Buffer(&b.outT[i], p.outputs[i].Type, t.Shape)
		if err != nil {
			return nil, nil, fmt.Errorf("graph: output %d (%q): %w", i, v.out[i].Name, err)
		}
		b.outs[i] = c
	}
	if _, _, err := p.runCore(ctx, b.ins, b.outs, profile); err != nil {
		return nil, nil, err
	}
	for i, t := range outputs {
		if !v.outConv[i] {
			continue
		}
		if err := layers.ConvertInto(t, b.outs[i]); err != nil {
			return nil, nil, fmt.Errorf("graph: output %d (%q): %w", i, v.out[i].Name, err)
		}
	}
	return nil, nil, nil
}

// v10Buffer returns *slot when it is a tensor of type t and shape, else a new one stored
// in *slot.
func v10Buffer(slot **ir.Tensor, t ir.ElementType, shape []int) (*ir.Tensor, error) {
	if c := *slot; c != nil && c.Type == t && slices.Equal(c.Shape, shape) {
		return c, nil
	}
	c, err := ir.NewTensor(t, slices.Clone(shape))
	if err != nil {
		return nil, err
	}
	*slot = c
	return c, nil
}

// get takes a buffer set from the free list or makes one.
func (v *v10IO) get(nin, nout int) *v10Buf {
	v.mu.Lock()
	if n := len(v.free); n > 0 {
		b := v.free[n-1]
		v.free = v.free[:n-1]
		v.mu.Unlock()
		return b
	}
	v.mu.Unlock()
	return &v10Buf{ins: make([]*ir.Tensor, nin), outs: make([]*ir.Tensor, nout),
		inT: make([]*ir.Tensor, nin), outT: make([]*ir.Tensor, nout)}
}

// put returns b to the free list (at most 8 are kept), dropping the caller's tensors.
func (v *v10IO) put(b *v10Buf) {
	clear(b.ins)
	clear(b.outs)
	v.mu.Lock()
	if len(v.free) < 8 {
		v.free = append(v.free, b)
	}
	v.mu.Unlock()
}
