package kernels

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestOsLRNFastMatchesReference runs one-axis LRN geometries (every axis of ranks 1-5, sizes
// 1-7 and even sizes, a size that wraps to a negative int, beta 0.75 and others, NaN, ±Inf and
// zeros) through LRNFast and the reference kernel and requires identical bits, in float32 and
// float64.
func TestOsLRNFastMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(16, 7))
	for it := 0; it < 120; it++ {
		rank := 1 + r.IntN(5)
		shape := make([]int, rank)
		for i := range shape {
			shape[i] = 1 + r.IntN(7)
		}
		if it%10 == 0 {
			shape[rank-1] = 200 + r.IntN(800)
		}
		axis := r.IntN(rank)
		size := uint64(1 + r.IntN(7))
		if it == 7 {
			size = 1 << 32 // static_cast<int>: 0
		}
		if it == 8 {
			size = 1<<32 - 3 // static_cast<int>: -3, empty windows
		}
		beta := []float64{0.75, 0.75, 0.5, 1, 0.3, 2}[r.IntN(6)]
		alpha := []float64{1e-4, 2e-5, 0.5, 3}[r.IntN(4)]
		bias := []float64{1, 2, 0.5}[r.IntN(3)]
		p, err := NewLRN(shape, []int{axis}, alpha, beta, bias, size)
		require.NoError(t, err)
		require.True(t, p.LRNOneAxis())
		n := p.n
		x32 := make([]float32, n)
		x64 := make([]float64, n)
		for i := range x32 {
			v := r.NormFloat64() * 40
			switch r.IntN(60) {
			case 0:
				v = math.NaN()
			case 1:
				v = math.Inf(1 - 2*r.IntN(2))
			case 2:
				v = 0
			}
			x32[i], x64[i] = float32(v), v
		}
		what := fmt.Sprintf("it %d shape %v axis %d size %d alpha %g beta %g bias %g", it, shape, axis, size, alpha, beta, bias)
		want32, got32 := make([]float32, n), make([]float32, n)
		require.NoError(t, LRN(p, want32, x32))
		require.NoError(t, LRNFast(p, got32, x32))
		for i := range want32 {
			require.Equal(t, math.Float32bits(want32[i]), math.Float32bits(got32[i]), "%s f32 at %d: x %g", what, i, x32[i])
		}
		want64, got64 := make([]float64, n), make([]float64, n)
		require.NoError(t, LRN(p, want64, x64))
		require.NoError(t, LRNFast(p, got64, x64))
		for i := range want64 {
			require.Equal(t, math.Float64bits(want64[i]), math.Float64bits(got64[i]), "%s f64 at %d", what, i)
		}
	}
}
