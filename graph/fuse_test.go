package graph

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"
	"github.com/x448/float16"

	"github.com/irrun/irrun/ir"
)

// fuseNet builds small IR models for the epilogue-fusion tests: layers are added in
// order, each with its inputs given as (layer, output port) references.
type fuseNet struct {
	layers, edges strings.Builder
	bin           []byte
	n             int
	prec          string // "FP32" or "FP16"
	r             *rand.Rand
}

type fuseRef struct{ id, port int }

func newFuseNet(prec string, seed uint64) *fuseNet {
	return &fuseNet{prec: prec, r: rand.New(rand.NewPCG(seed, seed+1))}
}

func (b *fuseNet) et() string { return map[string]string{"FP32": "f32", "FP16": "f16"}[b.prec] }

func fuseDims(shape []int) string {
	var s strings.Builder
	for _, d := range shape {
		fmt.Fprintf(&s, "<dim>%d</dim>", d)
	}
	return s.String()
}

func fuseShapeAttr(shape []int) string {
	parts := make([]string, len(shape))
	for i, d := range shape {
		parts[i] = fmt.Sprint(d)
	}
	return strings.Join(parts, ",")
}

func (b *fuseNet) param(name string, shape ...int) fuseRef {
	id := b.n
	b.n++
	fmt.Fprintf(&b.layers, `<layer id="%d" name="%s" type="Parameter" version="opset1"><data shape="%s" element_type="%s"/><output><port id="0" precision="%s" names="%s">%s</port></output></layer>`+"\n",
		id, name, fuseShapeAttr(shape), b.et(), b.prec, name, fuseDims(shape))
	return fuseRef{id, 0}
}

// constant adds a Const of the given shape with values from vals (random in [-1, 1) when nil).
func (b *fuseNet) constant(vals []float32, shape ...int) fuseRef {
	n, _ := ir.ElementCount(shape)
	if vals == nil {
		vals = make([]float32, n)
		for i := range vals {
			vals[i] = float32(b.r.Float64()*2 - 1)
		}
	}
	off := len(b.bin)
	for _, v := range vals {
		if b.prec == "FP16" {
			b.bin = binary.LittleEndian.AppendUint16(b.bin, uint16(float16.Fromfloat32(v)))
		} else {
			b.bin = binary.LittleEndian.AppendUint32(b.bin, math.Float32bits(v))
		}
	}
	id := b.n
	b.n++
	fmt.Fprintf(&b.layers, `<layer id="%d" name="c%d" type="Const" version="opset1"><data element_type="%s" shape="%s" offset="%d" size="%d"/><output><port id="0" precision="%s">%s</port></output></layer>`+"\n",
		id, id, b.et(), fuseShapeAttr(shape), off, len(b.bin)-off, b.prec, fuseDims(shape))
	return fuseRef{id, 0}
}

// i64s adds a 1-D i64 Const.
func (b *fuseNet) i64s(vals ...int64) fuseRef {
	off := len(b.bin)
	for _, v := range vals {
		b.bin = binary.LittleEndian.AppendUint64(b.bin, uint64(v))
	}
	id := b.n
	b.n++
	fmt.Fprintf(&b.layers, `<layer id="%d" name="c%d" type="Const" version="opset1"><data element_type="i64" shape="%d" offset="%d" size="%d"/><output><port id="0" precision="I64"><dim>%d</dim></port></output></layer>`+"\n",
		id, id, len(vals), off, len(b.bin)-off, len(vals))
	return fuseRef{id, 0}
}

// constantF32 adds an f32 Const whatever the net's precision (an IR10 f16 model's PReLU
// slopes are f32).
func (b *fuseNet) constantF32(vals []float32, shape ...int) fuseRef {
	prec := b.prec
	b.prec = "FP32"
	defer func() { b.prec = prec }()
	return b.constant(vals, shape...)
}

