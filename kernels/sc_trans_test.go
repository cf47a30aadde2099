package kernels

import (
	"math/rand/v2"
	"testing"

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
