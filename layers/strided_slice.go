package layers

import (
	"fmt"
	"math"

	"github.com/irrun/irrun/ir"
)

// StridedSlice-1: src/core/src/op/strided_slice.cpp (validate_and_infer_types),
// src/core/shape_inference/include/strided_slice_shape_inference.hpp (output over partial
// shapes, sliced dims computed on the bounds of begin and end), and
// src/core/src/op/util/slice_plan.cpp (make_slice_plan, the reference kernel's plan).

type stridedSliceOp struct {
	BeginMask    []int64 `attr:"begin_mask"`
	EndMask      []int64 `attr:"end_mask"`
	NewAxisMask  []int64 `attr:"new_axis_mask"`
	ShrinkMask   []int64 `attr:"shrink_axis_mask"`
	EllipsisMask []int64 `attr:"ellipsis_mask"`
}

func newStridedSlice(int) Op { return &stridedSliceOp{} }

// maskSet is convert_mask_to_axis_set: the positions holding 1.
func maskSet(mask []int64) map[int]bool {
	s := map[int]bool{}
	for i, v := range mask {
		if v == 1 {
			s[i] = true
		}
	}
	return s
}

// len1D is number_elements_in_1d: the static length of a 1-D shape, else -1.
func len1D(s ir.Shape) int64 {
	if r, ok := s.Rank(); ok && r == 1 && s.Dims[0].IsStatic() {
		return s.Dims[0].Lo
	}
	return -1
}

func rankString(s ir.Shape) string {
	if r, ok := s.Rank(); ok {
		return fmt.Sprint(r)
	}
	return "?"
}

// checkMasks is the attribute part of validate_and_infer_types.
func (s *stridedSliceOp) checkMasks() error {
	masks := [][]int64{s.BeginMask, s.EndMask, s.NewAxisMask, s.ShrinkMask, s.EllipsisMask}
	for _, m := range masks {
		for _, v := range m {
			if v != 0 && v != 1 {
				return fmt.Errorf("All masks of StridedSlice must have be 0 or 1 (got %d)", v)
			}
		}
	}
	for _, m := range masks {
		if len(m) != 0 && len(m) != len(masks[0]) {
			return fmt.Errorf("All masks of StridedSlice must have the same size (begin_mask has %d values, another mask %d)", len(masks[0]), len(m))
		}
	}
	return nil
}

// strides returns the strides input's values (the default ones when there is no
// strides input and begin or end has a static length), or nil when unknown.
func (s *stridedSliceOp) strideValues(in []Input) ([]int64, error) {
	if len(in) > 3 {
		v, ok := in[3].ints()
		if !ok {
			return nil, nil
		}
		if v == nil {
			v = []int64{}
		}
		return v, nil
	}
	n := len1D(in[1].Shape)
	if n < 0 {
		n = len1D(in[2].Shape)
	}
	if n < 0 {
		if r, ok := in[1].Shape.Rank(); !ok || r != 1 {
			return nil, fmt.Errorf("Begin input must be 1D (begin shape %s)", in[1].Shape)
		}
		return nil, nil
	}
	if n > 1<<20 {
		return nil, nil
	}
	ones := make([]int64, n)
	for i := range ones {
		ones[i] = 1
	}
	return ones, nil
}

func (s *stridedSliceOp) Infer(in []Input) ([]Output, error) {
	if len(in) != 3 && len(in) != 4 {
		return nil, fmt.Errorf("StridedSlice expects 3 or 4 inputs, got %d", len(in))
	}
	if t := in[1].Type; t.IsStatic() && !t.IsInteger() {
		return nil, fmt.Errorf("Begin mask must be an integral number, but is: %s", t)
	}
	if t := in[2].Type; t.IsStatic() && !t.IsInteger() {
		return nil, fmt.Errorf("End mask must be an integral number, but is: %s", t)
	}
	if err := s.checkMasks(); err != nil {
		return nil, err
	}
	strides, err := s.strideValues(in)
	if err != nil {
		return nil, err
	}
	names := [...]string{"Begin", "End", "Strides"}
	for i := 1; i < len(in); i++ {
		if r, ok := in[i].Shape.Rank(); ok && r != 1 {
			return nil, fmt.Errorf("%s input must be 1D (has rank: %d)", names[i-1], r)
		}
	}
	shape, err := s.shape(in, strides)
	if err != nil {
		return nil, err
	}
	return []Output{{Type: in[0].Type, Shape: shape}}, nil
}

