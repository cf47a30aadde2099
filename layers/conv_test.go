package layers

import (
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
	"github.com/x448/float16"
)

type convCase struct {
	name    string
	attrs   []string
	data    string
	filters string
	out     string
	pb, pe  []int64 // resolved pads, checked when non-nil
	err     string
}

func runConvCases(t *testing.T, typ string, cases []convCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			op := decodeOp(t, typ, "opset1", c.attrs...)
			in := []Input{{Type: ir.F32, Shape: shape(t, c.data)}, {Type: ir.F32, Shape: shape(t, c.filters)}}
			outs, err := op.Infer(in)
			if c.err != "" {
				require.ErrorContains(t, err, c.err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, c.out, outs[0].Shape.String())
			require.Equal(t, ir.F32, outs[0].Type)
			if c.pb != nil {
				var g convGeom
				switch o := op.(type) {
				case *convOp:
					g, err = o.attrs().geometry(o.kind, in[0].Shape, in[1].Shape, false, ir.Shape{}, nil)
				case *convBackpropOp:
					_, g, err = o.backpropGeometry(in)
				}
				require.NoError(t, err)
				require.Equal(t, c.pb, g.padsBegin)
				require.Equal(t, c.pe, g.padsEnd)
			}
		})
	}
}

// Shapes, pads and messages from src/core/tests/type_prop/convolution.cpp.
func TestConvolutionInfer(t *testing.T) {
	s11 := []string{"strides", "1,1", "dilations", "1,1"}
	with := func(base []string, kv ...string) []string { return append(append([]string{}, base...), kv...) }
	runConvCases(t, "Convolution", []convCase{
		{name: "convolution_v1_partial_rank", attrs: with(s11, "pads_begin", "0,0", "pads_end", "0,0"),
			data: "...", filters: "...", out: "[?,?,1..,1..]"},
		{name: "convolution_v1_partial_auto_padding_same", attrs: with(s11, "auto_pad", "same_lower"),
			data: "1,1,5,5", filters: "1,1,3,3", out: "[1,1,5,5]", pb: []int64{1, 1}, pe: []int64{1, 1}},
		{name: "auto_padding_same_nc_dims_dynamic_same_lower", attrs: with(s11, "auto_pad", "same_lower"),
			data: "?,?,5,5", filters: "1,1,3,3", out: "[?,1,5,5]", pb: []int64{1, 1}, pe: []int64{1, 1}},
		{name: "auto_padding_same_nc_dims_dynamic_same_upper", attrs: with(s11, "auto_pad", "same_upper"),
			data: "?,?,5,5", filters: "1,1,2,2", out: "[?,1,5,5]", pb: []int64{0, 0}, pe: []int64{1, 1}},
		{name: "auto_padding_same_spatial_dims_dynamic", attrs: []string{"strides", "2,2", "dilations", "1,1", "auto_pad", "same_lower"},
			data: "1,1,?,3..5", filters: "1,1,3,3", out: "[1,1,?,2..3]", pb: []int64{0, 0}, pe: []int64{0, 0}},
		{name: "partial_data_shape_dynamic", attrs: with(s11, "auto_pad", "same_lower"),
			data: "...", filters: "1,1,3,3", out: "[?,1,?,?]", pb: []int64{0, 0}, pe: []int64{0, 0}},
		{name: "default_ctor", attrs: []string{"strides", "1,3", "dilations", "1,2", "pads_begin", "2,2", "pads_end", "2,2", "auto_pad", "explicit"},
			data: "1,3,5,5", filters: "2,3,4,4", out: "[1,2,6,1]"},
		{name: "data_dynamic_rank_filters_2d", attrs: with(s11, "auto_pad", "same_upper"),
			data: "...", filters: "2,3,4,4", out: "[?,2,?,?]", pb: []int64{0, 0}, pe: []int64{0, 0}},
		{name: "data_rank_to_low", attrs: with(s11, "auto_pad", "same_lower"),
			data: "2,3", filters: "2,3", err: "Expected a 3D, 4D or 5D tensor for the input"},
		{name: "data_rank_to_high", attrs: with(s11, "auto_pad", "same_lower"),
			data: "2,3,5,5,5,5", filters: "2,3,4,4,4,4", err: "Expected a 3D, 4D or 5D tensor for the input"},
		{name: "data_and_filters_rank_not_compatible", attrs: with(s11, "auto_pad", "same_lower"),
			data: "2,3,5,5", filters: "2,3,4", err: "Data batch and filters rank do not match"},
		{name: "data_and_filters_channel_number_not_compatible", attrs: with(s11, "auto_pad", "same_lower"),
			data: "2,2,5,5", filters: "2,3,4,4", err: "Data batch channel count (2) does not match filter input channel count (3)"},
		{name: "strides_not_defined_only_for_spatial_dims", attrs: []string{"strides", "1,1,1", "dilations", "1,1", "auto_pad", "same_lower"},
			data: "2,3,5,5", filters: "2,3,4,4", err: "Strides should be defined for all and only spatial dimensions."},
		{name: "dilations_not_defined_only_for_spatial_dims", attrs: []string{"strides", "1,1", "dilations", "1", "auto_pad", "same_lower"},
			data: "2,3,5,5", filters: "2,3,4,4", err: "Dilations should be defined for all and only spatial dimensions."},
		{name: "strides_has_zeros", attrs: []string{"strides", "1,0", "dilations", "1,1", "auto_pad", "same_lower"},
			data: "2,3,5,5", filters: "2,3,4,4", err: "Strides has zero dimension(s). Strides{1, 0}"},
		{name: "dilations_has_zeros", attrs: []string{"strides", "1,1", "dilations", "0,1", "auto_pad", "same_lower"},
			data: "2,3,5,5", filters: "2,3,4,4", err: "Filter dilations has zero dimension(s). Strides{0, 1}"},
		{name: "pads_not_defined_for_spatial_only", attrs: with(s11, "pads_begin", "2,2", "pads_end", "2,2,2"),
			data: "2,3,5,5", filters: "2,3,4,4", err: "Pads begin and end should be defined for all and only spatial dimensions."},
		// Hand-computed from append_spatial_shape: floor((in + pads - dilated) / stride) + 1.
		{name: "missing strides and dilations default to 1 (resize_attributes)", attrs: []string{"pads_begin", "1,1", "pads_end", "1,1"},
			data: "1,3,224,224", filters: "64,3,3,3", out: "[1,64,224,224]"},
		{name: "stride 2 pad 1", attrs: []string{"strides", "2,2", "dilations", "1,1", "pads_begin", "1,1", "pads_end", "1,1"},
			data: "1,3,224,224", filters: "64,3,3,3", out: "[1,64,112,112]"},
		{name: "valid ignores pads", attrs: []string{"strides", "2,2", "dilations", "1,1", "pads_begin", "1,1", "pads_end", "1,1", "auto_pad", "valid"},
			data: "1,3,8,8", filters: "4,3,3,3", out: "[1,4,3,3]", pb: []int64{0, 0}, pe: []int64{0, 0}},
		{name: "interval spatial explicit", attrs: []string{"strides", "2", "dilations", "2"},
			data: "1,3,10..20", filters: "4,3,3", out: "[1,4,3..8]"},
		{name: "kernel larger than padded input", attrs: []string{"strides", "1,1", "dilations", "2,2"},
			data: "1,3,4,4", filters: "4,3,3,3", err: "Kernel after dilation has size (dim: 5) larger than the data shape after padding (dim: 4) at axis 0."},
	})
}

