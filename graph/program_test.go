package graph_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/irrun/irrun/graph"
	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

// netXML wraps layers and edges into an IR v11 document.
func netXML(layers, edges string) []byte {
	return []byte("<?xml version=\"1.0\"?>\n<net name=\"test\" version=\"11\">\n<layers>\n" + layers +
		"</layers>\n<edges>\n" + edges + "</edges>\n</net>\n")
}

func dimsXML(dims []string) string {
	var b strings.Builder
	for _, d := range dims {
		b.WriteString("<dim>" + d + "</dim>")
	}
	return b.String()
}

func paramXML(id int, name, shape, prec string) string {
	dims := strings.Split(shape, ",")
	for i, d := range dims {
		if strings.ContainsAny(d, "?.") {
			dims[i] = "-1"
		}
	}
	et := map[string]string{"FP32": "f32", "FP16": "f16", "I32": "i32"}[prec]
	return fmt.Sprintf(`<layer id="%d" name="%s" type="Parameter" version="opset1"><data shape="%s" element_type="%s"/><output><port id="0" precision="%s" names="%s">%s</port></output></layer>`+"\n",
		id, name, shape, et, prec, name, dimsXML(dims))
}

// layerXML is a layer with one input port (id 0) and outputs (ids 1..), no declared dims.
func layerXML(id int, name, typ, version, data string, nout int, names ...string) string {
	var outs strings.Builder
	for i := 0; i < nout; i++ {
		n := ""
		if i < len(names) && names[i] != "" {
			n = fmt.Sprintf(` names="%s"`, names[i])
		}
		prec := "FP32"
		if i == 1 {
			prec = "I64"
		}
		fmt.Fprintf(&outs, `<port id="%d" precision="%s"%s/>`, i+1, prec, n)
	}
	return fmt.Sprintf(`<layer id="%d" name="%s" type="%s" version="%s"><data %s/><input><port id="0" precision="FP32"/></input><output>%s</output></layer>`+"\n",
		id, name, typ, version, data, outs.String())
}

func resultXML(id int, name string) string {
	return fmt.Sprintf(`<layer id="%d" name="%s" type="Result" version="opset1"><input><port id="0" precision="FP32"/></input></layer>`+"\n", id, name)
}

func edgeXML(from, fromPort, to, toPort int) string {
	return fmt.Sprintf(`<edge from-layer="%d" from-port="%d" to-layer="%d" to-port="%d"/>`+"\n", from, fromPort, to, toPort)
}

const maxPool8 = `strides="%d, %d" dilations="1, 1" pads_begin="0, 0" pads_end="0, 0" kernel="%d, %d" rounding_type="floor" auto_pad="%s" index_element_type="i64" axis="0"`

// compileXML parses, builds and compiles a model.
func compileXML(t testing.TB, data []byte, opts graph.Options) *graph.Program {
	t.Helper()
	m, err := ir.Parse("test.xml", data)
	require.NoError(t, err)
	g := graph.Build(m)
	require.NoError(t, g.Err(), "%s", dump(g))
	p, err := graph.Compile(g, opts)
	require.NoError(t, err)
	t.Cleanup(p.Close)
	return p
}

func f32Tensor(shape []int, vals []float32) *ir.Tensor {
	return &ir.Tensor{Type: ir.F32, Shape: shape, Data: vals}
}

func randTensor(r *rand.Rand, shape ...int) *ir.Tensor {
	n, _ := ir.ElementCount(shape)
	v := make([]float32, n)
	for i := range v {
		v[i] = float32(math.Round(r.NormFloat64()*1000) / 100)
	}
	return f32Tensor(shape, v)
}

