package graph

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
	"github.com/irrun/irrun/layers"
)

// plan is the execution of a Program for one input-shape signature: the static shape of
// every value, the nodes to run, and the intermediate buffers, shared between values whose
// lifetimes do not overlap.
type plan struct {
	shapes [][]int // the signature: shape and type of each input
	types  []ir.ElementType

	valShape [][]int
	valType  []ir.ElementType
	valConst []*ir.Tensor // per value id: known value (compile-time or folded for this plan)
	valBuf   []int        // per value id: buffer index, -1 when not in a buffer
	valOff   []int        // per value id: element offset in its buffer (views, alias.go); nil: all 0
	paramOf  []int        // per value id: input index when the value is a Parameter, else -1
	steps    []step
	bufs     []bufSpec
	arena    int64 // bytes of the buffers of one state
	// direct lists the outputs a step can write straight into the caller's tensor: the
	// Results fed by a value a step produces and no other Result.
	direct    []directOut
	resDirect []int // per Result: its index in direct, or -1

	mu   sync.Mutex
	free []*state

	dyn *dynPlan // the nodes whose shapes are known only at run time (dynamic.go)
}

// directOut is a model output that a step writes directly into the caller's tensor when
// the run binds one: the slots of the state that hold the value are swapped for the
// caller's tensor during the run.
type directOut struct {
	res int      // Result index
	val int      // value id
	out [2]int   // (step, slot) of the output slot of its producer
	ins [][2]int // (step, slot) of every input slot reading it
}

type step struct {
	node   *Node
	in     []int // value ids
	out    []int
	inputs []layers.Input // for Prepare
	// A fused step (fuse.go) runs op instead of node.Op; node is the anchor, fused the
	// nodes absorbed after it, label the profile's type ("Convolution+Add+Relu").
	op    layers.Op
	label string
	fused []*Node
}

type bufSpec struct {
	typ ir.ElementType
	n   int
}

// state is one execution context of a plan: prepared kernels and buffers. It is used by one
// Run at a time.
type state struct {
	plan *plan
	kern []layers.Kernel
	vals []*ir.Tensor   // per value id; Parameter slots are bound per run
	ins  [][]*ir.Tensor // per step
	outs [][]*ir.Tensor // per step
	uses [][2]int       // (step, slot) of every input slot fed by a Parameter
	puse []int          // per entry of uses: the input index
	// bound, per entry of plan.direct: whether this run writes that output into the
	// caller's tensor (set by bindOutputs, read by the output copy).
	bound []bool
	dyn   dynState // the tail's kernels (dynamic.go)
	// srvW is the state's Workers: a stream of the program's Workers
	// (kernels.Workers.Stream), or a private one-thread Workers for a one-thread program.
	srvW *kernels.Workers
	// tt chooses per step between all threads and the caller alone (tt_pick.go); nil
	// for a one-thread program.
	tt *ttPick
}

func (pl *plan) matches(inputs []*ir.Tensor) bool {
	for i, t := range inputs {
		if t.Type != pl.types[i] || !sameShape(t.Shape, pl.shapes[i]) {
			return false
		}
	}
	return true
}

func (pl *plan) matchesSig(shapes [][]int, types []ir.ElementType) bool {
	for i := range shapes {
		if types[i] != pl.types[i] || !sameShape(shapes[i], pl.shapes[i]) {
			return false
		}
	}
	return true
}

