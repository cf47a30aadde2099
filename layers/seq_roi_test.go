package layers

import (
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

var seqROIData = []float32{0, 1, 8, 5, 5, 2, 0, 7, 7, 10, 4, 5, 9, 0, 0, 5,
	7, 0, 4, 0, 4, 7, 6, 10, 9, 5, 1, 7, 4, 7, 10, 8,
	2, 0, 8, 3, 6, 8, 10, 4, 2, 10, 7, 8, 7, 0, 6, 9,
	2, 4, 8, 5, 2, 3, 3, 1, 5, 9, 10, 0, 9, 5, 5, 3,
	10, 5, 2, 0, 10, 0, 5, 4, 3, 10, 5, 5, 10, 0, 8, 8,
	9, 1, 0, 7, 9, 6, 8, 7, 10, 9, 2, 3, 3, 5, 6, 9,
	4, 9, 2, 4, 5, 5, 3, 1, 1, 6, 8, 0, 5, 5, 10, 8,
	6, 9, 6, 9, 1, 2, 7, 1, 1, 3, 0, 4, 0, 7, 10, 2}

// Values from src/plugins/template/tests/functional/op_reference/roi_align.cpp (pooled 2x2,
// spatial_scale 1, sampling_ratio 2).
func TestSeqROIAlignReference(t *testing.T) {
	cases := []struct {
		opset, mode, aligned string
		want                 []float32
		tol                  float64
	}{
		{"opset3", "avg", "", []float32{3, 3.75, 4.75, 5, 3, 5.5, 2.75, 3.75}, 1e-5},
		{"opset3", "max", "", []float32{4.375, 4.9375, 5.6875, 5.625, 4.625, 7.125, 3.3125, 4.3125}, 1e-5},
		{"opset9", "avg", "asymmetric", []float32{3, 3.75, 4.75, 5, 3, 5.5, 2.75, 3.75}, 1e-5},
		{"opset9", "avg", "half_pixel_for_nn", []float32{3.14, 2.16, 2.86, 5.03, 1.83, 5.84, 2.77, 3.44}, 1e-2},
		{"opset9", "max", "half_pixel", []float32{4.375, 4.9375, 5.6875, 5.625, 4.625, 7.125, 3.3125, 4.3125}, 1e-5},
	}
	for _, c := range cases {
		attrs := []string{"pooled_h", "2", "pooled_w", "2", "spatial_scale", "1", "sampling_ratio", "2", "mode", c.mode}
		if c.aligned != "" {
			attrs = append(attrs, "aligned_mode", c.aligned)
		}
		op := decodeOp(t, "ROIAlign", c.opset, attrs...)
		out := run(t, op, ExecOptions{Reference: true}, seqF32(t, []int{2, 1, 8, 8}, seqROIData...),
			seqF32(t, []int{2, 4}, 2, 2, 4, 4, 2, 2, 4, 4), tensor(t, ir.I32, []int{2}, []int32{0, 1}))
		require.Equal(t, []int{2, 1, 2, 2}, out[0].Shape)
		seqCloseF32(t, c.want, out[0], c.tol)
	}
	// Rotated with angle 0 and the box centred where the axis-aligned one is: the same bins.
	op := decodeOp(t, "ROIAlignRotated", "opset15", "pooled_h", "2", "pooled_w", "2", "spatial_scale", "1", "sampling_ratio", "2")
	out := run(t, op, ExecOptions{Reference: true}, seqF32(t, []int{2, 1, 8, 8}, seqROIData...),
		seqF32(t, []int{1, 5}, 3.5, 3.5, 2, 2, 0), tensor(t, ir.I64, []int{1}, []int64{0}))
	seqCloseF32(t, []float32{3, 3.75, 4.75, 5}, out[0], 1e-5)
}

// Shapes and messages after src/core/tests/type_prop/roi_align.cpp.
func TestSeqROIAlignInfer(t *testing.T) {
	attrs := []string{"pooled_h", "2", "pooled_w", "3", "spatial_scale", "0.5", "sampling_ratio", "2"}
	cases := []struct {
		in   []string
		want string
		err  string
	}{
		{[]string{"[2,3,5,5]", "[7,4]", "[7]"}, "[7,3,2,3]", ""},
		{[]string{"[...]", "[...]", "[...]"}, "[?,?,2,3]", ""},
		{[]string{"[2,3,5,5]", "[?,4]", "[4..6]"}, "[4..6,3,2,3]", ""},
		{[]string{"[2,3,5]", "[7,4]", "[7]"}, "", "Expected a 4D tensor for the input data. Got: [2,3,5]"},
		{[]string{"[2,3,5,5]", "[7,5]", "[7]"}, "", "The second dimension of ROIs input should contain box coordinates. op dimension is expected to be equal to 4. Got: 5"},
		{[]string{"[2,3,5,5]", "[7,4]", "[6]"}, "", "The first dimension of ROIs input must be equal to the first dimension of the batch indices input."},
		{[]string{"[2,3,5,5]", "[7,4,1]", "[7]"}, "", "Expected a 2D tensor for the ROIs input."},
	}
	for i, c := range cases {
		op := decodeOp(t, "ROIAlign", "opset9", attrs...)
		outs, err := op.Infer([]Input{{Type: ir.F32, Shape: shape(t, c.in[0])}, {Type: ir.F32, Shape: shape(t, c.in[1])}, {Type: ir.I64, Shape: shape(t, c.in[2])}})
		if c.err != "" {
			require.ErrorContains(t, err, c.err, "case %d", i)
			continue
		}
		require.NoError(t, err, "case %d", i)
		require.Equal(t, c.want, outs[0].Shape.String(), "case %d", i)
	}
	op := decodeOp(t, "ROIAlign", "opset9", attrs...)
	_, err := op.Infer([]Input{{Type: ir.F32, Shape: shape(t, "[2,3,5,5]")}, {Type: ir.F16, Shape: shape(t, "[7,4]")}, {Type: ir.I64, Shape: shape(t, "[7]")}})
	require.ErrorContains(t, err, "The data type for input and ROIs is expected to be a same floating point type. Got: f32 and: f16")
	_, err = op.Infer([]Input{{Type: ir.F32, Shape: shape(t, "[2,3,5,5]")}, {Type: ir.F32, Shape: shape(t, "[7,4]")}, {Type: ir.F32, Shape: shape(t, "[7]")}})
	require.ErrorContains(t, err, "The data type for batch indices is expected to be an integer.")
}

// Hand-computed GridSample values on data [[1,2],[3,4]]; shapes after
// src/core/tests/type_prop/grid_sample.cpp.
func TestSeqGridSample(t *testing.T) {
	cases := []struct {
		attrs []string
		grid  []float32 // (x, y) pairs
		want  []float32
	}{
		{nil, []float32{0, 0, -1, -1}, []float32{2.5, 0.25}},
		{[]string{"padding_mode", "border"}, []float32{0, 0, -1, -1}, []float32{2.5, 1}},
		{[]string{"align_corners", "true"}, []float32{0, 0, -1, -1, 1, 1}, []float32{2.5, 1, 4}},
		{[]string{"align_corners", "true", "mode", "nearest"}, []float32{0.6, 0, -1, 1}, []float32{2, 3}},
		{[]string{"align_corners", "true", "mode", "bicubic", "padding_mode", "border"}, []float32{-1, -1, 1, 1}, []float32{1, 4}},
		{[]string{"padding_mode", "reflection"}, []float32{-1, -1, 0, 0}, []float32{1, 2.5}},
	}
	for i, c := range cases {
		op := decodeOp(t, "GridSample", "opset9", c.attrs...)
		n := len(c.grid) / 2
		out := run(t, op, ExecOptions{Reference: true}, seqF32(t, []int{1, 1, 2, 2}, 1, 2, 3, 4), seqF32(t, []int{1, 1, n, 2}, c.grid...))
		require.Equal(t, []int{1, 1, 1, n}, out[0].Shape)
		seqCloseF32(t, c.want, out[0], 1e-6)
		_ = i
	}
	op := decodeOp(t, "GridSample", "opset9")
	outs, err := op.Infer([]Input{{Type: ir.F32, Shape: shape(t, "[?,3,224,224]")}, {Type: ir.F16, Shape: shape(t, "[5,10,20,2]")}})
	require.NoError(t, err)
	require.Equal(t, "[5,3,10,20]", outs[0].Shape.String())
	_, err = op.Infer([]Input{{Type: ir.F32, Shape: shape(t, "[4,3,224,224]")}, {Type: ir.F32, Shape: shape(t, "[5,10,20,2]")}})
	require.ErrorContains(t, err, "The batch dimension in the input data tensor's shape doesn't match the batch dimension in the grid tensor's shape.")
	_, err = op.Infer([]Input{{Type: ir.F32, Shape: shape(t, "[4,3,224,224]")}, {Type: ir.F32, Shape: shape(t, "[4,10,20,3]")}})
	require.ErrorContains(t, err, "The last dimension of grid tensor's shape has to be equal to 2.")
	_, err = op.Infer([]Input{{Type: ir.F32, Shape: shape(t, "[4,3,224]")}, {Type: ir.F32, Shape: shape(t, "[4,10,20,2]")}})
	require.ErrorContains(t, err, "The supported shape of the input data tensor is 4D.")
	_, err = op.Infer([]Input{{Type: ir.F32, Shape: shape(t, "[4,3,224,224]")}, {Type: ir.I32, Shape: shape(t, "[4,10,20,2]")}})
	require.ErrorContains(t, err, "The element type of the grid input tensor must be a floating point type.")
}

// numpy.unique-obvious values; shapes after src/core/tests/type_prop/unique.cpp.
func TestSeqUnique(t *testing.T) {
	flat := tensor(t, ir.F32, []int{6}, []float32{-1, 2, 1, 3, 2, -1})
	cases := []struct {
		name   string
		sorted string
		data   *ir.Tensor
		axis   *ir.Tensor
		shape  []int
		want   any
		first  []int64
		rev    []int64
		counts []int64
	}{
		{"sorted", "true", flat, nil, []int{4}, []float32{-1, 1, 2, 3}, []int64{0, 2, 1, 3}, []int64{0, 2, 1, 3, 2, 0}, []int64{2, 1, 2, 1}},
		{"unsorted", "false", flat, nil, []int{4}, []float32{-1, 2, 1, 3}, []int64{0, 1, 2, 3}, []int64{0, 1, 2, 3, 1, 0}, []int64{2, 2, 1, 1}},
		{"axis 0", "true", tensor(t, ir.I32, []int{3, 2}, []int32{1, 2, 3, 4, 1, 2}), i64Tensor(t, 0), []int{2, 2},
			[]int32{1, 2, 3, 4}, []int64{0, 1}, []int64{0, 1, 0}, []int64{2, 1}},
		{"axis 1", "true", tensor(t, ir.I32, []int{2, 3}, []int32{2, 1, 2, 5, 3, 5}), tensor(t, ir.I32, []int{}, []int32{1}), []int{2, 2},
			[]int32{1, 2, 3, 5}, []int64{1, 0}, []int64{1, 0, 1}, []int64{1, 2}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			op := decodeOp(t, "Unique", "opset10", "sorted", c.sorted)
			in := []Input{{Type: c.data.Type, Shape: shapeOfDims(c.data.Shape), Value: c.data}}
			args := []*ir.Tensor{c.data}
			if c.axis != nil {
				in = append(in, Input{Type: c.axis.Type, Shape: shapeOfDims(c.axis.Shape), Value: c.axis})
				args = append(args, c.axis)
			}
			outs, err := op.Infer(in)
			require.NoError(t, err)
			require.Equal(t, shapeOfDims(c.shape).String(), outs[0].Shape.String())
			got := seqRunKnown(t, op, args...)
			require.Equal(t, c.shape, got[0].Shape)
			require.Equal(t, c.want, got[0].Data)
			require.Equal(t, c.first, got[1].Data)
			require.Equal(t, c.rev, got[2].Data)
			require.Equal(t, c.counts, got[3].Data)
		})
	}
	// Unknown data: interval shapes.
	op := decodeOp(t, "Unique", "opset10", "index_element_type", "i32")
	outs, err := op.Infer([]Input{{Type: ir.F32, Shape: shape(t, "[2,3,4]")}})
	require.NoError(t, err)
	require.Equal(t, []string{"[1..24]", "[1..24]", "[24]", "[1..24]"},
		[]string{outs[0].Shape.String(), outs[1].Shape.String(), outs[2].Shape.String(), outs[3].Shape.String()})
	require.Equal(t, ir.I32, outs[1].Type)
	require.Equal(t, ir.I64, outs[3].Type)
	outs, err = op.Infer([]Input{{Type: ir.F32, Shape: shape(t, "[2,3,4]")}, {Type: ir.I64, Shape: shape(t, "[]"), Value: i64Tensor(t, -2)}})
	require.NoError(t, err)
	require.Equal(t, "[2,1..3,4]", outs[0].Shape.String())
	require.Equal(t, "[3]", outs[2].Shape.String())
	_, err = op.Infer([]Input{{Type: ir.F32, Shape: shape(t, "[2,3,4]")}, {Type: ir.F32, Shape: shape(t, "[]")}})
	require.ErrorContains(t, err, "The allowed element types of the 'axis' input tensor of the Unique operator are i32 and i64.")
	_, err = op.Infer([]Input{{Type: ir.F32, Shape: shape(t, "[2,3,4]")}, {Type: ir.I64, Shape: shape(t, "[2]"), Constant: true}})
	require.ErrorContains(t, err, "The 'axis' input tensor of the Unique operator must be a scalar or 1D tensor with 1 element.")
}

// seqRunKnown runs op with every input known (Value set), as folding does.
func seqRunKnown(t *testing.T, op Op, in ...*ir.Tensor) []*ir.Tensor {
	t.Helper()
	inputs := make([]Input, len(in))
	for i, x := range in {
		inputs[i] = Input{Type: x.Type, Shape: shapeOfDims(x.Shape), Value: x}
	}
	outs, err := layRunInputs(op, inputs, ExecOptions{Reference: true}, in)
	require.NoError(t, err)
	return outs
}
