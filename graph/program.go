package graph

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
	"github.com/irrun/irrun/layers"
)

// DefaultMaxMemory is the memory limit Compile uses when Options.MaxMemory is 0 (4 GiB).
const DefaultMaxMemory int64 = 4 << 30

// maxPlans bounds the number of input-shape signatures a Program keeps plans for.
const maxPlans = 16

// Options configure Compile.
type Options struct {
	// Threads is the number of threads the kernels' parallel loops use (the calling
	// goroutine included); 0 means runtime.GOMAXPROCS(0), 1 runs on the calling goroutine.
	Threads int
	// Reference selects the plain scalar reference kernels instead of the fast ones.
	Reference bool
	// MaxMemory bounds, in bytes, every tensor the program allocates and the intermediate
	// buffers of one execution state; 0 means DefaultMaxMemory.
	MaxMemory int64
	// ParkHelpers makes the kernels' helper threads park when the last Run in progress
	// ends, instead of polling for the next parallel region for up to 200 µs. For a server,
	// whose next Run comes after a network round trip that needs the CPU the polling helper
	// would hold; the next Run's first parallel region wakes them (kernels.Workers.Rest).
	ParkHelpers bool
	// IdleSpin, with ParkHelpers, keeps the helpers polling for the next Run for up to
	// this long after the last Run in progress ends, and parks them only then
	// (kernels.Workers.RestAfter): a Run that starts within IdleSpin finds its helpers
	// awake, as back-to-back Runs do, instead of waking parked threads on CPUs that went
	// idle. They poll only when the idle gap before the ending busy period was itself
	// within IdleSpin (a caller whose Runs follow each other closely) and no two Runs
	// overlapped in it, so Runs that come seldom or overlap cost no polling; Runs that
	// keep coming cost nothing more; an idle program holds one CPU per helper for at most
	// IdleSpin after its last Run. 0 parks at once.
	IdleSpin time.Duration
	// NoInt8 keeps the convolutions of FakeQuantize (int8) models in float32, as the
	// model's emulation computes them, instead of on integer codes (graph/q8.go).
	NoInt8 bool
	// FileTypes keeps an IR v10 model's input and output element types and tensor names
	// as the file declares them (OpenVINO's FrontEnd view). By default an IR v10 program
	// has OpenVINO Core's legacy ones: f32 for f16 inputs, i32 for integer outputs, f32
	// for every other output, and the layer names as tensor names (graph/v10.go).
	FileTypes bool
	// fuseSkip (tests only) names a node type the epilogue-fusion pass must not fuse
	// into a preceding step, or "*" for none at all (graph/fuse.go).
	fuseSkip string
}

// TensorInfo describes one model input or output.
type TensorInfo struct {
	// Name is the Parameter layer's name for an input; for an output, the first of its
	// TensorNames, or the Result layer's name when it has none.
	Name string
	// TensorNames are the tensor names of the Parameter's output port; for an output, the
	// Result's output_names when it has that attribute (IR v11), otherwise the names of
	// the port feeding the Result.
	TensorNames []string
	// Result is the Result layer's name (outputs only).
	Result string
	Type   ir.ElementType
	// Shape is the partial shape the model declares or infers.
	Shape ir.Shape
}

// LayerTiming is the wall time of one node in one Profile run.
type LayerTiming struct {
	Name, Type string
	Duration   time.Duration
}