// newPlan infers the static shape of every value for the given input shapes, folds what
// becomes known, and assigns buffers.
func (p *Program) newPlan(shapes [][]int, types []ir.ElementType) (*plan, error) {
	pl := &plan{
		shapes:   shapes,
		types:    types,
		valShape: make([][]int, p.nvals),
		valType:  make([]ir.ElementType, p.nvals),
		valConst: slices.Clone(p.consts),
		valBuf:   make([]int, p.nvals),
		paramOf:  make([]int, p.nvals),
	}
	for i := range pl.valBuf {
		pl.valBuf[i], pl.paramOf[i] = -1, -1
	}
	for v, t := range pl.valConst {
		if t != nil {
			pl.valShape[v], pl.valType[v] = t.Shape, t.Type
		}
	}
	for i, n := range p.params {
		v := p.base[n.Index]
		pl.valShape[v], pl.valType[v], pl.paramOf[v] = shapes[i], types[i], i
	}
	known := func(v int) bool { return pl.valConst[v] != nil }
	for _, n := range p.nodes {
		ins := make([]layers.Input, 0, len(n.Inputs))
		var in []int
		allKnown := true
		for _, src := range n.Inputs {
			if src.Node == nil {
				break
			}
			v := p.base[src.Node.Index] + src.Output
			in = append(in, v)
			ins = append(ins, layers.Input{Type: pl.valType[v], Shape: shapeOf(pl.valShape[v]), Value: pl.valConst[v]})
			allKnown = allKnown && known(v)
		}
		if pl.dyn.isLate(in) || layers.IsDynamic(n.Op) {
			pl.toTail(p, n, in)
			continue
		}
		if allKnown && !layers.Stateful(n.Op) {
			ts := make([]*ir.Tensor, len(in))
			for i, v := range in {
				ts[i] = pl.valConst[v]
			}
			outs, err := p.evalConst(n, ts)
			if err != nil {
				return nil, err
			}
			for i, t := range outs {
				v := p.base[n.Index] + i
				pl.valConst[v], pl.valShape[v], pl.valType[v] = t, t.Shape, t.Type
			}
			continue
		}
		outs, err := safeInfer(n.Op, ins)
		if err != nil {
			return nil, layerError(n, fmt.Errorf("%w (input shapes %s)", err, fmtInputShapes(ins)))
		}
		if len(outs) < len(n.Outputs) {
			return nil, layerError(n, fmt.Errorf("inference gave %d outputs, the graph has %d", len(outs), len(n.Outputs)))
		}
		if allOutValues(outs[:len(n.Outputs)]) {
			// Known from the input shapes alone (ShapeOf of a now static input): a value of
			// this plan, not a step.
			for i := range n.Outputs {
				t := outs[i].Value
				v := p.base[n.Index] + i
				pl.valConst[v], pl.valShape[v], pl.valType[v] = t, t.Shape, t.Type
			}
			continue
		}
		if !allStatic(outs[:len(n.Outputs)]) {
			pl.toTail(p, n, in) // a shape given by values computed at run time
			continue
		}
		outIDs := make([]int, len(n.Outputs))
		for i := range n.Outputs {
			o := outs[i]
			dims, cnt, ok := staticInts(o.Shape)
			if !ok {
				return nil, layerError(n, fmt.Errorf("output %d has shape %s for input shapes %s; only static shapes can run", i, o.Shape, fmtInputShapes(ins)))
			}
			if _, err := tensorBytes(o.Type, cnt, p.opts.MaxMemory); err != nil {
				return nil, layerError(n, err)
			}
			v := p.base[n.Index] + i
			pl.valShape[v], pl.valType[v] = dims, o.Type
			outIDs[i] = v
		}
		pl.steps = append(pl.steps, step{node: n, in: in, out: outIDs, inputs: ins})
	}
	pl.fuseEpilogues(p)
	pl.q8Convolutions(p)
	if err := pl.assignBuffers(p); err != nil {
		return nil, err
	}
	pl.findDirect(p)
	// Make one state now: it checks that every kernel prepares for these shapes.
	st, err := pl.newState(p)
	if err != nil {
		return nil, err
	}
	pl.free = append(pl.free, st)
	return pl, nil
}

func fmtInputShapes(ins []layers.Input) string {
	s := "("
	for i, in := range ins {
		if i > 0 {
			s += ", "
		}
		s += in.Shape.String()
	}
	return s + ")"
}

