package layers

import (
	"context"
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

// SparseFillEmptyRows: sparse_fill_empty_rows_shape_inference.hpp,
// type_prop/sparse_fill_empty_rows.cpp.
func TestMoreSparseFillEmptyRowsInfer(t *testing.T) {
	vals := moreIn(t, ir.F32, "3")
	dense := moreConst(moreI64(t, []int{2}, 5, 6))
	idx := moreConst(moreI64(t, []int{3, 2}, 0, 0, 1, 0, 1, 3))
	def := moreIn(t, ir.F32, "")
	types := []ir.ElementType{ir.I64, ir.F32, ir.Boolean}
	moreRunInferCases(t, "SparseFillEmptyRows", "opset16", []moreInferCase{
		{"const dense and indices", nil, []Input{vals, dense, idx, def}, []string{"[6,2]", "[6]", "[5]"}, types, ""},
		{"const dense", nil, []Input{vals, dense, moreIn(t, ir.I64, "3,2"), def}, []string{"[?,2]", "[?]", "[5]"}, types, ""},
		{"dynamic", nil, []Input{moreIn(t, ir.F32, "?"), moreIn(t, ir.I64, "2"), moreIn(t, ir.I64, "?,2"), def}, []string{"[?,2]", "[?]", "[?]"}, types, ""},
		{"dynamic ranks", nil, []Input{moreIn(t, ir.F32, "..."), moreIn(t, ir.I64, "..."), moreIn(t, ir.I64, "..."), moreIn(t, ir.F32, "...")}, []string{"[?,2]", "[?]", "[?]"}, types, ""},
		{"type mismatch", nil, []Input{vals, moreIn(t, ir.I32, "2"), moreIn(t, ir.I64, "3,2"), def}, nil, nil, "The element types of the dense_shape and indices inputs must match. Got: i32 and i64"},
		{"type", nil, []Input{vals, moreIn(t, ir.I16, "2"), moreIn(t, ir.I16, "3,2"), def}, nil, nil, "The element type of the indices and dense_shape inputs must be i32 or i64. Got: i16"},
		{"values rank", nil, []Input{moreIn(t, ir.F32, "3,1"), dense, idx, def}, nil, nil, "The values input must be a 1D tensor."},
		{"dense shape", nil, []Input{vals, moreIn(t, ir.I64, "3"), idx, def}, nil, nil, "The dense_shape input must be 1D and have exactly 2 elements"},
		{"indices shape", nil, []Input{vals, dense, moreIn(t, ir.I64, "4,2"), def}, nil, nil, "The indices input must be a 2D tensor with the first dimension matching the size of values"},
		{"default scalar", nil, []Input{vals, dense, idx, moreIn(t, ir.F32, "1")}, nil, nil, "The default_value input must be a scalar."},
		{"row out of range", nil, []Input{vals, dense, moreConst(moreI64(t, []int{3, 2}, 0, 0, 5, 0, 1, 3)), def}, nil, nil, "Sparse tensor index out of bounds: row 5 is outside the valid range [0, 4]"},
		{"column out of range", nil, []Input{vals, dense, moreConst(moreI64(t, []int{3, 2}, 0, 0, 1, 6, 1, 3)), def}, nil, nil, "Sparse tensor index out of bounds: column 6 is outside the valid range [0, 5]"},
	})
}

func miscRunDynamic(t *testing.T, op Op, in ...*ir.Tensor) ([]*ir.Tensor, error) {
	t.Helper()
	inputs := make([]Input, len(in))
	for i, x := range in {
		inputs[i] = Input{Type: x.Type, Shape: shapeOfDims(x.Shape)}
	}
	require.True(t, IsDynamic(op))
	k, err := Prepare(op, inputs, ExecOptions{})
	if err != nil {
		return nil, err
	}
	return k.(DynamicKernel).RunDynamic(context.Background(), in)
}

// SparseFillEmptyRows vectors from
// src/plugins/template/tests/functional/op_reference/sparse_fill_empty_rows.cpp
// (openvinotoolkit/openvino@1267f45f).
func TestMiscSparseFillEmptyRowsRun(t *testing.T) {
	cases := []struct {
		values    []float64
		dense     []float64
		indices   []float64
		dflt      float64
		wantIdx   []float64
		wantVals  []float64
		wantEmpty []bool
		strValues []string
		strWant   []string
	}{
		{[]float64{1, 2, 3}, []float64{3, 4}, []float64{0, 0, 1, 0, 2, 0}, -1, []float64{0, 0, 1, 0, 2, 0}, []float64{1, 2, 3}, []bool{false, false, false},
			[]string{"a", "b", "c"}, []string{"a", "b", "c"}},
		{[]float64{1, 2, 3}, []float64{4, 4}, []float64{0, 0, 1, 0, 3, 0}, -1, []float64{0, 0, 1, 0, 2, 0, 3, 0}, []float64{1, 2, -1, 3}, []bool{false, false, true, false},
			[]string{"a", "b", "c"}, []string{"a", "b", "empty", "c"}},
		{[]float64{1, 2}, []float64{5, 3}, []float64{0, 0, 4, 0}, -1, []float64{0, 0, 1, 0, 2, 0, 3, 0, 4, 0}, []float64{1, -1, -1, -1, 2}, []bool{false, true, true, true, false},
			[]string{"a", "b"}, []string{"a", "empty", "empty", "empty", "b"}},
		{[]float64{}, []float64{3, 4}, []float64{}, -1, []float64{0, 0, 1, 0, 2, 0}, []float64{-1, -1, -1}, []bool{true, true, true},
			[]string{}, []string{"empty", "empty", "empty"}},
		{[]float64{1, 2, 3, 4}, []float64{5, 6}, []float64{0, 1, 1, 2, 3, 3, 4, 4}, 99, []float64{0, 1, 1, 2, 2, 0, 3, 3, 4, 4}, []float64{1, 2, 99, 3, 4}, []bool{false, false, true, false, false},
			[]string{"a", "b", "c", "d"}, []string{"a", "b", "empty", "c", "d"}},
	}
	op := decodeOp(t, "SparseFillEmptyRows", "opset16")
	for i, c := range cases {
		for _, it := range []ir.ElementType{ir.I32, ir.I64} {
			n := len(c.values)
			for _, vt := range []ir.ElementType{ir.I32, ir.I64, ir.F32} {
				got, err := miscRunDynamic(t, op, moreTyped(t, vt, []int{n}, c.values...), moreTyped(t, it, []int{2}, c.dense...),
					moreTyped(t, it, []int{n, 2}, c.indices...), moreTyped(t, vt, nil, c.dflt))
				require.NoError(t, err, "case %d", i)
				require.Equal(t, []int{len(c.wantVals), 2}, got[0].Shape)
				require.Equal(t, it, got[0].Type)
				require.Equal(t, c.wantIdx, moreFloats(t, got[0]), "case %d", i)
				require.Equal(t, c.wantVals, moreFloats(t, got[1]), "case %d", i)
				require.Equal(t, c.wantEmpty, got[2].Data, "case %d", i)
			}
			sv, _ := ir.TensorOf(c.strValues, n)
			sd, _ := ir.TensorOf([]string{"empty"})
			sd.Shape = []int{}
			got, err := miscRunDynamic(t, op, sv, moreTyped(t, it, []int{2}, c.dense...), moreTyped(t, it, []int{n, 2}, c.indices...), sd)
			require.NoError(t, err, "case %d strings", i)
			require.Equal(t, c.strWant, got[1].Data, "case %d", i)
			require.Equal(t, c.wantEmpty, got[2].Data, "case %d", i)
		}
	}
	// Hand: unsorted input indices come out sorted by (row, column); equal positions keep order.
	got, err := miscRunDynamic(t, op, moreF32(t, []int{3}, 7, 8, 9), moreI64(t, []int{2}, 3, 3),
		moreI64(t, []int{3, 2}, 2, 1, 0, 2, 0, 1), moreF32(t, nil, 0))
	require.NoError(t, err)
	require.Equal(t, []int64{0, 1, 0, 2, 1, 0, 2, 1}, got[0].Data)
	require.Equal(t, []float32{9, 8, 0, 7}, got[1].Data)
	// Hostile: indices out of dense_shape, mismatched lengths, negative dense shape.
	for _, c := range []struct{ dense, idx []int64 }{{[]int64{2, 2}, []int64{2, 0}}, {[]int64{2, 2}, []int64{0, -1}}, {[]int64{-1, 2}, []int64{0, 0}}} {
		_, err := miscRunDynamic(t, op, moreF32(t, []int{1}, 1), moreI64(t, []int{2}, c.dense...), moreI64(t, []int{1, 2}, c.idx...), moreF32(t, nil, 0))
		require.Error(t, err, "%v", c)
	}
	_, err = miscRunDynamic(t, op, moreF32(t, []int{2}, 1, 2), moreI64(t, []int{2}, 3, 3), moreI64(t, []int{1, 2}, 0, 0), moreF32(t, nil, 0))
	require.Error(t, err)
}
