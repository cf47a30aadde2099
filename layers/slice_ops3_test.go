package layers

import (
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
	"github.com/x448/float16"
)

func scalarI64(t *testing.T, v int64) *ir.Tensor { return tensor(t, ir.I64, []int{}, []int64{v}) }

// Scatter values: the op specs' examples (ScatterUpdate-3, ScatterNDUpdate-3,
// ScatterElementsUpdate-3) and hand-computed reductions of ScatterElementsUpdate-12 /
// ScatterNDUpdate-15 following reference scatter_elements_update.hpp (neutral values
// without use_init_val, integer mean rounded down).
func TestScatterRun(t *testing.T) {
	ref := ExecOptions{Reference: true}
	t.Run("ScatterUpdate axis 0", func(t *testing.T) {
		op := decodeOp(t, "ScatterUpdate", "opset3")
		res := run(t, op, ref, tensor(t, ir.F32, []int{3, 2}, make([]float32, 6)), tensor(t, ir.I32, []int{2}, []int32{2, 0}),
			tensor(t, ir.F32, []int{2, 2}, []float32{1, 2, 3, 4}), scalarI64(t, 0))
		require.Equal(t, []float32{3, 4, 0, 0, 1, 2}, res[0].Data)
	})
	t.Run("ScatterUpdate axis 1, negative index", func(t *testing.T) {
		op := decodeOp(t, "ScatterUpdate", "opset3")
		res := run(t, op, ref, tensor(t, ir.F32, []int{2, 3}, make([]float32, 6)), tensor(t, ir.I64, []int{1}, []int64{-1}),
			tensor(t, ir.F32, []int{2, 1}, []float32{5, 6}), scalarI64(t, 1))
		require.Equal(t, []float32{0, 0, 5, 0, 0, 6}, res[0].Data)
	})
	t.Run("ScatterNDUpdate spec example", func(t *testing.T) {
		op := decodeOp(t, "ScatterNDUpdate", "opset4")
		res := run(t, op, ref, tensor(t, ir.F32, []int{8}, []float32{1, 2, 3, 4, 5, 6, 7, 8}),
			tensor(t, ir.I64, []int{4, 1}, []int64{4, 3, 1, 7}), tensor(t, ir.F32, []int{4}, []float32{9, 10, 11, 12}))
		require.Equal(t, []float32{1, 11, 3, 10, 9, 6, 7, 12}, res[0].Data)
	})
	t.Run("ScatterNDUpdate slices", func(t *testing.T) {
		op := decodeOp(t, "ScatterNDUpdate", "opset4")
		res := run(t, op, ref, tensor(t, ir.I32, []int{2, 2}, []int32{1, 2, 3, 4}),
			tensor(t, ir.I64, []int{1, 1}, []int64{1}), tensor(t, ir.I32, []int{1, 2}, []int32{7, 8}))
		require.Equal(t, []int32{1, 2, 7, 8}, res[0].Data)
	})
	for _, c := range []struct {
		red  string
		want []float32
	}{{"sum", []float32{4, 1}}, {"sub", []float32{-2, 1}}, {"prod", []float32{2, 1}}, {"max", []float32{2, 1}}, {"min", []float32{1, 1}}} {
		t.Run("ScatterNDUpdate-15 "+c.red, func(t *testing.T) {
			op := decodeOp(t, "ScatterNDUpdate", "opset15", "reduction", c.red)
			res := run(t, op, ref, tensor(t, ir.F32, []int{2}, []float32{1, 1}),
				tensor(t, ir.I64, []int{2, 1}, []int64{0, 0}), tensor(t, ir.F32, []int{2}, []float32{1, 2}))
			require.Equal(t, c.want, res[0].Data)
		})
	}
	t.Run("ScatterElementsUpdate spec example", func(t *testing.T) {
		op := decodeOp(t, "ScatterElementsUpdate", "opset3")
		res := run(t, op, ref, tensor(t, ir.F32, []int{3, 3}, make([]float32, 9)),
			tensor(t, ir.I64, []int{2, 3}, []int64{1, 0, 2, 0, 2, 1}),
			tensor(t, ir.F32, []int{2, 3}, []float32{1, 1.1, 1.2, 2, 2.1, 2.2}), scalarI64(t, 0))
		require.Equal(t, []float32{2, 1.1, 0, 1, 0, 2.2, 0, 2.1, 1.2}, res[0].Data)
	})
	for _, c := range []struct {
		red  string
		init string
		want []float32
	}{
		{"sum", "true", []float32{1, 32, 3, 34, 5}},
		{"sum", "false", []float32{1, 30, 3, 30, 5}},
		{"prod", "true", []float32{1, 400, 3, 120, 5}},
		{"prod", "false", []float32{1, 200, 3, 30, 5}},
		{"max", "true", []float32{1, 20, 3, 30, 5}},
		{"min", "true", []float32{1, 2, 3, 4, 5}},
		{"min", "false", []float32{1, 10, 3, 30, 5}},
		{"mean", "true", []float32{1, 32.0 / 3, 3, 17, 5}},
		{"mean", "false", []float32{1, 15, 3, 30, 5}},
		{"none", "true", []float32{1, 20, 3, 30, 5}},
	} {
		t.Run("ScatterElementsUpdate-12 "+c.red+" use_init_val="+c.init, func(t *testing.T) {
			op := decodeOp(t, "ScatterElementsUpdate", "opset12", "reduction", c.red, "use_init_val", c.init)
			res := run(t, op, ref, tensor(t, ir.F32, []int{5}, []float32{1, 2, 3, 4, 5}),
				tensor(t, ir.I32, []int{3}, []int32{1, 1, -2}), tensor(t, ir.F32, []int{3}, []float32{10, 20, 30}), scalarI64(t, 0))
			require.InDeltaSlice(t, c.want, res[0].Data, 1e-5)
		})
	}
	t.Run("ScatterElementsUpdate-12 integer mean rounds down", func(t *testing.T) {
		op := decodeOp(t, "ScatterElementsUpdate", "opset12", "reduction", "mean")
		res := run(t, op, ref, tensor(t, ir.I32, []int{2}, []int32{2, -1}),
			tensor(t, ir.I64, []int{3}, []int64{0, 0, 1}), tensor(t, ir.I32, []int{3}, []int32{10, 20, -2}), scalarI64(t, 0))
		require.Equal(t, []int32{10, -2}, res[0].Data)
	})
	t.Run("ScatterElementsUpdate-12 f16 sum", func(t *testing.T) {
		op := decodeOp(t, "ScatterElementsUpdate", "opset12", "reduction", "sum")
		data := tensor(t, ir.F16, []int{2}, []f16{f16FromF32(1), f16FromF32(2)})
		upd := tensor(t, ir.F16, []int{2}, []f16{f16FromF32(0.5), f16FromF32(0.25)})
		res := run(t, op, ref, data, tensor(t, ir.I64, []int{2}, []int64{1, 1}), upd, scalarI64(t, 0))
		require.Equal(t, []f16{f16FromF32(1), f16FromF32(2.75)}, res[0].Data)
	})
	t.Run("index out of range", func(t *testing.T) {
		op := decodeOp(t, "ScatterElementsUpdate", "opset3")
		_, err := runErr(op, ref, tensor(t, ir.F32, []int{2}, []float32{1, 2}), tensor(t, ir.I64, []int{1}, []int64{2}),
			tensor(t, ir.F32, []int{1}, []float32{5}), scalarI64(t, 0))
		require.ErrorContains(t, err, "index 2 is out of range [-2, 2) for a dimension of 2")
	})
	t.Run("negative index out of range names the index given", func(t *testing.T) {
		op := decodeOp(t, "ScatterElementsUpdate", "opset3")
		_, err := runErr(op, ref, tensor(t, ir.F32, []int{2}, []float32{1, 2}), tensor(t, ir.I64, []int{1}, []int64{-3}),
			tensor(t, ir.F32, []int{1}, []float32{5}), scalarI64(t, 0))
		require.ErrorContains(t, err, "index -3 is out of range [-2, 2) for a dimension of 2")
	})
}