// naiveMaxPoolSame is an independent MaxPool over NCHW with SAME_UPPER padding and
// OpenVINO's axis-0 flat indices (ties: first in row-major order).
func naiveMaxPoolSame(x *ir.Tensor, k, s int) (vals []float32, idx []int64, oh, ow int) {
	n, c, h, w := x.Shape[0], x.Shape[1], x.Shape[2], x.Shape[3]
	data := x.Data.([]float32)
	oh, ow = (h+s-1)/s, (w+s-1)/s
	padH := max(0, (oh-1)*s+k-h) / 2
	padW := max(0, (ow-1)*s+k-w) / 2
	for b := 0; b < n*c; b++ {
		for i := 0; i < oh; i++ {
			for j := 0; j < ow; j++ {
				best, bi := float32(math.Inf(-1)), int64(-1)
				for di := 0; di < k; di++ {
					for dj := 0; dj < k; dj++ {
						y, xx := i*s-padH+di, j*s-padW+dj
						if y < 0 || y >= h || xx < 0 || xx >= w {
							continue
						}
						off := b*h*w + y*w + xx
						if bi < 0 || data[off] > best {
							best, bi = data[off], int64(off)
						}
					}
				}
				vals = append(vals, best)
				idx = append(idx, bi)
			}
		}
	}
	return vals, idx, oh, ow
}

// poolModel: x [shape] -> MaxPool-8 (k, s, auto_pad) -> Results "y" (values) and "idx".
func poolModel(shape string, k, s int, autoPad string) []byte {
	return netXML(
		paramXML(0, "x", shape, "FP32")+
			layerXML(1, "pool", "MaxPool", "opset8", fmt.Sprintf(maxPool8, s, s, k, k, autoPad), 2, "y", "idx")+
			resultXML(2, "y/sink_port_0")+resultXML(3, "idx/sink_port_0"),
		edgeXML(0, 0, 1, 0)+edgeXML(1, 1, 2, 0)+edgeXML(1, 2, 3, 0))
}

func TestProgramInfo(t *testing.T) {
	p := compileXML(t, poolModel("1,3,?,?", 3, 2, "same_upper"), graph.Options{Threads: 1})
	require.Equal(t, []graph.TensorInfo{{Name: "x", TensorNames: []string{"x"}, Type: ir.F32,
		Shape: ir.Shape{Dims: []ir.Dim{ir.StaticDim(1), ir.StaticDim(3), ir.DynamicDim(), ir.DynamicDim()}}}}, p.Inputs())
	outs := p.Outputs()
	require.Len(t, outs, 2)
	require.Equal(t, "y", outs[0].Name)
	require.Equal(t, "y/sink_port_0", outs[0].Result)
	require.Equal(t, ir.F32, outs[0].Type)
	require.Equal(t, "[1,3,?,?]", outs[0].Shape.String())
	require.Equal(t, "idx", outs[1].Name)
	require.Equal(t, ir.I64, outs[1].Type)
}

// TestDynamicShapes runs one program (Parameter 1,3,?,?; MaxPool SAME_UPPER) on inputs of
// different shapes, against an independent naive pooling.
func TestDynamicShapes(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, opts := range []graph.Options{{Reference: true, Threads: 1}, {Threads: 2}} {
		p := compileXML(t, poolModel("1,3,?,?", 3, 2, "same_upper"), opts)
		for _, hw := range [][2]int{{7, 9}, {16, 16}, {1, 1}, {7, 9}} {
			x := randTensor(r, 1, 3, hw[0], hw[1])
			outs, err := p.Run(context.Background(), []*ir.Tensor{x})
			require.NoError(t, err)
			vals, idx, oh, ow := naiveMaxPoolSame(x, 3, 2)
			require.Equal(t, []int{1, 3, oh, ow}, outs[0].Shape)
			require.Equal(t, vals, outs[0].Data)
			require.Equal(t, idx, outs[1].Data)
		}
	}
}

