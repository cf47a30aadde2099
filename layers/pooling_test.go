package layers

import (
	"strings"
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

// Shape inference over partial shapes. Sources: docs/openvino-semantics.md (§1.2 notes,
// §1.3, §2.4, §5.2, §12 "Shapes") and OpenVINO's type_prop tests
// (src/core/tests/type_prop/max_pool.cpp, avg_pool.cpp), named per case.
func TestPoolInferShapes(t *testing.T) {
	cases := []struct {
		name     string
		typ, ver string
		attrs    []string
		in       string
		out      string
		pb, pe   []int64 // resolved pads, checked when non-nil
	}{
		{"spec same_upper 32 k2 s2 (§2.4, §12)", "MaxPool", "opset1",
			[]string{"kernel", "2,2", "strides", "2,2", "auto_pad", "same_upper"},
			"1,3,32,32", "[1,3,16,16]", []int64{0, 0}, []int64{0, 0}},
		{"avg spec k5 s2 same_upper (§5.2, §12)", "AvgPool", "opset1",
			[]string{"kernel", "5,5", "strides", "2,2", "auto_pad", "same_upper"},
			"1,3,32,32", "[1,3,16,16]", []int64{1, 1}, []int64{2, 2}},
		{"same + ceil extra window in=6 k1 s4 (§1.2)", "MaxPool", "opset1",
			[]string{"kernel", "1", "strides", "4", "auto_pad", "same_upper", "rounding_type", "ceil"},
			"1,1,6", "[1,1,3]", []int64{0}, []int64{0}},
		{"same_upper odd total in=6 k3 s2 (§1.2)", "MaxPool", "opset1",
			[]string{"kernel", "3", "strides", "2", "auto_pad", "same_upper"},
			"1,1,6", "[1,1,3]", []int64{0}, []int64{1}},
		{"same_lower odd total in=6 k3 s2 (§1.2)", "MaxPool", "opset1",
			[]string{"kernel", "3", "strides", "2", "auto_pad", "same_lower"},
			"1,1,6", "[1,1,3]", []int64{1}, []int64{0}},
		{"max_pool_2D_auto_padding SAME_LOWER k2 s1", "MaxPool", "opset1",
			[]string{"kernel", "2,2", "strides", "1,1", "auto_pad", "same_lower"},
			"1,3,32,32", "[1,3,32,32]", []int64{1, 1}, []int64{0, 0}},
		{"max_pool_auto_padding_nc_dims_dynamic_same_upper", "MaxPool", "opset1",
			[]string{"kernel", "2,2", "strides", "1,1", "auto_pad", "same_upper"},
			"?,?,32,32", "[?,?,32,32]", []int64{0, 0}, []int64{1, 1}},
		{"max_pool_auto_padding_interval_dims_same_upper", "MaxPool", "opset1",
			[]string{"kernel", "2,2", "strides", "1,1", "auto_pad", "same_upper"},
			"1..2,2..3,16..32,11..32", "[1..2,2..3,?,?]", []int64{0, 0}, []int64{0, 0}},
		{"max_pool_auto_padding_spatial_dims_dynamic", "MaxPool", "opset1",
			[]string{"kernel", "2,2", "strides", "1,1", "auto_pad", "same_lower"},
			"1,3,32,?", "[1,3,32,?]", []int64{1, 0}, []int64{0, 0}},
		{"max_pool_default_ctor valid+ceil in=32 k2 s1 (§1.2)", "MaxPool", "opset1",
			[]string{"kernel", "2", "strides", "1", "pads_begin", "2", "pads_end", "2", "auto_pad", "valid", "rounding_type", "ceil"},
			"1,3,32", "[1,3,31]", []int64{0}, []int64{0}},
		{"max_pool_valid_auto_padding interval", "MaxPool", "opset1",
			[]string{"kernel", "2", "strides", "1", "pads_begin", "2", "pads_end", "2", "auto_pad", "valid"},
			"1,3,10..32", "[1,3,9..31]", []int64{0}, []int64{0}},
		{"v8 dilations + same_upper in=13 k3 d2,3 (type_prop)", "MaxPool", "opset8",
			[]string{"kernel", "3,3", "strides", "1,1", "dilations", "2,3", "auto_pad", "same_upper"},
			"1,3,13,13", "[1,3,13,13]", []int64{2, 3}, []int64{2, 3}},
		{"v8 dilations + same_upper in=13 k3 d3 (§1.2)", "MaxPool", "opset8",
			[]string{"kernel", "3,3", "strides", "1,1", "dilations", "3,3", "auto_pad", "same_upper"},
			"1,3,13,13", "[1,3,13,13]", []int64{3, 3}, []int64{3, 3}},
		{"max_pool_v8_3D_with_dilations_and_padding", "MaxPool", "opset8",
			[]string{"kernel", "3", "strides", "1", "dilations", "2", "pads_begin", "1", "pads_end", "2"},
			"1,7,13", "[1,7,12]", nil, nil},
		{"max_pool_v8_4D_with_dilations", "MaxPool", "opset8",
			[]string{"kernel", "2,2", "strides", "1,1", "dilations", "2,3"},
			"1,3,13,13", "[1,3,11,10]", nil, nil},
		{"max_pool_v8_4D_interval_dims_with_dilations {2..13} k2 d2 -> {1..11}", "MaxPool", "opset8",
			[]string{"kernel", "2,2", "strides", "1,1", "dilations", "2,3"},
			"2..3,1..3,2..13,6..13", "[2..3,1..3,1..11,3..10]", nil, nil},
		{"[198..) k2 s2 floor -> [99..)", "MaxPool", "opset8",
			[]string{"kernel", "2,2", "strides", "2,2"},
			"?,64,198..,198..", "[?,64,99..,99..]", nil, nil},
		{"[198..) k2 s2 ceil -> [99..)", "MaxPool", "opset8",
			[]string{"kernel", "2,2", "strides", "2,2", "rounding_type", "ceil"},
			"?,64,198..,198..", "[?,64,99..,99..]", nil, nil},
		{"[198..) k2 s2 ceil_torch -> [99..) (v14)", "MaxPool", "opset14",
			[]string{"kernel", "2,2", "strides", "2,2", "rounding_type", "ceil_torch"},
			"?,64,198..,198..", "[?,64,99..,99..]", nil, nil},
		{"max_pool_v14_4D_static_dims_ceil_mode in=5 -> 4", "MaxPool", "opset14",
			[]string{"kernel", "2,2", "strides", "2,2", "pads_begin", "1,1", "pads_end", "1,1", "rounding_type", "ceil"},
			"1,3,5,5", "[1,3,4,4]", nil, nil},
		{"in=5 floor -> 3 (§1.3)", "MaxPool", "opset14",
			[]string{"kernel", "2,2", "strides", "2,2", "pads_begin", "1,1", "pads_end", "1,1"},
			"1,3,5,5", "[1,3,3,3]", nil, nil},
		{"max_pool_v14_4D_static_dims_ceil_torch_mode_1 in=5 -> 3", "MaxPool", "opset14",
			[]string{"kernel", "2,2", "strides", "2,2", "pads_begin", "1,1", "pads_end", "1,1", "rounding_type", "ceil_torch"},
			"1,3,5,5", "[1,3,3,3]", nil, nil},
		{"max_pool_v14_4D_static_dims_ceil_torch_mode_2 in=9 -> 5", "MaxPool", "opset14",
			[]string{"kernel", "2,2", "strides", "2,2", "pads_begin", "1,1", "pads_end", "1,1", "rounding_type", "ceil_torch"},
			"1,3,9,9", "[1,3,5,5]", nil, nil},
		{"max_pool_v14_4D_dynamic_dims_ceil_mode_1", "MaxPool", "opset14",
			[]string{"kernel", "2,2", "strides", "2,2", "pads_begin", "1,1", "pads_end", "1,1", "rounding_type", "ceil"},
			"?,3,5..,6..7", "[?,3,4..,4..5]", nil, nil},
		{"max_pool_v14_4D_dynamic_dims_ceil_torch_mode_1 {6..7} -> 4", "MaxPool", "opset14",
			[]string{"kernel", "2,2", "strides", "2,2", "pads_begin", "1,1", "pads_end", "1,1", "rounding_type", "ceil_torch"},
			"?,3,5..,6..7", "[?,3,3..,4]", nil, nil},
		{"max_pool_v14_4D_dynamic_dims_ceil_mode_2", "MaxPool", "opset14",
			[]string{"kernel", "3,3", "strides", "3,3", "pads_begin", "1,1", "pads_end", "1,1", "rounding_type", "ceil"},
			"?,3,14..,15..17", "[?,3,6..,6..7]", nil, nil},
		{"max_pool_v14_4D_dynamic_dims_ceil_torch_mode_2 [14..)->[5..) [15..17]->6", "MaxPool", "opset14",
			[]string{"kernel", "3,3", "strides", "3,3", "pads_begin", "1,1", "pads_end", "1,1", "rounding_type", "ceil_torch"},
			"?,3,14..,15..17", "[?,3,5..,6]", nil, nil},
		{"bounded interval collapses: [1..2] k3 -> 1 (§1.2)", "MaxPool", "opset1",
			[]string{"kernel", "3", "strides", "1"},
			"1,1,1..2", "[1,1,1]", nil, nil},
		{"dynamic rank -> static rank all ? (max)", "MaxPool", "opset8",
			[]string{"kernel", "2,2", "strides", "1,1"},
			"...", "[?,?,?,?]", nil, nil},
		{"avg_pool_partial_rank_dynamic_ok", "AvgPool", "opset1",
			[]string{"kernel", "2,3,4,5", "strides", "1,1,1,1", "pads_begin", "0,0,0,0", "pads_end", "0,0,0,0", "exclude-pad", "false"},
			"...", "[?,?,?,?,?,?]", nil, nil},
		{"avg_pool_partial_rank_static_dynamic_ok", "AvgPool", "opset1",
			[]string{"kernel", "2,3,4", "strides", "1,1,1", "exclude-pad", "false"},
			"?,?,?,?,?", "[?,?,1..,1..,1..]", nil, nil},
		{"avg_pool_partial_rank_static_dynamic_some_dims_known_ok", "AvgPool", "opset1",
			[]string{"kernel", "2,3,4", "strides", "1,1,1", "exclude-pad", "false"},
			"5,?,8,?,4", "[5,?,7,1..,1]", nil, nil},
		{"avg_pool_partial_rank_static_dynamic_padded_window_not_too_big", "AvgPool", "opset1",
			[]string{"kernel", "9,3,4", "strides", "1,1,1", "pads_begin", "0,0,0", "pads_end", "1,0,0"},
			"5,?,8,?,4", "[5,?,1,1..,1]", nil, nil},
		{"avg_pool_explicit_padding_round_ceil_dynamic_dimensions", "AvgPool", "opset1",
			[]string{"kernel", "4", "strides", "4", "pads_begin", "2", "pads_end", "2", "rounding_type", "ceil"},
			"?,?,?", "[?,?,1..]", []int64{2}, []int64{2}},
		{"avg_pool_3d_deduce_strided_padded_small", "AvgPool", "opset1",
			[]string{"kernel", "2,3,2", "strides", "2,3,4", "pads_begin", "5,6,4", "pads_end", "6,4,5", "exclude-pad", "false"},
			"64,3,7,8,10", "[64,3,9,6,5]", nil, nil},
		{"avg_pool_2d_deduce_strided", "AvgPool", "opset1",
			[]string{"kernel", "10,20", "strides", "2,3", "pads_begin", "0,0", "pads_end", "0,0"},
			"64,3,100,150", "[64,3,46,44]", nil, nil},
		{"avg_pool_14_2d_deduce_strided_2 ceil_torch", "AvgPool", "opset14",
			[]string{"kernel", "10,20", "strides", "2,3", "pads_begin", "0,0", "pads_end", "0,0", "rounding_type", "ceil_torch"},
			"64,3,100,150", "[64,3,46,45]", nil, nil},
		{"avg_pool_14_explicit_padding_ceil_torch_no_strides", "AvgPool", "opset14",
			[]string{"kernel", "2,2", "strides", "1,1", "pads_begin", "1,1", "pads_end", "1,1", "rounding_type", "ceil_torch", "exclude-pad", "false"},
			"1,3,9,9", "[1,3,10,10]", nil, nil},
		{"avg_pool_14_auto_padding_ceil_torch", "AvgPool", "opset14",
			[]string{"kernel", "2,2", "strides", "1,1", "pads_begin", "1,1", "pads_end", "1,1", "rounding_type", "ceil_torch", "exclude-pad", "false", "auto_pad", "same_lower"},
			"1,3,9,9", "[1,3,9,9]", []int64{1, 1}, []int64{0, 0}},
		{"avg_pool_larger_than_pre_padding_but_fits_in_post_padding", "AvgPool", "opset1",
			[]string{"kernel", "9,9", "strides", "1,1", "pads_begin", "0,0", "pads_end", "1,1"},
			"6,2,8,8", "[6,2,1,1]", nil, nil},
		{"empty pads default to zeros (§1.1)", "AvgPool", "opset1",
			[]string{"kernel", "2,2", "strides", "2,2", "pads_begin", "", "pads_end", ""},
			"1,1,4,4", "[1,1,2,2]", []int64{0, 0}, []int64{0, 0}},
		{"AvgPool-16 dilations widen the kernel", "AvgPool", "opset16",
			[]string{"kernel", "3,2", "strides", "1,2", "pads_begin", "0,1", "pads_end", "0,1", "dilations", "2,3"},
			"1,3,32,20", "[1,3,28,10]", nil, nil},
		{"AvgPool-16 without dilations is AvgPool-14", "AvgPool", "opset16",
			[]string{"kernel", "2,2", "strides", "1,1", "pads_begin", "1,1", "pads_end", "1,1", "rounding_type", "ceil_torch", "exclude-pad", "false"},
			"1,3,9,9", "[1,3,10,10]", nil, nil},
		{"AvgPool-16 same_upper pads use the dilated kernel", "AvgPool", "opset16",
			[]string{"kernel", "3", "strides", "2", "dilations", "2", "auto_pad", "same_upper"},
			"1,1,10", "[1,1,5]", []int64{1}, []int64{2}},
		{"explicit pads wider than kernel are fine for MaxPool (§1.2)", "MaxPool", "opset1",
			[]string{"kernel", "2", "strides", "1", "pads_begin", "5", "pads_end", "5"},
			"1,1,3", "[1,1,12]", nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			op := decodeOp(t, c.typ, c.ver, c.attrs...)
			outs, err := op.Infer([]Input{{Type: ir.F32, Shape: shape(t, c.in)}})
			require.NoError(t, err)
			require.Equal(t, c.out, outs[0].Shape.String())
			require.Equal(t, ir.F32, outs[0].Type)
			p := op.(*poolOp)
			if p.hasIndices() {
				require.Len(t, outs, 2)
				require.Equal(t, c.out, outs[1].Shape.String())
				require.Equal(t, ir.I64, outs[1].Type)
			} else {
				require.Len(t, outs, 1)
			}
			if c.pb != nil {
				g, err := p.geometry(shape(t, c.in))
				require.NoError(t, err)
				require.Equal(t, c.pb, g.padsBegin)
				require.Equal(t, c.pe, g.padsEnd)
			}
		})
	}
}

