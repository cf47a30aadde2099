package layers

import (
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

// Multinomial: multinomial_shape_inference.hpp, type_prop/multinomial.cpp.
func TestMoreMultinomialInfer(t *testing.T) {
	n := moreConst(moreI32(t, nil, 3))
	moreRunInferCases(t, "Multinomial", "opset13", []moreInferCase{
		{"1D probs", nil, []Input{moreIn(t, ir.F32, "4"), n}, nil, nil, "Input probabilities must be a 2D tensor."},
		{"1 batch const", []string{"convert_type", "i32", "with_replacement", "false", "log_probs", "false"}, []Input{moreIn(t, ir.F32, "1,4"), n}, []string{"[1,3]"}, []ir.ElementType{ir.I32}, ""},
		{"2D const", []string{"convert_type", "i64"}, []Input{moreIn(t, ir.F32, "2,4"), n}, []string{"[2,3]"}, []ir.ElementType{ir.I64}, ""},
		{"2D dynamic num", nil, []Input{moreIn(t, ir.F32, "2,4"), moreIn(t, ir.I32, "1")}, []string{"[2,?]"}, nil, ""},
		{"dynamic probs rank", nil, []Input{moreIn(t, ir.F32, "..."), moreIn(t, ir.I32, "...")}, []string{"[...]"}, nil, ""},
		{"rank 3", nil, []Input{moreIn(t, ir.F32, "2,3,4"), n}, nil, nil, "Input probabilities must be a 2D tensor."},
		{"num shape", nil, []Input{moreIn(t, ir.F32, "1,4"), moreIn(t, ir.I32, "2")}, nil, nil, "Number of samples must be a scalar or one element 1D tensor."},
		{"negative num", nil, []Input{moreIn(t, ir.F32, "1,4"), moreConst(moreI32(t, nil, -1))}, nil, nil, "Number of samples must be non-negative. Got number of samples: -1"},
		{"int probs", nil, []Input{moreIn(t, ir.I32, "1,4"), n}, nil, nil, "Expected floating point type as element type for the 'probs' input."},
		{"float num", nil, []Input{moreIn(t, ir.F32, "1,4"), moreIn(t, ir.F32, "")}, nil, nil, "Expected integer type as element type for the 'num_samples' input."},
	})
}

// Multinomial through the layer, global_seed = op_seed = 1, num_samples 4, f32 probs (the
// cases of src/plugins/template/tests/functional/op_reference/multinomial.cpp). The uniform
// samples are RandomUniform's f32 values with the openvino alignment: 0.0555, 0.0187, 0.0708,
// 0.2714 for the first batch, 0.2740, 0.6472, 0.0870, 0.7417 for the second. Expected
// indices worked by hand from them, e.g. for [0.001, 0.01, 0.1, 0.899] without
// replacement: 0.0555 picks 2 (CDF 0.001, 0.011, 0.111, 1); the CDF becomes 0.0011, 0.0122,
// 0.0122, 1 and 0.0187 picks 3; then 0.0909, 1, 1, 1 and 0.0708 picks 0; then 0.2714 picks 1.
// (That test's own vectors predate the current reference: see TestMiscMultinomialLegacy in
// kernels.)
func TestMiscMultinomialRun(t *testing.T) {
	cases := []struct {
		name        string
		dims        []int
		probs       []float64
		log, replac bool
		out         ir.ElementType
		want        []float64
	}{
		{"2d no log", []int{2, 4}, []float64{0.001, 0.01, 0.1, 0.899, 0.899, 0.1, 0.01, 0.001}, false, true, ir.I32, []float64{2, 2, 2, 3, 0, 0, 0, 0}},
		// log: CDF of e^1..e^4 is 0.032, 0.120, 0.359, 1; of e^2,e^4,e^6,e^8 0.002, 0.018, 0.136, 1.
		{"2d log", []int{2, 4}, []float64{1, 2, 3, 4, 2, 4, 6, 8}, true, true, ir.I32, []float64{1, 0, 1, 2, 3, 3, 2, 3}},
		{"1 batch no log without replacement", []int{1, 4}, []float64{0.001, 0.01, 0.1, 0.899}, false, false, ir.I64, []float64{2, 3, 0, 1}},
		// CDF 0.0001, 0.9518, 0.9991, 1: 0.0555 picks 1; then 0.0024, 0.0024, 0.9820, 1 and
		// 0.0187 picks 2; then 0.1185, 0.1185, 0.1185, 1 and 0.0708 picks 0; 3 remains.
		{"1 batch log without replacement", []int{1, 4}, []float64{1, 10, 7, 3}, true, false, ir.I64, []float64{1, 2, 0, 3}},
	}
	for _, c := range cases {
		for _, typ := range []ir.ElementType{ir.F32, ir.F64, ir.F16, ir.BF16} {
			op := decodeOp(t, "Multinomial", "opset13", "convert_type", c.out.String(), "with_replacement", map[bool]string{true: "true", false: "false"}[c.replac],
				"log_probs", map[bool]string{true: "true", false: "false"}[c.log], "global_seed", "1", "op_seed", "1")
			got := moreRunAll(t, op, moreTyped(t, typ, c.dims, c.probs...), moreI32(t, []int{1}, 4))
			require.Equal(t, c.out, got[0].Type)
			if typ == ir.F32 {
				require.Equal(t, c.want, moreFloats(t, got[0]), c.name)
				continue
			}
			// Other types draw other uniform values: only the sampling rules hold.
			v := moreFloats(t, got[0])
			if !c.replac {
				require.ElementsMatch(t, []float64{0, 1, 2, 3}, v, "%s %s", c.name, typ)
			}
			for _, x := range v {
				require.True(t, x >= 0 && x < 4)
			}
		}
	}
	// A class of probability 1 is always drawn; an all-zero row selects nothing (0).
	op := decodeOp(t, "Multinomial", "opset13", "convert_type", "i64", "with_replacement", "true", "global_seed", "3", "op_seed", "4")
	got := moreRunAll(t, op, moreF32(t, []int{2, 3}, 0, 0, 1, 0, 0, 0), moreI64(t, []int{1}, 5))
	require.Equal(t, []int64{2, 2, 2, 2, 2, 0, 0, 0, 0, 0}, got[0].Data)
	// Hostile: num_samples at run time differing from the prepared shape.
	in := []Input{moreIn(t, ir.F32, "1,4"), moreConst(moreI64(t, []int{1}, 2))}
	k, err := Prepare(op, in, ExecOptions{})
	require.NoError(t, err)
	out, _ := ir.NewTensor(ir.I64, []int{1, 2})
	require.Error(t, k.Run(t.Context(), []*ir.Tensor{moreF32(t, []int{1, 4}, 1, 1, 1, 1), moreI64(t, []int{1}, 3)}, []*ir.Tensor{out}))
	require.Error(t, k.Run(t.Context(), []*ir.Tensor{moreF32(t, []int{1, 3}, 1, 1, 1), moreI64(t, []int{1}, 2)}, []*ir.Tensor{out}))
}