// op adds a layer with one output (port len(ins)); its dims are left to inference.
func (b *fuseNet) op(name, typ, version, data string, ins ...fuseRef) fuseRef {
	id := b.n
	b.n++
	var in strings.Builder
	for i, r := range ins {
		fmt.Fprintf(&in, `<port id="%d" precision="%s"/>`, i, b.prec)
		fmt.Fprintf(&b.edges, `<edge from-layer="%d" from-port="%d" to-layer="%d" to-port="%d"/>`+"\n", r.id, r.port, id, i)
	}
	fmt.Fprintf(&b.layers, `<layer id="%d" name="%s" type="%s" version="%s"><data %s/><input>%s</input><output><port id="%d" precision="%s" names="%s"/></output></layer>`+"\n",
		id, name, typ, version, data, in.String(), len(ins), b.prec, name)
	return fuseRef{id, len(ins)}
}

func (b *fuseNet) result(r fuseRef) {
	id := b.n
	b.n++
	fmt.Fprintf(&b.layers, `<layer id="%d" name="out%d" type="Result" version="opset1"><input><port id="0" precision="%s"/></input></layer>`+"\n", id, id, b.prec)
	fmt.Fprintf(&b.edges, `<edge from-layer="%d" from-port="%d" to-layer="%d" to-port="0"/>`+"\n", r.id, r.port, id)
}

const fuseConv3x3 = `strides="1,1" dilations="1,1" pads_begin="1,1" pads_end="1,1" auto_pad="explicit"`

func (b *fuseNet) conv(name string, x fuseRef, cin, cout int) fuseRef {
	return b.op(name, "Convolution", "opset1", fuseConv3x3, x, b.constant(nil, cout, cin, 3, 3))
}

func (b *fuseNet) load(t *testing.T, opts Options) *Program {
	t.Helper()
	xml := "<?xml version=\"1.0\"?>\n<net name=\"fuse\" version=\"11\">\n<layers>\n" + b.layers.String() +
		"</layers>\n<edges>\n" + b.edges.String() + "</edges>\n</net>\n"
	fs := fstest.MapFS{"m.xml": {Data: []byte(xml)}, "m.bin": {Data: b.bin}}
	p, err := LoadFS(fs, "m.xml", opts)
	require.NoError(t, err)
	t.Cleanup(p.Close)
	return p
}

// fuseLabels returns the profile type of every step of the program's only plan.
func fuseLabels(t *testing.T, p *Program) []string {
	t.Helper()
	ps := p.plans.Load()
	require.NotNil(t, ps)
	require.Len(t, *ps, 1)
	var out []string
	for i := range (*ps)[0].steps {
		out = append(out, (*ps)[0].steps[i].typeLabel())
	}
	return out
}

// fuseInputs returns random inputs for the program.
func fuseInputs(p *Program, seed uint64) []*ir.Tensor {
	r := rand.New(rand.NewPCG(seed, 7))
	var ins []*ir.Tensor
	for _, in := range p.Inputs() {
		dims, _, _ := staticInts(in.Shape)
		t, _ := ir.NewTensor(in.Type, dims)
		switch d := t.Data.(type) {
		case []float32:
			for i := range d {
				d[i] = float32(r.Float64()*4 - 2)
			}
		case []float16.Float16:
			for i := range d {
				d[i] = float16.Fromfloat32(float32(r.Float64()*4 - 2))
			}
		}
		ins = append(ins, t)
	}
	return ins
}

func fuseF64(t *ir.Tensor) []float64 {
	switch d := t.Data.(type) {
	case []float32:
		out := make([]float64, len(d))
		for i, v := range d {
			out[i] = float64(v)
		}
		return out
	case []float16.Float16:
		out := make([]float64, len(d))
		for i, v := range d {
			out[i] = float64(v.Float32())
		}
		return out
	}
	return nil
}

