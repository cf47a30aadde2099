package layers

import (
	"context"
	"fmt"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// Bucketize-3 (src/core/src/op/bucketize.cpp, bucketize_shape_inference.hpp,
// reference/bucketize.hpp) and SearchSorted-15 (search_sorted.cpp,
// search_sorted_shape_inference.hpp, reference/search_sorted.hpp). Both compare numbers
// of possibly different types: irrun compares them as int64 when both are integers and as
// float64 otherwise (exact for every type but i64/u64 beyond 2^53 against floats).

// moreSearchInputs converts the two inputs to a common comparable representation.
type moreSearchInputs struct {
	ints         bool
	c0, c1, cOut *converter
	i0, i1       []int64
	f0, f1       []float64
	a0, a1, res  any
	out          []int64
}

func newMoreSearchInputs(t0, t1, outType ir.ElementType, n0, n1, nOut int) (*moreSearchInputs, error) {
	s := &moreSearchInputs{ints: t0.IsInteger() && t1.IsInteger()}
	mid := ir.F64
	if s.ints {
		mid = ir.I64
		s.i0, s.i1 = make([]int64, n0), make([]int64, n1)
		s.a0, s.a1 = s.i0, s.i1
	} else {
		s.f0, s.f1 = make([]float64, n0), make([]float64, n1)
		s.a0, s.a1 = s.f0, s.f1
	}
	s.out = make([]int64, nOut)
	s.res = s.out
	var err error
	if s.c0, err = newConverter(t0, mid, n0); err != nil {
		return nil, err
	}
	if s.c1, err = newConverter(t1, mid, n1); err != nil {
		return nil, err
	}
	if s.cOut, err = newConverter(ir.I64, outType, nOut); err != nil {
		return nil, err
	}
	return s, nil
}

// run converts the inputs, computes into s.out with f, and writes the output.
func (s *moreSearchInputs) run(in, out []*ir.Tensor, f func()) error {
	if len(in) < 2 || len(out) != 1 {
		return fmt.Errorf("expected 2 inputs and 1 output, got %d and %d", len(in), len(out))
	}
	if err := s.c0.run(s.a0, in[0].Data); err != nil {
		return err
	}
	if err := s.c1.run(s.a1, in[1].Data); err != nil {
		return err
	}
	f()
	return s.cOut.run(out[0].Data, s.res)
}

// moreNumeric is is_real() || is_integral_number().
func moreNumeric(t ir.ElementType) bool { return t.IsFloat() || t.IsInteger() }

// ---------------------------------------------------------------- Bucketize

type moreBucketize struct {
	OutType    ir.ElementType `attr:"output_type"`
	RightBound bool           `attr:"with_right_bound"`
}

func (b *moreBucketize) Infer(in []Input) ([]Output, error) {
	if err := moreCount("Bucketize", in, 2, 2); err != nil {
		return nil, err
	}
	if !moreNumeric(in[0].Type) {
		return nil, fmt.Errorf("Data input type must be numeric. Got: %s", in[0].Type)
	}
	if !moreNumeric(in[1].Type) {
		return nil, fmt.Errorf("Buckets input type must be numeric. Got: %s", in[1].Type)
	}
	if b.OutType != ir.I64 && b.OutType != ir.I32 {
		return nil, fmt.Errorf("Output type must be i32 or i64. Got: %s", b.OutType)
	}
	if !moreRankCompatible(in[1].Shape, 1) {
		return nil, fmt.Errorf("Buckets input must be a 1D tensor. Got: %s", in[1].Shape)
	}
	return []Output{{Type: b.OutType, Shape: cloneShape(in[0].Shape)}}, nil
}

func (b *moreBucketize) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	outs, err := b.Infer(in)
	if err != nil {
		return nil, err
	}
	lens, n, err := moreLens("Bucketize", in, 2, outs[0].Shape)
	if err != nil {
		return nil, err
	}
	s, err := newMoreSearchInputs(in[0].Type, in[1].Type, b.OutType, lens[0], lens[1], n)
	if err != nil {
		return nil, err
	}
	right := b.RightBound
	f := func() {
		if s.ints {
			kernels.Bucketize(s.out, s.i0, s.i1, right)
		} else {
			kernels.Bucketize(s.out, s.f0, s.f1, right)
		}
	}
	return kernelFunc(func(_ context.Context, ts, outs []*ir.Tensor) error {
		if err := s.run(ts, outs, f); err != nil {
			return fmt.Errorf("Bucketize: %w", err)
		}
		return nil
	}), nil
}

