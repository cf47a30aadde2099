package kernels

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// qaPathCase is one geometry of a float AvgPool path test: the window and
// a check of the path (or paths) the kernel takes on it, given its plan as
// the kernel sees it (1-D rows joined by poolRowsPlan).
type qaPathCase struct {
	name string
	g    Window
	path func(t *testing.T, p *winPlan)
}

// qaPathTest is the shared body of the float AvgPool path tests
// (TestPa4DeepAvgPool, TestPaDenseAvgPool, TestQaStackAvgPool): for every
// case the path check, then with pads counted and not f32/f64 against the
// reference within the rounding bound with the same bits on 1, 2 and 3
// threads (pqOrderCheck), f16 and bf16 on random bits (NaN, infinities,
// subnormals) against the f32 kernel on the widened input bit for bit.
func qaPathTest(t *testing.T, r *rand.Rand, cases []qaPathCase) {
	pool := []*Workers{nil, NewWorkers(2), NewWorkers(3)}
	defer pool[1].Close()
	defer pool[2].Close()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			require.NoError(t, c.g.Validate())
			p, _ := c.g.plan()
			if rp, ok := poolRowsPlan(&p); ok {
				p = rp
			}
			c.path(t, &p)
			for _, excl := range []bool{false, true} {
				pqOrderCheck[float32](t, r, c.g, excl, pool)
				pqOrderCheck[float64](t, r, c.g, excl, pool)
				pqAvgF16Check(t, r, c.g, &p, excl, pool)
				pa4BF16Check(t, r, c.g, &p, excl, pool)
			}
		})
	}
}
