package graph_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/irrun/irrun/graph"
	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

// TestUnreachableSummary: more than 20 unreachable layers give one summary diagnostic.
func TestUnreachableSummary(t *testing.T) {
	var layers, edges strings.Builder
	layers.WriteString(paramXML(0, "x", "1,4", "FP32"))
	layers.WriteString(resultXML(1, "y"))
	edges.WriteString(edgeXML(0, 0, 1, 0))
	for i := 2; i < 27; i++ {
		layers.WriteString(layerXML(i, fmt.Sprintf("dead%d", i), "Convert", "opset1", `destination_type="f32"`, 1))
		edges.WriteString(edgeXML(0, 0, i, 0))
	}
	m, err := ir.Parse("dead.xml", netXML(layers.String(), edges.String()))
	require.NoError(t, err)
	g := graph.Build(m)
	require.Len(t, g.Diagnostics, 1, dump(g))
	d := g.Diagnostics[0]
	require.Equal(t, "unreachable-layer", d.Code)
	require.Equal(t, ir.SeverityWarning, d.Severity)
	require.Equal(t, "dead2", d.LayerName)
	require.Equal(t, `25 layers feed no Result and OpenVINO drops them silently; first: "dead2" (line 6), "dead3" (line 7), "dead4" (line 8), "dead5" (line 9), "dead6" (line 10), ...`, d.Message)
	require.False(t, g.Nodes[2].Reachable)
	require.True(t, g.Nodes[0].Reachable)
}

// TestHandBuiltModel: a model built in Go (no reader diagnostics) gets the graph's own
// checks for layer ids and edges, and Err counts the errors.
func TestHandBuiltModel(t *testing.T) {
	port := func(id int64, off int) *ir.Port {
		return &ir.Port{ID: id, IDText: fmt.Sprint(id), Offset: off, Precision: ir.F32, HasPrecision: true, Shape: ir.StaticShape(2)}
	}
	param := &ir.Layer{ID: 0, IDText: "0", Name: "x", Type: "Parameter", Version: "opset1", Offset: 10,
		Data: ir.Attrs{{Name: "shape", Value: "2"}, {Name: "element_type", Value: "f32"}}, HasData: true,
		Outputs: []*ir.Port{port(0, 11)}}
	res := &ir.Layer{ID: 1, IDText: "1", Name: "y", Type: "Result", Version: "opset1", Offset: 20, Inputs: []*ir.Port{port(0, 21)}}
	dup := &ir.Layer{ID: 1, IDText: "1", Name: "z", Type: "Result", Version: "opset1", Offset: 30, Inputs: []*ir.Port{port(0, 31)}}
	m := &ir.Model{Name: "hand", Version: 11, Layers: []*ir.Layer{param, res, dup},
		Edges: []ir.Edge{{FromLayer: 0, FromPort: 0, ToLayer: 1, ToPort: 0, Offset: 40},
			{FromLayer: 0, FromPort: 3, ToLayer: 1, ToPort: 0, Offset: 50},
			{FromLayer: 5, FromPort: 0, ToLayer: 1, ToPort: 0, Offset: 60}}}
	g := graph.Build(m)
	var codes []string
	for _, d := range g.Diagnostics {
		codes = append(codes, fmt.Sprintf("%d:%s", d.Offset, d.Code))
	}
	require.Equal(t, []string{"30:duplicate-layer-id", "31:input-not-connected", "50:edge-missing-port", "60:edge-missing-layer"}, codes)
	err := g.Err()
	require.Error(t, err)
	require.Contains(t, err.Error(), "(and 3 more errors)")
	require.Equal(t, []*graph.Node{g.Nodes[0]}, g.Parameters)
	require.Equal(t, []*graph.Node{g.Nodes[1], g.Nodes[2]}, g.Results)
}