func TestConvolutionTypes(t *testing.T) {
	op := decodeOp(t, "Convolution", "opset1", "strides", "1", "dilations", "1")
	_, err := op.Infer([]Input{{Type: ir.F16, Shape: shape(t, "1,1,4")}, {Type: ir.F32, Shape: shape(t, "1,1,3")}})
	require.EqualError(t, err, "Element types for data batch and filters do not match (data batch element type: f16, filters element type: f32).")
	_, err = op.Infer([]Input{{Type: ir.Boolean, Shape: shape(t, "1,1,4")}, {Type: ir.Boolean, Shape: shape(t, "1,1,3")}})
	require.EqualError(t, err, "Element types must be numeric. Got: boolean")
	outs, err := op.Infer([]Input{{Type: ir.Dynamic, Shape: shape(t, "1,1,4")}, {Type: ir.I8, Shape: shape(t, "1,1,3")}})
	require.NoError(t, err)
	require.Equal(t, ir.I8, outs[0].Type)
}

// Shapes, pads and messages from src/core/tests/type_prop/group_convolution.cpp.
func TestGroupConvolutionInfer(t *testing.T) {
	s11 := []string{"strides", "1,1", "dilations", "1,1"}
	with := func(base []string, kv ...string) []string { return append(append([]string{}, base...), kv...) }
	runConvCases(t, "GroupConvolution", []convCase{
		{name: "group_convolution_auto_padding_same_lower", attrs: with(s11, "auto_pad", "same_lower"),
			data: "1,4,5,5", filters: "2,1,2,3,3", out: "[1,2,5,5]", pb: []int64{1, 1}, pe: []int64{1, 1}},
		{name: "group_convolution_auto_padding_same_upper", attrs: with(s11, "auto_pad", "same_upper"),
			data: "1,4,5,5", filters: "2,1,2,2,2", out: "[1,2,5,5]", pb: []int64{0, 0}, pe: []int64{1, 1}},
		{name: "same_lower_spatial_dims_static", attrs: []string{"auto_pad", "same_lower"},
			data: "?,?,5,5", filters: "?,?,?,3,3", out: "[?,?,5,5]", pb: []int64{1, 1}, pe: []int64{1, 1}},
		{name: "same_upper_spatial_dims_static", attrs: []string{"auto_pad", "same_upper"},
			data: "1,?,5,5", filters: "?,?,?,2,2", out: "[1,?,5,5]", pb: []int64{0, 0}, pe: []int64{1, 1}},
		{name: "static_ranks_filters_groups_dyn", attrs: []string{"auto_pad", "same_lower"},
			data: "?,4,5,5", filters: "?,1,2,3,3", out: "[?,2,5,5]", pb: []int64{1, 1}, pe: []int64{1, 1}},
		{name: "static_ranks_filters_groups_cout_dyn", attrs: []string{"auto_pad", "same_lower"},
			data: "?,4,5,5", filters: "?,?,2,3,3", out: "[?,?,5,5]"},
		{name: "static_ranks_data_cin_filters_group_dyn", attrs: []string{"auto_pad", "same_lower"},
			data: "?,?,5,5", filters: "?,1,2,3,3", out: "[?,?,5,5]"},
		{name: "auto_padding_same_spatial_dims_dynamic", attrs: []string{"auto_pad", "same_lower"},
			data: "1,4,?,5", filters: "2,1,2,3,3", out: "[1,2,?,5]", pb: []int64{0, 1}, pe: []int64{0, 1}},
		{name: "group_convolution_data_batch_dynamic", data: "...", filters: "2,1,2,3,3", out: "[?,2,1..,1..]"},
		{name: "filters_dynamic_auto_pad_explicit", data: "1,4,5,5", filters: "...", out: "[1,?,1..5,1..5]"},
		{name: "filters_dynamic_auto_pad_same", attrs: []string{"auto_pad", "same_lower"},
			data: "1,4,5,5", filters: "...", out: "[1,?,5,5]", pb: []int64{0, 0}, pe: []int64{0, 0}},
		{name: "group_convolution_data_batch_and_filters_dynamic", data: "...", filters: "...", out: "[...]"},
		// Hand-computed: channels 5 are not a multiple of the 2 input channels per group.
		{name: "channels not divisible", data: "1,5,5,5", filters: "2,1,2,3,3",
			err: "Input channels dimension of data batch is incompatible with filter groups or input channels."},
		{name: "groups mismatch", data: "1,6,5,5", filters: "2,1,2,3,3",
			err: "Input channels dimension of data batch is incompatible with filter groups or input channels."},
		{name: "rank mismatch", data: "1,4,5,5", filters: "2,1,2,3",
			err: "Data batch and filters rank do not match"},
		{name: "depthwise (corpus style)", attrs: []string{"strides", "2,2", "dilations", "1,1", "pads_begin", "1,1", "pads_end", "1,1"},
			data: "1,32,112,112", filters: "32,1,1,3,3", out: "[1,32,56,56]"},
		{name: "interval channels", data: "1,4..8,5,5", filters: "2,3,2,3,3", out: "[1,6,3,3]"},
	})
}

