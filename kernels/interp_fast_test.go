package kernels

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// The fast Interpolate against the reference: random geometries over every mode,
// coordinate transformation, nearest rounding, antialias, axes subsets (in any order),
// identity axes, up- and downscaling, odd sizes, several element types and thread
// counts, with NaN, ±Inf and ±0 in float data. Results must be identical bit for bit.

func randInterpGeom(r *rand.Rand, big bool) InterpGeom {
	mode := r.IntN(4)
	rank := 1 + r.IntN(5)
	if mode == InterpLinearONNX && rank < 2 {
		rank = 2 + r.IntN(4)
	}
	g := InterpGeom{Mode: mode, Coord: r.IntN(5), Nearest: r.IntN(5), Antialias: r.IntN(2) == 0, CubeCoeff: -0.75}
	if r.IntN(3) == 0 {
		g.CubeCoeff = -0.5
	}
	maxIn := 7
	if big {
		maxIn = 40
	}
	g.In = make([]int, rank)
	for i := range g.In {
		g.In[i] = 1 + r.IntN(maxIn)
		if i < rank-2 && big {
			g.In[i] = 1 + r.IntN(4)
		}
	}
	// axes: a random subset in random order (linear_onnx: all, or all but the first two)
	switch {
	case mode == InterpLinearONNX:
		from := 0
		if rank >= 4 && r.IntN(2) == 0 {
			from = 2
		}
		for a := from; a < rank; a++ {
			g.Axes = append(g.Axes, a)
		}
	default:
		for _, a := range r.Perm(rank) {
			if r.IntN(3) != 0 || len(g.Axes) == 0 && a == rank-1 {
				g.Axes = append(g.Axes, a)
			}
		}
		if len(g.Axes) == 0 {
			g.Axes = []int{rank - 1}
		}
	}
	g.Out = append([]int(nil), g.In...)
	for _, a := range g.Axes {
		var out int
		var s float32
		switch r.IntN(5) {
		case 0: // identity
			out, s = g.In[a], 1
		case 1: // integer upscale
			k := 2 + r.IntN(3)
			out, s = g.In[a]*k, float32(k)
		case 2: // scales mode: a random scale
			s = float32(0.3 + 2.5*r.Float64())
			out = int(float32(g.In[a]) * (s + 1e-6))
		default: // sizes mode: any size
			out = 1 + r.IntN(2*g.In[a]+3)
			s = float32(out) / float32(g.In[a])
		}
		if mode == InterpLinearONNX && a < rank-3 {
			out, s = g.In[a], 1
		}
		g.Out[a] = out
		g.Scales = append(g.Scales, s)
	}
	if mode == InterpCubic || mode == InterpLinear {
		// bound the reference's cost: 4^k or (2r+1)^k taps per output
		for len(g.Axes) > 3 {
			a := g.Axes[0]
			g.Out[a] = g.In[a]
			g.Axes, g.Scales = g.Axes[1:], g.Scales[1:]
		}
	}
	return g
}

func interpData[T Number](r *rand.Rand, n int, special bool) []T {
	v := make([]T, n)
	for i := range v {
		x := 200*r.Float64() - 100
		if !isIntegral[T]() {
			v[i] = T(x)
			continue
		}
		lo, hi := numRange[T]()
		v[i] = T(max(lo, min(hi, math.Round(x*1.4))))
		if lo == 0 {
			v[i] = T(r.IntN(256))
		}
	}
	if special && !isIntegral[T]() && n > 0 {
		sp := []float64{math.NaN(), math.Inf(1), math.Inf(-1), math.Copysign(0, -1), 0}
		for k := 0; k < 1+n/50; k++ {
			v[r.IntN(n)] = T(sp[r.IntN(len(sp))])
		}
	}
	return v
}

func interpSameBits[T Number](t *testing.T, want, got []T, msg string, args ...any) {
	t.Helper()
	for i := range want {
		w, g := float64(want[i]), float64(got[i])
		if w != w && g != g {
			continue
		}
		if w != g || math.Signbit(w) != math.Signbit(g) {
			require.Failf(t, "mismatch", "element %d: want %v, got %v; "+msg, append([]any{i, want[i], got[i]}, args...)...)
		}
	}
}

func interpConform[T Number](t *testing.T, r *rand.Rand, pool []*Workers, g InterpGeom, special bool) {
	t.Helper()
	if g.Validate() != nil {
		return
	}
	p, err := NewInterpPlan(g)
	require.NoError(t, err)
	if p == nil {
		require.Equal(t, InterpLinearONNX, g.Mode, "only linear_onnx with resized leading axes falls back: %+v", g)
		return
	}
	nIn, _ := mulAll(g.In...)
	nOut, _ := mulAll(g.Out...)
	src := interpData[T](r, nIn, special)
	want := make([]T, nOut)
	require.NoError(t, InterpolateReference(g, src, want))
	for _, w := range pool {
		got := make([]T, nOut)
		for i := range got {
			got[i] = T(77) // stale
		}
		require.NoError(t, InterpolateFast(context.Background(), w, p, src, got))
		interpSameBits(t, want, got, "geometry %+v, threads %d, %T", g, w.threadsFor(), want)
	}
}

