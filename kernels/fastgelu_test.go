package kernels

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// geExactErf is x·Φ(x) in float64 without cancellation (erfc of a positive argument for
// x < 0), the oracle of the erf-mode bound.
func geExactErf(x float64) float64 { return 0.5 * x * math.Erfc(-x/math.Sqrt2) }

// geExactTanh is x·sigmoid(2y), 2y = 2·√(2/π)·(x + 0.044715·x³), in float64: equal to
// 0.5·x·(1 + tanh(y)) without its cancellation for x ≪ 0.
func geExactTanh(x float64) float64 {
	z := 2 * math.Sqrt(2/math.Pi) * (x + 0.044715*x*x*x)
	if z >= 0 {
		return x / (1 + math.Exp(-z))
	}
	e := math.Exp(z)
	return x * e / (1 + e)
}

// TestFastGeluSweep compares both Gelu forms, on the Go path and (where available) the
// AVX2 path, over a dense sweep of float32 inputs with (a) the exact function: the
// documented ulp bound where the result is normal, absolute 2^−126 below; (b) the float64
// reference kernel (kernels.GeluErf, GeluTanh): within the same number of ulp of the reference plus the
// reference's own cancellation error |x|·2^−52 (fastgelu.go).
func TestFastGeluSweep(t *testing.T) {
	step := uint32(1021)
	if testing.Short() {
		step = 8191
	}
	xs := feSweep(-120, 120, step)
	// Dense around the regions where the forms change character.
	for x := float32(-16); x <= 16; x += 1.0 / 1024 {
		xs = append(xs, x)
	}
	got := make([]float32, len(xs))
	for _, c := range []struct {
		name  string
		kind  FastExpKind
		exact func(float64) float64
		ref   func(float64) float64
		ulp   float64
	}{
		{"erf", FastGeluErf, geExactErf, GeluErf, 3},
		{"tanh", FastGeluTanh, geExactTanh, GeluTanh, 4},
	} {
		for _, simd := range []bool{false, true} {
			if simd && !feSIMD {
				continue
			}
			feApply(got, xs, c.kind, 0, simd)
			worst, at := 0.0, float32(0)
			worstRef, atRef := 0.0, float32(0)
			for i, x := range xs {
				if e := feUlpErr(got[i], c.exact(float64(x))); e > worst {
					worst, at = e, x
				}
				want := c.ref(float64(x))
				if math.IsNaN(want) || math.IsInf(want, 0) {
					require.Equalf(t, float32(want) == float32(want), got[i] == got[i], "%s simd=%v x=%g: got %g want %g", c.name, simd, x, got[i], want)
					if !math.IsNaN(want) {
						require.Equal(t, float32(want), got[i])
					}
					continue
				}
				w32 := math.Abs(float64(float32(want)))
				ulp := float64(math.Nextafter32(float32(w32), float32(math.Inf(1)))) - w32
				bound := c.ulp*ulp + math.Abs(float64(x))*math.Ldexp(1, -52)
				if e := math.Abs(float64(got[i])-want) / bound; e > worstRef {
					worstRef, atRef = e, x
				}
			}
			t.Logf("%s simd=%v: max error %.2f ulp at %g; vs reference %.2f of the bound at %g", c.name, simd, worst, at, worstRef, atRef)
			require.LessOrEqualf(t, worst, c.ulp, "%s simd=%v at x=%g: got %g want %g", c.name, simd, at, feOne(c.kind, at, 0, simd), c.exact(float64(at)))
			require.LessOrEqualf(t, worstRef, 1.0, "%s simd=%v vs reference at x=%g: got %g want %g", c.name, simd, atRef, feOne(c.kind, atRef, 0, simd), c.ref(float64(atRef)))
		}
	}
}

// TestFastGeluSpecials pins the IEEE specials against the reference kernels.
func TestFastGeluSpecials(t *testing.T) {
	inf := float32(math.Inf(1))
	for _, c := range []struct {
		kind FastExpKind
		ref  func(float64) float64
	}{{FastGeluErf, GeluErf}, {FastGeluTanh, GeluTanh}} {
		for _, simd := range []bool{false, true} {
			if simd && !feSIMD {
				continue
			}
			for _, x := range []float32{0, float32(math.Copysign(0, -1)), inf, -inf, float32(math.NaN()), math.MaxFloat32, -math.MaxFloat32, -200} {
				got := feOne(c.kind, x, 0, simd)
				want := float32(c.ref(float64(x)))
				if want != want {
					require.Truef(t, got != got, "kind %d simd=%v x=%g: got %g want NaN", c.kind, simd, x, got)
					continue
				}
				require.Equalf(t, math.Float32bits(want), math.Float32bits(got), "kind %d simd=%v x=%g: got %g want %g", c.kind, simd, x, got, want)
			}
		}
	}
}

// TestFastGeluSIMDMatchesGo runs random data of every length 0–70 through both paths
// (dst aliasing src or not); they agree within 2 ulp (where the result is normal).
func TestFastGeluSIMDMatchesGo(t *testing.T) {
	if !feSIMD {
		t.Skip("no AVX2+FMA")
	}
	r := rand.New(rand.NewPCG(5, 6))
	for n := 0; n <= 70; n++ {
		src := make([]float32, n)
		for i := range src {
			src[i] = float32(r.NormFloat64() * 6)
		}
		if n > 3 {
			src[1] = float32(math.NaN())
			src[2] = float32(math.Copysign(0, -1))
		}
		for _, kind := range []FastExpKind{FastGeluErf, FastGeluTanh} {
			a, b := make([]float32, n), append([]float32(nil), src...)
			feApply(a, src, kind, 0, false)
			feApply(b, b, kind, 0, true)
			for i := range a {
				require.LessOrEqual(t, feUlpErr(b[i], float64(a[i])), 2.0, "kind %d n %d i %d x %g: %g vs %g", kind, n, i, src[i], b[i], a[i])
			}
		}
	}
}

func BenchmarkFastGelu(b *testing.B) {
	src := make([]float32, 1<<16)
	r := rand.New(rand.NewPCG(1, 2))
	for i := range src {
		src[i] = float32(r.NormFloat64() * 2)
	}
	dst := make([]float32, len(src))
	for _, c := range []struct {
		name string
		kind FastExpKind
	}{{"erf", FastGeluErf}, {"tanh", FastGeluTanh}} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(8 * len(src)))
			for b.Loop() {
				FastExpF32(dst, src, c.kind, 0)
			}
		})
		b.Run(c.name+"/go", func(b *testing.B) {
			b.SetBytes(int64(8 * len(src)))
			for b.Loop() {
				feApply(dst, src, c.kind, 0, false)
			}
		})
	}
	b.Run("reference-erf", func(b *testing.B) {
		b.SetBytes(int64(8 * len(src)))
		for b.Loop() {
			UnaryFloat(dst, src, GeluErf)
		}
	})
}
