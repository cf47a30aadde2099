package layers

import (
	"context"
	"fmt"
	"math"

	"github.com/irrun/irrun/ir"
)

// Eye-9 (src/core/src/op/eye.cpp, eye_shape_inference.hpp, reference/eye.hpp): a batch of
// num_rows x num_columns matrices with ones on the diagonal shifted by diagonal_index. The
// output type is the output_type attribute.

type moreEye struct {
	OutType ir.ElementType `attr:"output_type"`
}

var moreEyeNames = [...]string{"'num_rows'", "'num_columns'", "'diagonal_index'", "'batch_shape'"}

func (e *moreEye) Infer(in []Input) ([]Output, error) {
	if err := moreCount("Eye", in, 3, 4); err != nil {
		return nil, err
	}
	for i, x := range in {
		if x.Type != ir.I32 && x.Type != ir.I64 {
			return nil, fmt.Errorf("Type of the %s should be int32 or int64. Got: %s", moreEyeNames[i], x.Type)
		}
	}
	for i := 0; i < 3; i++ {
		s := in[i].Shape
		if !s.IsStatic() {
			continue
		}
		if len(s.Dims) > 1 {
			return nil, fmt.Errorf("%s value must be a scalar or 1D tensor. (got shape %s)", moreEyeNames[i], s)
		}
		if len(s.Dims) == 1 && s.Dims[0].Lo != 1 {
			return nil, fmt.Errorf("%s value input should have 1 element. (got shape %s)", moreEyeNames[i], s)
		}
	}
	out := ir.Shape{}
	if len(in) == 4 {
		bs := in[3].Shape
		if !moreRankCompatible(bs, 1) {
			return nil, fmt.Errorf("%s input must be a 1D tensor. (got shape %s)", moreEyeNames[3], bs)
		}
		if !bs.IsStatic() {
			return []Output{{Type: e.OutType, Shape: ir.DynamicRankShape()}}, nil
		}
		if v, ok := in[3].ints(); ok {
			for _, d := range v {
				if d < 0 {
					return nil, fmt.Errorf("Value %d not in range [0:%d]", d, int64(math.MaxInt64))
				}
			}
		}
		b := shapeInput(in[3])
		if b.DynamicRank || int64(len(b.Dims)) != bs.Dims[0].Lo {
			b = dynamicDims(int(bs.Dims[0].Lo))
		}
		out = b
	}
	for i := 0; i < 2; i++ {
		if v, ok := in[i].ints(); ok {
			for _, d := range v {
				if d < 0 {
					return nil, fmt.Errorf("Value %d not in range [0:%d]", d, int64(math.MaxInt64))
				}
			}
		}
		d := ir.DynamicDim()
		if s := shapeInput(in[i]); !s.DynamicRank && len(s.Dims) == 1 {
			d = s.Dims[0]
		}
		out.Dims = append(out.Dims, d)
	}
	return []Output{{Type: e.OutType, Shape: out}}, nil
}

// CheckRunnable implements RunChecker.
func (e *moreEye) CheckRunnable([]Input) error {
	if e.OutType.IsStatic() && !convertible(e.OutType) {
		return unsupportedType("Eye", e.OutType)
	}
	return nil
}

// Prepare: the output is a copy of element 0 (zero) or 1 (one) of a two-element tensor of
// the output type, along a map rebuilt (without allocating once large enough) at each run.
func (e *moreEye) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	if err := moreCount("Eye", in, 3, 4); err != nil {
		return nil, err
	}
	if err := e.CheckRunnable(in); err != nil {
		return nil, err
	}
	pair, err := ConvertTensor(&ir.Tensor{Type: ir.I64, Shape: []int{2}, Data: []int64{0, 1}}, e.OutType)
	if err != nil {
		return nil, err
	}
	srcs := []any{pair.Data}
	var mp []int
	return kernelFunc(func(_ context.Context, ts, outs []*ir.Tensor) error {
		if len(ts) < 3 || len(outs) != 1 {
			return fmt.Errorf("Eye: expected 3 or 4 inputs and 1 output, got %d and %d", len(ts), len(outs))
		}
		diag, ok := moreIndexValues(ts[2])
		if !ok || len(diag) < 1 {
			return fmt.Errorf("Eye: diagonal_index must hold an integer")
		}
		od := outs[0].Shape
		if len(od) < 2 {
			return fmt.Errorf("Eye: output shape %v", od)
		}
		n := outs[0].Len()
		if cap(mp) < n {
			mp = make([]int, n)
		}
		mp = mp[:n]
		moreEyeMap(mp, od[len(od)-2], od[len(od)-1], diag[0])
		return moveElems(outs[0].Data, srcs, mp, nil)
	}), nil
}

// moreEyeMap writes, for batched rows x cols matrices, 1 on the diagonal shifted by k (k > 0
// to the right) and 0 elsewhere.
func moreEyeMap(mp []int, rows, cols int, k int64) {
	for i := range mp {
		mp[i] = 0
	}
	size := rows * cols
	if size == 0 {
		return
	}
	for base := 0; base+size <= len(mp); base += size {
		for r := 0; r < rows; r++ {
			c := int64(r) + k
			if c >= 0 && c < int64(cols) {
				mp[base+r*cols+int(c)] = 1
			}
		}
	}
}
