package graph

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/irrun/irrun/ir"
)

// Shape and type inference of If-8 against OpenVINO's type_prop tests,
// src/core/tests/type_prop/if.cpp@eda483f9, transcribed as data: each test's outer
// Parameters X and Y, its condition and its two bodies are written as IR with the Loop
// tests' writer (tlNet) and built; the Results' element types and shapes are compared with
// the test's expectations. Body Parameters are declared as the tests declare them (dynamic
// shapes); the If gives them its inputs' types and shapes.

// tp8IfBody writes one If body into b: the body Parameters fed by the If's X and Y (-1:
// not fed) and the Results giving the If's outputs, in order.
type tp8IfBody func(b *tlNet) (px, py int, res []int)

// tp8If builds tp8IfNet's model: the Results' types and shapes and the error messages.
func tp8If(t *testing.T, et, xs, ys, cond string, then, els tp8IfBody) ([]string, []string) {
	t.Helper()
	return tlBuild(t, tp8IfNet(et, xs, ys, cond, then, els))
}

// tp8IfNet writes If(cond, X, Y) with X and Y Parameters of type et and shapes xs, ys; cond is
// "true"/"false" (a boolean Const [1]) or a boolean Parameter's shape ("1", "" scalar).
// Its Results are the If's outputs.
func tp8IfNet(et, xs, ys, cond string, then, els tp8IfBody) *tlNet {
	top, thenB := tlPair()
	elseB := tlNewNet(top.w)
	X, Y := top.param(et, xs), top.param(et, ys)
	var c tlOut
	switch cond {
	case "true", "false":
		v := 0.0
		if cond == "true" {
			v = 1
		}
		c = top.cnst("boolean", []int{1}, v)
	default:
		c = top.param("boolean", cond)
	}
	pm := func(b *tlNet, body tp8IfBody) (string, int) {
		px, py, res := body(b)
		m := ""
		for k, p := range []int{px, py} {
			if p >= 0 {
				m += tlPort("input", 1+k, p, "")
			}
		}
		for k, r := range res {
			m += tlPort("output", 3+k, r, "")
		}
		return m, len(res)
	}
	thenPM, n := pm(thenB, then)
	elsePM, _ := pm(elseB, els)
	prec := make([]string, n)
	for k := range prec {
		prec[k] = tlPrec[et]
	}
	inner := fmt.Sprintf("\n<then_port_map>%s</then_port_map>\n<else_port_map>%s</else_port_map>\n%s%s",
		thenPM, elsePM, thenB.asBody("then_body"), elseB.asBody("else_body"))
	top.results(top.subRaw("If", "opset8", []tlOut{c, X, Y}, prec, inner), 3, n)
	return top
}

// tp8Binary is a body computing op(A, B) of two Parameters of type et fed by X and Y (or
// op(A, A) of the one fed by X when y is false, by Y when x is false).
func tp8Binary(op, et string, x, y bool) tp8IfBody {
	return func(b *tlNet) (int, int, []int) {
		px, py := -1, -1
		var a, c tlOut
		if x {
			a = b.param(et, "...")
			px, c = a.layer, a
		}
		if y {
			c = b.param(et, "...")
			py = c.layer
			if !x {
				a = c
			}
		}
		return px, py, []int{b.result(b.op(op, "opset1", "", tlPrec[et], a, c))}
	}
}

// tp8Converted is Convert(op(Xb, Yb), to): if_simple_test's bodies.
func tp8Converted(op, to string) tp8IfBody {
	return func(b *tlNet) (int, int, []int) {
		x, y := b.param("f32", "..."), b.param("f32", "...")
		v := b.op(op, "opset1", "", "FP32", x, y)
		return x.layer, y.layer, []int{b.result(b.op("Convert", "opset1", `destination_type="`+to+`"`, tlPrec[to], v))}
	}
}

