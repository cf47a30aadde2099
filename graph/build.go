package graph

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/layers"
)

// Rule codes of the diagnostics Build emits (see the package documentation).
const (
	codeDuplicateLayerID   = ir.CodeDuplicateLayerID
	codeEdgeMissingLayer   = ir.CodeEdgeMissingLayer
	codeEdgeMissingPort    = ir.CodeEdgeMissingPort
	codeDuplicateInput     = "duplicate-input-edge"
	codeInputNotConnected  = "input-not-connected"
	codeCycle              = "cycle"
	codeOpValidation       = layers.CodeOpValidation
	codeUnsupportedOp      = layers.CodeUnsupportedOp
	codeUnsupportedFeature = "unsupported-feature"
	codeUnreachable        = "unreachable-layer"
	codePortDims           = "port-dims-mismatch"
	codeDeclaredShape      = "declared-shape-mismatch"
	codePortPrecision      = "port-precision-mismatch"
)

// maxUnreachableReports is the number of unreachable layers reported one by one; beyond it
// a single summary diagnostic is emitted.
const maxUnreachableReports = 20

// Graph is an ir.Model resolved into typed nodes. It is immutable after Build and safe for
// concurrent reads.
type Graph struct {
	// Model is the model the graph was built from.
	Model *ir.Model
	// Nodes holds one node per top-level layer, in XML order (Node.Index is the position),
	// then the node a legacy <pre-process> section inserts after its Parameter (type
	// PreProcessMean, subtracting the mean values as OpenVINO's Subtract; see preprocess.go).
	Nodes []*Node
	// Parameters and Results hold the Parameter and Result nodes in XML order: the model's
	// inputs and outputs.
	Parameters []*Node
	Results    []*Node
	// Order is a topological order of the nodes (producers before consumers), ties broken
	// by XML order. Nodes on or downstream of a cycle are not in it.
	Order []*Node
	// Diagnostics are the reader's diagnostics (Model.Diagnostics) followed by the graph's,
	// the latter sorted by offset.
	Diagnostics []ir.Diagnostic
}

// Node is one top-level layer.
type Node struct {
	// Index is the node's position in Graph.Nodes (the layer's XML position).
	Index int
	Layer *ir.Layer
	// Def is the op definition irrun has for the layer's type and opset; nil when the lookup
	// failed or irrun does not implement the op.
	Def *layers.Def
	// Op is the decoded op; nil when Def is nil or the attributes did not decode.
	Op layers.Op
	// Unsupported is set (an *ir.UnsupportedError) when the layer is valid IR that irrun
	// cannot execute: its op type or a value it uses is not implemented. Such a node
	// loads like OpenVINO's FrameworkNode: its outputs take the declared port types and dims.
	Unsupported error
	// Inputs has one entry per declared <input> port, in port order.
	Inputs []Input
	// Outputs has one entry per output: the op's outputs when inference ran, the declared
	// <output> ports otherwise.
	Outputs []Output
	// Reachable reports whether the node feeds a Result or an Assign (Parameters are
	// always reachable: they are model inputs).
	Reachable bool
	// Failed reports that the node has an error or depends on a node that has one: its
	// outputs are the declared ones and no inference ran.
	Failed bool

	consumers []*Node // one entry per edge out of the node
	topo      int     // position in Graph.Order, -1 when not ordered
}

// Input is one input slot of a node.
type Input struct {
	// Node and Output name the producer and its output index; Node is nil when the slot
	// has no edge.
	Node   *Node
	Output int
	// Port is the consumer's declared <input> port.
	Port *ir.Port
	// EdgeOffset is the byte offset of the edge feeding the slot (-1 when none).
	EdgeOffset int
}

// Output is one output of a node.
type Output struct {
	// Port is the declared <output> port; nil when the op has more outputs than the layer
	// declares (a Result has one output and no <output> port).
	Port *ir.Port
	Type ir.ElementType
	// Shape is the inferred shape when Inferred is true, the declared port dims otherwise.
	Shape    ir.Shape
	Inferred bool
	// Value is the output's value when it is known without running the model (a Const,
	// or an op folded from Consts during inference).
	Value *ir.Tensor
	// Constant reports that the output is known before execution (see layers.Output).
	Constant bool
	// Bounds are per-element bounds of an integer output whose value is not known (a
	// shape sub-graph behind a dynamic dimension); nil otherwise.
	Bounds *layers.Bounds
}

