package graph_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/irrun/irrun/graph"
	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

// Hostile models and inputs for Build, Compile and Run: every one ends in a clear error
// (naming the values involved) or a correct result; nothing panics or hangs.

func hNet(layers, edges string) []byte {
	return []byte("<?xml version=\"1.0\"?>\n<net name=\"hostile\" version=\"11\">\n<layers>\n" + layers +
		"</layers>\n<edges>\n" + edges + "</edges>\n</net>\n")
}

func hParam(id int, shape, et string) string {
	return fmt.Sprintf(`<layer id="%d" name="x%d" type="Parameter" version="opset1"><data shape="%s" element_type="%s"/><output><port id="0" precision="FP32" names="x%d"/></output></layer>`+"\n", id, id, shape, et, id)
}

func hOp(id int, typ, version, data string, nin, nout int) string {
	var in, out strings.Builder
	for i := 0; i < nin; i++ {
		fmt.Fprintf(&in, `<port id="%d" precision="FP32"/>`, i)
	}
	for i := 0; i < nout; i++ {
		fmt.Fprintf(&out, `<port id="%d" precision="FP32"/>`, nin+i)
	}
	return fmt.Sprintf(`<layer id="%d" name="op%d" type="%s" version="%s"><data %s/><input>%s</input><output>%s</output></layer>`+"\n",
		id, id, typ, version, data, in.String(), out.String())
}

func hResult(id int) string {
	return fmt.Sprintf(`<layer id="%d" name="r%d" type="Result" version="opset1"><input><port id="0" precision="FP32"/></input></layer>`+"\n", id, id)
}

func hEdge(from, fromPort, to, toPort int64) string {
	return fmt.Sprintf(`<edge from-layer="%d" from-port="%d" to-layer="%d" to-port="%d"/>`+"\n", from, fromPort, to, toPort)
}

func hPool(shape, data string) []byte {
	return hNet(hParam(0, shape, "f32")+hOp(1, "MaxPool", "opset1", data, 1, 1)+hResult(2),
		hEdge(0, 0, 1, 0)+hEdge(1, 1, 2, 0))
}

const hPoolAttrs = `kernel="%s" strides="%s" pads_begin="%s" pads_end="%s" rounding_type="%s" auto_pad="%s"`

func hPoolData(kernel, strides, pb, pe, rounding, autoPad string) string {
	return fmt.Sprintf(hPoolAttrs, kernel, strides, pb, pe, rounding, autoPad)
}

// hLoad parses and builds xml with weights bin (nil for none).
func hLoad(t *testing.T, xml, bin []byte) *graph.Graph {
	t.Helper()
	m, err := ir.Parse("hostile.xml", xml)
	require.NoError(t, err)
	if bin != nil {
		m.SetWeights(ir.NewWeights(bin, "hostile.bin"))
	}
	return graph.Build(m)
}