// Program is a compiled graph. Its methods are safe for concurrent use.
type Program struct {
	g       *Graph
	opts    Options
	exec    layers.ExecOptions
	workers *kernels.Workers

	nodes   []*Node      // nodes executed at run time, in topological order
	base    []int        // per node index: value id of its output 0
	nvals   int          // number of value ids
	consts  []*ir.Tensor // per value id: value known at compile time
	params  []*Node
	inputs  []TensorInfo
	outputs []TensorInfo
	resVals []int  // per Result: the value id feeding it
	v10     *v10IO // IR v10's runtime input/output types and names; nil for none (v10.go)

	mu      sync.Mutex // serialises plan creation
	plans   atomic.Pointer[[]*plan]
	closed  atomic.Bool
	running atomic.Int32 // Runs in progress (counted with Options.ParkHelpers only)
	// With Options.IdleSpin: when the last Run in progress ended (time since svEpoch),
	// whether the helpers may poll after the current busy period (the idle gap before it
	// was within IdleSpin), and whether Runs overlapped in it.
	svIdleEnd  atomic.Int64
	svSpinNext atomic.Bool
	svOverlap  atomic.Bool // Runs overlapped in the current busy period
	svEpoch    time.Time
}

// Compile prepares g for execution. It returns an *ir.FormatError when g has error
// diagnostics and an *ir.UnsupportedError when a node the Results depend on cannot be
// executed by irrun. When every input shape is static, the execution plan is made here
// and its errors (an op rejecting the shapes, the memory limit) are returned.
func Compile(g *Graph, opts Options) (*Program, error) { return compile(g, opts, 0) }

// compile is Compile for a graph nested depth bodies deep (loop.go).
func compile(g *Graph, opts Options, depth int) (*Program, error) {
	if err := g.Err(); err != nil {
		return nil, err
	}
	if opts.Threads < 0 {
		return nil, fmt.Errorf("graph: Options.Threads is %d, want >= 0", opts.Threads)
	}
	if opts.MaxMemory < 0 {
		return nil, fmt.Errorf("graph: Options.MaxMemory is %d, want >= 0", opts.MaxMemory)
	}
	if opts.MaxMemory == 0 {
		opts.MaxMemory = DefaultMaxMemory
	}
	if opts.Threads == 0 {
		opts.Threads = runtime.GOMAXPROCS(0)
	}
	if len(g.Results) == 0 {
		return nil, &ir.FormatError{File: sourceName(g), Msg: "the model has no Result layer"}
	}
	if err := unsupported(g); err != nil {
		return nil, err
	}
	if err := feNoWeights(g); err != nil {
		return nil, err
	}
	p := &Program{g: g, opts: opts, params: g.Parameters, svEpoch: time.Now()}
	p.base = make([]int, len(g.Nodes))
	for i, n := range g.Nodes {
		p.base[i] = p.nvals
		p.nvals += max(len(n.Outputs), 1)
	}
	p.consts = make([]*ir.Tensor, p.nvals)
	p.exec.Reference = opts.Reference
	p.exec.Bodies = &bodyCompiler{p: p, depth: depth}
	if err := p.fold(); err != nil {
		return nil, err
	}
	for _, n := range g.Parameters {
		p.inputs = append(p.inputs, TensorInfo{Name: n.Layer.Name, TensorNames: portNames(n, 0),
			Type: n.Outputs[0].Type, Shape: n.Outputs[0].Shape})
	}
	for _, r := range g.Results {
		src := r.Inputs[0]
		o := src.Node.Outputs[src.Output]
		names := portNames(src.Node, src.Output)
		if r.Layer.OutputNames != nil {
			// IR v11: the Result's output_names are the model output's names.
			names = slices.Clone(r.Layer.OutputNames)
		}
		name := r.Layer.Name
		if len(names) > 0 {
			name = names[0]
		}
		p.outputs = append(p.outputs, TensorInfo{Name: name, TensorNames: names, Result: r.Layer.Name,
			Type: o.Type, Shape: o.Shape})
		p.resVals = append(p.resVals, p.base[src.Node.Index]+src.Output)
	}
	p.mfDropInterior()
	p.v10Setup(opts, depth)
	if opts.Threads > 1 {
		p.workers = kernels.NewWorkers(opts.Threads)
		p.exec.Workers = p.workers
		// Stop the worker goroutines of a Program dropped without Close.
		runtime.AddCleanup(p, func(w *kernels.Workers) { w.Close() }, p.workers)
	}
	// Plan now when every input is static, so shape and memory errors surface at Compile.
	shapes := make([][]int, len(p.params))
	types := make([]ir.ElementType, len(p.params))
	static := true
	for i, in := range p.inputs {
		if !in.Shape.IsStatic() {
			static = false
			continue
		}
		dims, _, ok := staticInts(in.Shape)
		if !ok {
			p.Close()
			return nil, &ir.UnsupportedError{What: fmt.Sprintf("Parameter %q has shape %s, more than %d elements", in.Name, in.Shape, int64(ir.MaxElements))}
		}
		shapes[i], types[i] = dims, in.Type
	}
	if static {
		if _, err := p.planFor(shapes, types); err != nil {
			p.Close()
			return nil, err
		}
	}
	return p, nil
}