// TestOrder: the topological order puts producers first whatever the ids and XML order.
func TestOrder(t *testing.T) {
	g := buildFile(t, filepath.Join(corpusDir, "edge-valid", "v07-tensor-names-with-spaces", "model.xml"))
	pos := map[string]int{}
	for i, n := range g.Order {
		pos[n.Name()] = i
	}
	require.Len(t, g.Order, 4)
	require.Less(t, pos["input1"], pos["output 0([1 4 512])"])
	require.Less(t, pos["input2"], pos["output 0([1 4 512])"])
	require.Less(t, pos["output 0([1 4 512])"], pos["output 0([1 4 512])/sink_port_0"])
	add := g.Nodes[2]
	// Edges: layer id 1 ("input1") -> port 0, layer id 0 ("input2") -> port 1.
	require.Equal(t, "input1", add.Inputs[0].Node.Name())
	require.Equal(t, "input2", add.Inputs[1].Node.Name())
}

// TestRunCorpusModels runs the corpus models irrun can execute, against values computed
// here independently.
func TestRunCorpusModels(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(corpusDir, "edge-valid")
	corpusModels(t, filepath.Join("edge-valid", "*"))

	// v06: Transpose by a Const order read from the .bin.
	g := buildFile(t, filepath.Join(dir, "v06-duplicate-layer-names", "model.xml"))
	p, err := graph.Compile(g, graph.Options{Threads: 2})
	require.NoError(t, err)
	defer p.Close()
	x := make([]float32, 3*22*22)
	for i := range x {
		x[i] = float32(i)
	}
	outs, err := p.Run(ctx, []*ir.Tensor{{Type: ir.F32, Shape: []int{1, 3, 22, 22}, Data: x}})
	require.NoError(t, err)
	require.Equal(t, []int{1, 22, 22, 3}, outs[0].Shape)
	y := outs[0].Data.([]float32)
	for c := 0; c < 3; c++ {
		for h := 0; h < 22; h++ {
			for w := 0; w < 22; w++ {
				// order [0,3,2,1] (model.bin): y[0][w][h][c] = x[0][c][h][w]
				require.Equal(t, x[c*484+h*22+w], y[w*66+h*3+c])
			}
		}
	}

	// ms-passthrough-string: a string Parameter straight to a Result.
	g = buildFile(t, filepath.Join(corpusDir, "ms-passthrough-string", "model.xml"))
	p2, err := graph.Compile(g, graph.Options{})
	require.NoError(t, err)
	defer p2.Close()
	in := &ir.Tensor{Type: ir.String, Shape: []int{3}, Data: []string{"a", "", "héllo, world"}}
	outs, err = p2.Run(ctx, []*ir.Tensor{in})
	require.NoError(t, err)
	require.Equal(t, in.Data, outs[0].Data)
	require.Equal(t, "my_name", p2.Outputs()[0].Name)

	// v12: f16 Parameter straight to a Result.
	g = buildFile(t, filepath.Join(dir, "v12-very-short-model", "model.xml"))
	p3, err := graph.Compile(g, graph.Options{})
	require.NoError(t, err)
	defer p3.Close()
	require.Equal(t, "R", p3.Outputs()[0].Name)
	require.Equal(t, ir.F16, p3.Outputs()[0].Type)
}

// FuzzBuild: reading, building, compiling and running any XML never panics.
func FuzzBuild(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.xml"))
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err == nil {
			f.Add(data)
		}
	}
	f.Add(poolModel("1,3,?,?", 3, 2, "same_upper"))
	f.Add(chainModel("1,2,8,8", 1))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := ir.Parse("fuzz.xml", data)
		if err != nil {
			return
		}
		g := graph.Build(m)
		_ = g.Err()
		p, err := graph.Compile(g, graph.Options{Threads: 1, MaxMemory: 1 << 20})
		if err != nil {
			return
		}
		defer p.Close()
		inputs := make([]*ir.Tensor, len(p.Inputs()))
		for i, in := range p.Inputs() {
			shape := make([]int, 0)
			if !in.Shape.DynamicRank {
				for _, d := range in.Shape.Dims {
					shape = append(shape, int(min(d.Lo+1, d.Hi, 16)))
				}
			}
			t, err := ir.NewTensor(in.Type, shape)
			if err != nil {
				return
			}
			inputs[i] = t
		}
		_, _ = p.Run(context.Background(), inputs)
	})
}
