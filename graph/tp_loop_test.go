package graph

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/irrun/irrun/ir"
)

// Shape inference of Loop-5 and TensorIterator-0 against OpenVINO's type_prop tests,
// src/core/tests/type_prop/loop.cpp@60f2208b and tensor_iterator.cpp@11ae3055, transcribed
// as data: each test's outer Parameters, body and port map are written as IR by tlNet (a
// small IR writer), the graph is built, and the Results' shapes and element types are
// compared with the test's expectations. Body Parameters are declared with the shapes the
// tests give them (OpenVINO replaces them with the Loop inputs' shapes, as irrun does).

// tlNet writes the layers and edges of one IR graph (the model or a body); all Consts of a
// model and its bodies share one weights buffer.
type tlNet struct {
	layers, edges strings.Builder
	w             *bytes.Buffer
	next          int
}

// tlOut names an output port of a layer.
type tlOut struct{ layer, port int }

var tlPrec = map[string]string{"f32": "FP32", "f16": "FP16", "i64": "I64", "i32": "I32", "boolean": "BOOL", "dynamic": "dynamic"}

func tlNewNet(w *bytes.Buffer) *tlNet { return &tlNet{w: w} }

// tlPair returns a model's net and one body's net sharing a weights buffer.
func tlPair() (top, body *tlNet) {
	w := &bytes.Buffer{}
	return tlNewNet(w), tlNewNet(w)
}

func (n *tlNet) id() int { n.next++; return n.next - 1 }

// param adds a Parameter; shape is the IR's shape attribute text ("" scalar, "..." dynamic rank).
func (n *tlNet) param(et, shape string) tlOut {
	id := n.id()
	fmt.Fprintf(&n.layers, `<layer id="%d" name="p%d" type="Parameter" version="opset1"><data element_type="%s" shape="%s"/><output><port id="0" precision="%s"/></output></layer>
`, id, id, et, shape, tlPrec[et])
	return tlOut{id, 0}
}

// cnst adds a Const of element type et (f32, i64, i32, boolean) and static shape dims.
func (n *tlNet) cnst(et string, dims []int, vals ...float64) tlOut {
	id := n.id()
	off := n.w.Len()
	for _, v := range vals {
		switch et {
		case "f32":
			binary.Write(n.w, binary.LittleEndian, math.Float32bits(float32(v)))
		case "i64":
			binary.Write(n.w, binary.LittleEndian, int64(v))
		case "i32":
			binary.Write(n.w, binary.LittleEndian, int32(v))
		case "boolean":
			b := byte(0)
			if v != 0 {
				b = 1
			}
			n.w.WriteByte(b)
		}
	}
	var sh, pd []string
	for _, d := range dims {
		sh = append(sh, fmt.Sprint(d))
		pd = append(pd, fmt.Sprintf("<dim>%d</dim>", d))
	}
	fmt.Fprintf(&n.layers, `<layer id="%d" name="c%d" type="Const" version="opset1"><data element_type="%s" shape="%s" offset="%d" size="%d"/><output><port id="0" precision="%s">%s</port></output></layer>
`, id, id, et, strings.Join(sh, ","), off, n.w.Len()-off, tlPrec[et], strings.Join(pd, ""))
	return tlOut{id, 0}
}

// op adds a one-output layer; attrs is the <data> attribute text, prec the output precision.
func (n *tlNet) op(typ, ver, attrs, prec string, ins ...tlOut) tlOut {
	return n.opN(typ, ver, attrs, []string{prec}, ins...)
}

// opN adds a layer with one output per precision and returns its first output.
func (n *tlNet) opN(typ, ver, attrs string, precs []string, ins ...tlOut) tlOut {
	id := n.id()
	data := ""
	if attrs != "" {
		data = "<data " + attrs + "/>"
	}
	fmt.Fprintf(&n.layers, `<layer id="%d" name="l%d" type="%s" version="%s">%s`, id, id, typ, ver, data)
	n.ports(id, ins, precs)
	n.layers.WriteString("</layer>\n")
	return tlOut{id, len(ins)}
}

