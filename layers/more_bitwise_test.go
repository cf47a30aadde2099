package layers

import (
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

// Bitwise ops: type_prop/bitwise_ops.hpp (shapes broadcast as the arithmetic ops, float
// types rejected) and op_reference/bitwise_and.cpp, bitwise_or.cpp, bitwise_xor.cpp,
// bitwise_not.cpp, bitwise_left_shift.cpp, bitwise_right_shift.cpp (numpy-obvious values).
func TestMoreBitwise(t *testing.T) {
	cases := []struct {
		typ, opset string
		a, b, want any
		et         ir.ElementType
	}{
		{"BitwiseAnd", "opset13", []bool{true, true, false, false}, []bool{true, false, true, false}, []bool{true, false, false, false}, ir.Boolean},
		{"BitwiseOr", "opset13", []bool{true, true, false, false}, []bool{true, false, true, false}, []bool{true, true, true, false}, ir.Boolean},
		{"BitwiseXor", "opset13", []bool{true, true, false, false}, []bool{true, false, true, false}, []bool{false, true, true, false}, ir.Boolean},
		{"BitwiseAnd", "opset13", []int32{-5, 12, 7, 0}, []int32{3, 10, -1, 9}, []int32{3, 8, 7, 0}, ir.I32},
		{"BitwiseOr", "opset13", []uint8{0xF0, 1, 255, 0}, []uint8{0x0F, 2, 0, 0}, []uint8{0xFF, 3, 255, 0}, ir.U8},
		{"BitwiseXor", "opset13", []int64{-1, 5, 6, 0}, []int64{1, 3, 6, 7}, []int64{-2, 6, 0, 7}, ir.I64},
		{"BitwiseLeftShift", "opset15", []int32{1, 3, -1, 5}, []int32{2, 1, 4, 0}, []int32{4, 6, -16, 5}, ir.I32},
		{"BitwiseLeftShift", "opset15", []uint8{200, 1, 1, 7}, []uint8{1, 7, 8, 9}, []uint8{144, 128, 0, 0}, ir.U8},
		{"BitwiseRightShift", "opset15", []int8{-128, 64, -1, 100}, []int8{1, 3, 5, 9}, []int8{-64, 8, -1, 0}, ir.I8},
		{"BitwiseRightShift", "opset16", []uint16{65535, 8, 1, 2}, []uint16{4, 1, 1, 20}, []uint16{4095, 4, 0, 0}, ir.U16},
	}
	for _, c := range cases {
		op := decodeOp(t, c.typ, c.opset)
		out := run(t, op, ExecOptions{}, tensor(t, c.et, []int{4}, c.a), tensor(t, c.et, []int{4}, c.b))
		require.Equal(t, c.want, out[0].Data, "%s %s", c.typ, c.et)
	}
	// Broadcasting, as the arithmetic ops.
	and := decodeOp(t, "BitwiseAnd", "opset13")
	out := run(t, and, ExecOptions{}, tensor(t, ir.I32, []int{2, 2}, []int32{1, 2, 3, 4}), tensor(t, ir.I32, []int{2}, []int32{1, 6}))
	require.Equal(t, []int32{1, 2, 1, 4}, out[0].Data)
	o := moreInfer(t, and, moreIn(t, ir.I32, "2,?,3"), moreIn(t, ir.Dynamic, "4,3"))
	require.Equal(t, ir.I32, o.Type)
	require.Equal(t, "[2,4,3]", o.Shape.String())
	moreInferErr(t, and, "The element type of the input tensor must be integer or boolean.", moreIn(t, ir.F32, "2"), moreIn(t, ir.F32, "2"))
	moreInferErr(t, and, "Arguments do not have the same element type", moreIn(t, ir.I32, "2"), moreIn(t, ir.I64, "2"))
	moreInferErr(t, and, "Argument shapes are inconsistent", moreIn(t, ir.I32, "2"), moreIn(t, ir.I32, "3"))
	none := decodeOp(t, "BitwiseOr", "opset13", "auto_broadcast", "none")
	moreInferErr(t, none, "Argument shapes are inconsistent", moreIn(t, ir.I32, "2,2"), moreIn(t, ir.I32, "2"))
	// The shifts refuse booleans (bitwise_ops.hpp's BitwiseOperatorNotBoolean; tp_bitwise_test.go).
	shl := decodeOp(t, "BitwiseLeftShift", "opset15")
	moreInferErr(t, shl, "The element type of the input tensor must be integer number.", moreIn(t, ir.Boolean, "2"), moreIn(t, ir.Boolean, "2"))
	_, err := runErr(shl, ExecOptions{}, tensor(t, ir.Boolean, []int{1}, []bool{true}), tensor(t, ir.Boolean, []int{1}, []bool{true}))
	require.Error(t, err)

	not := decodeOp(t, "BitwiseNot", "opset13")
	out = run(t, not, ExecOptions{}, tensor(t, ir.I8, []int{3}, []int8{0, -1, 5}))
	require.Equal(t, []int8{-1, 0, -6}, out[0].Data)
	out = run(t, not, ExecOptions{}, tensor(t, ir.U8, []int{2}, []uint8{0, 5}))
	require.Equal(t, []uint8{255, 250}, out[0].Data)
	out = run(t, not, ExecOptions{}, tensor(t, ir.Boolean, []int{2}, []bool{true, false}))
	require.Equal(t, []bool{false, true}, out[0].Data)
	require.Equal(t, "[?,2]", moreInfer(t, not, moreIn(t, ir.Dynamic, "?,2")).Shape.String())
	moreInferErr(t, not, "The element type of the input tensor must be integer or boolean.", moreIn(t, ir.F16, "2"))

	// Xor-1 is LogicalXor.
	xor := decodeOp(t, "Xor", "opset1")
	out = run(t, xor, ExecOptions{}, tensor(t, ir.Boolean, []int{4}, []bool{true, true, false, false}), tensor(t, ir.Boolean, []int{4}, []bool{true, false, true, false}))
	require.Equal(t, []bool{false, true, true, false}, out[0].Data)
	moreInferErr(t, xor, "Operands for logical operators must have boolean element type", moreIn(t, ir.I32, "2"), moreIn(t, ir.I32, "2"))
	_, err = Lookup("Xor", "opset2")
	require.Error(t, err)
}
