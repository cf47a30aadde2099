package layers

import (
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

// ConvertLike-1 (type_prop/convert_like.cpp: output type of the second input, shape of the
// first) and Identity-16 (type_prop/identity.cpp).
func TestMoreConvertLikeIdentity(t *testing.T) {
	cl := decodeOp(t, "ConvertLike", "opset1")
	o := moreInfer(t, cl, moreIn(t, ir.F32, "3,?,2..5"), moreIn(t, ir.I8, "1"))
	require.Equal(t, ir.I8, o.Type)
	require.Equal(t, "[3,?,2..5]", o.Shape.String())
	out := run(t, cl, ExecOptions{}, moreF32(t, []int{4}, 1.7, -2.5, 300, 0), tensor(t, ir.I32, []int{2}, []int32{0, 0}))
	require.Equal(t, []int32{1, -2, 300, 0}, out[0].Data)
	// Folded from a known data input whatever the second input.
	f := moreInfer(t, cl, moreConst(moreI64(t, []int{2}, 3, 4)), moreIn(t, ir.F32, "?"))
	require.NotNil(t, f.Value)
	require.Equal(t, []float32{3, 4}, f.Value.Data)
	// Bounds go through as through Convert.
	outs, err := cl.Infer([]Input{{Type: ir.I64, Shape: shape(t, "2"), Bounds: &Bounds{Lo: []int64{1, 2}, Hi: []int64{5, ir.Inf}}}, moreIn(t, ir.I32, "")})
	require.NoError(t, err)
	outs = Propagate(cl, []Input{{Type: ir.I64, Shape: shape(t, "2"), Bounds: &Bounds{Lo: []int64{1, 2}, Hi: []int64{5, ir.Inf}}}, moreIn(t, ir.I32, "")}, outs)
	require.NotNil(t, outs[0].Bounds)
	require.Equal(t, []int64{1, 2}, outs[0].Bounds.Lo)

	id := decodeOp(t, "Identity", "opset16")
	o = moreInfer(t, id, moreIn(t, ir.BF16, "?,3..4"))
	require.Equal(t, ir.BF16, o.Type)
	require.Equal(t, "[?,3..4]", o.Shape.String())
	out = run(t, id, ExecOptions{}, moreF32(t, []int{2, 2}, 1, 2, 3, 4))
	require.Equal(t, []float32{1, 2, 3, 4}, out[0].Data)
	// Bounds and values pass through.
	in := []Input{{Type: ir.I64, Shape: shape(t, "2"), Bounds: &Bounds{Lo: []int64{1, 2}, Hi: []int64{5, 2}}}}
	outs, err = id.Infer(in)
	require.NoError(t, err)
	outs = Propagate(id, in, outs)
	require.Equal(t, &Bounds{Lo: []int64{1, 2}, Hi: []int64{5, 2}}, outs[0].Bounds)
}
