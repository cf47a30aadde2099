package kernels

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

func iota1[T Number](n int) []T {
	v := make([]T, n)
	for i := range v {
		v[i] = T(i + 1)
	}
	return v
}

func runReduce[T Number](t *testing.T, op ReduceOp, shape, axes []int, src []T) []T {
	t.Helper()
	r, err := NewReduction(shape, axes)
	require.NoError(t, err)
	dst := make([]T, r.OutLen())
	for i := range dst {
		dst[i] = 77 // stale data must be overwritten
	}
	require.NoError(t, Reduce(r, op, dst, src, make([]T, r.OutLen())))
	return dst
}

// Values from src/plugins/template/tests/functional/op_reference/reduce_sum.cpp
// (generateReductionParams, generateReductionParamsFloat).
func TestReduceSumReference(t *testing.T) {
	cases := []struct {
		shape, axes []int
		want        []float32
	}{
		{[]int{2, 2}, []int{0, 1}, []float32{10}},
		{[]int{3, 2}, []int{0}, []float32{9, 12}},
		{[]int{3, 2}, []int{1}, []float32{3, 7, 11}},
		{[]int{3, 3, 3}, []int{0}, []float32{1 + 10 + 19, 2 + 11 + 20, 3 + 12 + 21, 4 + 13 + 22, 5 + 14 + 23, 6 + 15 + 24, 7 + 16 + 25, 8 + 17 + 26, 9 + 18 + 27}},
		{[]int{3, 3, 3}, []int{2}, []float32{6, 15, 24, 33, 42, 51, 60, 69, 78}},
		{[]int{3, 3, 3}, []int{0, 1}, []float32{1 + 10 + 19 + 4 + 13 + 22 + 7 + 16 + 25, 2 + 11 + 20 + 5 + 14 + 23 + 8 + 17 + 26, 3 + 12 + 21 + 6 + 15 + 24 + 9 + 18 + 27}},
		{[]int{3, 3, 3}, []int{0, 1, 2}, []float32{378}},
		{[]int{3, 3, 3}, []int{2, 0, 2}, []float32{6 + 33 + 60, 15 + 42 + 69, 24 + 51 + 78}}, // duplicates allowed
	}
	for _, c := range cases {
		n := 1
		for _, d := range c.shape {
			n *= d
		}
		require.Equal(t, c.want, runReduce(t, ReduceSum, c.shape, c.axes, iota1[float32](n)), "%v %v", c.shape, c.axes)
		wantI := make([]int32, len(c.want))
		for i, v := range c.want {
			wantI[i] = int32(v)
		}
		require.Equal(t, wantI, runReduce(t, ReduceSum, c.shape, c.axes, iota1[int32](n)))
		wantU := make([]uint64, len(c.want))
		for i, v := range c.want {
			wantU[i] = uint64(v)
		}
		require.Equal(t, wantU, runReduce(t, ReduceSum, c.shape, c.axes, iota1[uint64](n)))
	}
	// 243 ones over five axes.
	ones := make([]float32, 243)
	for i := range ones {
		ones[i] = 1
	}
	require.Equal(t, []float32{243}, runReduce(t, ReduceSum, []int{3, 3, 3, 3, 3}, []int{0, 1, 2, 3, 4}, ones))
	// Kahan summation: a plain float32 sum gives 10000011 here.
	kahan := []float32{10000000.0, 0.9, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.1, 0.9, 0.5, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.1}
	require.Equal(t, []float32{10000010.2}, runReduce(t, ReduceSum, []int{20}, []int{0}, kahan))
	// Infinite terms fall back to a plain addition.
	got := runReduce(t, ReduceSum, []int{3}, []int{0}, []float32{1, float32(math.Inf(1)), 2})
	require.True(t, math.IsInf(float64(got[0]), 1))
}

