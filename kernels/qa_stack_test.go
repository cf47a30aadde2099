package kernels

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestQaStackAvgPool: 2-D float AvgPool over stacked planes (qa_stack.go):
// H first and W first (over every input row and over part of them),
// clipped border columns, zero-padded rows, the dense W pass, dilated
// windows, windows wholly in the pads, runs of output rows longer and
// shorter than a worker's run of planes; and geometries that keep the other
// paths. Through qaPathTest: f32/f64 within the rounding bound of the
// reference, the same bits on 1, 2 and 3 threads, f16/bf16 the f32
// kernel's bits, pads counted and not.
func TestQaStackAvgPool(t *testing.T) {
	qaPathTest(t, rand.New(rand.NewPCG(15, 617)), []qaPathCase{
		{"k[2,8]s[3,4] ceil H first, a clipped column (seed 997 class)", poolR5Win(3, 20, []int{7, 93}, []int{3, 23}, []int{2, 8}, []int{3, 4}, nil, nil, nil), qaPath(true, true)},
		{"k[5,8]s[6,5]p[2,0] rows of 10 outputs (seed 503 class)", poolR5Win(1, 9, []int{63, 50}, []int{11, 10}, []int{5, 8}, []int{6, 5}, nil, []int{2, 0}, []int{2, 0}), qaPath(true, true)},
		{"k[3,4]s[1,3]p1 W first over every row", poolR5Win(1, 30, []int{12, 40}, []int{12, 13}, []int{3, 4}, []int{1, 3}, nil, []int{1, 1}, []int{1, 1}), qaPath(true, false)},
		{"k[2,1]s[2,3] W first over part of the rows", poolR5Win(2, 5, []int{13, 60}, []int{6, 20}, []int{2, 1}, []int{2, 3}, nil, nil, nil), qaPath(true, false)},
		{"k[5,4]s[6,4]p[2,1] ceil, a row of windows in the pads", poolR5Win(2, 7, []int{4, 90}, []int{2, 23}, []int{5, 4}, []int{6, 4}, nil, []int{2, 1}, []int{2, 0}), qaPath(true, false)},
		{"dilated k[3,3]d[2,2]s[2,3]", poolR5Win(1, 6, []int{20, 50}, []int{10, 16}, []int{3, 3}, []int{2, 3}, []int{2, 2}, []int{2, 1}, []int{2, 1}), qaPath(true, true)},
		{"k[6,3]s[4,6]p1 dense W pass over padded rows", poolR5Win(1, 5, []int{40, 53}, []int{10, 9}, []int{6, 3}, []int{4, 6}, nil, []int{1, 1}, []int{1, 1}), qaPath(true, true)},
		{"k[1,9]s[1,2]p[0,4] zero-padded rows", poolR5Win(1, 12, []int{6, 20}, []int{6, 10}, []int{1, 9}, []int{1, 2}, nil, []int{0, 4}, []int{0, 4}), qaPath(true, false)},
		{"k[3,3]s[2,2] 300 planes, runs shorter than the planes", poolR5Win(2, 150, []int{11, 30}, []int{5, 14}, []int{3, 3}, []int{2, 2}, nil, nil, nil), qaPath(true, true)},
		{"k[3,2]s[1,2] 8 planes, runs longer than the planes", poolR5Win(1, 8, []int{60, 20}, []int{58, 10}, []int{3, 2}, []int{1, 2}, nil, nil, nil), qaPath(true, false)},
		{"planes above 8192 keep avgBlockFloat", poolR5Win(1, 2, []int{100, 100}, []int{49, 49}, []int{3, 3}, []int{2, 2}, nil, nil, nil), qaPath(false, false)},
		{"rows of 6 outputs keep the H-first narrow rows", poolR5Win(1, 4, []int{40, 20}, []int{38, 6}, []int{3, 4}, []int{1, 3}, nil, nil, nil), qaPath(false, false)},
		{"tiny planes keep the direct sums", poolR5Win(5, 15, []int{9, 9}, []int{1, 1}, []int{9, 1}, []int{5, 6}, nil, []int{1, 0}, []int{1, 0}), qaPath(false, false)},
		{"one plane keeps avgBlockFloat", poolR5Win(1, 1, []int{30, 40}, []int{14, 13}, []int{3, 4}, []int{2, 3}, nil, nil, nil), qaPath(false, false)},
	})
}

// qaPath checks that a geometry takes (stack) or keeps off the stacked
// path for float32 and float64, and its order (hFirst) when it takes it.
func qaPath(stack, hFirst bool) func(t *testing.T, p *winPlan) {
	return func(t *testing.T, p *winPlan) {
		j := &job{wp: *p}
		planRows(j, 1, 4)
		for _, use := range []bool{qaStackUse[float32](j), qaStackUse[float64](j)} {
			require.Equal(t, stack, use && !pltTinyUse(j, false, false) && !pa4DeepUse(j))
		}
		if stack {
			require.Equal(t, hFirst, qaGeomFor[float32](p, false).hFirst, "H first")
		}
	}
}