func TestRunInputErrors(t *testing.T) {
	p := compileXML(t, poolModel("1,3,2..8,?", 2, 2, "valid"), graph.Options{Threads: 1})
	ctx := context.Background()
	good := f32Tensor([]int{1, 3, 4, 4}, make([]float32, 48))
	cases := []struct {
		name   string
		inputs []*ir.Tensor
		msg    string
	}{
		{"count", nil, `got 0 inputs, the model has 1 ("x")`},
		{"nil", []*ir.Tensor{nil}, `input 0 ("x") is nil`},
		{"type", []*ir.Tensor{{Type: ir.I32, Shape: []int{1, 3, 4, 4}, Data: make([]int32, 48)}}, "element type i32, the model expects f32"},
		{"rank", []*ir.Tensor{f32Tensor([]int{3, 4, 4}, make([]float32, 48))}, "rank 3, want rank 4"},
		{"dim", []*ir.Tensor{f32Tensor([]int{1, 2, 4, 4}, make([]float32, 32))}, "dimension 1 is 2, want 3"},
		{"interval", []*ir.Tensor{f32Tensor([]int{1, 3, 9, 4}, make([]float32, 108))}, "dimension 2 is 9, want 2..8"},
		{"data length", []*ir.Tensor{f32Tensor([]int{1, 3, 4, 4}, make([]float32, 47))}, "data holds 47 elements, shape [1 3 4 4] needs 48"},
		{"data type", []*ir.Tensor{{Type: ir.F32, Shape: []int{1, 3, 4, 4}, Data: make([]float64, 48)}}, "data of Go type []float64 does not hold f32 elements"},
		{"negative dim", []*ir.Tensor{f32Tensor([]int{1, 3, -4, 4}, nil)}, "negative"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := p.Run(ctx, c.inputs)
			require.ErrorContains(t, err, c.msg)
		})
	}
	_, err := p.Run(ctx, []*ir.Tensor{good})
	require.NoError(t, err)

	outs := []*ir.Tensor{f32Tensor([]int{1, 3, 2, 2}, make([]float32, 12)), {Type: ir.I64, Shape: []int{1, 3, 2, 3}, Data: make([]int64, 18)}}
	require.ErrorContains(t, p.RunInto(ctx, []*ir.Tensor{good}, outs), `output 1 ("idx") is i64[1 3 2 3], this run produces i64[1 3 2 2]`)
	require.ErrorContains(t, p.RunInto(ctx, []*ir.Tensor{good}, outs[:1]), "got 1 output tensors, the model has 2")

	p.Close()
	_, err = p.Run(ctx, []*ir.Tensor{good})
	require.ErrorContains(t, err, "closed")
}

// transposeModel: x f32 [2,3,4] -> Transpose (Const order 2,0,1 from the .bin) ->
// Convert f16 -> Convert f32 -> Result; plus the weights.
func transposeModel() ([]byte, []byte) {
	c := `<layer id="1" name="order" type="Const" version="opset1"><data element_type="i64" shape="3" offset="0" size="24"/><output><port id="0" precision="I64"><dim>3</dim></port></output></layer>` + "\n"
	tr := `<layer id="2" name="t" type="Transpose" version="opset1"><input><port id="0" precision="FP32"/><port id="1" precision="I64"><dim>3</dim></port></input><output><port id="2" precision="FP32" names="t"/></output></layer>` + "\n"
	xml := netXML(paramXML(0, "x", "2,3,4", "FP32")+c+tr+
		layerXML(3, "half", "Convert", "opset1", `destination_type="f16"`, 1)+
		layerXML(4, "full", "Convert", "opset1", `destination_type="f32"`, 1, "y")+resultXML(5, "y"),
		edgeXML(0, 0, 2, 0)+edgeXML(1, 0, 2, 1)+edgeXML(2, 2, 3, 0)+edgeXML(3, 1, 4, 0)+edgeXML(4, 1, 5, 0))
	bin := make([]byte, 24)
	for i, v := range []byte{2, 0, 1} {
		bin[8*i] = v
	}
	return xml, bin
}