func sourceName(g *Graph) string {
	if g.Model != nil && g.Model.Source != nil {
		return g.Model.Source.Name
	}
	return ""
}

func portNames(n *Node, out int) []string {
	if out < len(n.Outputs) && n.Outputs[out].Port != nil {
		return slices.Clone(n.Outputs[out].Port.Names)
	}
	return nil
}

// feNoWeights refuses a model read without a .bin whose Results need a Const's data, as
// OpenVINO refuses to read it: an *ir.FormatError (const-no-weights) at the first such
// Const's <data>, naming the layer and the bytes it needs.
func feNoWeights(g *Graph) error {
	if g.Model == nil || g.Model.Weights != nil {
		return nil
	}
	for _, n := range g.Order {
		l := n.Layer
		if !n.Reachable || !strings.EqualFold(l.Type, "Const") {
			continue
		}
		size, _ := l.Data.Get("size")
		if v, err := strconv.ParseUint(size.Value, 10, 64); err != nil || v == 0 {
			continue // no data to read (an empty Const, or an attribute error reported elsewhere)
		}
		e := &ir.FormatError{Code: ir.CodeConstNoWeights, Offset: l.DataOff,
			Msg: fmt.Sprintf("Const layer %q (id %s) needs %s bytes of weights, but no .bin was given or found beside the XML", l.Name, l.IDText, size.Value)}
		if src := g.Model.Source; src != nil {
			e.File = src.Name
			e.Line, e.Col = src.LineCol(l.DataOff)
		}
		return e
	}
	return nil
}

// unsupported returns an *ir.UnsupportedError naming the op types and layers that the
// Results depend on but irrun cannot execute.
func unsupported(g *Graph) error {
	var types []string
	byType := map[string][]string{}
	for _, n := range g.Order {
		if !n.Reachable || n.Supported() {
			continue
		}
		key := n.Layer.Type + "-" + n.Layer.Version
		if n.Unsupported != nil && n.Op != nil {
			key = n.Unsupported.Error()
		}
		if _, ok := byType[key]; !ok {
			types = append(types, key)
		}
		byType[key] = append(byType[key], fmt.Sprintf("%q", n.Layer.Name))
	}
	if len(types) == 0 {
		return nil
	}
	var parts []string
	for _, t := range types {
		names := byType[t]
		if len(names) > 3 {
			names = append(names[:3:3], fmt.Sprintf("and %d more", len(names)-3))
		}
		parts = append(parts, fmt.Sprintf("%s (layers %s)", t, strings.Join(names, ", ")))
	}
	return &ir.UnsupportedError{What: "the model uses ops irrun does not implement: " + strings.Join(parts, "; ")}
}