// Name returns the layer's name.
func (n *Node) Name() string { return n.Layer.Name }

// Type returns the layer's op type as written.
func (n *Node) Type() string { return n.Layer.Type }

// Supported reports whether irrun can execute the node: it infers the op and has a kernel
// for it.
func (n *Node) Supported() bool {
	if n.Op == nil || n.Unsupported != nil {
		return false
	}
	_, ok := n.Op.(layers.Preparer)
	return ok
}

// Inferred reports whether irrun infers the node's op (its outputs come from OpenVINO's
// shape inference rules, not from the declared ports), whether or not it can execute it.
func (n *Node) Inferred() bool { return n.Op != nil && !n.Failed }

// HasErrors reports whether any diagnostic has error severity.
func (g *Graph) HasErrors() bool {
	for i := range g.Diagnostics {
		if g.Diagnostics[i].Severity == ir.SeverityError {
			return true
		}
	}
	return false
}

// Err returns nil when the graph has no error diagnostic, and otherwise an *ir.FormatError
// at the first error's position that names it and counts the others.
func (g *Graph) Err() error {
	var first *ir.Diagnostic
	n := 0
	for i := range g.Diagnostics {
		d := &g.Diagnostics[i]
		if d.Severity != ir.SeverityError {
			continue
		}
		if first == nil {
			first = d
		}
		n++
	}
	if first == nil {
		return nil
	}
	e := &ir.FormatError{Msg: first.Message, Code: first.Code, Offset: first.Offset}
	if src := g.Model.Source; src != nil {
		e.File = src.Name
		if first.Offset >= 0 {
			e.Line, e.Col = src.LineCol(first.Offset)
		}
	}
	if n > 1 {
		e.Msg += fmt.Sprintf(" (and %d more errors)", n-1)
	}
	return e
}

// builder holds the state of one Build.
type builder struct {
	g     *Graph
	m     *ir.Model
	diags []ir.Diagnostic
	byID  map[int64]*Node
	reg   *layers.Registry

	// Sub-graph bodies (Loop): params overrides the body Parameters' outputs (by layer
	// id), depth is the nesting level, bodyDiags the diagnostics of the last body inferred.
	params    map[int64]layers.Input
	depth     int
	bodyDiags []ir.Diagnostic
}

// maxBodyDepth bounds the nesting of sub-graph bodies.
const maxBodyDepth = 64

// Build resolves m into a graph. It never fails: every problem found becomes a diagnostic
// in Graph.Diagnostics, and the graph keeps every layer.
func Build(m *ir.Model) *Graph { return build(m, layers.NewRegistry(), nil, 0) }

func build(m *ir.Model, reg *layers.Registry, params map[int64]layers.Input, depth int) *Graph {
	g := &Graph{Model: m}
	b := &builder{g: g, m: m, byID: make(map[int64]*Node, len(m.Layers)), reg: reg, params: params, depth: depth}
	b.nodes()
	b.lookup()
	b.edges()
	b.ppInsert()
	b.connectivity()
	b.order()
	b.reachability()
	b.infer()
	b.tpAssignVariables()
	b.portDims()
	b.dedupe()
	slices.SortStableFunc(b.diags, func(x, y ir.Diagnostic) int { return cmp.Compare(x.Offset, y.Offset) })
	g.Diagnostics = make([]ir.Diagnostic, 0, len(m.Diagnostics)+len(b.diags))
	g.Diagnostics = append(g.Diagnostics, m.Diagnostics...)
	g.Diagnostics = append(g.Diagnostics, b.diags...)
	return g
}

// dedupe drops the graph diagnostics the reader already reported (it checks layer ids,
// edges and opset names too): same code at the same offset, or for the layer checks the
// same code on the same layer.
func (b *builder) dedupe() {
	if len(b.m.Diagnostics) == 0 {
		return
	}
	type key struct {
		code, id, name string
		off            int
	}
	seen := map[key]bool{}
	for _, d := range b.m.Diagnostics {
		seen[key{code: d.Code, off: d.Offset}] = true
		if d.LayerID != "" || d.LayerName != "" {
			seen[key{code: d.Code, id: d.LayerID, name: d.LayerName, off: -1}] = true
		}
	}
	b.diags = slices.DeleteFunc(b.diags, func(d ir.Diagnostic) bool {
		if seen[key{code: d.Code, off: d.Offset}] {
			return true
		}
		switch d.Code {
		case codeDuplicateLayerID, layers.CodeUnknownOpset:
			return seen[key{code: d.Code, id: d.LayerID, name: d.LayerName, off: -1}]
		}
		return false
	})
}

