package graph_test

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"

	"github.com/irrun/irrun/graph"
	"github.com/irrun/irrun/ir"
)

// irfeNestedIfXML builds the IR of if_deserialization.cpp's generate_nested_if_xml
// (src/frontends/ir/tests/if_deserialization.cpp@98c3a06b): Parameter → If(Const true) →
// Result, the If's then_body holding the next If, depth levels deep; every else_body is a
// Parameter → Result pass-through. Ids are allocated in the same order as the test's.
func irfeNestedIfXML(depth int) string {
	next := 0
	alloc := func() int { next++; return next - 1 }
	param := func(w *strings.Builder, id int, kind string) {
		fmt.Fprintf(w, `                    <layer id="%d" name="%s_param_%d" type="Parameter" version="opset1">
                        <data element_type="f32" shape="1"/>
                        <output>
                            <port id="0" precision="FP32">
                                <dim>1</dim>
                            </port>
                        </output>
                    </layer>
`, id, kind, id)
	}
	result := func(w *strings.Builder, id int, kind string) {
		fmt.Fprintf(w, `                    <layer id="%d" name="%s_result_%d" type="Result" version="opset1">
                        <input>
                            <port id="0">
                                <dim>1</dim>
                            </port>
                        </input>
                    </layer>
`, id, kind, id)
	}
	// level writes one If level's layers (with every deeper level inside its then_body)
	// to w and returns its edges and output; the test's recursion, streamed so that the
	// text is built in linear time.
	var level func(w *strings.Builder, remaining, inParam int) (edges string, outLayer, outPort int)
	level = func(w *strings.Builder, remaining, inParam int) (string, int, int) {
		if remaining == 0 {
			return "", inParam, 0
		}
		cond := alloc()
		fmt.Fprintf(w, `        <layer id="%d" name="cond_%d" type="Const" version="opset1">
            <data element_type="boolean" shape="" offset="0" size="1"/>
            <output>
                <port id="0" precision="BOOL"/>
            </output>
        </layer>
`, cond, cond)
		ifID := alloc()
		thenParam, thenResult := alloc(), alloc()
		elseParam, elseResult := alloc(), alloc()
		fmt.Fprintf(w, `        <layer id="%d" name="if_%d" type="If" version="opset8">
            <input>
                <port id="0">
                </port>
                <port id="1">
                    <dim>1</dim>
                </port>
            </input>
            <output>
                <port id="2" precision="FP32">
                    <dim>1</dim>
                </port>
            </output>
            <then_port_map>
                <input external_port_id="1" internal_layer_id="%d"/>
                <output external_port_id="2" internal_layer_id="%d"/>
            </then_port_map>
            <else_port_map>
                <input external_port_id="1" internal_layer_id="%d"/>
                <output external_port_id="2" internal_layer_id="%d"/>
            </else_port_map>
            <then_body>
                <layers>
`, ifID, ifID, thenParam, thenResult, elseParam, elseResult)
		param(w, thenParam, "then")
		innerEdges, innerLayer, innerPort := level(w, remaining-1, thenParam)
		result(w, thenResult, "then")
		src := thenParam
		if remaining-1 > 0 {
			src = innerLayer
		}
		w.WriteString("                </layers>\n                <edges>\n")
		w.WriteString(innerEdges)
		fmt.Fprintf(w, "                    <edge from-layer=\"%d\" from-port=\"%d\" to-layer=\"%d\" to-port=\"0\"/>\n", src, innerPort, thenResult)
		w.WriteString("                </edges>\n            </then_body>\n            <else_body>\n                <layers>\n")
		param(w, elseParam, "else")
		result(w, elseResult, "else")
		w.WriteString("                </layers>\n                <edges>\n")
		fmt.Fprintf(w, "                    <edge from-layer=\"%d\" from-port=\"0\" to-layer=\"%d\" to-port=\"0\"/>\n", elseParam, elseResult)
		w.WriteString("                </edges>\n            </else_body>\n        </layer>\n")
		edges := fmt.Sprintf("        <edge from-layer=\"%d\" from-port=\"0\" to-layer=\"%d\" to-port=\"0\"/>\n", cond, ifID) +
			fmt.Sprintf("        <edge from-layer=\"%d\" from-port=\"0\" to-layer=\"%d\" to-port=\"1\"/>\n", inParam, ifID)
		return edges, ifID, 2
	}
	top := alloc()
	var w strings.Builder
	fmt.Fprintf(&w, `<?xml version="1.0" ?>
<net name="NestedIf" version="11">
    <layers>
        <layer id="%d" name="input" type="Parameter" version="opset1">
            <data element_type="f32" shape="1"/>
            <output>
                <port id="0" precision="FP32">
                    <dim>1</dim>
                </port>
            </output>
        </layer>
`, top)
	edges, outLayer, outPort := level(&w, depth, top)
	res := alloc()
	fmt.Fprintf(&w, `        <layer id="%d" name="output" type="Result" version="opset1">
            <input>
                <port id="0">
                    <dim>1</dim>
                </port>
            </input>
        </layer>
    </layers>
    <edges>
%s        <edge from-layer="%d" from-port="%d" to-layer="%d" to-port="0"/>
    </edges>
</net>
`, res, edges, outLayer, outPort, res)
	return w.String()
}

// TestIRFrontendNestedIf: if_deserialization.cpp. 64 nested Ifs (OpenVINO's
// kMaxIfValidationDepth) load; 1024 are rejected with an error, not a stack overflow.
func TestIRFrontendNestedIf(t *testing.T) {
	load := func(depth int) (*graph.Program, error) {
		fsys := fstest.MapFS{
			"m.xml": {Data: []byte(irfeNestedIfXML(depth))},
			"m.bin": {Data: []byte{1}},
		}
		return graph.LoadFS(fsys, "m.xml", graph.Options{Threads: 1})
	}
	t.Run("nested_if_at_max_depth_loads", func(t *testing.T) {
		p, err := load(64)
		require.NoError(t, err)
		defer p.Close()
		out := p.Outputs()
		require.Len(t, out, 1)
		require.Equal(t, "[1]", out[0].Shape.String())
		x, err := ir.TensorOf([]float32{2.5}, 1)
		require.NoError(t, err)
		y, err := p.Run(t.Context(), []*ir.Tensor{x})
		require.NoError(t, err)
		v, err := ir.Data[float32](y[0])
		require.NoError(t, err)
		require.Equal(t, []float32{2.5}, v)
	})
	t.Run("nested_if_depth_limit_is_rejected", func(t *testing.T) {
		_, err := load(1024)
		require.Error(t, err)
		d, line, _, ok := ir.DiagnosticOf(err)
		require.True(t, ok, "%v", err)
		require.Equal(t, ir.CodeXMLSyntax, d.Code)
		require.Greater(t, line, 1)
		require.ErrorContains(t, err, "nested more than")
	})
}
