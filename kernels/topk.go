package kernels

import (
	"fmt"
	"slices"
)

// TopK as OpenVINO's reference computes it (src/core/reference/include/openvino/reference/
// topk.hpp): along the axis, elements are ordered by value (descending for max, ascending
// for min) with ties broken by the smaller index; std::nth_element selects the first K,
// which are written in that order (sort "value"), by ascending index (sort "index"), or
// in the order nth_element leaves them (sort "none", reproduced step by step from
// libstdc++ by osNthElement; the spec leaves this order unspecified, OpenVINO's template
// vectors pin it). This order is total, so the result is the same for stable (TopK-11)
// and unstable sorts. NaN, which OpenVINO's comparator does
// not order, is taken as larger than every number (first for max, last for min), as
// numpy's sort does.

// TopKSort is TopK's sort attribute.
type TopKSort uint8

// The sort modes.
const (
	TopKSortValue TopKSort = iota
	TopKSortIndex
	TopKSortNone
)

// TopKGeom describes a TopK over a row-major [Outer, N, Inner] tensor along the middle
// axis, giving an [Outer, K, Inner] output.
type TopKGeom struct {
	Outer, N, Inner, K int
	Max                bool
	Sort               TopKSort
}

func (g TopKGeom) lens() (in, out int, err error) {
	if g.Outer < 0 || g.N < 0 || g.Inner < 0 || g.K < 0 {
		return 0, 0, fmt.Errorf("kernels: TopK geometry %+v has a negative extent", g)
	}
	if g.K > g.N {
		return 0, 0, fmt.Errorf("kernels: TopK 'K' (%d) exceeds the dimension of top_k_axis (%d)", g.K, g.N)
	}
	a, ok1 := checkedMul(g.Outer, g.N)
	in, ok2 := checkedMul(a, g.Inner)
	b, ok3 := checkedMul(g.Outer, g.K)
	out, ok4 := checkedMul(b, g.Inner)
	if !ok1 || !ok2 || !ok3 || !ok4 {
		return 0, 0, fmt.Errorf("kernels: TopK geometry %+v overflows", g)
	}
	return in, out, nil
}

// TopK writes the K selected values and their indices along the axis. order is scratch of
// at least N elements. Every element of dst and idx is written.
func TopK[T Number, I Index](g TopKGeom, src, dst []T, idx []I, order []int) error {
	in, out, err := g.lens()
	if err != nil {
		return err
	}
	if len(src) != in || len(dst) != out || len(idx) != out {
		return fmt.Errorf("kernels: TopK %+v: got %d input, %d value and %d index elements, want %d, %d and %d",
			g, len(src), len(dst), len(idx), in, out, out)
	}
	if len(order) < g.N {
		return fmt.Errorf("kernels: TopK scratch of %d elements, want %d", len(order), g.N)
	}
	order = order[:g.N]
	var base int
	before := func(a, b int) int {
		va, vb := src[base+a*g.Inner], src[base+b*g.Inner]
		nanA, nanB := va != va, vb != vb
		var first bool
		switch {
		case va == vb || (nanA && nanB):
			return a - b
		case nanA || nanB:
			first = nanA == g.Max
		case g.Max:
			first = va > vb
		default:
			first = va < vb
		}
		if first {
			return -1
		}
		return 1
	}
	less := func(a, b int) bool { return before(a, b) < 0 }
	for o := 0; o < g.Outer; o++ {
		for i := 0; i < g.Inner; i++ {
			base = o*g.N*g.Inner + i
			for j := range order {
				order[j] = j
			}
			osNthElement(order, g.K, less)
			sel := order[:g.K]
			switch g.Sort {
			case TopKSortIndex:
				slices.Sort(sel)
			case TopKSortValue:
				slices.SortFunc(sel, before)
			}
			ob := o*g.K*g.Inner + i
			for j, s := range sel {
				dst[ob+j*g.Inner] = src[base+s*g.Inner]
				idx[ob+j*g.Inner] = I(s)
			}
		}
	}
	return nil
}
