package layers

import (
	"context"
	"fmt"

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
	maps, err := m.moveMap(in, shapes)
	if err != nil || len(maps) != len(shapes) {
		return nil
	}
	runs := make([][]moveRun, len(maps))
	lens := make([]int, len(maps))
	srcLen := 0
	for i, mp := range maps {
		var end int
		var ok bool
		if runs[i], end, ok = moveRunsOf(mp); !ok {
			return nil
		}
		lens[i] = len(mp)
		srcLen = max(srcLen, end)
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
