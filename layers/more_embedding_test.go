package layers

import (
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

// moreTyped builds a tensor of type typ from float64 values (converted as Convert does).
func moreTyped(t *testing.T, typ ir.ElementType, dims []int, v ...float64) *ir.Tensor {
	t.Helper()
	x, err := ConvertTensor(tensor(t, ir.F64, dims, v), typ)
	require.NoError(t, err)
	return x
}

// Shapes and messages: src/core/tests/type_prop/embeddingbag_offsetssum.cpp,
// embeddingbag_offsets.cpp (v15), embeddingbag_packedsum.cpp, embeddingbag_packed.cpp,
// embedding_segments_sum.cpp.
func TestMoreEmbeddingInfer(t *testing.T) {
	f32 := func(s string) Input { return moreIn(t, ir.F32, s) }
	i64 := func(s string) Input { return moreIn(t, ir.I64, s) }
	i32 := func(s string) Input { return moreIn(t, ir.I32, s) }
	cases := []struct {
		name, typ, opset string
		attrs            []string
		in               []Input
		want, err        string
	}{
		{"ebos_default_ctor", "EmbeddingBagOffsetsSum", "opset3", nil, []Input{f32("5,2,6"), i64("4"), i64("3"), i64(""), f32("4")}, "[3,2,6]", ""},
		{"ebos_labeled_interval_dims", "EmbeddingBagOffsetsSum", "opset3", nil, []Input{f32("5..10,2..4,1..3"), i64("3..4"), i64("6..8"), i64(""), f32("3..4")}, "[6..8,2..4,1..3]", ""},
		{"ebos_dynamic_emb_table", "EmbeddingBagOffsetsSum", "opset3", nil, []Input{f32("5,?"), i64("4"), i64("3"), i64(""), f32("4")}, "[3,?]", ""},
		{"ebos_dynamic_offsets", "EmbeddingBagOffsetsSum", "opset3", nil, []Input{f32("5,2"), i64("4"), i64("?"), i64(""), f32("4")}, "[?,2]", ""},
		{"ebos_3_inputs dynamic rank table", "EmbeddingBagOffsetsSum", "opset3", nil, []Input{f32("..."), i64("4"), i64("3")}, "[...]", ""},
		{"ebos_fail_indices_element_type", "EmbeddingBagOffsetsSum", "opset3", nil, []Input{f32("5,2"), f32("4"), i64("3"), i64(""), f32("4")}, "", "INDICES type must be i32 or i64"},
		{"ebos_fail_offsets_element_type", "EmbeddingBagOffsetsSum", "opset3", nil, []Input{f32("5,2"), i64("4"), f32("3"), i64(""), f32("4")}, "", "OFFSETS type must be i32 or i64"},
		{"ebos_fail_default_index_element_type", "EmbeddingBagOffsetsSum", "opset3", nil, []Input{f32("5,2"), i64("4"), i64("3"), f32(""), f32("4")}, "", "DEFAULT_INDEX type must be i32 or i64"},
		{"ebos_fail_mismatch_element_type", "EmbeddingBagOffsetsSum", "opset3", nil, []Input{f32("5,2"), i32("4"), i64("3"), i64(""), f32("4")}, "", "Offsets element type (i64) must match indices element type (i32)"},
		{"ebos_fail_mismatch_element_type_1", "EmbeddingBagOffsetsSum", "opset3", nil, []Input{f32("5,2"), i64("4"), i64("3"), i32(""), f32("4")}, "", "Default_index element type (i32) must match indices element type (i64)"},
		{"ebos_fail_mismatch_element_type_2", "EmbeddingBagOffsetsSum", "opset3", nil, []Input{f32("5,2"), i64("4"), i64("3"), i64(""), i64("4")}, "", "Per sample weight element type (i64) must match embedding table element type (f32)"},
		{"ebos_fail_mismatch_shape", "EmbeddingBagOffsetsSum", "opset3", nil, []Input{f32("5,2"), i64("4"), i64("3"), i64(""), f32("3")}, "", "INDICES and PER_SAMPLE_WEIGHTS shape must be same"},
		{"ebos_fail_default_index_scalar", "EmbeddingBagOffsetsSum", "opset3", nil, []Input{f32("5,2"), i64("4"), i64("3"), i64("2"), f32("4")}, "", "DEFAULT_INDEX must be a scalar"},
		{"ebos_fail_indices_1d", "EmbeddingBagOffsetsSum", "opset3", nil, []Input{f32("5,2"), i64("4,2"), i64("3"), i64(""), f32("4")}, "", "INDICES must be 1D"},
		{"ebos_fail_emb_table_0d", "EmbeddingBagOffsetsSum", "opset3", nil, []Input{f32(""), i64("4"), i64("3"), i64(""), f32("4")}, "", "EMB_TABLE can't be a scalar"},
		{"ebos_fail_offsets_1d", "EmbeddingBagOffsetsSum", "opset3", nil, []Input{f32("5,2"), i64("4"), i64("3,2"), i64(""), f32("4")}, "", "OFFSETS must be 1D"},
		{"ebos_fail_per_sample_weights_1d", "EmbeddingBagOffsetsSum", "opset3", nil, []Input{f32("5,2"), i64("4"), i64("3"), i64(""), f32("4,2")}, "", "PER_SAMPLE_WEIGHTS must be 1D"},
		{"ebo v15 mean", "EmbeddingBagOffsets", "opset15", []string{"reduction", "mean"}, []Input{f32("5,2"), i64("4"), i64("3"), i64("")}, "[3,2]", ""},
		{"ebo v15 mean with weights", "EmbeddingBagOffsets", "opset15", []string{"reduction", "mean"}, []Input{f32("5,2"), i64("4"), i64("3"), i64(""), f32("4")}, "",
			"Per sample weights can only be used in Reduction::SUM mode."},
		{"ebos v3 ignores reduction", "EmbeddingBagOffsetsSum", "opset3", []string{"reduction", "mean"}, []Input{f32("5,2"), i64("4"), i64("3"), i64(""), f32("4")}, "[3,2]", ""},
		{"ebps", "EmbeddingBagPackedSum", "opset3", nil, []Input{f32("5,2"), i64("3,4"), f32("3,4")}, "[3,2]", ""},
		{"ebps_dynamic_indices", "EmbeddingBagPackedSum", "opset3", nil, []Input{f32("5,2"), i64("?,4"), f32("3,?")}, "[3,2]", ""},
		{"ebps_interval", "EmbeddingBagPackedSum", "opset3", nil, []Input{f32("5..10,2..4,1..3"), i64("6..8,?")}, "[6..8,2..4,1..3]", ""},
		{"ebps_fail_indices_element_type", "EmbeddingBagPackedSum", "opset3", nil, []Input{f32("5,2"), f32("3,4"), f32("3,4")}, "", "INDICES type must be i32 or i64"},
		{"ebps_fail_mismatch_element_type", "EmbeddingBagPackedSum", "opset3", nil, []Input{f32("5,2"), i64("3,4"), i64("3,4")}, "", "Per sample weight element type (i64) must match embedding table element type (f32)"},
		{"ebps_fail_mismatch_shape", "EmbeddingBagPackedSum", "opset3", nil, []Input{f32("5,2"), i64("3,4"), f32("4,3")}, "", "INDICES and PER_SAMPLE_WEIGHTS shape must be same"},
		{"ebps_fail_indices_2d", "EmbeddingBagPackedSum", "opset3", nil, []Input{f32("5,2"), i64("2"), f32("2")}, "", "INDICES must be 2D"},
		{"ebps_fail_per_sample_weights_2d", "EmbeddingBagPackedSum", "opset3", nil, []Input{f32("5,2"), i64("3,4"), f32("2")}, "", "PER_SAMPLE_WEIGHTS must be 2D"},
		{"ebp v15 mean with weights", "EmbeddingBagPacked", "opset15", []string{"reduction", "mean"}, []Input{f32("5,2"), i64("3,4"), f32("3,4")}, "",
			"Per sample weights can only be used in Reduction::SUM mode."},
		{"ess const num_segments", "EmbeddingSegmentsSum", "opset3", nil, []Input{f32("5,2,6"), i64("4"), i64("4"), moreConst(tensor(t, ir.I64, nil, []int64{3})), i64(""), f32("4")}, "[3,2,6]", ""},
		{"ess dynamic num_segments", "EmbeddingSegmentsSum", "opset3", nil, []Input{f32("5,2"), i64("4"), i64("4"), i64("")}, "[?,2]", ""},
		{"ess bounded num_segments", "EmbeddingSegmentsSum", "opset3", nil, []Input{f32("5,2"), i64("4"), i64("4"), {Type: ir.I64, Shape: shape(t, ""), Bounds: &Bounds{Lo: []int64{2}, Hi: []int64{7}}}}, "[2..7,2]", ""},
		{"ess_fail_segment_ids_element_type", "EmbeddingSegmentsSum", "opset3", nil, []Input{f32("5,2"), i64("4"), f32("4"), i64("")}, "", "SEGMENT_IDS type must be i32 or i64"},
		{"ess_fail_num_segments_element_type", "EmbeddingSegmentsSum", "opset3", nil, []Input{f32("5,2"), i64("4"), i64("4"), f32("")}, "", "NUM_SEGMENTS type must be i32 or i64"},
		{"ess_fail_mismatch_element_type", "EmbeddingSegmentsSum", "opset3", nil, []Input{f32("5,2"), i32("4"), i64("4"), i64("")}, "", "Segment_ids element type (i64) must match indices element type (i32)"},
		{"ess_fail_mismatch_element_type_2", "EmbeddingSegmentsSum", "opset3", nil, []Input{f32("5,2"), i64("4"), i64("4"), i32("")}, "", "Num_segments element type (i32) must match Segment_ids element type (i64)"},
		{"ess_fail_mismatch_shape", "EmbeddingSegmentsSum", "opset3", nil, []Input{f32("5,2"), i64("4"), i64("3"), i64("")}, "", "INDICES and SEGMENT_IDS shape must be same"},
		{"ess_fail_num_segments_scalar", "EmbeddingSegmentsSum", "opset3", nil, []Input{f32("5,2"), i64("4"), i64("4"), i64("2")}, "", "NUM_SEGMENTS must be a scalar"},
		{"ess_fail_per_sample_weights", "EmbeddingSegmentsSum", "opset3", nil, []Input{f32("5,2"), i64("4"), i64("4"), i64(""), i64(""), f32("3")}, "", "INDICES and PER_SAMPLE_WEIGHTS shape must be same"},
		{"ess_fail_emb_table_0d", "EmbeddingSegmentsSum", "opset3", nil, []Input{f32(""), i64("4"), i64("4"), i64("")}, "", "EMB_TABLE can't be a scalar"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			op := decodeOp(t, c.typ, c.opset, c.attrs...)
			outs, err := op.Infer(c.in)
			if c.err != "" {
				require.ErrorContains(t, err, c.err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, c.want, outs[0].Shape.String())
			require.Equal(t, c.in[0].Type, outs[0].Type)
		})
	}
}

// Values: src/plugins/template/tests/functional/op_reference/embeddingbag_offsets.cpp (v15,
// sum and mean), embeddingbag_offsetssum.cpp, embeddingbag_packed.cpp,
// embeddingbag_packedsum.cpp, embedding_segments_sum.cpp (same tables and indices).
func TestMoreEmbeddingRun(t *testing.T) {
	fTable := []float64{-0.2, -0.6, -0.1, -0.4, -1.9, -1.8, -1., 1.5, 0.8, -0.7}
	iTable := []float64{-1, 2, 3, 4, -5, -6, -7, 8, 9, 10}
	uTable := []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	idx := func(typ ir.ElementType, dims []int, v ...float64) *ir.Tensor { return moreTyped(t, typ, dims, v...) }
	type tc struct {
		name, typ, opset string
		attrs            []string
		dt               ir.ElementType
		table            []float64
		in               []*ir.Tensor // after the table
		want             []float64
	}
	off := func(it ir.ElementType) []*ir.Tensor {
		return []*ir.Tensor{idx(it, []int{4}, 0, 2, 3, 4), idx(it, []int{3}, 0, 2, 2)}
	}
	def := func(it ir.ElementType, v float64) *ir.Tensor { return idx(it, nil, v) }
	packed := func(it ir.ElementType) *ir.Tensor { return idx(it, []int{3, 2}, 0, 2, 1, 2, 3, 4) }
	seg := func(it ir.ElementType) []*ir.Tensor {
		return []*ir.Tensor{idx(it, []int{4}, 0, 2, 3, 4), idx(it, []int{4}, 0, 0, 2, 2), idx(it, nil, 3)}
	}
	cases := []tc{
		{"ebo f32 weights", "EmbeddingBagOffsets", "opset15", nil, ir.F32, fTable,
			append(off(ir.I32), def(ir.I32, 0), idx(ir.F32, []int{4}, 0.5, 0.5, 0.5, 0.5)), []float64{-1.05, -1.2, -0.2, -0.6, -0.1, 0.4}},
		{"ebo f64 default", "EmbeddingBagOffsets", "opset15", nil, ir.F64, fTable, append(off(ir.I32), def(ir.I32, 0)), []float64{-2.1, -2.4, -0.2, -0.6, -0.2, 0.8}},
		{"ebo i32", "EmbeddingBagOffsets", "opset15", nil, ir.I32, iTable, off(ir.I32), []float64{-6, -4, 0, 0, 2, 18}},
		{"ebo u32 default 1", "EmbeddingBagOffsets", "opset15", nil, ir.U32, uTable, append(off(ir.I32), def(ir.I32, 1)), []float64{6, 8, 3, 4, 16, 18}},
		{"ebo f16", "EmbeddingBagOffsets", "opset15", nil, ir.F16, fTable, off(ir.I64), []float64{-2.1, -2.4, 0, 0, -0.2, 0.8}},
		{"ebo i8 weights", "EmbeddingBagOffsets", "opset15", nil, ir.I8, iTable, append(off(ir.I64), def(ir.I64, 0), idx(ir.I8, []int{4}, 2, 2, 2, 2)), []float64{-12, -8, -1, 2, 4, 36}},
		{"ebo i16 default -1", "EmbeddingBagOffsets", "opset15", nil, ir.I16, iTable, append(off(ir.I32), def(ir.I32, -1)), []float64{-6, -4, 0, 0, 2, 18}},
		{"ebo mean f64", "EmbeddingBagOffsets", "opset15", []string{"reduction", "mean"}, ir.F64, fTable, append(off(ir.I32), def(ir.I32, 0)), []float64{-1.05, -1.2, -0.2, -0.6, -0.1, 0.4}},
		{"ebo mean i32", "EmbeddingBagOffsets", "opset15", []string{"reduction", "mean"}, ir.I32, iTable, off(ir.I32), []float64{-3, -2, 0, 0, 1, 9}},
		{"ebo mean u32", "EmbeddingBagOffsets", "opset15", []string{"reduction", "mean"}, ir.U32, uTable, append(off(ir.I32), def(ir.I32, 1)), []float64{3, 4, 3, 4, 8, 9}},
		{"ebo mean i64", "EmbeddingBagOffsets", "opset15", []string{"reduction", "mean"}, ir.I64, iTable, append(off(ir.I64), def(ir.I64, 0)), []float64{-3, -2, -1, 2, 1, 9}},
		{"ebos f32 weights", "EmbeddingBagOffsetsSum", "opset3", nil, ir.F32, fTable,
			append(off(ir.I32), def(ir.I32, 0), idx(ir.F32, []int{4}, 0.5, 0.5, 0.5, 0.5)), []float64{-1.05, -1.2, -0.2, -0.6, -0.1, 0.4}},
		{"ebos i64 default 0", "EmbeddingBagOffsetsSum", "opset3", nil, ir.I64, iTable, append(off(ir.I64), def(ir.I64, 0)), []float64{-6, -4, -1, 2, 2, 18}},
		{"ebp f32 weights", "EmbeddingBagPacked", "opset15", nil, ir.F32, fTable,
			[]*ir.Tensor{packed(ir.I32), idx(ir.F32, []int{3, 2}, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5)}, []float64{-1.05, -1.2, -1, -1.1, -0.1, 0.4}},
		{"ebp f64", "EmbeddingBagPacked", "opset15", nil, ir.F64, fTable, []*ir.Tensor{packed(ir.I32)}, []float64{-2.1, -2.4, -2.0, -2.2, -0.2, 0.8}},
		{"ebp u8", "EmbeddingBagPacked", "opset15", nil, ir.U8, uTable, []*ir.Tensor{packed(ir.I64)}, []float64{6, 8, 8, 10, 16, 18}},
		{"ebp i8 weights", "EmbeddingBagPacked", "opset15", nil, ir.I8, iTable, []*ir.Tensor{packed(ir.I64), idx(ir.I8, []int{3, 2}, 2, 2, 2, 2, 2, 2)}, []float64{-12, -8, -4, -4, 4, 36}},
		{"ebp mean i32", "EmbeddingBagPacked", "opset15", []string{"reduction", "mean"}, ir.I32, iTable, []*ir.Tensor{packed(ir.I32)}, []float64{-3, -2, -1, -1, 1, 9}},
		{"ebp mean f16", "EmbeddingBagPacked", "opset15", []string{"reduction", "mean"}, ir.F16, fTable, []*ir.Tensor{packed(ir.I64)}, []float64{-1.05, -1.2, -1.0, -1.1, -0.1, 0.4}},
		{"ebp mean u8", "EmbeddingBagPacked", "opset15", []string{"reduction", "mean"}, ir.U8, uTable, []*ir.Tensor{packed(ir.I64)}, []float64{3, 4, 4, 5, 8, 9}},
		{"ebps f32", "EmbeddingBagPackedSum", "opset3", nil, ir.F32, fTable, []*ir.Tensor{packed(ir.I32)}, []float64{-2.1, -2.4, -2.0, -2.2, -0.2, 0.8}},
		{"ess f32 weights", "EmbeddingSegmentsSum", "opset3", nil, ir.F32, fTable,
			append(seg(ir.I32), def(ir.I32, 0), idx(ir.F32, []int{4}, 0.5, 0.5, 0.5, 0.5)), []float64{-1.05, -1.2, -0.2, -0.6, -0.1, 0.4}},
		{"ess i32", "EmbeddingSegmentsSum", "opset3", nil, ir.I32, iTable, seg(ir.I32), []float64{-6, -4, 0, 0, 2, 18}},
		{"ess u32 default 1", "EmbeddingSegmentsSum", "opset3", nil, ir.U32, uTable, append(seg(ir.I32), def(ir.I32, 1)), []float64{6, 8, 3, 4, 16, 18}},
		{"ess f16", "EmbeddingSegmentsSum", "opset3", nil, ir.F16, fTable, seg(ir.I64), []float64{-2.1, -2.4, 0, 0, -0.2, 0.8}},
		{"ess i64 default 0", "EmbeddingSegmentsSum", "opset3", nil, ir.I64, iTable, append(seg(ir.I64), def(ir.I64, 0)), []float64{-6, -4, -1, 2, 2, 18}},
		{"ess i8 weights", "EmbeddingSegmentsSum", "opset3", nil, ir.I8, iTable, append(seg(ir.I64), def(ir.I64, 0), idx(ir.I8, []int{4}, 2, 2, 2, 2)), []float64{-12, -8, -1, 2, 4, 36}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			op := decodeOp(t, c.typ, c.opset, c.attrs...)
			got := moreRunAll(t, op, append([]*ir.Tensor{moreTyped(t, c.dt, []int{5, 2}, c.table...)}, c.in...)...)
			require.Equal(t, c.dt, got[0].Type)
			require.Equal(t, []int{3, 2}, got[0].Shape)
			tol := 1e-6
			if c.dt == ir.F16 {
				tol = 2e-3
			}
			moreNear(t, c.want, got[0], tol)
		})
	}
}