func (b *builder) report(sev ir.Severity, code string, off int, l *ir.Layer, format string, args ...any) {
	d := ir.Diagnostic{Severity: sev, Code: code, Message: fmt.Sprintf(format, args...), Offset: off}
	if l != nil {
		d.LayerID, d.LayerName = l.IDText, l.Name
	}
	b.diags = append(b.diags, d)
}

func (b *builder) line(off int) int {
	if b.m.Source == nil {
		return 0
	}
	l, _ := b.m.Source.LineCol(off)
	return l
}

// desc names a layer in messages: `MaxPool layer "pool" (id 3)`.
func desc(l *ir.Layer) string {
	return fmt.Sprintf("%s layer %q (id %s)", l.Type, l.Name, l.IDText)
}

func (b *builder) nodes() {
	g := b.g
	g.Nodes = make([]*Node, len(b.m.Layers))
	for i, l := range b.m.Layers {
		n := &Node{Index: i, Layer: l, topo: -1}
		n.Inputs = make([]Input, len(l.Inputs))
		for j, p := range l.Inputs {
			n.Inputs[j] = Input{Port: p, EdgeOffset: -1}
		}
		g.Nodes[i] = n
		switch {
		case strings.EqualFold(l.Type, "Parameter"):
			g.Parameters = append(g.Parameters, n)
		case strings.EqualFold(l.Type, "Result"):
			g.Results = append(g.Results, n)
		}
		if l.ID < 0 {
			continue // the reader reports an id that is not an unsigned integer
		}
		if prev, dup := b.byID[l.ID]; dup {
			b.report(ir.SeverityError, codeDuplicateLayerID, l.Offset, l,
				"layer id %s is used twice: by %s (line %d) and by %s; edges resolve to the first",
				l.IDText, desc(prev.Layer), b.line(prev.Layer.Offset), desc(l))
			continue
		}
		b.byID[l.ID] = n
	}
}

// lookup finds each layer's op definition and decodes its attributes.
func (b *builder) lookup() {
	type unsupported struct {
		first *Node
		count int
	}
	var unsup []*unsupported
	byType := map[string]*unsupported{}
	for _, n := range b.g.Nodes {
		l := n.Layer
		def, err := b.reg.LookupLayer(l)
		if err != nil {
			switch code := layers.ErrorCode(err); code {
			case layers.CodeUnsupportedOp:
				n.Unsupported = err
				u := byType[l.Type]
				if u == nil {
					u = &unsupported{first: n}
					byType[l.Type] = u
					unsup = append(unsup, u)
				}
				u.count++
			default:
				n.Failed = true
				b.report(ir.SeverityError, code, l.Offset, l, "%s", err.Error())
			}
			continue
		}
		n.Def = def
		op, diags := decode(def, l, b.m)
		for _, d := range diags {
			if d.LayerID == "" && d.LayerName == "" {
				d.LayerID, d.LayerName = l.IDText, l.Name
			}
			if d.Offset < 0 {
				d.Offset = l.Offset
			}
			b.diags = append(b.diags, d)
		}
		if op == nil {
			n.Failed = true
			if !slices.ContainsFunc(diags, func(d ir.Diagnostic) bool { return d.Severity == ir.SeverityError }) &&
				!b.readerError(l) {
				b.report(ir.SeverityError, codeOpValidation, l.Offset, l, "%s: attributes did not decode", desc(l))
			}
			continue
		}
		n.Op = op
	}
	for _, u := range unsup {
		l := u.first.Layer
		layersWord := "layers"
		if u.count == 1 {
			layersWord = "layer"
		}
		b.report(ir.SeverityInfo, codeUnsupportedOp, l.Offset, l,
			"op %s (version %s) is not implemented by irrun: %d %s, first %q at line %d; they load with their declared port types and dims but cannot run",
			l.Type, l.Version, u.count, layersWord, l.Name, b.line(l.Offset))
	}
}

