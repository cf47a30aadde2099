package layers

import (
	"context"
	"fmt"
	"slices"

	"github.com/irrun/irrun/ir"
	"github.com/x448/float16"
)

// SparseFillEmptyRows-16: shape inference (sparse_fill_empty_rows.cpp,
// sparse_fill_empty_rows_shape_inference.hpp) and execution
// (reference/sparse_fill_empty_rows.hpp). Its output sizes depend on which rows the indices
// fill, so it is a dynamic op: the kernel allocates its outputs.

type moreSparseFillEmptyRows struct{}

func (moreSparseFillEmptyRows) Infer(in []Input) ([]Output, error) {
	if err := moreCount("SparseFillEmptyRows", in, 4, 4); err != nil {
		return nil, err
	}
	it, dt := in[2].Type, in[1].Type
	merged, ok := mergeTypes(it, dt)
	if !ok {
		return nil, fmt.Errorf("The element types of the dense_shape and indices inputs must match. Got: %s and %s", dt, it)
	}
	if merged != ir.I32 && merged != ir.I64 {
		return nil, fmt.Errorf("The element type of the indices and dense_shape inputs must be i32 or i64. Got: %s", merged)
	}
	values, dense, indices := in[0].Shape, in[1].Shape, in[2].Shape
	if !moreRankCompatible(values, 1) {
		return nil, fmt.Errorf("The values input must be a 1D tensor. (got %s)", values)
	}
	if !dense.DynamicRank && (len(dense.Dims) != 1 || !dense.Dims[0].Compatible(ir.StaticDim(2))) {
		return nil, fmt.Errorf("The dense_shape input must be 1D and have exactly 2 elements, meaning only 2D sparse tensors are supported. (got %s)", dense)
	}
	if !indices.DynamicRank && (len(indices.Dims) != 2 || !indices.Dims[1].Compatible(ir.StaticDim(2)) ||
		(!dense.DynamicRank && !indices.Dims[0].Compatible(seqDim(values, 0)))) {
		return nil, fmt.Errorf("The indices input must be a 2D tensor with the first dimension matching the size of values and the second dimension having 2 elements. (got %s)", indices)
	}
	if !moreRankCompatible(in[3].Shape, 0) {
		return nil, fmt.Errorf("The default_value input must be a scalar. (got %s)", in[3].Shape)
	}
	outIdx := ir.Shape{Dims: []ir.Dim{ir.DynamicDim(), ir.StaticDim(2)}}
	outVals := dynamicDims(1)
	empty := dynamicDims(1)
	if lo, hi, ok := in[1].bounded(); ok && len(lo) >= 2 {
		rows := boundToDim(lo[0], hi[0], dt)
		empty.Dims[0] = rows
		if iv, ok := in[2].ints(); ok && rows.IsStatic() && lo[1] == hi[1] {
			nRows, nCols := rows.Lo, lo[1]
			seen := map[int64]bool{}
			for i := 0; i+1 < len(iv); i += 2 {
				r, c := iv[i], iv[i+1]
				if r < 0 || r >= nRows {
					return nil, fmt.Errorf("Sparse tensor index out of bounds: row %d is outside the valid range [0, %d]", r, nRows-1)
				}
				if c < 0 || c >= nCols {
					return nil, fmt.Errorf("Sparse tensor index out of bounds: column %d is outside the valid range [0, %d]", c, nCols-1)
				}
				seen[r] = true
			}
			add := nRows - int64(len(seen))
			outIdx.Dims[0] = dimAddN(seqDim(indices, 0), add)
			outVals.Dims[0] = dimAddN(seqDim(values, 0), add)
		}
	}
	return []Output{{Type: it, Shape: outIdx}, {Type: in[0].Type, Shape: outVals}, {Type: ir.Boolean, Shape: empty}}, nil
}

// DynamicOutputs: the number of empty rows sizes the outputs.
func (moreSparseFillEmptyRows) DynamicOutputs() {}

type miscSparseFillKernel struct{}

