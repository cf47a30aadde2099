package graph

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
	"github.com/irrun/irrun/layers"
)

// Data-dependent shapes. A plan needs every value's static shape, but the output shapes of
// some ops depend on the data (NonZero, NonMaxSuppression, Loop: layers.DynamicOp), and
// so do the shapes of the nodes that consume them, or of a node whose shape input is computed
// at run time. Such nodes form the plan's tail: they run after the planned steps, in
// topological order, each inferred on the actual input tensors, its outputs allocated for
// that run with the shapes the data gives (a DynamicOp's kernel allocates them itself).
// The planned values a tail node reads stay alive to the end of the run, and a Result fed
// by a tail value receives that run's tensor. A tail node's kernel is prepared once per
// state and input signature (types, shapes and the values of small numeric inputs, which
// kernels may read when they are prepared) and reused while the signature holds.

// tailSmallInts is the largest numeric input whose value a tail node's Prepare and Infer
// see (shape-like inputs: dims and axes, a Range's float start, limit and delta);
// larger inputs are data.
const tailSmallInts = 64

// tailStep is a node of the tail.
type tailStep struct {
	node *Node
	in   []int // value ids
	out  []int
}

// dynPlan is the tail of a plan.
type dynPlan struct {
	p     *Program
	steps []tailStep
	late  map[int]bool // values produced by the tail
	reads map[int]bool // planned values (or Parameters) the tail reads
}

func (d *dynPlan) isLate(in []int) bool {
	if d == nil {
		return false
	}
	for _, v := range in {
		if d.late[v] {
			return true
		}
	}
	return false
}

// toTail makes n a tail node of pl.
func (pl *plan) toTail(p *Program, n *Node, in []int) {
	if pl.dyn == nil {
		pl.dyn = &dynPlan{p: p, late: map[int]bool{}, reads: map[int]bool{}}
	}
	out := make([]int, len(n.Outputs))
	for i := range out {
		out[i] = p.base[n.Index] + i
		pl.dyn.late[out[i]] = true
		pl.valShape[out[i]] = nil
	}
	for _, v := range in {
		if !pl.dyn.late[v] {
			pl.dyn.reads[v] = true
		}
	}
	pl.dyn.steps = append(pl.dyn.steps, tailStep{node: n, in: slices.Clone(in), out: out})
}

// lateValue reports whether value v is produced by the tail of pl.
func (pl *plan) lateValue(v int) bool { return pl.dyn != nil && pl.dyn.late[v] }

// tailReads reports whether the tail reads planned value v.
func (pl *plan) tailReads(v int) bool { return pl.dyn != nil && pl.dyn.reads[v] }

// tailKernel is the prepared kernel of one tail step for one input signature.
type tailKernel struct {
	types  []ir.ElementType
	shapes [][]int
	small  []*ir.Tensor // values of the small numeric inputs (nil for the others)
	kern   layers.Kernel
	outs   []layers.Output // Infer's outputs (static), nil for a DynamicOp
}

func (k *tailKernel) matches(ins []*ir.Tensor) bool {
	if k.kern == nil || len(ins) != len(k.types) {
		return false
	}
	for i, t := range ins {
		if t.Type != k.types[i] || !slices.Equal(t.Shape, k.shapes[i]) {
			return false
		}
		if s := k.small[i]; s != nil && !sameData(s, t) {
			return false
		}
	}
	return true
}

func smallInts(t *ir.Tensor) bool {
	return t.Type.IsStatic() && t.Type != ir.Boolean && t.Type != ir.String && t.Len() <= tailSmallInts
}

// sameData reports whether a and b (of one type) hold the same values, floats bit for bit.
func sameData(a, b *ir.Tensor) bool {
	if x, ok := a.Int64s(); ok {
		y, ok := b.Int64s()
		return ok && slices.Equal(x, y)
	}
	x, ok1 := a.Float64s()
	y, ok2 := b.Float64s()
	return ok1 && ok2 && slices.EqualFunc(x, y, func(p, q float64) bool { return math.Float64bits(p) == math.Float64bits(q) })
}