// TestHostileModels lists models that must be refused by Build (an error diagnostic) or
// Compile, with a message naming the offending value.
func TestHostileModels(t *testing.T) {
	good := hPoolData("2,2", "2,2", "0,0", "0,0", "floor", "explicit")
	relu := func(id int) string { return hOp(id, "MaxPool", "opset1", good, 1, 1) }
	cases := []struct {
		name string
		xml  []byte
		bin  []byte
		code string // expected diagnostic code ("" when Compile is what refuses)
		msg  string
	}{
		{"zero kernel", hPool("1,1,4,4", hPoolData("0,2", "1,1", "0,0", "0,0", "floor", "explicit")), nil, "op-validation",
			"larger than the data shape after padding (dim: 4) at axis 0. (kernel 0, dilation 1, input 4, pads 0+0)"},
		{"negative kernel", hPool("1,1,4,4", hPoolData("-1,2", "1,1", "0,0", "0,0", "floor", "explicit")), nil, "op-validation",
			"Attribute kernel=[-1, 2] has a negative value"},
		{"zero stride", hPool("1,1,4,4", hPoolData("2,2", "0,1", "0,0", "0,0", "floor", "explicit")), nil, "op-validation",
			"Strides has zero dimension(s). Strides{0, 1}"},
		{"negative stride", hPool("1,1,4,4", hPoolData("2,2", "-3,1", "0,0", "0,0", "floor", "explicit")), nil, "op-validation",
			"Attribute strides=[-3, 1] has a negative value"},
		{"negative pad", hPool("1,1,4,4", hPoolData("2,2", "1,1", "-1,0", "0,0", "floor", "explicit")), nil, "op-validation",
			"Attribute pads_begin=[-1, 0] has a negative value"},
		{"huge kernel", hPool("1,1,4,4", hPoolData("9223372036854775807,2", "1,1", "0,0", "0,0", "floor", "explicit")), nil, "op-validation",
			"Kernel after dilation has size (dim: 9223372036854775807) larger than the data shape after padding (dim: 4) at axis 0"},
		{"overflowing kernel", hPool("1,1,4,4", hPoolData("9223372036854775808,2", "1,1", "0,0", "0,0", "floor", "explicit")), nil, "invalid-attribute",
			`field "9223372036854775808" is not a signed 64 bit integer`},
		{"unknown rounding", hPool("1,1,4,4", hPoolData("2,2", "1,1", "0,0", "0,0", "round", "explicit")), nil, "invalid-attribute",
			`"round" is not a member of enum rounding_type (floor, ceil, ceil_torch)`},
		{"unknown auto_pad", hPool("1,1,4,4", hPoolData("2,2", "1,1", "0,0", "0,0", "floor", "bogus")), nil, "invalid-attribute",
			`"bogus" is not a member of enum auto_pad`},
		{"unknown element type", hNet(hParam(0, "1,1,4,4", "f33")+relu(1)+hResult(2), hEdge(0, 0, 1, 0)+hEdge(1, 1, 2, 0)), nil, "invalid-attribute",
			`f33`},
		{"kernel rank", hPool("1,1,4,4", hPoolData("2,2,2", "1,1,1", "0,0,0", "0,0,0", "floor", "explicit")), nil, "op-validation",
			"Expected kernel size to be equal to input size - 2. Got: 3"},
		{"rank 9", hPool("1,1,1,1,1,1,1,1,1", good), nil, "op-validation", "Expected a 3D, 4D or 5D tensor for the input"},
		{"self loop", hNet(hParam(0, "1,1,4,4", "f32")+relu(1)+hResult(2), hEdge(1, 1, 1, 0)+hEdge(1, 1, 2, 0)), nil, "cycle",
			`MaxPool layer "op1" (id 1) feeds itself (self-loop edge)`},
		{"cycle", hNet(hParam(0, "1,1,4,4", "f32")+relu(1)+relu(2)+hResult(3), hEdge(1, 1, 2, 0)+hEdge(2, 1, 1, 0)+hEdge(2, 1, 3, 0)), nil, "cycle",
			`cycle through 2 layers: "op1" (id 1), "op2" (id 2)`},
		{"duplicate id", hNet(hParam(0, "1,1,4,4", "f32")+relu(1)+relu(1)+hResult(2), hEdge(0, 0, 1, 0)+hEdge(1, 1, 2, 0)), nil, "duplicate-layer-id",
			"layer id 1 is used twice"},
		{"edge to missing layer", hNet(hParam(0, "1,1,4,4", "f32")+hResult(2), hEdge(0, 0, 9, 0)+hEdge(0, 0, 2, 0)), nil, "edge-missing-layer",
			"no layer with id 9"},
		{"edge to missing port", hNet(hParam(0, "1,1,4,4", "f32")+relu(1)+hResult(2), hEdge(0, 0, 1, 7)+hEdge(1, 1, 2, 0)), nil, "edge-missing-port",
			"Can not find input port with id 7 in layer op1"},
		{"edge from missing port", hNet(hParam(0, "1,1,4,4", "f32")+relu(1)+hResult(2), hEdge(0, 5, 1, 0)+hEdge(1, 1, 2, 0)), nil, "edge-missing-port",
			"Can not find output port with id 5 in layer x0"},
		{"two edges into one port", hNet(hParam(0, "1,1,4,4", "f32")+hParam(1, "1,1,4,4", "f32")+hResult(2), hEdge(0, 0, 2, 0)+hEdge(1, 0, 2, 0)), nil, "duplicate-input-edge",
			"input port 0 of Result layer \"r2\" (id 2) is already fed by layer \"x0\""},
		{"result not connected", hNet(hParam(0, "1,1,4,4", "f32")+hResult(2), ""), nil, "input-not-connected",
			"input port 0 (index 0) of Result layer \"r2\" (id 2) has no edge"},
		{"const offset overflow", hNet(hParam(0, "2,3", "f32")+
			`<layer id="1" name="order" type="Const" version="opset1"><data element_type="i64" shape="2" offset="18446744073709551615" size="16"/><output><port id="0" precision="I64"/></output></layer>`+"\n"+
			hOp(2, "Transpose", "opset1", "", 2, 1)+hResult(3), hEdge(0, 0, 2, 0)+hEdge(1, 0, 2, 1)+hEdge(2, 2, 3, 0)), make([]byte, 16), "const-out-of-range",
			"reads bytes [18446744073709551615, 18446744073709551615+16) but the .bin has 16 bytes"},
		{"const past the bin", hNet(hParam(0, "2,3", "f32")+
			`<layer id="1" name="order" type="Const" version="opset1"><data element_type="i64" shape="2" offset="8" size="16"/><output><port id="0" precision="I64"/></output></layer>`+"\n"+
			hOp(2, "Transpose", "opset1", "", 2, 1)+hResult(3), hEdge(0, 0, 2, 0)+hEdge(1, 0, 2, 1)+hEdge(2, 2, 3, 0)), make([]byte, 16), "const-out-of-range",
			"reads bytes [8, 8+16) but the .bin has 16 bytes"},
		{"output needs 8 GiB", hPool("1,1,65536,131072", good), nil, "",
			"a f32 tensor of 2147483648 elements needs 8589934592 bytes, more than the memory limit of 4294967296 bytes"},
		{"no result", hNet(hParam(0, "1", "f32"), ""), nil, "", "the model has no Result layer"},
		{"const without weights", hNet(hParam(0, "2,3", "f32")+
			`<layer id="1" name="order" type="Const" version="opset1"><data element_type="i64" shape="2" offset="0" size="16"/><output><port id="0" precision="I64"/></output></layer>`+"\n"+
			hOp(2, "Transpose", "opset1", "", 2, 1)+hResult(3), hEdge(0, 0, 2, 0)+hEdge(1, 0, 2, 1)+hEdge(2, 2, 3, 0)), nil, "",
			"no .bin was given or found beside the XML"},
		{"unsupported op", hNet(hParam(0, "2,3", "f32")+hOp(1, "CustomOp", "extension", ``, 1, 1)+hResult(2), hEdge(0, 0, 1, 0)+hEdge(1, 1, 2, 0)), nil, "",
			"the model uses ops irrun does not implement: CustomOp-extension"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := hLoad(t, tc.xml, tc.bin)
			if tc.code != "" {
				found := false
				for _, d := range g.Diagnostics {
					if d.Code == tc.code && strings.Contains(d.Message, tc.msg) {
						found = true
						require.Equal(t, ir.SeverityError, d.Severity, d.Message)
					}
				}
				require.True(t, found, "no %s diagnostic containing %q in:\n%s", tc.code, tc.msg, fmtDiags(g))
			}
			p, err := graph.Compile(g, graph.Options{Threads: 1})
			require.Nil(t, p)
			require.Error(t, err)
			if tc.code == "" {
				require.ErrorContains(t, err, tc.msg)
			}
			var fe *ir.FormatError
			var ue *ir.UnsupportedError
			var ne *graph.NodeError
			require.True(t, errors.As(err, &fe) || errors.As(err, &ue) || errors.As(err, &ne) || strings.HasPrefix(err.Error(), "graph: "),
				"error %T: %v", err, err)
			require.NotContains(t, err.Error(), "internal error")
		})
	}
}

