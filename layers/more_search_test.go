package layers

import (
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

// ExtractImagePatches-3 values from op_reference/extract_image_patches.cpp, shapes and
// messages from type_prop/extractimagepatches.cpp.
func TestMoreExtractImagePatches(t *testing.T) {
	mk := func(sizes, strides, rates, pad string) Op {
		return decodeOp(t, "ExtractImagePatches", "opset3", "sizes", sizes, "strides", strides, "rates", rates, "auto_pad", pad)
	}
	img := moreF32(t, []int{1, 1, 10, 10}, moreIota(100, 1)...)
	cases := []struct {
		op      Op
		in      *ir.Tensor
		outDims []int
		want    []float32
	}{
		{mk("3,3", "5,5", "1,1", "valid"), img, []int{1, 9, 2, 2}, []float32{1, 6, 51, 56, 2, 7, 52, 57, 3, 8, 53, 58,
			11, 16, 61, 66, 12, 17, 62, 67, 13, 18, 63, 68, 21, 26, 71, 76, 22, 27, 72, 77, 23, 28, 73, 78}},
		{mk("4,4", "8,8", "1,1", "valid"), img, []int{1, 16, 1, 1}, []float32{1, 2, 3, 4, 11, 12, 13, 14, 21, 22, 23, 24, 31, 32, 33, 34}},
		{mk("4,4", "9,9", "1,1", "same_upper"), img, []int{1, 16, 2, 2}, []float32{0, 0, 0, 89, 0, 0, 81, 90, 0, 0, 82, 0, 0, 0, 83, 0,
			0, 9, 0, 99, 1, 10, 91, 100, 2, 0, 92, 0, 3, 0, 93, 0, 0, 19, 0, 0, 11, 20, 0, 0, 12, 0, 0, 0, 13, 0, 0, 0,
			0, 29, 0, 0, 21, 30, 0, 0, 22, 0, 0, 0, 23, 0, 0, 0}},
		{mk("3,3", "5,5", "2,2", "valid"), img, []int{1, 9, 2, 2}, []float32{1, 6, 51, 56, 3, 8, 53, 58, 5, 10, 55, 60,
			21, 26, 71, 76, 23, 28, 73, 78, 25, 30, 75, 80, 41, 46, 91, 96, 43, 48, 93, 98, 45, 50, 95, 100}},
		{mk("2,2", "3,3", "1,1", "valid"), moreF32(t, []int{1, 2, 5, 5}, moreIota(50, 1)...), []int{1, 8, 2, 2},
			[]float32{1, 4, 16, 19, 26, 29, 41, 44, 2, 5, 17, 20, 27, 30, 42, 45, 6, 9, 21, 24, 31, 34, 46, 49, 7, 10, 22, 25, 32, 35, 47, 50}},
	}
	for i, c := range cases {
		out := run(t, c.op, ExecOptions{}, c.in)
		require.Equal(t, c.outDims, out[0].Shape, "case %d", i)
		require.Equal(t, c.want, out[0].Data, "case %d", i)
	}
	shp := func(op Op, s string) string { return moreInfer(t, op, moreIn(t, ir.F32, s)).Shape.String() }
	require.Equal(t, "[64,27,2,2]", shp(mk("3,3", "5,5", "1,1", "valid"), "64,3,10,10"))
	require.Equal(t, "[64,27,2,2]", shp(mk("3,3", "5,5", "1,1", "same_upper"), "64,3,9,9"))
	require.Equal(t, "[64,27,2,2]", shp(mk("3,3", "5,5", "1,1", "same_lower"), "64,3,9,10"))
	require.Equal(t, "[64,27,1,1]", shp(mk("3,3", "5,5", "2,2", "valid"), "64,3,9,9"))
	require.Equal(t, "[?,?,?,?]", shp(mk("3,3", "5,5", "1,1", "valid"), "..."))
	require.Equal(t, "[?,9..27,?,1..2]", shp(mk("3,3", "5,5", "1,1", "valid"), "?,1..3,?,5..10"))
	moreInferErr(t, mk("3,3", "5,5", "1,1", "valid"), "input tensor must be 4D tensor.", moreIn(t, ir.F32, "1,3,10"))
	moreInferErr(t, mk("3", "5,5", "1,1", "valid"), "Attribute sizes should be in [size_rows, size_cols] format.", moreIn(t, ir.F32, "1,3,10,10"))
	moreInferErr(t, mk("3,3", "5,5,1", "1,1", "valid"), "Attribute strides should be in [stride_rows, stride_cols] format.", moreIn(t, ir.F32, "1,3,10,10"))
	moreInferErr(t, mk("3,3", "0,5", "1,1", "valid"), "Attribute strides should be strictly greater than zeros in values.", moreIn(t, ir.F32, "1,3,10,10"))
	moreInferErr(t, mk("3,3", "5,5", "1", "valid"), "Attribute rates should be in [rate_rows, rate_cols] format.", moreIn(t, ir.F32, "1,3,10,10"))
	moreInferErr(t, mk("3,3", "5,5", "1,0", "valid"), "Attribute rates should be strictly greater than zeros in values.", moreIn(t, ir.F32, "1,3,10,10"))
	moreInferErr(t, mk("3,3", "5,5", "1,1", "explicit"), "Attribute padding should be in either valid or same_lower or same_upper.", moreIn(t, ir.F32, "1,3,10,10"))
}

// Bucketize-3: checks of bucketize.cpp (type_prop/bucketize.cpp), values of
// reference/bucketize.hpp (op_reference/bucketize.cpp).
func TestMoreBucketize(t *testing.T) {
	left := decodeOp(t, "Bucketize", "opset3", "output_type", "i32", "with_right_bound", "false")
	right := decodeOp(t, "Bucketize", "opset3")
	data := moreF32(t, []int{2, 3, 2}, 8, 1, 2, 1, 8, 5, 1, 5, 0, 20, -1, 3)
	buckets := tensor(t, ir.I32, []int{4}, []int32{1, 4, 10, 20})
	out := run(t, left, ExecOptions{}, data, buckets)
	require.Equal(t, []int32{2, 1, 1, 1, 2, 2, 1, 2, 0, 4, 0, 1}, out[0].Data)
	out = run(t, right, ExecOptions{}, data, buckets)
	require.Equal(t, []int64{2, 0, 1, 0, 2, 2, 0, 2, 0, 3, 0, 1}, out[0].Data)
	out = run(t, right, ExecOptions{}, moreI64(t, []int{3}, 5, 1, 100), moreI64(t, []int{0}))
	require.Equal(t, []int64{0, 0, 0}, out[0].Data)

	o := moreInfer(t, right, moreIn(t, ir.F32, "2,?,4..5"), moreIn(t, ir.I32, "?"))
	require.Equal(t, ir.I64, o.Type)
	require.Equal(t, "[2,?,4..5]", o.Shape.String())
	moreInferErr(t, right, "Buckets input must be a 1D tensor. Got: [4,5]", moreIn(t, ir.F32, "2"), moreIn(t, ir.F32, "4,5"))
	moreInferErr(t, right, "Data input type must be numeric. Got: boolean", moreIn(t, ir.Boolean, "2"), moreIn(t, ir.F32, "4"))
	moreInferErr(t, right, "Buckets input type must be numeric. Got: boolean", moreIn(t, ir.F32, "2"), moreIn(t, ir.Boolean, "4"))
	bad := decodeOp(t, "Bucketize", "opset3", "output_type", "f32")
	moreInferErr(t, bad, "Output type must be i32 or i64. Got: f32", moreIn(t, ir.F32, "2"), moreIn(t, ir.F32, "4"))
}

// SearchSorted-15: shapes and messages of search_sorted_shape_inference.hpp
// (type_prop/search_sorted.cpp), values of reference/search_sorted.hpp (torch.searchsorted).
func TestMoreSearchSorted(t *testing.T) {
	left := decodeOp(t, "SearchSorted", "opset15")
	right := decodeOp(t, "SearchSorted", "opset15", "right_mode", "true")
	sorted := moreF32(t, []int{2, 5}, 1, 3, 5, 7, 9, 2, 4, 6, 8, 10)
	values := moreF32(t, []int{2, 3}, 3, 6, 9, 3, 6, 9)
	out := run(t, left, ExecOptions{}, sorted, values)
	require.Equal(t, []int64{1, 3, 4, 1, 2, 4}, out[0].Data)
	out = run(t, right, ExecOptions{}, sorted, values)
	require.Equal(t, []int64{2, 3, 5, 1, 3, 4}, out[0].Data)
	out = run(t, left, ExecOptions{}, moreF32(t, []int{4}, 1, 2, 2, 3), moreF32(t, nil, 2))
	require.Equal(t, []int64{1}, out[0].Data)
	out = run(t, right, ExecOptions{}, moreF32(t, []int{4}, 1, 2, 2, 3), moreF32(t, []int{2, 2}, 2, 0, 4, 1))
	require.Equal(t, []int64{3, 0, 4, 1}, out[0].Data)

	shp := func(s, v string) string {
		return moreInfer(t, left, moreIn(t, ir.F32, s), moreIn(t, ir.F32, v)).Shape.String()
	}
	require.Equal(t, "[1,3,100]", shp("1,3,6", "1,3,100"))
	require.Equal(t, "[10,20,30,50]", shp("50", "10,20,30,50"))
	require.Equal(t, "[1..3,2,10,7]", shp("1..5,2,?,6", "..3,?,10,7"))
	require.Equal(t, "[1,3,?]", shp("1,3,6", "..."))
	require.Equal(t, "[...]", shp("...", "..."))
	require.Equal(t, "[]", shp("5", ""))
	moreInferErr(t, left, "The sorted sequence input cannot be a scalar.", moreIn(t, ir.F32, ""), moreIn(t, ir.F32, "2"))
	// The 2025 shape inference (tp_search_sorted_test.go) has one rank message for both.
	moreInferErr(t, left, "If the shape of sorted sequence is not 1D, the ranks of the inputs have to be compatible.", moreIn(t, ir.F32, "2,3"), moreIn(t, ir.F32, ""))
	moreInferErr(t, left, "If the shape of sorted sequence is not 1D, the ranks of the inputs have to be compatible.", moreIn(t, ir.F32, "2,3"), moreIn(t, ir.F32, "2,3,4"))
	moreInferErr(t, left, "All dimensions but the last one have to be compatible.", moreIn(t, ir.F32, "2,3"), moreIn(t, ir.F32, "3,4"))
	moreInferErr(t, left, "Sorted sequence and values must have the same element type.", moreIn(t, ir.F32, "3"), moreIn(t, ir.I32, "4"))
	bad := decodeOp(t, "SearchSorted", "opset15", "output_type", "u8")
	moreInferErr(t, bad, "The element type of the last output can only be set to i32 or i64.", moreIn(t, ir.F32, "3"), moreIn(t, ir.F32, "4"))
}

// GatherTree-1: checks of gather_tree.cpp and gather_tree_shape_inference.hpp
// (type_prop/gather_tree.cpp); values worked through reference/gather_tree.cpp by hand
// (TensorFlow's gather_tree).
func TestMoreGatherTree(t *testing.T) {
	op := decodeOp(t, "GatherTree", "opset1")
	step := moreF32(t, []int{3, 1, 2}, 1, 2, 3, 4, 5, 6)
	parent := moreF32(t, []int{3, 1, 2}, 0, 0, 1, 0, 0, 1)
	out := moreRunAll(t, op, step, parent, moreF32(t, []int{1}, 3), moreF32(t, nil, 10))
	require.Equal(t, []float32{2, 1, 3, 4, 5, 6}, out[0].Data)
	out = moreRunAll(t, op, step, parent, moreF32(t, []int{1}, 3), moreF32(t, nil, 3))
	require.Equal(t, []float32{2, 1, 3, 4, 3, 6}, out[0].Data)
	out = moreRunAll(t, op, step, parent, moreF32(t, []int{1}, 2), moreF32(t, nil, 10))
	require.Equal(t, []float32{2, 1, 3, 4, 10, 10}, out[0].Data)
	i := func(v ...int32) *ir.Tensor { return moreI32(t, []int{3, 1, 2}, v...) }
	out = run(t, op, ExecOptions{}, i(1, 2, 3, 4, 5, 6), i(0, 0, 1, 0, 0, 1), moreI32(t, []int{1}, 3), moreI32(t, nil, 10))
	require.Equal(t, []int32{2, 1, 3, 4, 5, 6}, out[0].Data)
	_, err := runErr(op, ExecOptions{}, i(1, 2, 3, 4, 5, 6), i(0, 0, 7, 0, 0, 1), moreI32(t, []int{1}, 3), moreI32(t, nil, 10))
	require.ErrorContains(t, err, "outside the beam width")

	f := func(s string) Input { return moreIn(t, ir.F32, s) }
	require.Equal(t, "[25,32,10]", moreInfer(t, op, f("25,32,10"), f("25,32,10"), f("32"), f("")).Shape.String())
	require.Equal(t, "[?,32,10]", moreInfer(t, op, f("..."), f("?,?,10"), f("32"), f("")).Shape.String())
	require.Equal(t, "[?,2..3,?]", moreInfer(t, op, f("?,1..3,?"), f("..."), f("2..5"), f("...")).Shape.String())
	moreInferErr(t, op, "Inputs must have the same element type. Got: step_ids (f32), parent_idx_et (i32)", f("1,1,1"), moreIn(t, ir.I32, "1,1,1"), f("1"), f(""))
	moreInferErr(t, op, "Element type of inputs must be numeric. Got: boolean", moreIn(t, ir.Boolean, "1,1,1"), moreIn(t, ir.Boolean, "1,1,1"), moreIn(t, ir.Boolean, "1"), moreIn(t, ir.Boolean, ""))
	moreInferErr(t, op, "step_ids and parent_idx inputs must have the same shape with rank 3. Got: [25,32] and [25,32]", f("25,32"), f("25,32"), f("32"), f(""))
	moreInferErr(t, op, "step_ids and parent_idx inputs must have the same shape with rank 3.", f("25,32,10"), f("25,31,10"), f("32"), f(""))
	moreInferErr(t, op, "max_seq_len input must have rank 1. Got: [32,1]", f("25,32,10"), f("25,32,10"), f("32,1"), f(""))
	moreInferErr(t, op, "Number of elements of max_seq_len input must match BATCH_SIZE dimension of step_ids/parent_idx inputs. Got: 32 and 31, respectively",
		f("25,32,10"), f("25,32,10"), f("31"), f(""))
	moreInferErr(t, op, "end_token input must be scalar. Got: [1]", f("25,32,10"), f("25,32,10"), f("32"), f("1"))
}