// ConvolutionBackpropData and GroupConvolutionBackpropData: cases after
// src/core/tests/type_prop/convolution_backprop_data.cpp and
// group_convolution_backprop_data.cpp, values hand-computed from
// append_spatial_shape: (in - 1) * stride + dilated filter - pads + output_padding.
func TestConvBackpropInfer(t *testing.T) {
	cases := []struct {
		name    string
		typ     string
		attrs   []string
		data    string
		filters string
		outSh   *ir.Tensor
		outDecl string // output_shape input shape when it has no value
		out     string
		pb, pe  []int64
		err     string
	}{
		{name: "stride 2", typ: "ConvolutionBackpropData", attrs: []string{"strides", "2,2", "dilations", "1,1", "pads_begin", "0,0", "pads_end", "0,0"},
			data: "1,16,2,2", filters: "16,6,3,3", out: "[1,6,5,5]"},
		{name: "output_padding", typ: "ConvolutionBackpropData", attrs: []string{"strides", "2,2", "dilations", "1,1", "pads_begin", "0,0", "pads_end", "0,0", "output_padding", "1,1"},
			data: "1,16,2,2", filters: "16,6,3,3", out: "[1,6,6,6]"},
		{name: "pads", typ: "ConvolutionBackpropData", attrs: []string{"strides", "2,2", "dilations", "1,1", "pads_begin", "1,1", "pads_end", "1,1"},
			data: "1,16,2,2", filters: "16,6,3,3", out: "[1,6,3,3]"},
		{name: "dilation", typ: "ConvolutionBackpropData", attrs: []string{"strides", "1", "dilations", "2", "pads_begin", "0", "pads_end", "0"},
			data: "1,16,4", filters: "16,6,3", out: "[1,6,8]"},
		{name: "output_shape same_upper", typ: "ConvolutionBackpropData", attrs: []string{"strides", "2,2", "dilations", "1,1", "auto_pad", "same_upper"},
			data: "1,16,2,2", filters: "16,6,3,3", outSh: i64Tensor(t, 3, 3), out: "[1,6,3,3]", pb: []int64{1, 1}, pe: []int64{1, 1}},
		{name: "output_shape same_upper odd", typ: "ConvolutionBackpropData", attrs: []string{"strides", "2,2", "dilations", "1,1", "auto_pad", "same_upper"},
			data: "1,16,2,2", filters: "16,6,3,3", outSh: i64Tensor(t, 4, 4), out: "[1,6,4,4]", pb: []int64{1, 1}, pe: []int64{0, 0}},
		{name: "output_shape same_lower odd", typ: "ConvolutionBackpropData", attrs: []string{"strides", "2,2", "dilations", "1,1", "auto_pad", "same_lower"},
			data: "1,16,2,2", filters: "16,6,3,3", outSh: i64Tensor(t, 4, 4), out: "[1,6,4,4]", pb: []int64{0, 0}, pe: []int64{1, 1}},
		{name: "output_shape unknown", typ: "ConvolutionBackpropData", attrs: []string{"strides", "2,2", "dilations", "1,1"},
			data: "1,16,2,2", filters: "16,6,3,3", outDecl: "2", out: "[1,6,?,?]"},
		{name: "dynamic spatial", typ: "ConvolutionBackpropData", attrs: []string{"strides", "2,2", "dilations", "1,1"},
			data: "?,16,?,4..5", filters: "16,6,3,3", out: "[?,6,3..,9..11]"},
		{name: "negative result is dynamic", typ: "ConvolutionBackpropData", attrs: []string{"strides", "1", "dilations", "1", "pads_begin", "3", "pads_end", "3"},
			data: "1,16,2", filters: "16,6,3", out: "[1,6,?]"},
		{name: "channels mismatch", typ: "ConvolutionBackpropData", attrs: []string{"strides", "1,1", "dilations", "1,1"},
			data: "1,16,2,2", filters: "8,6,3,3", err: "Data batch channel count (16) does not match filter input channel count (8)."},
		{name: "output_shape length", typ: "ConvolutionBackpropData", attrs: []string{"strides", "1,1", "dilations", "1,1"},
			data: "1,16,2,2", filters: "16,6,3,3", outSh: i64Tensor(t, 3, 3, 3), err: "Output shape should be defined for all and only spatial dimensions."},
		{name: "output_padding length", typ: "ConvolutionBackpropData", attrs: []string{"strides", "1,1", "dilations", "1,1", "output_padding", "1"},
			data: "1,16,2,2", filters: "16,6,3,3", err: "Output padding should be defined for all and only spatial dimensions."},
		{name: "group", typ: "GroupConvolutionBackpropData", attrs: []string{"strides", "1,1", "dilations", "1,1"},
			data: "1,4,5,5", filters: "2,2,3,3,3", out: "[1,6,7,7]"},
		{name: "group incompatible", typ: "GroupConvolutionBackpropData", attrs: []string{"strides", "1,1", "dilations", "1,1"},
			data: "1,5,5,5", filters: "2,2,3,3,3", err: "Input channels dimension of data batch is incompatible with filter groups or input channels."},
		{name: "group rank", typ: "GroupConvolutionBackpropData", attrs: []string{"strides", "1,1", "dilations", "1,1"},
			data: "1,4,5,5", filters: "2,2,3,3", err: "Data and filters rank do not match"},
		{name: "group output_shape", typ: "GroupConvolutionBackpropData", attrs: []string{"strides", "2,2", "dilations", "1,1"},
			data: "1,4,5,5", filters: "2,2,3,3,3", outSh: i64Tensor(t, 12, 13), out: "[1,6,12,13]"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			op := decodeOp(t, c.typ, "opset1", c.attrs...)
			in := []Input{{Type: ir.F32, Shape: shape(t, c.data)}, {Type: ir.F32, Shape: shape(t, c.filters)}}
			if c.outSh != nil {
				in = append(in, Input{Type: ir.I64, Shape: shapeOfDims(c.outSh.Shape), Value: c.outSh})
			} else if c.outDecl != "" {
				in = append(in, Input{Type: ir.I64, Shape: shape(t, c.outDecl)})
			}
			outs, err := op.Infer(in)
			if c.err != "" {
				require.ErrorContains(t, err, c.err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, c.out, outs[0].Shape.String())
			if c.pb != nil {
				_, g, err := op.(*convBackpropOp).backpropGeometry(in)
				require.NoError(t, err)
				require.Equal(t, c.pb, g.padsBegin)
				require.Equal(t, c.pe, g.padsEnd)
			}
		})
	}
}