func fmtDiags(g *graph.Graph) string {
	var b strings.Builder
	for _, d := range g.Diagnostics {
		fmt.Fprintf(&b, "  %s %s: %s\n", d.Severity, d.Code, d.Message)
	}
	return b.String()
}

// TestHostileOverflowingParameterShape: a static Parameter shape whose element count
// overflows int64 (or exceeds 2^40 elements) must be refused with a message naming it, not
// accepted and left to fail on every Run.
func TestHostileOverflowingParameterShape(t *testing.T) {
	for _, shape := range []string{
		"9223372036854775807,9223372036854775807,1,1",
		"1099511627776,1099511627776,1,1",
		"1,1,9223372036854775807,9223372036854775807",
	} {
		t.Run(shape, func(t *testing.T) {
			g := hLoad(t, hPool(shape, hPoolData("1,1", "1,1", "0,0", "0,0", "floor", "explicit")), nil)
			p, err := graph.Compile(g, graph.Options{Threads: 1})
			require.Nil(t, p)
			require.ErrorContains(t, err, `Parameter "x0" has shape [`+shape+"], more than 1099511627776 elements")
		})
	}
}

// TestHostileRunInputs passes malformed tensors to Run and RunInto.
func TestHostileRunInputs(t *testing.T) {
	g := hLoad(t, hPool("1,1,?,4", hPoolData("2,2", "2,2", "0,0", "0,0", "floor", "explicit")), nil)
	require.NoError(t, g.Err())
	p, err := graph.Compile(g, graph.Options{Threads: 1, MaxMemory: 1 << 20})
	require.NoError(t, err)
	defer p.Close()
	ctx := context.Background()
	f32 := func(shape []int, n int) *ir.Tensor {
		return &ir.Tensor{Type: ir.F32, Shape: shape, Data: make([]float32, n)}
	}
	cases := []struct {
		name string
		in   []*ir.Tensor
		msg  string
	}{
		{"no inputs", nil, `got 0 inputs, the model has 1 ("x0")`},
		{"two inputs", []*ir.Tensor{f32([]int{1, 1, 4, 4}, 16), f32([]int{1, 1, 4, 4}, 16)}, "got 2 inputs, the model has 1"},
		{"nil tensor", []*ir.Tensor{nil}, `input 0 ("x0") is nil`},
		{"wrong dtype", []*ir.Tensor{{Type: ir.F16, Shape: []int{1, 1, 4, 4}, Data: make([]uint16, 16)}}, "has element type f16, the model expects f32"},
		{"wrong rank", []*ir.Tensor{f32([]int{1, 4, 4}, 16)}, "has shape [1 4 4], the model expects [1,1,?,4]: rank 3, want rank 4"},
		{"wrong dim", []*ir.Tensor{f32([]int{1, 1, 4, 5}, 20)}, "dimension 3 is 5, want 4"},
		{"negative dim", []*ir.Tensor{f32([]int{1, 1, -4, 4}, 16)}, "negative dimension"},
		{"data too short", []*ir.Tensor{f32([]int{1, 1, 4, 4}, 15)}, "data holds 15 elements, shape [1 1 4 4] needs 16"},
		{"data too long", []*ir.Tensor{f32([]int{1, 1, 4, 4}, 17)}, "data holds 17 elements, shape [1 1 4 4] needs 16"},
		{"data Go type", []*ir.Tensor{{Type: ir.F32, Shape: []int{1, 1, 4, 4}, Data: make([]float64, 16)}}, "data of Go type []float64 does not hold f32 elements"},
		{"nil data", []*ir.Tensor{{Type: ir.F32, Shape: []int{1, 1, 4, 4}}}, "data of Go type <nil> does not hold f32 elements"},
		{"overflowing shape", []*ir.Tensor{f32([]int{1, 1, 1 << 62, 4}, 16)}, "has more than 1099511627776 elements"},
		{"shape beyond memory", []*ir.Tensor{f32([]int{1, 1, 1 << 20, 4}, 1<<22)}, "more than the memory limit of 1048576 bytes"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			outs, err := p.Run(ctx, tc.in)
			require.Nil(t, outs)
			require.ErrorContains(t, err, tc.msg)
		})
	}
	// RunInto with output tensors of the wrong shape, type or length.
	in := []*ir.Tensor{f32([]int{1, 1, 4, 4}, 16)}
	require.ErrorContains(t, p.RunInto(ctx, in, nil), "got 0 output tensors, the model has 1 outputs")
	require.ErrorContains(t, p.RunInto(ctx, in, []*ir.Tensor{nil}), `output 0 ("r2") is nil`)
	require.ErrorContains(t, p.RunInto(ctx, in, []*ir.Tensor{f32([]int{1, 1, 2, 3}, 6)}), "is f32[1 1 2 3], this run produces f32[1 1 2 2]")
	require.ErrorContains(t, p.RunInto(ctx, in, []*ir.Tensor{f32([]int{1, 1, 2, 2}, 3)}), "data holds 3 elements, shape [1 1 2 2] needs 4")
	require.NoError(t, p.RunInto(ctx, in, []*ir.Tensor{f32([]int{1, 1, 2, 2}, 4)}))
}

