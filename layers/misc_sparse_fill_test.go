package layers

import (
	"context"
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

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
