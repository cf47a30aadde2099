package kernels

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/x448/float16"
)

// TestSmChain: the one-pass chain [Add] [Relu | PReLU] [Multiply] [Add] + narrowing of
// snEpiNarrow gives epiRow's steps then the f16 narrowing, bit for bit, for every
// subset of the chain, single and per-channel values, lengths 0–40 and special values;
// nothing is written past the row; other epilogues are not taken.
func TestSmChain(t *testing.T) {
	if !snAsm() {
		t.Skip("no AVX-512: snEpiNarrow runs epiRow")
	}
	r := rand.New(rand.NewPCG(7, 8))
	nz := float32(math.Copysign(0, -1))
	specials := []float32{0, nz, float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()), 65504, 65520, 1e-8, -1e-8, 6e-5, -3e38}
	const ch = 5
	vec := func(single bool) []float32 {
		if single {
			return []float32{float32(r.NormFloat64())}
		}
		v := make([]float32, ch)
		for i := range v {
			v[i] = float32(r.NormFloat64())
		}
		v[1] = nz
		return v
	}
	for mask := 0; mask < 32; mask++ {
		single := mask&16 != 0
		var steps []EpiStep
		if mask&1 != 0 {
			steps = append(steps, EpiStep{Kind: EpiAddChan, Vec: vec(single)})
		}
		switch (mask >> 1) & 3 {
		case 1:
			steps = append(steps, EpiStep{Kind: EpiRelu})
		case 2, 3:
			steps = append(steps, EpiStep{Kind: EpiPRelu, Vec: vec(single)})
		}
		if mask&8 != 0 {
			steps = append(steps, EpiStep{Kind: EpiMulChan, Vec: vec(single)}, EpiStep{Kind: EpiAddChan, Vec: vec(!single)})
		}
		e := &Epilogue{Steps: steps}
		for n := 0; n <= 40; n++ {
			c := r.IntN(ch)
			name := fmt.Sprintf("mask%d/n%d/ch%d", mask, n, c)
			src := make([]float32, n)
			for i := range src {
				if i%3 == 0 {
					src[i] = specials[r.IntN(len(specials))]
				} else {
					src[i] = float32(r.NormFloat64() * 4)
				}
			}
			ref := append([]float32(nil), src...)
			epiRow(e, ref, nil, 0, c, 0, true)
			want := make([]float16.Float16, n+1)
			F32ToF16(want[:n], ref)
			want[n] = 0x1234
			got := make([]float16.Float16, n+1)
			got[n] = 0x1234
			if _, _, ok := smChain(e, c); len(steps) > 0 {
				require.True(t, ok, name)
			}
			snEpiNarrow(e, append([]float32(nil), src...), got, c)
			require.Equal(t, want, got, name)
		}
	}
	for _, e := range []*Epilogue{
		{Steps: []EpiStep{{Kind: EpiMulChan, Vec: []float32{2}}, {Kind: EpiRelu}}},
		{Steps: []EpiStep{{Kind: EpiAddChan, Vec: []float32{2}}, {Kind: EpiSigmoid}}},
		{Steps: []EpiStep{{Kind: EpiRelu}, {Kind: EpiPRelu, Vec: []float32{2}}}},
	} {
		_, _, ok := smChain(e, 0)
		require.False(t, ok)
	}
}