// TestHostileDefaultMaxMemory checks the default limit is in force and that an explicit one
// is honoured at Compile and at Run (dynamic shapes).
func TestHostileDefaultMaxMemory(t *testing.T) {
	require.Equal(t, int64(4<<30), graph.DefaultMaxMemory)
	g := hLoad(t, hPool("1,1,?,?", hPoolData("1,1", "1,1", "0,0", "0,0", "floor", "explicit")), nil)
	p, err := graph.Compile(g, graph.Options{Threads: 1, MaxMemory: 4096})
	require.NoError(t, err)
	defer p.Close()
	_, err = p.Run(context.Background(), []*ir.Tensor{{Type: ir.F32, Shape: []int{1, 1, 64, 64}, Data: make([]float32, 4096)}})
	require.ErrorContains(t, err, "a f32 tensor of 4096 elements needs 16384 bytes, more than the memory limit of 4096 bytes")
	_, err = graph.Compile(g, graph.Options{MaxMemory: -1})
	require.ErrorContains(t, err, "Options.MaxMemory is -1, want >= 0")
}

// convertChain is Parameter -> n Converts (f32 -> f32) -> Result.
func convertChain(n int) []byte {
	var l, e strings.Builder
	l.WriteString(hParam(0, "1,4", "f32"))
	for i := 1; i <= n; i++ {
		l.WriteString(hOp(i, "Convert", "opset1", `destination_type="f32"`, 1, 1))
		from := int64(1)
		if i == 1 {
			from = 0
		}
		e.WriteString(hEdge(int64(i-1), from, int64(i), 0))
	}
	l.WriteString(hResult(n + 1))
	e.WriteString(hEdge(int64(n), 1, int64(n+1), 0))
	return hNet(l.String(), e.String())
}

