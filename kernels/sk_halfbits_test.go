package kernels

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/x448/float16"
)

// TestSkHalfBits: NegBits16 and ReluBits16 against widening every f16 and bf16
// bit pattern to float64, applying the op's definition (−x; x > 0 ? x : 0) and
// narrowing, for every length 0–40 (vector body and tail), in place too.
func TestSkHalfBits(t *testing.T) {
	all := make([]uint16, 1<<16)
	for i := range all {
		all[i] = uint16(i)
	}
	bf := func(h uint16) float64 { return float64(math.Float32frombits(uint32(h) << 16)) }
	type half struct {
		name  string
		inf   uint16
		wide  func(uint16) float64
		isNaN func(uint16) bool
	}
	for _, h := range []half{
		{"f16", 0x7c00, func(x uint16) float64 { return float64(float16.Frombits(x).Float32()) }, func(x uint16) bool { return x&0x7fff > 0x7c00 }},
		{"bf16", 0x7f80, bf, func(x uint16) bool { return x&0x7fff > 0x7f80 }},
	} {
		got := make([]uint16, len(all))
		ReluBits16(got, all, h.inf)
		for i, x := range all {
			want := uint16(0)
			if v := h.wide(x); v > 0 {
				want = x // a positive value widens and narrows exactly
				require.Equal(t, v, h.wide(want))
			}
			require.Equal(t, want, got[i], "%s relu %#04x", h.name, x)
		}
		NegBits16(got, all)
		for i, x := range all {
			if h.isNaN(x) {
				require.True(t, h.isNaN(got[i]))
				continue
			}
			require.Equal(t, math.Float64bits(-h.wide(x)), math.Float64bits(h.wide(got[i])), "%s neg %#04x", h.name, x)
		}
	}
	for n := 0; n <= 40; n++ {
		src := make([]uint16, n+3)
		for i := range src {
			src[i] = uint16(0x3c00 + i*977)
		}
		for _, op := range []string{"neg", "relu"} {
			dst := make([]uint16, n+3)
			for i := range dst {
				dst[i] = 0xabcd
			}
			in := make([]uint16, n)
			copy(in, src[:n])
			if op == "neg" {
				NegBits16(dst[:n], src[:n])
				NegBits16(in, in)
			} else {
				ReluBits16(dst[:n], src[:n], 0x7c00)
				ReluBits16(in, in, 0x7c00)
			}
			require.Equal(t, dst[:n], in, "%s n=%d in place", op, n)
			for i := 0; i < n; i++ {
				if op == "neg" {
					require.Equal(t, src[i]^0x8000, dst[i])
				}
			}
			require.Equal(t, []uint16{0xabcd, 0xabcd, 0xabcd}, dst[n:], "%s n=%d: written past the end", op, n)
		}
	}
}
