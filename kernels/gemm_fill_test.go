package kernels

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/x448/float16"
)

func TestGemmDeint2(t *testing.T) {
	for _, n := range []int{0, 1, 15, 16, 17, 31, 32, 33, 100} {
		for _, withOdd := range []bool{true, false} {
			src := make([]float32, 2*n+3)
			for i := range src {
				src[i] = float32(i) + 0.5
			}
			even := make([]float32, n+1)
			even[n] = -1
			var odd []float32
			if withOdd {
				odd = make([]float32, n+1)
				odd[n] = -1
			}
			var oddArg []float32
			if withOdd {
				oddArg = odd[:n]
			}
			gemmDeint2(src[:2*n], even[:n], oddArg)
			for i := 0; i < n; i++ {
				require.Equal(t, src[2*i], even[i], "n=%d i=%d", n, i)
				if withOdd {
					require.Equal(t, src[2*i+1], odd[i], "n=%d i=%d", n, i)
				}
			}
			require.Equal(t, float32(-1), even[n])
			if withOdd {
				require.Equal(t, float32(-1), odd[n])
			}
		}
	}
}

func TestGemmResidues(t *testing.T) {
	require.Equal(t, uint64(1), gemmResidues(1, 1, 2))
	require.Equal(t, uint64(3), gemmResidues(3, 1, 2))
	require.Equal(t, uint64(1), gemmResidues(3, 2, 2))
	require.Equal(t, uint64(0b1101), gemmResidues(3, 3, 4)) // 0, 3, 6 mod 4 = 0, 3, 2
	require.True(t, gemmUsed(gemmResidues(2, 70, 100), 75))
	require.False(t, gemmUsed(gemmResidues(2, 1, 100), 2))
}

// TestConvGemmF16: RunEpiF16 equals widen → RunEpi → narrow bit for bit, on the
// conformance table, every micro-kernel family, 1–2 threads, padded and im2col plans,
// with and without an epilogue (bias, residual, ReLU).
func TestConvGemmF16(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	ctx := context.Background()
	for _, tc := range convGemmCases {
		ls, lf, lo := tc.g.ConvLens()
		src16 := make([]float16.Float16, ls)
		for i := range src16 {
			src16[i] = float16.Fromfloat32(float32(r.NormFloat64()))
		}
		src := make([]float32, ls)
		GemmF16ToF32(src, src16)
		filt := gemmRandSlice(r, lf)
		oc := tc.g.Groups * tc.g.OutC
		bias := gemmRandSlice(r, oc)
		resid := gemmRandSlice(r, lo)
		for _, withEpi := range []bool{false, true} {
			var epi *Epilogue
			var res [][]float32
			if withEpi {
				epi = &Epilogue{Steps: []EpiStep{{Kind: EpiAddChan, Vec: bias}, {Kind: EpiAddTensor}, {Kind: EpiRelu}}}
				res = [][]float32{resid}
			}
			for _, arch := range GemmArchs() {
				for _, cfg := range []struct {
					threads int
					padded  bool
				}{{1, true}, {2, true}, {1, false}, {2, false}} {
					name := fmt.Sprintf("%s/%s/t%d/padded=%v/epi=%v", tc.name, arch, cfg.threads, cfg.padded, withEpi)
					w := NewWorkers(cfg.threads)
					c, err := newConvGemm(tc.g, arch, cfg.threads, cfg.padded)
					require.NoError(t, err, name)
					require.NoError(t, c.PackFilters(filt), name)
					require.NoError(t, c.SetEpilogue(epi), name)
					want32 := make([]float32, lo)
					require.NoError(t, c.RunEpi(ctx, w, src, want32, res), name)
					want := make([]float16.Float16, lo)
					GemmF32ToF16(want, want32)
					got := make([]float16.Float16, lo)
					for i := range got {
						got[i] = 0x7e00 // stale NaNs must be overwritten
					}
					src32, dst32 := gemmRandSlice(r, ls), gemmRandSlice(r, lo)
					require.NoError(t, c.RunEpiF16(ctx, w, src16, src32, got, dst32, res), name)
					require.Equal(t, want, got, name)
					require.Error(t, c.RunEpiF16(ctx, w, src16, src32[:ls-1], got, dst32, res), name)
					w.Close()
				}
			}
		}
	}
}