// TestHostileBigGraphs: a 100,000-layer chain, a 10,000-way fan-out and a 10,000-input
// unsupported op load, check and (when supported) run in bounded time.
func TestHostileBigGraphs(t *testing.T) {
	if testing.Short() {
		t.Skip("big inputs")
	}
	ctx := context.Background()
	in := &ir.Tensor{Type: ir.F32, Shape: []int{1, 4}, Data: []float32{1, -2, 3.5, 4}}

	timed := func(name string, f func()) time.Duration {
		start := time.Now()
		f()
		el := time.Since(start)
		t.Logf("%s: %v", name, el)
		return el
	}

	// 100,000-layer chain.
	xml := convertChain(100000)
	var m *ir.Model
	var g *graph.Graph
	var p *graph.Program
	total := timed("chain 100,000: Parse", func() {
		var err error
		m, err = ir.Parse("chain.xml", xml)
		require.NoError(t, err)
	})
	total += timed("chain 100,000: Build", func() { g = graph.Build(m) })
	require.NoError(t, g.Err())
	total += timed("chain 100,000: Compile", func() {
		var err error
		p, err = graph.Compile(g, graph.Options{Threads: 1})
		require.NoError(t, err)
	})
	total += timed("chain 100,000: Run", func() {
		outs, err := p.Run(ctx, []*ir.Tensor{in})
		require.NoError(t, err)
		require.Equal(t, in.Data, outs[0].Data)
	})
	p.Close()
	require.Less(t, total, 120*time.Second)

	// One Parameter feeding 10,000 Results.
	var l, e strings.Builder
	l.WriteString(hParam(0, "1,4", "f32"))
	for i := 1; i <= 10000; i++ {
		l.WriteString(hResult(i))
		e.WriteString(hEdge(0, 0, int64(i), 0))
	}
	total = timed("fan-out 10,000: Parse+Build+Compile+Run", func() {
		m, err := ir.Parse("fan.xml", hNet(l.String(), e.String()))
		require.NoError(t, err)
		g := graph.Build(m)
		require.NoError(t, g.Err())
		p, err := graph.Compile(g, graph.Options{Threads: 1})
		require.NoError(t, err)
		defer p.Close()
		outs, err := p.Run(ctx, []*ir.Tensor{in})
		require.NoError(t, err)
		require.Len(t, outs, 10000)
		require.Equal(t, in.Data, outs[9999].Data)
	})
	require.Less(t, total, 60*time.Second)

	// An unsupported op with 10,000 inputs.
	l.Reset()
	e.Reset()
	l.WriteString(hParam(0, "1,4", "f32"))
	l.WriteString(hOp(1, "CustomOp", "extension", ``, 10000, 1))
	l.WriteString(hResult(2))
	for i := 0; i < 10000; i++ {
		e.WriteString(hEdge(0, 0, 1, int64(i)))
	}
	e.WriteString(hEdge(1, 10000, 2, 0))
	total = timed("CustomOp with 10,000 inputs: Parse+Build+Compile", func() {
		m, err := ir.Parse("concat.xml", hNet(l.String(), e.String()))
		require.NoError(t, err)
		g := graph.Build(m)
		require.NoError(t, g.Err())
		_, err = graph.Compile(g, graph.Options{Threads: 1})
		require.ErrorContains(t, err, "the model uses ops irrun does not implement: CustomOp-extension")
	})
	require.Less(t, total, 60*time.Second)
}