// TestRunIntoAllocs: steady-state RunInto allocates nothing, with and without workers.
func TestRunIntoAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not meaningful under -race")
	}
	ctx := context.Background()
	allOpts := []graph.Options{{Threads: 1}, {Threads: 2}, {Reference: true, Threads: 1}}
	// Convert kernels allocate nothing: the whole run must not either.
	convert := netXML(paramXML(0, "x", "2,3,4", "FP32")+
		layerXML(1, "half", "Convert", "opset1", `destination_type="f16"`, 1)+
		layerXML(2, "full", "Convert", "opset1", `destination_type="f32"`, 1, "y")+resultXML(3, "y"),
		edgeXML(0, 0, 1, 0)+edgeXML(1, 1, 2, 0)+edgeXML(2, 1, 3, 0))
	for _, opts := range allOpts {
		p := compileXML(t, convert, opts)
		x := make([]float32, 24)
		for i := range x {
			x[i] = float32(i) + 0.25
		}
		in := []*ir.Tensor{f32Tensor([]int{2, 3, 4}, x)}
		outs := []*ir.Tensor{f32Tensor([]int{2, 3, 4}, make([]float32, 24))}
		require.NoError(t, p.RunInto(ctx, in, outs))
		allocs := testing.AllocsPerRun(100, func() {
			if err := p.RunInto(ctx, in, outs); err != nil {
				t.Fatal(err)
			}
		})
		require.Zero(t, allocs, "%+v", opts)
		require.Equal(t, x, outs[0].Data) // exact in f16
	}

	// Transpose: the graph side allocates nothing (above), but the reference Transpose
	// kernel may allocate index arrays per call; the count is logged, not asserted.
	xml, bin := transposeModel()
	m, err := ir.Parse("transpose.xml", xml)
	require.NoError(t, err)
	m.SetWeights(ir.NewWeights(bin, "transpose.bin"))
	g := graph.Build(m)
	require.NoError(t, g.Err(), "%s", dump(g))
	for _, opts := range allOpts {
		p, err := graph.Compile(g, opts)
		require.NoError(t, err)
		x := make([]float32, 24)
		for i := range x {
			x[i] = float32(i) + 0.25
		}
		in := []*ir.Tensor{f32Tensor([]int{2, 3, 4}, x)}
		outs := []*ir.Tensor{f32Tensor([]int{4, 2, 3}, make([]float32, 24))}
		require.NoError(t, p.RunInto(ctx, in, outs))
		allocs := testing.AllocsPerRun(100, func() {
			if err := p.RunInto(ctx, in, outs); err != nil {
				t.Fatal(err)
			}
		})
		if allocs > 0 {
			t.Logf("transpose model %+v: %v allocations per RunInto (kernels)", opts, allocs)
		}
		// y[k][i][j] = x[i][j][k]
		y := outs[0].Data.([]float32)
		for i := 0; i < 2; i++ {
			for j := 0; j < 3; j++ {
				for k := 0; k < 4; k++ {
					require.Equal(t, x[i*12+j*4+k], y[k*6+i*3+j])
				}
			}
		}
		p.Close()
	}
	for _, opts := range allOpts {
		p := compileXML(t, poolModel("1,4,32,32", 3, 1, "same_upper"), opts)
		x := randTensor(rand.New(rand.NewPCG(3, 4)), 1, 4, 32, 32)
		outs := []*ir.Tensor{
			f32Tensor([]int{1, 4, 32, 32}, make([]float32, 4096)),
			{Type: ir.I64, Shape: []int{1, 4, 32, 32}, Data: make([]int64, 4096)},
		}
		require.NoError(t, p.RunInto(ctx, []*ir.Tensor{x}, outs))
		allocs := testing.AllocsPerRun(50, func() {
			if err := p.RunInto(ctx, []*ir.Tensor{x}, outs); err != nil {
				t.Fatal(err)
			}
		})
		// The MaxPool kernels allocate nothing, and the pool writes its values and
		// indices straight into outs: the whole run allocates nothing.
		require.Zero(t, allocs, "pooling model %+v", opts)
		vals, idx, _, _ := naiveMaxPoolSame(x, 3, 1)
		require.Equal(t, vals, outs[0].Data)
		require.Equal(t, idx, outs[1].Data)
	}
}