func TestConvBackpropTypes(t *testing.T) {
	op := decodeOp(t, "ConvolutionBackpropData", "opset1", "strides", "1", "dilations", "1")
	_, err := op.Infer([]Input{{Type: ir.F32, Shape: shape(t, "1,1,4")}, {Type: ir.F32, Shape: shape(t, "1,1,3")},
		{Type: ir.F32, Shape: shape(t, "1")}})
	require.EqualError(t, err, "Element type for output shape should be of integer type (output_shape element type: f32).")
	_, err = op.Infer([]Input{{Type: ir.F32, Shape: shape(t, "1,1,4")}, {Type: ir.F32, Shape: shape(t, "1,1,3")},
		{Type: ir.I64, Shape: shape(t, "1,1")}})
	require.ErrorContains(t, err, "Input delivering output shape must have rank 1.")
}

// End-to-end through Prepare: op_reference convolution.cpp's 2D case in f32 and f16, a
// backprop vector from op_reference convolution_backprop.cpp, and MatMul/Interpolate.
func TestConvFamilyRun(t *testing.T) {
	x := []float32{1, 3, 5, 7, 7, 5, 3, 1, 2, 4, 6, 8, 8, 6, 4, 2}
	w := []float32{1, 2, 3, 0, 1, 0, 3, 2, 1}
	op := decodeOp(t, "Convolution", "opset1", "strides", "1,1", "dilations", "1,1", "pads_begin", "0,0", "pads_end", "0,0")
	for _, ref := range []bool{true, false} {
		out := run(t, op, ExecOptions{Reference: ref}, tensor(t, ir.F32, []int{1, 1, 4, 4}, x), tensor(t, ir.F32, []int{1, 1, 3, 3}, w))
		require.Equal(t, []float32{47, 69, 70, 48}, out[0].Data)
	}
	h := func(v []float32) []f16 {
		o := make([]f16, len(v))
		for i, f := range v {
			o[i] = float16.Fromfloat32(f)
		}
		return o
	}
	out := run(t, op, ExecOptions{Reference: true}, tensor(t, ir.F16, []int{1, 1, 4, 4}, h(x)), tensor(t, ir.F16, []int{1, 1, 3, 3}, h(w)))
	require.Equal(t, h([]float32{47, 69, 70, 48}), out[0].Data)

	bp := decodeOp(t, "ConvolutionBackpropData", "opset1", "strides", "2,2", "dilations", "1,1", "pads_begin", "0,0", "pads_end", "0,0")
	out = run(t, bp, ExecOptions{Reference: true}, tensor(t, ir.F32, []int{1, 1, 2, 2}, []float32{2, 5, 4, 3}),
		tensor(t, ir.F32, []int{1, 1, 3, 3}, []float32{1, 2, 3, 1, 1, 1, 3, 2, 1}))
	require.Equal(t, []float32{2, 4, 11, 10, 15, 2, 2, 7, 5, 5, 10, 12, 32, 16, 14, 4, 4, 7, 3, 3, 12, 8, 13, 6, 3}, out[0].Data)

	gc := decodeOp(t, "GroupConvolution", "opset1", "strides", "1", "dilations", "1")
	out = run(t, gc, ExecOptions{Reference: true}, tensor(t, ir.I32, []int{1, 2, 2}, []int32{1, 2, 3, 4}),
		tensor(t, ir.I32, []int{2, 1, 1, 1}, []int32{10, 100}))
	require.Equal(t, []int32{10, 20, 300, 400}, out[0].Data)

	mm := decodeOp(t, "MatMul", "opset1", "transpose_b", "true")
	out = run(t, mm, ExecOptions{Reference: true}, tensor(t, ir.F32, []int{3}, []float32{1, 2, 3}),
		tensor(t, ir.F32, []int{2, 3}, []float32{1, 0, 0, 1, 1, 1}))
	require.Equal(t, []int{2}, out[0].Shape)
	require.Equal(t, []float32{1, 6}, out[0].Data)

	ip := decodeOp(t, "Interpolate", "opset11", "mode", "nearest", "shape_calculation_mode", "scales",
		"coordinate_transformation_mode", "asymmetric", "nearest_mode", "floor")
	out = run(t, ip, ExecOptions{Reference: true}, tensor(t, ir.F32, []int{1, 1, 2, 2}, []float32{1, 2, 3, 4}),
		tensor(t, ir.F32, []int{4}, []float32{1, 1, 2, 2}))
	require.Equal(t, []float32{1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 4, 4, 3, 3, 4, 4}, out[0].Data)

	// Interpolate-1 nearest, align_corners=0 (person-reid-0300's attributes): x2 upsample.
	i1 := decodeOp(t, "Interpolate", "opset1", "axes", "2,3", "mode", "nearest", "align_corners", "0", "antialias", "0")
	out = run(t, i1, ExecOptions{Reference: true}, tensor(t, ir.F32, []int{1, 1, 2, 2}, []float32{1, 2, 3, 4}), i64Tensor(t, 4, 4))
	require.Equal(t, []float32{1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 4, 4, 3, 3, 4, 4}, out[0].Data)
}

