package graph

import (
	"slices"

	"github.com/irrun/irrun/layers"
)

// The epilogue-fusion pass. It runs on each plan after static inference (every shape and
// constant is known) and before buffer planning. A Convolution, dense GroupConvolution,
// transposed convolution or MatMul step (layers.NewEpilogueFusion decides) absorbs the chain of elementwise steps
// after it — a per-channel constant Add/Subtract/Multiply (bias, batch-norm scale and
// shift), a residual Add of a tensor of the output's shape, Relu, Clamp, PRelu, Sigmoid,
// Swish, HSwish (layers.EpilogueFusion.Append decides) — into one step whose kernel
// applies them to each GEMM tile as soon as it is final. A link of the chain is fused
// only when the value between the two steps has exactly one reader, that step, and is
// not a model output or read by the run-time tail; so no value that anything else
// observes disappears. The fused step takes the place of the chain's last step (every
// input of the chain is computed by then), and its inputs are the anchor's followed by
// the residuals. With Options.Reference nothing fuses.

// fuseEpilogues applies the pass to pl.steps.
func (pl *plan) fuseEpilogues(p *Program) {
	uses := make([]int, p.nvals)
	consumer := make([]int, p.nvals)
	for s, st := range pl.steps {
		for _, v := range st.in {
			uses[v]++
			consumer[v] = s
		}
	}
	for _, v := range p.resVals {
		uses[v] += 2 // a model output stays a value
	}
	done := make([]bool, len(pl.steps)) // part of a fused step
	dead := make([]bool, len(pl.steps)) // absorbed into a later fused step
	for s := range pl.steps {
		st := &pl.steps[s]
		if done[s] || len(st.out) != 1 || st.op != nil || p.efSkipAnchor(st.node) {
			continue
		}
		f, ok := layers.NewEpilogueFusion(st.node.Op, st.inputs, p.exec)
		if !ok {
			continue
		}
		in, inputs := slices.Clone(st.in), slices.Clone(st.inputs)
		v, last := st.out[0], s
		var fused []*Node
		for uses[v] == 1 && !pl.tailReads(v) {
			c := consumer[v]
			ct := &pl.steps[c]
			if c <= last || done[c] || ct.op != nil || len(ct.out) != 1 {
				break
			}
			if sk := p.opts.fuseSkip; sk == "*" || sk == ct.node.Layer.Type {
				break // tests compare fused programs with partly unfused ones
			}
			extra, ok := f.Append(ct.node.Op, ct.inputs, slices.Index(ct.in, v))
			if !ok {
				break
			}
			for _, i := range extra {
				in = append(in, ct.in[i])
				inputs = append(inputs, ct.inputs[i])
			}
			fused = append(fused, ct.node)
			done[c], dead[c] = true, true
			v, last = ct.out[0], c
		}
		if f.Len() == 0 {
			continue
		}
		done[s], dead[s] = true, true
		label := st.node.Layer.Type
		for _, n := range fused {
			label += "+" + n.Layer.Type
		}
		pl.steps[last] = step{node: st.node, in: in, out: []int{v}, inputs: inputs,
			op: f.Op(), label: label, fused: fused}
		dead[last] = false
	}
	kept := pl.steps[:0]
	for s, st := range pl.steps {
		if !dead[s] {
			kept = append(kept, st)
		}
	}
	clear(pl.steps[len(kept):])
	pl.steps = kept
}

// opOf returns the op a step runs: the fused op of a fused step, else its node's.
func (sp *step) opOf() layers.Op {
	if sp.op != nil {
		return sp.op
	}
	return sp.node.Op
}

// typeLabel is the op type a step reports in profiles: "Convolution+Add+Relu" for a
// fused step.
func (sp *step) typeLabel() string {
	if sp.label != "" {
		return sp.label
	}
	return sp.node.Layer.Type
}
