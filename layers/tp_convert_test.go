package layers

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Convert-0: src/core/tests/type_prop/convert.cpp@09d9dfab. convert_dynamic_value_and_symbol_propagation
// chains ShapeOf(f32[3,4]) → Convert i8 → Convert i64 → Broadcast-1 of f32[1] (symbols out of scope).
func TestTPConvert(t *testing.T) {
	tpRun(t, "Convert", "opset1", []tpCase{
		{name: "convert_deduce", attrs: []string{"destination_type", "i32"}, in: []string{"f32[2,3,4]"}, out: []string{"i32[2,3,4]"}},
	})
	asIn := func(o Output) Input {
		return Input{Type: o.Type, Shape: o.Shape, Value: o.Value, Constant: o.Value != nil || o.Constant, Bounds: o.Bounds}
	}
	step := func(op Op, in ...Input) Output {
		outs, err := op.Infer(in)
		require.NoError(t, err)
		return Propagate(op, in, outs)[0]
	}
	x := step(decodeOp(t, "ShapeOf", "opset1"), tpInput(t, "f32[3,4]"))
	x = step(decodeOp(t, "Convert", "opset1", "destination_type", "i8"), asIn(x))
	x = step(decodeOp(t, "Convert", "opset1", "destination_type", "i64"), asIn(x))
	b := step(decodeOp(t, "Broadcast", "opset1"), tpInput(t, "f32[1]"), asIn(x))
	require.Equal(t, "[3,4]", b.Shape.String(), "convert_dynamic_value_and_symbol_propagation")
}
