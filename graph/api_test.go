package graph_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"

	"github.com/irrun/irrun/graph"
	"github.com/irrun/irrun/ir"
)

// dupResults: one port feeds two Results, so two outputs share the name "y".
const dupResults = `<?xml version="1.0"?>
<net name="dup" version="11">
	<layers>
		<layer id="0" name="x" type="Parameter" version="opset1">
			<data shape="1,1,2,2" element_type="f32"/>
			<output><port id="0" precision="FP32" names="x,x_alias"><dim>1</dim><dim>1</dim><dim>2</dim><dim>2</dim></port></output>
		</layer>
		<layer id="1" name="pool" type="MaxPool" version="opset1">
			<data strides="1, 1" pads_begin="0, 0" pads_end="0, 0" kernel="2, 2" rounding_type="floor"/>
			<input><port id="0" precision="FP32"><dim>1</dim><dim>1</dim><dim>2</dim><dim>2</dim></port></input>
			<output><port id="1" precision="FP32" names="y"><dim>1</dim><dim>1</dim><dim>1</dim><dim>1</dim></port></output>
		</layer>
		<layer id="2" name="first" type="Result" version="opset1">
			<input><port id="0" precision="FP32"><dim>1</dim><dim>1</dim><dim>1</dim><dim>1</dim></port></input>
		</layer>
		<layer id="3" name="second" type="Result" version="opset1">
			<input><port id="0" precision="FP32"><dim>1</dim><dim>1</dim><dim>1</dim><dim>1</dim></port></input>
		</layer>
	</layers>
	<edges>
		<edge from-layer="0" from-port="0" to-layer="1" to-port="0"/>
		<edge from-layer="1" from-port="1" to-layer="2" to-port="0"/>
		<edge from-layer="1" from-port="1" to-layer="3" to-port="0"/>
	</edges>
</net>
`

func loadMap(t *testing.T, xml string) *graph.Program {
	t.Helper()
	p, err := graph.LoadFS(fstest.MapFS{"m/model.xml": {Data: []byte(xml)}}, "m/model.xml", graph.Options{Threads: 1})
	require.NoError(t, err)
	t.Cleanup(p.Close)
	return p
}

func TestRunNamed(t *testing.T) {
	p := loadMap(t, dupResults)
	x, err := ir.TensorOf([]float32{1, 4, 3, 2}, 1, 1, 2, 2)
	require.NoError(t, err)
	tests := []struct {
		name   string
		inputs map[string]*ir.Tensor
		err    string
	}{
		{"parameter name", map[string]*ir.Tensor{"x": x}, ""},
		{"tensor name", map[string]*ir.Tensor{"x_alias": x}, ""},
		{"unknown", map[string]*ir.Tensor{"x": x, "z": x}, `graph: RunNamed: the model has no input named "z" (inputs: "x")`},
		{"twice", map[string]*ir.Tensor{"x": x, "x_alias": x}, `graph: RunNamed: input "x" is given twice, as "x" and "x_alias"`},
		{"missing", map[string]*ir.Tensor{}, `graph: RunNamed: no tensor for input "x" (inputs: "x")`},
		{"nil map", nil, `graph: RunNamed: no tensor for input "x" (inputs: "x")`},
		{"wrong type", map[string]*ir.Tensor{"x": {Type: ir.I64, Shape: []int{1, 1, 2, 2}, Data: []int64{1, 2, 3, 4}}},
			`graph: input 0 ("x") has element type i64, the model expects f32`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			outs, err := p.RunNamed(context.Background(), tc.inputs)
			if tc.err != "" {
				require.EqualError(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			require.Len(t, outs, 2)
			for _, key := range []string{"y", "second"} { // the duplicate name falls back to the Result's
				v, err := ir.Data[float32](outs[key])
				require.NoError(t, err, key)
				require.Equal(t, []float32{4}, v, key)
				require.Equal(t, []int{1, 1, 1, 1}, outs[key].Shape)
			}
		})
	}
}

func TestLoadErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.xml")
	require.NoError(t, os.WriteFile(bad, []byte(`<net name="x" version="11"><layers></layers><edges/></net>`), 0o644))
	constNoBin := `<?xml version="1.0"?>
<net name="c" version="11">
	<layers>
		<layer id="0" name="c" type="Const" version="opset1">
			<data element_type="f32" shape="1" offset="0" size="4"/>
			<output><port id="0" precision="FP32"><dim>1</dim></port></output>
		</layer>
		<layer id="1" name="r" type="Result" version="opset1">
			<input><port id="0" precision="FP32"><dim>1</dim></port></input>
		</layer>
	</layers>
	<edges><edge from-layer="0" from-port="0" to-layer="1" to-port="0"/></edges>
</net>`
	tests := []struct {
		name string
		load func() (*graph.Program, error)
		err  string
	}{
		{"missing file", func() (*graph.Program, error) { return graph.Load(filepath.Join(dir, "none.xml"), graph.Options{}) },
			"ir: read open " + filepath.Join(dir, "none.xml") + ": no such file or directory"},
		{"no result", func() (*graph.Program, error) { return graph.Load(bad, graph.Options{}) },
			bad + ": the model has no Result layer"},
		{"fs missing file", func() (*graph.Program, error) { return graph.LoadFS(fstest.MapFS{}, "m.xml", graph.Options{}) },
			"graph: read open m.xml: file does not exist"},
		{"fs const without bin", func() (*graph.Program, error) {
			return graph.LoadFS(fstest.MapFS{"c.xml": {Data: []byte(constNoBin)}}, "c.xml", graph.Options{})
		}, `c.xml:5:4: Const layer "c" (id 0) needs 4 bytes of weights, but no .bin was given or found beside the XML`},
		{"fs bad options", func() (*graph.Program, error) {
			return graph.LoadFS(fstest.MapFS{"m.xml": {Data: []byte(dupResults)}}, "m.xml", graph.Options{Threads: -1})
		}, "graph: Options.Threads is -1, want >= 0"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := tc.load()
			require.Error(t, err)
			require.Nil(t, p)
			if tc.err != "" {
				require.EqualError(t, err, tc.err)
			}
		})
	}
}

