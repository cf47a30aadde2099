package layers

// tpfEqualBounds is Equal-1's evaluate_lower/upper (src/core/src/op/equal.cpp): an element is
// surely true (lower bound 1) when both inputs are the same single value, and possibly true
// (upper bound 1) when their intervals intersect (type_prop/equal.cpp). The boolean bounds
// are 0 and 1.
func tpfEqualBounds(b *eltBinary, in []Input, outs []Output) {
	if len(in) != 2 || len(outs) != 1 {
		return
	}
	lo0, hi0, ok0 := eltBounded(in[0])
	lo1, hi1, ok1 := eltBounded(in[1])
	if !ok0 || !ok1 {
		return
	}
	idx, ok := eltIndexMap(in, outs[0].Shape, b.spec(), 0)
	if !ok {
		return
	}
	n := len(idx[0])
	res := &Bounds{Lo: make([]int64, n), Hi: make([]int64, n)}
	for j := range n {
		i0, i1 := idx[0][j], idx[1][j]
		if lo0[i0] == hi0[i0] && lo1[i1] == hi1[i1] && lo0[i0] == lo1[i1] {
			res.Lo[j] = 1
		}
		if lo0[i0] <= hi1[i1] && lo1[i1] <= hi0[i0] {
			res.Hi[j] = 1
		}
	}
	outs[0].Bounds = res
}