// readerError reports whether the reader already has an error diagnostic on layer l (a
// decoder stays quiet about what the reader reports, such as a bad Parameter shape).
func (b *builder) readerError(l *ir.Layer) bool {
	for _, d := range b.m.Diagnostics {
		if d.Severity == ir.SeverityError && d.LayerID == l.IDText && d.LayerName == l.Name {
			return true
		}
	}
	return false
}

// decode runs a definition's decoder, turning a panic into an error diagnostic.
func decode(def *layers.Def, l *ir.Layer, m *ir.Model) (op layers.Op, diags []ir.Diagnostic) {
	defer func() {
		if r := recover(); r != nil {
			op = nil
			diags = append(diags, ir.Diagnostic{Severity: ir.SeverityError, Code: codeOpValidation,
				Message: fmt.Sprintf("%s: internal error decoding attributes: %v", desc(l), r), Offset: l.Offset,
				LayerID: l.IDText, LayerName: l.Name})
		}
	}()
	if def.Decode == nil {
		return nil, nil
	}
	return def.Decode(l, m)
}

// portIndex returns the position of the first port with the given id, as OpenVINO's
// get_real_input_port_id / get_real_output_port_id do.
func portIndex(ports []*ir.Port, id int64) int {
	for i, p := range ports {
		if p.ID == id {
			return i
		}
	}
	return -1
}

func (b *builder) edges() {
	for _, e := range b.m.Edges {
		from, okFrom := b.byID[e.FromLayer]
		to, okTo := b.byID[e.ToLayer]
		if !okFrom || !okTo {
			var parts []string
			if !okFrom {
				parts = append(parts, fmt.Sprintf("from-layer %d", e.FromLayer))
			}
			if !okTo {
				parts = append(parts, fmt.Sprintf("to-layer %d", e.ToLayer))
			}
			var l *ir.Layer
			if okTo {
				l = to.Layer
			} else if okFrom {
				l = from.Layer
			}
			b.report(ir.SeverityError, codeEdgeMissingLayer, e.Offset, l,
				"edge %d:%d -> %d:%d: no layer with id %s (Attempt to access node that not in graph)",
				e.FromLayer, e.FromPort, e.ToLayer, e.ToPort, strings.Join(parts, " or "))
			continue
		}
		out := portIndex(from.Layer.Outputs, e.FromPort)
		in := portIndex(to.Layer.Inputs, e.ToPort)
		bad := false
		if out < 0 {
			b.report(ir.SeverityError, codeEdgeMissingPort, e.Offset, from.Layer,
				"Can not find output port with id %d in layer %s (%s declares output ports %s)",
				e.FromPort, from.Layer.Name, desc(from.Layer), portIDs(from.Layer.Outputs))
			bad = true
		}
		if in < 0 {
			b.report(ir.SeverityError, codeEdgeMissingPort, e.Offset, to.Layer,
				"Can not find input port with id %d in layer %s (%s declares input ports %s)",
				e.ToPort, to.Layer.Name, desc(to.Layer), portIDs(to.Layer.Inputs))
			bad = true
		}
		if bad {
			continue
		}
		slot := &to.Inputs[in]
		if slot.Node != nil {
			b.report(ir.SeverityError, codeDuplicateInput, e.Offset, to.Layer,
				"input port %d of %s is already fed by layer %q port %d (edge at line %d); a second edge comes from layer %q port %d",
				e.ToPort, desc(to.Layer), slot.Node.Layer.Name, slot.Node.Layer.Outputs[slot.Output].ID,
				b.line(slot.EdgeOffset), from.Layer.Name, e.FromPort)
			continue
		}
		slot.Node, slot.Output, slot.EdgeOffset = from, out, e.Offset
		from.consumers = append(from.consumers, to)
	}
}

func portIDs(ports []*ir.Port) string {
	if len(ports) == 0 {
		return "(none)"
	}
	ids := make([]string, len(ports))
	for i, p := range ports {
		ids[i] = p.IDText
	}
	return "[" + strings.Join(ids, ", ") + "]"
}

