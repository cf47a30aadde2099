package kernels

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// pool6PickWindow draws a geometry with a 1×1×1 kernel: strides, pads
// (windows wholly in the pads), 1–3 spatial axes.
func pool6PickWindow(r *rand.Rand) Window {
	nsp := 1 + r.IntN(3)
	g := Window{N: 1 + r.IntN(3), C: 1 + r.IntN(9)}
	for a := 0; a < nsp; a++ {
		in := 1 + r.IntN(12)
		s := 1 + r.IntN(5)
		pb, pe := r.IntN(3), r.IntN(3)
		d := 1 + r.IntN(2)
		g.testAddAxis(in, (in+pb+pe-1)/s+1, 1, s, d, pb, pe)
	}
	return g
}

func pool6PickCheck[T Number](t *testing.T, r *rand.Rand, pool []*Workers) {
	for it := 0; it < 40; it++ {
		g := pool6PickWindow(r)
		p, err := g.plan()
		require.NoError(t, err, "%+v", g)
		src := randData[T](r, p.inLen(), true)
		for _, excl := range []bool{true, false} {
			want := make([]T, p.outLen())
			require.NoError(t, AvgPoolReference(g, src, want, excl))
			for _, w := range pool {
				got := make([]T, p.outLen())
				require.NoError(t, AvgPool(w, g, src, got, excl))
				require.Equal(t, want, got, "%+v excl %v threads %d", g, excl, w.Threads())
			}
		}
	}
}

// TestPool6AvgiPick runs the integer AvgPool of 1×1×1 windows (the element
// picked, or 0 in the pads) against the reference for every integer type.
func TestPool6AvgiPick(t *testing.T) {
	r := rand.New(rand.NewPCG(6, 1))
	pool := []*Workers{nil, NewWorkers(2)}
	defer func() {
		for _, w := range pool {
			w.Close()
		}
	}()
	ptRun(t, "i8 u8 i16 i32 u32 i64 u64", func(t *testing.T, e ptElem) { e.pool6PickCheck(t, r, pool) })
}
