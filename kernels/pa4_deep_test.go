package kernels

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestPa4DeepAvgPool: float AvgPool of 3-D windows over tiny output
// planes (pa4_deep.go: whole planes, W, H then depth sums), pads counted
// or not, windows wholly in the pads (ceil), dilated depth, H and W:
// asserts the path each geometry takes, then f32/f64 against the
// reference within the rounding bound with the same bits on 1, 2 and 3
// threads, and f16/bf16 against the f32 kernel on the widened input bit
// for bit.
func TestPa4DeepAvgPool(t *testing.T) {
	qaPathTest(t, rand.New(rand.NewPCG(14, 503)), []qaPathCase{
		{"k[5,5,4]s[2,6,4] ceil, a row of windows in the pads", poolR5Win(4, 13, []int{34, 4, 7}, []int{16, 2, 2}, []int{5, 5, 4}, []int{2, 6, 4}, nil, []int{0, 2, 1}, []int{0, 2, 0}), pa4Path(true)},
		{"k[11,9,8]s[1,3,6] one column", poolR5Win(2, 3, []int{22, 13, 12}, []int{17, 2, 1}, []int{11, 9, 8}, []int{1, 3, 6}, nil, []int{2, 0, 0}, []int{3, 0, 0}), pa4Path(true)},
		{"k[4,4,2]s[1,1,6] 12 outputs a plane (vector depth folds)", poolR5Win(1, 5, []int{25, 7, 16}, []int{24, 4, 3}, []int{4, 4, 2}, []int{1, 1, 6}, nil, []int{1, 0, 0}, []int{1, 0, 0}), pa4Path(true)},
		{"dilated depth k[5,5,4]d[2,1,1]", poolR5Win(2, 3, []int{40, 4, 7}, []int{32, 2, 2}, []int{5, 5, 4}, []int{1, 6, 4}, []int{2, 1, 1}, []int{0, 2, 1}, []int{0, 2, 0}), pa4Path(true)},
		{"dilated k[5,2,4]d[2,2,2]", poolR5Win(2, 3, []int{40, 4, 7}, []int{32, 2, 1}, []int{5, 2, 4}, []int{1, 2, 4}, []int{2, 2, 2}, []int{0, 0, 1}, []int{0, 0, 0}), pa4Path(true)},
		{"dilated k[5,2,3]d[2,2,1] 9 outputs a plane", poolR5Win(2, 3, []int{40, 5, 9}, []int{16, 3, 3}, []int{5, 2, 3}, []int{2, 2, 3}, []int{2, 2, 1}, []int{1, 1, 1}, []int{1, 0, 1}), pa4Path(true)},
		{"k[6,3,3] 2x3 outputs keep avgBlockFloat", poolR5Win(5, 7, []int{17, 9, 11}, []int{6, 2, 3}, []int{6, 3, 3}, []int{2, 4, 4}, nil, []int{0, 0, 1}, []int{0, 0, 0}), pa4Path(false)},
		{"k[4,4,2]s[2,6,3]p[1,0,0] 15 outputs keep avgBlockFloat", poolR5Win(1, 9, []int{38, 13, 13}, []int{19, 3, 5}, []int{4, 4, 2}, []int{2, 6, 3}, nil, []int{1, 0, 0}, []int{1, 0, 0}), pa4Path(false)},
		{"large planes keep avgBlockFloat", poolR5Win(1, 3, []int{6, 40, 80}, []int{3, 20, 40}, []int{2, 2, 2}, []int{2, 2, 2}, nil, nil, nil), pa4Path(false)},
		{"one depth tap keeps avgBlockFloat", poolR5Win(1, 3, []int{6, 8, 8}, []int{6, 2, 2}, []int{1, 4, 4}, []int{1, 4, 4}, nil, nil, nil), pa4Path(false)},
	})
}

// pa4Path checks that a geometry takes (deep) or keeps off (!deep) the
// deep-window path (not given to the direct sums, qtTinyDeepUse).
func pa4Path(deep bool) func(t *testing.T, p *winPlan) {
	return func(t *testing.T, p *winPlan) {
		j := &job{wp: *p}
		require.Equal(t, deep, pa4DeepUse(j) && !qtTinyDeepUse(j))
	}
}

// pa4BF16Check is pqAvgF16Check for bfloat16: AvgPoolBF16Context on random
// bits (NaN, infinities, subnormals included) against the f32 kernel on
// the widened input, narrowed once, on every worker pool.
func pa4BF16Check(t *testing.T, r *rand.Rand, g Window, p *winPlan, excl bool, pool []*Workers) {
	t.Helper()
	bits := poolHalfBits(r, p.inLen(), true)
	s32 := make([]float32, p.inLen())
	BF16ToF32(s32, bits)
	want32 := make([]float32, p.outLen())
	require.NoError(t, AvgPool(nil, g, s32, want32, excl))
	want := make([]uint16, p.outLen())
	F32ToBF16(want, want32)
	for _, w := range pool {
		got := make([]uint16, p.outLen())
		require.NoError(t, AvgPoolBF16Context(context.Background(), w, g, bits, got, excl))
		require.Equal(t, want, got, "%+v bf16 excl %v threads %d", g, excl, w.Threads())
	}
}