// connectivity reports input slots without an edge: every declared port of an op irrun
// does not know, the required inputs of one it knows, and any slot before a connected one
// (OpenVINO numbers a node's inputs by edge count, so a gap is an error there too).
func (b *builder) connectivity() {
	for _, n := range b.g.Nodes {
		l := n.Layer
		required := len(n.Inputs)
		if n.Def != nil {
			required = n.Def.MinInputs
		}
		lastConnected := -1
		for i := range n.Inputs {
			if n.Inputs[i].Node != nil {
				lastConnected = i
			}
		}
		for i := range n.Inputs {
			in := &n.Inputs[i]
			if in.Node != nil || (i >= required && i > lastConnected) {
				continue
			}
			n.Failed = true
			if n.Def != nil && i >= required {
				b.report(ir.SeverityError, codeInputNotConnected, in.Port.Offset, l,
					"input port %s (index %d) of %s has no edge, but input %d is connected (inputs are numbered by edge count)",
					in.Port.IDText, i, desc(l), lastConnected)
			} else {
				b.report(ir.SeverityError, codeInputNotConnected, in.Port.Offset, l,
					"input port %s (index %d) of %s has no edge", in.Port.IDText, i, desc(l))
			}
		}
		if n.Def != nil && lastConnected+1 > n.Def.MaxInputs {
			n.Failed = true
			b.report(ir.SeverityError, codeOpValidation, l.Offset, l,
				"%s has %d inputs, but %s takes at most %d", desc(l), lastConnected+1, n.Def.Name(), n.Def.MaxInputs)
		}
		if n.Def != nil && len(n.Inputs) < required {
			n.Failed = true
			b.report(ir.SeverityError, codeInputNotConnected, l.Offset, l,
				"%s declares %d input ports, but %s needs at least %d inputs",
				desc(l), len(n.Inputs), n.Def.Name(), required)
		}
	}
}

// order computes a topological order with Kahn's algorithm (ties in XML order) and reports
// every cycle: each strongly connected component with more than one node or a self-loop.
func (b *builder) order() {
	g := b.g
	indeg := make([]int, len(g.Nodes))
	for _, n := range g.Nodes {
		for _, c := range n.consumers {
			indeg[c.Index]++
		}
	}
	// A min-heap on the node index keeps the order deterministic and close to XML order.
	h := make(indexHeap, 0, len(g.Nodes))
	for i, d := range indeg {
		if d == 0 {
			h.push(i)
		}
	}
	g.Order = make([]*Node, 0, len(g.Nodes))
	for len(h) > 0 {
		n := g.Nodes[h.pop()]
		n.topo = len(g.Order)
		g.Order = append(g.Order, n)
		for _, c := range n.consumers {
			indeg[c.Index]--
			if indeg[c.Index] == 0 {
				h.push(c.Index)
			}
		}
	}
	if len(g.Order) == len(g.Nodes) {
		return
	}
	for _, n := range g.Nodes {
		if n.topo < 0 {
			n.Failed = true
		}
	}
	for _, scc := range b.cycles() {
		first := scc[0]
		names := make([]string, 0, min(len(scc), 10))
		for i, n := range scc {
			if i == 10 {
				names = append(names, fmt.Sprintf("... (%d more)", len(scc)-10))
				break
			}
			names = append(names, fmt.Sprintf("%q (id %s)", n.Layer.Name, n.Layer.IDText))
		}
		if len(scc) == 1 {
			b.report(ir.SeverityError, codeCycle, first.Layer.Offset, first.Layer,
				"%s feeds itself (self-loop edge)", desc(first.Layer))
		} else {
			b.report(ir.SeverityError, codeCycle, first.Layer.Offset, first.Layer,
				"cycle through %d layers: %s", len(scc), strings.Join(names, ", "))
		}
	}
}

