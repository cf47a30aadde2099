package layers

import (
	"context"
	"fmt"
	"slices"

	"github.com/irrun/irrun/ir"
)

// Block-copy fast path for single-source movers (Slice, StridedSlice with unit inner
// steps, Split, VariadicSplit): when every non-data input is known at Prepare, the
// per-element move map of each output is compressed into runs of consecutive source
// elements, and the kernel copies the runs with copy(). The reference kernel
// (prepareMove) reads the map element by element; both give the same bits.

// moveRun copies n elements from src[s:] to dst[d:].
type moveRun struct{ d, s, n int }

// moveRunsMinAvg is the smallest average run length worth the run kernel; below it the
// per-element map (one load per element) is as fast.
const moveRunsMinAvg = 8

// moveRunsOf compresses a move map into runs; ok is false when the map has fill (-1)
// entries or its runs average fewer than moveRunsMinAvg elements.
func moveRunsOf(idx []int) (runs []moveRun, end int, ok bool) {
	for j := 0; j < len(idx); {
		s := idx[j]
		if s < 0 {
			return nil, 0, false
		}
		k := j + 1
		for k < len(idx) && idx[k] == idx[k-1]+1 {
			k++
		}
		runs = append(runs, moveRun{d: j, s: s, n: k - j})
		end = max(end, s+k-j)
		j = k
	}
	if len(runs)*moveRunsMinAvg > len(idx) {
		return nil, 0, false
	}
	return runs, end, true
}

// mfSelMover is a single-source mover each of whose outputs is a cross product of index
// lists along the data axes (Split, VariadicSplit, Slice, StridedSlice): moveRunsKernel
// builds its runs from the lists, in time and memory proportional to the rows rather than
// to the elements of a per-element map.
type mfSelMover interface {
	mover
	// mfMoveSels returns the static data dims and, per output, the data indices it takes
	// along each axis (moveMap's map of output i is gatherMap(dims, sels[i])).
	mfMoveSels(in []Input, outShapes [][]int) (dims []int, sels [][][]int, err error)
}

// mfGatherRuns is moveRunsOf(gatherMap(dims, sel)) without the map: the runs of
// consecutive source elements of the selection, their end, and the element count. ok is
// false where moveRunsOf's is: a -1 (fill) index, or runs averaging fewer than
// moveRunsMinAvg elements.
func mfGatherRuns(dims []int, sel [][]int) (runs []moveRun, end, n int, ok bool) {
	n = 1
	for _, s := range sel {
		n *= len(s)
	}
	if n == 0 {
		return nil, 0, 0, true
	}
	if len(sel) == 0 { // a scalar: its one element, one run
		if moveRunsMinAvg > 1 {
			return nil, 0, 0, false
		}
		return []moveRun{{d: 0, s: 0, n: 1}}, 1, 1, true
	}
	st := strides(dims)
	last := len(sel) - 1
	// The innermost list's runs, as offsets within a row (stride 1 along the last axis).
	var row []moveRun
	for j := 0; j < len(sel[last]); {
		v := sel[last][j]
		if v < 0 {
			return nil, 0, 0, false
		}
		k := j + 1
		for k < len(sel[last]) && sel[last][k] == sel[last][k-1]+1 {
			k++
		}
		row = append(row, moveRun{d: j, s: v, n: k - j})
		j = k
	}
	for a := range last {
		if slices.ContainsFunc(sel[a], func(v int) bool { return v < 0 }) {
			return nil, 0, 0, false
		}
	}
	pos := make([]int, last)
	d := 0
	for {
		base := 0
		for a, p := range pos {
			base += sel[a][p] * st[a]
		}
		for _, r := range row {
			s := base + r.s
			if k := len(runs) - 1; k >= 0 && runs[k].s+runs[k].n == s {
				runs[k].n += r.n
			} else {
				if (len(runs)+1)*moveRunsMinAvg > n {
					return nil, 0, 0, false
				}
				runs = append(runs, moveRun{d: d + r.d, s: s, n: r.n})
			}
			end = max(end, s+r.n)
		}
		d += len(sel[last])
		if !selNext(pos, sel, last) {
			return runs, end, n, true
		}
	}
}

// mfSelRuns is moveRunsKernel's runs of an mfSelMover: per output its runs and element
// count, the source elements they read, and ok false when a map would have failed
// moveRunsOf or the selections do not match the output shapes.
func mfSelRuns(m mfSelMover, in []Input, shapes [][]int) (runs [][]moveRun, lens []int, srcLen int, ok bool) {
	dims, sels, err := m.mfMoveSels(in, shapes)
	if err != nil || len(sels) != len(shapes) {
		return nil, nil, 0, false
	}
	runs = make([][]moveRun, len(sels))
	lens = make([]int, len(sels))
	for i, sel := range sels {
		var end int
		if runs[i], end, lens[i], ok = mfGatherRuns(dims, sel); !ok || lens[i] != product(shapes[i]) {
			return nil, nil, 0, false
		}
		srcLen = max(srcLen, end)
	}
	return runs, lens, srcLen, true
}

