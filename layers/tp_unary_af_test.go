package layers

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
)

// The unary-elementwise files a–f: src/core/tests/type_prop/unary_ops.hpp@2c9483fa (the
// UnaryOperator typed suite) as instantiated by abs.cpp@e7b1cf53, acos.cpp@60f2208b,
// acosh.cpp@738c5b8e, asin.cpp@60f2208b, asinh.cpp@60f2208b, atan.cpp@e255fc92,
// atanh.cpp@c59927df, ceiling.cpp@738c5b8e, cos.cpp@3ac54829, cosh.cpp@c59927df,
// erf.cpp@60f2208b, exp.cpp@c59927df and floor.cpp@60f2208b; elu.cpp@c59927df; and abs.cpp's
// TypePropAbsV0Test (bounds through Abs). The suite's boolean inputs expect a
// NodeValidationFailure without naming it ("*").
func TestTPUnaryAF(t *testing.T) {
	suite := []tpCase{
		{name: "shape_inference_Shape1", in: []string{"f32[2,2]"}, out: []string{"*[2,2]"}},
		{name: "shape_inference_Shape2", in: []string{"i32[21,15,2]"}, out: []string{"*[21,15,2]"}},
		{name: "input_type_inference_F32", in: []string{"f32[10,2,2]"}, out: []string{"f32[#3]"}},
		{name: "input_type_inference_I64", in: []string{"i64[41,28,2]"}, out: []string{"i64[#3]"}},
		{name: "input_type_inference_U16", in: []string{"u16[100,200,7]"}, out: []string{"u16[#3]"}},
		{name: "incompatible_input_type_Shape1", in: []string{"boolean[100,2,50]"}, err: "*"},
		{name: "incompatible_input_type_Shape2", in: []string{"boolean[40,17,50]"}, err: "*"},
		{name: "dynamic_rank_input_shape_2D", in: []string{"f32[?,10]"}, out: []string{"*[?,10]"}},
		{name: "dynamic_rank_input_shape_3D", in: []string{"f32[100,?,58]"}, out: []string{"*[100,?,58]"}},
		{name: "dynamic_rank_input_shape_full", in: []string{"f64[...]"}, out: []string{"*[...]"}},
	}
	for _, op := range []string{"Abs", "Acos", "Acosh", "Asin", "Asinh", "Atan", "Atanh", "Ceiling", "Cos", "Cosh", "Erf", "Exp", "Floor"} {
		tpRun(t, op, plainUnaryNames[op], suite)
	}
	tpRun(t, "Elu", "opset1", []tpCase{{name: "elu", attrs: []string{"alpha", "1"}, in: []string{"f32[2,4]"}, out: []string{"f32[2,4]"}}})

	// TypePropAbsV0Test: Abs of Add(ShapeOf(p), c) whose value is known by the bounds
	// [lower, upper]; the expected bounds of evaluate_as_partial_shape.
	for _, c := range []struct {
		lo, hi, wantLo, wantHi int64
		note                   string
	}{
		{-6, -6, 6, 6, ""},
		{-5, -4, 4, 5, ""},
		{-4, 0, 0, 4, ""},
		// OpenVINO's default evaluator takes |lower| and |upper| reordered: [4, 4], [3, 4],
		// [3, 4]. An element in [-4, 4] can be 0, so irrun keeps [0, max] (unary.go,
		// semantics.md §10).
		{-4, 4, 0, 4, "OpenVINO [4,4]"},
		{-4, 3, 0, 4, "OpenVINO [3,4]"},
		{-3, 4, 0, 4, "OpenVINO [3,4]"},
		{0, 0, 0, 0, ""},
		{0, 2, 0, 2, ""},
		{1, 1, 1, 1, ""},
		{1, 42, 1, 42, ""},
	} {
		o := tpfInfer(t, "Abs", "opset1", nil, fmt.Sprintf("i64[1]:%d..%d", c.lo, c.hi))
		require.NotNil(t, o[0].Bounds, "%d..%d", c.lo, c.hi)
		require.Equal(t, []int64{c.wantLo}, o[0].Bounds.Lo, "%d..%d %s", c.lo, c.hi, c.note)
		require.Equal(t, []int64{c.wantHi}, o[0].Bounds.Hi, "%d..%d %s", c.lo, c.hi, c.note)
	}
	// The ten of the test as one tensor, and the bounds shaping a Reshape.
	o := tpfInfer(t, "Abs", "opset1", nil, "i64[3]:-5..-4,0..2,1..42")
	r := tpfInfer(t, "Reshape", "opset1", []string{"special_zero", "false"}, "f32[...]", o[0])
	require.Equal(t, "[4..5,..2,1..42]", r[0].Shape.String())
}