// fold computes at compile time every output that does not depend on a Parameter: the
// values inference already knows (Consts) and the nodes whose inputs are all known. The
// other reachable nodes, except Parameters and Results, are executed at run time.
func (p *Program) fold() error {
	for _, n := range p.g.Order {
		if !n.Reachable || isParam(n) || isResult(n) {
			continue
		}
		if known := allValues(n.Outputs); known {
			for i, o := range n.Outputs {
				p.consts[p.base[n.Index]+i] = o.Value
			}
			continue
		}
		ins := make([]*ir.Tensor, 0, len(n.Inputs))
		for _, in := range n.Inputs {
			if in.Node == nil {
				break
			}
			ins = append(ins, p.consts[p.base[in.Node.Index]+in.Output])
		}
		if slices.Contains(ins, nil) || layers.Stateful(n.Op) || layers.IsDynamic(n.Op) {
			p.nodes = append(p.nodes, n)
			continue
		}
		outs, err := p.evalConst(n, ins)
		if err != nil {
			return err
		}
		for i, t := range outs {
			p.consts[p.base[n.Index]+i] = t
		}
	}
	return nil
}

// mfDropInterior forgets the folded values that no plan reads: those computed by fold
// (not Consts, which the model holds anyway) and read only by other folded nodes, such as
// the float32 Convert of int8 or f16 weights that a folded Multiply scales. A plan reads
// the inputs of the nodes that run, the values feeding Results and the parts of
// quantised filters (q8FilterParts); the rest was only needed to fold.
func (p *Program) mfDropInterior() {
	keep := make([]bool, p.nvals)
	for _, n := range p.nodes {
		for _, in := range n.Inputs {
			if in.Node != nil {
				keep[p.base[in.Node.Index]+in.Output] = true
			}
		}
		if filt, parts, ok := q8FilterParts(p, n); ok {
			keep[filt] = true
			for _, cs := range parts {
				keep[cs[0]], keep[cs[1]] = true, true
			}
		}
	}
	for _, v := range p.resVals {
		keep[v] = true
	}
	for _, n := range p.g.Order {
		if strings.EqualFold(n.Layer.Type, "Const") {
			continue
		}
		for i := range max(len(n.Outputs), 1) {
			if v := p.base[n.Index] + i; !keep[v] && p.consts[v] != nil && (i >= len(n.Outputs) || n.Outputs[i].Value != p.consts[v]) {
				p.consts[v] = nil
			}
		}
	}
}

func isParam(n *Node) bool  { return strings.EqualFold(n.Layer.Type, "Parameter") }
func isResult(n *Node) bool { return strings.EqualFold(n.Layer.Type, "Result") }

func allValues(outs []Output) bool {
	if len(outs) == 0 {
		return false
	}
	for _, o := range outs {
		if o.Value == nil {
			return false
		}
	}
	return true
}

// layerError wraps err with the layer it happened in.
func layerError(n *Node, err error) error {
	return &NodeError{Layer: n.Layer.Name, Type: n.Layer.Type, ID: n.Layer.IDText, Err: err}
}

// NodeError is an error raised while planning or executing one node.
type NodeError struct {
	Layer, Type, ID string
	Err             error
}

func (e *NodeError) Error() string {
	return fmt.Sprintf("%s layer %q (id %s): %v", e.Type, e.Layer, e.ID, e.Err)
}

func (e *NodeError) Unwrap() error { return e.Err }

// evalConst runs one node on known inputs (at compile or plan time) and returns its
// outputs. Values that inference already knows are returned without running the kernel.
func (p *Program) evalConst(n *Node, ins []*ir.Tensor) ([]*ir.Tensor, error) {
	li := make([]layers.Input, len(ins))
	for i, t := range ins {
		li[i] = layers.Input{Type: t.Type, Shape: shapeOf(t.Shape), Value: t}
	}
	outs, err := safeInfer(n.Op, li)
	if err != nil {
		return nil, layerError(n, err)
	}
	res := make([]*ir.Tensor, len(outs))
	if allOutValues(outs) {
		for i, o := range outs {
			res[i] = o.Value
		}
		return res, nil
	}
	for i, o := range outs {
		dims, cnt, ok := staticInts(o.Shape)
		if !ok {
			return nil, layerError(n, fmt.Errorf("output %d has shape %s, which its constant inputs do not resolve", i, o.Shape))
		}
		if _, err := tensorBytes(o.Type, cnt, p.opts.MaxMemory); err != nil {
			return nil, layerError(n, err)
		}
		t, err := ir.NewTensor(o.Type, dims)
		if err != nil {
			return nil, layerError(n, err)
		}
		res[i] = t
	}
	k, err := safePrepare(n.Op, li, p.exec)
	if err != nil {
		return nil, layerError(n, err)
	}
	if err := safeRun(context.Background(), k, ins, res); err != nil {
		return nil, layerError(n, err)
	}
	return res, nil
}