// TestLoadFSWeights: the .bin beside the XML in the FS is read, as Load reads it beside
// the file; both give the same outputs.
func TestLoadFSWeights(t *testing.T) {
	dir := filepath.Join("..", "testdata", "examples", "adaptive-avgpool")
	xml, err := os.ReadFile(filepath.Join(dir, "model.xml"))
	require.NoError(t, err)
	bin, err := os.ReadFile(filepath.Join(dir, "model.bin"))
	require.NoError(t, err)
	fromFS, err := graph.LoadFS(fstest.MapFS{"a/model.xml": {Data: xml}, "a/model.bin": {Data: bin}}, "a/model.xml", graph.Options{})
	require.NoError(t, err)
	defer fromFS.Close()
	fromFile, err := graph.Load(filepath.Join(dir, "model.xml"), graph.Options{})
	require.NoError(t, err)
	defer fromFile.Close()

	data := make([]float32, 8*14*14)
	for i := range data {
		data[i] = float32(i % 14) // each row is 0..13
	}
	x, err := ir.TensorOf(data, 1, 8, 14, 14)
	require.NoError(t, err)
	a, err := fromFS.RunNamed(context.Background(), map[string]*ir.Tensor{"features": x})
	require.NoError(t, err)
	b, err := fromFile.RunNamed(context.Background(), map[string]*ir.Tensor{"features": x})
	require.NoError(t, err)
	require.Equal(t, b, a)
	got, err := ir.Data[float32](a["pooled"])
	require.NoError(t, err)
	// adaptive bins over 14 columns: [0,5), [4,10), [9,14) -> means 2, 6.5, 11
	require.Equal(t, []float32{2, 6.5, 11}, got[:3])
}

// TestRunNamedConcurrent runs one Program from many goroutines, each with its own input,
// and checks every result.
func TestRunNamedConcurrent(t *testing.T) {
	p, err := graph.Load(filepath.Join("..", "testdata", "examples", "maxpool8-indices", "model.xml"), graph.Options{Threads: 2})
	require.NoError(t, err)
	defer p.Close()
	const goroutines, runs = 16, 20
	var wg sync.WaitGroup
	errs := make(chan error, goroutines)
	for g := range goroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for r := range runs {
				data := make([]float32, 2*3*6*6)
				for i := range data {
					data[i] = float32(i + 1000*g + r)
				}
				x, err := ir.TensorOf(data, 2, 3, 6, 6)
				if err != nil {
					errs <- err
					return
				}
				outs, err := p.RunNamed(context.Background(), map[string]*ir.Tensor{"x": x})
				if err != nil {
					errs <- err
					return
				}
				v, err := ir.Data[float32](outs["values"])
				if err != nil {
					errs <- err
					return
				}
				// 2x2 stride 2: the max of each window is its bottom-right element.
				for c := range 6 {
					for oy := range 3 {
						for ox := range 3 {
							want := data[c*36+(2*oy+1)*6+2*ox+1]
							if got := v[c*9+oy*3+ox]; got != want {
								errs <- fmt.Errorf("goroutine %d run %d: values[%d,%d,%d] = %v, want %v", g, r, c, oy, ox, got, want)
								return
							}
						}
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

// TestExampleClassifier runs ExampleLoad_classifier's five lines on the corpus model and
// checks that they give a probability distribution over 1000 classes.
func TestExampleClassifier(t *testing.T) {
	xml := filepath.Join("..", "..", "shared", "corpus", "squeezenet1.1-ir10-fp16", "model.xml")
	if _, err := os.Stat(xml); err != nil {
		t.Skip("corpus not found")
	}
	p, err := graph.Load(xml, graph.Options{})
	require.NoError(t, err)
	defer p.Close()
	x, err := ir.TensorOf(make([]float32, 1*3*227*227), 1, 3, 227, 227)
	require.NoError(t, err)
	outs, err := p.RunNamed(context.Background(), map[string]*ir.Tensor{"data": x})
	require.NoError(t, err)
	scores, err := ir.Data[float32](outs["prob"]) // IR v10: f32 out, as OpenVINO's Core
	require.NoError(t, err)
	require.Len(t, scores, 1000)
	sum := 0.0
	for _, s := range scores {
		require.GreaterOrEqual(t, s, float32(0))
		sum += float64(s)
	}
	require.InDelta(t, 1.0, sum, 0.02) // Softmax output, each value rounded to f16
}
