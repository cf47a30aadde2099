package kernels

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestQaAvgiWholeRows: integer AvgPool whose windows read all but a few
// columns of narrow rows (qaWholeRows widens whole rows so that needed rows
// join): 3-D windows over tiny output planes, 2-D rows of one output, the
// spare-column bound on both sides. Every integer type on extreme and
// small data (the 128-bit path included), pads counted and not, on 1, 2
// and 3 threads, against the reference exactly.
func TestQaAvgiWholeRows(t *testing.T) {
	wholeRows := func(whole bool) func(t *testing.T, p *winPlan) {
		return func(t *testing.T, p *winPlan) {
			W, Wo := p.in[2], p.out[2]
			xe := min(W, (Wo-1)*p.s[2]-p.pb[2]+(p.k[2]-1)*p.d[2]+1)
			require.Less(t, xe, W)
			require.Equal(t, whole, qaWholeRows(W, xe) == W)
		}
	}
	qaAvgiTest(t, rand.New(rand.NewPCG(15, 171)), []int{0, 1, 2, 3}, []qaPathCase{
		{"k[6,1,7]s[1,4,2]p[0,0,1] 9 needed rows of 6 of 7", win(1, 4, []int{38, 36, 7}, []int{33, 9, 1}, []int{6, 1, 7}, []int{1, 4, 2}, []int{0, 0, 1}, []int{0, 0, 0}), wholeRows(true)},
		{"k[3,1,1]s[3,3,3]p[1,0,0] rows of 3, one read", win(2, 3, []int{28, 20, 3}, []int{9, 7, 1}, []int{3, 1, 1}, []int{3, 3, 3}, []int{1, 0, 0}, []int{0, 0, 0}), wholeRows(true)},
		{"k[1,6]s[1,5] 6 of 7 columns", win(2, 5, []int{20, 7}, []int{20, 1}, []int{1, 6}, []int{1, 5}, nil, nil), wholeRows(true)},
		{"k[2,4]s[3,5] 8 spare columns", win(1, 6, []int{19, 12}, []int{6, 1}, []int{2, 4}, []int{3, 5}, nil, nil), wholeRows(true)},
		{"k[2,4]s[3,5] 9 spare columns keep xe", win(1, 6, []int{19, 13}, []int{6, 1}, []int{2, 4}, []int{3, 5}, nil, nil), wholeRows(false)},
	})
}

// TestQaTinyInt: 3-D integer AvgPool over tiny planes of few taps an output
// depth takes the direct sums (qaTinyInt), others keep the integer kernel;
// every integer type against the reference exactly (avgiSlideCheck).
func TestQaTinyInt(t *testing.T) {
	tiny := func(want bool) func(t *testing.T, p *winPlan) {
		return func(t *testing.T, p *winPlan) { require.Equal(t, want, qaTinyInt(&job{wp: *p})) }
	}
	qaAvgiTest(t, rand.New(rand.NewPCG(15, 617)), []int{0, 2, 3}, []qaPathCase{
		{"k[3,1,1]s[3,3,3]p[1,0,0] 21 taps a depth", win(2, 5, []int{28, 20, 3}, []int{9, 7, 1}, []int{3, 1, 1}, []int{3, 3, 3}, []int{1, 0, 0}, []int{0, 0, 0}), tiny(true)},
		{"k[2,2,2]s[2,2,2] ceil depth, a window half in the pads", win(1, 6, []int{7, 2, 2}, []int{4, 1, 1}, []int{2, 2, 2}, []int{2, 2, 2}, []int{0, 0, 0}, []int{1, 0, 0}), tiny(true)},
		{"k[2,1,2] 88 taps a depth keep the integer kernel", win(1, 4, []int{12, 2, 22}, []int{11, 2, 11}, []int{2, 1, 2}, []int{1, 1, 2}, []int{0, 0, 0}, []int{0, 0, 0}), tiny(false)},
	})
}

// qaAvgiTest is the shared body of the integer AvgPool path tests: for
// every case the path check on the case's plan, then every integer type
// against the reference exactly (avgiSlideCheck) on Workers of the given
// thread counts (0: nil Workers).
func qaAvgiTest(t *testing.T, r *rand.Rand, threads []int, cases []qaPathCase) {
	pool := make([]*Workers, len(threads))
	for i, n := range threads {
		if n > 0 {
			pool[i] = NewWorkers(n)
		}
	}
	defer func() {
		for _, w := range pool {
			w.Close()
		}
	}()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			require.NoError(t, c.g.Validate())
			p, _ := c.g.plan()
			c.path(t, &p)
			ptRun(t, "i8 u8 i16 u16 i32 u32 i64 u64", func(t *testing.T, e ptElem) { e.avgiSlideCheck(t, r, pool, c.g) })
		})
	}
}