// cycles returns the strongly connected components that contain a cycle, among the nodes
// Kahn's algorithm left unordered, each sorted by XML order (Tarjan's algorithm, iterative).
func (b *builder) cycles() [][]*Node {
	g := b.g
	const unvisited = -1
	index := make([]int, len(g.Nodes))
	low := make([]int, len(g.Nodes))
	onStack := make([]bool, len(g.Nodes))
	for i := range index {
		index[i] = unvisited
	}
	var stack []*Node
	var out [][]*Node
	next := 0
	type frame struct {
		n *Node
		i int // next consumer to visit
	}
	for _, root := range g.Nodes {
		if root.topo >= 0 || index[root.Index] != unvisited {
			continue
		}
		call := []frame{{n: root}}
		index[root.Index], low[root.Index] = next, next
		next++
		stack = append(stack, root)
		onStack[root.Index] = true
		for len(call) > 0 {
			f := &call[len(call)-1]
			n := f.n
			if f.i < len(n.consumers) {
				c := n.consumers[f.i]
				f.i++
				if c.topo >= 0 {
					continue
				}
				if index[c.Index] == unvisited {
					index[c.Index], low[c.Index] = next, next
					next++
					stack = append(stack, c)
					onStack[c.Index] = true
					call = append(call, frame{n: c})
				} else if onStack[c.Index] {
					low[n.Index] = min(low[n.Index], index[c.Index])
				}
				continue
			}
			call = call[:len(call)-1]
			if len(call) > 0 {
				p := call[len(call)-1].n
				low[p.Index] = min(low[p.Index], low[n.Index])
			}
			if low[n.Index] != index[n.Index] {
				continue
			}
			var scc []*Node
			for {
				top := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				onStack[top.Index] = false
				scc = append(scc, top)
				if top == n {
					break
				}
			}
			if len(scc) == 1 && !slices.Contains(n.consumers, n) {
				continue
			}
			slices.SortFunc(scc, func(x, y *Node) int { return cmp.Compare(x.Index, y.Index) })
			out = append(out, scc)
		}
	}
	slices.SortFunc(out, func(x, y []*Node) int { return cmp.Compare(x[0].Index, y[0].Index) })
	return out
}

// reachability marks the nodes that feed a Result or an Assign and reports the others.
func (b *builder) reachability() {
	g := b.g
	var work []*Node
	for _, n := range g.Nodes {
		if strings.EqualFold(n.Layer.Type, "Result") || strings.EqualFold(n.Layer.Type, "Assign") {
			n.Reachable = true
			work = append(work, n)
		}
	}
	for len(work) > 0 {
		n := work[len(work)-1]
		work = work[:len(work)-1]
		for _, in := range n.Inputs {
			if p := in.Node; p != nil && !p.Reachable {
				p.Reachable = true
				work = append(work, p)
			}
		}
	}
	var dead []*Node
	for _, n := range g.Parameters {
		n.Reachable = true
	}
	for _, n := range g.Nodes {
		if !n.Reachable {
			dead = append(dead, n)
		}
	}
	if len(dead) <= maxUnreachableReports {
		for _, n := range dead {
			b.report(ir.SeverityWarning, codeUnreachable, n.Layer.Offset, n.Layer,
				"%s feeds no Result; OpenVINO drops it silently", desc(n.Layer))
		}
		return
	}
	var first []string
	for _, n := range dead[:5] {
		first = append(first, fmt.Sprintf("%q (line %d)", n.Layer.Name, b.line(n.Layer.Offset)))
	}
	l := dead[0].Layer
	b.report(ir.SeverityWarning, codeUnreachable, l.Offset, l,
		"%d layers feed no Result and OpenVINO drops them silently; first: %s, ...", len(dead), strings.Join(first, ", "))
}

// declared returns a node's outputs as its <output> ports declare them.
func declared(n *Node) []Output {
	outs := make([]Output, len(n.Layer.Outputs))
	for i, p := range n.Layer.Outputs {
		t := p.Precision
		if !p.HasPrecision {
			t = ir.Dynamic
		}
		outs[i] = Output{Port: p, Type: t, Shape: p.Shape}
	}
	return outs
}

