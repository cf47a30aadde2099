package layers

import (
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

// HardSigmoid-1 values from src/plugins/template/tests/functional/op_reference/hard_sigmoid.cpp
// (f32 and f16); checks from src/core/src/op/hard_sigmoid.cpp.
func TestMoreHardSigmoid(t *testing.T) {
	op := decodeOp(t, "HardSigmoid", "opset1")
	cases := []struct {
		dims        []int
		in, want    []float32
		alpha, beta float32
	}{
		{[]int{3}, []float32{-1, 0, 1}, []float32{0.1, 0.6, 1}, 0.5, 0.6},
		{[]int{2, 5}, []float32{-3, -1, 0, 1, 3, 0.5, -0.2, 6, 8, 0.1},
			[]float32{0, 0.3, 0.5, 0.7, 1, 0.6, 0.46, 1, 1, 0.52}, 0.2, 0.5},
	}
	for _, c := range cases {
		out := run(t, op, ExecOptions{}, moreF32(t, c.dims, c.in...),
			moreF32(t, nil, c.alpha), moreF32(t, nil, c.beta))
		moreNear(t, moreF64(c.want), out[0], 1e-6)
		h := run(t, op, ExecOptions{}, tensor(t, ir.F16, c.dims, f16s(c.in...)),
			tensor(t, ir.F16, nil, f16s(c.alpha)), tensor(t, ir.F16, nil, f16s(c.beta)))
		moreNear(t, moreF64(c.want), h[0], 2e-3)
	}
	require.Equal(t, "[2,?,4]", moreInfer(t, op, moreIn(t, ir.F32, "2,?,4"), moreIn(t, ir.F32, ""), moreIn(t, ir.F32, "")).Shape.String())
	moreInferErr(t, op, "A scalar is expected for the 'alpha' input. Got: [1]",
		moreIn(t, ir.F32, "2"), moreIn(t, ir.F32, "1"), moreIn(t, ir.F32, ""))
	moreInferErr(t, op, "A scalar is expected for the 'beta' input. Got: [2]",
		moreIn(t, ir.F32, "2"), moreIn(t, ir.F32, ""), moreIn(t, ir.F32, "2"))
	moreInferErr(t, op, "The element types of both alpha and beta inputs must match the data input type.",
		moreIn(t, ir.F32, "2"), moreIn(t, ir.F16, ""), moreIn(t, ir.F32, ""))
	// A dynamic alpha shape is not checked.
	moreInfer(t, op, moreIn(t, ir.F32, "2"), moreIn(t, ir.F32, "?"), moreIn(t, ir.F32, ""))
	// NaN gives 1, as std::min(1, NaN) is 1.
	nan := run(t, op, ExecOptions{}, moreF32(t, []int{1}, float32(nanF64())), moreF32(t, nil, 1), moreF32(t, nil, 0))
	require.Equal(t, []float32{1}, nan[0].Data)
	_, err := runErr(op, ExecOptions{}, moreI64(t, []int{1}, 1), moreI64(t, nil, 1), moreI64(t, nil, 0))
	requireUnsupported(t, err)
}

// Selu-1 values from op_reference/selu.cpp (f32, f16, bf16); checks from type_prop/selu.cpp.
func TestMoreSelu(t *testing.T) {
	op := decodeOp(t, "Selu", "opset1")
	alpha, lambda := float32(1.67326324), float32(1.05070098)
	cases := []struct{ in, want []float32 }{
		{[]float32{-1, 3}, []float32{-1.1113307, 3.152103}},
		{[]float32{-1, 0, 1, 2}, []float32{-1.1113307, 0, 1.050701, 2.101402}},
		{[]float32{112}, []float32{117.67851}},
		{[]float32{-3, -12.5, -7}, []float32{-1.6705687, -1.7580928, -1.7564961}},
	}
	for _, c := range cases {
		out := run(t, op, ExecOptions{}, moreF32(t, []int{len(c.in)}, c.in...),
			moreF32(t, []int{1}, alpha), moreF32(t, []int{1}, lambda))
		moreNear(t, moreF64(c.want), out[0], 1e-5)
		h := run(t, op, ExecOptions{}, tensor(t, ir.F16, []int{len(c.in)}, f16s(c.in...)),
			tensor(t, ir.F16, []int{1}, f16s(alpha)), tensor(t, ir.F16, []int{1}, f16s(lambda)))
		moreNear(t, moreF64(c.want), h[0], 0.1)
	}
	require.Equal(t, ir.F32, moreInfer(t, op, moreIn(t, ir.F32, "1,?"), moreIn(t, ir.Dynamic, "1"), moreIn(t, ir.F32, "1")).Type)
	moreInferErr(t, op, "Input element types do not match : f32 and f16 and f32",
		moreIn(t, ir.F32, "2"), moreIn(t, ir.F16, "1"), moreIn(t, ir.F32, "1"))
	moreInferErr(t, op, "Input element types must be floating-point. Got: i32",
		moreIn(t, ir.I32, "2"), moreIn(t, ir.I32, "1"), moreIn(t, ir.I32, "1"))
}