// moveRunsKernel returns the block-copy kernel of a single-source mover m, or nil when
// opts asks for the reference path, an input shape or a non-data input is unknown, the
// mover has several data inputs, or the runs are too short.
func moveRunsKernel(m mover, in []Input, opts ExecOptions) Kernel {
	if opts.Reference {
		return nil
	}
	data := m.dataInputs(len(in))
	if len(data) != 1 || data[0] != 0 || len(in) == 0 {
		return nil
	}
	for i, x := range in {
		if _, ok := staticDims(x.Shape); !ok {
			return nil
		}
		if i != 0 && x.Value == nil {
			return nil
		}
	}
	shapes, outs, err := moveOutShapes(m, in)
	if err != nil {
		return nil
	}
	var runs [][]moveRun
	var lens []int
	srcLen := 0
	if sm, ok := m.(mfSelMover); ok {
		if runs, lens, srcLen, ok = mfSelRuns(sm, in, shapes); !ok {
			return nil
		}
	} else {
		maps, err := m.moveMap(in, shapes)
		if err != nil || len(maps) != len(shapes) {
			return nil
		}
		runs = make([][]moveRun, len(maps))
		lens = make([]int, len(maps))
		for i, mp := range maps {
			var end int
			var ok bool
			if runs[i], end, ok = moveRunsOf(mp); !ok {
				return nil
			}
			lens[i] = len(mp)
			srcLen = max(srcLen, end)
		}
	}
	t := in[0].Type
	types := make([]ir.ElementType, len(outs))
	for i, o := range outs {
		types[i] = o.Type
	}
	return kernelFunc(func(_ context.Context, ts, os []*ir.Tensor) error {
		if len(ts) < 1 || ts[0] == nil || ts[0].Type != t || ts[0].Len() < srcLen {
			return fmt.Errorf("move: input 0 is not a %s tensor of at least %d elements", t, srcLen)
		}
		if len(os) != len(runs) {
			return fmt.Errorf("move: %d outputs, expected %d", len(os), len(runs))
		}
		for i, o := range os {
			if o == nil || o.Type != types[i] || o.Len() != lens[i] {
				return fmt.Errorf("move: output %d is not a %s tensor of %d elements", i, types[i], lens[i])
			}
			if err := moveRunsCopy(o.Data, ts[0].Data, runs[i]); err != nil {
				return err
			}
		}
		return nil
	})
}

// moveRunsCopy copies runs from src into dst (same element type).
func moveRunsCopy(dst, src any, runs []moveRun) error {
	switch d := dst.(type) {
	case []float32:
		return moveRunsT(d, src, runs)
	case []float64:
		return moveRunsT(d, src, runs)
	case []f16:
		return moveRunsT(d, src, runs)
	case []int8:
		return moveRunsT(d, src, runs)
	case []int16:
		return moveRunsT(d, src, runs)
	case []int32:
		return moveRunsT(d, src, runs)
	case []int64:
		return moveRunsT(d, src, runs)
	case []uint8:
		return moveRunsT(d, src, runs)
	case []uint16:
		return moveRunsT(d, src, runs)
	case []uint32:
		return moveRunsT(d, src, runs)
	case []uint64:
		return moveRunsT(d, src, runs)
	case []bool:
		return moveRunsT(d, src, runs)
	case []string:
		return moveRunsT(d, src, runs)
	}
	return fmt.Errorf("cannot move elements of %T", dst)
}

func moveRunsT[T any](dst []T, src any, runs []moveRun) error {
	s, ok := src.([]T)
	if !ok {
		return fmt.Errorf("input data %T does not match output data %T", src, dst)
	}
	for _, r := range runs {
		if r.d+r.n > len(dst) || r.s+r.n > len(s) {
			return fmt.Errorf("move run [%d,+%d) → [%d,+%d) outside %d/%d elements", r.s, r.n, r.d, r.n, len(s), len(dst))
		}
		if d, x := dst[r.d:r.d+r.n], s[r.s:r.s+r.n]; !aliasSamePlace(d, x) {
			copy(d, x)
		}
	}
	return nil
}

// selNext advances pos, the positions in the index lists sel[:last] (the last one
// fastest), to the next combination; it reports false when every combination was visited.
func selNext(pos []int, sel [][]int, last int) bool {
	for a := last - 1; a >= 0; a-- {
		pos[a]++
		if pos[a] < len(sel[a]) {
			return true
		}
		pos[a] = 0
	}
	return false
}