// ---------------------------------------------------------------- SearchSorted

type moreSearchSorted struct {
	RightMode bool           `attr:"right_mode"`
	OutType   ir.ElementType `attr:"output_type"`
}

func (s *moreSearchSorted) Infer(in []Input) ([]Output, error) {
	if err := moreCount("SearchSorted", in, 2, 2); err != nil {
		return nil, err
	}
	if _, ok := mergeTypes(in[0].Type, in[1].Type); !ok {
		return nil, fmt.Errorf("Sorted sequence and values must have the same element type. (got %s and %s)", in[0].Type, in[1].Type)
	}
	if s.OutType != ir.I32 && s.OutType != ir.I64 {
		return nil, fmt.Errorf("The element type of the last output can only be set to i32 or i64. (got %s)", s.OutType)
	}
	// search_sorted_shape_inference.hpp (2025 revision, the one search_sorted.cpp@2f988f8b
	// tests): a 1-D (or dynamic-rank) sorted sequence takes any values shape, which the
	// output keeps; otherwise the ranks must be equal and all dims but the last merge.
	sorted, values := in[0].Shape, in[1].Shape
	sr, sok := sorted.Rank()
	vr, vok := values.Rank()
	if !sok || sr == 1 {
		return []Output{{Type: s.OutType, Shape: cloneShape(values)}}, nil
	}
	if sr == 0 {
		return nil, fmt.Errorf("The sorted sequence input cannot be a scalar.")
	}
	var out ir.Shape
	if !vok {
		out = cloneShape(sorted)
		out.Dims[sr-1] = ir.DynamicDim()
	} else {
		out = cloneShape(values)
		if sr != vr {
			return nil, fmt.Errorf("If the shape of sorted sequence is not 1D, the ranks of the inputs have to be compatible. (got %s and %s)", sorted, values)
		}
		for i := 0; i < sr-1; i++ {
			d, ok := dimMerge(values.Dims[i], sorted.Dims[i])
			if !ok {
				return nil, fmt.Errorf("All dimensions but the last one have to be compatible. (got %s and %s)", sorted, values)
			}
			out.Dims[i] = d
		}
	}
	return []Output{{Type: s.OutType, Shape: out}}, nil
}

func (s *moreSearchSorted) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	outs, err := s.Infer(in)
	if err != nil {
		return nil, err
	}
	lens, n, err := moreLens("SearchSorted", in, 2, outs[0].Shape)
	if err != nil {
		return nil, err
	}
	sd, _ := staticDims(in[0].Shape)
	vd, _ := staticDims(in[1].Shape)
	rowLen := sd[len(sd)-1]
	m := 1
	if len(vd) > 0 {
		m = vd[len(vd)-1]
	}
	if len(sd) > 1 && (len(vd) == 0 || lens[0]/max(rowLen, 1) != lens[1]/max(m, 1)) {
		return nil, fmt.Errorf("SearchSorted: sorted %v and values %v have different leading dims", sd, vd)
	}
	sc, err := newMoreSearchInputs(in[0].Type, in[1].Type, s.OutType, lens[0], lens[1], n)
	if err != nil {
		return nil, err
	}
	right := s.RightMode
	f := func() {
		if sc.ints {
			kernels.SearchSorted(sc.out, sc.i0, sc.i1, rowLen, m, right)
		} else {
			kernels.SearchSorted(sc.out, sc.f0, sc.f1, rowLen, m, right)
		}
	}
	return kernelFunc(func(_ context.Context, ts, outs []*ir.Tensor) error {
		if err := sc.run(ts, outs, f); err != nil {
			return fmt.Errorf("SearchSorted: %w", err)
		}
		return nil
	}), nil
}
