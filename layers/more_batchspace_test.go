package layers

import (
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

// BatchToSpace-1 values from op_reference/batch_to_space.cpp, shapes and messages from
// type_prop/batch_to_space.cpp.
func TestMoreBatchToSpace(t *testing.T) {
	op := decodeOp(t, "BatchToSpace", "opset2")
	cases := []struct {
		name              string
		dims              []int
		block, begin, end []int64
		outDims           []int
		want              []float32
	}{
		{"4x3", []int{4, 3}, []int64{1, 2}, []int64{0, 0}, []int64{0, 0}, []int{2, 6}, []float32{1, 7, 2, 8, 3, 9, 4, 10, 5, 11, 6, 12}},
		{"4x1x3", []int{4, 1, 3}, []int64{1, 1, 2}, []int64{0, 0, 0}, []int64{0, 0, 0}, []int{2, 1, 6}, []float32{1, 7, 2, 8, 3, 9, 4, 10, 5, 11, 6, 12}},
		{"4x1x1x3_1", []int{4, 1, 1, 3}, []int64{1, 1, 2, 1}, []int64{0, 0, 0, 0}, []int64{0, 0, 0, 0}, []int{2, 1, 2, 3}, []float32{1, 2, 3, 7, 8, 9, 4, 5, 6, 10, 11, 12}},
		{"4x1x1x3_2", []int{4, 1, 1, 3}, []int64{1, 1, 2, 2}, []int64{0, 0, 0, 0}, []int64{0, 0, 0, 0}, []int{1, 1, 2, 6}, []float32{1, 4, 2, 5, 3, 6, 7, 10, 8, 11, 9, 12}},
		{"4x1x2x3", []int{4, 1, 2, 3}, []int64{1, 1, 1, 2}, []int64{0, 0, 0, 0}, []int64{0, 0, 0, 0}, []int{2, 1, 2, 6},
			[]float32{1, 13, 2, 14, 3, 15, 4, 16, 5, 17, 6, 18, 7, 19, 8, 20, 9, 21, 10, 22, 11, 23, 12, 24}},
		{"4x1x2x3_2", []int{4, 1, 2, 3}, []int64{1, 1, 2, 2}, []int64{0, 0, 0, 0}, []int64{0, 0, 0, 0}, []int{1, 1, 4, 6},
			[]float32{1, 7, 2, 8, 3, 9, 13, 19, 14, 20, 15, 21, 4, 10, 5, 11, 6, 12, 16, 22, 17, 23, 18, 24}},
		{"crop", []int{4, 1, 2, 3}, []int64{1, 1, 2, 2}, []int64{0, 0, 0, 0}, []int64{0, 0, 0, 2}, []int{1, 1, 4, 4},
			[]float32{1, 7, 2, 8, 13, 19, 14, 20, 4, 10, 5, 11, 16, 22, 17, 23}},
		{"crop_1", []int{4, 1, 2, 3}, []int64{1, 1, 2, 2}, []int64{0, 0, 0, 2}, []int64{0, 0, 0, 0}, []int{1, 1, 4, 4},
			[]float32{2, 8, 3, 9, 14, 20, 15, 21, 5, 11, 6, 12, 17, 23, 18, 24}},
		{"crop_2", []int{4, 1, 2, 3}, []int64{1, 1, 2, 2}, []int64{0, 0, 1, 0}, []int64{0, 0, 1, 0}, []int{1, 1, 2, 6},
			[]float32{13, 19, 14, 20, 15, 21, 4, 10, 5, 11, 6, 12}},
	}
	for _, c := range cases {
		n := len(c.block)
		out := run(t, op, ExecOptions{}, moreF32(t, c.dims, moreIota(product(c.dims), 1)...),
			moreI64(t, []int{n}, c.block...), moreI64(t, []int{n}, c.begin...), moreI64(t, []int{n}, c.end...))
		require.Equal(t, c.outDims, out[0].Shape, c.name)
		require.Equal(t, c.want, out[0].Data, c.name)
	}

	k := func(v ...int64) Input { return moreConst(moreI64(t, []int{len(v)}, v...)) }
	shp := func(data string, block, begin, end Input) string {
		return moreInfer(t, op, moreIn(t, ir.F32, data), block, begin, end).Shape.String()
	}
	require.Equal(t, "[2,128]", shp("10,26", k(1, 5), k(0, 2), k(0, 0)))
	require.Equal(t, "[2,64,64,3]", shp("100,7,13,3", k(1, 10, 5, 1), k(0, 3, 1, 0), k(0, 3, 0, 0)))
	require.Equal(t, "[2,32,64,128,256]", shp("960,6,13,128,16", k(1, 6, 5, 1, 16), k(0, 2, 0, 0, 0), k(0, 2, 1, 0, 0)))
	require.Equal(t, "[2,8..116,59..69,100..150,160..320]", shp("960,2..20,12..14,100..150,10..20", k(1, 6, 5, 1, 16), k(0, 2, 0, 0, 0), k(0, 2, 1, 0, 0)))
	require.Equal(t, "[2,8..200,44..104,100..162,16..31984]", shp("959..962,2..34,9..21,100..162,1..1999", k(1, 6, 5, 1, 16), k(0, 2, 0, 0, 0), k(0, 2, 1, 0, 0)))
	require.Equal(t, "[?,?,?,?]", shp("?,?,?,?", k(1, 10, 5, 1), k(0, 3, 1, 0), k(0, 3, 0, 0)))
	require.Equal(t, "[...]", shp("...", k(1, 10, 5, 1), k(0, 3, 1, 0), k(0, 3, 0, 0)))
	require.Equal(t, "[?,?,?]", shp("6,2,3", moreIn(t, ir.I64, "3"), moreIn(t, ir.I64, "3"), moreIn(t, ir.I64, "3")))

	in := func(d string, bt, bs, ct, cs, et, es string) []Input {
		types := map[string]ir.ElementType{"i64": ir.I64, "i32": ir.I32, "f32": ir.F32}
		return []Input{moreIn(t, ir.F32, d), moreIn(t, types[bt], bs), moreIn(t, types[ct], cs), moreIn(t, types[et], es)}
	}
	moreInferErr(t, op, "block_shape, crops_begin and crops_end inputs must have same element type.", in("10,26", "i64", "2", "i32", "2", "i32", "2")...)
	moreInferErr(t, op, "block_shape and crops inputs must have integer element type.", in("10,26", "f32", "2", "f32", "2", "f32", "2")...)
	moreInferErr(t, op, "data input must have rank greater or equal than 2.", in("4", "i64", "2", "i64", "2", "i64", "2")...)
	moreInferErr(t, op, "block_shape, crops_begin and crops_end inputs must have the same shape.", in("10,26", "i64", "2,1", "i64", "2", "i64", "2")...)
	moreInferErr(t, op, "block_shape and crops inputs must have rank 1.", in("10,26", "i64", "2,1", "i64", "2,1", "i64", "2,1")...)
	moreInferErr(t, op, "block_shape and crop inputs must have same number of elements as data input rank.", in("10,26", "i64", "5", "i64", "5", "i64", "5")...)
	moreInferErr(t, op, "Elements of block_shape input must be greater or equal to one.", moreIn(t, ir.F32, "100,7,13,3"), k(0, 10, 5, 1), k(0, 3, 1, 0), k(0, 3, 0, 0))
	moreInferErr(t, op, "Elements of crops_begin and crops_end inputs must be greater or equal to zero.", moreIn(t, ir.F32, "100,7,13,3"), k(1, 10, 5, 1), k(0, 3, 1, -1), k(0, 3, 0, 0))
	moreInferErr(t, op, "[ 80, 80] must be a multiple of divisor: 50", moreIn(t, ir.F32, "80,7,13,3"), k(1, 10, 5, 1), k(0, 3, 1, 0), k(0, 3, 0, 0))
	moreInferErr(t, op, "crops_begin[i] + crops_end[i] must be less or equal to block_shape[i] * input_shape[i]", moreIn(t, ir.F32, "32,4,1,3"), k(1, 2, 2, 1), k(0, 3, 1, 2), k(0, 3, 0, 2))

	// BatchToSpace then SpaceToBatch with the same values gives the input shape back.
	s2b := decodeOp(t, "SpaceToBatch", "opset2")
	mid := moreInfer(t, op, moreIn(t, ir.F32, "4800,9,11,2"), k(1, 12, 100, 2), k(0, 3, 38, 1), k(0, 5, 38, 0))
	require.Equal(t, "[2,100,1024,3]", mid.Shape.String())
	back := moreInfer(t, s2b, Input{Type: ir.F32, Shape: mid.Shape}, k(1, 12, 100, 2), k(0, 3, 38, 1), k(0, 5, 38, 0))
	require.Equal(t, "[4800,9,11,2]", back.Shape.String())
}

// SpaceToBatch-1 values from op_reference/space_to_batch.cpp, shapes and messages from
// type_prop/space_to_batch.cpp.
func TestMoreSpaceToBatch(t *testing.T) {
	op := decodeOp(t, "SpaceToBatch", "opset2")
	ones := func(n int) []float32 {
		v := make([]float32, n)
		for i := range v {
			v[i] = 1
		}
		return v
	}
	cases := []struct {
		name              string
		dims              []int
		data              []float32
		block, begin, end []int64
		outDims           []int
		want              []float32
	}{
		{"4D", []int{1, 1, 2, 2}, ones(4), []int64{1, 1, 1, 1}, []int64{0, 0, 0, 0}, []int64{0, 0, 0, 0}, []int{1, 1, 2, 2}, ones(4)},
		{"5D", []int{1, 1, 3, 2, 1}, ones(6), []int64{1, 1, 3, 2, 2}, []int64{0, 0, 1, 0, 3}, []int64{0, 0, 2, 0, 0}, []int{12, 1, 2, 1, 2},
			[]float32{0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0,
				0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0}},
		{"4x4", []int{1, 1, 4, 4}, []float32{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}, []int64{1, 1, 1, 1}, []int64{0, 0, 1, 0}, []int64{0, 0, 0, 0},
			[]int{1, 1, 5, 4}, []float32{0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}},
	}
	for _, c := range cases {
		n := len(c.block)
		out := run(t, op, ExecOptions{}, moreF32(t, c.dims, c.data...),
			moreI64(t, []int{n}, c.block...), moreI64(t, []int{n}, c.begin...), moreI64(t, []int{n}, c.end...))
		require.Equal(t, c.outDims, out[0].Shape, c.name)
		require.Equal(t, c.want, out[0].Data, c.name)
	}
	// SpaceToBatch inverts BatchToSpace.
	b2s := decodeOp(t, "BatchToSpace", "opset2")
	data := moreF32(t, []int{4, 1, 2, 3}, moreIota(24, 1)...)
	blk, zero := moreI64(t, []int{4}, 1, 1, 2, 2), moreI64(t, []int{4}, 0, 0, 0, 0)
	mid := run(t, b2s, ExecOptions{}, data, blk, zero, zero)
	back := run(t, op, ExecOptions{}, mid[0], blk, zero, zero)
	require.Equal(t, data.Data, back[0].Data)

	k := func(v ...int64) Input { return moreConst(moreI64(t, []int{len(v)}, v...)) }
	shp := func(data string, block, begin, end Input) string {
		return moreInfer(t, op, moreIn(t, ir.F32, data), block, begin, end).Shape.String()
	}
	require.Equal(t, "[10,26]", shp("2,128", k(1, 5), k(0, 2), k(0, 0)))
	require.Equal(t, "[100,7,13,3]", shp("2,64,64,3", k(1, 10, 5, 1), k(0, 3, 1, 0), k(0, 3, 0, 0)))
	require.Equal(t, "[960,6,13,128,16]", shp("2,32,64,128,256", k(1, 6, 5, 1, 16), k(0, 2, 0, 0, 0), k(0, 2, 1, 0, 0)))
	require.Equal(t, "[?,1..,1..,?,4..]", shp("?,2..,2..,?,64..", k(1, 6, 5, 1, 16), k(0, 2, 0, 0, 0), k(0, 2, 3, 0, 0)))
	require.Equal(t, "[960,1..4,1..3,100..150,1]", shp("2,2..20,2..15,100..150,1..16", k(1, 6, 5, 1, 16), k(0, 2, 0, 0, 0), k(0, 2, 3, 0, 0)))
	require.Equal(t, "[?,?,?,?]", shp("2,2,3,4", moreIn(t, ir.I64, "4"), k(0, 0, 0, 0), k(0, 0, 0, 0)))
	moreInferErr(t, op, "block_shape must be an integral number but got (f32).", moreIn(t, ir.F32, "2,2"), moreIn(t, ir.F32, "2"), moreIn(t, ir.I64, "2"), moreIn(t, ir.I64, "2"))
	moreInferErr(t, op, "pads_end must be an integral number but got (f16).", moreIn(t, ir.F32, "2,2"), moreIn(t, ir.I64, "2"), moreIn(t, ir.I64, "2"), moreIn(t, ir.F16, "2"))
	moreInferErr(t, op, "The data tensor with rank lower than 2 is not supported (data rank: 1)", moreIn(t, ir.F32, "4"), moreIn(t, ir.I64, "1"), moreIn(t, ir.I64, "1"), moreIn(t, ir.I64, "1"))
	moreInferErr(t, op, "block_shape, pads_begin and pads_end inputs must have the same shape.", moreIn(t, ir.F32, "4,4"), moreIn(t, ir.I64, "2"), moreIn(t, ir.I64, "3"), moreIn(t, ir.I64, "2"))
	moreInferErr(t, op, "block_shape and pads inputs must have rank 1. Got: 2", moreIn(t, ir.F32, "4,4"), moreIn(t, ir.I64, "2,1"), moreIn(t, ir.I64, "2,1"), moreIn(t, ir.I64, "2,1"))
	moreInferErr(t, op, "block_shape values must be greater than 0", moreIn(t, ir.F32, "2,4"), k(1, 0), k(0, 0), k(0, 0))
	moreInferErr(t, op, "must be a multiple of divisor: 4", moreIn(t, ir.F32, "2,5"), k(1, 4), k(0, 0), k(0, 2))
	// irrun refuses a block or pads on the batch axis at execution.
	_, err := runErr(op, ExecOptions{}, moreF32(t, []int{2, 2}, 1, 2, 3, 4), moreI64(t, []int{2}, 2, 1), moreI64(t, []int{2}, 0, 0), moreI64(t, []int{2}, 0, 0))
	requireUnsupported(t, err)
}
