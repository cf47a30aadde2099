package layers

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Reshape-1 in src/core/tests/type_prop/dyn_reshape.cpp@ec42769e, as data.
func TestTPDynReshape(t *testing.T) {
	sz := []string{"special_zero", "true"}
	p := "i64[4]=1,2,0,32"
	tpRun(t, "Reshape", "opset1", []tpCase{
		{name: "reshape_v1_arg_rank_static_pattern_zero/static", attrs: sz, in: []string{"f32[2,0,2,8]", p}, out: []string{"f32[1,2,2,32]"}},
		{name: "reshape_v1_arg_rank_static_pattern_zero/dynamic", attrs: sz, in: []string{"f32[...]", p}, out: []string{"f32[1,2,?,32]"}},
		{name: "reshape_v1_arg_rank_static_pattern_zero/incompatible", attrs: sz, in: []string{"f32[1,2,3,4]", "i64[4]=2,2,3,4"}, err: "is incompatible with input shape"},
	})
}

// Equal-1: src/core/tests/type_prop/equal.cpp@254d3621 (2025): Equal of two i32 ShapeOfs
// (one of [1..1], one of [0..]), converted to i32, is the target shape of a Broadcast-3 of a
// [1] Parameter: [0..1] (Equal's bounds are false..true).
func TestTPEqual(t *testing.T) {
	for _, c := range []struct{ name, lhs, rhs string }{
		{"lhs_upper_bound_within_rhs_bounds", "i32[1]:1", "i32[1]:0.."},
		{"rhs_upper_bound_within_lhs_bounds", "i32[1]:0..", "i32[1]:1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			eq := tpfInfer(t, "Equal", "opset1", nil, c.lhs, c.rhs)
			require.Equal(t, "boolean", eq[0].Type.String())
			cv := tpfInfer(t, "Convert", "opset1", []string{"destination_type", "i32"}, eq[0])
			bc := tpfInfer(t, "Broadcast", "opset3", nil, "i32[1]", cv[0])
			require.Equal(t, shape(t, "0..1").String(), bc[0].Shape.String()) // [0..1]
		})
	}
}