func TestTPIf(t *testing.T) {
	const s = "32,40,10"
	addXY, maxXY := tp8Binary("Add", "f32", true, true), tp8Binary("Maximum", "f32", true, true)
	for _, c := range []struct {
		name           string
		et, x, y, cond string
		then, els      tp8IfBody
		want           []string
		note           string
	}{
		{name: "if_simple_test", et: "f32", x: s, y: s, cond: "true", then: tp8Converted("Add", "f32"), els: tp8Converted("Maximum", "f32"),
			want: []string{"f32[32,40,10]"}},
		// The test then sets the then-body Convert to f16 (and the else one too, unvalidated):
		// a constant condition validates only the body it selects, whose type the output takes.
		{name: "if_simple_test/f16_then_body", et: "f32", x: s, y: s, cond: "true", then: tp8Converted("Add", "f16"), els: tp8Converted("Maximum", "f32"),
			want: []string{"f16[32,40,10]"}},
		{name: "if_non_const_condition_test", et: "f32", x: s, y: s, cond: "1", then: addXY, els: maxXY, want: []string{"f32[32,40,10]"}},
		{name: "if_clone_test", et: "f32", x: "...", y: "...", cond: "1", then: addXY, els: maxXY, want: []string{"f32[...]"},
			note: "the clone's inputs are dynamic Parameters; the test asserts only that it validates"},
		{name: "if_scalar_condition", et: "f32", x: s, y: s, cond: "", then: addXY, els: maxXY, want: []string{"f32[32,40,10]"}},
		{name: "if_dynamic_output", et: "f32", x: "1,20,5,30", y: "18,16,14,12", cond: "1",
			then: tp8Binary("Add", "f32", true, false), els: tp8Binary("Maximum", "f32", false, true), want: []string{"f32[1..18,16..20,5..14,12..30]"}},
		{name: "if_dynamic_inputs", et: "f32", x: "?,?,?", y: "?,20,30", cond: "1", then: addXY, els: tp8Binary("Multiply", "f32", true, true),
			want: []string{"f32[?,20,30]"}},
		{name: "if_scalar_and_1d_union", et: "f32", x: "", y: "?", cond: "",
			then: tp8Binary("Add", "f32", true, false), els: tp8Binary("Maximum", "f32", false, true), want: []string{"f32[?]"}},
		{name: "if_scalar_and_1d_static_union", et: "f32", x: "", y: "8", cond: "",
			then: tp8Binary("Add", "f32", true, false), els: tp8Binary("Maximum", "f32", false, true), want: []string{"f32[?]"}},
		{name: "if_output_one_element", et: "f32", x: "", y: "1", cond: "",
			then: tp8Binary("Add", "f32", true, false), els: tp8Binary("Maximum", "f32", false, true), want: []string{"f32[1]"}},
		{name: "if_element_type_dynamic", et: "f16", x: s, y: s, cond: "false",
			then: tp8Binary("Add", "dynamic", true, true), els: tp8Binary("Maximum", "dynamic", true, true), want: []string{"f16[32,40,10]"}},
		{name: "if_multiple_outputs", et: "f32", x: s, y: s, cond: "1",
			then: func(b *tlNet) (int, int, []int) {
				x, y := b.param("f32", "..."), b.param("f32", "...")
				return x.layer, y.layer, []int{b.result(b.op("Add", "opset1", "", "FP32", x, y)), b.result(x)}
			},
			els: func(b *tlNet) (int, int, []int) {
				x, y := b.param("f32", "..."), b.param("f32", "...")
				return x.layer, y.layer, []int{b.result(b.op("Maximum", "opset1", "", "FP32", x, y)), b.result(b.cnst("f32", []int{1, 1, 1}, 0.5))}
			},
			// OpenVINO asserts the second output is dynamic: [32,40,10] ∪ [1,1,1].
			want: []string{"f32[32,40,10]", "f32[1..32,1..40,1..10]"}},
		// The then body (ReduceMean with the f16 [32,40] Y as its axes) is invalid, and not
		// validated: the condition is a false constant.
		{name: "if_invalid_false_body", et: "f16", x: s, y: "32,40", cond: "false",
			then: func(b *tlNet) (int, int, []int) {
				x, y := b.param("dynamic", "..."), b.param("dynamic", "...")
				r := b.op("ReduceMean", "opset1", "", "dynamic", x, y)
				return x.layer, y.layer, []int{b.result(b.op("Add", "opset1", "", "dynamic", r, y))}
			},
			els: func(b *tlNet) (int, int, []int) {
				x, y := b.param("dynamic", "..."), b.param("dynamic", "...")
				r := b.op("ReduceMean", "opset1", "", "dynamic", x, b.cnst("i32", []int{1}, 2))
				return x.layer, y.layer, []int{b.result(b.op("Add", "opset1", "", "dynamic", r, y))}
			},
			want: []string{"f16[32,40]"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, errs := tp8If(t, c.et, c.x, c.y, c.cond, c.then, c.els)
			require.Empty(t, errs)
			require.Equal(t, c.want, got)
		})
	}
}

// TestTPIfOneElementRuns runs if_output_one_element's model: the output inferred [1] is the
// taken body's value, a scalar (then) or [1] (else).
func TestTPIfOneElementRuns(t *testing.T) {
	g := Build(tlModel(t, tp8IfNet("f32", "", "1", "", tp8Binary("Add", "f32", true, false), tp8Binary("Maximum", "f32", false, true))))
	for _, d := range g.Diagnostics {
		require.NotEqual(t, ir.SeverityError, d.Severity, "%s", d.Message)
	}
	p, err := Compile(g, Options{Threads: 1})
	require.NoError(t, err)
	t.Cleanup(p.Close)
	x, err := ir.TensorOf([]float32{3})
	require.NoError(t, err)
	x.Shape = nil
	y, err := ir.TensorOf([]float32{-2}, 1)
	require.NoError(t, err)
	for _, c := range []struct {
		cond  bool
		shape []int
		want  float32
	}{{true, nil, 6}, {false, []int{1}, -2}} {
		cond, err := ir.TensorOf([]bool{c.cond})
		require.NoError(t, err)
		cond.Shape = nil
		outs, err := p.Run(context.Background(), []*ir.Tensor{x, y, cond})
		require.NoError(t, err, "cond %v", c.cond)
		require.Equal(t, len(c.shape), len(outs[0].Shape), "cond %v: shape %v", c.cond, outs[0].Shape)
		require.Equal(t, []float32{c.want}, outs[0].Data, "cond %v", c.cond)
	}
}