// chainModel: x [1,c,h,w] -> n x (MaxPool-8 k3 s1 same_upper -> AvgPool-1 k3 s1 same_upper
// -> Convert f16 -> Convert f32) -> Results "y" and "idx" (the first pool's indices).
func chainModel(shape string, n int) []byte {
	var layers, edges strings.Builder
	layers.WriteString(paramXML(0, "x", shape, "FP32"))
	prev, prevPort, id := 0, 0, 1
	for i := 0; i < n; i++ {
		layers.WriteString(layerXML(id, fmt.Sprintf("max%d", i), "MaxPool", "opset8", fmt.Sprintf(maxPool8, 1, 1, 3, 3, "same_upper"), 2))
		layers.WriteString(layerXML(id+1, fmt.Sprintf("avg%d", i), "AvgPool", "opset1",
			`strides="1, 1" pads_begin="0, 0" pads_end="0, 0" kernel="3, 3" exclude-pad="true" rounding_type="floor" auto_pad="same_upper"`, 1))
		layers.WriteString(layerXML(id+2, fmt.Sprintf("half%d", i), "Convert", "opset1", `destination_type="f16"`, 1))
		layers.WriteString(layerXML(id+3, fmt.Sprintf("full%d", i), "Convert", "opset1", `destination_type="f32"`, 1))
		edges.WriteString(edgeXML(prev, prevPort, id, 0))
		edges.WriteString(edgeXML(id, 1, id+1, 0))
		edges.WriteString(edgeXML(id+1, 1, id+2, 0))
		edges.WriteString(edgeXML(id+2, 1, id+3, 0))
		prev, prevPort = id+3, 1
		id += 4
	}
	layers.WriteString(resultXML(id, "y"))
	layers.WriteString(resultXML(id+1, "idx"))
	edges.WriteString(edgeXML(prev, prevPort, id, 0))
	edges.WriteString(edgeXML(1, 2, id+1, 0))
	return netXML(layers.String(), edges.String())
}

// TestConcurrentRuns runs one program from 64 goroutines; every output equals the
// single-threaded run of the same input.
func TestConcurrentRuns(t *testing.T) {
	model := chainModel("1,4,16,16", 3)
	single := compileXML(t, model, graph.Options{Threads: 1})
	r := rand.New(rand.NewPCG(5, 6))
	inputs := make([]*ir.Tensor, 8)
	want := make([][]*ir.Tensor, len(inputs))
	for i := range inputs {
		inputs[i] = randTensor(r, 1, 4, 16, 16)
		var err error
		want[i], err = single.Run(context.Background(), inputs[i:i+1])
		require.NoError(t, err)
	}
	iters := 10
	if testing.Short() || raceEnabled {
		iters = 5
	}
	for _, opts := range []graph.Options{{Threads: 2}, {Threads: 3}, {Reference: true, Threads: 1}} {
		p := compileXML(t, model, opts)
		var wg sync.WaitGroup
		errs := make(chan error, 64)
		for gi := 0; gi < 64; gi++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for it := 0; it < iters; it++ {
					k := (gi + it) % len(inputs)
					outs, err := p.Run(context.Background(), inputs[k:k+1])
					if err != nil {
						errs <- err
						return
					}
					for o := range outs {
						if !reflect.DeepEqual(outs[o].Data, want[k][o].Data) || !slices.Equal(outs[o].Shape, want[k][o].Shape) {
							errs <- fmt.Errorf("goroutine %d iteration %d output %d differs (%+v)", gi, it, o, opts)
							return
						}
					}
				}
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			require.NoError(t, err)
		}
	}
}

