package kernels

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// OpenVINO's template vectors topk_max_sort_none / topk_min_sort_none
// (src/plugins/template/tests/functional/op_reference/topk.cpp): a row 0..999, k=5, sort
// none; the order is what libstdc++'s std::nth_element leaves.
func TestTopKSortNoneMatchesOpenVINO(t *testing.T) {
	src := make([]float32, 1000)
	for i := range src {
		src[i] = float32(i)
	}
	cases := []struct {
		name string
		max  bool
		want []int32
	}{
		{"topk_max_sort_none", true, []int32{997, 999, 998, 995, 996}},
		{"topk_min_sort_none", false, []int32{1, 0, 3, 2, 4}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			vals, idx := runTopK(t, TopKGeom{Outer: 1, N: 1000, Inner: 1, K: 5, Max: c.max, Sort: TopKSortNone}, src)
			require.Equal(t, c.want, idx)
			for i, v := range vals {
				require.Equal(t, float32(c.want[i]), v)
			}
		})
	}
	// k equal to the axis: nth_element(first, last, last) does nothing, so the input order stays.
	vals, idx := runTopK(t, TopKGeom{Outer: 1, N: 4, Inner: 1, K: 4, Max: true, Sort: TopKSortNone}, []float32{3, 9, 1, 4})
	require.Equal(t, []float32{3, 9, 1, 4}, vals)
	require.Equal(t, []int32{0, 1, 2, 3}, idx)
}

// The selection property (everything before nth sorts before it, everything after does
// not) on random rows, including many ties and lengths that reach the heap-select path.
func TestOsNthElementPartitions(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for it := 0; it < 3000; it++ {
		n := 1 + r.IntN(200)
		vals := make([]int, n)
		span := 1 + r.IntN(2*n)
		for i := range vals {
			vals[i] = r.IntN(span)
		}
		less := func(a, b int) bool {
			if vals[a] != vals[b] {
				return vals[a] < vals[b]
			}
			return a < b
		}
		order := make([]int, n)
		for i := range order {
			order[i] = i
		}
		sorted := slices.Clone(order)
		slices.SortFunc(sorted, func(a, b int) int {
			if less(a, b) {
				return -1
			}
			return 1
		})
		nth := r.IntN(n + 1)
		osNthElement(order, nth, less)
		got := slices.Clone(order)
		slices.Sort(got)
		for i := range got {
			require.Equal(t, i, got[i], "not a permutation")
		}
		if nth == n {
			continue
		}
		require.Equal(t, sorted[nth], order[nth])
		for i := 0; i < nth; i++ {
			require.True(t, less(order[i], order[nth]))
		}
		for i := nth + 1; i < n; i++ {
			require.True(t, less(order[nth], order[i]))
		}
	}
}

// osHeapSelect then the swap of the top into nth is the depth-limit exit of introselect.
func TestOsHeapSelect(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for it := 0; it < 500; it++ {
		n := 2 + r.IntN(60)
		a := r.Perm(n)
		mid := 1 + r.IntN(n-1)
		less := func(x, y int) bool { return x < y }
		osHeapSelect(a, mid, less)
		// the first mid elements are the mid smallest, the top is the largest of them
		top := slices.Clone(a[:mid])
		slices.Sort(top)
		for i := range top {
			require.Equal(t, i, top[i])
		}
		require.Equal(t, mid-1, a[0])
	}
}

// The selection allocates nothing per call (the comparators stay on the stack).
func TestTopKZeroAllocs(t *testing.T) {
	src := make([]float32, 4*300)
	for i := range src {
		src[i] = float32((i * 7919) % 1013)
	}
	for _, s := range []TopKSort{TopKSortNone, TopKSortValue, TopKSortIndex} {
		g := TopKGeom{Outer: 4, N: 300, Inner: 1, K: 7, Max: true, Sort: s}
		dst, idx, order := make([]float32, 28), make([]int32, 28), make([]int, 300)
		require.Zero(t, testing.AllocsPerRun(20, func() { _ = TopK(g, src, dst, idx, order) }), "sort %d", s)
	}
}