// TestConvFamilyInt16 runs the conv family and MatMul on i16 and u16, which OpenVINO's
// template reference tests instantiate (group_convolution.cpp, convolution_backprop.cpp);
// expected values from those vectors.
func TestConvFamilyInt16(t *testing.T) {
	gc := decodeOp(t, "GroupConvolution", "opset1", "strides", "1", "dilations", "1", "pads_begin", "0", "pads_end", "0")
	out := run(t, gc, ExecOptions{Reference: true}, tensor(t, ir.I16, []int{1, 2, 6}, []int16{1, 3, 3, 0, 1, 2, 1, 3, 3, 0, 1, 2}),
		tensor(t, ir.I16, []int{2, 1, 1, 3}, []int16{1, 0, 3, 3, 0, 1}))
	require.Equal(t, []int16{10, 3, 6, 6, 6, 9, 10, 2}, out[0].Data)

	bp := decodeOp(t, "ConvolutionBackpropData", "opset1", "strides", "1", "dilations", "1", "pads_begin", "0", "pads_end", "0")
	out = run(t, bp, ExecOptions{Reference: true}, tensor(t, ir.U16, []int{1, 1, 4}, []uint16{5, 6, 7, 2}),
		tensor(t, ir.U16, []int{1, 1, 3}, []uint16{2, 0, 1}))
	require.Equal(t, []uint16{10, 12, 19, 10, 7, 2}, out[0].Data)

	mm := decodeOp(t, "MatMul", "opset1")
	out = run(t, mm, ExecOptions{Reference: true}, tensor(t, ir.I16, []int{2, 2}, []int16{1, 2, 3, 4}),
		tensor(t, ir.I16, []int{2, 2}, []int16{5, 6, 7, 8}))
	require.Equal(t, []int16{19, 22, 43, 50}, out[0].Data)
}