// ports writes a layer's <input> and <output> ports (the outputs numbered after the inputs,
// with those precisions) and the edges feeding its inputs.
func (n *tlNet) ports(id int, ins []tlOut, precs []string) {
	n.layers.WriteString(`<input>`)
	for i, in := range ins {
		fmt.Fprintf(&n.layers, `<port id="%d"/>`, i)
		n.edge(in, id, i)
	}
	n.layers.WriteString(`</input><output>`)
	for k, p := range precs {
		fmt.Fprintf(&n.layers, `<port id="%d" precision="%s"/>`, len(ins)+k, p)
	}
	n.layers.WriteString(`</output>`)
}

func (n *tlNet) edge(from tlOut, to, port int) {
	fmt.Fprintf(&n.edges, `<edge from-layer="%d" from-port="%d" to-layer="%d" to-port="%d"/>
`, from.layer, from.port, to, port)
}

// result adds a Result and returns its layer id.
func (n *tlNet) result(in tlOut) int {
	id := n.id()
	fmt.Fprintf(&n.layers, `<layer id="%d" name="r%d" type="Result" version="opset1"><input><port id="0"/></input></layer>
`, id, id)
	n.edge(in, id, 0)
	return id
}

// sub adds a Loop or TensorIterator with the given inputs, output precisions, port map and
// back edges (IR text naming the body's layer ids) and body; it returns the layer id (output
// k is port len(ins)+k).
func (n *tlNet) sub(typ, ver string, ins []tlOut, outPrec []string, portMap, backEdges string, body *tlNet) int {
	return n.subRaw(typ, ver, ins, outPrec, fmt.Sprintf("\n<port_map>%s</port_map>\n<back_edges>%s</back_edges>\n%s", portMap, backEdges, body.asBody("body")))
}

// subRaw adds a layer with sub-graphs: its ports, then inner (port maps and bodies) as IR text.
func (n *tlNet) subRaw(typ, ver string, ins []tlOut, outPrec []string, inner string) int {
	id := n.id()
	fmt.Fprintf(&n.layers, `<layer id="%d" name="l%d" type="%s" version="%s">`, id, id, typ, ver)
	n.ports(id, ins, outPrec)
	n.layers.WriteString(inner)
	n.layers.WriteString("</layer>\n")
	return id
}

// asBody writes n as a sub-graph element (body, then_body, else_body).
func (n *tlNet) asBody(elem string) string {
	return fmt.Sprintf("<%s><layers>%s</layers><edges>%s</edges></%s>\n", elem, n.layers.String(), n.edges.String(), elem)
}

// results adds a Result for each of the count outputs of layer from port first on.
func (n *tlNet) results(layer, first, count int) {
	for k := range count {
		n.result(tlOut{layer, first + k})
	}
}

// tlBuild builds the model whose top graph is n and returns the element types and shapes
// of its Results ("f32[32,1,10]") and the error diagnostics' messages.
func tlBuild(t *testing.T, n *tlNet) ([]string, []string) {
	t.Helper()
	g := Build(tlModel(t, n))
	var errs []string
	for _, d := range g.Diagnostics {
		if d.Severity == ir.SeverityError {
			errs = append(errs, d.Message)
		}
	}
	var outs []string
	for _, r := range g.Results {
		in := r.Inputs[0]
		if in.Node == nil || len(in.Node.Outputs) <= in.Output {
			outs = append(outs, "<none>")
			continue
		}
		o := in.Node.Outputs[in.Output]
		outs = append(outs, o.Type.String()+o.Shape.String())
	}
	return outs, errs
}

// tlModel parses the model whose top graph is n, with its weights.
func tlModel(t *testing.T, n *tlNet) *ir.Model {
	t.Helper()
	xml := `<net name="tp" version="11"><layers>` + n.layers.String() + `</layers><edges>` + n.edges.String() + `</edges></net>`
	m, err := ir.Parse("tp.xml", []byte(xml))
	require.NoError(t, err)
	m.SetWeights(ir.NewWeights(n.w.Bytes(), "tp.bin"))
	return m
}