// TestHostilePoolingWorkBomb: a pooling window made huge by huge pads over a tiny input
// (OpenVINO accepts such attributes) must not run unbounded: the kernels (fast and
// reference) visit only the taps inside the input, so per-output work is bounded by the
// input. With 2^17 outputs of 2^17 taps each, an unclipped loop took tens of seconds; the
// clipped one takes milliseconds.
func TestHostilePoolingWorkBomb(t *testing.T) {
	if testing.Short() {
		t.Skip("slow by design")
	}
	const k = "131072"
	for _, tc := range []struct {
		name, shape, data string
		in                []int
	}{
		{"3d depth", "1,1,1,1,1", hPoolData(k+",1,1", "1,1,1", k+",0,0", k+",0,0", "floor", "explicit"), []int{1, 1, 1, 1, 1}},
		{"1d width", "1,1,1", hPoolData(k, "1", k, k, "floor", "explicit"), []int{1, 1, 1}},
	} {
		for _, ref := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/reference=%t", tc.name, ref), func(t *testing.T) {
				g := hLoad(t, hPool(tc.shape, tc.data), nil)
				require.NoError(t, g.Err(), fmtDiags(g))
				p, err := graph.Compile(g, graph.Options{Threads: 1, Reference: ref})
				require.NoError(t, err)
				defer p.Close()
				ctx, cancel := context.WithTimeout(context.Background(), time.Second)
				defer cancel()
				start := time.Now()
				done := make(chan error, 1)
				go func() {
					_, err := p.Run(ctx, []*ir.Tensor{{Type: ir.F32, Shape: tc.in, Data: []float32{7}}})
					done <- err
				}()
				select {
				case err := <-done:
					t.Logf("returned after %v: %v", time.Since(start), err)
					if err != nil {
						require.ErrorIs(t, err, context.DeadlineExceeded)
					}
				case <-time.After(3 * time.Second):
					t.Fatalf("Run still running %v after a 1 s context deadline (2 s grace): the kernels must visit only the taps inside the input", time.Since(start))
				}
			})
		}
	}
}
