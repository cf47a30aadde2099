package kernels

import (
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// pnWideGeom draws a 3-D MaxPool geometry with more outputs a row than the
// permute W pass holds (17–60), kernels 1–11, strides 1–6, dilations 1–3,
// pads, floor or ceil rounding.
func pnWideGeom(r *rand.Rand) (Window, winPlan) {
	for {
		g := Window{N: 1 + r.IntN(2), C: 1 + r.IntN(12)}
		for a := 0; a < 3; a++ {
			k, s, d := 1+r.IntN(11), 1+r.IntN(6), 1+r.IntN(3)
			if a == 2 {
				s = 1 + r.IntN(2)
			}
			kd := (k-1)*d + 1
			pb, pe := r.IntN(kd/2+1), r.IntN(kd/2+1)
			in := max(1, kd-pb-pe) + r.IntN(14)
			if a == 2 {
				in = max(1, kd-pb-pe) + 17 + r.IntN(60)
			}
			span := in + pb + pe - kd
			out := span/s + 1
			if r.IntN(2) == 0 && span%s != 0 && out*s < in+pb {
				out++
			}
			g.In = append(g.In, in)
			g.Out = append(g.Out, out)
			g.Kernel = append(g.Kernel, k)
			g.Strides = append(g.Strides, s)
			g.Dilations = append(g.Dilations, d)
			g.PadsBegin = append(g.PadsBegin, pb)
			g.PadsEnd = append(g.PadsEnd, pe)
		}
		p, err := g.plan()
		if err != nil || p.out[2] <= 16 || p.out[0] < 2 {
			continue
		}
		return g, p
	}
}

func testPnWide[T Number](t *testing.T, r *rand.Rand, w1, w2 *Workers) {
	taken := 0
	for it := 0; it < 80; it++ {
		g, p := pnWideGeom(r)
		src := make([]T, p.inLen())
		pwRandVals(r, src, r.IntN(2) == 0)
		want := make([]T, p.outLen())
		require.NoError(t, MaxPoolReference[T, int64](g, src, want, nil, 0))
		j := job{wp: p}
		var z T
		planRows(&j, 1, int(unsafe.Sizeof(z))+4)
		if pwSkipDepth[T](&j) {
			taken++
		}
		for _, w := range []*Workers{w1, w2} {
			got := make([]T, p.outLen())
			require.NoError(t, MaxPool[T, int64](w, g, src, got, nil, 0))
			require.Equal(t, pltBits(want), pltBits(got), "%+v", g)
		}
	}
	require.Greater(t, taken, 5)
}

// TestPnWideDepth runs values-only 3-D MaxPool with more outputs a row
// than one permute register (the per-depth order-free units chosen over
// the depth-slice cache without the permutes, round 13) on 1 and 2 threads
// against MaxPoolReference, bit for bit, with and without ±0, NaN and ±Inf.
func TestPnWideDepth(t *testing.T) {
	w1, w2 := NewWorkers(1), NewWorkers(2)
	defer w1.Close()
	defer w2.Close()
	r := rand.New(rand.NewPCG(13, 1))
	testPnWide[float32](t, r, w1, w2)
	testPnWide[float64](t, r, w1, w2)
	testPnWide[int32](t, r, w1, w2)
	testPnWide[uint8](t, r, w1, w2)
	testPnWide[int64](t, r, w1, w2)
}