// tlBuildOK is tlBuild for a model that must build without errors: the Results' types and
// shapes.
func tlBuildOK(t *testing.T, n *tlNet) []string {
	t.Helper()
	got, errs := tlBuild(t, n)
	require.Empty(t, errs)
	return got
}

// tlPort formats one <port_map> entry.
func tlPort(kind string, ext, internal int, extra string) string {
	return fmt.Sprintf(`<%s external_port_id="%d" internal_layer_id="%d" %s/>`, kind, ext, internal, extra)
}

// tlCond is the port map entry of a Loop body's execution condition Result.
func tlCond(result int) string {
	return fmt.Sprintf(`<output external_port_id="-1" internal_layer_id="%d" purpose="execution_condition"/>`, result)
}

// tlIter is the port map entry of a Loop body's current-iteration Parameter.
func tlIter(param int) string {
	return fmt.Sprintf(`<input external_port_id="-1" internal_layer_id="%d" purpose="current_iteration"/>`, param)
}

func tlBack(result, param int) string {
	return fmt.Sprintf(`<edge from-layer="%d" from-port="0" to-layer="%d" to-port="0"/>`, result, param)
}

// tlAddMul is the body most of loop.cpp's tests share: Zo = (Xi + Yi) · M_body, with the body
// condition a boolean Const (cond "true"/"false") or Greater(M_body, 10) (cond "greater"),
// and an optional current-iteration Parameter.
type tlAddMul struct {
	x, y, m     string // outer Parameter shapes
	trip        string // "10", "-1" (a Const) or "param" (an i64 scalar Parameter)
	scalars     bool   // trip count, conditions and current iteration are scalars, not [1]
	cond        string
	curIter     string // "": none; "port": a current_iteration body Parameter; "unused": a body Parameter not in the port map
	xi, yi      string // port map extra attributes of Xi, Yi ("" invariant, else the slice attributes)
	outs        []string
	concatAxes  map[int]string // output index -> concat attributes
	want        []string
	wantErr     string
	noMergedOut bool
}

func (c tlAddMul) build(t *testing.T) ([]string, []string) {
	t.Helper()
	top, body := tlPair()
	one := []int{1}
	if c.scalars {
		one = nil
	}
	X, Y, M := top.param("f32", c.x), top.param("f32", c.y), top.param("f32", c.m)
	var trip tlOut
	if c.trip == "param" {
		trip = top.param("i64", "")
	} else {
		var v float64
		fmt.Sscan(c.trip, &v)
		trip = top.cnst("i64", one, v)
	}
	exec := top.cnst("boolean", one, 1)

	curIter := -1
	iterShape := "1"
	if c.scalars {
		iterShape = ""
	}
	if c.curIter != "" {
		curIter = body.param("i64", iterShape).layer
	}
	Xi, Yi, Mb := body.param("f32", "..."), body.param("f32", "..."), body.param("f32", "...")
	var cond tlOut
	switch c.cond {
	case "true", "false":
		v := 0.0
		if c.cond == "true" {
			v = 1
		}
		cond = body.cnst("boolean", one, v)
	case "greater":
		cond = body.op("Greater", "opset1", "", "BOOL", Mb, body.cnst("f32", []int{1}, 10))
	}
	sum := body.op("Add", "opset1", "", "FP32", Xi, Yi)
	zo := body.op("Multiply", "opset1", "", "FP32", sum, Mb)
	rid := map[string]int{"cond": body.result(cond), "zo": body.result(zo), "sum": body.result(sum)}

	pm := tlPort("input", 2, Xi.layer, c.xi) + tlPort("input", 3, Yi.layer, c.yi) + tlPort("input", 4, Mb.layer, "")
	if c.curIter == "port" {
		pm += tlIter(curIter)
	}
	var prec []string
	for k, o := range c.outs {
		pm += tlPort("output", 5+k, rid[o], c.concatAxes[k])
		prec = append(prec, map[string]string{"cond": "BOOL", "zo": "FP32", "sum": "FP32"}[o])
	}
	pm += tlCond(rid["cond"])
	loop := top.sub("Loop", "opset5", []tlOut{trip, exec, X, Y, M}, prec, pm, tlBack(rid["zo"], Mb.layer), body)
	top.results(loop, 5, len(c.outs))
	return tlBuild(t, top)
}