// TestCancel: cancelling the context stops a long run promptly.
func TestCancel(t *testing.T) {
	p := compileXML(t, chainModel("1,8,128,128", 60), graph.Options{Threads: 2})
	x := randTensor(rand.New(rand.NewPCG(7, 8)), 1, 8, 128, 128)

	start := time.Now()
	_, err := p.Run(context.Background(), []*ir.Tensor{x})
	require.NoError(t, err)
	full := time.Since(start)

	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := p.Run(ctx, []*ir.Tensor{x})
		done <- err
	}()
	time.Sleep(full / 10)
	cancel()
	cancelled := time.Now()
	err = <-done
	stop := time.Since(cancelled)
	require.ErrorIs(t, err, context.Canceled)
	t.Logf("full run %v; stopped %v after cancel", full, stop)
	// Promptly: within about one node's time; the bound is generous for loaded machines.
	require.Less(t, stop, full/2+250*time.Millisecond)

	// The program still works after a cancelled run.
	outs, err := p.Run(context.Background(), []*ir.Tensor{x})
	require.NoError(t, err)
	require.Equal(t, []int{1, 8, 128, 128}, outs[0].Shape)

	// An already cancelled context runs nothing.
	_, err = p.Run(ctx, []*ir.Tensor{x})
	require.ErrorIs(t, err, context.Canceled)
}

func TestProfile(t *testing.T) {
	p := compileXML(t, chainModel("1,2,8,8", 2), graph.Options{Threads: 1})
	x := randTensor(rand.New(rand.NewPCG(9, 10)), 1, 2, 8, 8)
	outs, timings, err := p.Profile(context.Background(), []*ir.Tensor{x})
	require.NoError(t, err)
	ref, err := p.Run(context.Background(), []*ir.Tensor{x})
	require.NoError(t, err)
	require.Equal(t, ref, outs)
	var names []string
	for _, lt := range timings {
		names = append(names, lt.Type+":"+lt.Name)
		require.GreaterOrEqual(t, lt.Duration, time.Duration(0))
	}
	require.Equal(t, []string{"MaxPool:max0", "AvgPool:avg0", "Convert:half0", "Convert:full0",
		"MaxPool:max1", "AvgPool:avg1", "Convert:half1", "Convert:full1"}, names)
}

// TestCompileRefusals: errors refuse with FormatError, reachable unsupported ops with
// UnsupportedError; an unreachable unsupported op does not block.
func TestCompileRefusals(t *testing.T) {
	relu := func(id int, name string) string {
		return fmt.Sprintf(`<layer id="%d" name="%s" type="CustomOp" version="extension"><input><port id="0" precision="FP32"><dim>1</dim><dim>4</dim></port></input><output><port id="1" precision="FP32"><dim>1</dim><dim>4</dim></port></output></layer>`+"\n", id, name)
	}
	reachable := netXML(paramXML(0, "x", "1,4", "FP32")+relu(1, "r1")+relu(2, "r2")+resultXML(3, "y"),
		edgeXML(0, 0, 1, 0)+edgeXML(1, 1, 2, 0)+edgeXML(2, 1, 3, 0))
	m, err := ir.Parse("relu.xml", reachable)
	require.NoError(t, err)
	g := graph.Build(m)
	require.False(t, g.HasErrors())
	require.False(t, g.Nodes[1].Supported())
	require.Equal(t, "[1,4]", g.Nodes[2].Outputs[0].Shape.String())
	require.False(t, g.Nodes[2].Outputs[0].Inferred)
	_, err = graph.Compile(g, graph.Options{})
	var ue *ir.UnsupportedError
	require.ErrorAs(t, err, &ue)
	require.Contains(t, err.Error(), `CustomOp-extension (layers "r1", "r2")`)

	dangling := netXML(paramXML(0, "x", "1,4", "FP32")+relu(1, "r1")+resultXML(2, "y"),
		edgeXML(0, 0, 1, 0)+edgeXML(0, 0, 2, 0))
	p := compileXML(t, dangling, graph.Options{})
	x := f32Tensor([]int{1, 4}, []float32{1, -2, 3, -4})
	outs, err := p.Run(context.Background(), []*ir.Tensor{x})
	require.NoError(t, err)
	require.Equal(t, []float32{1, -2, 3, -4}, outs[0].Data) // Parameter -> Result passthrough
	require.NotSame(t, x, outs[0])

	m, err = ir.Parse("bad.xml", netXML(paramXML(0, "x", "1,4", "FP32")+resultXML(1, "y"), ""))
	require.NoError(t, err)
	_, err = graph.Compile(graph.Build(m), graph.Options{})
	var fe *ir.FormatError
	require.ErrorAs(t, err, &fe)
	require.Equal(t, "bad.xml", fe.File)
	require.Equal(t, "input-not-connected", fe.Code)
	require.Equal(t, 5, fe.Line)
	require.Contains(t, fe.Error(), `bad.xml:5:`)
}

