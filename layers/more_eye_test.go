package layers

import (
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

// Eye-9: checks and shapes of eye_shape_inference.hpp and type_prop/eye.cpp, values of
// reference/eye.hpp (numpy.eye with k, batched).
func TestMoreEye(t *testing.T) {
	op := decodeOp(t, "Eye", "opset9", "output_type", "f32")
	sc := func(v int64) *ir.Tensor { return moreI64(t, nil, v) }
	out := moreRunAll(t, op, sc(3), sc(4), sc(1))
	require.Equal(t, []int{3, 4}, out[0].Shape)
	require.Equal(t, []float32{0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}, out[0].Data)
	out = moreRunAll(t, op, sc(3), sc(2), sc(-1))
	require.Equal(t, []float32{0, 0, 1, 0, 0, 1}, out[0].Data)
	out = moreRunAll(t, op, sc(2), sc(2), sc(5))
	require.Equal(t, []float32{0, 0, 0, 0}, out[0].Data)
	i8 := decodeOp(t, "Eye", "opset9", "output_type", "i8")
	out = moreRunAll(t, i8, sc(2), sc(2), moreI32(t, []int{1}, 0), moreI64(t, []int{2}, 2, 1))
	require.Equal(t, []int{2, 1, 2, 2}, out[0].Shape)
	require.Equal(t, []int8{1, 0, 0, 1, 1, 0, 0, 1}, out[0].Data)
	bf := decodeOp(t, "Eye", "opset9", "output_type", "bf16")
	out = moreRunAll(t, bf, moreI32(t, []int{1}, 2), sc(2), sc(0))
	moreNear(t, []float64{1, 0, 0, 1}, out[0], 0)

	in := func(typ ir.ElementType, s string) Input { return moreIn(t, typ, s) }
	k := func(v ...int64) Input { return moreConst(moreI64(t, []int{len(v)}, v...)) }
	require.Equal(t, "[?,?]", moreInfer(t, op, in(ir.I64, ""), in(ir.I64, ""), in(ir.I64, "")).Shape.String())
	require.Equal(t, "[5,?]", moreInfer(t, op, k(5), in(ir.I32, "1"), in(ir.I64, "")).Shape.String())
	require.Equal(t, "[2,3,?,?]", moreInfer(t, op, in(ir.I64, ""), in(ir.I64, ""), in(ir.I64, ""), k(2, 3)).Shape.String())
	require.Equal(t, "[?,?,?,?]", moreInfer(t, op, in(ir.I64, ""), in(ir.I64, ""), in(ir.I64, ""), in(ir.I64, "2")).Shape.String())
	require.Equal(t, "[...]", moreInfer(t, op, in(ir.I64, ""), in(ir.I64, ""), in(ir.I64, ""), in(ir.I64, "?")).Shape.String())
	bd := Input{Type: ir.I64, Shape: shape(t, ""), Bounds: &Bounds{Lo: []int64{2}, Hi: []int64{8}}}
	require.Equal(t, "[2..8,?]", moreInfer(t, op, bd, in(ir.I64, ""), in(ir.I64, "")).Shape.String())
	require.Equal(t, ir.F32, moreInfer(t, op, k(2), k(2), k(0)).Type)
	moreInferErr(t, op, "Type of the 'num_rows' should be int32 or int64. Got: f32", in(ir.F32, ""), in(ir.I64, ""), in(ir.I64, ""))
	moreInferErr(t, op, "Type of the 'diagonal_index' should be int32 or int64. Got: u8", in(ir.I64, ""), in(ir.I64, ""), in(ir.U8, ""))
	moreInferErr(t, op, "Type of the 'batch_shape' should be int32 or int64. Got: f16", in(ir.I64, ""), in(ir.I64, ""), in(ir.I64, ""), in(ir.F16, "2"))
	moreInferErr(t, op, "'num_columns' value must be a scalar or 1D tensor.", in(ir.I64, ""), in(ir.I64, "1,1"), in(ir.I64, ""))
	moreInferErr(t, op, "'diagonal_index' value input should have 1 element.", in(ir.I64, ""), in(ir.I64, ""), in(ir.I64, "2"))
	moreInferErr(t, op, "'batch_shape' input must be a 1D tensor.", in(ir.I64, ""), in(ir.I64, ""), in(ir.I64, ""), in(ir.I64, "2,2"))
	moreInferErr(t, op, "Value -1 not in range [0:", k(-1), in(ir.I64, ""), in(ir.I64, ""))
	moreInferErr(t, op, "Value -2 not in range [0:", in(ir.I64, ""), in(ir.I64, ""), in(ir.I64, ""), k(3, -2))
}
