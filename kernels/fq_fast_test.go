package kernels

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestFQChannelMatchesReference runs per-tensor and per-channel FakeQuantize geometries
// (every axis, mixed scalar and per-channel ranges, swapped and equal ranges, NaN, ±Inf,
// values on the range bounds and on rounding ties, several levels) through the fast plan
// (1 and 3 threads) and the reference kernel and requires identical bits.
func TestFQChannelMatchesReference(t *testing.T) {
	w := NewWorkers(3)
	defer w.Close()
	r := rand.New(rand.NewPCG(11, 12))
	for it := 0; it < 150; it++ {
		rank := 1 + r.IntN(4)
		out := make([]int, rank)
		for i := range out {
			out[i] = 1 + r.IntN(9)
		}
		if it%50 == 0 {
			out[rank-1] = 4000 + r.IntN(20000) // large: parallel blocks
		}
		axis := r.IntN(rank)
		var shapes [5][]int
		shapes[0] = out
		for i := 1; i < 5; i++ {
			switch r.IntN(3) {
			case 0:
				shapes[i] = nil // scalar
			case 1:
				shapes[i] = make([]int, rank-axis) // per-channel, right-aligned
				for j := range shapes[i] {
					shapes[i][j] = 1
				}
				shapes[i][0] = out[axis]
			default:
				shapes[i] = make([]int, rank)
				for j := range shapes[i] {
					shapes[i][j] = 1
				}
				shapes[i][axis] = out[axis]
			}
		}
		levels := []uint64{256, 255, 2, 16, 65536, 0}[r.IntN(6)]
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
			if r.IntN(10) == 0 {
				in[2][c] = -in[2][c] // swapped
			}
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
			case 3:
				in[0][k] = in[2][0]
			case 4:
				// a rounding tie for levels 256 on [il, ih] = [0, 255]-like ranges
				in[0][k] = float32(r.IntN(255)) + 0.5
			default:
				in[0][k] = float32(r.NormFloat64() * 3)
			}
		}
		p, ok := NewFQChannelPlan(out, shapes, levels)
		require.True(t, ok, "out %v shapes %v", out, shapes)
		ref, err := NewFakeQuantize(out, shapes, levels)
		require.NoError(t, err)
		want := make([]float32, len(in[0]))
		require.NoError(t, FakeQuantize(ref, want, in))
		for _, ww := range []*Workers{nil, w} {
			got := make([]float32, len(in[0]))
			require.NoError(t, p.FakeQuantizeF32(t.Context(), ww, got, in))
			for k := range want {
				require.Equal(t, math.Float32bits(want[k]), math.Float32bits(got[k]), "it %d out %v shapes %v levels %d at %d: x %g", it, out, shapes, levels, k, in[0][k])
			}
		}
	}
}

// TestFQBlockSIMDMatchesGo compares every SIMD body this CPU runs (AVX2, AVX-512) with
// the Go one bit for bit on every length 0-40.
func TestFQBlockSIMDMatchesGo(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 9))
	for n := 0; n <= 40; n++ {
		x := make([]float32, n)
		for i := range x {
			x[i] = float32(r.NormFloat64() * 3)
		}
		q := fqMake(-1.5, 2.25, -3, 4, 255)
		a := make([]float32, n)
		fqBlockSIMD(a, x, q, 0)
		for level := 1; level <= fqeLevel(); level++ {
			b := make([]float32, n)
			fqBlockSIMD(b, x, q, level)
			require.Equal(t, a, b, "level %d n %d", level, n)
		}
	}
}

// fqeBits compares the Go body and the best SIMD body on x with q, bit for bit.
func fqeBits(t *testing.T, x []float32, q fqParams, what string) {
	t.Helper()
	a, b := make([]float32, len(x)), make([]float32, len(x))
	fqBlockSIMD(a, x, q, 0)
	fqBlockSIMD(b, x, q, fqeLevel())
	for i := range a {
		if math.Float32bits(a[i]) != math.Float32bits(b[i]) {
			require.Failf(t, "bits differ", "%s: x %g (%#x) q %+v: Go %g (%#x), SIMD %g (%#x)", what, x[i], math.Float32bits(x[i]), q, a[i], math.Float32bits(a[i]), b[i], math.Float32bits(b[i]))
		}
	}
}

