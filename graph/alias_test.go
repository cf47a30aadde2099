package graph

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/irrun/irrun/ir"
)

// aliasSplit adds a VariadicSplit of x along axis into pieces of the given lengths (outputs
// ports 3, 4, ...).
func (b *fuseNet) aliasSplit(name string, x fuseRef, axis int64, lens []int64) []fuseRef {
	ax := b.aliasI64Const([]int64{axis}, nil)
	ls := b.aliasI64Const(lens, []int{len(lens)})
	id := b.n
	b.n++
	for i, r := range []fuseRef{x, ax, ls} {
		fmt.Fprintf(&b.edges, `<edge from-layer="%d" from-port="%d" to-layer="%d" to-port="%d"/>`+"\n", r.id, r.port, id, i)
	}
	var outs string
	var refs []fuseRef
	for i := range lens {
		outs += fmt.Sprintf(`<port id="%d" precision="%s" names="%s_%d"/>`, 3+i, b.prec, name, i)
		refs = append(refs, fuseRef{id, 3 + i})
	}
	fmt.Fprintf(&b.layers, `<layer id="%d" name="%s" type="VariadicSplit" version="opset1"><input><port id="0" precision="%s"/><port id="1" precision="I64"/><port id="2" precision="I64"/></input><output>%s</output></layer>`+"\n",
		id, name, b.prec, outs)
	return refs
}

// aliasI64Const adds an i64 Const (a scalar when shape is nil).
func (b *fuseNet) aliasI64Const(vals []int64, shape []int) fuseRef {
	off := len(b.bin)
	for _, v := range vals {
		for k := 0; k < 8; k++ {
			b.bin = append(b.bin, byte(uint64(v)>>(8*k)))
		}
	}
	id := b.n
	b.n++
	fmt.Fprintf(&b.layers, `<layer id="%d" name="c%d" type="Const" version="opset1"><data element_type="i64" shape="%s" offset="%d" size="%d"/><output><port id="0" precision="I64">%s</port></output></layer>`+"\n",
		id, id, fuseShapeAttr(shape), off, len(b.bin)-off, fuseDims(shape))
	return fuseRef{id, 0}
}

// TestAliasViewsC2f runs the C2f pattern of YOLO models and its neighbours: a Split whose
// pieces and a tensor computed from one of them are concatenated and reshaped (all views of
// one buffer), a Concat of views of another group with a Parameter and a Const (copied), a
// split piece that is also a model output, and a Concat repeating an input.
func TestAliasViewsC2f(t *testing.T) {
	b := newFuseNet("FP32", 3)
	x := b.param("x", 1, 8, 3, 5)
	p2 := b.param("p2", 1, 2, 3, 5)
	a := b.op("a", "Relu", "opset1", "", x)
	ys := b.aliasSplit("sp", a, 1, []int64{2, 6})
	m := b.op("m", "Negative", "opset1", "", ys[1])
	o := b.op("o", "Concat", "opset1", `axis="1"`, ys[0], ys[1], m)
	r := b.op("r", "Reshape", "opset1", `special_zero="false"`, o, b.aliasI64Const([]int64{1, 14, 15}, []int{3}))
	b.result(b.op("rr", "Relu", "opset1", "", r))
	cst := b.constant(nil, 1, 1, 3, 5)
	o2 := b.op("o2", "Concat", "opset1", `axis="1"`, m, ys[0], p2, cst)
	b.result(o2)
	b.result(ys[1])                                                // a split piece that is also a model output
	o3 := b.op("o3", "Concat", "opset1", `axis="2"`, ys[0], ys[0]) // a repeated input: copied
	b.result(o3)
	p := b.load(t, Options{})

	r0 := fuseInputs(p, 5)
	xs, ps := r0[0].Data.([]float32), r0[1].Data.([]float32)
	for i := range xs {
		xs[i] -= 0.3
	}
	relu := func(v float32) float32 { return max(v, 0) }
	hw := 15
	av := make([]float32, len(xs))
	for i, v := range xs {
		av[i] = relu(v)
	}
	y0, y1 := av[:2*hw], av[2*hw:]
	mv := make([]float32, len(y1))
	for i, v := range y1 {
		mv[i] = -v
	}
	var want0, want1, want3 []float32
	for _, v := range append(append(append([]float32{}, y0...), y1...), mv...) {
		want0 = append(want0, relu(v))
	}
	want1 = append(append(append([]float32{}, mv...), y0...), ps...)
	for c := 0; c < 2; c++ {
		for k := 0; k < 2; k++ {
			want3 = append(want3, y0[c*hw:(c+1)*hw]...)
		}
	}

	for run := 0; run < 3; run++ {
		var outs []*ir.Tensor
		var err error
		if run == 2 {
			outs = make([]*ir.Tensor, 4)
			for i, info := range p.Outputs() {
				outs[i], err = ir.NewTensor(info.Type, aliasShapeInts(t, info.Shape))
				require.NoError(t, err)
			}
			require.NoError(t, p.RunInto(context.Background(), r0, outs))
		} else {
			outs, err = p.Run(context.Background(), r0)
			require.NoError(t, err)
		}
		require.Equal(t, want0, outs[0].Data.([]float32))
		got1 := outs[1].Data.([]float32)
		require.Equal(t, want1, got1[:len(want1)])
		require.Len(t, got1, len(want1)+hw)
		require.Equal(t, y1, outs[2].Data.([]float32))
		require.Equal(t, want3, outs[3].Data.([]float32))
	}

	// the views the planner chose: the split pieces and m inside o, r inside o
	ps0 := p.plans.Load()
	require.NotNil(t, ps0)
	pl := (*ps0)[0]
	root, off := pl.aliasViews()
	require.NotNil(t, root)
	val := func(name string, port int) int {
		for _, sp := range pl.steps {
			if sp.node.Layer.Name == name {
				return sp.out[port]
			}
		}
		t.Fatalf("no step %s", name)
		return -1
	}
	vo := val("o", 0)
	require.Equal(t, vo, root[val("a", 0)])
	require.Equal(t, 0, off[val("a", 0)])
	require.Equal(t, vo, root[val("sp", 1)])
	require.Equal(t, 2*hw, off[val("sp", 1)])
	require.Equal(t, vo, root[val("m", 0)])
	require.Equal(t, 8*hw, off[val("m", 0)])
	require.Equal(t, vo, root[val("r", 0)])
	require.Equal(t, val("o2", 0), root[val("o2", 0)])
}

func aliasShapeInts(t *testing.T, s ir.Shape) []int {
	d, _, ok := staticInts(s)
	require.True(t, ok)
	return d
}
