package kernels

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSmBlockEpi: the whole-block epilogue of a small-N unit gives epiBlock's bits
// (per pixel, the channel as the column) on the n×oc corner of the block, for every
// step kind it takes, scalar and per-channel values, special values; steps it does
// not take leave the block untouched and report false.
func TestSmBlockEpi(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	vec := func(n int) []float32 {
		v := make([]float32, n)
		for i := range v {
			v[i] = float32(r.NormFloat64())
		}
		return v
	}
	const ch = 70
	epis := []*Epilogue{
		{Steps: []EpiStep{{Kind: EpiAddChan, Vec: vec(ch)}, {Kind: EpiPRelu, Vec: vec(1)}, {Kind: EpiMulChan, Vec: vec(ch)}, {Kind: EpiAddChan, Vec: vec(ch)}}}, // landmarks
		{Steps: []EpiStep{{Kind: EpiAddChan, Vec: vec(1)}, {Kind: EpiPRelu, Vec: vec(ch)}, {Kind: EpiClamp, Lo: -0.5, Hi: 0.75}, {Kind: EpiMulChan, Vec: vec(1)}}},
		{Steps: []EpiStep{{Kind: EpiAddChan, Vec: vec(ch)}, {Kind: EpiSwish, Lo: 1.5}, {Kind: EpiSigmoid}, {Kind: EpiHSwish}, {Kind: EpiRelu}}},
		{Steps: []EpiStep{{Kind: EpiMulChan, Vec: vec(ch)}, {Kind: EpiPRelu, Vec: vec(ch)}}},
	}
	specials := []float32{0, float32(math.Copysign(0, -1)), float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()), 1e-40, -3e38}
	for ei, e := range epis {
		for _, n := range []int{1, 7, 16, 33, 64} {
			for _, oc := range []int{1, 5, 16, 17, 32} {
				ch0 := r.IntN(ch - oc + 1)
				name := fmt.Sprintf("epi%d/n%d/oc%d", ei, n, oc)
				blk := make([]float32, scTransRows(n)*smallnNR)
				for i := range blk {
					if i%7 == 3 {
						blk[i] = specials[r.IntN(len(specials))]
					} else {
						blk[i] = float32(r.NormFloat64() * 3)
					}
				}
				want := append([]float32(nil), blk...)
				epiBlock(e, want, nil, 0, smallnNR, n, oc, ch0, false)
				got := append([]float32(nil), blk...)
				require.True(t, smBlockEpi(e, got, n, oc, ch0), name)
				for i := 0; i < n; i++ {
					for j := 0; j < oc; j++ {
						w, g := want[i*smallnNR+j], got[i*smallnNR+j]
						require.Equal(t, math.Float32bits(w), math.Float32bits(g), "%s at (%d, %d): %v vs %v", name, i, j, w, g)
					}
				}
			}
		}
	}
	// steps it does not take
	for _, e := range []*Epilogue{
		{Steps: []EpiStep{{Kind: EpiAddChan, Vec: vec(ch)}, {Kind: EpiAddTensor}}},
	} {
		blk := vec(smallnNR * 16)
		keep := append([]float32(nil), blk...)
		require.False(t, smBlockEpi(e, blk, 16, 32, 0))
		require.Equal(t, keep, blk)
	}
	// the portable per-channel body
	for _, k := range []EpiKind{EpiAddChan, EpiMulChan, EpiPRelu} {
		var v [smallnNR]float32
		copy(v[:], vec(smallnNR))
		blk := vec(smallnNR * 9)
		want := append([]float32(nil), blk...)
		for i := 0; i < 9; i++ {
			epiVector(k, want[i*smallnNR:(i+1)*smallnNR], v[:])
		}
		got := append([]float32(nil), blk...)
		smBlkVecGo(k, got, 9, &v)
		require.Equal(t, want, got)
		got = append([]float32(nil), blk...)
		smBlkVec(k, got, 9, &v)
		require.Equal(t, want, got)
	}
}