func allOutValues(outs []layers.Output) bool {
	if len(outs) == 0 {
		return false
	}
	for _, o := range outs {
		if o.Value == nil {
			return false
		}
	}
	return true
}

func safePrepare(op layers.Op, in []layers.Input, opts layers.ExecOptions) (k layers.Kernel, err error) {
	defer func() {
		if r := recover(); r != nil {
			k, err = nil, fmt.Errorf("internal error preparing the kernel: %v", r)
		}
	}()
	k, err = layers.Prepare(op, in, opts)
	if err == nil && k == nil {
		err = errors.New("the op returned no kernel")
	}
	return k, err
}

func safeRun(ctx context.Context, k layers.Kernel, in, out []*ir.Tensor) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error in the kernel: %v", r)
		}
	}()
	return k.Run(ctx, in, out)
}

// Inputs describes the model inputs (the Parameters, in XML order); Run takes its inputs
// in this order.
func (p *Program) Inputs() []TensorInfo { return cloneInfos(p.pubInputs()) }

// Outputs describes the model outputs (the Results, in XML order); Run returns its
// outputs in this order.
func (p *Program) Outputs() []TensorInfo { return cloneInfos(p.pubOutputs()) }

// pubInputs and pubOutputs are the inputs and outputs as the Program's users see them:
// an IR v10 model's legacy view (v10.go), otherwise the model's own.
func (p *Program) pubInputs() []TensorInfo {
	if p.v10 != nil {
		return p.v10.in
	}
	return p.inputs
}

func (p *Program) pubOutputs() []TensorInfo {
	if p.v10 != nil {
		return p.v10.out
	}
	return p.outputs
}

func cloneInfos(in []TensorInfo) []TensorInfo {
	out := slices.Clone(in)
	for i := range out {
		out[i].TensorNames = slices.Clone(out[i].TensorNames)
	}
	return out
}

// Close releases the program's worker goroutines. Runs after Close return an error.
func (p *Program) Close() {
	if p.closed.Swap(true) {
		return
	}
	p.workers.Close()
}

var errClosed = errors.New("graph: Run on a closed Program")

// Run executes the program on inputs (in Inputs order) and returns new output tensors (in
// Outputs order). Each input must have its Parameter's element type and a static shape
// compatible with its Parameter's shape.
func (p *Program) Run(ctx context.Context, inputs []*ir.Tensor) ([]*ir.Tensor, error) {
	outs, _, err := p.run(ctx, inputs, nil, false)
	return outs, err
}

// RunInto is Run writing into outputs, which must have the types and shapes this run
// produces. It allocates nothing in steady state. The nodes producing the outputs write
// into outputs directly, so when RunInto returns an error other than a validation error,
// outputs may hold partial results.
func (p *Program) RunInto(ctx context.Context, inputs, outputs []*ir.Tensor) error {
	if len(outputs) != len(p.outputs) {
		return fmt.Errorf("graph: got %d output tensors, the model has %d outputs", len(outputs), len(p.outputs))
	}
	_, _, err := p.run(ctx, inputs, outputs, false)
	return err
}

// Profile is Run that also measures the wall time of every executed node, in execution
// order. Nodes folded at compile time do not appear.
func (p *Program) Profile(ctx context.Context, inputs []*ir.Tensor) ([]*ir.Tensor, []LayerTiming, error) {
	return p.run(ctx, inputs, nil, true)
}