// Hostile index values: OpenVINO's reference reads outside the table; irrun errors.
func TestMoreEmbeddingBadIndices(t *testing.T) {
	table := moreF32(t, []int{2, 2}, 1, 2, 3, 4)
	op := decodeOp(t, "EmbeddingBagOffsets", "opset15")
	_, err := moreRunAllErr(op, table, moreI64(t, []int{2}, 0, 5), moreI64(t, []int{1}, 0))
	require.ErrorContains(t, err, "outside the table")
	_, err = moreRunAllErr(op, table, moreI64(t, []int{2}, 0, 1), moreI64(t, []int{2}, 0, 2))
	require.ErrorContains(t, err, "Offset value exceeds indices size")
	_, err = moreRunAllErr(op, table, moreI64(t, []int{2}, 0, 1), moreI64(t, []int{2}, 1, 0))
	require.ErrorContains(t, err, "not increasing")
	ess := decodeOp(t, "EmbeddingSegmentsSum", "opset3")
	_, err = moreRunAllErr(ess, table, moreI64(t, []int{2}, 0, 1), moreI64(t, []int{2}, 0, 3), tensor(t, ir.I64, nil, []int64{2}))
	require.ErrorContains(t, err, "Segment index could not be more than segments number")
	_, err = moreRunAllErr(ess, table, moreI64(t, []int{2}, 0, 1), moreI64(t, []int{2}, 0, 0), tensor(t, ir.I64, nil, []int64{2}), tensor(t, ir.I64, nil, []int64{-1}))
	require.ErrorContains(t, err, "Invalid default index")
	_, err = moreRunAllErr(decodeOp(t, "EmbeddingBagPackedSum", "opset3"), table, moreI64(t, []int{1, 2}, 0, -1))
	require.ErrorContains(t, err, "outside the table")
	_, err = moreRunAllErr(decodeOp(t, "EmbeddingBagPackedSum", "opset3"), tensor(t, ir.Boolean, []int{2, 1}, []bool{true, false}), moreI64(t, []int{1, 2}, 0, 1))
	requireUnsupported(t, err)
}
