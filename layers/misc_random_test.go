package layers

import (
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

// RandomUniform: random_uniform_shape_inference.hpp, type_prop/random_uniform.cpp.
func TestMoreRandomUniformInfer(t *testing.T) {
	min32 := moreConst(moreF32(t, nil, 0))
	max32 := moreConst(moreF32(t, nil, 1))
	moreRunInferCases(t, "RandomUniform", "opset8", []moreInferCase{
		{"const shape", []string{"output_type", "f32", "global_seed", "120", "op_seed", "100"}, []Input{moreConst(moreI64(t, []int{4}, 2, 3, 4, 5)), min32, max32}, []string{"[2,3,4,5]"}, []ir.ElementType{ir.F32}, ""},
		{"shape of 3 unknown", []string{"output_type", "i32"}, []Input{moreIn(t, ir.I32, "3"), moreIn(t, ir.I32, ""), moreIn(t, ir.I32, "1")}, []string{"[?,?,?]"}, []ir.ElementType{ir.I32}, ""},
		{"bounded shape", nil, []Input{{Type: ir.I64, Shape: shape(t, "2"), Bounds: &Bounds{Lo: []int64{1, 4}, Hi: []int64{8, 4}}}, min32, max32}, []string{"[1..8,4]"}, nil, ""},
		{"dynamic shape rank", nil, []Input{moreIn(t, ir.I64, "?"), min32, max32}, []string{"[...]"}, nil, ""},
		{"shape type", nil, []Input{moreIn(t, ir.F32, "3"), min32, max32}, nil, nil, "Type of the input should be int32 or int64."},
		{"min max types", nil, []Input{moreIn(t, ir.I64, "3"), min32, moreIn(t, ir.F16, "")}, nil, nil, "'min_val' should have the same type as 'max_val'."},
		{"out type", []string{"output_type", "f16"}, []Input{moreIn(t, ir.I64, "3"), min32, max32}, nil, nil, "'min_val' and 'max_val' should have the same type as 'out_type' attribute."},
		{"shape rank", nil, []Input{moreIn(t, ir.I64, "3,1"), min32, max32}, nil, nil, "The rank of the tensor defining output shape must be equal to 1."},
		{"min shape", nil, []Input{moreIn(t, ir.I64, "3"), moreIn(t, ir.F32, "2"), max32}, nil, nil, "Min value must be a scalar or one element 1D tensor."},
		{"max shape", nil, []Input{moreIn(t, ir.I64, "3"), min32, moreIn(t, ir.F32, "1,2")}, nil, nil, "Max value must be a scalar or one element 1D tensor."},
		{"min not below max", nil, []Input{moreIn(t, ir.I64, "3"), max32, min32}, nil, nil, "Min value must be less than max value. Got min value: 1, max value: 0"},
	})
}

// RandomUniform through the layer: attributes, shape input, every output type. Values:
// op_reference/random_uniform.cpp (openvinotoolkit/openvino@16f3e848), int32 case.
func TestMiscRandomUniformRun(t *testing.T) {
	op := decodeOp(t, "RandomUniform", "opset8", "output_type", "i32", "global_seed", "100", "op_seed", "350", "alignment", "TENSORFLOW")
	got := moreRunAll(t, op, moreI64(t, []int{3}, 2, 3, 4), moreI32(t, []int{1}, -100), moreI32(t, []int{1}, 50))
	require.Equal(t, []int{2, 3, 4}, got[0].Shape)
	require.Equal(t, []int32{22, -56, -33, -89, -98, -33, -3, -48, -82, 5, -66, 21,
		29, -42, -73, -37, 3, 36, -35, 20, -11, -8, -78, 47}, got[0].Data)
	// No alignment attribute: tensorflow, OpenVINO's default.
	op = decodeOp(t, "RandomUniform", "opset8", "output_type", "f32", "global_seed", "150", "op_seed", "10")
	got = moreRunAll(t, op, moreI32(t, []int{1}, 5), moreF32(t, nil, 0), moreF32(t, nil, 1))
	require.InEpsilon(t, 0.70112360, got[0].Data.([]float32)[0], 1e-7)
	require.InEpsilon(t, 0.11694777, got[0].Data.([]float32)[4], 1e-7)
	for _, typ := range []ir.ElementType{ir.F64, ir.F16, ir.BF16, ir.I64} {
		for _, align := range []string{"tensorflow", "pytorch", "openvino"} {
			op := decodeOp(t, "RandomUniform", "opset8", "output_type", typ.String(), "global_seed", "0", "op_seed", "0", "alignment", align)
			got := moreRunAll(t, op, moreI64(t, []int{2}, 4, 5), moreTyped(t, typ, nil, 2), moreTyped(t, typ, nil, 5))
			for _, v := range moreFloats(t, got[0]) {
				require.True(t, v >= 2 && v <= 5, "%s %s %g", typ, align, v)
			}
		}
	}
	// Hostile: min not below max at run time, short min tensor.
	op = decodeOp(t, "RandomUniform", "opset8", "output_type", "f32", "global_seed", "1", "op_seed", "1")
	in := []Input{moreConst(moreI64(t, []int{1}, 3)), moreIn(t, ir.F32, ""), moreIn(t, ir.F32, "")}
	k, err := Prepare(op, in, ExecOptions{})
	require.NoError(t, err)
	out, _ := ir.NewTensor(ir.F32, []int{3})
	require.Error(t, k.Run(t.Context(), []*ir.Tensor{moreI64(t, []int{1}, 3), moreF32(t, nil, 2), moreF32(t, nil, 1)}, []*ir.Tensor{out}))
	empty, _ := ir.NewTensor(ir.F32, []int{0})
	require.Error(t, k.Run(t.Context(), []*ir.Tensor{moreI64(t, []int{1}, 3), empty, moreF32(t, nil, 1)}, []*ir.Tensor{out}))
	require.Error(t, k.Run(t.Context(), []*ir.Tensor{moreI64(t, []int{1}, 3), moreI32(t, nil, 0), moreI32(t, nil, 1)}, []*ir.Tensor{out}))
	_, err = decodeAttrsErr("RandomUniform", "opset8", "output_type", "f32", "alignment", "numpy")
	require.Error(t, err)
}