// concat1 is get_concatenated_slices(value, 0, 1, 1, -1, axis).
func concat1(axis int) string {
	return fmt.Sprintf(`axis="%d" start="0" end="-1" stride="1" part_size="1"`, axis)
}

func TestTPLoop(t *testing.T) {
	const s = "32,1,10"
	cases := map[string]tlAddMul{
		"loop_operation_for_mode_10_iter_static_shapes": {x: s, y: s, m: s, trip: "10", cond: "true", curIter: "port",
			outs: []string{"cond", "zo", "zo"}, concatAxes: map[int]string{2: concat1(1)},
			want: []string{"boolean[1]", "f32[32,1,10]", "f32[32,10,10]"}},
		"loop_operation_dowhile_mode_1_iter_static_shapes": {x: s, y: s, m: s, trip: "10", cond: "false", curIter: "port",
			outs: []string{"cond", "zo", "zo"}, concatAxes: map[int]string{2: concat1(1)},
			want: []string{"boolean[1]", "f32[32,1,10]", "f32[32,1,10]"}},
		"loop_operation_for_and_condition_mode_dynamic_iter_static_shapes": {x: "1", y: "1", m: "1", trip: "10", cond: "greater",
			outs: []string{"cond", "zo"}, want: []string{"boolean[1]", "f32[1]"}},
		"loop_operation_for_and_condition_mode_dynamic_iter_dynamic_shapes": {x: "1", y: "1", m: "1", trip: "10", cond: "greater", curIter: "unused",
			outs: []string{"cond", "zo", "zo"}, concatAxes: map[int]string{2: concat1(0)},
			want: []string{"boolean[1]", "f32[1]", "f32[?]"}},
		"loop_operation_for_and_condition_mode_dynamic_iter_partially_dynamic_shapes": {x: "?", y: "?", m: "1", trip: "10", cond: "greater", curIter: "unused",
			outs: []string{"cond", "zo", "zo"}, concatAxes: map[int]string{2: concat1(0)},
			want: []string{"boolean[1]", "f32[?]", "f32[?]"}},
		"loop_operation_for_and_condition_mode_dynamic_iter_incorrect_sliced_output_axis": {x: "1,2,3,?", y: "1,2,3,?", m: "1", trip: "10", cond: "greater", curIter: "unused",
			outs: []string{"zo"}, concatAxes: map[int]string{0: concat1(4)}, wantErr: "out of the tensor rank range"},
		"loop_operation_infinite_loop_mode_dynamic_iter_dynamic_shapes": {x: s, y: s, m: s, trip: "-1", cond: "true", curIter: "unused",
			outs: []string{"cond", "zo", "zo"}, concatAxes: map[int]string{2: concat1(1)},
			want: []string{"boolean[1]", "f32[32,1,10]", "f32[32,?,10]"}},
		"loop_operation_for_mode_10_iter_static_shapes_special_body_ports": {x: s, y: s, m: s, trip: "10", cond: "true", curIter: "port",
			outs: []string{"cond", "zo", "zo"}, concatAxes: map[int]string{2: concat1(1)},
			want: []string{"boolean[1]", "f32[32,1,10]", "f32[32,10,10]"}},
		"loop_operation_for_mode_10_iter_static_shapes_special_body_ports_scalars": {x: s, y: s, m: s, trip: "10", scalars: true, cond: "true", curIter: "port",
			outs: []string{"cond", "zo", "zo"}, concatAxes: map[int]string{2: concat1(1)},
			want: []string{"boolean[]", "f32[32,1,10]", "f32[32,10,10]"}},
		// set_sliced_input(Xi, X, 0, 1, 1, -1, 2) and (Yi, Y, -1, -1, 1, 0, 1).
		"loop_operation_10_iter_static_shapes_sliced_inputs": {x: s, y: "32,10,1", m: s, trip: "10", scalars: true, cond: "true", curIter: "port",
			xi: `axis="2" start="0" stride="1" part_size="1" end="-1"`, yi: `axis="1" start="-1" stride="-1" part_size="1" end="0"`,
			outs: []string{"cond", "zo", "zo", "sum"}, concatAxes: map[int]string{2: concat1(1)},
			want: []string{"boolean[]", "f32[32,1,10]", "f32[32,10,10]", "f32[32,1,1]"}},
		// set_sliced_input(Xi, X, 0, 1, 1, -1, 0) and (Yi, Y, -1, -1, 1, 0, 1); trip count a Parameter.
		"loop_operation_dynamic_iter_dynamic_batch_shapes_sliced_inputs_concatenated_outputs": {x: "?,1,10", y: "32,?,10", m: s, trip: "param", scalars: true, cond: "true", curIter: "port",
			xi: `axis="0" start="0" stride="1" part_size="1" end="-1"`, yi: `axis="1" start="-1" stride="-1" part_size="1" end="0"`,
			outs: []string{"cond", "zo", "zo", "sum"}, concatAxes: map[int]string{2: concat1(1)},
			want: []string{"boolean[]", "f32[32,1,10]", "f32[32,?,10]", "f32[32,1,10]"}},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			got, errs := c.build(t)
			if c.wantErr != "" {
				require.NotEmpty(t, errs)
				require.Contains(t, strings.Join(errs, "\n"), c.wantErr)
				return
			}
			require.Empty(t, errs)
			require.Equal(t, c.want, got)
		})
	}
}