func (s *stridedSliceOp) shape(in []Input, strides []int64) (ir.Shape, error) {
	data := in[0].Shape
	rank, ok := data.Rank()
	if !ok {
		return ir.DynamicRankShape(), nil
	}
	begin, beginOK := inputBounds(in[1])
	end, endOK := inputBounds(in[2])
	nAxes := len1D(in[1].Shape)
	endAxes := len1D(in[2].Shape)
	switch {
	case nAxes != -1 && endAxes != -1:
		if nAxes != endAxes {
			return ir.Shape{}, fmt.Errorf("Begin and end need to have same number of values. (begin %s, end %s)", in[1].Shape, in[2].Shape)
		}
	case endAxes != -1:
		nAxes = endAxes
	}
	strideAxes := int64(-1)
	if strides != nil {
		strideAxes = int64(len(strides))
	}
	switch {
	case nAxes != -1 && strideAxes != -1:
		if nAxes != strideAxes {
			return ir.Shape{}, fmt.Errorf("Stride needs to have same number of values as begin and end. (%d strides, %d begin/end values)", strideAxes, nAxes)
		}
	case strideAxes != -1:
		nAxes = strideAxes
	}
	if nAxes < 0 {
		return ir.DynamicRankShape(), nil
	}
	ellipsis := maskSet(s.EllipsisMask)
	if len(ellipsis) > 1 {
		return ir.Shape{}, fmt.Errorf("At most one ellipsis is allowed. (ellipsis_mask %s)", fmtInts(s.EllipsisMask))
	}
	newAxis := maskSet(s.NewAxisMask)
	beginMask := maskSet(s.BeginMask)
	endMask := maskSet(s.EndMask)
	shrink := maskSet(s.ShrinkMask)
	if len(ellipsis) == 0 && int64(rank+len(newAxis)) < nAxes {
		return ir.Shape{}, fmt.Errorf("Input rank plus number of new axis has to be at least the size of Lower and Upper bounds vector. (data rank %d, %d new axes, %d begin/end values)", rank, len(newAxis), nAxes)
	}
	if nAxes > 1<<20 {
		return ir.DynamicRankShape(), nil
	}
	tooFew := func() error {
		return fmt.Errorf("StridedSlice: begin/end of %d values with the masks address more axes than data %s has", nAxes, data)
	}
	out := ir.Shape{Dims: []ir.Dim{}}
	idx := 0
	for axis := 0; axis < int(nAxes); axis++ {
		switch {
		case ellipsis[axis]:
			before := 0
			for i := 0; i < axis; i++ {
				if !newAxis[i] {
					before++
				}
			}
			afterNew := 0
			if beginOK {
				for i := axis + 1; i < len(begin); i++ {
					if newAxis[i] {
						afterNew++
					}
				}
			}
			afterInput := int(nAxes) - axis - afterNew - 1
			hidden := rank - afterInput - before
			for i := 0; i < hidden; i++ {
				if idx >= rank {
					return ir.Shape{}, tooFew()
				}
				out.Dims = append(out.Dims, data.Dims[idx])
				idx++
			}
		case newAxis[axis]:
			out.Dims = append(out.Dims, ir.StaticDim(1))
		case shrink[axis]:
			idx++
		default:
			if idx >= rank {
				return ir.Shape{}, tooFew()
			}
			dim := data.Dims[idx]
			idx++
			if !beginOK || !endOK || strides == nil || axis >= len(begin) || axis >= len(end) {
				out.Dims = append(out.Dims, dimOf(0, maxLength(dim)))
				continue
			}
			stride := int64(1)
			if axis < len(strides) {
				stride = strides[axis]
			}
			if stride == 0 {
				return ir.Shape{}, fmt.Errorf("Stride must be non-zero (strides %s)", fmtInts(strides))
			}
			normDim := maxLength(dim)
			if normDim == -1 {
				normDim = math.MaxInt64
			}
			start, stop := begin[axis], end[axis]
			if beginMask[axis] {
				start = bpair{0, 0}
				if stride < 0 {
					start = bpair{normDim, normDim}
				}
			}
			if endMask[axis] {
				stop = bpair{normDim, normDim}
				if stride < 0 {
					stop = bpair{-1 - normDim, -1 - normDim}
				}
			}
			out.Dims = append(out.Dims, sliceDim(dim, start, stop, stride))
		}
	}
	for ; idx < rank; idx++ {
		out.Dims = append(out.Dims, data.Dims[idx])
	}
	return out, nil
}

