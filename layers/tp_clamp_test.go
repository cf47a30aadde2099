package layers

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Clamp-0 shape and type inference: src/core/tests/type_prop/clamp.cpp@2c9483fa, as data.
// get_min/get_max are attributes, not outputs.
func TestTPClamp(t *testing.T) {
	mm := func(lo, hi string) []string { return []string{"min", lo, "max", hi} }
	tpRun(t, "Clamp", "opset1", []tpCase{
		{name: "clamp_basic_f32", attrs: mm("0", "2.1"), in: []string{"f32[1,32,32]"}, out: []string{"f32[1,32,32]"}},
		{name: "clamp_basic_i32", attrs: mm("0", "2.1"), in: []string{"i32[1,32,32]"}, out: []string{"i32[1,32,32]"}},
		{name: "clamp_shape_static_rank", attrs: mm("-2.1", "2.1"), in: []string{"f16[?,?,32]"}, out: []string{"f16[?,?,32]"}},
		{name: "clamp_shape_dynamic", attrs: mm("1.5", "15.0"), in: []string{"u16[...]"}, out: []string{"u16[...]"}},
		{name: "clamp_invalid_element_type", attrs: mm("0.5", "5.5"), in: []string{"boolean[2,2]"}, err: "Input element type must be numeric"},
		{name: "clamp_equal_attributes", attrs: mm("1.0", "1.0"), in: []string{"f64[2,2]"}, out: []string{"f64[2,2]"}},
		{name: "clamp_invalid_attributes", attrs: mm("2.0", "1.0"), in: []string{"f64[2,2]"}, err: "Attribute 'min' must be less or equal than 'max'"},
	})
	// clamp_evaluate_bounds: Gather(ShapeOf([1..8,2,3]), {2,1,0}) = {3,2,1..8}, clamped to
	// [0, 5], is the target shape of a Reshape of that Parameter: [3,2,1..5].
	cl := tpfInfer(t, "Clamp", "opset1", mm("0", "5"), "i64[3]:3,2,1..8")
	r := tpfInfer(t, "Reshape", "opset1", []string{"special_zero", "false"}, "f32[1..8,2,3]", cl[0])
	require.Equal(t, "f32", r[0].Type.String())
	require.Equal(t, "[3,2,1..5]", r[0].Shape.String())
}