// Hand-computed (numpy-obvious) values for the other reductions over
// [[1,2],[3,4],[5,6]], in the layout of op_reference/reduce_*.cpp.
func TestReduceOps(t *testing.T) {
	x := []float32{1, 2, 3, 4, 5, 6}
	cases := []struct {
		op   ReduceOp
		axes []int
		want []float32
	}{
		{ReduceMean, []int{0}, []float32{3, 4}},
		{ReduceMean, []int{1}, []float32{1.5, 3.5, 5.5}},
		{ReduceMean, []int{0, 1}, []float32{3.5}},
		{ReduceProd, []int{0}, []float32{15, 48}},
		{ReduceProd, []int{1}, []float32{2, 12, 30}},
		{ReduceMax, []int{0}, []float32{5, 6}},
		{ReduceMax, []int{1}, []float32{2, 4, 6}},
		{ReduceMin, []int{0}, []float32{1, 2}},
		{ReduceMin, []int{1}, []float32{1, 3, 5}},
		{ReduceL1, []int{1}, []float32{3, 7, 11}},
		{ReduceL2, []int{1}, []float32{float32(math.Sqrt(5)), 5, float32(math.Sqrt(61))}},
		{ReduceSum, nil, x}, // no axes: a copy
	}
	for _, c := range cases {
		require.Equal(t, c.want, runReduce(t, c.op, []int{3, 2}, c.axes, x), "%s %v", c.op, c.axes)
	}
	neg := []float32{-1, 2, -3, 4}
	require.Equal(t, []float32{4, 6}, runReduce(t, ReduceL1, []int{2, 2}, []int{0}, neg))
	require.Equal(t, []float32{-3, 2}, runReduce(t, ReduceMin, []int{2, 2}, []int{0}, neg))
	// Integers: truncating mean, wrapping sums, lowest/max starts.
	require.Equal(t, []int32{1, 3}, runReduce(t, ReduceMean, []int{2, 2}, []int{1}, []int32{1, 2, 3, 4}))
	require.Equal(t, []int8{-128}, runReduce(t, ReduceMax, []int{2}, []int{0}, []int8{-128, -128}))
	require.Equal(t, []uint8{255}, runReduce(t, ReduceMin, []int{1}, []int{0}, []uint8{255}))
	require.Equal(t, []uint8{44}, runReduce(t, ReduceSum, []int{2}, []int{0}, []uint8{200, 100}))
	// Integer L2 rounds the root half away from zero (OpenVINO's reduce_l2 template vectors:
	// sqrt(61) -> 8): round(sqrt(8)) = 3, sqrt(25) = 5, round(sqrt(6.25... of 6)) = 2.
	require.Equal(t, []int64{3, 5}, runReduce(t, ReduceL2, []int{2, 2}, []int{1}, []int64{2, 2, 3, 4}))
	require.Equal(t, []int32{2, 8}, runReduce(t, ReduceL2, []int{2, 2}, []int{1}, []int32{1, 2, 5, 6}))
	// NaN is never taken by Max/Min (std::max / std::min keep the accumulator).
	nan := float32(math.NaN())
	require.Equal(t, []float32{3}, runReduce(t, ReduceMax, []int{3}, []int{0}, []float32{nan, 3, nan}))
	require.Equal(t, []float32{3}, runReduce(t, ReduceMin, []int{3}, []int{0}, []float32{3, nan, nan}))
	// Empty reductions: sum 0, prod 1, max lowest, mean 0 (reduce_mean.hpp returns the sum
	// before dividing when the input has no elements; OpenVINO's reduce_mean vectors).
	require.Equal(t, []float32{0, 0}, runReduce(t, ReduceSum, []int{2, 0}, []int{1}, []float32{}))
	require.Equal(t, []float32{1, 1}, runReduce(t, ReduceProd, []int{2, 0}, []int{1}, []float32{}))
	require.Equal(t, []float32{-math.MaxFloat32}, runReduce(t, ReduceMax, []int{0}, []int{0}, []float32{}))
	require.Equal(t, []float32{0}, runReduce(t, ReduceMean, []int{0}, []int{0}, []float32{}))
	require.Equal(t, []float32{0, 0}, runReduce(t, ReduceMean, []int{2, 0, 4}, []int{1, 2}, []float32{}))
	require.Equal(t, []int32{0}, runReduce(t, ReduceMean, []int{0}, []int{0}, []int32{}))
	// Scalars.
	require.Equal(t, []float64{7}, runReduce(t, ReduceSum, []int{}, nil, []float64{7}))
}

func TestReduceLogicalAndSatProd(t *testing.T) {
	r, err := NewReduction([]int{2, 3}, []int{1})
	require.NoError(t, err)
	src := []bool{true, false, true, true, true, true}
	dst := []bool{true, false}
	require.NoError(t, ReduceLogical(r, true, dst, src))
	require.Equal(t, []bool{false, true}, dst)
	require.NoError(t, ReduceLogical(r, false, dst, []bool{false, false, false, false, true, false}))
	require.Equal(t, []bool{false, true}, dst)

	p, err := NewReduction([]int{2, 3}, []int{1})
	require.NoError(t, err)
	out := make([]int64, 2)
	require.NoError(t, ReduceSatProd(p, out, []int64{2, math.MaxInt64, 3, 4, 5, 6}))
	require.Equal(t, []int64{math.MaxInt64, 120}, out)
	require.NoError(t, ReduceSatProd(p, out, []int64{0, math.MaxInt64, 3, 1 << 40, 1 << 40, 2}))
	require.Equal(t, []int64{0, math.MaxInt64}, out)
}

func TestReduceRejects(t *testing.T) {
	_, err := NewReduction([]int{2, 3}, []int{2})
	require.Error(t, err)
	_, err = NewReduction([]int{-1}, nil)
	require.Error(t, err)
	r, err := NewReduction([]int{2, 3}, []int{1})
	require.NoError(t, err)
	require.Error(t, Reduce(r, ReduceSum, make([]float32, 3), make([]float32, 6), make([]float32, 3)))
	require.Error(t, Reduce(r, ReduceSum, make([]float32, 2), make([]float32, 6), nil), "Kahan needs scratch")
	require.NoError(t, Reduce(r, ReduceMax, make([]float32, 2), make([]float32, 6), nil))
}