// assignBuffers gives every value produced by a step a buffer, reusing the buffer of a
// value of the same element type whose last use has passed (greedy best fit).
func (pl *plan) assignBuffers(p *Program) error {
	end := len(pl.steps)
	lastUse := make([]int, p.nvals)
	for i := range lastUse {
		lastUse[i] = -1
	}
	for s, st := range pl.steps {
		for _, v := range st.out {
			lastUse[v] = s
		}
		for _, v := range st.in {
			lastUse[v] = max(lastUse[v], s)
		}
	}
	for _, v := range p.resVals {
		lastUse[v] = end
	}
	for v := range lastUse {
		if pl.tailReads(v) {
			lastUse[v] = end
		}
	}
	// A view shares its root's buffer, which lives as long as the group (alias.go).
	root, off := pl.aliasViews()
	pl.valOff = off
	rootOf := func(v int) int {
		if root == nil {
			return v
		}
		return root[v]
	}
	for v, r := range root {
		if r != v && lastUse[v] >= 0 {
			lastUse[r] = max(lastUse[r], lastUse[v])
		}
	}
	free := map[ir.ElementType][]int{}
	for s, st := range pl.steps {
		for _, v := range st.out {
			if b := pl.valBuf[rootOf(v)]; b >= 0 {
				pl.valBuf[v] = b // the group's buffer, taken by an earlier member
				continue
			}
			v0 := v
			v = rootOf(v)
			t := pl.valType[v]
			n, _ := ir.ElementCount(pl.valShape[v])
			list := free[t]
			best := -1 // smallest buffer that fits, else the largest one
			for i, b := range list {
				c := pl.bufs[b].n
				if best < 0 {
					best = i
					continue
				}
				bc := pl.bufs[list[best]].n
				if (c >= n && (bc < n || c < bc)) || (c < n && bc < n && c > bc) {
					best = i
				}
			}
			if best >= 0 {
				b := list[best]
				free[t] = append(list[:best], list[best+1:]...)
				pl.bufs[b].n = max(pl.bufs[b].n, n)
				pl.valBuf[v] = b
			} else {
				pl.valBuf[v] = len(pl.bufs)
				pl.bufs = append(pl.bufs, bufSpec{typ: t, n: n})
			}
			pl.valBuf[v0] = pl.valBuf[v]
		}
		release := func(v int) {
			v = rootOf(v)
			if b := pl.valBuf[v]; b >= 0 && lastUse[v] == s {
				lastUse[v] = -2 // released once
				free[pl.valType[v]] = append(free[pl.valType[v]], b)
			}
		}
		for _, v := range st.in {
			release(v)
		}
		for _, v := range st.out {
			release(v)
		}
	}
	var total int64
	for _, b := range pl.bufs {
		n, err := tensorBytes(b.typ, b.n, p.opts.MaxMemory)
		if err != nil {
			return err
		}
		total += n
		if total > p.opts.MaxMemory {
			return fmt.Errorf("graph: the intermediate buffers need more than the memory limit of %d bytes", p.opts.MaxMemory)
		}
	}
	pl.arena = total
	return nil
}

// findDirect lists the outputs that steps can write into the caller's tensors: a value a
// step produces that feeds exactly one Result. Parameters and constants feeding a Result,
// and a value feeding several Results, are copied. Result values are never released by
// assignBuffers, and binding swaps only the slots of the value itself, so a caller's
// tensor is never handed to another value.
func (pl *plan) findDirect(p *Program) {
	pl.resDirect = make([]int, len(p.resVals))
	for i := range pl.resDirect {
		pl.resDirect[i] = -1
	}
	results := map[int]int{}
	for _, v := range p.resVals {
		results[v]++
	}
	for r, v := range p.resVals {
		if results[v] != 1 || pl.valConst[v] != nil || pl.paramOf[v] >= 0 || pl.valBuf[v] < 0 || pl.tailReads(v) {
			continue
		}
		d := directOut{res: r, val: v, out: [2]int{-1, -1}}
		for s, sp := range pl.steps {
			for i, o := range sp.out {
				if o == v {
					d.out = [2]int{s, i}
				}
			}
			for i, in := range sp.in {
				if in == v {
					d.ins = append(d.ins, [2]int{s, i})
				}
			}
		}
		if d.out[0] < 0 {
			continue
		}
		pl.resDirect[r] = len(pl.direct)
		pl.direct = append(pl.direct, d)
	}
}

