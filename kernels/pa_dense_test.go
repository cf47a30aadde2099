package kernels

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestPaDenseAvgPool: float AvgPool through the dense W pass (paDenseW:
// W strides 3–8 for f32, 2–8 for f64, rows of few outputs; border columns
// through zero-padded rows, W first and H first, 1-, 2- and 3-D, dilated
// W) and through the depth-first sums over slabs above round 9's 4096
// elements, pads counted or not: f32/f64 against the reference within
// the rounding bound, f16 against the f32 kernel bit for bit, the same
// bits (NaN payloads included) on 1, 2 and 3 threads.
func TestPaDenseAvgPool(t *testing.T) {
	qaPathTest(t, rand.New(rand.NewPCG(13, 29)), []qaPathCase{
		{"k[6,3]s[4,6]p1 H first, borders", poolR5Win(1, 5, []int{40, 53}, []int{10, 9}, []int{6, 3}, []int{4, 6}, nil, []int{1, 1}, []int{1, 1}), paDensePath(true, true, false)},
		{"k[2,7]s[6,6] no borders", poolR5Win(2, 3, []int{27, 75}, []int{5, 12}, []int{2, 7}, []int{6, 6}, nil, nil, nil), paDensePath(true, true, false)},
		{"k[7,3]s[6,6]p[3,0] rows of 17", poolR5Win(1, 4, []int{7, 101}, []int{2, 17}, []int{7, 3}, []int{6, 6}, nil, []int{3, 0}, []int{3, 0}), paDensePath(false, true, false)},
		{"k[1,5]s[3,6]p[0,1] ceil", poolR5Win(1, 3, []int{31, 61}, []int{11, 11}, []int{1, 5}, []int{3, 6}, nil, []int{0, 1}, []int{0, 1}), paDensePath(true, true, false)},
		{"k[3,4]s[1,5] W first", poolR5Win(1, 3, []int{12, 60}, []int{10, 12}, []int{3, 4}, []int{1, 5}, nil, nil, nil), paDensePath(true, true, false)},
		{"k[2,3]s[2,3] dilated W", poolR5Win(1, 2, []int{9, 40}, []int{4, 11}, []int{2, 3}, []int{2, 3}, []int{1, 2}, []int{0, 1}, []int{0, 2}), paDensePath(true, true, false)},
		{"1-D k5s8 p2", poolR5Win(3, 7, []int{90}, []int{12}, []int{5}, []int{8}, nil, []int{2}, []int{3}), paDensePath(true, true, false)},
		{"k[3,2]s[2,2] f64 only", poolR5Win(1, 3, []int{15, 31}, []int{7, 15}, []int{3, 2}, []int{2, 2}, nil, []int{0, 0}, []int{0, 1}), paDensePath(false, true, false)},
		{"3-D k[2,3,4]s[2,2,5]", poolR5Win(1, 4, []int{6, 12, 41}, []int{3, 5, 8}, []int{2, 3, 4}, []int{2, 2, 5}, nil, []int{0, 0, 1}, []int{0, 1, 1}), paDensePath(true, true, true)},
		{"3-D slab 4655 k[7,1,1]s[4,6,3]", poolR5Win(2, 3, []int{7, 19, 35}, []int{2, 4, 12}, []int{7, 1, 1}, []int{4, 6, 3}, nil, []int{2, 0, 0}, []int{1, 0, 0}), paDensePath(false, false, true)},
		{"3-D slab 9600 k[3,2,2]s[2,4,6]", poolR5Win(1, 2, []int{5, 40, 80}, []int{2, 6, 8}, []int{3, 2, 2}, []int{2, 7, 10}, nil, nil, nil), paDensePath(false, false, true)},
	})
}

// paDensePath checks the dense W pass for float32 (dense32) and float64
// (dense) and the depth-first sums (dFirst) of a geometry.
func paDensePath(dense32, dense, dFirst bool) func(t *testing.T, p *winPlan) {
	return func(t *testing.T, p *winPlan) {
		cl, ch := interior(p.s[2], p.pb[2], p.d[2], p.k[2], p.in[2], p.out[2])
		if paDenseOn() {
			require.Equal(t, dense32, paDenseW[float32](p, cl, ch), "float32")
			require.Equal(t, dense, paDenseW[float64](p, cl, ch), "float64")
		}
		require.Equal(t, dFirst, pqDFirst(p))
	}
}