// TestTPLoopBackEdges holds loop.cpp's tests whose bodies are not tlAddMul's: a sliced input
// squared, and the back edges whose body value changes shape from one iteration to the next.
func TestTPLoopBackEdges(t *testing.T) {
	t.Run("loop_operation_dynamic_iter_dynamic_shapes_sliced_inputs_concatenated_outputs", func(t *testing.T) {
		top, body := tlPair()
		X, T := top.param("f32", "?,?,10"), top.param("i64", "")
		exec := top.cnst("boolean", nil, 1)
		Xi, it := body.param("f32", "..."), body.param("i64", "")
		bc := body.result(body.cnst("boolean", nil, 1))
		zo := body.result(body.op("Multiply", "opset1", "", "FP32", Xi, Xi))
		pm := tlPort("input", 2, Xi.layer, `axis="0" start="0" stride="1" part_size="1" end="-1"`) + tlIter(it.layer) +
			tlPort("output", 3, bc, "") + tlPort("output", 4, zo, "") + tlPort("output", 5, zo, concat1(0)) + tlCond(bc)
		top.results(top.sub("Loop", "opset5", []tlOut{T, exec, X}, []string{"BOOL", "FP32", "FP32"}, pm, "", body), 3, 3)
		require.Equal(t, []string{"boolean[]", "f32[1,?,10]", "f32[?,?,10]"}, tlBuildOK(t, top))
	})
	// concatLoop: Parameter X (shape x) merged into body Parameter Xi (declared xi), the body
	// value Concat(Xi, other, axis) fed back; outputs the condition and the last value.
	concatLoop := func(t *testing.T, x, xi string, other func(b *tlNet, xi tlOut) tlOut, axis int) []string {
		top, body := tlPair()
		X, T := top.param("f32", x), top.param("i64", "")
		exec := top.cnst("boolean", nil, 1)
		Xi := body.param("f32", xi)
		bc := body.cnst("boolean", nil, 1)
		z := body.result(body.op("Concat", "opset1", fmt.Sprintf(`axis="%d"`, axis), "FP32", Xi, other(body, Xi)))
		bcr := body.result(bc)
		pm := tlPort("input", 2, Xi.layer, "") + tlPort("output", 3, bcr, "") + tlPort("output", 4, z, "") + tlCond(bcr)
		top.results(top.sub("Loop", "opset5", []tlOut{T, exec, X}, []string{"BOOL", "FP32"}, pm, tlBack(z, Xi.layer), body), 3, 2)
		return tlBuildOK(t, top)
	}
	t.Run("loop_operation_dynamic_iter_static_shapes_inputs_dynamic_shape_outputs", func(t *testing.T) {
		got := concatLoop(t, "1,1,10", "1,?,10", func(b *tlNet, _ tlOut) tlOut {
			return b.cnst("f32", []int{1, 1, 10}, make([]float64, 10)...)
		}, 1)
		// OpenVINO asserts only compatibility with [1,?,10] (Concat adds 1 to the dynamic dim).
		require.Equal(t, "boolean[]", got[0])
		require.True(t, strings.HasPrefix(got[1], "f32[1,") && strings.HasSuffix(got[1], ",10]"), got[1])
		require.NotEqual(t, "f32[1,1,10]", got[1])
	})
	t.Run("loop_operation_dynamic_iter_dynamic_shapes_inputs_dynamic_shape_outputs", func(t *testing.T) {
		got := concatLoop(t, "?,1,10", "?,?,10", func(_ *tlNet, xi tlOut) tlOut { return xi }, 1)
		require.Equal(t, []string{"boolean[]", "f32[?,?,10]"}, got)
	})
	t.Run("loop_operation_dynamic_iter_dynamic_shapes2_inputs_dynamic_shape_outputs3", func(t *testing.T) {
		top, body := tlPair()
		X0, X1, T := top.param("f32", "?,1,10"), top.param("f32", "?,1,10"), top.param("i64", "")
		exec := top.cnst("boolean", nil, 1)
		Xi0, Xi1 := body.param("f32", "?,1,10"), body.param("f32", "?,1,10")
		zo0 := body.op("Concat", "opset1", `axis="1"`, "FP32", Xi0, Xi0)
		zo1 := body.op("Concat", "opset1", `axis="1"`, "FP32", Xi1, Xi1)
		y, z0, z1 := body.result(zo0), body.result(zo0), body.result(zo1)
		bc := body.result(body.cnst("boolean", nil, 1))
		// The Loop's inputs are trip count, condition, X0, X1 (ports 0..3), its outputs ports 4..7.
		pm := tlPort("input", 2, Xi0.layer, "") + tlPort("input", 3, Xi1.layer, "") +
			tlPort("output", 4, bc, "") + tlPort("output", 5, y, "") + tlPort("output", 6, z0, "") + tlPort("output", 7, z1, "") + tlCond(bc)
		l := top.sub("Loop", "opset5", []tlOut{T, exec, X0, X1}, []string{"BOOL", "FP32", "FP32", "FP32"}, pm, tlBack(z0, Xi0.layer)+tlBack(z1, Xi1.layer), body)
		top.results(l, 4, 4)
		require.Equal(t, []string{"boolean[]", "f32[?,?,10]", "f32[?,?,10]", "f32[?,?,10]"}, tlBuildOK(t, top))
	})
	t.Run("loop_operation_dynamic_iter_1d_shapes_inputs_dynamic_shape_outputs", func(t *testing.T) {
		top, body := tlPair()
		X, T := top.param("f32", "1"), top.param("i64", "")
		exec := top.cnst("boolean", nil, 1)
		Xi := body.param("f32", "1")
		x0 := body.op("Reshape", "opset1", `special_zero="false"`, "FP32", Xi, body.cnst("i32", []int{1}, -1))
		z := body.result(body.op("Concat", "opset1", `axis="0"`, "FP32", x0, x0))
		bc := body.result(body.cnst("boolean", nil, 1))
		pm := tlPort("input", 2, Xi.layer, "") + tlPort("output", 3, bc, "") + tlPort("output", 4, z, "") + tlCond(bc)
		top.results(top.sub("Loop", "opset5", []tlOut{T, exec, X}, []string{"BOOL", "FP32"}, pm, tlBack(z, Xi.layer), body), 3, 2)
		require.Equal(t, []string{"boolean[]", "f32[?]"}, tlBuildOK(t, top))
	})
	t.Run("loop_operation_dynamic_iter_dynamic_shapes_unsqueeze", func(t *testing.T) {
		top, body := tlPair()
		X := top.param("dynamic", "?,?")
		trip, exec := top.cnst("i64", []int{1}, -1), top.cnst("boolean", []int{1}, 1)
		in := body.param("dynamic", "...")
		u := body.result(body.op("Unsqueeze", "opset1", "", "dynamic", in, body.cnst("i64", []int{1}, 0)))
		bc := body.result(body.cnst("boolean", []int{1}, 1))
		pm := tlPort("input", 2, in.layer, "") + tlPort("output", 3, u, "") + tlCond(bc)
		top.results(top.sub("Loop", "opset5", []tlOut{trip, exec, X}, []string{"dynamic"}, pm, tlBack(u, in.layer), body), 3, 1)
		got := tlBuildOK(t, top)
		require.Len(t, got, 1)
		require.True(t, strings.HasSuffix(got[0], "[...]"), got[0])
	})
}

