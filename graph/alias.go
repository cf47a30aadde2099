package graph

import (
	"strings"

	"github.com/irrun/irrun/ir"
	"github.com/x448/float16"
)

// Views: values that live inside another value's buffer, so that the ops producing them
// copy nothing. A Reshape, Squeeze or Unsqueeze output is its input; an output of Split or
// VariadicSplit along an axis with only 1s before it is a contiguous piece of its input;
// an input of such a Concat is a contiguous piece of its output (its producer writes it in
// place). Views form groups sharing one buffer, that of the group's root, for the union of
// their lifetimes; every byte of the buffer means the same data for every member covering
// it (a view is a relation of equal data), so a member is written only with the data the
// others expect there.
//
// The kernels stay correct whatever the planner did: Concat, Split and Reshape copy a
// piece only when the source is not already where the destination is (layers' copy helpers
// compare addresses). So a view whose slot is swapped for a caller's tensor (a direct model
// output), or a relation the planner refused, just costs a copy.
//
// A Concat input already inside a group (a Split output: the C2f pattern
// Split → … → Concat of the pieces) moves its whole group into the Concat's output, if
// the group's region there covers exactly whole inputs of the Concat that are members of
// the group at the matching places; otherwise that input is copied.

// aliasViews returns, per value, the root value whose buffer holds it (itself when it is
// not a view) and its element offset in that buffer, or nil when no value is a view.
func (pl *plan) aliasViews() (root, off []int) {
	n := len(pl.valBuf)
	parent := make([]int, n)
	poff := make([]int, n)
	size := make([]int, n)
	for v := range parent {
		parent[v] = -1
		size[v] = -1
		if pl.valConst[v] == nil && pl.paramOf[v] < 0 && !pl.tailReads(v) && pl.valShape[v] != nil {
			if c, err := ir.ElementCount(pl.valShape[v]); err == nil {
				size[v] = c
			}
		}
	}
	find := func(v int) (int, int) {
		o := 0
		for k := 0; parent[v] >= 0 && k <= n; k++ {
			o += poff[v]
			v = parent[v]
		}
		return v, o
	}
	ok := func(c, p int) bool {
		return size[c] >= 0 && size[p] >= 0 && pl.valType[c] == pl.valType[p] && aliasType(pl.valType[c])
	}
	found := false
	for s := range pl.steps {
		sp := &pl.steps[s]
		if sp.op != nil || len(sp.fused) > 0 || len(sp.in) == 0 || len(sp.out) == 0 {
			continue
		}
		switch strings.ToLower(sp.node.Layer.Type) {
		case "reshape", "squeeze", "unsqueeze":
			c, p := sp.out[0], sp.in[0]
			if len(sp.out) == 1 && ok(c, p) && size[c] == size[p] && parent[c] < 0 && c != p {
				parent[c], poff[c], found = p, 0, true
			}
		case "split", "variadicsplit":
			p := sp.in[0]
			offs, fits := aliasPieces(pl.valShape[p], sp.out, pl.valShape)
			if !fits {
				continue
			}
			for i, c := range sp.out {
				if ok(c, p) && parent[c] < 0 && c != p && size[c] > 0 {
					parent[c], poff[c], found = p, offs[i], true
				}
			}
		case "concat":
			o := sp.out[0]
			offs, fits := aliasPieces(pl.valShape[o], sp.in, pl.valShape)
			if !fits || len(sp.out) != 1 || size[o] < 0 || parent[o] >= 0 {
				continue
			}
			dup := false
			for i, x := range sp.in {
				for _, y := range sp.in[:i] {
					dup = dup || x == y
				}
				dup = dup || x == o
			}
			if dup {
				continue
			}
			for k, x := range sp.in {
				if !ok(x, o) || size[x] <= 0 {
					continue
				}
				rc, oc := find(x)
				if rc == o {
					continue // already placed with an earlier input's group
				}
				d := offs[k] - oc
				nA := size[rc]
				if d < 0 || nA < 0 || d+nA > size[o] || pl.valType[rc] != pl.valType[o] {
					continue
				}
				// the inputs the group's region covers: whole inputs, members at their places
				good, startOK, endOK := true, false, false
				for j, y := range sp.in {
					lo, hi := offs[j], offs[j]+max(size[y], 0)
					if hi <= d || lo >= d+nA || lo == hi {
						continue
					}
					startOK = startOK || lo == d
					endOK = endOK || hi == d+nA
					ry, oy := find(y)
					good = good && size[y] >= 0 && ry == rc && oy == lo-d
				}
				if good && startOK && endOK {
					parent[rc], poff[rc], found = o, d, true
				}
			}
		}
	}
	if !found {
		return nil, nil
	}
	root, off = make([]int, n), make([]int, n)
	for v := range root {
		root[v], off[v] = find(v)
	}
	return root, off
}

// aliasPieces returns the element offsets of pieces (value ids) laid end to end in a
// tensor of shape whole, when they are contiguous pieces of it: all of the whole's rank,
// equal to it on every axis but one, with only 1s before that axis, adding up to it.
func aliasPieces(whole []int, pieces []int, shapes [][]int) ([]int, bool) {
	if whole == nil || len(pieces) == 0 {
		return nil, false
	}
	axis := -1
	for _, v := range pieces {
		s := shapes[v]
		if len(s) != len(whole) {
			return nil, false
		}
		for a := range s {
			if s[a] != whole[a] && (axis < 0 || a < axis) {
				axis = a
			}
		}
	}
	if axis < 0 {
		if len(pieces) != 1 {
			return nil, false
		}
		return []int{0}, true
	}
	for a := 0; a < axis; a++ {
		if whole[a] != 1 {
			return nil, false
		}
	}
	offs := make([]int, len(pieces))
	total, along := 0, 0
	for i, v := range pieces {
		s := shapes[v]
		for a := range s {
			if a != axis && s[a] != whole[a] {
				return nil, false
			}
		}
		c, err := ir.ElementCount(s)
		if err != nil {
			return nil, false
		}
		offs[i] = total
		total += c
		along += s[axis]
	}
	w, err := ir.ElementCount(whole)
	if err != nil || total != w || along != whole[axis] {
		return nil, false
	}
	return offs, true
}

// aliasSliceAt returns data[off:off+n:off+n] with data's Go type.
func aliasSliceAt(data any, off, n int) any {
	switch d := data.(type) {
	case []float32:
		return d[off : off+n : off+n]
	case []float64:
		return d[off : off+n : off+n]
	case []uint16:
		return d[off : off+n : off+n]
	case []int8:
		return d[off : off+n : off+n]
	case []int16:
		return d[off : off+n : off+n]
	case []int32:
		return d[off : off+n : off+n]
	case []int64:
		return d[off : off+n : off+n]
	case []uint8:
		return d[off : off+n : off+n]
	case []uint32:
		return d[off : off+n : off+n]
	case []uint64:
		return d[off : off+n : off+n]
	case []bool:
		return d[off : off+n : off+n]
	case []float16.Float16:
		return d[off : off+n : off+n]
	}
	return nil
}

// aliasType reports whether values of type t may be views (one element per slice
// element, a type aliasSliceAt knows).
func aliasType(t ir.ElementType) bool {
	switch t {
	case ir.F32, ir.F64, ir.F16, ir.BF16, ir.I8, ir.I16, ir.I32, ir.I64, ir.U8, ir.U16, ir.U32, ir.U64, ir.Boolean:
		return true
	}
	return false
}
