package layers

import (
	"math"
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

// RegionYolo-1: shapes and messages from type_prop/region_yolo.cpp; values hand-computed from
// reference/region_yolo.hpp (sigmoid of x, y and objectness, softmax or sigmoid of classes).
func TestMoreRegionYolo(t *testing.T) {
	mk := func(kv ...string) Op { return decodeOp(t, "RegionYolo", "opset1", kv...) }
	soft := func(axis, end string) Op {
		return mk("coords", "4", "classes", "20", "num", "5", "do_softmax", "true", "mask", "0,1,2", "axis", axis, "end_axis", end)
	}
	v3 := mk("coords", "4", "classes", "20", "num", "5", "do_softmax", "false", "mask", "0,1,2", "axis", "2", "end_axis", "3")
	shp := func(op Op, typ ir.ElementType, s string) string {
		return moreInfer(t, op, moreIn(t, typ, s)).Shape.String()
	}
	require.Equal(t, "[10,1280]", shp(soft("1", "3"), ir.F32, "10,5,16,16"))
	require.Equal(t, "[10,5,16,16]", shp(soft("-1", "2"), ir.F32, "10,5,16,16"))
	require.Equal(t, "[...]", shp(soft("1", "3"), ir.F32, "..."))
	require.Equal(t, "[?,?]", shp(soft("1", "3"), ir.F64, "?,?,?,?"))
	require.Equal(t, "[?,?]", shp(soft("1", "-1"), ir.F32, "?,?,?,?"))
	require.Equal(t, "[2..4,5..8,?]", shp(soft("2", "3"), ir.F16, "2..4,5..8,?,..10"))
	require.Equal(t, "[2..4,5..8,?]", shp(soft("-2", "3"), ir.F16, "2..4,5..8,?,..10"))
	require.Equal(t, "[2..4,75,?,..10]", shp(v3, ir.F16, "2..4,5..8,?,..10"))
	require.Equal(t, "[10,16,11,12]", shp(mk("do_softmax", "false", "classes", "5", "coords", "2", "mask", "1,2"), ir.F32, "10,5,11,12"))
	moreInferErr(t, soft("1", "5"), "Input must be a tensor of rank 4", moreIn(t, ir.F32, "?,?,?"))
	moreInferErr(t, soft("1", "5"), "Input must be a tensor of rank 4", moreIn(t, ir.F32, "?,?,?,?,?"))
	moreInferErr(t, soft("4", "2"), "out of the tensor rank range", moreIn(t, ir.F32, "?,?,?,?"))
	moreInferErr(t, soft("-5", "2"), "out of the tensor rank range", moreIn(t, ir.F32, "?,?,?,?"))
	moreInferErr(t, soft("1", "4"), "out of the tensor rank range", moreIn(t, ir.F32, "?,?,?,?"))
	moreInferErr(t, soft("1", "3"), "Type of input is expected to be a floating point type. Got: i32", moreIn(t, ir.I32, "1,2,3,4"))

	sig := func(x float64) float64 { return 1 / (1 + math.Exp(-x)) }
	// One region, 4 coordinates, 2 classes, 1x1 cells: softmax over the classes.
	op := mk("coords", "4", "classes", "2", "num", "1", "do_softmax", "true", "axis", "1", "end_axis", "3")
	in := moreF32(t, []int{1, 7, 1, 1}, 0, 1, 0.3, 0.4, -2, 0, float32(math.Log(3)))
	out := run(t, op, ExecOptions{}, in)
	require.Equal(t, []int{1, 7}, out[0].Shape)
	moreNear(t, []float64{0.5, sig(1), 0.3, 0.4, sig(-2), 0.25, 0.75}, out[0], 1e-6)
	// Yolo v3: sigmoid of everything but w and h, two cells, one masked region of three.
	op = mk("coords", "4", "classes", "1", "num", "3", "do_softmax", "false", "mask", "1")
	in = moreF32(t, []int{1, 6, 1, 2}, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)
	out = run(t, op, ExecOptions{}, in)
	require.Equal(t, []int{1, 6, 1, 2}, out[0].Shape)
	moreNear(t, []float64{sig(0), sig(1), sig(2), sig(3), 4, 5, 6, 7, sig(8), sig(9), sig(10), sig(11)}, out[0], 1e-6)
}

// ReorgYolo-1: shapes and messages from type_prop/reorg_yolo.cpp, values from
// op_reference/reorg_yolo.cpp (input 0, 1, 2, ...).
func TestMoreReorgYolo(t *testing.T) {
	mk := func(s string) Op { return decodeOp(t, "ReorgYolo", "opset2", "stride", s) }
	want2 := []float32{0, 2, 4, 6, 16, 18, 20, 22, 32, 34, 36, 38, 48, 50, 52, 54,
		64, 66, 68, 70, 80, 82, 84, 86, 96, 98, 100, 102, 112, 114, 116, 118,
		1, 3, 5, 7, 17, 19, 21, 23, 33, 35, 37, 39, 49, 51, 53, 55,
		65, 67, 69, 71, 81, 83, 85, 87, 97, 99, 101, 103, 113, 115, 117, 119,
		8, 10, 12, 14, 24, 26, 28, 30, 40, 42, 44, 46, 56, 58, 60, 62,
		72, 74, 76, 78, 88, 90, 92, 94, 104, 106, 108, 110, 120, 122, 124, 126,
		9, 11, 13, 15, 25, 27, 29, 31, 41, 43, 45, 47, 57, 59, 61, 63,
		73, 75, 77, 79, 89, 91, 93, 95, 105, 107, 109, 111, 121, 123, 125, 127}
	out := run(t, mk("2"), ExecOptions{}, moreF32(t, []int{1, 8, 4, 4}, moreIota(128, 0)...))
	require.Equal(t, []int{1, 32, 2, 2}, out[0].Shape)
	require.Equal(t, want2, out[0].Data)
	want3 := []float32{0, 3, 6, 27, 30, 33, 54, 57, 60, 1, 4, 7, 28, 31, 34, 55, 58, 61, 2, 5, 8,
		29, 32, 35, 56, 59, 62, 9, 12, 15, 36, 39, 42, 63, 66, 69, 10, 13, 16, 37, 40, 43,
		64, 67, 70, 11, 14, 17, 38, 41, 44, 65, 68, 71, 18, 21, 24, 45, 48, 51, 72, 75, 78,
		19, 22, 25, 46, 49, 52, 73, 76, 79, 20, 23, 26, 47, 50, 53, 74, 77, 80}
	out = run(t, mk("3"), ExecOptions{}, tensor(t, ir.I32, []int{1, 9, 3, 3}, moreI32Iota(81)))
	require.Equal(t, []int{1, 81, 1, 1}, out[0].Shape)
	require.Equal(t, moreI32From(want3), out[0].Data)

	f := func(s string) Input { return moreIn(t, ir.F32, s) }
	require.Equal(t, "[1,16,7..8,2]", moreInfer(t, mk("2"), f("1,4,13..16,4")).Shape.String())
	require.Equal(t, "[1,256,13,13]", moreInfer(t, mk("2"), f("1,64,26,26")).Shape.String())
	require.Equal(t, "[?,?,?,?]", moreInfer(t, mk("2"), f("?,?,?,?")).Shape.String())
	require.Equal(t, "[1..4,12..36,8..16,8..16]", moreInfer(t, mk("2"), f("1..4,3..9,16..32,16..32")).Shape.String())
	require.Equal(t, "[1,96,17,31]", moreInfer(t, mk("2"), f("1,24,34,62")).Shape.String())
	require.Equal(t, "[1,81,1,1]", moreInfer(t, mk("3"), f("1,9,3,3")).Shape.String())
	require.Equal(t, "[...]", moreInfer(t, mk("2"), f("...")).Shape.String())
	moreInferErr(t, mk("2"), "stride", f("1,1,4,4"))
	moreInferErr(t, mk("2"), "[N, C, H, W] input shape is required", f("?,?,?"))
	moreInferErr(t, mk("2"), "[N, C, H, W] input shape is required", f("?,?,?,?,?"))
	moreInferErr(t, mk("3"), "H and W should be divisible by stride", f("1,9,13,3"))
	moreInferErr(t, mk("3"), "H and W should be divisible by stride", f("1,9,6,4"))
	moreInferErr(t, mk("3"), " C >= (stride*stride) is required.", f("1,8,6,6"))
	moreInferErr(t, decodeOp(t, "ReorgYolo", "opset2"), "Stride attribute is required.", f("1,8,6,6"))
}

func moreI32Iota(n int) []int32 {
	v := make([]int32, n)
	for i := range v {
		v[i] = int32(i)
	}
	return v
}

func moreI32From(f []float32) []int32 {
	v := make([]int32, len(f))
	for i, x := range f {
		v[i] = int32(x)
	}
	return v
}
