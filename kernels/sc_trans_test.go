package kernels

import (
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// TestScTranspose: the small-N block transpose (16×16 register blocks on AVX-512)
// writes exactly dst[j·ld+i] = blk[i·32+j] for i < n, j < oc and nothing else.
func TestScTranspose(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 1))
	for _, n := range []int{1, 2, 5, 9, 15, 16, 17, 25, 31, 32, 33, 50, 64} {
		for _, oc := range []int{1, 3, 8, 15, 16, 17, 24, 31, 32} {
			ld := n + r.IntN(5)
			blk := gemmRandSlice(r, scTransRows(n)*smallnNR)
			dst := gemmRandSlice(r, (oc+1)*ld+3)
			want := append([]float32(nil), dst...)
			for j := 0; j < oc; j++ {
				for i := 0; i < n; i++ {
					want[j*ld+i] = blk[i*smallnNR+j]
				}
			}
			smallnTranspose(dst, ld, blk, n, oc)
			require.Equal(t, want, dst, "n=%d oc=%d ld=%d", n, oc, ld)
		}
	}
}

// TestScCvtRows: the multi-row widening and the widening deinterleave (AVX-512) write
// exactly the widened f16 values (even and odd columns apart) and nothing else.
func TestScCvtRows(t *testing.T) {
	if !scCvtRowsAsm() {
		t.Skip("no AVX-512")
	}
	r := rand.New(rand.NewPCG(4, 4))
	for _, n := range []int{1, 2, 3, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100} {
		for _, rows := range []int{1, 2, 5} {
			lds, ldd := n+r.IntN(4), (n+1)/2+r.IntN(3)
			src16, src := backF16Data(r, (rows-1)*lds+n)
			// widen rows
			dst := gemmRandSlice(r, (rows-1)*(n+2)+n+5)
			want := append([]float32(nil), dst...)
			for i := 0; i < rows; i++ {
				copy(want[i*(n+2):i*(n+2)+n], src[i*lds:i*lds+n])
			}
			scWidenRows(dst, n+2, src16, lds, n, rows)
			require.Equal(t, want, dst, "rows n=%d rows=%d", n, rows)
			// deinterleave, with and without the odd columns
			for _, withOdd := range []bool{true, false} {
				ev, od := gemmRandSlice(r, rows*ldd+3), gemmRandSlice(r, rows*ldd+3)
				wantEv, wantOd := append([]float32(nil), ev...), append([]float32(nil), od...)
				for i := 0; i < rows; i++ {
					for c := 0; c < n; c++ {
						if c%2 == 0 {
							wantEv[i*ldd+c/2] = src[i*lds+c]
						} else if withOdd {
							wantOd[i*ldd+c/2] = src[i*lds+c]
						}
					}
				}
				var op *float32
				if withOdd {
					op = &od[0]
				}
				scCvtDeint(n, rows, (*uint16)(unsafe.Pointer(&src16[0])), lds, &ev[0], op, ldd)
				require.Equal(t, wantEv, ev, "deint even n=%d rows=%d", n, rows)
				require.Equal(t, wantOd, od, "deint odd n=%d rows=%d odd=%v", n, rows, withOdd)
				// the f32 deinterleave of the widened rows
				ev2, od2 := gemmRandSlice(r, rows*ldd+3), gemmRandSlice(r, rows*ldd+3)
				want2Ev, want2Od := append([]float32(nil), ev2...), append([]float32(nil), od2...)
				for i := 0; i < rows; i++ {
					for c := 0; c < n; c++ {
						if c%2 == 0 {
							want2Ev[i*ldd+c/2] = src[i*lds+c]
						} else if withOdd {
							want2Od[i*ldd+c/2] = src[i*lds+c]
						}
					}
				}
				var op2 *float32
				if withOdd {
					op2 = &od2[0]
				}
				scDeintRows(n, rows, &src[0], lds, &ev2[0], op2, ldd)
				require.Equal(t, want2Ev, ev2, "f32 deint even n=%d rows=%d", n, rows)
				require.Equal(t, want2Od, od2, "f32 deint odd n=%d rows=%d odd=%v", n, rows, withOdd)
			}
		}
	}
}
