package kernels

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/x448/float16"
)

// TestSkAffChains: f16 Add/Multiply of [1,C,H,W] data and a per-channel or scalar
// operand followed by chains of per-channel/single Add and Multiply steps and ReLUs (the
// forms skAffSpan takes, up to its three triples, and a longer one it must not) against
// the float32 reference (EltApply2, ApplyEpilogue) narrowed once, bit for bit (NaN as
// NaN), on row lengths 1–70 (vector body and tails), 1 and 2 threads.
func TestSkAffChains(t *testing.T) {
	w := NewWorkers(2)
	defer w.Close()
	r := rand.New(rand.NewPCG(4, 12))
	chains := [][]EpiKind{
		nil,
		{EpiAddChan},
		{EpiAddChan, EpiRelu},
		{EpiRelu},
		{EpiMulChan, EpiAddChan, EpiRelu},
		{EpiRelu, EpiMulChan, EpiAddChan},
		{EpiAddChan, EpiRelu, EpiMulChan, EpiAddChan},
		{EpiRelu, EpiRelu, EpiAddChan, EpiMulChan, EpiRelu}, // three triples
		{EpiMulChan, EpiMulChan, EpiMulChan, EpiMulChan},    // four triples: generic path
	}
	taken := 0
	for ci, ch := range chains {
		for _, hw := range [][2]int{{1, 1}, {3, 5}, {4, 4}, {1, 17}, {5, 14}, {20, 10}} {
			for _, perChan := range []bool{true, false} {
				for op := BinAdd; op <= BinMultiply; op += BinMultiply - BinAdd {
					c := 1 + r.IntN(6)
					out := []int{1, c, hw[0], hw[1]}
					bs := []int{1, c, 1, 1}
					if !perChan {
						bs = []int{1}
					}
					aSt, err := BroadcastStrides(out, out)
					require.NoError(t, err)
					bSt, err := BroadcastStrides(out, bs)
					require.NoError(t, err)
					wk, err := NewEltWalk(out, aSt, bSt)
					require.NoError(t, err)
					n := prodInts(out)
					rows, cols := c, hw[0]*hw[1]
					fill := func(k int) []float32 {
						v := make([]float32, k)
						for i := range v {
							v[i] = efRandF32(r)
						}
						return v
					}
					a32, a16 := efNarrowed(EltF16, fill(n))
					b32, b16 := efNarrowed(EltF16, fill(prodInts(bs)))
					var e *Epilogue
					if ch != nil {
						e = &Epilogue{}
						for _, kd := range ch {
							s := EpiStep{Kind: kd}
							if kd != EpiRelu {
								s.Vec = fill(1)
								if r.IntN(2) == 0 {
									s.Vec = fill(rows)
								}
							}
							e.Steps = append(e.Steps, s)
						}
					}
					name := fmt.Sprintf("chain%d %v b%v op%d", ci, out, bs, op)
					k, err := NewEltEpi(op, wk, EltF16, e, rows, cols)
					require.NoError(t, err, name)
					require.NotNil(t, k, name)
					require.Equal(t, skAffOK() && ci < len(chains)-1 && k.p.sa == 1 && k.p.sb == 0, k.skAff, name)
					if k.skAff {
						taken++
					}
					want := make([]float32, n)
					require.NoError(t, EltApply2(wk, want, a32, b32, BinaryFunc[float32](op, false, nil)), name)
					if e != nil {
						require.NoError(t, ApplyEpilogue(e, want, rows, cols, true, nil), name)
					}
					_, wantBits := efNarrowed(EltF16, want)
					for _, ww := range []*Workers{nil, w} {
						got := make([]float16.Float16, n+1)
						got[n] = 0x1234
						require.NoError(t, k.RunF16(t.Context(), ww, got[:n], efF16s(a16), efF16s(b16), nil), name)
						for i := range wantBits {
							if wantBits[i] != got[i].Bits() && !(efHalfNaN(EltF16, wantBits[i]) && efHalfNaN(EltF16, got[i].Bits())) {
								require.Equal(t, wantBits[i], got[i].Bits(), "%s at %d", name, i)
							}
						}
						require.Equal(t, float16.Float16(0x1234), got[n], name)
					}
				}
			}
		}
	}
	if skAffOK() {
		require.Greater(t, taken, 60)
	}
}