func (s *stridedSliceOp) dataInputs(int) []int { return []int{0} }

func (s *stridedSliceOp) moveMap(in []Input, outShapes [][]int) ([][]int, error) {
	dims, sels, err := s.mfMoveSels(in, outShapes)
	if err != nil {
		return nil, err
	}
	sel := sels[0]
	mp := gatherMap(dims, sel)
	if len(outShapes) != 1 || len(mp) != product(outShapes[0]) {
		return nil, fmt.Errorf("StridedSlice: %d elements selected for output shape %v", len(mp), outShapes)
	}
	return [][]int{mp}, nil
}

// mfMoveSels follows make_slice_plan: each input axis keeps the indices its slice takes
// (reversed for a negative stride), new axes and shrunk axes only reshape.
func (s *stridedSliceOp) mfMoveSels(in []Input, _ [][]int) ([]int, [][][]int, error) {
	dims, ok := staticDims(in[0].Shape)
	if !ok {
		return nil, nil, fmt.Errorf("StridedSlice: data shape %s is not static", in[0].Shape)
	}
	begin, ok1 := in[1].ints()
	end, ok2 := in[2].ints()
	strides, err := s.strideValues(in)
	if err != nil {
		return nil, nil, err
	}
	if !ok1 || !ok2 || strides == nil || len(begin) != len(end) || len(end) != len(strides) {
		return nil, nil, fmt.Errorf("StridedSlice: begin, end and strides must be known integers of equal length")
	}
	ellipsis := maskSet(s.EllipsisMask)
	newAxis := maskSet(s.NewAxisMask)
	shrink := maskSet(s.ShrinkMask)
	beginMask := maskSet(s.BeginMask)
	endMask := maskSet(s.EndMask)
	real, ellipsisFound := 0, false
	for i := range begin {
		switch {
		case ellipsis[i]:
			if ellipsisFound {
				return nil, nil, fmt.Errorf("At most one ellipsis is allowed.")
			}
			ellipsisFound = true
		case newAxis[i]:
		default:
			real++
		}
	}
	if real > len(dims) {
		return nil, nil, fmt.Errorf("StridedSlice: %d sliced axes for data of rank %d", real, len(dims))
	}
	ellipsisSize := len(dims) - real
	sel := make([][]int, 0, len(dims))
	all := func(n int) []int {
		r := make([]int, n)
		for j := range r {
			r[j] = j
		}
		return r
	}
	expand := func() {
		for j := 0; j < ellipsisSize; j++ {
			sel = append(sel, all(dims[len(sel)]))
		}
	}
	for i := range begin {
		switch {
		case newAxis[i]:
		case shrink[i]:
			n := int64(dims[len(sel)])
			b := begin[i]
			if b < -n || b >= n {
				return nil, nil, fmt.Errorf("StridedSlice: shrunk axis %d has begin %d outside [%d, %d)", len(sel), b, -n, n)
			}
			if b < 0 {
				b += n
			}
			sel = append(sel, []int{int(b)})
		case ellipsis[i]:
			expand()
		default:
			n := int64(dims[len(sel)])
			st := strides[i]
			if st == 0 {
				return nil, nil, fmt.Errorf("Stride must be non-zero")
			}
			b, e := begin[i], end[i]
			if beginMask[i] {
				b = 0
				if st < 0 {
					b = n - 1
				}
			}
			if endMask[i] {
				e = n
				if st < 0 {
					e = -n - 1
				}
			}
			sel = append(sel, sliceIndices(n, b, e, st))
		}
	}
	if !ellipsisFound {
		expand()
	}
	return dims, [][][]int{sel}, nil
}

func (s *stridedSliceOp) Prepare(in []Input, opts ExecOptions) (Kernel, error) {
	if k := moveRunsKernel(s, in, opts); k != nil {
		return k, nil
	}
	return prepareMove(s, in)
}
