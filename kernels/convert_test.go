package kernels

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/x448/float16"
)

func TestF16RoundTrip(t *testing.T) {
	// Widening: every half value against x448/float16 (an independent implementation).
	src := make([]float16.Float16, 1<<16)
	for i := range src {
		src[i] = float16.Float16(i)
	}
	dst := make([]float32, len(src))
	F16ToF32(dst, src)
	for i, h := range src {
		want := h.Float32()
		if h.IsNaN() {
			if !math.IsNaN(float64(dst[i])) {
				t.Fatalf("%#04x: NaN widened to %v", i, dst[i])
			}
			continue
		}
		if math.Float32bits(want) != math.Float32bits(dst[i]) {
			t.Fatalf("%#04x: got %v want %v", i, dst[i], want)
		}
	}
	// Narrowing: random bit patterns and specials, round to nearest even.
	r := rand.New(rand.NewPCG(3, 3))
	fs := []float32{0, negZero, 1, -1, 65504, 65519.99, 65520, -65520, inf32, -inf32, nan32,
		0x1p-24, 0x1p-25, 0x1.8p-25, 0x1p-26, 0x1p-14, 0x1.ffcp-15, 5.960464477539063e-08}
	for i := 0; i < 200000; i++ {
		fs = append(fs, math.Float32frombits(r.Uint32()))
	}
	got := make([]float16.Float16, len(fs))
	F32ToF16(got, fs)
	for i, f := range fs {
		want := float16.Fromfloat32(f)
		if f != f {
			if !got[i].IsNaN() {
				t.Fatalf("%#08x: NaN narrowed to %#04x", math.Float32bits(f), uint16(got[i]))
			}
			continue
		}
		if want != got[i] {
			t.Fatalf("%v (%#08x): got %#04x want %#04x", f, math.Float32bits(f), uint16(got[i]), uint16(want))
		}
	}
}

func TestBF16(t *testing.T) {
	in := []uint16{0x3f80, 0xbf80, 0x7f80, 0xff80, 0x0000, 0x8000, 0x0001, 0x7fc0}
	out := make([]float32, len(in))
	BF16ToF32(out, in)
	require.Equal(t, []float32{1, -1, inf32, -inf32, 0, negZero, math.Float32frombits(0x00010000)}, out[:7])
	require.True(t, math.IsNaN(float64(out[7])))

	f := []float32{
		1,
		math.Float32frombits(0x3f808000), // tie, even below → 0x3f80
		math.Float32frombits(0x3f818000), // tie, odd below → 0x3f82
		math.Float32frombits(0x3f808001), // above tie → 0x3f81
		math.Float32frombits(0x7f7fffff), // max float rounds to +Inf
		math.Float32frombits(0x7fc00001), // quiet NaN
		math.Float32frombits(0x7f800001), // signalling NaN with low payload: must stay NaN
		math.Float32frombits(0xff800001), // negative NaN
		inf32, negZero,
	}
	b := make([]uint16, len(f))
	F32ToBF16(b, f)
	require.Equal(t, []uint16{0x3f80, 0x3f80, 0x3f82, 0x3f81, 0x7f80, 0x7fc0, 0x7fc0, 0xffc0, 0x7f80, 0x8000}, b)
	// shorter destination: converts min length, no panic
	F32ToBF16(b[:2], f)
	F16ToF32(out[:1], []float16.Float16{0x3c00, 0x3c00})
	require.Equal(t, float32(1), out[0])
}