// TestMaxMemory: planned buffers are checked against the limit before allocation.
func TestMaxMemory(t *testing.T) {
	model := poolModel("1,4,32,32", 3, 1, "same_upper")
	m, err := ir.Parse("m.xml", model)
	require.NoError(t, err)
	g := graph.Build(m)
	// The pool's outputs need 16 KiB (f32) + 32 KiB (i64).
	_, err = graph.Compile(g, graph.Options{MaxMemory: 20 << 10})
	require.ErrorContains(t, err, "more than the memory limit of 20480 bytes")
	_, err = graph.Compile(g, graph.Options{MaxMemory: 40 << 10})
	require.ErrorContains(t, err, "memory limit")
	p, err := graph.Compile(g, graph.Options{MaxMemory: 48 << 10})
	require.NoError(t, err)
	p.Close()

	// A dynamic model is planned at Run: a huge input shape is refused, not allocated.
	p = compileXML(t, poolModel("1,4,?,?", 3, 1, "same_upper"), graph.Options{MaxMemory: 1 << 20})
	_, err = p.Run(context.Background(), []*ir.Tensor{f32Tensor([]int{1, 4, 1 << 10, 1 << 10}, make([]float32, 4<<20))})
	require.ErrorContains(t, err, "memory limit")
}

// TestPlanCache: many distinct shapes do not grow the cache without bound and results stay
// right after eviction.
func TestPlanCache(t *testing.T) {
	p := compileXML(t, poolModel("1,1,?,?", 2, 2, "valid"), graph.Options{Threads: 1})
	r := rand.New(rand.NewPCG(11, 12))
	for i := 0; i < 40; i++ {
		h := 2 + i%20
		x := randTensor(r, 1, 1, h, 4)
		outs, err := p.Run(context.Background(), []*ir.Tensor{x})
		require.NoError(t, err)
		require.Equal(t, []int{1, 1, h / 2, 2}, outs[0].Shape)
	}
}

func TestGraphStructure(t *testing.T) {
	g := buildFile(t, "testdata/lookup.xml")
	require.Len(t, g.Parameters, 1)
	require.Len(t, g.Results, 3)
	pool := g.Nodes[5]
	require.Equal(t, "pool", pool.Name())
	require.True(t, pool.Supported())
	require.Equal(t, "MaxPool-1", pool.Def.Name())
	require.Equal(t, g.Nodes[4], pool.Inputs[0].Node) // relu2
	require.Equal(t, 0, pool.Inputs[0].Output)
	require.True(t, pool.Outputs[0].Inferred)
	require.Equal(t, "[1,1,2,2]", pool.Outputs[0].Shape.String())
	require.Equal(t, int64(1), pool.Outputs[0].Port.ID)
	relu := g.Nodes[3]
	require.Nil(t, relu.Def)
	var ue *ir.UnsupportedError
	require.ErrorAs(t, relu.Unsupported, &ue)
	require.False(t, relu.Outputs[0].Inferred)
	require.True(t, relu.Reachable)
	require.True(t, g.Nodes[1].Failed) // unknown opset
	require.Error(t, g.Err())
	require.True(t, errors.As(g.Err(), new(*ir.FormatError)))
}