// ScatterUpdate on a shape path keeps bounds (yolov8's ScatterUpdate -> StridedSlice end).
func TestScatterUpdateBounds(t *testing.T) {
	op := decodeOp(t, "ScatterUpdate", "opset3")
	in := []Input{
		{Type: ir.I64, Shape: ir.StaticShape(2), Value: i64Tensor(t, 0, 0), Constant: true},
		{Type: ir.I64, Shape: ir.StaticShape(1), Value: i64Tensor(t, 1), Constant: true},
		{Type: ir.I64, Shape: ir.StaticShape(1), Bounds: &Bounds{Lo: []int64{2}, Hi: []int64{8}}},
		{Type: ir.I64, Shape: ir.Shape{}, Value: scalarI64(t, 0), Constant: true},
	}
	outs, err := op.Infer(in)
	require.NoError(t, err)
	outs = Propagate(op, in, outs)
	require.Equal(t, []int64{0, 2}, outs[0].Bounds.Lo)
	require.Equal(t, []int64{0, 8}, outs[0].Bounds.Hi)
}

// Scatter shape checks: type_prop/scatter_update.cpp, scatter_nd_update.cpp,
// scatter_elements_update.cpp messages.
func TestScatterInfer(t *testing.T) {
	cases := []struct {
		typ, opset                string
		data, idx, upd, axisShape string
		axis                      *ir.Tensor
		idxType, updType          ir.ElementType
		out, err                  string
	}{
		{"ScatterUpdate", "opset3", "2,3,4", "2,1", "2,2,1,4", "", nil, ir.I64, ir.F32, "[2,3,4]", ""},
		{"ScatterUpdate", "opset3", "2,3,4", "2,1", "2,2,1,4", "1", tensor(t, ir.I64, []int{1}, []int64{1}), ir.I64, ir.F32, "[2,3,4]", ""},
		{"ScatterUpdate", "opset3", "2,3,4", "2,1", "2,2,1", "", nil, ir.I64, ir.F32, "",
			"Updates rank is expected to be rank(indices) + rank(data) - 1. Got: rank(data) = 3, rank(indices) = 2, rank(updates) = 3"},
		{"ScatterUpdate", "opset3", "2,3,4", "2,1", "2,2,1,5", "", scalarI64(t, 1), ir.I64, ir.F32, "",
			"Updates shape must have appropriate dimensions equal to indices and data dimensions."},
		{"ScatterUpdate", "opset3", "2,3", "2", "2,3", "", scalarI64(t, 0), ir.F32, ir.F32, "", "Indices element type must be of an integral number type."},
		{"ScatterUpdate", "opset3", "2,3", "2", "2,3", "", scalarI64(t, 0), ir.I64, ir.I32, "",
			"Element types for input data and updates do not match (data element type: f32, updates element type: i32)."},
		{"ScatterNDUpdate", "opset4", "3,3", "1,2", "1", "", nil, ir.I32, ir.F32, "[3,3]", ""},
		{"ScatterNDUpdate", "opset4", "3,3", "1,3", "1", "", nil, ir.I32, ir.F32, "", "Last dimension of indices can be at most the rank of inputs"},
		{"ScatterNDUpdate", "opset4", "3,3", "2,1", "2,4", "", nil, ir.I32, ir.F32, "", "updates_shape[indices_rank-1:] shape must be input_shape[indices_shape[-1]:]"},
		{"ScatterNDUpdate", "opset4", "3,3", "2,1", "3,3", "", nil, ir.I32, ir.F32, "", "updates_shape[0:indices_rank-1] shape must be indices_shape[:-1]"},
		{"ScatterNDUpdate", "opset4", "3,3", "2,1", "2,3,1", "", nil, ir.I32, ir.F32, "", "Rank of updates must be rank of inputs + rank of indices - last dimension of indices - 1"},
		{"ScatterNDUpdate", "opset4", "3,3", "2,1", "2,3", "", nil, ir.I16, ir.F32, "", "Indices element type must be i64 or i32"},
		{"ScatterElementsUpdate", "opset3", "2,4,5,7", "2,2,2,2", "2,2,2,2", "", scalarI64(t, 1), ir.I32, ir.F32, "[2,4,5,7]", ""},
		{"ScatterElementsUpdate", "opset3", "2,4", "2,2,2", "2,2,2", "", scalarI64(t, 1), ir.I32, ir.F32, "", "Indices rank and data rank are required to be equal. Got: 3 and: 2"},
		{"ScatterElementsUpdate", "opset3", "2,4", "2,2", "2,3", "", scalarI64(t, 1), ir.I32, ir.F32, "", "Indices and updates input shapes are required to be equal. Got: [2,2] and: [2,3]"},
		{"ScatterElementsUpdate", "opset3", "2,4", "2,2", "2,2", "", scalarI64(t, 2), ir.I32, ir.F32, "", "Axis 2 out of the tensor rank range [-2, 1]."},
		{"ScatterElementsUpdate", "opset3", "2,4", "2,2", "2,2", "2,2", nil, ir.I32, ir.F32, "", "Axis input shape are required to be scalar or 1D tensor. Got: [2,2]"},
		{"ScatterElementsUpdate", "opset3", "2,4", "2,2", "2,2", "", scalarI64(t, 0), ir.F32, ir.F32, "", "Indices element type must be integral_number, but is: f32"},
	}
	for _, c := range cases {
		t.Run(c.typ+" "+c.out+c.err, func(t *testing.T) {
			op := decodeOp(t, c.typ, c.opset)
			ins := []Input{{Type: ir.F32, Shape: shape(t, c.data)}, {Type: c.idxType, Shape: shape(t, c.idx)}, {Type: c.updType, Shape: shape(t, c.upd)}}
			if c.typ != "ScatterNDUpdate" {
				a := Input{Type: ir.I64, Shape: shape(t, c.axisShape), Value: c.axis, Constant: c.axis != nil}
				if c.axis != nil {
					a.Shape = shapeOfDims(c.axis.Shape)
				}
				ins = append(ins, a)
			}
			outs, err := op.Infer(ins)
			if c.err != "" {
				require.ErrorContains(t, err, c.err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, c.out, outs[0].Shape.String())
			require.Equal(t, ir.F32, outs[0].Type)
		})
	}
}

// GatherND: type_prop/gather_nd.cpp shapes (batch dims fused by v5, kept by v8) and the
// op spec's examples for values; GatherElements: type_prop/gather_elements.cpp and spec.
func TestGatherNDAndElements(t *testing.T) {
	shapes := []struct {
		opset, data, idx, bd, out, err string
	}{
		{"opset5", "2,3,4,5", "2,3,1", "2", "[6,5]", ""},
		{"opset8", "2,3,4,5", "2,3,1", "2", "[2,3,5]", ""},
		{"opset8", "2,3,4,5", "2,3,3", "2", "", "Length of a tuple with indices must not exceed a rank of data tensor excluding batch dimensions."},
		{"opset8", "2..5,3,4", "3..6,?,2", "1", "[3..5,?]", ""},
		{"opset5", "2..5,3,4", "3..6,3,?", "2", "[...]", ""},
		{"opset5", "2..5,3,4,5", "3..6,3,1", "2", "[9..15,5]", ""},
		{"opset8", "3,3", "2,3", "0", "", "Length of a tuple with indices must not exceed a rank of data tensor excluding batch dimensions."},
		{"opset8", "2,3", "3,1", "1", "", "Batch dimensions of data and indices must be the same."},
		{"opset8", "2,3", "2,1", "2", "", "Number of batch dimensions must not exceed a rank of data."},
		{"opset8", "", "2,1", "0", "", "Data rank must be at least 1."},
	}
	for _, c := range shapes {
		t.Run("GatherND "+c.opset+" "+c.data+" "+c.out, func(t *testing.T) {
			op := decodeOp(t, "GatherND", c.opset, "batch_dims", c.bd)
			outs, err := op.Infer([]Input{{Type: ir.F32, Shape: shape(t, c.data)}, {Type: ir.I32, Shape: shape(t, c.idx)}})
			if c.err != "" {
				require.ErrorContains(t, err, c.err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, c.out, outs[0].Shape.String())
		})
	}
	ref := ExecOptions{Reference: true}
	nd := decodeOp(t, "GatherND", "opset8")
	res := run(t, nd, ref, tensor(t, ir.I32, []int{2, 2}, []int32{1, 2, 3, 4}), tensor(t, ir.I64, []int{2, 2}, []int64{0, 0, 1, 0}))
	require.Equal(t, []int32{1, 3}, res[0].Data)
	res = run(t, nd, ref, tensor(t, ir.I32, []int{2, 2}, []int32{1, 2, 3, 4}), tensor(t, ir.I64, []int{2, 1}, []int64{1, 0}))
	require.Equal(t, []int32{3, 4, 1, 2}, res[0].Data)
	nd1 := decodeOp(t, "GatherND", "opset8", "batch_dims", "1")
	res = run(t, nd1, ref, tensor(t, ir.I32, []int{2, 2, 2}, []int32{1, 2, 3, 4, 5, 6, 7, 8}), tensor(t, ir.I64, []int{2, 1}, []int64{1, 0}))
	require.Equal(t, []int{2, 2}, res[0].Shape)
	require.Equal(t, []int32{3, 4, 5, 6}, res[0].Data)

	ge := []struct {
		data, idx, axis, out, err string
	}{
		{"3,7,5", "3,10,5", "1", "[3,10,5]", ""},
		{"3,?,5", "?,7,?", "1", "[3,7,5]", ""},
		{"...", "3,7,5", "1", "[3,7,5]", ""},
		{"3,7,5", "...", "1", "[3,?,5]", ""},
		{"3,7,5", "3,7", "1", "", "data and indices rank must be equal. But instead got: 3 and 2"},
		{"3,7,5", "3,7,6", "1", "", "are not consistent, `data` and `indices` must have equal or intersecting dimensions, except for the dimension at axis index."},
		{"3,7,5", "3,7,5", "3", "", "Axis 3 out of the tensor rank range [-3, 2]."},
	}
	for _, c := range ge {
		t.Run("GatherElements "+c.data+" "+c.idx, func(t *testing.T) {
			op := decodeOp(t, "GatherElements", "opset6", "axis", c.axis)
			outs, err := op.Infer([]Input{{Type: ir.F32, Shape: shape(t, c.data)}, {Type: ir.I64, Shape: shape(t, c.idx)}})
			if c.err != "" {
				require.ErrorContains(t, err, c.err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, c.out, outs[0].Shape.String())
		})
	}
	g1 := decodeOp(t, "GatherElements", "opset6", "axis", "1")
	res = run(t, g1, ref, tensor(t, ir.F32, []int{2, 2}, []float32{1, 2, 3, 4}), tensor(t, ir.I32, []int{2, 2}, []int32{0, 0, 1, 0}))
	require.Equal(t, []float32{1, 1, 4, 3}, res[0].Data)
	g0 := decodeOp(t, "GatherElements", "opset6", "axis", "0")
	res = run(t, g0, ref, tensor(t, ir.F32, []int{2, 2}, []float32{1, 2, 3, 4}), tensor(t, ir.I32, []int{2, 2}, []int32{0, 1, 1, -2}))
	require.Equal(t, []float32{1, 4, 3, 2}, res[0].Data)
}

// NonZero: type_prop/non_zero.cpp (output [rank, 0..numel], i32/i64) and reference
// non_zero.hpp values; a known input folds to a static shape.
func TestNonZero(t *testing.T) {
	for _, c := range []struct {
		data, attr, out string
		typ             ir.ElementType
	}{
		{"3,3,224,224", "i64", "[4,..451584]", ir.I64},
		{"3,?,224", "i32", "[3,?]", ir.I32},
		{"3,2..4", "i64", "[2,..12]", ir.I64},
		{"...", "i64", "[?,?]", ir.I64},
	} {
		op := decodeOp(t, "NonZero", "opset3", "output_type", c.attr)
		outs, err := op.Infer([]Input{{Type: ir.F32, Shape: shape(t, c.data)}})
		require.NoError(t, err)
		require.Equal(t, c.out, outs[0].Shape.String())
		require.Equal(t, c.typ, outs[0].Type)
	}
	op := decodeOp(t, "NonZero", "opset3")
	_, err := op.Infer([]Input{{Type: ir.String, Shape: shape(t, "2")}})
	require.ErrorContains(t, err, "NonZero input data type needs to be a numeric type. Got: string")
	bad := decodeOp(t, "NonZero", "opset3", "output_type", "f32")
	_, err = bad.Infer([]Input{{Type: ir.F32, Shape: shape(t, "2")}})
	require.ErrorContains(t, err, "Output type must be i32 or i64")

	in := []Input{{Type: ir.F32, Shape: ir.StaticShape(2, 2), Value: tensor(t, ir.F32, []int{2, 2}, []float32{1, 0, 0, 3}), Constant: true}}
	outs, err := op.Infer(in)
	require.NoError(t, err)
	outs = Propagate(op, in, outs)
	require.Equal(t, "[2,2]", outs[0].Shape.String())
	require.Equal(t, []int64{0, 1, 0, 1}, outs[0].Value.Data)
	// On data known only at run time the kernel sizes its output.
	require.True(t, IsDynamic(op))
	k, err := Prepare(op, []Input{{Type: ir.F32, Shape: ir.StaticShape(2, 2)}}, ExecOptions{})
	require.NoError(t, err)
	got, err := k.(DynamicKernel).RunDynamic(t.Context(), []*ir.Tensor{tensor(t, ir.F32, []int{2, 2}, []float32{0, 2, 0, 0})})
	require.NoError(t, err)
	require.Equal(t, []int{2, 1}, got[0].Shape)
	require.Equal(t, []int64{0, 1}, got[0].Data)
	got, err = k.(DynamicKernel).RunDynamic(t.Context(), []*ir.Tensor{tensor(t, ir.F32, []int{2, 2}, []float32{0, 0, 0, 0})})
	require.NoError(t, err)
	require.Equal(t, []int{2, 0}, got[0].Shape)

	in = []Input{{Type: ir.I32, Shape: ir.StaticShape(4), Value: tensor(t, ir.I32, []int{4}, []int32{0, 5, 0, 7}), Constant: true}}
	outs, err = op.Infer(in)
	require.NoError(t, err)
	outs = Propagate(op, in, outs)
	require.Equal(t, []int64{1, 3}, outs[0].Value.Data)
}

// CumSum: op_reference/cum_sum.cpp vectors ([1,2,3,4] with exclusive/reverse) and the
// CumSum-3 spec's 2-D example.
func TestCumSum(t *testing.T) {
	ref := ExecOptions{Reference: true}
	for _, c := range []struct {
		ex, rev string
		want    []float32
	}{
		{"false", "false", []float32{1, 3, 6, 10}},
		{"true", "false", []float32{0, 1, 3, 6}},
		{"false", "true", []float32{10, 9, 7, 4}},
		{"true", "true", []float32{9, 7, 4, 0}},
	} {
		op := decodeOp(t, "CumSum", "opset3", "exclusive", c.ex, "reverse", c.rev)
		res := run(t, op, ref, tensor(t, ir.F32, []int{4}, []float32{1, 2, 3, 4}), scalarI64(t, 0))
		require.Equal(t, c.want, res[0].Data)
	}
	op := decodeOp(t, "CumSum", "opset3")
	res := run(t, op, ref, tensor(t, ir.I32, []int{2, 3}, []int32{1, 2, 3, 4, 5, 6}), tensor(t, ir.I32, []int{}, []int32{-1}))
	require.Equal(t, []int32{1, 3, 6, 4, 9, 15}, res[0].Data)
	res = run(t, op, ref, tensor(t, ir.I32, []int{2, 3}, []int32{1, 2, 3, 4, 5, 6}))
	require.Equal(t, []int32{1, 2, 3, 5, 7, 9}, res[0].Data)
	// A runtime axis (cum_sum.cpp feeds it through a Parameter): read on every run.
	x := tensor(t, ir.I32, []int{2, 3}, []int32{1, 2, 3, 4, 5, 6})
	rt := []Input{{Type: ir.I32, Shape: shapeOfDims(x.Shape)}, {Type: ir.I64, Shape: ir.Shape{}}}
	for _, c := range []struct {
		axis int64
		want []int32
	}{{1, []int32{1, 3, 6, 4, 9, 15}}, {0, []int32{1, 2, 3, 5, 7, 9}}, {-2, []int32{1, 2, 3, 5, 7, 9}}} {
		res, err := layRunInputs(op, rt, ref, []*ir.Tensor{x, scalarI64(t, c.axis)})
		require.NoError(t, err)
		require.Equal(t, c.want, res[0].Data, "axis %d", c.axis)
	}
	_, err := layRunInputs(op, rt, ref, []*ir.Tensor{x, scalarI64(t, 2)})
	require.ErrorContains(t, err, "CumSum")
	_, err = op.Infer([]Input{{Type: ir.F32, Shape: shape(t, "2")}, {Type: ir.F32, Shape: ir.Shape{}}})
	require.ErrorContains(t, err, "axis element type must be either int64_t or int32_t but got (f32).")
	outs, err := op.Infer([]Input{{Type: ir.F16, Shape: shape(t, "?,3")}, {Type: ir.I64, Shape: ir.Shape{}}})
	require.NoError(t, err)
	require.Equal(t, "[?,3]", outs[0].Shape.String())
}

// DepthToSpace / SpaceToDepth: type_prop/depth_to_space.cpp and space_to_depth.cpp
// shapes and messages; values from the specs' reshape/transpose definition worked by hand.
func TestDepthSpaceShuffle(t *testing.T) {
	shapes := []struct {
		typ, attrs, data, out, err string
	}{
		{"DepthToSpace", "2", "2..10,24,3..7,423..3000,235..1345", "[2..10,3,6..14,846..6000,470..2690]", ""},
		{"DepthToSpace", "1", "2..10,24,3..7", "[2..10,24,3..7]", ""},
		{"DepthToSpace", "3", "2..10,81..82,3..7,423..3000,235..1345", "[2..10,3,9..21,1269..9000,705..4035]", ""},
		{"DepthToSpace", "8", "1,128,8,8", "[1,2,64,64]", ""},
		{"DepthToSpace", "2", "1,16,3,1080,1616", "[1,2,6,2160,3232]", ""},
		{"DepthToSpace", "3", "2..10,27,..54,9..", "[2..10,3,..162,27..]", ""},
		{"DepthToSpace", "2", "?,?,?,?", "[?,?,?,?]", ""},
		{"DepthToSpace", "2", "...", "[...]", ""},
		{"DepthToSpace", "2", "1,8", "", "The input tensor with rank lower than 3 is not supported (input rank: 2)"},
		{"DepthToSpace", "2", "1,7,4,4", "", "Dimension value: [ 7, 7] must be a multiple of divisor: 4"},
		{"SpaceToDepth", "2", "1,2,64,64", "[1,8,32,32]", ""},
		{"SpaceToDepth", "2", "1,2,6,4,8", "[1,16,3,2,4]", ""},
		{"SpaceToDepth", "2", "1..4,2..6,6..9,4..", "[1..4,8..24,3..4,2..]", ""},
		{"SpaceToDepth", "4", "1,2,64,63", "", "Dimension value: [ 63, 63] must be a multiple of divisor: 4"},
		{"SpaceToDepth", "0", "1,2,64,64", "", "The block size must be greater than 0 0"},
	}
	for _, c := range shapes {
		t.Run(c.typ+" "+c.data, func(t *testing.T) {
			op := decodeOp(t, c.typ, "opset1", "block_size", c.attrs, "mode", "blocks_first")
			outs, err := op.Infer([]Input{{Type: ir.U32, Shape: shape(t, c.data)}})
			if c.err != "" {
				require.ErrorContains(t, err, c.err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, c.out, outs[0].Shape.String())
			require.Equal(t, ir.U32, outs[0].Type)
		})
	}
	ref := ExecOptions{Reference: true}
	for _, c := range []struct {
		typ, mode string
		dims      []int
		want      []float32
		outDims   []int
	}{
		{"DepthToSpace", "blocks_first", []int{1, 4, 1, 2}, []float32{0, 2, 1, 3, 4, 6, 5, 7}, []int{1, 1, 2, 4}},
		{"DepthToSpace", "blocks_first", []int{1, 8, 1, 1}, []float32{0, 2, 4, 6, 1, 3, 5, 7}, []int{1, 2, 2, 2}},
		{"DepthToSpace", "depth_first", []int{1, 8, 1, 1}, []float32{0, 1, 2, 3, 4, 5, 6, 7}, []int{1, 2, 2, 2}},
		{"SpaceToDepth", "blocks_first", []int{1, 2, 2, 2}, []float32{0, 4, 1, 5, 2, 6, 3, 7}, []int{1, 8, 1, 1}},
		{"SpaceToDepth", "depth_first", []int{1, 2, 2, 2}, []float32{0, 1, 2, 3, 4, 5, 6, 7}, []int{1, 8, 1, 1}},
	} {
		t.Run(c.typ+" "+c.mode, func(t *testing.T) {
			op := decodeOp(t, c.typ, "opset1", "block_size", "2", "mode", c.mode)
			res := run(t, op, ref, tensor(t, ir.F32, c.dims, iota32(product(c.dims))))
			require.Equal(t, c.outDims, res[0].Shape)
			require.Equal(t, c.want, res[0].Data)
		})
	}
	// Round trip: SpaceToDepth undoes DepthToSpace in either mode.
	for _, mode := range []string{"blocks_first", "depth_first"} {
		d2s := decodeOp(t, "DepthToSpace", "opset1", "block_size", "2", "mode", mode)
		s2d := decodeOp(t, "SpaceToDepth", "opset1", "block_size", "2", "mode", mode)
		x := tensor(t, ir.F32, []int{1, 8, 2, 3}, iota32(48))
		y := run(t, d2s, ref, x)
		z := run(t, s2d, ref, y[0])
		require.Equal(t, x.Data, z[0].Data)
	}

	// ShuffleChannels: type_prop/shuffle_channels.cpp messages; the channel shuffle of
	// 6 channels in 2 groups.
	sc := decodeOp(t, "ShuffleChannels", "opset1", "axis", "1", "group", "2")
	res := run(t, sc, ref, tensor(t, ir.F32, []int{1, 6, 1, 1}, iota32(6)))
	require.Equal(t, []float32{0, 3, 1, 4, 2, 5}, res[0].Data)
	sc3 := decodeOp(t, "ShuffleChannels", "opset1", "axis", "-1", "group", "3")
	res = run(t, sc3, ref, tensor(t, ir.F32, []int{6}, iota32(6)))
	require.Equal(t, []float32{0, 2, 4, 1, 3, 5}, res[0].Data)
	_, err := sc3.Infer([]Input{{Type: ir.F32, Shape: shape(t, "1,2,4")}})
	require.ErrorContains(t, err, "The channel dimension size has to be a multiple of the groups parameter value.")
	_, err = sc.Infer([]Input{{Type: ir.F32, Shape: ir.Shape{}}})
	require.ErrorContains(t, err, "The input tensor's shape is expected to be at least 1D.")
	g0 := decodeOp(t, "ShuffleChannels", "opset1", "group", "0")
	_, err = g0.Infer([]Input{{Type: ir.F32, Shape: shape(t, "2,2")}})
	require.ErrorContains(t, err, "The 'group' parameter must be greater or equal to 1.")
	outs, err := sc.Infer([]Input{{Type: ir.F32, Shape: shape(t, "?,4..8,3")}})
	require.NoError(t, err)
	require.Equal(t, "[?,4..8,3]", outs[0].Shape.String())
}

func f16FromF32(v float32) f16 { return float16.Fromfloat32(v) }

// yolov8n's head: end = ScatterUpdate([0,0], [1], [c/2], 0) feeds StridedSlice(begin_mask
// 1,0, end_mask 1,0) of [1,4,8400]; with the update known the slice is [1,2,8400].
func TestScatterUpdateFeedsStridedSlice(t *testing.T) {
	su := decodeOp(t, "ScatterUpdate", "opset3")
	in := []Input{
		{Type: ir.I64, Shape: ir.StaticShape(2), Value: i64Tensor(t, 0, 0), Constant: true},
		{Type: ir.I64, Shape: ir.StaticShape(1), Value: i64Tensor(t, 1), Constant: true},
		{Type: ir.I64, Shape: ir.StaticShape(1), Value: i64Tensor(t, 2), Constant: true},
		{Type: ir.I64, Shape: ir.Shape{}, Value: scalarI64(t, 0), Constant: true},
	}
	outs, err := su.Infer(in)
	require.NoError(t, err)
	outs = Propagate(su, in, outs)
	require.Equal(t, []int64{0, 2}, outs[0].Value.Data)
	ss := decodeOp(t, "StridedSlice", "opset1", "begin_mask", "1, 0", "end_mask", "1, 0", "new_axis_mask", "", "shrink_axis_mask", "", "ellipsis_mask", "")
	res, err := ss.Infer([]Input{
		{Type: ir.F32, Shape: shape(t, "1,4,8400")},
		{Type: ir.I64, Shape: ir.StaticShape(2), Value: i64Tensor(t, 0, 0)},
		{Type: ir.I64, Shape: ir.StaticShape(2), Value: outs[0].Value},
		{Type: ir.I64, Shape: ir.StaticShape(2), Value: i64Tensor(t, 1, 1)},
	})
	require.NoError(t, err)
	require.Equal(t, "[1,2,8400]", res[0].Shape.String())
}