// dynState is what a state keeps for the tail: the prepared kernels and the single-thread
// Workers of a one-thread program.
type dynState struct {
	tail []tailKernel
	w    *kernels.Workers
}

// runTail runs the tail steps of st's plan after its planned steps.
func (st *state) runTail(ctx context.Context, inputs []*ir.Tensor, timings *[]LayerTiming, profile bool) error {
	pl := st.plan
	p := pl.dyn.p
	if len(st.dyn.tail) != len(pl.dyn.steps) {
		st.dyn.tail = make([]tailKernel, len(pl.dyn.steps))
	}
	value := func(v int) *ir.Tensor {
		if k := pl.paramOf[v]; k >= 0 {
			return inputs[k]
		}
		return st.vals[v]
	}
	for i, sp := range pl.dyn.steps {
		if err := ctx.Err(); err != nil {
			return err
		}
		var t0 time.Time
		if profile {
			t0 = time.Now()
		}
		ins := make([]*ir.Tensor, len(sp.in))
		for j, v := range sp.in {
			if ins[j] = value(v); ins[j] == nil {
				return layerError(sp.node, fmt.Errorf("input %d has no value in this run (a bug in irrun)", j))
			}
		}
		outs, err := st.runTailStep(ctx, p, &st.dyn.tail[i], sp, ins)
		if err != nil {
			if ctxErr := ctx.Err(); ctxErr != nil && errors.Is(err, ctxErr) {
				return err
			}
			var ne *NodeError
			if errors.As(err, &ne) {
				return err
			}
			return layerError(sp.node, err)
		}
		for j, v := range sp.out {
			if j < len(outs) {
				st.vals[v] = outs[j]
			}
		}
		if profile {
			*timings = append(*timings, LayerTiming{Name: sp.node.Layer.Name, Type: sp.node.Layer.Type, Duration: time.Since(t0)})
		}
	}
	return nil
}

func (st *state) runTailStep(ctx context.Context, p *Program, tk *tailKernel, sp tailStep, ins []*ir.Tensor) ([]*ir.Tensor, error) {
	dynamic := layers.IsDynamic(sp.node.Op)
	if !tk.matches(ins) {
		li := make([]layers.Input, len(ins))
		small := make([]*ir.Tensor, len(ins))
		for j, t := range ins {
			li[j] = layers.Input{Type: t.Type, Shape: shapeOf(t.Shape)}
			if smallInts(t) {
				li[j].Value, li[j].Constant = t, true
				small[j], _ = cloneTensor(t)
			}
		}
		*tk = tailKernel{}
		var outs []layers.Output
		if !dynamic {
			var err error
			if outs, err = safeInfer(sp.node.Op, li); err != nil {
				return nil, fmt.Errorf("%w (input shapes %s)", err, fmtInputShapes(li))
			}
			if len(outs) < len(sp.out) {
				return nil, fmt.Errorf("inference gave %d outputs, the graph has %d", len(outs), len(sp.out))
			}
			outs = outs[:len(sp.out)]
			if allOutValues(outs) {
				res := make([]*ir.Tensor, len(outs))
				for j, o := range outs {
					c, err := cloneTensor(o.Value) // never hand out an input or a constant
					if err != nil {
						return nil, err
					}
					res[j] = c
				}
				return res, nil // known from the shapes and small values alone; not cached
			}
			for j, o := range outs {
				if !o.Shape.IsStatic() {
					return nil, fmt.Errorf("output %d has shape %s for input shapes %s", j, o.Shape, fmtInputShapes(li))
				}
			}
		}
		exec := p.exec
		exec.Workers = st.workers()
		k, err := safePrepare(sp.node.Op, li, exec)
		if err != nil {
			return nil, err
		}
		types := make([]ir.ElementType, len(ins))
		shapes := make([][]int, len(ins))
		for j, t := range ins {
			types[j], shapes[j] = t.Type, slices.Clone(t.Shape)
		}
		*tk = tailKernel{types: types, shapes: shapes, small: small, kern: k, outs: outs}
	}
	if dynamic {
		dk, ok := tk.kern.(layers.DynamicKernel)
		if !ok {
			return nil, errors.New("the op's kernel cannot size its outputs at run time (a bug in irrun)")
		}
		outs, err := safeRunDynamic(ctx, dk, ins)
		if err != nil {
			return nil, err
		}
		if len(outs) < len(sp.out) {
			return nil, fmt.Errorf("the kernel gave %d outputs, the graph has %d", len(outs), len(sp.out))
		}
		var total int64
		for _, o := range outs {
			if o == nil {
				return nil, errors.New("the kernel gave a nil output (a bug in irrun)")
			}
			n, err := tensorBytes(o.Type, o.Len(), p.opts.MaxMemory)
			if err != nil {
				return nil, err
			}
			total += n
		}
		if total > p.opts.MaxMemory {
			return nil, fmt.Errorf("its outputs need %d bytes, more than the memory limit of %d bytes", total, p.opts.MaxMemory)
		}
		return outs, nil
	}
	res := make([]*ir.Tensor, len(tk.outs))
	for j, o := range tk.outs {
		dims, cnt, ok := staticInts(o.Shape)
		if !ok {
			return nil, fmt.Errorf("output %d has shape %s", j, o.Shape)
		}
		if _, err := tensorBytes(o.Type, cnt, p.opts.MaxMemory); err != nil {
			return nil, err
		}
		t, err := ir.NewTensor(o.Type, dims)
		if err != nil {
			return nil, err
		}
		res[j] = t
	}
	if err := safeRun(ctx, tk.kern, ins, res); err != nil {
		return nil, err
	}
	return res, nil
}