// infer runs shape inference in topological order. A node whose inputs come from a failed
// node gets no inference, so one error does not cascade.
func (b *builder) infer() {
	for _, n := range b.g.Nodes {
		n.Outputs = declared(n)
	}
	for _, n := range b.g.Order {
		if n.Failed || n.Op == nil {
			continue
		}
		ins := make([]layers.Input, 0, len(n.Inputs))
		ok := true
		for _, in := range n.Inputs {
			if in.Node == nil {
				break // trailing optional inputs; gaps were reported by connectivity
			}
			p := in.Node
			if p.Failed {
				ok = false
				break
			}
			if in.Output >= len(p.Outputs) {
				pl := p.Layer
				b.report(ir.SeverityError, codeEdgeMissingPort, in.EdgeOffset, pl,
					"edge from output port %s of %s: %s-%s has only %d outputs",
					pl.Outputs[in.Output].IDText, desc(pl), pl.Type, pl.Version, len(p.Outputs))
				ok = false
				break
			}
			o := p.Outputs[in.Output]
			ins = append(ins, layers.Input{Type: o.Type, Shape: o.Shape, Value: o.Value, Constant: o.Constant, Bounds: o.Bounds})
		}
		if !ok {
			n.Failed = true
			continue
		}
		var outs []layers.Output
		var err error
		l := n.Layer
		if p, ok := b.params[l.ID]; ok && strings.EqualFold(l.Type, "Parameter") {
			outs = []layers.Output{{Type: p.Type, Shape: p.Shape, Value: p.Value, Bounds: p.Bounds, Constant: p.Constant}}
		} else if bo, ok := n.Op.(layers.BodyOp); ok {
			b.bodyDiags = nil
			outs, err = safeInferBodies(bo, ins, b)
			b.diags = append(b.diags, b.bodyDiags...)
		} else {
			outs, err = safeInfer(n.Op, ins)
		}
		if err != nil {
			var ue *ir.UnsupportedError
			if errors.As(err, &ue) {
				n.Unsupported = err
				b.report(ir.SeverityInfo, codeUnsupportedFeature, l.Offset, l, "%s: %s", desc(l), err.Error())
				continue
			}
			n.Failed = true
			off := l.Offset
			var ae *layers.AttributeError
			if errors.As(err, &ae) {
				if a, ok := l.Data.Get(ae.Attr); ok {
					off = a.Offset
				} else if l.HasData {
					off = l.DataOff
				}
			}
			b.report(ir.SeverityError, codeOpValidation, off, l, "%s: %s", desc(l), err.Error())
			continue
		}
		outs = layers.Propagate(n.Op, ins, outs)
		b.checkOutputs(n, outs)
		if rc, ok := n.Op.(layers.RunChecker); ok {
			if err := rc.CheckRunnable(ins); err != nil {
				n.Unsupported = err
				b.report(ir.SeverityInfo, codeUnsupportedFeature, l.Offset, l, "%s: %s", desc(l), err.Error())
			}
		}
	}
}

// safeInferBodies calls op.InferBodies, turning a panic into an error.
func safeInferBodies(op layers.BodyOp, ins []layers.Input, bi layers.BodyInferer) (outs []layers.Output, err error) {
	defer func() {
		if r := recover(); r != nil {
			outs, err = nil, fmt.Errorf("internal error in shape inference: %v", r)
		}
	}()
	return op.InferBodies(ins, bi)
}

// InferBody implements layers.BodyInferer: the body is built as a graph of its own, its
// Parameters taking params, and its diagnostics are kept for the enclosing node.
func (b *builder) InferBody(body *ir.Body, params map[int64]layers.Input) (map[int64]layers.Output, error) {
	if b.depth >= maxBodyDepth {
		return nil, fmt.Errorf("sub-graph bodies are nested more than %d deep", maxBodyDepth)
	}
	sub := &ir.Model{Source: b.m.Source, Name: b.m.Name, Version: b.m.Version, Offset: body.Offset,
		Layers: body.Layers, Edges: body.Edges, Weights: b.m.Weights}
	g := build(sub, b.reg, params, b.depth+1)
	b.bodyDiags = g.Diagnostics
	res := make(map[int64]layers.Output, len(g.Results))
	for _, r := range g.Results {
		if len(r.Outputs) == 0 || r.Failed {
			continue
		}
		o := r.Outputs[0]
		res[r.Layer.ID] = layers.Output{Type: o.Type, Shape: o.Shape, Value: o.Value, Bounds: o.Bounds, Constant: o.Constant}
	}
	if err := g.Err(); err != nil {
		return res, fmt.Errorf("its body has errors: %w", err)
	}
	return res, nil
}

// safeInfer calls op.Infer, turning a panic into an error.
func safeInfer(op layers.Op, ins []layers.Input) (outs []layers.Output, err error) {
	defer func() {
		if r := recover(); r != nil {
			outs, err = nil, fmt.Errorf("internal error in shape inference: %v", r)
		}
	}()
	return op.Infer(ins)
}