// newState allocates the buffers of one execution state and prepares its kernels.
func (pl *plan) newState(p *Program) (*state, error) {
	st := &state{plan: pl, vals: make([]*ir.Tensor, len(pl.valBuf)), bound: make([]bool, len(pl.direct))}
	data := make([]any, len(pl.bufs))
	for i, b := range pl.bufs {
		d, err := ir.MakeData(b.typ, b.n)
		if err != nil {
			return nil, err
		}
		data[i] = d
	}
	for v, b := range pl.valBuf {
		switch {
		case pl.valConst[v] != nil:
			st.vals[v] = pl.valConst[v]
		case b >= 0:
			n, _ := ir.ElementCount(pl.valShape[v])
			d := slice(data[b], n)
			if pl.valOff != nil && pl.valOff[v] != 0 {
				if d = aliasSliceAt(data[b], pl.valOff[v], n); d == nil {
					return nil, fmt.Errorf("graph: value %d: a view of %T", v, data[b])
				}
			}
			st.vals[v] = &ir.Tensor{Type: pl.valType[v], Shape: pl.valShape[v], Data: d}
		}
	}
	// A stream of the program's Workers: a Run alone uses all its threads; Runs in progress
	// at once run their regions on their own goroutines, one core each (throughput
	// streams). One thread: a private single-thread Workers (no goroutines). Either keeps
	// the kernels' job and scratch buffers between runs, so runs allocate nothing and
	// concurrent runs do not contend.
	exec := p.exec
	st.srvW = p.workers.Stream()
	exec.Workers = st.srvW
	if p.workers.Threads() > 1 {
		st.tt = newTTPick(len(pl.steps))
	}
	// The state's kernels run one at a time: they share one GEMM scratch arena.
	exec.Arena = kernels.NewGemmArena()
	st.kern = make([]layers.Kernel, len(pl.steps))
	st.ins = make([][]*ir.Tensor, len(pl.steps))
	st.outs = make([][]*ir.Tensor, len(pl.steps))
	read := pl.skReadVals(p)
	for s, sp := range pl.steps {
		ex := exec
		for i, v := range sp.out {
			if !read[v] {
				if ex.UnusedOutputs == nil {
					ex.UnusedOutputs = make([]bool, len(sp.out))
				}
				ex.UnusedOutputs[i] = true
			}
		}
		k, err := safePrepare(sp.opOf(), sp.inputs, ex)
		if err != nil {
			return nil, layerError(sp.node, err)
		}
		st.kern[s] = k
		st.ins[s] = make([]*ir.Tensor, len(sp.in))
		for i, v := range sp.in {
			st.ins[s][i] = st.vals[v]
			if k := pl.paramOf[v]; k >= 0 {
				st.uses = append(st.uses, [2]int{s, i})
				st.puse = append(st.puse, k)
			}
		}
		st.outs[s] = make([]*ir.Tensor, len(sp.out))
		for i, v := range sp.out {
			st.outs[s][i] = st.vals[v]
		}
	}
	return st, nil
}

// get takes an idle state or makes one.
func (pl *plan) get(p *Program) (*state, error) {
	pl.mu.Lock()
	if n := len(pl.free); n > 0 {
		st := pl.free[n-1]
		pl.free[n-1] = nil
		pl.free = pl.free[:n-1]
		pl.mu.Unlock()
		return st, nil
	}
	pl.mu.Unlock()
	return pl.newState(p)
}

// put returns a state to the idle list, keeping at most a few per core.
func (pl *plan) put(st *state) {
	pl.mu.Lock()
	if len(pl.free) < max(4, 2*runtime.GOMAXPROCS(0)) {
		pl.free = append(pl.free, st)
	}
	pl.mu.Unlock()
}

func (pl *plan) checkOutputs(p *Program, outputs []*ir.Tensor) error {
	for i, t := range outputs {
		v := p.resVals[i]
		name := p.outputs[i].Name
		if t == nil {
			return fmt.Errorf("graph: output %d (%q) is nil", i, name)
		}
		if pl.lateValue(v) {
			continue // checked after the run (tailOutputs)
		}
		if t.Type != pl.valType[v] || !sameShape(t.Shape, pl.valShape[v]) {
			return fmt.Errorf("graph: output %d (%q) is %s%v, this run produces %s%v", i, name, t.Type, t.Shape, pl.valType[v], pl.valShape[v])
		}
		if err := checkTensor(t); err != nil {
			return fmt.Errorf("graph: output %d (%q): %v", i, name, err)
		}
	}
	return nil
}

