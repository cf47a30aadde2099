package layers

import (
	"math"
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

// GroupNormalization-12: shapes and messages from type_prop/group_normalization.cpp, values
// from op_reference/group_normalization.cpp.
func TestMoreGroupNormalization(t *testing.T) {
	gn := func(groups string) Op {
		return decodeOp(t, "GroupNormalization", "opset12", "num_groups", groups, "epsilon", "1e-5")
	}
	data := moreF32(t, []int{1, 4, 2, 2}, 0.001, 0.002, 0.003, 0.004, 1.01, 1.02, 1.03, 1.04, 2.1, 2.2, 2.3, 2.4, 11, 12, 13, 14)
	scale, bias := moreF32(t, []int{4}, 1, 1, 1, 1), moreF32(t, []int{4}, 0, 0, 0, 0)
	want := map[string][]float64{
		"4": {-0.4472, -0.1491, 0.1491, 0.4472, -1.2910, -0.4303, 0.4303, 1.2910, -1.3411, -0.4470, 0.4470, 1.3411, -1.3416, -0.4472, 0.4472, 1.3416},
		"2": {-1.0028, -1.0008, -0.9989, -0.9969, 0.9705, 0.9901, 1.0096, 1.0292, -1.0171, -0.9978, -0.9786, -0.9593, 0.6990, 0.8918, 1.0846, 1.2774},
		"1": {-0.7832, -0.7830, -0.7828, -0.7826, -0.5828, -0.5808, -0.5789, -0.5769, -0.3663, -0.3465, -0.3266, -0.3067, 1.4014, 1.6000, 1.7986, 1.9973},
	}
	for g, w := range want {
		out := run(t, gn(g), ExecOptions{}, data, scale, bias)
		moreNear(t, w, out[0], 1e-3, "groups %s", g)
	}
	d2 := moreF32(t, []int{2, 2, 1, 2}, 1, 11, 2, 22, 33, 3, 44, 4)
	s2, b2 := moreF32(t, []int{2}, 2, 3), moreF32(t, []int{2}, -1, 10)
	moreNear(t, []float64{-3, 1, 7, 13, 1, -3, 13, 7}, run(t, gn("2"), ExecOptions{}, d2, s2, b2)[0], 1e-3)
	moreNear(t, []float64{-2.8922, -0.5270, 7.5165, 14.6122, 0.3385, -3.0078, 13.8482, 7.1557}, run(t, gn("1"), ExecOptions{}, d2, s2, b2)[0], 1e-3)
	d3 := moreF32(t, []int{1, 2, 2, 2}, 0.001, 0.002, 0.003, 0.004, 2.1, 2.2, 2.3, 2.4)
	s3, b3 := moreF32(t, []int{2}, 0.7, 1.2), moreF32(t, []int{2}, 0.2, -0.3)
	g2 := decodeOp(t, "GroupNormalization", "opset12", "num_groups", "2", "epsilon", "5e-7")
	moreNear(t, []float64{-0.5937, -0.0646, 0.4646, 0.9937, -1.9099, -0.8366, 0.2366, 1.3099}, run(t, g2, ExecOptions{}, d3, s3, b3)[0], 1e-3)
	// f16 computes in f32.
	h := run(t, gn("2"), ExecOptions{}, tensor(t, ir.F16, []int{2, 2, 1, 2}, f16s(1, 11, 2, 22, 33, 3, 44, 4)),
		tensor(t, ir.F16, []int{2}, f16s(2, 3)), tensor(t, ir.F16, []int{2}, f16s(-1, 10)))
	moreNear(t, []float64{-3, 1, 7, 13, 1, -3, 13, 7}, h[0], 1e-2)

	f := func(s string) Input { return moreIn(t, ir.F32, s) }
	require.Equal(t, "[1,12,6,6]", moreInfer(t, gn("4"), f("1,12,6,6"), f("12"), f("12")).Shape.String())
	require.Equal(t, "[1,?,6,6]", moreInfer(t, gn("2"), f("1,?,6,6"), f("12"), f("12")).Shape.String())
	require.Equal(t, "[1,4,6,6]", moreInfer(t, gn("2"), f("1,4,6,6"), f("?"), f("4")).Shape.String())
	require.Equal(t, "[...]", moreInfer(t, gn("3"), f("..."), f("6"), f("6")).Shape.String())
	require.Equal(t, "[3,?,10,10]", moreInfer(t, gn("7"), f("3,?,10,10"), f("?"), f("?")).Shape.String())
	require.Equal(t, "[2,10..20,6,6]", moreInfer(t, gn("2"), f("2,10..20,6,6"), f("10..20"), f("10..20")).Shape.String())
	moreInferErr(t, gn("4"), "The scale input shape needs to match the channel dimension in the data input", f("1,12,6,6"), f("13"), f("12"))
	moreInferErr(t, gn("4"), "The bias input shape needs to match the channel dimension in the data input", f("1,12,6,6"), f("12"), f("14"))
	moreInferErr(t, gn("2"), "The shapes of both scale and bias inputs need to match", f("1,?,6,6"), f("2"), f("4"))
	moreInferErr(t, gn("4"), "The scale input is required to be 1D", f("1,12,6,6"), f("12,12"), f("12"))
	moreInferErr(t, gn("4"), "The bias input is required to be 1D", f("1,12,6,6"), f("12"), f("3,14"))
	moreInferErr(t, gn("3"), "The number of channels is required to be evenly divisible by the number of groups", f("1,10,6,6"), f("10"), f("10"))
	moreInferErr(t, gn("2"), "The input tensor is required to be at least 2D", f("10"), f("1"), f("1"))
	moreInferErr(t, gn("-3"), "The number of groups needs to be a positive integer value", f("1,10"), f("10"), f("10"))
	moreInferErr(t, gn("11"), "The number of groups must not exceed the number of channels in the input tensor", f("1,10"), f("10"), f("10"))
	moreInferErr(t, decodeOp(t, "GroupNormalization", "opset12"), "The number of groups needs to be a positive integer value", f("1,10"), f("10"), f("10"))
}

// GRN-1: checks of src/core/src/op/grn.cpp (type_prop/grn.cpp), values of reference/grn.hpp
// (x / sqrt(sum over channels of x² + bias)).
func TestMoreGRN(t *testing.T) {
	op := decodeOp(t, "GRN", "opset1", "bias", "0.5")
	out := run(t, op, ExecOptions{}, moreF32(t, []int{1, 2, 1, 2}, 3, 1, 4, 2))
	moreNear(t, []float64{3 / math.Sqrt(25.5), 1 / math.Sqrt(5.5), 4 / math.Sqrt(25.5), 2 / math.Sqrt(5.5)}, out[0], 1e-6)
	h := run(t, op, ExecOptions{}, tensor(t, ir.F16, []int{2, 2}, f16s(3, 4, 0, 1)))
	moreNear(t, []float64{3 / math.Sqrt(25.5), 4 / math.Sqrt(25.5), 0, 1 / math.Sqrt(1.5)}, h[0], 1e-3)
	require.Equal(t, "[?,3,4..5]", moreInfer(t, op, moreIn(t, ir.F32, "?,3,4..5")).Shape.String())
	require.Equal(t, "[...]", moreInfer(t, op, moreIn(t, ir.F32, "...")).Shape.String())
	moreInferErr(t, op, "Input tensor rank must be 2, 3 or 4 dimensional (actual input shape: [4]).", moreIn(t, ir.F32, "4"))
	moreInferErr(t, op, "Input tensor rank must be 2, 3 or 4 dimensional (actual input shape: [1,2,3,4,5]).", moreIn(t, ir.F32, "1,2,3,4,5"))
	moreInferErr(t, op, "This operation does not support input with element type: boolean", moreIn(t, ir.Boolean, "1,2"))
	_, err := runErr(op, ExecOptions{}, moreI64(t, []int{1, 2}, 1, 2))
	requireUnsupported(t, err)
}