func (moreSparseFillEmptyRows) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	if len(in) != 4 {
		return nil, fmt.Errorf("SparseFillEmptyRows expects 4 inputs, got %d", len(in))
	}
	if t := in[1].Type; (t != ir.I32 && t != ir.I64) || in[2].Type != t {
		return nil, unsupportedType("SparseFillEmptyRows indices", in[2].Type)
	}
	if in[3].Type != in[0].Type {
		return nil, unsupportedType("SparseFillEmptyRows default value", in[3].Type)
	}
	return miscSparseFillKernel{}, nil
}

func (miscSparseFillKernel) Run(ctx context.Context, in, out []*ir.Tensor) error {
	res, err := miscSparseFillKernel{}.RunDynamic(ctx, in)
	if err != nil {
		return err
	}
	if len(out) != len(res) {
		return fmt.Errorf("SparseFillEmptyRows: %d outputs, want %d", len(out), len(res))
	}
	for i, r := range res {
		if out[i] == nil || out[i].Len() != r.Len() || out[i].Type != r.Type {
			return fmt.Errorf("SparseFillEmptyRows: output %d does not match the computed %v", i, r.Shape)
		}
		if !miscCopyData(out[i].Data, r.Data) {
			return fmt.Errorf("SparseFillEmptyRows: output %d holds %T", i, out[i].Data)
		}
	}
	return nil
}

// RunDynamic computes the outputs: the given entries and one (row, 0) entry per empty row,
// holding the default value, sorted by (row, column); entries with equal positions keep
// their order (the reference's std::sort leaves it unspecified).
func (miscSparseFillKernel) RunDynamic(_ context.Context, in []*ir.Tensor) ([]*ir.Tensor, error) {
	if len(in) != 4 || slices.Contains(in, nil) {
		return nil, fmt.Errorf("SparseFillEmptyRows expects 4 inputs")
	}
	values, dense, indices, dflt := in[0], in[1], in[2], in[3]
	nv := values.Len()
	var shape [2]int64
	if err := readInts(dense, shape[:]); err != nil {
		return nil, fmt.Errorf("SparseFillEmptyRows: dense_shape: %w", err)
	}
	if indices.Len() != 2*nv {
		return nil, fmt.Errorf("SparseFillEmptyRows: %d indices for %d values (want [%d, 2])", indices.Len(), nv, nv)
	}
	if dflt.Len() != 1 {
		return nil, fmt.Errorf("SparseFillEmptyRows: default_value holds %d elements, want 1", dflt.Len())
	}
	rows, cols := shape[0], shape[1]
	if rows < 0 || cols < 0 || rows > 1<<31 {
		return nil, fmt.Errorf("SparseFillEmptyRows: dense_shape [%d, %d] out of range", rows, cols)
	}
	idx := make([]int64, 2*nv)
	if !firstInts(indices, idx) {
		return nil, fmt.Errorf("SparseFillEmptyRows: indices of type %s hold %T", indices.Type, indices.Data)
	}
	filled := make([]bool, rows)
	for i := 0; i < nv; i++ {
		r, c := idx[2*i], idx[2*i+1]
		if r < 0 || r >= rows {
			return nil, fmt.Errorf("Sparse tensor index out of bounds: row %d is outside the valid range [0, %d]", r, rows-1)
		}
		if c < 0 || c >= cols {
			return nil, fmt.Errorf("Sparse tensor index out of bounds: column %d is outside the valid range [0, %d]", c, cols-1)
		}
		filled[r] = true
	}
	type entry struct {
		row, col int64
		src      int // -1: default value
	}
	entries := make([]entry, 0, nv+int(rows))
	for i := 0; i < nv; i++ {
		entries = append(entries, entry{idx[2*i], idx[2*i+1], i})
	}
	for r := int64(0); r < rows; r++ {
		if !filled[r] {
			entries = append(entries, entry{r, 0, -1})
		}
	}
	slices.SortStableFunc(entries, func(a, b entry) int {
		if a.row != b.row {
			return int(min(max(a.row-b.row, -1), 1))
		}
		return int(min(max(a.col-b.col, -1), 1))
	})
	n := len(entries)
	outIdx, err := ir.NewTensor(indices.Type, []int{n, 2})
	if err != nil {
		return nil, err
	}
	outVals, err := ir.NewTensor(values.Type, []int{n})
	if err != nil {
		return nil, err
	}
	empty, err := ir.NewTensor(ir.Boolean, []int{int(rows)})
	if err != nil {
		return nil, err
	}
	src := make([]int, n)
	for i, e := range entries {
		src[i] = e.src
		switch o := outIdx.Data.(type) {
		case []int64:
			o[2*i], o[2*i+1] = e.row, e.col
		case []int32:
			o[2*i], o[2*i+1] = int32(e.row), int32(e.col)
		}
	}
	if !miscGatherData(outVals.Data, values.Data, dflt.Data, src) {
		return nil, fmt.Errorf("SparseFillEmptyRows: values of type %s hold %T, default %T", values.Type, values.Data, dflt.Data)
	}
	e := empty.Data.([]bool)
	for r := range e {
		e[r] = !filled[r]
	}
	return []*ir.Tensor{outIdx, outVals, empty}, nil
}