// checkOutputs records the inferred outputs of n and compares them with the declared ports.
func (b *builder) checkOutputs(n *Node, outs []layers.Output) {
	l := n.Layer
	res := make([]Output, len(outs))
	for i, o := range outs {
		res[i] = Output{Type: o.Type, Shape: o.Shape, Inferred: true, Value: o.Value, Constant: o.Constant || o.Value != nil, Bounds: o.Bounds}
		if i >= len(l.Outputs) {
			continue
		}
		p := l.Outputs[i]
		res[i].Port = p
		// A Parameter or Const without <data> (a missing-data error) has no shape to
		// compare: its inferred [] says nothing about the declared ports.
		noData := !l.HasData && (strings.EqualFold(l.Type, "Parameter") || strings.EqualFold(l.Type, "Const"))
		if !declaredCompatible(p, o.Shape) && !noData {
			b.report(ir.SeverityWarning, codeDeclaredShape, p.Offset, l,
				"output port %s of %s declares shape %s, but inference gives %s",
				p.IDText, desc(l), p.Shape, o.Shape)
		} else if b.m.Weights == nil && !o.Shape.IsStatic() && len(p.Shape.Dims) > 0 {
			// Without the .bin, Const values are unknown and inference may be less precise
			// than the converter was: keep what the port declares where it is compatible.
			res[i].Shape = refine(o.Shape, p.Shape)
		}
		if p.HasPrecision && p.Precision.IsStatic() && o.Type.IsStatic() && p.Precision != o.Type {
			b.report(ir.SeverityWarning, codePortPrecision, p.Offset, l,
				"output port %s of %s declares precision %s, but inference gives %s",
				p.IDText, desc(l), p.PrecisionText, o.Type.PrecisionName())
		}
	}
	n.Outputs = res
}

// refine intersects an inferred shape with a compatible declared one.
func refine(inferred, declared ir.Shape) ir.Shape {
	if declared.DynamicRank {
		return inferred
	}
	if inferred.DynamicRank {
		return ir.Shape{Dims: append([]ir.Dim(nil), declared.Dims...)}
	}
	out := ir.Shape{Dims: make([]ir.Dim, len(inferred.Dims))}
	for i, d := range inferred.Dims {
		e := declared.Dims[i]
		out.Dims[i] = ir.Dim{Lo: max(d.Lo, e.Lo), Hi: min(d.Hi, e.Hi)}
	}
	return out
}

// portDims warns about edges whose producer and consumer ports declare incompatible dims.
func (b *builder) portDims() {
	for _, n := range b.g.Nodes {
		for _, in := range n.Inputs {
			if in.Node == nil || in.Port == nil || in.Output >= len(in.Node.Layer.Outputs) {
				continue
			}
			from := in.Node.Layer.Outputs[in.Output]
			if !declaredCompatible(from, in.Port.Shape) && !declaredCompatible(in.Port, from.Shape) {
				b.report(ir.SeverityWarning, codePortDims, in.Port.Offset, n.Layer,
					"input port %s of %s declares dims %s, but its producer %q output port %s declares %s",
					in.Port.IDText, desc(n.Layer), in.Port.Shape, in.Node.Layer.Name, from.IDText, from.Shape)
			}
		}
	}
}

// declaredCompatible reports whether a port's declared dims are compatible with s. A port
// without <dim> children declares a scalar or, as OpenVINO's serializer writes it, a
// dynamic rank: it is compatible with any shape.
func declaredCompatible(p *ir.Port, s ir.Shape) bool {
	if len(p.Shape.Dims) == 0 {
		return true
	}
	return p.Shape.Compatible(s)
}

// indexHeap is a binary min-heap of node indices.
type indexHeap []int

func (h *indexHeap) push(v int) {
	*h = append(*h, v)
	s := *h
	i := len(s) - 1
	for i > 0 {
		p := (i - 1) / 2
		if s[p] <= s[i] {
			break
		}
		s[p], s[i] = s[i], s[p]
		i = p
	}
}

func (h *indexHeap) pop() int {
	s := *h
	v := s[0]
	last := len(s) - 1
	s[0] = s[last]
	s = s[:last]
	i := 0
	for {
		l, r, m := 2*i+1, 2*i+2, i
		if l < len(s) && s[l] < s[m] {
			m = l
		}
		if r < len(s) && s[r] < s[m] {
			m = r
		}
		if m == i {
			break
		}
		s[i], s[m] = s[m], s[i]
		i = m
	}
	*h = s
	return v
}
