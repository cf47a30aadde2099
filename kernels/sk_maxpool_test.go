package kernels

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/x448/float16"
)

// skGeoms are 2-D MaxPools with a three-tap W window (skMaxUse applies with
// AVX-512): the corpus models' pools and edge cases (pads, ceil rounding,
// one-group and many-group rows, H windows of 1–5 rows).
func skGeoms() []Window {
	w := func(n, c, h, wd, kh, sh, sw, pt, pl, pb, pr, oh, ow int) Window {
		return Window{N: n, C: c, In: []int{h, wd}, Out: []int{oh, ow}, Kernel: []int{kh, 3},
			Strides: []int{sh, sw}, Dilations: []int{1, 1}, PadsBegin: []int{pt, pl}, PadsEnd: []int{pb, pr}}
	}
	return []Window{
		w(1, 64, 36, 36, 3, 2, 2, 0, 0, 0, 0, 17, 17),  // vehicle-attributes (floor)
		w(1, 64, 36, 36, 3, 2, 2, 0, 0, 0, 0, 18, 18),  // the same with ceil rounding
		w(1, 32, 80, 40, 3, 2, 2, 1, 1, 1, 1, 40, 20),  // person-attributes
		w(1, 64, 20, 10, 3, 2, 2, 1, 1, 1, 1, 10, 5),   // person-attributes
		w(1, 64, 30, 30, 3, 2, 2, 0, 0, 0, 0, 15, 15),  // head-pose (ceil)
		w(1, 128, 8, 8, 3, 2, 2, 0, 0, 0, 0, 4, 4),     // head-pose (ceil)
		w(1, 6, 113, 113, 3, 2, 2, 0, 0, 0, 0, 56, 56), // squeezenet pool1
		w(1, 5, 24, 94, 3, 1, 1, 0, 0, 0, 0, 22, 92),   // lpr pool1
		w(1, 7, 22, 92, 3, 2, 1, 0, 0, 0, 0, 11, 90),   // lpr pool2 (ceil)
		w(2, 3, 11, 90, 3, 2, 1, 0, 0, 0, 0, 5, 88),    // lpr pool3
		w(2, 3, 9, 33, 1, 1, 2, 0, 0, 0, 0, 9, 16),     // 1-row H window, 16 outputs
		w(1, 4, 10, 35, 2, 3, 2, 0, 1, 0, 1, 3, 17),    // H stride above the kernel, 17 outputs
		w(1, 3, 12, 67, 5, 2, 2, 2, 2, 2, 2, 6, 34),    // pads 2, 5-row H window
		w(3, 2, 7, 3, 3, 1, 1, 1, 1, 1, 1, 7, 3),       // 3 columns
		w(1, 2, 5, 2, 3, 2, 2, 1, 1, 1, 1, 3, 1),       // 1 output column from 2
		w(1, 3, 9, 400, 3, 2, 1, 1, 0, 1, 0, 5, 398),   // 25 groups
		w(1, 2, 6, 31, 3, 1, 2, 0, 0, 0, 0, 4, 15),     // odd W
	}
}

// TestSkMaxRows: the three-tap rows against MaxPoolReference bit for bit
// (NaN, ±Inf, ±0, extremes; f16 against widening, the float32 reference and
// narrowing), 1–3 threads.
func TestSkMaxRows(t *testing.T) {
	pool := []*Workers{nil, NewWorkers(2), NewWorkers(3)}
	defer pool[1].Close()
	defer pool[2].Close()
	for gi, g := range skGeoms() {
		p, err := g.plan()
		require.NoError(t, err, "%+v", g)
		require.Equal(t, skMaxOK(), skMaxUse[float32](&p, false), "geom %d", gi)
		require.Equal(t, skMaxOK(), skMaxUse[poolF16](&p, false), "geom %d", gi)
		require.False(t, skMaxUse[float32](&p, true), "geom %d: indices", gi)
		require.False(t, skMaxUse[float64](&p, false), "geom %d: f64", gi)
		for seed := range 3 {
			r := rand.New(rand.NewPCG(uint64(gi), uint64(seed)))
			var src []float32
			switch seed {
			case 0:
				src = poolTabValues[float32](r, p.inLen())
			case 1: // mostly zeros of either sign and NaN: the scan order decides
				src = make([]float32, p.inLen())
				for i := range src {
					src[i] = [4]float32{0, float32(math.Copysign(0, -1)), float32(math.NaN()), -1}[r.IntN(4)]
				}
			default:
				src = make([]float32, p.inLen())
				for i := range src {
					src[i] = float32(r.NormFloat64() * 100)
				}
			}
			name := fmt.Sprintf("geom%d/seed%d", gi, seed)
			want := make([]float32, p.outLen())
			require.NoError(t, MaxPoolReference[float32, int64](g, src, want, nil, 0))
			h := make([]float16.Float16, len(src))
			F32ToF16(h, src)
			wide := make([]float32, len(h))
			F16ToF32(wide, h)
			ref := make([]float32, p.outLen())
			require.NoError(t, MaxPoolReference[float32, int64](g, wide, ref, nil, 0))
			wantH := make([]float16.Float16, len(ref))
			F32ToF16(wantH, ref)
			for wi, w := range pool {
				got := make([]float32, p.outLen()+16)
				for i := range got {
					got[i] = 12345
				}
				require.NoError(t, MaxPool[float32, int64](w, g, src, got[:p.outLen()], nil, 0))
				require.Equal(t, plBits(want), plBits(got[:p.outLen()]), "%s/f32/w%d", name, wi)
				for _, v := range got[p.outLen():] {
					require.Equal(t, float32(12345), v, "%s: written past the output", name)
				}
				gotH := make([]float16.Float16, p.outLen()+16)
				require.NoError(t, MaxPoolF16Context[int64](context.Background(), w, g, h, gotH[:p.outLen()], nil, 0))
				require.Equal(t, plBits(wantH), plBits(gotH[:p.outLen()]), "%s/f16/w%d", name, wi)
				for _, v := range gotH[p.outLen():] {
					require.Equal(t, float16.Float16(0), v, "%s: written past the f16 output", name)
				}
			}
		}
	}
}

// TestSkMaxNotTaken: geometries the three-tap rows must leave to the other
// kernels.
func TestSkMaxNotTaken(t *testing.T) {
	w := func(kh, kw, sh, sw, dh, dw int) Window {
		return Window{N: 1, C: 4, In: []int{12, 12}, Out: []int{(12-(kh-1)*dh-1)/sh + 1, (12-(kw-1)*dw-1)/sw + 1},
			Kernel: []int{kh, kw}, Strides: []int{sh, sw}, Dilations: []int{dh, dw}, PadsBegin: []int{0, 0}, PadsEnd: []int{0, 0}}
	}
	for _, g := range []Window{w(3, 2, 2, 2, 1, 1), w(3, 3, 2, 3, 1, 1), w(3, 3, 2, 2, 1, 2), w(3, 3, 2, 2, 2, 1), w(3, 5, 1, 1, 1, 1)} {
		p, err := g.plan()
		require.NoError(t, err)
		require.False(t, skMaxUse[float32](&p, false), "%+v", g)
	}
	g := Window{N: 1, C: 2, In: []int{4, 6, 6}, Out: []int{2, 2, 2}, Kernel: []int{2, 3, 3}, Strides: []int{2, 2, 2},
		Dilations: []int{1, 1, 1}, PadsBegin: []int{0, 0, 0}, PadsEnd: []int{0, 0, 0}}
	p, err := g.plan()
	require.NoError(t, err)
	require.False(t, skMaxUse[float32](&p, false), "3-D")
}
