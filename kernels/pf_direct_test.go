package kernels

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestPfMaxPool: MaxPool through the fold-then-split kernel — the W pass
// (strides 2..8) and the direct (H, W) fold of H strides at least the
// dilated H kernel (1-, 2- and 3-D, pads on both axes, ceil rounding,
// border columns, depth taps) — against the reference bit for bit, values
// and int64 indices, 1 and
// 2 threads, f32, f64, i64, u32, and u8/f16 widened per block.
func TestPfMaxPool(t *testing.T) {
	pool := []*Workers{nil, NewWorkers(2)}
	defer pool[1].Close()
	t.Run("f32", func(t *testing.T) { pfMaxPoolCheck[float32](t, pool) })
	t.Run("f64", func(t *testing.T) { pfMaxPoolCheck[float64](t, pool) })
	t.Run("i64", func(t *testing.T) { pfMaxPoolCheck[int64](t, pool) })
	t.Run("u32", func(t *testing.T) { pfMaxPoolCheck[uint32](t, pool) })
	t.Run("u8", func(t *testing.T) { pfMaxPoolCheck[uint8](t, pool) })
}

// pfAxis draws one axis: extent, kernel, stride, dilation, pads, output.
func pfAxis(r *rand.Rand, kmax, smin, smax, nmax int) (n, k, s, d, pb, pe, o int) {
	k, s, d = 1+r.IntN(kmax), smin+r.IntN(smax-smin+1), 1
	if r.IntN(3) == 0 {
		d = 1 + r.IntN(3)
	}
	kd := (k-1)*d + 1
	n = kd + r.IntN(nmax)
	if r.IntN(2) == 0 {
		pb, pe = r.IntN(kd/2+1), r.IntN(kd/2+1)
	}
	span := n + pb + pe - kd
	o = span/s + 1
	if r.IntN(2) == 0 && span%s != 0 && o*s < n+pb {
		o++ // ceil: the last window starts inside the input or its begin pad
	}
	return
}

func pfMaxPoolCheck[T Number](t *testing.T, pool []*Workers) {
	r := rand.New(rand.NewPCG(10, 15))
	for it := 0; it < 80; it++ {
		nsp := 1 + r.IntN(3)
		var g Window
		g.N, g.C = 1+r.IntN(2), 1+r.IntN(4)
		for a := 0; a < nsp; a++ {
			var n, k, s, d, pb, pe, o int
			if a == nsp-1 {
				n, k, s, d, pb, pe, o = pfAxis(r, 9, 1, 8, 200)
			} else {
				n, k, s, d, pb, pe, o = pfAxis(r, 4, 1, 7, 14)
				if r.IntN(4) > 0 { // mostly H strides at least the dilated kernel
					s = (k-1)*d + 1 + r.IntN(3)
					o = (n+pb+pe-(k-1)*d-1)/s + 1
				}
			}
			g.In, g.Out = append(g.In, n), append(g.Out, o)
			g.Kernel, g.Strides, g.Dilations = append(g.Kernel, k), append(g.Strides, s), append(g.Dilations, d)
			g.PadsBegin, g.PadsEnd = append(g.PadsBegin, pb), append(g.PadsEnd, pe)
		}
		p, err := g.plan()
		require.NoError(t, err, "%+v", g)
		src := poolTabValues[T](r, p.inLen())
		want := make([]T, p.outLen())
		var wantI, gotI []int64
		if it%2 == 0 {
			wantI, gotI = make([]int64, p.outLen()), make([]int64, p.outLen())
		}
		require.NoError(t, MaxPoolReference(g, src, want, wantI, 0))
		for _, w := range pool {
			got := make([]T, p.outLen())
			require.NoError(t, MaxPool(w, g, src, got, gotI, 0))
			require.Equal(t, plBits(want), plBits(got), "%+v", g)
			require.Equal(t, wantI, gotI, "%+v", g)
		}
	}
}
