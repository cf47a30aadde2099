package kernels

import (
	"testing"

	"github.com/stretchr/testify/require"
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
