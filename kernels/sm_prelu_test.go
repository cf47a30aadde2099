package kernels

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSmPRelu: the PReLU row primitives against the op's definition (x < 0 ? x·slope
// : x in float32, NaN and −0 unchanged), bit for bit, for lengths 0–40 with special
// values, nothing written past the row.
func TestSmPRelu(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	negZero := float32(math.Copysign(0, -1))
	specials := []float32{0, negZero, float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()),
		-float32(math.NaN()), 1e-40, -1e-40, 3.4e38, -3.4e38}
	def := func(x, s float32) float32 {
		if math.Signbit(float64(x)) && x != 0 && x == x {
			return float32(float64(x) * float64(s)) // exact: a float32 product rounded once
		}
		return x
	}
	for n := 0; n <= 40; n++ {
		for _, slope := range []float32{0.25, -1.5, 0, negZero, float32(math.Inf(1)), float32(math.NaN())} {
			src := make([]float32, n+1)
			vec := make([]float32, n+1)
			for i := range n {
				if i%3 == 0 {
					src[i] = specials[r.IntN(len(specials))]
				} else {
					src[i] = float32(r.NormFloat64() * 4)
				}
				vec[i] = float32(r.NormFloat64())
				if i%5 == 0 {
					vec[i] = slope
				}
			}
			src[n] = -7 // past the row: must stay
			want := make([]float32, n+1)
			wantV := make([]float32, n+1)
			for i := range n {
				want[i] = def(src[i], slope)
				wantV[i] = def(src[i], vec[i])
			}
			want[n], wantV[n] = -7, -7
			got := append([]float32(nil), src...)
			smPReluScalar(got[:n], slope)
			requireBits(t, want, got, "scalar n=%d slope=%v", n, slope)
			got = append([]float32(nil), src...)
			smPReluRow(got[:n], vec[:n])
			requireBits(t, wantV, got, "row n=%d", n)
			got = append([]float32(nil), src...)
			smPReluScalarGo(got[:n], slope)
			requireBits(t, want, got, "scalar go n=%d", n)
			got = append([]float32(nil), src...)
			smPReluRowGo(got[:n], vec[:n])
			requireBits(t, wantV, got, "row go n=%d", n)
		}
	}
}

func requireBits(t *testing.T, want, got []float32, msg string, args ...any) {
	t.Helper()
	require.Equal(t, len(want), len(got))
	for i := range want {
		w, g := math.Float32bits(want[i]), math.Float32bits(got[i])
		if want[i] != want[i] && got[i] != got[i] {
			continue // NaN: payloads may differ between the definition's float64 path and float32
		}
		require.Equal(t, w, g, append([]any{msg + " at %d"}, append(args, i)...)...)
	}
}
