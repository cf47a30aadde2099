package graph

import (
	"slices"

	"github.com/irrun/irrun/layers"
)

// The int8 pass (issue 13: OpenVINO's low-precision transformations). It runs after
// the epilogue-fusion pass. A Convolution step — alone or carrying a fused epilogue —
// whose data are on the grid of a FakeQuantize (q8Grid) and whose filters are the
// folded Multiply(Convert(i8 Const), scale) of a quantised model (layers.Q8Filters)
// becomes a layers.NewQ8Conv step: u8 codes × i8 codes summed exactly in int32
// (kernels.Q8Conv, VNNI on AVX-512), then the epilogue. The FakeQuantize itself stays a
// step (or an epilogue step of the convolution before it): its f32 output is what every
// other reader sees, and the convolution recovers the codes from it. With
// Options.Reference or Options.NoInt8 nothing changes.

// q8Depth bounds the Split/Concat chains q8Grid follows.
const q8Depth = 8

// q8Convolutions applies the pass to pl.steps.
func (pl *plan) q8Convolutions(p *Program) {
	if p.opts.Reference || p.opts.NoInt8 {
		return
	}
	for s := range pl.steps {
		st := &pl.steps[s]
		n := st.node
		if n.Layer.Type != "Convolution" || len(n.Inputs) != 2 || len(st.inputs) < 2 || n.Inputs[0].Node == nil {
			continue
		}
		grid, ok := pl.q8GridOut(p, n.Inputs[0].Node, n.Inputs[0].Output, q8Depth)
		if !ok {
			continue
		}
		codes, scales, ok := pl.q8Filters(p, n)
		if !ok {
			continue
		}
		op, ok := layers.NewQ8Conv(st.opOf(), st.inputs, grid, codes, scales)
		if !ok {
			continue
		}
		st.op = op
		st.label = op.(interface{ Label() string }).Label()
	}
}

// q8Inputs returns n's inputs as layers.Input with the plan's constants.
func (pl *plan) q8Inputs(p *Program, n *Node) ([]layers.Input, bool) {
	ins := make([]layers.Input, 0, len(n.Inputs))
	for _, src := range n.Inputs {
		if src.Node == nil {
			return nil, false
		}
		v := p.base[src.Node.Index] + src.Output
		ins = append(ins, layers.Input{Type: pl.valType[v], Shape: shapeOf(pl.valShape[v]), Value: pl.valConst[v]})
	}
	return ins, true
}

// q8GridOut returns the grid every element of output out of n lies on: a FakeQuantize's,
// or that of a Split/VariadicSplit's data, or the common grid of all of a Concat's inputs,
// or that of a MaxPool's data (its values output, when every window holds a data element:
// a maximum of grid values is one of them).
func (pl *plan) q8GridOut(p *Program, n *Node, out, depth int) (layers.Q8Grid, bool) {
	var none layers.Q8Grid
	if depth == 0 || n == nil || n.Op == nil {
		return none, false
	}
	switch n.Layer.Type {
	case "MaxPool":
		if out != 0 || len(n.Inputs) != 1 {
			return none, false
		}
		ins, ok := pl.q8Inputs(p, n)
		if !ok || !layers.Q8MaxPoolKeepsGrid(n.Op, ins) {
			return none, false
		}
		return pl.q8GridOut(p, n.Inputs[0].Node, n.Inputs[0].Output, depth-1)
	case "FakeQuantize":
		ins, ok := pl.q8Inputs(p, n)
		if !ok {
			return none, false
		}
		return layers.Q8FakeQuantizeGrid(n.Op, ins)
	case "Split", "VariadicSplit":
		if len(n.Inputs) < 1 {
			return none, false
		}
		return pl.q8GridOut(p, n.Inputs[0].Node, n.Inputs[0].Output, depth-1)
	case "Concat":
		var g layers.Q8Grid
		for i, src := range n.Inputs {
			gi, ok := pl.q8GridOut(p, src.Node, src.Output, depth-1)
			if !ok || (i > 0 && gi != g) {
				return none, false
			}
			g = gi
		}
		return g, len(n.Inputs) > 0
	}
	return none, false
}

// q8Filters returns the integer codes and scales of a convolution's folded filters
// Multiply(Convert(i8 Const), scale).
func (pl *plan) q8Filters(p *Program, conv *Node) ([]int8, []float32, bool) {
	filt, parts, ok := q8FilterParts(p, conv)
	if !ok {
		return nil, nil, false
	}
	for _, cs := range parts {
		if q, s, ok := layers.Q8Filters(pl.valConst[filt], pl.valConst[cs[0]], pl.valConst[cs[1]]); ok {
			return q, slices.Clip(s), true
		}
	}
	return nil, nil, false
}

// q8FilterParts returns the value ids q8Filters reads for a convolution whose filters are
// a Multiply: the filters, and per Convert input of the Multiply its source (the codes)
// and the Multiply's other input (the scale).
func q8FilterParts(p *Program, conv *Node) (filt int, parts [][2]int, ok bool) {
	if len(conv.Inputs) < 2 {
		return 0, nil, false
	}
	src := conv.Inputs[1]
	m := src.Node
	if m == nil || m.Layer.Type != "Multiply" || len(m.Inputs) != 2 {
		return 0, nil, false
	}
	for i, in := range m.Inputs {
		c := in.Node
		other := m.Inputs[1-i]
		if c == nil || other.Node == nil || c.Layer.Type != "Convert" || len(c.Inputs) != 1 || c.Inputs[0].Node == nil {
			continue
		}
		parts = append(parts, [2]int{p.base[c.Inputs[0].Node.Index] + c.Inputs[0].Output, p.base[other.Node.Index] + other.Output})
	}
	return p.base[m.Index] + src.Output, parts, len(parts) > 0
}
