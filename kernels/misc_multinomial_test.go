package kernels

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// The vectors of src/plugins/template/tests/functional/op_reference/multinomial.cpp
// (openvinotoolkit/openvino@bddd25a5, seeds 1 and 1) were made when the reference drew f64
// uniform samples with the tensorflow generator and read with_replacement inverted. Fed those
// samples, with the flag as the current reference reads it, the kernel gives the test's
// indices: the CDF and selection rules are unchanged.
func TestMiscMultinomialLegacy(t *testing.T) {
	cases := []struct {
		probs            []float64
		batch            int
		log, replacement bool
		want             []int64
	}{
		{[]float64{0.001, 0.01, 0.1, 0.899, 0.899, 0.1, 0.01, 0.001}, 2, false, true, []int64{3, 3, 3, 3, 0, 0, 0, 0}},
		{[]float64{1, 2, 3, 4, 2, 4, 6, 8}, 2, true, true, []int64{3, 3, 2, 3, 3, 3, 3, 3}},
		{[]float64{0.001, 0.01, 0.1, 0.899}, 1, false, false, []int64{3, 2, 1, 0}},
		{[]float64{1, 10, 7, 3}, 1, true, false, []int64{1, 2, 3, 0}},
	}
	for i, c := range cases {
		uni := make([]float64, 4*c.batch)
		require.NoError(t, RandomUniformF64(RandomSpec{1, 1, RandomTensorflow, nil}, uni, 0, 1))
		g := MultinomialGeom{Batch: c.batch, Classes: 4, Samples: 4, WithReplacement: c.replacement, LogProbs: c.log}
		out := make([]int64, 4*c.batch)
		require.NoError(t, Multinomial(g, c.probs, uni, make([]float64, len(c.probs)), out))
		require.Equal(t, c.want, out, "case %d", i)
	}
	// Hostile geometry and lengths are errors.
	require.Error(t, Multinomial(MultinomialGeom{Batch: 1, Classes: 0, Samples: 1}, []float32{}, []float32{0}, []float32{}, []int64{0}))
	require.Error(t, Multinomial(MultinomialGeom{Batch: 1, Classes: 2, Samples: 2}, []float32{1, 1}, []float32{0}, []float32{0, 0}, []int64{0, 0}))
	// NaN probabilities select nothing: index 0.
	out := []int64{9, 9}
	require.NoError(t, Multinomial(MultinomialGeom{Batch: 1, Classes: 2, Samples: 2}, []float32{float32NaN(), 1}, []float32{0.5, 0.1}, []float32{0, 0}, out))
	require.Equal(t, []int64{0, 0}, out)
}

func float32NaN() float32 {
	z := float32(0)
	return z / z
}
