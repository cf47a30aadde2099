package layers

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestGatherMap checks gatherMap against the definition element by element: the element at
// multi-index (i0, .., ik) takes the row-major offset of (sel[0][i0], .., sel[k][ik]) in dims,
// or -1 when any of those is -1.
func TestGatherMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	cases := []struct {
		dims []int
		sel  [][]int
	}{
		{dims: nil, sel: nil},
		{dims: []int{5}, sel: [][]int{{4, 0, -1, 2}}},
		{dims: []int{2, 3}, sel: [][]int{{-1, 1}, {2, 2, 0}}},
		{dims: []int{3, 4}, sel: [][]int{{}, {1}}},
	}
	for range 20 {
		rank := 1 + rng.IntN(4)
		dims := make([]int, rank)
		sel := make([][]int, rank)
		for a := range dims {
			dims[a] = 1 + rng.IntN(5)
			sel[a] = make([]int, rng.IntN(6))
			for j := range sel[a] {
				sel[a][j] = rng.IntN(dims[a]+1) - 1
			}
		}
		cases = append(cases, struct {
			dims []int
			sel  [][]int
		}{dims, sel})
	}
	for _, c := range cases {
		n := 1
		for _, s := range c.sel {
			n *= len(s)
		}
		want := make([]int, 0, n)
		for e := range n {
			off, rest, stride := 0, e, 1
			idx := make([]int, len(c.sel))
			for a := len(c.sel) - 1; a >= 0; a-- {
				idx[a] = rest % len(c.sel[a])
				rest /= len(c.sel[a])
			}
			for a := len(c.sel) - 1; a >= 0; a-- {
				v := c.sel[a][idx[a]]
				if v < 0 {
					off = -1
					break
				}
				off += v * stride
				stride *= c.dims[a]
			}
			want = append(want, off)
		}
		require.Equal(t, want, gatherMap(c.dims, c.sel), "dims %v sel %v", c.dims, c.sel)
	}
}
