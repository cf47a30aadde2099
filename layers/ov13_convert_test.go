package layers

import (
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

// TestOv13ConvertTensor checks ConvertTensor (used by graph's state replay test) against values worked by
// hand: f32 -> bf16 rounds to nearest even, f32 -> i8 truncates toward zero and saturates,
// a boolean source gives 0/1, and i64 -> f64 is exact.
func TestOv13ConvertTensor(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   *ir.Tensor
		to   ir.ElementType
		want []float64
	}{
		{"f32_bf16", &ir.Tensor{Type: ir.F32, Shape: []int{3}, Data: []float32{1.00390625, 1.01171875, -2}}, ir.BF16,
			[]float64{1, 1.015625, -2}},
		{"f32_i8", &ir.Tensor{Type: ir.F32, Shape: []int{4}, Data: []float32{1.9, -1.9, 300, -300}}, ir.I8,
			[]float64{1, -1, 127, -128}},
		{"bool_f32", &ir.Tensor{Type: ir.Boolean, Shape: []int{2}, Data: []bool{true, false}}, ir.F32,
			[]float64{1, 0}},
		{"i64_f64", &ir.Tensor{Type: ir.I64, Shape: []int{2, 1}, Data: []int64{-7, 9}}, ir.F64, []float64{-7, 9}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ConvertTensor(tc.in, tc.to)
			require.NoError(t, err)
			require.Equal(t, tc.to, got.Type)
			require.Equal(t, tc.in.Shape, got.Shape)
			f, ok := got.Float64s()
			require.True(t, ok)
			require.Equal(t, tc.want, f)
		})
	}
}
