package layers

import (
	"context"
	"fmt"

	"github.com/irrun/irrun/ir"
)

// concatFastKernel returns Concat as block copies (the output is outer × Σ blocks, input
// k contributing a contiguous block of dims[axis]·inner elements per outer index), or
// nil when opts asks for the reference path or a shape is not static. The reference
// (prepareMove) builds a per-element index map and searches the source of every element.
func concatFastKernel(c *concatOp, in []Input, opts ExecOptions) Kernel {
	if opts.Reference || len(in) == 0 {
		return nil
	}
	outs, err := c.Infer(in)
	if err != nil {
		return nil
	}
	out, ok := staticDims(outs[0].Shape)
	if !ok {
		return nil
	}
	axis, err := normalizeAxis(c.Axis, len(out))
	if err != nil {
		return nil
	}
	outer, inner := product(out[:axis]), product(out[axis+1:])
	blocks := make([]int, len(in))
	lens := make([]int, len(in))
	total := 0
	for k, x := range in {
		dims, ok := staticDims(x.Shape)
		if !ok || len(dims) != len(out) {
			return nil
		}
		blocks[k] = dims[axis] * inner
		lens[k] = product(dims)
		total += lens[k]
	}
	if total != product(out) {
		return nil
	}
	t := outs[0].Type
	return kernelFunc(func(_ context.Context, ts, os []*ir.Tensor) error {
		if len(ts) != len(in) || len(os) < 1 || os[0] == nil {
			return fmt.Errorf("Concat: expected %d input and 1 output tensors, got %d and %d", len(in), len(ts), len(os))
		}
		for k, x := range ts {
			if x == nil || x.Type != t || x.Len() != lens[k] {
				return fmt.Errorf("Concat: input %d is not a %s tensor of %d elements", k, t, lens[k])
			}
		}
		if os[0].Type != t || os[0].Len() != total {
			return fmt.Errorf("Concat: output is not a %s tensor of %d elements", t, total)
		}
		return concatCopy(os[0].Data, ts, outer, blocks)
	})
}

// concatCopy dispatches concatBlocks on the output's data type.
func concatCopy(dst any, ts []*ir.Tensor, outer int, blocks []int) error {
	switch d := dst.(type) {
	case []float32:
		return concatBlocks(d, ts, outer, blocks)
	case []float64:
		return concatBlocks(d, ts, outer, blocks)
	case []f16:
		return concatBlocks(d, ts, outer, blocks)
	case []int8:
		return concatBlocks(d, ts, outer, blocks)
	case []int16:
		return concatBlocks(d, ts, outer, blocks)
	case []int32:
		return concatBlocks(d, ts, outer, blocks)
	case []int64:
		return concatBlocks(d, ts, outer, blocks)
	case []uint8:
		return concatBlocks(d, ts, outer, blocks)
	case []uint16:
		return concatBlocks(d, ts, outer, blocks)
	case []uint32:
		return concatBlocks(d, ts, outer, blocks)
	case []uint64:
		return concatBlocks(d, ts, outer, blocks)
	case []bool:
		return concatBlocks(d, ts, outer, blocks)
	case []string:
		return concatBlocks(d, ts, outer, blocks)
	}
	return fmt.Errorf("Concat: cannot copy %T", dst)
}

func concatBlocks[T any](dst []T, ts []*ir.Tensor, outer int, blocks []int) error {
	off := 0
	for o := 0; o < outer; o++ {
		for k, x := range ts {
			src, ok := x.Data.([]T)
			b := blocks[k]
			if !ok || len(src) < (o+1)*b || len(dst) < off+b {
				return fmt.Errorf("Concat: input %d holds %T of %d elements", k, x.Data, len(src))
			}
			if d, x := dst[off:off+b], src[o*b:(o+1)*b]; !aliasSamePlace(d, x) {
				copy(d, x)
			}
			off += b
		}
	}
	return nil
}
