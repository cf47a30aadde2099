package kernels

import "math/bits"

// osNthElement reorders a so that a[nth] is the element a sort by less would put there,
// every element before it is not after it and every element after it is not before it,
// by exactly the steps of libstdc++'s std::nth_element (introselect: median-of-three
// pivot, unguarded partition, heap select when the depth limit 2*floor(log2(n)) runs
// out, insertion sort for ranges of at most three). OpenVINO's reference TopK
// (src/core/reference/include/openvino/reference/topk.hpp) calls std::nth_element(first,
// first+k, last) and, for sort "none", writes the first k in the order it leaves them,
// so reproducing the steps reproduces OpenVINO's order (its template-plugin vectors
// topk_max_sort_none / topk_min_sort_none pin it). less must be a strict total order.
func osNthElement(a []int, nth int, less func(x, y int) bool) {
	first, last := 0, len(a)
	if first == last || nth == last {
		return
	}
	depth := 2 * (bits.Len(uint(last-first)) - 1)
	for last-first > 3 {
		if depth == 0 {
			osHeapSelect(a[first:last], nth+1-first, less)
			a[first], a[nth] = a[nth], a[first]
			return
		}
		depth--
		mid := first + (last-first)/2
		osMoveMedianToFirst(a, first, first+1, mid, last-1, less)
		cut := osUnguardedPartition(a, first+1, last, first, less)
		if cut <= nth {
			first = cut
		} else {
			last = cut
		}
	}
	osInsertionSort(a[first:last], less)
}

func osMoveMedianToFirst(a []int, result, x, y, z int, less func(x, y int) bool) {
	pick := y
	switch {
	case less(a[x], a[y]):
		switch {
		case less(a[y], a[z]):
			pick = y
		case less(a[x], a[z]):
			pick = z
		default:
			pick = x
		}
	case less(a[x], a[z]):
		pick = x
	case less(a[y], a[z]):
		pick = z
	}
	a[result], a[pick] = a[pick], a[result]
}

func osUnguardedPartition(a []int, first, last, pivot int, less func(x, y int) bool) int {
	for {
		for less(a[first], a[pivot]) {
			first++
		}
		last--
		for less(a[pivot], a[last]) {
			last--
		}
		if first >= last {
			return first
		}
		a[first], a[last] = a[last], a[first]
		first++
	}
}

func osInsertionSort(a []int, less func(x, y int) bool) {
	for i := 1; i < len(a); i++ {
		v := a[i]
		if less(v, a[0]) {
			copy(a[1:i+1], a[:i])
			a[0] = v
			continue
		}
		j := i
		for less(v, a[j-1]) {
			a[j] = a[j-1]
			j--
		}
		a[j] = v
	}
}

// osHeapSelect is libstdc++'s __heap_select(first, first+middle, last): a max-heap (by
// less) of the first middle elements, then every later element before the top replaces it.
func osHeapSelect(a []int, middle int, less func(x, y int) bool) {
	h := a[:middle]
	if n := len(h); n >= 2 {
		for parent := (n - 2) / 2; ; parent-- {
			osAdjustHeap(h, parent, h[parent], less)
			if parent == 0 {
				break
			}
		}
	}
	for i := middle; i < len(a); i++ {
		if less(a[i], h[0]) {
			v := a[i]
			a[i] = h[0]
			osAdjustHeap(h, 0, v, less)
		}
	}
}

// osAdjustHeap is libstdc++'s __adjust_heap followed by __push_heap.
func osAdjustHeap(h []int, hole, value int, less func(x, y int) bool) {
	n := len(h)
	top, child := hole, hole
	for child < (n-1)/2 {
		child = 2 * (child + 1)
		if less(h[child], h[child-1]) {
			child--
		}
		h[hole] = h[child]
		hole = child
	}
	if n&1 == 0 && child == (n-2)/2 {
		child = 2 * (child + 1)
		h[hole] = h[child-1]
		hole = child - 1
	}
	parent := (hole - 1) / 2
	for hole > top && less(h[parent], value) {
		h[hole] = h[parent]
		hole = parent
		parent = (hole - 1) / 2
	}
	h[hole] = value
}