// TestFuseEpilogues: which chains the pass fuses and which it must leave alone, and that
// every fused program computes what the unfused reference program does, at 1, 2 and 3
// threads, with Run, RunInto and Profile.
func TestFuseEpilogues(t *testing.T) {
	tests := []struct {
		name  string
		prec  string
		build func(b *fuseNet)
		want  []string // step labels of the fused plan
	}{
		{"conv bias relu", "FP32", func(b *fuseNet) {
			x := b.param("x", 1, 4, 7, 6)
			c := b.conv("conv", x, 4, 9)
			a := b.op("bias", "Add", "opset1", "", c, b.constant(nil, 1, 9, 1, 1))
			b.result(b.op("relu", "ReLU", "opset1", "", a))
		}, []string{"Convolution+Add+ReLU"}},
		{"bias first operand, 3-D bias", "FP32", func(b *fuseNet) {
			x := b.param("x", 1, 4, 7, 6)
			c := b.conv("conv", x, 4, 9)
			a := b.op("bias", "Add", "opset1", "", b.constant(nil, 9, 1, 1), c)
			b.result(b.op("clamp", "Clamp", "opset1", `min="-0.5" max="0.5"`, a))
		}, []string{"Convolution+Add+Clamp"}},
		{"gaze: bias relu scale shift", "FP32", func(b *fuseNet) {
			x := b.param("x", 2, 3, 9, 9)
			c := b.conv("conv", x, 3, 16)
			a := b.op("bias", "Add", "opset1", "", c, b.constant(nil, 1, 16, 1, 1))
			r := b.op("relu", "ReLU", "opset1", "", a)
			m := b.op("scale", "Multiply", "opset1", "", r, b.constant(nil, 1, 16, 1, 1))
			s := b.op("shift", "Subtract", "opset1", "", m, b.constant(nil, 1, 16, 1, 1))
			b.result(b.conv("conv2", s, 16, 5))
		}, []string{"Convolution+Add+ReLU+Multiply+Subtract", "Convolution"}},
		{"residual then relu, both orders", "FP32", func(b *fuseNet) {
			x := b.param("x", 1, 8, 6, 6)
			c1 := b.conv("conv1", x, 8, 8)
			a1 := b.op("bias1", "Add", "opset1", "", c1, b.constant(nil, 1, 8, 1, 1))
			c2 := b.conv("conv2", x, 8, 8)
			s := b.op("sum", "Add", "opset1", "", a1, c2) // c2 becomes conv1's residual
			r := b.op("relu", "ReLU", "opset1", "", s)
			s2 := b.op("sum2", "Add", "opset1", "", x, r) // x feeds the convs too
			b.result(s2)
		}, []string{"Convolution", "Convolution+Add+Add+ReLU+Add"}},
		{"activations", "FP32", func(b *fuseNet) {
			x := b.param("x", 1, 5, 5, 5)
			c := b.conv("c1", x, 5, 6)
			p := b.op("prelu", "PReLU", "opset1", "", c, b.constant(nil, 6))
			c2 := b.conv("c2", p, 6, 6)
			sw := b.op("swish", "Swish", "opset4", "", c2, b.constant([]float32{1.5}))
			c3 := b.conv("c3", sw, 6, 6)
			hs := b.op("hswish", "HSwish", "opset4", "", c3)
			c4 := b.conv("c4", hs, 6, 6)
			sg := b.op("sigmoid", "Sigmoid", "opset1", "", c4)
			c5 := b.conv("c5", sg, 6, 6)
			p2 := b.op("prelu2", "PReLU", "opset1", "", c5, b.constant([]float32{0.25}, 1))
			sw2 := b.op("swish1", "Swish", "opset4", "", p2)
			b.result(sw2)
		}, []string{"Convolution+PReLU", "Convolution+Swish", "Convolution+HSwish", "Convolution+Sigmoid", "Convolution+PReLU+Swish"}},
		{"matmul bias clamp", "FP32", func(b *fuseNet) {
			x := b.param("x", 2, 5, 33)
			m := b.op("fc", "MatMul", "opset1", `transpose_a="false" transpose_b="true"`, x, b.constant(nil, 40, 33))
			a := b.op("bias", "Add", "opset1", "", m, b.constant(nil, 40))
			b.result(b.op("clamp", "Clamp", "opset1", `min="0" max="0.3"`, a))
		}, []string{"MatMul+Add+Clamp"}},
		{"matmul vector", "FP32", func(b *fuseNet) {
			x := b.param("x", 1, 64)
			m := b.op("fc", "MatMul", "opset1", "", x, b.constant(nil, 64, 10))
			b.result(b.op("bias", "Add", "opset1", "", m, b.constant(nil, 1, 10)))
		}, []string{"MatMul+Add"}},
		{"group conv dense", "FP32", func(b *fuseNet) {
			x := b.param("x", 1, 8, 6, 6)
			g := b.op("gconv", "GroupConvolution", "opset1", fuseConv3x3, x, b.constant(nil, 2, 3, 4, 3, 3))
			b.result(b.op("bias", "Add", "opset1", "", g, b.constant(nil, 1, 6, 1, 1)))
		}, []string{"GroupConvolution+Add"}},
		{"f16", "FP16", func(b *fuseNet) {
			x := b.param("x", 1, 4, 7, 6)
			c := b.conv("conv", x, 4, 9)
			a := b.op("bias", "Add", "opset1", "", c, b.constant(nil, 1, 9, 1, 1))
			r := b.op("relu", "ReLU", "opset1", "", a)
			c2 := b.conv("conv2", r, 9, 9)
			a2 := b.op("bias2", "Add", "opset1", "", c2, b.constant(nil, 1, 9, 1, 1))
			b.result(b.op("res", "Add", "opset1", "", a2, r))
		}, []string{"Convolution+Add+ReLU", "Convolution+Add+Add"}},
		{"f16 depthwise and matmul", "FP16", func(b *fuseNet) {
			x := b.param("x", 1, 6, 5, 5)
			dw := b.op("dw", "GroupConvolution", "opset1", fuseConv3x3, x, b.constant(nil, 6, 1, 1, 3, 3))
			a := b.op("bias", "Add", "opset1", "", dw, b.constant(nil, 1, 6, 1, 1))
			r := b.op("relu", "ReLU", "opset1", "", a)
			s := b.op("res", "Add", "opset1", "", x, r)
			m := b.op("fc", "MatMul", "opset1", "", s, b.constant(nil, 5, 7))
			b.result(b.op("bias2", "Add", "opset1", "", m, b.constant(nil, 7)))
		}, []string{"GroupConvolution+Add+ReLU+Add", "MatMul+Add"}},
		{"transposed conv tiled, bias relu (text-image-sr)", "FP16", func(b *fuseNet) {
			x := b.param("x", 1, 6, 5, 7)
			d := b.op("deconv", "ConvolutionBackpropData", "opset1", `strides="3,3" dilations="1,1" pads_begin="0,0" pads_end="0,0" output_padding="0,0" auto_pad="explicit"`,
				x, b.constant(nil, 6, 2, 3, 3))
			a := b.op("bias", "Add", "opset1", "", d, b.constant(nil, 1, 2, 1, 1))
			b.result(b.op("relu", "ReLU", "opset1", "", a))
		}, []string{"ConvolutionBackpropData+Add+ReLU"}},
		{"transposed conv overlapping, residual; group transposed with output_shape", "FP32", func(b *fuseNet) {
			x := b.param("x", 1, 4, 6, 5)
			d := b.op("deconv", "ConvolutionBackpropData", "opset1", `strides="2,2" dilations="1,1" pads_begin="1,1" pads_end="1,1" output_padding="1,1" auto_pad="explicit"`,
				x, b.constant(nil, 4, 3, 4, 4))
			a := b.op("bias", "Add", "opset1", "", d, b.constant(nil, 1, 3, 1, 1))
			s := b.op("clamp", "Clamp", "opset1", `min="-0.5" max="0.5"`, a)
			g := b.op("gdeconv", "GroupConvolutionBackpropData", "opset1", `strides="2,2" dilations="1,1" pads_begin="0,0" pads_end="0,0" auto_pad="explicit"`,
				x, b.constant(nil, 2, 2, 3, 3, 3), b.i64s(13, 11))
			m := b.op("scale", "Multiply", "opset1", "", g, b.constant(nil, 1, 6, 1, 1))
			b.result(s)
			b.result(m)
		}, []string{"ConvolutionBackpropData+Add+Clamp", "GroupConvolutionBackpropData+Multiply"}},
		{"f16 data, f32 PReLU slopes (IR10)", "FP16", func(b *fuseNet) {
			x := b.param("x", 1, 4, 6, 6)
			c := b.conv("conv", x, 4, 6)
			a := b.op("bias", "Add", "opset1", "", c, b.constant(nil, 1, 6, 1, 1))
			p := b.op("prelu", "PReLU", "opset1", "", a, b.constantF32([]float32{0.125}, 1))
			c2 := b.conv("conv2", p, 6, 6)
			b.result(b.op("prelu2", "PReLU", "opset1", "", c2, b.constantF32(nil, 6)))
		}, []string{"Convolution+Add+PReLU", "Convolution+PReLU"}},
		// What must not fuse.
		{"conv output is a model output", "FP32", func(b *fuseNet) {
			x := b.param("x", 1, 4, 5, 5)
			c := b.conv("conv", x, 4, 4)
			b.result(c)
			b.result(b.op("bias", "Add", "opset1", "", c, b.constant(nil, 1, 4, 1, 1)))
		}, []string{"Convolution", "Add"}},
		{"add output read twice", "FP32", func(b *fuseNet) {
			x := b.param("x", 1, 4, 5, 5)
			c := b.conv("conv", x, 4, 4)
			a := b.op("bias", "Add", "opset1", "", c, b.constant(nil, 1, 4, 1, 1))
			b.result(b.op("relu", "ReLU", "opset1", "", a))
			b.result(b.op("neg", "Negative", "opset1", "", a))
		}, []string{"Convolution+Add", "ReLU", "Negative"}},
		{"intermediate is a model output", "FP32", func(b *fuseNet) {
			x := b.param("x", 1, 4, 5, 5)
			c := b.conv("conv", x, 4, 4)
			a := b.op("bias", "Add", "opset1", "", c, b.constant(nil, 1, 4, 1, 1))
			b.result(a)
			b.result(b.op("relu", "ReLU", "opset1", "", a))
		}, []string{"Convolution+Add", "ReLU"}},
		{"bias along width, broadcasting add, x+x", "FP32", func(b *fuseNet) {
			x := b.param("x", 1, 4, 5, 5)
			c := b.conv("conv", x, 4, 4)
			a := b.op("bias", "Add", "opset1", "", c, b.constant(nil, 1, 1, 1, 5))
			c2 := b.conv("conv2", a, 4, 4)
			a2 := b.op("grow", "Add", "opset1", "", c2, b.constant(nil, 2, 4, 1, 1))
			c3 := b.conv("conv3", x, 4, 4)
			a3 := b.op("twice", "Add", "opset1", "", c3, c3)
			b.result(a2)
			b.result(a3)
		}, []string{"Convolution", "Add", "Convolution", "Add", "Convolution", "Add"}},
		{"const minus conv, divide; depthwise through its own kernel", "FP32", func(b *fuseNet) {
			x := b.param("x", 1, 4, 5, 5)
			c := b.conv("conv", x, 4, 4)
			s := b.op("sub", "Subtract", "opset1", "", b.constant(nil, 1, 4, 1, 1), c)
			c2 := b.conv("conv2", s, 4, 4)
			d := b.op("div", "Divide", "opset1", "", c2, b.constant(nil, 1, 4, 1, 1))
			dw := b.op("dw", "GroupConvolution", "opset1", fuseConv3x3, d, b.constant(nil, 4, 1, 1, 3, 3))
			b.result(b.op("bias", "Add", "opset1", "", dw, b.constant(nil, 1, 4, 1, 1)))
		}, []string{"Convolution", "Subtract", "Convolution", "Divide", "GroupConvolution+Add"}},
	}
	ctx := context.Background()
	for ti, tc := range tests {
		b := newFuseNet(tc.prec, uint64(ti+1))
		tc.build(b)
		ref := b.load(t, Options{Reference: true, Threads: 1})
		for _, l := range fuseLabels(t, ref) {
			require.NotContains(t, l, "+", "%s: the reference program fuses nothing", tc.name)
		}
		for _, threads := range []int{1, 2, 3} {
			p := b.load(t, Options{Threads: threads})
			require.Equal(t, tc.want, fuseLabels(t, p), "%s t%d", tc.name, threads)
			for rep := 0; rep < 2; rep++ {
				ins := fuseInputs(p, uint64(rep))
				want, err := ref.Run(ctx, ins)
				require.NoError(t, err, tc.name)
				got, err := p.Run(ctx, ins)
				require.NoError(t, err, tc.name)
				prof, timings, err := p.Profile(ctx, ins)
				require.NoError(t, err, tc.name)
				require.Len(t, timings, len(tc.want))
				for i := range timings {
					require.Equal(t, tc.want[i], timings[i].Type)
				}
				into := make([]*ir.Tensor, len(got))
				for i, g := range got {
					into[i], _ = ir.NewTensor(g.Type, g.Shape)
				}
				require.NoError(t, p.RunInto(ctx, ins, into), tc.name)
				for i := range want {
					w := fuseF64(want[i])
					maxAbs := 0.0
					for _, v := range w {
						maxAbs = max(maxAbs, math.Abs(v))
					}
					for _, g := range [][]float64{fuseF64(got[i]), fuseF64(prof[i]), fuseF64(into[i])} {
						require.Len(t, g, len(w))
						for j := range w {
							tol := 1e-4 * (1 + math.Abs(w[j]))
							if tc.prec == "FP16" {
								// the unfused graph rounds every intermediate to f16: a few
								// ulps of the operands, which cancel in a residual sum
								tol = 1e-2 * (1 + maxAbs)
							}
							require.InDelta(t, w[j], g[j], tol, "%s t%d output %d [%d]", tc.name, threads, i, j)
						}
					}
				}
			}
		}
	}
}