// Every check of §1.2 (and MaxPool-8's axis normalisation, which OpenVINO runs first),
// one case each, with the exact message; "wins" cases fail two checks and assert the
// earlier one is reported.
func TestPoolInferErrors(t *testing.T) {
	cases := []struct {
		name     string
		typ, ver string
		attrs    []string
		in       string
		msg      string
	}{
		{"axis out of range (runs first)", "MaxPool", "opset8",
			[]string{"kernel", "2,2", "strides", "1,1", "axis", "4"}, "1,3,8,8",
			"Axis 4 out of the tensor rank range [-4, 3]."},
		{"axis wins over pads_begin", "MaxPool", "opset14",
			[]string{"kernel", "2,2", "strides", "1,1", "axis", "-5", "pads_begin", "0"}, "1,3,8,8",
			"Axis -5 out of the tensor rank range [-4, 3]."},
		{"1 pads_begin size", "MaxPool", "opset1",
			[]string{"kernel", "2,2", "strides", "1,1", "pads_begin", "0"}, "1,3,8,8",
			"Expected pads_begin size to be equal to input size - 2. Got: 1 (pads_begin=[0], kernel=[2, 2])"},
		{"1 wins over 3 (wrong kernel length reported as pads)", "MaxPool", "opset1",
			[]string{"kernel", "2,2,2", "strides", "1,1,1", "pads_begin", "0,0"}, "1,3",
			"Expected pads_begin size to be equal to input size - 2. Got: 2 (pads_begin=[0, 0], kernel=[2, 2, 2])"},
		{"2 pads_end size", "AvgPool", "opset1",
			[]string{"kernel", "3,3", "strides", "2,3", "pads_begin", "1,2", "pads_end", "1,2,3"}, "6,2,10,10",
			"Expected pads_end size to be equal to input size - 2. Got: 3 (pads_end=[1, 2, 3], kernel=[3, 3])"},
		{"3 rank", "AvgPool", "opset1",
			[]string{"kernel", "1", "strides", "1"}, "1,6",
			"Expected a 3D, 4D or 5D tensor for the input. Got: [1,6]"},
		{"3 wins over 4", "MaxPool", "opset1",
			[]string{"kernel", "1"}, "1,6",
			"Expected a 3D, 4D or 5D tensor for the input. Got: [1,6]"},
		{"4 strides missing", "MaxPool", "opset1",
			[]string{"kernel", "2,2"}, "1,3,8,8",
			"Expected strides size to be equal to input size - 2. Got: 0 (strides=[], kernel=[2, 2]; the strides attribute is missing or empty and OpenVINO does not default it)"},
		{"4 strides size", "AvgPool", "opset1",
			[]string{"kernel", "3,3", "strides", "2,3,8"}, "6,2,10,10",
			"Expected strides size to be equal to input size - 2. Got: 3 (strides=[2, 3, 8], kernel=[3, 3])"},
		{"4 wins over 7", "MaxPool", "opset1",
			[]string{"kernel", "2,2", "strides", "0"}, "1,3,8,8",
			"Expected strides size to be equal to input size - 2. Got: 1 (strides=[0], kernel=[2, 2])"},
		{"5 dilations size", "MaxPool", "opset8",
			[]string{"kernel", "2,2", "strides", "1,1", "dilations", "1"}, "1,3,8,8",
			"Expected dilations size to be equal to kernel size. Got: 1 (dilations=[1], kernel=[2, 2])"},
		{"6 kernel size", "MaxPool", "opset1",
			[]string{"kernel", "3", "strides", "1"}, "1,3,8,8",
			"Expected kernel size to be equal to input size - 2. Got: 1 (kernel=[3], input [1,3,8,8])"},
		{"6 wins over 7", "MaxPool", "opset1",
			[]string{"kernel", "3", "strides", "0"}, "1,3,8,8",
			"Expected kernel size to be equal to input size - 2. Got: 1 (kernel=[3], input [1,3,8,8])"},
		{"7 zero stride", "AvgPool", "opset1",
			[]string{"kernel", "3,3", "strides", "0,1"}, "6,2,10,10",
			"Strides has zero dimension(s). Strides{0, 1}"},
		{"7 wins over 8", "MaxPool", "opset8",
			[]string{"kernel", "3,3", "strides", "1,0", "dilations", "0,1"}, "6,2,10,10",
			"Strides has zero dimension(s). Strides{1, 0}"},
		{"8 zero dilation", "MaxPool", "opset8",
			[]string{"kernel", "3,3", "strides", "1,1", "dilations", "1,0"}, "6,2,10,10",
			"Kernel dilations has zero dimension(s). Strides{1, 0}"},
		{"8 wins over 9", "MaxPool", "opset8",
			[]string{"kernel", "3,3", "strides", "1,1", "dilations", "0,1", "rounding_type", "ceil_torch"}, "6,2,10,10",
			"Kernel dilations has zero dimension(s). Strides{0, 1}"},
		{"8 zero dilation on AvgPool-16", "AvgPool", "opset16",
			[]string{"kernel", "3,3", "strides", "1,1", "dilations", "0,1"}, "6,2,10,10",
			"Kernel dilations has zero dimension(s). Strides{0, 1}"},
		{"5 dilations size on AvgPool-16", "AvgPool", "opset16",
			[]string{"kernel", "2,2", "strides", "1,1", "dilations", "1,1,1"}, "1,3,8,8",
			"Expected dilations size to be equal to kernel size. Got: 3 (dilations=[1, 1, 1], kernel=[2, 2])"},
		{"9 ceil_torch on MaxPool-8", "MaxPool", "opset8",
			[]string{"kernel", "3,3", "strides", "1,1", "rounding_type", "ceil_torch"}, "6,2,10,10",
			"Rounding CEIL_TORCH is not supported. (MaxPool-8 accepts floor and ceil; ceil_torch needs opset14)"},
		{"9 ceil_torch on AvgPool-1", "AvgPool", "opset1",
			[]string{"kernel", "9,3,4", "strides", "1,1,1", "pads_end", "1,0,0", "rounding_type", "CEIL_TORCH"}, "5,?,8,?,4",
			"Rounding CEIL_TORCH is not supported. (AvgPool-1 accepts floor and ceil; ceil_torch needs opset14)"},
		{"9 wins over 10 and dynamic rank still checks", "MaxPool", "opset1",
			[]string{"kernel", "3,3", "strides", "1,1", "rounding_type", "ceil_torch"}, "...",
			"Rounding CEIL_TORCH is not supported. (MaxPool-1 accepts floor and ceil; ceil_torch needs opset14)"},
		{"irrun: negative pad", "MaxPool", "opset1",
			[]string{"kernel", "2", "strides", "1", "pads_begin", "-1"}, "1,1,8",
			"Attribute pads_begin=[-1] has a negative value; OpenVINO stores it as size_t (18446744073709551615), irrun rejects it."},
		{"10 batch zero", "AvgPool", "opset1",
			[]string{"kernel", "1", "strides", "1"}, "0,6,4",
			"Batch size is zero. (input [0,6,4])"},
		{"10 wins over 13", "MaxPool", "opset1",
			[]string{"kernel", "3,3", "strides", "1,1"}, "0,3,2,2",
			"Batch size is zero. (input [0,3,2,2])"},
		{"11 channels zero", "AvgPool", "opset1",
			[]string{"kernel", "1", "strides", "1"}, "6,0,4",
			"Channel count is zero. (input [6,0,4])"},
		{"12 dilated kernel wraps to 0", "MaxPool", "opset8",
			[]string{"kernel", "6148914691236517206", "strides", "1", "dilations", "3"}, "1,1,4",
			"Kernel after dilation has dimension less than 1 (dim: 0) at axis 0."},
		{"13 kernel larger than padded input", "MaxPool", "opset1",
			[]string{"kernel", "2,5", "strides", "1,1"}, "1,3,8,4",
			"Kernel after dilation has size (dim: 5) larger than the data shape after padding (dim: 4) at axis 1. (kernel 5, dilation 1, input 4, pads 0+0)"},
		{"13 with dilation", "MaxPool", "opset8",
			[]string{"kernel", "3", "strides", "1", "dilations", "3", "pads_begin", "1", "pads_end", "0"}, "1,1,5",
			"Kernel after dilation has size (dim: 7) larger than the data shape after padding (dim: 6) at axis 0. (kernel 3, dilation 3, input 5, pads 1+0)"},
		{"13 kernel 0 is SIZE_MAX after dilation (§1.2)", "AvgPool", "opset1",
			[]string{"kernel", "3,0", "strides", "1,1"}, "6,2,10,10",
			"Kernel after dilation has size (dim: 18446744073709551615) larger than the data shape after padding (dim: 10) at axis 1. (kernel 0, dilation 1, input 10, pads 0+0)"},
		{"13 avg_pool_invalid_dilated_too_large", "AvgPool", "opset1",
			[]string{"kernel", "9,9", "strides", "1,1"}, "6,2,8,8",
			"Kernel after dilation has size (dim: 9) larger than the data shape after padding (dim: 8) at axis 0. (kernel 9, dilation 1, input 8, pads 0+0)"},
		{"14 kernel in pads_begin", "AvgPool", "opset1",
			[]string{"kernel", "9", "strides", "1", "pads_begin", "10", "pads_end", "0"}, "5,?,8",
			"Kernel after dilation is sometimes entirely in the padding area for axis 0 (dilated kernel dimension: 9, padding below dimension: 10, padding above dimension: 0) and this is not allowed."},
		{"14 kernel in pads_end (v14)", "AvgPool", "opset14",
			[]string{"kernel", "9", "strides", "1", "pads_begin", "0", "pads_end", "10"}, "5,?,8",
			"Kernel after dilation is sometimes entirely in the padding area for axis 0 (dilated kernel dimension: 9, padding below dimension: 0, padding above dimension: 10) and this is not allowed."},
		{"14 on axis 0 wins over 13 on axis 1", "AvgPool", "opset1",
			[]string{"kernel", "2,9", "strides", "1,1", "pads_begin", "2,0", "pads_end", "0,0"}, "1,1,4,4",
			"Kernel after dilation is sometimes entirely in the padding area for axis 0 (dilated kernel dimension: 2, padding below dimension: 2, padding above dimension: 0) and this is not allowed."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			op := decodeOp(t, c.typ, c.ver, c.attrs...)
			_, err := op.Infer([]Input{{Type: ir.F32, Shape: shape(t, c.in)}})
			require.Error(t, err)
			require.Equal(t, c.msg, err.Error())
		})
	}
}

