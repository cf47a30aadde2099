package kernels

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/x448/float16"
)

// TestOsFQHalfMatchesReference runs per-tensor and per-channel FakeQuantize geometries on f16
// and bf16 data (pieces shorter and longer than osFQHalfPiece, parallel blocks, NaN, ±Inf,
// values on the bounds) through FQHalfPlan (no workers and 3 threads) and requires the bits
// of the reference path: the tensors widened, the reference FakeQuantize in float32, the
// result narrowed.
func TestOsFQHalfMatchesReference(t *testing.T) {
	w := NewWorkers(3)
	defer w.Close()
	r := rand.New(rand.NewPCG(16, 5))
	for it := 0; it < 80; it++ {
		rank := 1 + r.IntN(4)
		out := make([]int, rank)
		for i := range out {
			out[i] = 1 + r.IntN(9)
		}
		switch it % 4 {
		case 0:
			out[rank-1] = 3000 + r.IntN(40000) // large planes: several pieces, parallel blocks
		case 1:
			out[rank-1] = osFQHalfPiece + r.IntN(3)
		}
		axis := r.IntN(rank)
		var shapes [5][]int
		shapes[0] = out
		for i := 1; i < 5; i++ {
			if r.IntN(2) == 0 {
				continue // scalar
			}
			shapes[i] = make([]int, rank)
			for j := range shapes[i] {
				shapes[i][j] = 1
			}
			shapes[i][axis] = out[axis]
		}
		levels := []uint64{256, 255, 2, 16}[r.IntN(4)]
		var in [5][]float32
		for i := range in {
			n := 1
			for _, d := range shapes[i] {
				n *= d
			}
			in[i] = make([]float32, n)
		}
		for c := range in[1] {
			in[1][c] = float32(r.NormFloat64())
		}
		for c := range in[2] {
			in[2][c] = float32(r.NormFloat64()) + 2
		}
		for c := range in[3] {
			in[3][c] = float32(r.NormFloat64())
		}
		for c := range in[4] {
			in[4][c] = float32(r.NormFloat64()) * 5
		}
		for k := range in[0] {
			switch r.IntN(40) {
			case 0:
				in[0][k] = float32(math.NaN())
			case 1:
				in[0][k] = float32(math.Inf(1 - 2*r.IntN(2)))
			case 2:
				in[0][k] = in[1][0]
			default:
				in[0][k] = float32(r.NormFloat64() * 3)
			}
		}
		ref, err := NewFakeQuantize(out, shapes, levels)
		require.NoError(t, err)
		h, ok := NewFQHalfPlan(out, shapes, levels)
		require.True(t, ok, "out %v shapes %v", out, shapes)
		what := fmt.Sprintf("it %d out %v shapes %v levels %d", it, out, shapes, levels)

		// f16: narrow the inputs, then the reference on their exact widening.
		var h16 [5][]float16.Float16
		var wide [5][]float32
		for i := range in {
			h16[i] = make([]float16.Float16, len(in[i]))
			f32ToF16Go(h16[i], in[i])
			wide[i] = make([]float32, len(in[i]))
			f16ToF32Go(wide[i], h16[i])
		}
		want32 := make([]float32, len(in[0]))
		require.NoError(t, FakeQuantize(ref, want32, wide))
		want16 := make([]float16.Float16, len(in[0]))
		f32ToF16Go(want16, want32)
		for _, ww := range []*Workers{nil, w} {
			got := make([]float16.Float16, len(in[0]))
			require.NoError(t, h.FakeQuantizeF16(t.Context(), ww, got, h16))
			require.Equal(t, want16, got, "f16 %s", what)
		}

		// bf16 the same way.
		var hb [5][]uint16
		for i := range in {
			hb[i] = make([]uint16, len(in[i]))
			f32ToBF16Go(hb[i], in[i])
			bf16ToF32Go(wide[i], hb[i])
		}
		require.NoError(t, FakeQuantize(ref, want32, wide))
		wantb := make([]uint16, len(in[0]))
		f32ToBF16Go(wantb, want32)
		for _, ww := range []*Workers{nil, w} {
			got := make([]uint16, len(in[0]))
			require.NoError(t, h.FakeQuantizeBF16(t.Context(), ww, got, hb))
			require.Equal(t, wantb, got, "bf16 %s", what)
		}
	}
}