func TestInterpolateFastConformance(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 13))
	pool := []*Workers{nil, NewWorkers(1), NewWorkers(3)}
	defer func() {
		for _, w := range pool[1:] {
			w.Close()
		}
	}()
	n := 1500
	if testing.Short() {
		n = 300
	}
	for i := 0; i < n; i++ {
		g := randInterpGeom(r, i%10 == 0)
		special := i%3 == 0
		switch i % 5 {
		case 0, 1:
			interpConform[float32](t, r, pool, g, special)
		case 2:
			interpConform[uint8](t, r, pool, g, special)
		case 3:
			interpConform[int8](t, r, pool, g, special)
		default:
			if i%2 == 0 {
				interpConform[float64](t, r, pool, g, special)
			} else {
				interpConform[int32](t, r, pool, g, special)
			}
		}
	}
}

// The corpus' cases: nearest 2× upscales (yolov8: asymmetric floor, scales; pupil
// segmentation: half_pixel round_prefer_ceil, sizes) and a bilinear 2× on NCHW.
func TestInterpolateFastCorpusShapes(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 7))
	pool := []*Workers{nil, NewWorkers(2)}
	defer pool[1].Close()
	cases := []InterpGeom{
		{In: []int{1, 64, 20, 20}, Out: []int{1, 64, 40, 40}, Axes: []int{0, 1, 2, 3}, Scales: []float32{1, 1, 2, 2}, Mode: InterpNearest, Coord: CoordAsymmetric, Nearest: NearestFloor},
		{In: []int{1, 16, 15, 20}, Out: []int{1, 16, 30, 40}, Axes: []int{0, 1, 2, 3}, Scales: []float32{1, 1, 2, 2}, Mode: InterpNearest, Coord: CoordHalfPixel, Nearest: NearestRoundPreferCeil},
		{In: []int{1, 15, 20, 8}, Out: []int{1, 30, 40, 8}, Axes: []int{1, 2}, Scales: []float32{2, 2}, Mode: InterpNearest, Coord: CoordHalfPixel, Nearest: NearestRoundPreferFloor},
		{In: []int{1, 8, 15, 20}, Out: []int{1, 8, 30, 40}, Axes: []int{2, 3}, Scales: []float32{2, 2}, Mode: InterpLinearONNX, Coord: CoordHalfPixel},
		{In: []int{1, 8, 15, 20}, Out: []int{1, 8, 30, 40}, Axes: []int{0, 1, 2, 3}, Scales: []float32{1, 1, 2, 2}, Mode: InterpCubic, Coord: CoordHalfPixel, CubeCoeff: -0.75},
		{In: []int{1, 8, 30, 40}, Out: []int{1, 8, 15, 21}, Axes: []int{0, 1, 2, 3}, Scales: []float32{1, 1, 0.5, 21. / 40}, Mode: InterpLinear, Coord: CoordHalfPixel, Antialias: true},
	}
	for _, g := range cases {
		interpConform[float32](t, r, pool, g, false)
		interpConform[float32](t, r, pool, g, true)
		interpConform[uint8](t, r, pool, g, false)
	}
}

func TestInterpolateFastErrors(t *testing.T) {
	g := InterpGeom{In: []int{1, 2, 3}, Out: []int{1, 4, 6}, Axes: []int{1, 2}, Scales: []float32{2, 2}}
	p, err := NewInterpPlan(g)
	require.NoError(t, err)
	require.Error(t, InterpolateFast(context.Background(), nil, p, make([]float32, 5), make([]float32, 24)))
	require.Error(t, InterpolateFast(context.Background(), nil, p, make([]float32, 6), make([]float32, 23)))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	require.ErrorIs(t, InterpolateFast(ctx, nil, p, make([]float32, 6), make([]float32, 24)), context.Canceled)
	_, err = NewInterpPlan(InterpGeom{In: []int{2}, Out: []int{2, 3}})
	require.Error(t, err)
}

// A 2× nearest into a destination that is not 8-byte aligned (a view at an odd offset)
// and into an aligned one give the same elements.
func TestInterpolateFastRep2Unaligned(t *testing.T) {
	g := InterpGeom{In: []int{2, 3, 5}, Out: []int{2, 6, 10}, Axes: []int{1, 2}, Scales: []float32{2, 2}, Mode: InterpNearest, Coord: CoordAsymmetric, Nearest: NearestFloor}
	p, err := NewInterpPlan(g)
	require.NoError(t, err)
	src := make([]float32, 30)
	for i := range src {
		src[i] = float32(i)
	}
	want := make([]float32, 120)
	require.NoError(t, InterpolateReference(g, src, want))
	buf := make([]float32, 121)
	for _, off := range []int{0, 1} {
		got := buf[off : off+120]
		require.NoError(t, InterpolateFast(context.Background(), nil, p, src, got))
		require.Equal(t, want, got)
	}
}