// TestFuseEpiloguesZeroAllocs: RunInto of a fused program allocates nothing.
func TestFuseEpiloguesZeroAllocs(t *testing.T) {
	if fuseRaceEnabled {
		t.Skip("the race detector allocates")
	}
	for _, prec := range []string{"FP32", "FP16"} {
		b := newFuseNet(prec, 99)
		x := b.param("x", 1, 8, 12, 12)
		c1 := b.conv("conv1", x, 8, 16)
		a1 := b.op("bias1", "Add", "opset1", "", c1, b.constant(nil, 1, 16, 1, 1))
		r1 := b.op("relu1", "ReLU", "opset1", "", a1)
		c2 := b.conv("conv2", r1, 16, 16)
		a2 := b.op("bias2", "Add", "opset1", "", c2, b.constant(nil, 1, 16, 1, 1))
		b.result(b.op("res", "Add", "opset1", "", a2, r1))
		for _, threads := range []int{1, 2} {
			p := b.load(t, Options{Threads: threads})
			require.Equal(t, []string{"Convolution+Add+ReLU", "Convolution+Add+Add"}, fuseLabels(t, p))
			ins := fuseInputs(p, 1)
			outs, err := p.Run(context.Background(), ins)
			require.NoError(t, err)
			require.NoError(t, p.RunInto(context.Background(), ins, outs))
			allocs := testing.AllocsPerRun(20, func() { _ = p.RunInto(context.Background(), ins, outs) })
			require.Zero(t, allocs, "%s t%d", prec, threads)
		}
	}
}
