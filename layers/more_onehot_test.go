package layers

import (
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

// OneHot-1 and -16: shapes and messages from type_prop/one_hot.cpp, values from
// op_reference/one_hot.cpp.
func TestMoreOneHot(t *testing.T) {
	v1 := decodeOp(t, "OneHot", "opset1", "axis", "-1")
	depth := func(d int64) Input { return moreConst(moreI64(t, nil, d)) }
	on := moreConst(tensor(t, ir.U32, nil, []uint32{5}))
	off := moreConst(tensor(t, ir.U32, nil, []uint32{10}))
	o := moreInfer(t, v1, moreIn(t, ir.I64, "3"), depth(2), on, off)
	require.Equal(t, ir.U32, o.Type)
	require.Equal(t, "[3,2]", o.Shape.String())
	require.Equal(t, "[1..3,2]", moreInfer(t, v1, moreIn(t, ir.I64, "1..3"), depth(2), on, off).Shape.String())
	ax3 := decodeOp(t, "OneHot", "opset1", "axis", "3")
	require.Equal(t, "[1,3..5,2,4,3]", moreInfer(t, ax3, moreIn(t, ir.I64, "1,3..5,2,3"), depth(4), on, off).Shape.String())
	// depth from ShapeOf -> Squeeze: bounds give an interval.
	ax1 := decodeOp(t, "OneHot", "opset16", "axis", "1")
	bd := Input{Type: ir.I64, Shape: shape(t, ""), Bounds: &Bounds{Lo: []int64{4}, Hi: []int64{6}}}
	require.Equal(t, "[?,4..6,3..5,2,3]", moreInfer(t, ax1, moreIn(t, ir.I64, "?,3..5,2,3"), bd, on, off).Shape.String())
	require.Equal(t, "[?,?,3]", moreInfer(t, ax1, moreIn(t, ir.I64, "?,3"), moreIn(t, ir.I64, ""), on, off).Shape.String())
	require.Equal(t, "[...]", moreInfer(t, ax1, moreIn(t, ir.I64, "..."), depth(3), on, off).Shape.String())
	moreInferErr(t, v1, "Indices must be integral element type.", moreIn(t, ir.F16, "2,2"), moreIn(t, ir.I64, ""), on, off)
	moreInferErr(t, v1, "Depth must be integral element type.", moreIn(t, ir.I64, "2,2"), moreIn(t, ir.F16, ""), on, off)
	moreInferErr(t, v1, "on_value element type must be compatible with off_value element type.", moreIn(t, ir.I64, "2,2"), depth(2), moreIn(t, ir.BF16, ""), moreIn(t, ir.F16, ""))
	moreInferErr(t, v1, "depth input must be scalar.", moreIn(t, ir.I64, "2,2"), moreIn(t, ir.I64, "1"), on, off)
	moreInferErr(t, v1, "on_value input must be scalar.", moreIn(t, ir.I64, "2,2"), depth(2), moreIn(t, ir.U32, "2"), off)
	moreInferErr(t, v1, "off_value input must be scalar.", moreIn(t, ir.I64, "2,2"), depth(2), on, moreIn(t, ir.U32, "3"))
	moreInferErr(t, v1, "can't be negative.", moreIn(t, ir.I32, "2,2"), depth(-4), on, off)
	bad := decodeOp(t, "OneHot", "opset1", "axis", "3")
	moreInferErr(t, bad, "Axis 3 out of the tensor rank range [-3, 2]", moreIn(t, ir.I32, "2,2"), depth(2), on, off)
	require.Equal(t, ir.Boolean, moreInfer(t, v1, moreIn(t, ir.I32, "3,2"), depth(2), moreIn(t, ir.Boolean, ""), moreIn(t, ir.Boolean, "")).Type)

	vals := []struct {
		axis       string
		dims       []int
		idx        []int32
		depth      int32
		want       []float32
		normalize  bool
		onV, offV  float32
		outDims    []int
		wantString string
	}{
		{"0", nil, []int32{2}, 3, []float32{0, 0, 1}, false, 1, 0, []int{3}, ""},
		{"0", []int{8}, []int32{2, 1, 0, 0, 2, 2, 1, 0}, 3,
			[]float32{0, 0, 1, 1, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 1, 1, 0, 0}, false, 1, 0, []int{3, 8}, ""},
		{"1", []int{8}, []int32{2, 1, 0, 0, 3, 2, 1, 0}, 3,
			[]float32{0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 1, 0, 0}, false, 1, 0, []int{8, 3}, ""},
		{"0", []int{3, 3}, []int32{0, 1, 1, 2, 1, 0, 0, 2, 1}, 3,
			[]float32{2.5, 0.5, 0.5, 0.5, 0.5, 2.5, 2.5, 0.5, 0.5, 0.5, 2.5, 2.5, 0.5, 2.5, 0.5, 0.5, 0.5, 2.5, 0.5, 0.5, 0.5, 2.5, 0.5, 0.5, 0.5, 2.5, 0.5},
			false, 2.5, 0.5, []int{3, 3, 3}, ""},
		{"0", []int{8}, []int32{-1, -2, 0, 0, 2, -1, 1, 0}, 3,
			[]float32{0, 0, 1, 1, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 1, 1, 0, 0}, true, 1, 0, []int{3, 8}, ""},
	}
	for _, c := range vals {
		kv := []string{"axis", c.axis}
		opset := "opset1"
		if c.normalize {
			kv = append(kv, "negative_indices_mode", "normalize")
			opset = "opset16"
		}
		op := decodeOp(t, "OneHot", opset, kv...)
		out := run(t, op, ExecOptions{}, moreI32(t, c.dims, c.idx...), moreI32(t, nil, c.depth), moreF32(t, nil, c.onV), moreF32(t, nil, c.offV))
		require.Equal(t, c.outDims, out[0].Shape)
		require.Equal(t, c.want, out[0].Data)
	}
	// Negative indices are ignored without normalize.
	op := decodeOp(t, "OneHot", "opset16", "axis", "-1")
	out := run(t, op, ExecOptions{}, moreI64(t, []int{2}, -1, 1), moreI64(t, nil, 2), tensor(t, ir.I64, nil, []int64{7}), tensor(t, ir.I64, nil, []int64{0}))
	require.Equal(t, []int64{0, 0, 0, 7}, out[0].Data)
	// Folds when the indices are known.
	f := Propagate(op, []Input{moreConst(moreI64(t, []int{2}, 0, 1)), moreConst(moreI64(t, nil, 2)), moreConst(tensor(t, ir.I64, nil, []int64{1})), moreConst(tensor(t, ir.I64, nil, []int64{0}))},
		[]Output{moreInfer(t, op, moreConst(moreI64(t, []int{2}, 0, 1)), moreConst(moreI64(t, nil, 2)), moreConst(tensor(t, ir.I64, nil, []int64{1})), moreConst(tensor(t, ir.I64, nil, []int64{0})))})
	require.Equal(t, []int64{1, 0, 0, 1}, f[0].Value.Data)
}
