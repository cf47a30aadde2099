package graph_test

import (
	"context"
	"fmt"

	"github.com/irrun/irrun/graph"
	"github.com/irrun/irrun/ir"
)

const examplePool = `<?xml version="1.0"?>
<net name="pool" version="11">
	<layers>
		<layer id="0" name="x" type="Parameter" version="opset1">
			<data shape="1,1,4,4" element_type="f32"/>
			<output><port id="0" precision="FP32" names="x"><dim>1</dim><dim>1</dim><dim>4</dim><dim>4</dim></port></output>
		</layer>
		<layer id="1" name="pool" type="MaxPool" version="opset8">
			<data strides="2, 2" dilations="1, 1" pads_begin="0, 0" pads_end="0, 0" kernel="2, 2"
				rounding_type="floor" auto_pad="explicit" index_element_type="i64" axis="0"/>
			<input><port id="0" precision="FP32"><dim>1</dim><dim>1</dim><dim>4</dim><dim>4</dim></port></input>
			<output>
				<port id="1" precision="FP32" names="y"><dim>1</dim><dim>1</dim><dim>2</dim><dim>2</dim></port>
				<port id="2" precision="I64" names="indices"><dim>1</dim><dim>1</dim><dim>2</dim><dim>2</dim></port>
			</output>
		</layer>
		<layer id="2" name="y/sink_port_0" type="Result" version="opset1">
			<input><port id="0" precision="FP32"><dim>1</dim><dim>1</dim><dim>2</dim><dim>2</dim></port></input>
		</layer>
		<layer id="3" name="indices/sink_port_0" type="Result" version="opset1">
			<input><port id="0" precision="I64"><dim>1</dim><dim>1</dim><dim>2</dim><dim>2</dim></port></input>
		</layer>
	</layers>
	<edges>
		<edge from-layer="0" from-port="0" to-layer="1" to-port="0"/>
		<edge from-layer="1" from-port="1" to-layer="2" to-port="0"/>
		<edge from-layer="1" from-port="2" to-layer="3" to-port="0"/>
	</edges>
</net>
`

// Build checks a model without running it: every problem is a positioned diagnostic.
func ExampleBuild() {
	const model = `<?xml version="1.0"?>
<net name="lint" version="11">
	<layers>
		<layer id="0" name="x" type="Parameter" version="opset1">
			<data shape="1,3,22,22" element_type="f32"/>
			<output><port id="0" precision="FP32"><dim>1</dim><dim>3</dim><dim>22</dim><dim>22</dim></port></output>
		</layer>
		<layer id="1" name="pool" type="MaxPool" version="opset1">
			<data strides="2, 2" pads_begin="1, 1" pads_end="1, 1" kernel="3, 3" rounding_type="ceil"/>
			<input><port id="0" precision="FP32"><dim>1</dim><dim>3</dim><dim>22</dim><dim>22</dim></port></input>
			<output><port id="1" precision="FP32"><dim>1</dim><dim>3</dim><dim>11</dim><dim>11</dim></port></output>
		</layer>
		<layer id="2" name="unused" type="CustomOp" version="extension">
			<input><port id="0" precision="FP32"><dim>1</dim><dim>3</dim><dim>22</dim><dim>22</dim></port></input>
			<output><port id="1" precision="FP32"><dim>1</dim><dim>3</dim><dim>22</dim><dim>22</dim></port></output>
		</layer>
		<layer id="3" name="y" type="Result" version="opset1">
			<input><port id="0" precision="FP32"><dim>1</dim><dim>3</dim><dim>11</dim><dim>11</dim></port></input>
		</layer>
	</layers>
	<edges>
		<edge from-layer="0" from-port="0" to-layer="1" to-port="0"/>
		<edge from-layer="0" from-port="0" to-layer="2" to-port="0"/>
		<edge from-layer="1" from-port="1" to-layer="3" to-port="0"/>
		<edge from-layer="1" from-port="1" to-layer="9" to-port="0"/>
	</edges>
</net>
`
	m, err := ir.Parse("lint.xml", []byte(model))
	if err != nil {
		fmt.Println(err)
		return
	}
	g := graph.Build(m)
	for _, d := range g.Diagnostics {
		line, col := m.Source.LineCol(d.Offset)
		fmt.Printf("%s:%d:%d: %s %s: %s\n", m.Source.Name, line, col, d.Severity, d.Code, d.Message)
	}
	fmt.Println("errors:", g.HasErrors())
	// Output:
	// lint.xml:25:3: error edge-missing-layer: edge from layer 1 port 1 to layer 9 port 0: no layer with id 9 in this graph
	// lint.xml:11:12: warning declared-shape-mismatch: output port 1 of MaxPool layer "pool" (id 1) declares shape [1,3,11,11], but inference gives [1,3,12,12]
	// lint.xml:13:3: info unsupported-op: op CustomOp (version extension) is not implemented by irrun: 1 layer, first "unused" at line 13; they load with their declared port types and dims but cannot run
	// lint.xml:13:3: warning unreachable-layer: CustomOp layer "unused" (id 2) feeds no Result; OpenVINO drops it silently
	// errors: true
}

// Compile and Run execute a model; the program may be shared by many goroutines.
func ExampleCompile() {
	m, err := ir.Parse("pool.xml", []byte(examplePool))
	if err != nil {
		fmt.Println(err)
		return
	}
	g := graph.Build(m)
	p, err := graph.Compile(g, graph.Options{Threads: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer p.Close()
	x := &ir.Tensor{Type: ir.F32, Shape: []int{1, 1, 4, 4}, Data: []float32{
		1, 2, 3, 4,
		5, 6, 7, 8,
		9, 10, 11, 12,
		13, 14, 15, 16,
	}}
	outs, err := p.Run(context.Background(), []*ir.Tensor{x})
	if err != nil {
		fmt.Println(err)
		return
	}
	for i, info := range p.Outputs() {
		fmt.Printf("%s %s%v = %v\n", info.Name, outs[i].Type, outs[i].Shape, outs[i].Data)
	}
	// Output:
	// y f32[1 1 2 2] = [6 8 14 16]
	// indices i64[1 1 2 2] = [5 7 13 15]
}