func miscGatherT[T any](dst []T, src, dflt any, idx []int) bool {
	s, ok1 := src.([]T)
	d, ok2 := dflt.([]T)
	if !ok1 || !ok2 || len(d) < 1 || len(dst) != len(idx) {
		return false
	}
	for i, j := range idx {
		if j < 0 {
			dst[i] = d[0]
		} else if j < len(s) {
			dst[i] = s[j]
		} else {
			return false
		}
	}
	return true
}

// miscGatherData sets dst[i] = src[idx[i]], or dflt[0] where idx[i] < 0, for every slice
// type ir.Tensor uses.
func miscGatherData(dst, src, dflt any, idx []int) bool {
	switch d := dst.(type) {
	case []float32:
		return miscGatherT(d, src, dflt, idx)
	case []float64:
		return miscGatherT(d, src, dflt, idx)
	case []float16.Float16:
		return miscGatherT(d, src, dflt, idx)
	case []int8:
		return miscGatherT(d, src, dflt, idx)
	case []int16:
		return miscGatherT(d, src, dflt, idx)
	case []int32:
		return miscGatherT(d, src, dflt, idx)
	case []int64:
		return miscGatherT(d, src, dflt, idx)
	case []uint8:
		return miscGatherT(d, src, dflt, idx)
	case []uint16:
		return miscGatherT(d, src, dflt, idx)
	case []uint32:
		return miscGatherT(d, src, dflt, idx)
	case []uint64:
		return miscGatherT(d, src, dflt, idx)
	case []bool:
		return miscGatherT(d, src, dflt, idx)
	case []string:
		return miscGatherT(d, src, dflt, idx)
	}
	return false
}

func miscCopyT[T any](dst []T, src any) bool {
	s, ok := src.([]T)
	if !ok || len(s) != len(dst) {
		return false
	}
	copy(dst, s)
	return true
}

// miscCopyData copies src into dst, slices of the same type and length.
func miscCopyData(dst, src any) bool {
	switch d := dst.(type) {
	case []float32:
		return miscCopyT(d, src)
	case []float64:
		return miscCopyT(d, src)
	case []float16.Float16:
		return miscCopyT(d, src)
	case []int8:
		return miscCopyT(d, src)
	case []int16:
		return miscCopyT(d, src)
	case []int32:
		return miscCopyT(d, src)
	case []int64:
		return miscCopyT(d, src)
	case []uint8:
		return miscCopyT(d, src)
	case []uint16:
		return miscCopyT(d, src)
	case []uint32:
		return miscCopyT(d, src)
	case []uint64:
		return miscCopyT(d, src)
	case []bool:
		return miscCopyT(d, src)
	case []string:
		return miscCopyT(d, src)
	}
	return false
}