// TestTPTensorIterator is tensor_iterator.cpp@11ae3055. Its LSTM tests assert only that the
// graph validates (and, after the reshape, that the iteration count is unknown); the
// outputs' shapes the body gives are checked here.
func TestTPTensorIterator(t *testing.T) {
	slice := func(start, stride, part, end, axis int) string {
		return fmt.Sprintf(`axis="%d" start="%d" stride="%d" part_size="%d" end="%d"`, axis, start, stride, part, end)
	}
	lstm := func(t *testing.T, sent string) []string {
		const N, I, H = 32, 8, 32
		top, body := tlPair()
		SENT := top.param("f32", sent)
		Hi, Ci := top.param("f32", "32,1,32"), top.param("f32", "32,1,32")
		W, R := top.param("f32", "128,8"), top.param("f32", "128,32")
		X, Ht, Ct := body.param("f32", "32,1,8"), body.param("f32", "32,1,32"), body.param("f32", "32,1,32")
		Wb, Rb := body.param("f32", "128,8"), body.param("f32", "128,32")
		reshape := func(x tlOut, dims ...float64) tlOut {
			return body.op("Reshape", "opset1", `special_zero="false"`, "FP32", x, body.cnst("i64", []int{len(dims)}, dims...))
		}
		// LSTMCell-4 with the zero bias its five-input constructor adds.
		cell := body.opN("LSTMCell", "opset4", fmt.Sprintf(`hidden_size="%d"`, H), []string{"FP32", "FP32"},
			reshape(X, N, I), reshape(Ht, N, H), reshape(Ct, N, H), Wb, Rb, body.cnst("f32", []int{4 * H}, make([]float64, 4*H)...))
		ho := body.result(reshape(cell, N, 1, H))
		co := body.result(reshape(tlOut{cell.layer, cell.port + 1}, N, 1, H))
		pm := tlPort("input", 0, X.layer, slice(0, 1, 1, -1, 1)) + tlPort("input", 1, Ht.layer, "") + tlPort("input", 2, Ct.layer, "") +
			tlPort("input", 3, Wb.layer, "") + tlPort("input", 4, Rb.layer, "") + tlPort("output", 5, ho, "") + tlPort("output", 6, co, "")
		top.results(top.sub("TensorIterator", "opset1", []tlOut{SENT, Hi, Ci, W, R}, []string{"FP32", "FP32"}, pm, tlBack(ho, Ht.layer)+tlBack(co, Ct.layer), body), 5, 2)
		return tlBuildOK(t, top)
	}
	t.Run("tensor_iterator_lstm", func(t *testing.T) {
		require.Equal(t, []string{"f32[32,1,32]", "f32[32,1,32]"}, lstm(t, "32,10,8"))
	})
	t.Run("tensor_iterator_with_dynamic_reshape", func(t *testing.T) {
		require.Equal(t, []string{"f32[32,1,32]", "f32[32,1,32]"}, lstm(t, "?,?,?"))
	})
	addMul := func(t *testing.T, endX, endY int) []string {
		top, body := tlPair()
		X, Y, M := top.param("f32", "32,40,10"), top.param("f32", "32,40,10"), top.param("f32", "32,2,10")
		Xi, Yi, Mb := body.param("f32", "32,2,10"), body.param("f32", "32,2,10"), body.param("f32", "32,2,10")
		zo := body.result(body.op("Multiply", "opset1", "", "FP32", body.op("Add", "opset1", "", "FP32", Xi, Yi), Mb))
		pm := tlPort("input", 0, Xi.layer, slice(0, 2, 2, endX, 1)) + tlPort("input", 1, Yi.layer, slice(0, 2, 2, endY, 1)) +
			tlPort("input", 2, Mb.layer, "") + tlPort("output", 3, zo, "") + tlPort("output", 4, zo, slice(0, 2, 2, endX, 1))
		top.results(top.sub("TensorIterator", "opset1", []tlOut{X, Y, M}, []string{"FP32", "FP32"}, pm, "", body), 3, 2)
		return tlBuildOK(t, top)
	}
	t.Run("tensor_iterator_2_slice_inputs_part_size_2", func(t *testing.T) {
		require.Equal(t, []string{"f32[32,2,10]", "f32[32,40,10]"}, addMul(t, 39, -1))
	})
	t.Run("tensor_iterator_2_slice_inputs_part_size_2_dynamic", func(t *testing.T) {
		require.Equal(t, []string{"f32[32,2,10]", "f32[32,38,10]"}, addMul(t, 38, -2))
	})
	t.Run("tensor_iterator_dyn_slice", func(t *testing.T) {
		top, body := tlPair()
		SENT := top.param("f32", "32,?,8")
		X := body.param("f32", "...")
		res := body.result(X)
		pm := tlPort("input", 0, X.layer, slice(0, 1, 1, -1, 1)) + tlPort("output", 1, res, "")
		top.results(top.sub("TensorIterator", "opset1", []tlOut{SENT}, []string{"FP32"}, pm, "", body), 1, 1)
		// The body Parameter is {N, part_size, I}; the last-iteration output is its value.
		require.Equal(t, []string{"f32[32,1,8]"}, tlBuildOK(t, top))
	})
}

// TestTPAssign is assign.cpp@087daa34's graph tests: an Assign-3 needs a ReadValue-3 of its
// variable among its ancestors.
func TestTPAssign(t *testing.T) {
	for _, c := range []struct {
		name, readID, err string
	}{
		{"assign_variable_not_found", "", "Can't find variable with id = variable_id"},
		{"assign_deduce", "variable_id", ""},
		{"assign_other_variable", "other", "Can't find variable with id = variable_id"},
	} {
		t.Run(c.name, func(t *testing.T) {
			top, _ := tlPair()
			x := top.param("f32", "1,2,64,64")
			if c.readID != "" {
				x = top.op("ReadValue", "opset3", `variable_id="`+c.readID+`"`, "FP32", x)
				top.result(x)
			}
			top.op("Assign", "opset3", `variable_id="variable_id"`, "FP32", x)
			_, errs := tlBuild(t, top)
			if c.err == "" {
				require.Empty(t, errs)
				return
			}
			require.Contains(t, strings.Join(errs, "\n"), c.err)
		})
	}
}
