package graph

import (
	"fmt"
	"strings"
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

// Shape inference of If-8 and TensorIterator through their bodies (layers/seq_if.go, layers/seq_tensor_iterator.go).
// Expected shapes follow src/core/tests/type_prop/if.cpp (known condition selects a body,
// unknown merges both) and tensor_iterator.cpp (sliced input, back edge, concatenated and
// last-iteration outputs).

func seqParam(id int, typ, shape string) string {
	dims := ""
	if shape != "" {
		for _, d := range strings.Split(shape, ",") {
			dims += "<dim>" + d + "</dim>"
		}
	}
	return fmt.Sprintf(`<layer id="%d" name="p%d" type="Parameter" version="opset1"><data element_type="%s" shape="%s"/>
<output><port id="0" precision="%s">%s</port></output></layer>`, id, id, typ, shape, map[string]string{"f32": "FP32", "boolean": "BOOL"}[typ], dims)
}

func seqInferOutputs(t *testing.T, xml string) (*Graph, []string) {
	t.Helper()
	m, err := ir.Parse("seq.xml", []byte(xml))
	require.NoError(t, err)
	g := Build(m)
	for _, d := range g.Diagnostics {
		require.NotEqual(t, ir.SeverityError, d.Severity, "%s", d.Message)
	}
	var shapes []string
	for _, r := range g.Results {
		in := r.Inputs[0]
		require.NotNil(t, in.Node)
		shapes = append(shapes, in.Node.Outputs[in.Output].Shape.String())
	}
	return g, shapes
}

func seqIfXML(cond string) string {
	condLayer := seqParam(0, "boolean", "")
	if cond != "" {
		condLayer = `<layer id="0" name="c" type="Const" version="opset1"><data element_type="boolean" shape="" offset="0" size="1"/>
<output><port id="0" precision="BOOL"/></output></layer>`
	}
	return `<net name="if" version="11"><layers>` + condLayer + seqParam(1, "f32", "2,3") + `
<layer id="2" name="if" type="If" version="opset8">
<input><port id="0"/><port id="1"><dim>2</dim><dim>3</dim></port></input>
<output><port id="2" precision="FP32"/></output>
<then_port_map><input external_port_id="1" internal_layer_id="0"/><output external_port_id="2" internal_layer_id="2"/></then_port_map>
<else_port_map><input external_port_id="1" internal_layer_id="0"/><output external_port_id="2" internal_layer_id="2"/></else_port_map>
<then_body><layers>` + seqParam(0, "f32", "2,3") + `
<layer id="1" name="relu" type="ReLU" version="opset1"><input><port id="0"/></input><output><port id="1" precision="FP32"/></output></layer>
<layer id="2" name="r" type="Result" version="opset1"><input><port id="0"/></input></layer>
</layers><edges><edge from-layer="0" from-port="0" to-layer="1" to-port="0"/><edge from-layer="1" from-port="1" to-layer="2" to-port="0"/></edges></then_body>
<else_body><layers>` + seqParam(0, "f32", "2,3") + `
<layer id="1" name="cat" type="Concat" version="opset1"><data axis="0"/><input><port id="0"/><port id="1"/></input><output><port id="2" precision="FP32"/></output></layer>
<layer id="2" name="r" type="Result" version="opset1"><input><port id="0"/></input></layer>
</layers><edges><edge from-layer="0" from-port="0" to-layer="1" to-port="0"/><edge from-layer="0" from-port="0" to-layer="1" to-port="1"/>
<edge from-layer="1" from-port="2" to-layer="2" to-port="0"/></edges></else_body>
</layer>
<layer id="3" name="out" type="Result" version="opset1"><input><port id="0"/></input></layer>
</layers><edges><edge from-layer="0" from-port="0" to-layer="2" to-port="0"/><edge from-layer="1" from-port="0" to-layer="2" to-port="1"/>
<edge from-layer="2" from-port="2" to-layer="3" to-port="0"/></edges></net>`
}

func TestSeqIfInfer(t *testing.T) {
	// Unknown condition: the union of [2,3] (then) and [4,3] (else).
	_, shapes := seqInferOutputs(t, seqIfXML(""))
	require.Equal(t, []string{"[2..4,3]"}, shapes)

	// Known condition (a Const with its value): only that body.
	for _, c := range []struct {
		val  byte
		want string
	}{{1, "[2,3]"}, {0, "[4,3]"}} {
		m, err := ir.Parse("seq.xml", []byte(seqIfXML("const")))
		require.NoError(t, err)
		m.SetWeights(ir.NewWeights([]byte{c.val}, "seq.bin"))
		g := Build(m)
		r := g.Results[0].Inputs[0]
		require.Equal(t, c.want, r.Node.Outputs[r.Output].Shape.String())
	}
}

func seqTIXML(xShape string) string {
	return `<net name="ti" version="11"><layers>` + seqParam(0, "f32", xShape) + seqParam(1, "f32", "2,3") + `
<layer id="2" name="ti" type="TensorIterator" version="opset1">
<input><port id="0"/><port id="1"/></input>
<output><port id="2" precision="FP32"/><port id="3" precision="FP32"/></output>
<port_map>
<input axis="1" external_port_id="0" internal_layer_id="0" part_size="1" stride="1"/>
<input external_port_id="1" internal_layer_id="1"/>
<output axis="1" external_port_id="2" internal_layer_id="6" part_size="1" stride="1"/>
<output external_port_id="3" internal_layer_id="4"/>
</port_map>
<back_edges><edge from-layer="4" from-port="0" to-layer="1" to-port="0"/></back_edges>
<body><layers>` + seqParam(0, "f32", "2,1,3") + seqParam(1, "f32", "2,3") + `
<layer id="2" name="ax" type="Const" version="opset1"><data element_type="i64" shape="1" offset="0" size="8"/><output><port id="0" precision="I64"><dim>1</dim></port></output></layer>
<layer id="3" name="sq" type="Squeeze" version="opset1"><input><port id="0"/><port id="1"/></input><output><port id="2" precision="FP32"/></output></layer>
<layer id="7" name="add" type="Add" version="opset1"><input><port id="0"/><port id="1"/></input><output><port id="2" precision="FP32"/></output></layer>
<layer id="4" name="h" type="Result" version="opset1"><input><port id="0"/></input></layer>
<layer id="5" name="un" type="Unsqueeze" version="opset1"><input><port id="0"/><port id="1"/></input><output><port id="2" precision="FP32"/></output></layer>
<layer id="6" name="y" type="Result" version="opset1"><input><port id="0"/></input></layer>
</layers><edges>
<edge from-layer="0" from-port="0" to-layer="3" to-port="0"/><edge from-layer="2" from-port="0" to-layer="3" to-port="1"/>
<edge from-layer="3" from-port="2" to-layer="7" to-port="0"/><edge from-layer="1" from-port="0" to-layer="7" to-port="1"/>
<edge from-layer="7" from-port="2" to-layer="4" to-port="0"/>
<edge from-layer="7" from-port="2" to-layer="5" to-port="0"/><edge from-layer="2" from-port="0" to-layer="5" to-port="1"/>
<edge from-layer="5" from-port="2" to-layer="6" to-port="0"/>
</edges></body>
</layer>
<layer id="3" name="y" type="Result" version="opset1"><input><port id="0"/></input></layer>
<layer id="4" name="h" type="Result" version="opset1"><input><port id="0"/></input></layer>
</layers><edges><edge from-layer="0" from-port="0" to-layer="2" to-port="0"/><edge from-layer="1" from-port="0" to-layer="2" to-port="1"/>
<edge from-layer="2" from-port="2" to-layer="3" to-port="0"/><edge from-layer="2" from-port="3" to-layer="4" to-port="0"/></edges></net>`
}

func TestSeqTensorIteratorInfer(t *testing.T) {
	// One as i64 little-endian: the Squeeze/Unsqueeze axis.
	one := []byte{1, 0, 0, 0, 0, 0, 0, 0}
	for _, c := range []struct {
		x    string
		want []string
	}{
		{"2,5,3", []string{"[2,5,3]", "[2,3]"}},
		{"2,-1,3", []string{"[2,?,3]", "[2,3]"}},
	} {
		m, err := ir.Parse("seq.xml", []byte(seqTIXML(c.x)))
		require.NoError(t, err)
		m.SetWeights(ir.NewWeights(one, "seq.bin"))
		g := Build(m)
		for _, d := range g.Diagnostics {
			require.NotEqual(t, ir.SeverityError, d.Severity, "%s", d.Message)
		}
		var got []string
		for _, r := range g.Results {
			in := r.Inputs[0]
			got = append(got, in.Node.Outputs[in.Output].Shape.String())
		}
		require.Equal(t, c.want, got, "x %s", c.x)
	}
}