func TestPoolCheck14OnlyWithExcludePad(t *testing.T) {
	op := decodeOp(t, "AvgPool", "opset1", "kernel", "9", "strides", "1", "pads_begin", "10", "pads_end", "0", "exclude-pad", "false")
	outs, err := op.Infer([]Input{{Type: ir.F32, Shape: shape(t, "5,?,8")}})
	require.NoError(t, err)
	require.Equal(t, "[5,?,10]", outs[0].Shape.String())
}

// Decoding: defaults when absent (§1.1), case-insensitive enums, bad values.
func TestPoolDecode(t *testing.T) {
	t.Run("MaxPool-1 defaults", func(t *testing.T) {
		p := decodeOp(t, "MaxPool", "opset1", "kernel", "2,2", "strides", "1, 1", "unknown_attr", "zzz").(*poolOp)
		require.Equal(t, roundFloor, p.rounding)
		require.Equal(t, padExplicit, p.autoPad)
		require.Empty(t, p.padsBegin)
		require.Equal(t, []int64{1, 1}, p.strides)
	})
	t.Run("MaxPool-8 defaults", func(t *testing.T) {
		p := decodeOp(t, "MaxPool", "opset8", "kernel", "2,2", "strides", "1,1").(*poolOp)
		require.Equal(t, ir.I64, p.indexType)
		require.Equal(t, int64(0), p.axis)
		require.Empty(t, p.dilations)
		g, err := p.geometry(shape(t, "1,1,4,4"))
		require.NoError(t, err)
		require.Equal(t, []int64{1, 1}, g.dilations)
	})
	t.Run("MaxPool-1 ignores dilations", func(t *testing.T) {
		p := decodeOp(t, "MaxPool", "opset1", "kernel", "2", "strides", "1", "dilations", "5").(*poolOp)
		outs, err := p.Infer([]Input{{Type: ir.F32, Shape: shape(t, "1,1,4")}})
		require.NoError(t, err)
		require.Equal(t, "[1,1,3]", outs[0].Shape.String())
	})
	t.Run("AvgPool exclude-pad default true", func(t *testing.T) {
		p := decodeOp(t, "AvgPool", "opset1", "kernel", "2", "strides", "1").(*poolOp)
		require.True(t, p.excludePad)
	})
	t.Run("case-insensitive enums and bools", func(t *testing.T) {
		p := decodeOp(t, "AvgPool", "opset14", "kernel", "2", "strides", "1", "auto_pad", "SAME_Upper",
			"rounding_type", "Ceil_Torch", "exclude-pad", "FALSE").(*poolOp)
		require.Equal(t, padSameUpper, p.autoPad)
		require.Equal(t, roundCeilTorch, p.rounding)
		require.False(t, p.excludePad)
		p = decodeOp(t, "AvgPool", "opset1", "kernel", "2", "strides", "1", "exclude-pad", "0", "auto_pad", "VALID").(*poolOp)
		require.False(t, p.excludePad)
		require.Equal(t, padValid, p.autoPad)
		q := decodeOp(t, "MaxPool", "opset8", "kernel", "2", "strides", "1", "index_element_type", "I32", "axis", " -1").(*poolOp)
		require.Equal(t, ir.I32, q.indexType)
		require.Equal(t, int64(-1), q.axis)
	})

	type diagWant struct {
		sev    ir.Severity
		code   string
		offset int
		msg    string
		opNil  bool
	}
	cases := []struct {
		name     string
		typ, ver string
		attrs    []string
		want     diagWant
	}{
		{"auto_pad notset", "MaxPool", "opset1", []string{"kernel", "2", "strides", "1", "auto_pad", "notset"},
			diagWant{ir.SeverityError, CodeInvalidAttribute, 120,
				`MaxPool layer "lay" (id 7): attribute auto_pad="notset" is invalid: "notset" is not a member of enum auto_pad (explicit, same_upper, same_lower, valid)`, true}},
		{"rounding_type round", "AvgPool", "opset1", []string{"kernel", "2", "strides", "1", "rounding_type", "round"},
			diagWant{ir.SeverityError, CodeInvalidAttribute, 120,
				`AvgPool layer "lay" (id 7): attribute rounding_type="round" is invalid: "round" is not a member of enum rounding_type (floor, ceil, ceil_torch)`, true}},
		{"strides empty field", "MaxPool", "opset1", []string{"kernel", "2,2", "strides", "2,,2"},
			diagWant{ir.SeverityError, CodeInvalidAttribute, 110,
				`MaxPool layer "lay" (id 7): attribute strides="2,,2" is invalid: Cannot get vector of parameters! "2,,2" is incorrect`, true}},
		{"index_element_type int64", "MaxPool", "opset8", []string{"kernel", "2", "strides", "1", "index_element_type", "int64"},
			diagWant{ir.SeverityError, CodeInvalidAttribute, 120,
				`MaxPool layer "lay" (id 7): attribute index_element_type="int64" is invalid: "int64" is not a member of enum element::Type_t`, true}},
		{"index_element_type i16 loads but cannot run", "MaxPool", "opset8", []string{"kernel", "2", "strides", "1", "index_element_type", "i16"},
			diagWant{ir.SeverityError, CodeInvalidAttribute, 120,
				`MaxPool layer "lay" (id 7): attribute index_element_type="i16" is invalid: must be i32 or i64 (OpenVINO loads the model but cannot execute the op)`, false}},
		{"exclude-pad garbage ignored", "AvgPool", "opset1", []string{"kernel", "2", "strides", "1", "exclude-pad", "yes"},
			diagWant{ir.SeverityWarning, CodeAttributeIgnored, 120,
				`AvgPool layer "lay" (id 7): attribute exclude-pad="yes" is not a boolean (true/false/1/0); OpenVINO ignores it and keeps the default true`, false}},
		{"axis garbage reads 0", "MaxPool", "opset14", []string{"kernel", "2", "strides", "1", "axis", "one"},
			diagWant{ir.SeverityWarning, CodeAttributeIgnored, 120,
				`MaxPool layer "lay" (id 7): attribute axis="one" is not an integer; OpenVINO reads it as 0`, false}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			def, err := Lookup(c.typ, c.ver)
			require.NoError(t, err)
			op, diags := def.Decode(mkLayer(c.typ, c.ver, c.attrs...), nil)
			require.Len(t, diags, 1)
			d := diags[0]
			require.Equal(t, c.want.sev, d.Severity)
			require.Equal(t, c.want.code, d.Code)
			require.Equal(t, c.want.offset, d.Offset)
			// The text after "is invalid: " comes from the ir accessors, which may add
			// context after OpenVINO's message: compare the prefix.
			require.True(t, strings.HasPrefix(d.Message, c.want.msg), "message %q\nwant prefix %q", d.Message, c.want.msg)
			require.Equal(t, "7", d.LayerID)
			require.Equal(t, "lay", d.LayerName)
			require.Equal(t, c.want.opNil, op == nil)
			if p, ok := op.(*poolOp); ok && c.name == "exclude-pad garbage ignored" {
				require.True(t, p.excludePad)
			}
		})
	}
}
