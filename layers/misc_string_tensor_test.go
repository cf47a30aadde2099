package layers

import (
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

// StringTensorPack: type_prop/string_tensor_pack.cpp; StringTensorUnpack:
// string_tensor_unpack_shape_inference.hpp.
func TestMoreStringTensorInfer(t *testing.T) {
	u8 := moreIn(t, ir.U8, "100")
	var cases []moreInferCase
	for _, s := range []string{"3", "3,9", "3,9,1", "...", "4..5,5..6", "4..5,5", "3,?"} {
		cases = append(cases, moreInferCase{"suite " + s, nil, []Input{moreIn(t, ir.I32, s), moreIn(t, ir.I32, s), u8}, []string{shape(t, s).String()}, []ir.ElementType{ir.String}, ""})
	}
	cases = append(cases,
		moreInferCase{"begins_static_ends_dynamic", nil, []Input{moreIn(t, ir.I32, "3"), moreIn(t, ir.I32, "?"), moreIn(t, ir.U8, "?")}, []string{"[3]"}, nil, ""},
		moreInferCase{"ends_static_begins_dynamic", nil, []Input{moreIn(t, ir.I32, "?"), moreIn(t, ir.I32, "5"), moreIn(t, ir.U8, "?")}, []string{"[5]"}, nil, ""},
		moreInferCase{"int64_indices", nil, []Input{moreIn(t, ir.I64, "3"), moreIn(t, ir.I64, "3"), u8}, []string{"[3]"}, nil, ""},
		moreInferCase{"incorrect_symbols_shape", nil, []Input{moreIn(t, ir.I32, "2"), moreIn(t, ir.I32, "2"), moreIn(t, ir.U8, "100,3")}, nil, nil, "Symbols input must be 1D."},
		moreInferCase{"begins_ends_shape_mismatch", nil, []Input{moreIn(t, ir.I32, "3"), moreIn(t, ir.I32, "2"), u8}, nil, nil, "The shapes of begins and ends have to be compatible"},
		moreInferCase{"i8 indices", nil, []Input{moreIn(t, ir.I8, "3"), moreIn(t, ir.I8, "3"), u8}, nil, nil, "The element types of the begins and ends input tensors must match and be of i32 or i64 type"},
		moreInferCase{"mixed indices", nil, []Input{moreIn(t, ir.I32, "3"), moreIn(t, ir.I64, "3"), u8}, nil, nil, "The element types of the begins and ends input tensors must match and be of i32 or i64 type"},
		moreInferCase{"f32 symbols", nil, []Input{moreIn(t, ir.I32, "3"), moreIn(t, ir.I32, "3"), moreIn(t, ir.F32, "100")}, nil, nil, "StringTensorPack expects a tensor with ov::element::u8 elements"},
	)
	moreRunInferCases(t, "StringTensorPack", "opset15", cases)
	strs := &ir.Tensor{Type: ir.String, Shape: []int{2, 2}, Data: []string{"ab", "", "cde", "Ωx"}}
	moreRunInferCases(t, "StringTensorUnpack", "opset15", []moreInferCase{
		{"const strings", nil, []Input{moreConst(strs)}, []string{"[2,2]", "[2,2]", "[8]"}, []ir.ElementType{ir.I32, ir.I32, ir.U8}, ""},
		{"parameter", nil, []Input{moreIn(t, ir.String, "?,3")}, []string{"[?,3]", "[?,3]", "[?]"}, nil, ""},
		{"not string", nil, []Input{moreIn(t, ir.U8, "3")}, nil, nil, "StringTensorUnpack expects a tensor with string elements. Got: u8"},
	})
}

// StringTensorPack vectors from
// src/plugins/template/tests/functional/op_reference/string_tensor_pack.cpp
// (openvinotoolkit/openvino@1456d71e); the same cases, where no symbol is skipped, are
// StringTensorUnpack's inverse.
func TestMiscStringTensorPackUnpack(t *testing.T) {
	bytes := func(s string) []float64 {
		v := make([]float64, len(s))
		for i := range s {
			v[i] = float64(s[i])
		}
		return v
	}
	cases := []struct {
		dims         []int
		begins, ends []float64
		symbols      string
		want         []string
		skipsSymbols bool
	}{
		{[]int{2}, []float64{0, 5}, []float64{5, 13}, "IntelOpenVINO", []string{"Intel", "OpenVINO"}, false},
		{[]int{1, 5}, []float64{0, 10, 13, 22, 22}, []float64{10, 13, 22, 22, 45}, "Intel Corp   Open VINOArtificial Intelligence",
			[]string{"Intel Corp", "   ", "Open VINO", "", "Artificial Intelligence"}, false},
		{[]int{3}, []float64{0, 6, 15}, []float64{6, 15, 18}, "In@telOpen#VINOA$I", []string{"In@tel", "Open#VINO", "A$I"}, false},
		{[]int{2, 2, 2}, []float64{0, 5, 13, 15, 19, 27, 33, 39}, []float64{5, 13, 15, 19, 27, 33, 39, 47},
			"IntelOpenVINOAIEdgeComputerVisionNeuralNetworks", []string{"Intel", "OpenVINO", "AI", "Edge", "Computer", "Vision", "Neural", "Networks"}, false},
		{[]int{1, 1, 1, 1}, []float64{0}, []float64{0}, "", []string{""}, false},
		{[]int{0}, []float64{}, []float64{}, "", []string{}, false},
		{[]int{1, 2}, []float64{0, 8}, []float64{3, 13}, "IntelOpenVINO", []string{"Int", "nVINO"}, true},
		{[]int{1, 3}, []float64{0, 5, 13}, []float64{5, 13, 13}, "IntelOpenVINO", []string{"Intel", "OpenVINO", ""}, false},
		{[]int{1, 3}, []float64{0, 0, 0}, []float64{0, 0, 0}, "", []string{"", "", ""}, false},
	}
	pack := decodeOp(t, "StringTensorPack", "opset15")
	unpack := decodeOp(t, "StringTensorUnpack", "opset15")
	for i, c := range cases {
		for _, it := range []ir.ElementType{ir.I32, ir.I64} {
			got := moreRunAll(t, pack, moreTyped(t, it, c.dims, c.begins...), moreTyped(t, it, c.dims, c.ends...),
				moreTyped(t, ir.U8, []int{len(c.symbols)}, bytes(c.symbols)...))
			require.Equal(t, c.dims, got[0].Shape, "case %d", i)
			require.Equal(t, c.want, got[0].Data, "case %d", i)
		}
		if c.skipsSymbols {
			continue
		}
		s, err := ir.TensorOf(c.want, c.dims...)
		require.NoError(t, err)
		outs, err := miscRunDynamic(t, unpack, s)
		require.NoError(t, err, "case %d", i)
		require.Equal(t, c.begins, moreFloats(t, outs[0]), "case %d", i)
		require.Equal(t, c.ends, moreFloats(t, outs[1]), "case %d", i)
		require.Equal(t, c.dims, outs[0].Shape)
		require.Equal(t, []byte(c.symbols), []byte(outs[2].Data.([]uint8)), "case %d", i)
	}
	// Hostile: offsets outside the symbols, ends before begins.
	for _, c := range []struct{ b, e []float64 }{{[]float64{0}, []float64{4}}, {[]float64{2}, []float64{1}}, {[]float64{-1}, []float64{1}}} {
		_, err := moreRunAllErr(pack, moreTyped(t, ir.I32, []int{1}, c.b...), moreTyped(t, ir.I32, []int{1}, c.e...), moreTyped(t, ir.U8, []int{3}, 1, 2, 3))
		require.Error(t, err, "%v", c)
	}
}