func (p *Program) run(ctx context.Context, inputs, outputs []*ir.Tensor, profile bool) ([]*ir.Tensor, []LayerTiming, error) {
	if p.v10 != nil && !p.closed.Load() {
		return p.v10Run(ctx, inputs, outputs, profile)
	}
	return p.runCore(ctx, inputs, outputs, profile)
}

// runCore is run on the model's own input and output types.
func (p *Program) runCore(ctx context.Context, inputs, outputs []*ir.Tensor, profile bool) ([]*ir.Tensor, []LayerTiming, error) {
	if p.closed.Load() {
		return nil, nil, errClosed
	}
	if ctx == nil {
		ctx = context.Background()
	}
	if p.opts.ParkHelpers && p.workers != nil {
		p.svBegin()
		defer p.parkHelpers()
	}
	pl, err := p.planForInputs(inputs)
	if err != nil {
		return nil, nil, err
	}
	into := outputs != nil
	if outputs != nil {
		if err := pl.checkOutputs(p, outputs); err != nil {
			return nil, nil, err
		}
	}
	st, err := pl.get(p)
	if err != nil {
		return nil, nil, err
	}
	var timings []LayerTiming
	if profile {
		timings = make([]LayerTiming, 0, len(pl.steps))
	}
	if outputs == nil {
		// Run and Profile: the steps write into the new output tensors directly too.
		outputs = make([]*ir.Tensor, len(p.outputs))
		for i := range outputs {
			if pl.lateValue(p.resVals[i]) {
				continue // sized by the run (tailOutputs)
			}
			t, err := ir.NewTensor(pl.valType[p.resVals[i]], pl.valShape[p.resVals[i]])
			if err != nil {
				pl.put(st)
				return nil, nil, err
			}
			outputs[i] = t
		}
	}
	st.srvW.Begin()
	err = st.run(ctx, inputs, outputs, &timings, profile)
	st.srvW.End()
	if err != nil {
		if !errors.Is(err, errKernelPanic) {
			pl.put(st)
		}
		return nil, nil, err
	}
	if err := pl.tailOutputs(p, st, outputs, into); err != nil {
		pl.put(st)
		return nil, nil, err
	}
	for i, v := range p.resVals {
		if j := pl.resDirect[i]; (j >= 0 && st.bound[j]) || pl.lateValue(v) {
			continue // its step wrote it, or tailOutputs set it
		}
		src := st.vals[v]
		if k := pl.paramOf[v]; k >= 0 {
			src = inputs[k]
		}
		copyData(outputs[i].Data, src.Data)
	}
	pl.put(st)
	return outputs, timings, nil
}

// svBegin starts a Run under Options.ParkHelpers: it counts the Run in and, with
// IdleSpin, notes the idle gap before a busy period's first Run (svIdleGap) or that Runs
// overlap.
func (p *Program) svBegin() {
	n := p.running.Add(1)
	switch {
	case p.opts.IdleSpin <= 0:
	case n == 1:
		p.svIdleGap()
	case !p.svOverlap.Load():
		p.svOverlap.Store(true)
	}
}

// parkHelpers ends a Run under Options.ParkHelpers: the last one in progress parks the
// helpers, after svSpin. (A Run starting meanwhile only finds them parked at its next
// region.)
func (p *Program) parkHelpers() {
	if p.running.Add(-1) == 0 {
		p.workers.RestAfter(p.svSpin())
	}
}

// svSpin is how long the helpers poll after a busy period that just ended: IdleSpin when
// the idle gap before it was within IdleSpin, that is when their polling would have found
// its first Run, and no two Runs overlapped in it; 0 otherwise. So a client that sends its
// next request soon after each answer finds them awake, while requests that come seldom
// (or the first after a pause) cost no polling at all, and neither do overlapping Runs (a
// loaded server's throughput streams, which run on their callers' goroutines and leave
// the helpers parked: kernels.Workers.Begin).
func (p *Program) svSpin() time.Duration {
	if p.opts.IdleSpin <= 0 {
		return 0
	}
	p.svIdleEnd.Store(int64(time.Since(p.svEpoch)))
	if overlap := p.svOverlap.Swap(false); p.svSpinNext.Load() && !overlap {
		return p.opts.IdleSpin
	}
	return 0
}

