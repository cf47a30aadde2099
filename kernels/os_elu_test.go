package kernels

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestOsEluF32 compares EluF32 with the float64 reference (Elu rounded to float32) on every
// 61st float32 bit pattern in [−120, 120] plus the specials, for several alphas: within 6 ulp
// of the reference result plus |alpha|·2^-52 absolute (NaN for NaN, exact for x ≥ 0 and for −Inf): for
// |x| < 2^-53 the reference's e^x − 1 is 0 in float64, where EluF32 gives alpha·x.
func TestOsEluF32(t *testing.T) {
	var xs []float32
	for b := uint32(0); b < 0x42f00000; b += 4099 { // |x| < 120
		xs = append(xs, math.Float32frombits(b), math.Float32frombits(b|0x80000000))
	}
	xs = append(xs, float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()), -0.5, -0.49999997, -1e-30, -150)
	got := make([]float32, len(xs))
	for _, alpha := range []float64{1, 0.1, 2.5, -0.7} {
		ref := Elu(alpha)
		EluF32(got, xs, alpha)
		for i, x := range xs {
			want := float32(ref(float64(x)))
			g := got[i]
			if want != want {
				require.True(t, g != g, "alpha %g x %g: want NaN, got %g", alpha, x, g)
				continue
			}
			if !(x < 0) || math.IsInf(float64(x), -1) {
				require.Equal(t, math.Float32bits(want), math.Float32bits(g), "alpha %g x %g", alpha, x)
				continue
			}
			ulp := math.Abs(float64(math.Nextafter32(want, float32(math.Inf(1)))) - float64(want))
			require.LessOrEqual(t, math.Abs(float64(g)-float64(want)), 6*ulp+math.Abs(alpha)*0x1p-52, "alpha %g x %g: want %g got %g", alpha, x, want, g)
		}
	}
	// in place
	cp := append([]float32(nil), xs...)
	EluF32(cp, cp, 1)
	EluF32(got, xs, 1)
	for i := range cp {
		require.Equal(t, math.Float32bits(got[i]), math.Float32bits(cp[i]))
	}
}