// TestFQBlockExactQuotients drives the AVX-512 body's corrected quotients (fqMake) where
// they could go wrong: every integer q in [0, levels-1] reached exactly (x = il + q·d/lm1
// and its neighbours), every rounding tie (q + 1/2 and its neighbours), x on and next to
// the bounds, tiny x − il (the division fallback), swapped ranges, ranges with huge,
// tiny, subnormal, infinite and NaN widths, NaN and ±Inf x, ±0, levels 0-3, 16, 255,
// 256, 65536 and 2^24+1; and random ranges and data at every exponent.
func TestFQBlockExactQuotients(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 77))
	nan, inf := float32(math.NaN()), float32(math.Inf(1))
	type rng struct{ il, ih, ol, oh float32 }
	ranges := []rng{
		{0, 255, 0, 255}, {-128, 127, -128, 127}, {0, 1, 0, 1}, {-1, 1, -1, 1},
		{0.1, 6.3, -3, 3}, {2.25, -1.5, 4, -3}, {-3.7, 0, 0, 25.5}, {0, 6, 0, 6},
		{1e-30, 3e-30, 0, 1}, {-1e30, 2e30, -1, 1}, {0, 0x1p-61, 0, 1}, {0, 0x1p61, 0, 1},
		{0, 1e-40, 0, 1}, {-inf, 1, 0, 1}, {0, inf, 0, 1}, {nan, 1, 0, 1}, {0, nan, 0, 1},
		{1, 1, -2, 2}, {0, 1, -0.0, 1}, {-0.0, 1, 0, 1}, {1, 0, 0, -0.0}, {0, -0.0, 1, 2},
		{0.017, 0.023, 0.5, 0.75},
	}
	for it := 0; it < 40; it++ {
		e := r.IntN(80) - 40
		lo := float32(math.Ldexp(r.NormFloat64(), e))
		ranges = append(ranges, rng{lo, lo + float32(math.Ldexp(math.Abs(r.NormFloat64())+0.01, e)), float32(r.NormFloat64()), float32(r.NormFloat64() * 10)})
	}
	for _, levels := range []uint64{0, 1, 2, 3, 16, 255, 256, 65536, 1<<24 + 1} {
		lm1 := float32(levels - 1)
		for _, g := range ranges {
			q := fqMake(g.il, g.ih, g.ol, g.oh, lm1)
			var x []float32
			add := func(v float32) {
				x = append(x, v, math.Nextafter32(v, inf), math.Nextafter32(v, -inf))
			}
			for _, v := range []float32{g.il, g.ih, 0, -0.0, nan, inf, -inf, g.il + 1e-40, g.il - 1e-40, 1e-45, 1e-38} {
				add(v)
			}
			for _, b := range []uint32{0x7fc00001, 0xffc12345, 0x7f800001, 0xff900000, 0x7fffffff} {
				x = append(x, math.Float32frombits(b)) // NaN payloads and signs, signalling too
			}
			steps := int(min(lm1, 70000))
			if steps < 0 {
				steps = 3
			}
			for k := 0; k <= steps; k++ {
				kk := float32(k)
				if lm1 > 70000 {
					kk = float32(r.IntN(1 << 24))
				}
				add(g.il + kk*(g.ih-g.il)/lm1)
				add(g.il + (kk+0.5)*(g.ih-g.il)/lm1)
			}
			for k := 0; k < 2000; k++ {
				add(g.il + float32(r.Float64())*(g.ih-g.il))
			}
			fqeBits(t, x, q, fmt.Sprintf("levels %d range %+v", levels, g))
		}
	}
	// Random data at every exponent on random ranges.
	x := make([]float32, 1<<16)
	for it := 0; it < 200; it++ {
		g := ranges[r.IntN(len(ranges))]
		for i := range x {
			x[i] = math.Float32frombits(r.Uint32())
			if i%2 == 0 {
				x[i] = g.il + float32(r.Float64()*1.2-0.1)*(g.ih-g.il)
			}
		}
		fqeBits(t, x, fqMake(g.il, g.ih, g.ol, g.oh, []float32{255, 15, 1, 65535}[it%4]), "random")
	}
}

// TestFQChannelRejects: geometries outside the fast cases are refused.
func TestFQChannelRejects(t *testing.T) {
	_, ok := NewFQChannelPlan([]int{2, 3, 4}, [5][]int{{2, 3, 4}, {2, 3, 1}, nil, nil, nil}, 256)
	require.False(t, ok, "ranges varying on two axes")
	_, ok = NewFQChannelPlan([]int{2, 3, 4}, [5][]int{{3, 4}, nil, nil, nil, nil}, 256)
	require.False(t, ok, "broadcast X")
	_, ok = NewFQChannelPlan([]int{2, 3, 4}, [5][]int{{2, 3, 4}, {3, 1}, {4}, nil, nil}, 256)
	require.False(t, ok, "ranges on different axes")
}

func BenchmarkFQChannel(b *testing.B) {
	out := []int{1, 64, 80, 80}
	shapes := [5][]int{out, {1, 64, 1, 1}, {1, 64, 1, 1}, nil, nil}
	var in [5][]float32
	for i, s := range shapes {
		n := 1
		for _, d := range s {
			n *= d
		}
		in[i] = make([]float32, n)
		for k := range in[i] {
			in[i][k] = float32(k%17) - 8 + float32(i)
		}
	}
	p, _ := NewFQChannelPlan(out, shapes, 256)
	ref, _ := NewFakeQuantize(out, shapes, 256)
	dst := make([]float32, len(in[0]))
	b.Run("fast", func(b *testing.B) {
		for b.Loop() {
			_ = p.FakeQuantizeF32(b.Context(), nil, dst, in)
		}
	})
	b.Run("reference", func(b *testing.B) {
		for b.Loop() {
			_ = FakeQuantize(ref, dst, in)
		}
	})
}