// svIdleGap notes, at the first Run of a busy period, whether the idle gap since the
// last busy period was within IdleSpin.
func (p *Program) svIdleGap() {
	end := p.svIdleEnd.Load()
	gap := time.Duration(int64(time.Since(p.svEpoch)) - end)
	p.svSpinNext.Store(end != 0 && gap <= p.opts.IdleSpin)
}

// planForInputs validates inputs and returns the plan for their shapes.
func (p *Program) planForInputs(inputs []*ir.Tensor) (*plan, error) {
	if len(inputs) != len(p.params) {
		return nil, fmt.Errorf("graph: got %d inputs, the model has %d (%s)", len(inputs), len(p.params), p.inputNames())
	}
	for i, t := range inputs {
		info := &p.inputs[i]
		if t == nil {
			return nil, fmt.Errorf("graph: input %d (%q) is nil", i, info.Name)
		}
		if info.Type.IsStatic() && t.Type != info.Type {
			return nil, fmt.Errorf("graph: input %d (%q) has element type %s, the model expects %s", i, info.Name, t.Type, info.Type)
		}
		if err := checkShape(info.Shape, t.Shape); err != nil {
			return nil, fmt.Errorf("graph: input %d (%q) has shape %v, the model expects %s: %v", i, info.Name, t.Shape, info.Shape, err)
		}
		if err := checkTensor(t); err != nil {
			return nil, fmt.Errorf("graph: input %d (%q): %v", i, info.Name, err)
		}
	}
	if ps := p.plans.Load(); ps != nil {
		for _, pl := range *ps {
			if pl.matches(inputs) {
				return pl, nil
			}
		}
	}
	shapes := make([][]int, len(inputs))
	types := make([]ir.ElementType, len(inputs))
	for i, t := range inputs {
		shapes[i], types[i] = slices.Clone(t.Shape), t.Type
	}
	return p.planFor(shapes, types)
}

func (p *Program) inputNames() string {
	names := make([]string, len(p.inputs))
	for i, in := range p.inputs {
		names[i] = fmt.Sprintf("%q", in.Name)
	}
	return strings.Join(names, ", ")
}

// checkShape reports whether a static shape is compatible with a partial one.
func checkShape(want ir.Shape, got []int) error {
	for _, d := range got {
		if d < 0 {
			return errors.New("negative dimension")
		}
	}
	if want.DynamicRank {
		return nil
	}
	if len(got) != len(want.Dims) {
		return fmt.Errorf("rank %d, want rank %d", len(got), len(want.Dims))
	}
	for i, d := range want.Dims {
		if int64(got[i]) < d.Lo || int64(got[i]) > d.Hi {
			return fmt.Errorf("dimension %d is %d, want %s", i, got[i], d)
		}
	}
	return nil
}

// planFor returns the cached plan for the signature or makes one.
func (p *Program) planFor(shapes [][]int, types []ir.ElementType) (*plan, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	var cur []*plan
	if ps := p.plans.Load(); ps != nil {
		cur = *ps
	}
	for _, pl := range cur {
		if pl.matchesSig(shapes, types) {
			return pl, nil
		}
	}
	pl, err := p.newPlan(shapes, types)
	if err != nil {
		return nil, err
	}
	next := make([]*plan, 0, maxPlans)
	if len(cur) >= maxPlans {
		cur = cur[len(cur)-maxPlans+1:] // evict the oldest
	}
	next = append(next, cur...)
	next = append(next, pl)
	p.plans.Store(&next)
	return pl, nil
}