func safeRunDynamic(ctx context.Context, k layers.DynamicKernel, in []*ir.Tensor) (outs []*ir.Tensor, err error) {
	defer func() {
		if r := recover(); r != nil {
			outs, err = nil, fmt.Errorf("internal error in the kernel: %v", r)
		}
	}()
	return k.RunDynamic(ctx, in)
}

// workers returns the state's Workers (see newState), or a single-thread one for a state
// made without newState.
func (st *state) workers() *kernels.Workers {
	if st.srvW != nil {
		return st.srvW
	}
	if st.dyn.w == nil {
		st.dyn.w = kernels.NewWorkers(1)
	}
	return st.dyn.w
}

// tailOutputs sets outputs[i], for every Result fed by a tail value, to that run's tensor
// (a copy when the value feeds several Results, or into the caller's tensor for RunInto).
func (pl *plan) tailOutputs(p *Program, st *state, outputs []*ir.Tensor, into bool) error {
	if pl.dyn == nil {
		return nil
	}
	seen := map[int]bool{}
	for i, v := range p.resVals {
		if !pl.lateValue(v) {
			continue
		}
		t := st.vals[v]
		if t == nil {
			return fmt.Errorf("graph: output %d (%q) has no value (a bug in irrun)", i, p.outputs[i].Name)
		}
		switch {
		case into:
			o := outputs[i]
			if o.Type != t.Type || !slices.Equal(o.Shape, t.Shape) {
				return fmt.Errorf("graph: output %d (%q) is %s%v, this run produced %s%v (its shape depends on the data; use Run)",
					i, p.outputs[i].Name, o.Type, o.Shape, t.Type, t.Shape)
			}
			copyData(o.Data, t.Data)
		case seen[v]:
			c, err := cloneTensor(t)
			if err != nil {
				return err
			}
			outputs[i] = c
		default:
			outputs[i] = t
		}
		seen[v] = true
	}
	return nil
}

func allStatic(outs []layers.Output) bool {
	for _, o := range outs {
		if !o.Shape.IsStatic() {
			return false
		}
	}
	return true
}