var errKernelPanic = errors.New("internal error (a bug in irrun)")

// bindOutputs swaps the caller's output tensors into the slots of the outputs the steps
// can write directly, and records which in st.bound. An output whose data overlaps an
// input or another output is not bound (it is copied after the run, as before).
func (st *state) bindOutputs(inputs, outputs []*ir.Tensor) {
	for i, d := range st.plan.direct {
		t := outputs[d.res]
		ok := !overlapsAny(t, inputs, -1) && !overlapsAny(t, outputs, d.res)
		st.bound[i] = ok
		if !ok {
			continue
		}
		st.outs[d.out[0]][d.out[1]] = t
		for _, u := range d.ins {
			st.ins[u[0]][u[1]] = t
		}
	}
}

// unbindOutputs restores the state's own tensors in the slots bindOutputs swapped.
func (st *state) unbindOutputs() {
	for i, d := range st.plan.direct {
		if !st.bound[i] {
			continue
		}
		own := st.vals[d.val]
		st.outs[d.out[0]][d.out[1]] = own
		for _, u := range d.ins {
			st.ins[u[0]][u[1]] = own
		}
	}
}

// run executes the steps, writing the outputs it can directly into outputs (see
// bindOutputs; st.bound tells which). A kernel panic is returned as an error wrapping
// errKernelPanic; the state must then be dropped.
func (st *state) run(ctx context.Context, inputs, outputs []*ir.Tensor, timings *[]LayerTiming, profile bool) (err error) {
	pl := st.plan
	for i, u := range st.uses {
		st.ins[u[0]][u[1]] = inputs[st.puse[i]]
	}
	clear(st.bound)
	if outputs != nil {
		st.bindOutputs(inputs, outputs)
	}
	s := 0
	tt := st.tt
	defer func() {
		if r := recover(); r != nil {
			err = layerError(pl.steps[s].node, fmt.Errorf("%w: %v", errKernelPanic, r))
		}
		for _, u := range st.uses {
			st.ins[u[0]][u[1]] = nil // do not keep the caller's tensors alive
		}
		st.unbindOutputs()
		if tt != nil {
			st.srvW.Solo(false)
		}
	}()
	rec := tt != nil && tt.begin()
	var tNext, tRun time.Time
	if rec || profile {
		tNext = time.Now()
		tRun = tNext
	}
	for s = range pl.steps {
		if err := ctx.Err(); err != nil {
			return err
		}
		t0 := tNext
		m := 0
		if tt != nil {
			m = tt.mode(s)
			st.srvW.Solo(m == 1)
		}
		if err := st.kern[s].Run(ctx, st.ins[s], st.outs[s]); err != nil {
			if ctxErr := ctx.Err(); ctxErr != nil && errors.Is(err, ctxErr) {
				return err
			}
			return layerError(pl.steps[s].node, err)
		}
		if rec || profile {
			tNext = time.Now()
		}
		if rec {
			tt.record(s, m, tNext.Sub(t0))
		}
		if profile {
			sp := &pl.steps[s]
			*timings = append(*timings, LayerTiming{Name: sp.node.Layer.Name, Type: sp.typeLabel(), Duration: tNext.Sub(t0)})
		}
	}
	if rec {
		tt.end(tNext.Sub(tRun))
	}
	if pl.dyn != nil {
		return st.runTail(ctx, inputs, timings, profile)
	}
	return nil
}

// skReadVals marks the values something reads after they are produced: a step's input, a
// Result, a dynamic tail's input, or a member of a view group (alias.go). The others are
// unused outputs (ExecOptions.UnusedOutputs).
func (pl *plan) skReadVals(p *Program) []bool {
	read := make([]bool, len(pl.valBuf))
	for _, st := range pl.steps {
		for _, v := range st.in {
			read[v] = true
		}
	}
	for _, v := range p.resVals {
		read[v] = true
	}
	root, _ := pl.aliasViews()
	for v := range read {
		if pl.tailReads(v) {
			read[v] = true
		}
		if root != nil && root[v] != v {
			read[v], read[root[v]] = true, true
		}
	}
	return read
}
