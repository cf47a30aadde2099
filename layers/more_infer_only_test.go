package layers

import (
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

type moreInferCase struct {
	name  string
	attrs []string
	in    []Input
	want  []string // output shapes
	types []ir.ElementType
	err   string
}

func moreRunInferCases(t *testing.T, typ, opset string, cases []moreInferCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(typ+"/"+c.name, func(t *testing.T) {
			op := decodeOp(t, typ, opset, c.attrs...)
			outs, err := op.Infer(c.in)
			if c.err != "" {
				require.ErrorContains(t, err, c.err)
				return
			}
			require.NoError(t, err)
			require.Len(t, outs, len(c.want))
			for i := range c.want {
				require.Equal(t, c.want[i], outs[i].Shape.String(), "output %d", i)
				if c.types != nil {
					require.Equal(t, c.types[i], outs[i].Type, "output %d", i)
				}
			}
			// Inference only: no kernel (ops given one since have their own run tests).
			if _, ok := op.(Preparer); !ok {
				_, err = Prepare(op, c.in, ExecOptions{})
				requireUnsupported(t, err)
			}
		})
	}
}

// FakeConvert: src/core/tests/type_prop/fake_convert.cpp.
func TestMoreFakeConvertInfer(t *testing.T) {
	f := func(s string) Input { return moreIn(t, ir.F32, s) }
	moreRunInferCases(t, "FakeConvert", "opset13", []moreInferCase{
		{"f32 scale", []string{"destination_type", "f8e4m3"}, []Input{f("2,3,8,6"), f("")}, []string{"[2,3,8,6]"}, []ir.ElementType{ir.F32}, ""},
		{"f16 scale shift", []string{"destination_type", "f8e5m2"}, []Input{moreIn(t, ir.F16, "2,3,8,6"), moreIn(t, ir.F16, "1,3,1,1"), moreIn(t, ir.F16, "1,3,1,1")}, []string{"[2,3,8,6]"}, []ir.ElementType{ir.F16}, ""},
		{"dynamic data", nil, []Input{f("?,3,?,6"), f("1,3,1,1")}, []string{"[?,3,?,6]"}, nil, ""},
		{"dynamic rank", nil, []Input{f("..."), f("1,3,1,1")}, []string{"[...]"}, nil, ""},
		{"bad destination", []string{"destination_type", "i8"}, []Input{f("2,3"), f("")}, nil, nil, "Bad format for f8 conversion type: i8"},
		{"mixed types", nil, []Input{f("2,3"), moreIn(t, ir.F16, "")}, nil, nil, "Mixed input types are not supported."},
		{"integer data", nil, []Input{moreIn(t, ir.I32, "2,3"), moreIn(t, ir.I32, "")}, nil, nil, "The element type of the input tensor must be a bf16, f16, f32 but got: i32"},
		{"scale shift mismatch", nil, []Input{f("2,3,4"), f("1,3,1"), f("1,4,1")}, nil, nil, "FakeConvert scale shape: [1,3,1] is not compatible with shift shape: [1,4,1]"},
		{"inconsistent", nil, []Input{f("2,3,4"), f("5,1")}, nil, nil, "Argument shapes are inconsistent."},
		{"bidirectional", nil, []Input{f("2,1,4"), f("1,3,1")}, nil, nil, "FakeConvert support only unidirectional broadcasting"},
	})
}

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

// Multinomial: multinomial_shape_inference.hpp, type_prop/multinomial.cpp.
func TestMoreMultinomialInfer(t *testing.T) {
	n := moreConst(moreI32(t, nil, 3))
	moreRunInferCases(t, "Multinomial", "opset13", []moreInferCase{
		{"1D const", []string{"convert_type", "i32", "with_replacement", "false", "log_probs", "false"}, []Input{moreIn(t, ir.F32, "4"), n}, []string{"[3]"}, []ir.ElementType{ir.I32}, ""},
		{"2D const", []string{"convert_type", "i64"}, []Input{moreIn(t, ir.F32, "2,4"), n}, []string{"[2,3]"}, []ir.ElementType{ir.I64}, ""},
		{"1D dynamic num", nil, []Input{moreIn(t, ir.F32, "4"), moreIn(t, ir.I32, "")}, []string{"[?]"}, nil, ""},
		{"2D dynamic num", nil, []Input{moreIn(t, ir.F32, "2,4"), moreIn(t, ir.I32, "1")}, []string{"[?,?]"}, nil, ""},
		{"dynamic probs rank", nil, []Input{moreIn(t, ir.F32, "..."), moreIn(t, ir.I32, "...")}, []string{"[...]"}, nil, ""},
		{"rank 3", nil, []Input{moreIn(t, ir.F32, "2,3,4"), n}, nil, nil, "The rank of the 'input' tensor defining output shape must be either 1 or 2."},
		{"num shape", nil, []Input{moreIn(t, ir.F32, "4"), moreIn(t, ir.I32, "2")}, nil, nil, "Number of samples must be a scalar or one element 1D tensor."},
		{"negative num", nil, []Input{moreIn(t, ir.F32, "4"), moreConst(moreI32(t, nil, -1))}, nil, nil, "Number of samples must be non-negative. Got number of samples: -1"},
		{"int probs", nil, []Input{moreIn(t, ir.I32, "4"), n}, nil, nil, "Expected floating point type as element type for the 'probs' input."},
		{"float num", nil, []Input{moreIn(t, ir.F32, "4"), moreIn(t, ir.F32, "")}, nil, nil, "Expected integer type as element type for the 'num_samples' input."},
	})
}

// SparseFillEmptyRows: sparse_fill_empty_rows_shape_inference.hpp,
// type_prop/sparse_fill_empty_rows.cpp.
func TestMoreSparseFillEmptyRowsInfer(t *testing.T) {
	vals := moreIn(t, ir.F32, "3")
	dense := moreConst(moreI64(t, []int{2}, 5, 6))
	idx := moreConst(moreI64(t, []int{3, 2}, 0, 0, 1, 0, 1, 3))
	def := moreIn(t, ir.F32, "")
	types := []ir.ElementType{ir.I64, ir.F32, ir.Boolean}
	moreRunInferCases(t, "SparseFillEmptyRows", "opset16", []moreInferCase{
		{"const dense and indices", nil, []Input{vals, dense, idx, def}, []string{"[6,2]", "[6]", "[5]"}, types, ""},
		{"const dense", nil, []Input{vals, dense, moreIn(t, ir.I64, "3,2"), def}, []string{"[?,2]", "[?]", "[5]"}, types, ""},
		{"dynamic", nil, []Input{moreIn(t, ir.F32, "?"), moreIn(t, ir.I64, "2"), moreIn(t, ir.I64, "?,2"), def}, []string{"[?,2]", "[?]", "[?]"}, types, ""},
		{"dynamic ranks", nil, []Input{moreIn(t, ir.F32, "..."), moreIn(t, ir.I64, "..."), moreIn(t, ir.I64, "..."), moreIn(t, ir.F32, "...")}, []string{"[?,2]", "[?]", "[?]"}, types, ""},
		{"type mismatch", nil, []Input{vals, moreIn(t, ir.I32, "2"), moreIn(t, ir.I64, "3,2"), def}, nil, nil, "The element types of the dense_shape and indices inputs must match. Got: i32 and i64"},
		{"type", nil, []Input{vals, moreIn(t, ir.I16, "2"), moreIn(t, ir.I16, "3,2"), def}, nil, nil, "The element type of the indices and dense_shape inputs must be i32 or i64. Got: i16"},
		{"values rank", nil, []Input{moreIn(t, ir.F32, "3,1"), dense, idx, def}, nil, nil, "The values input must be a 1D tensor."},
		{"dense shape", nil, []Input{vals, moreIn(t, ir.I64, "3"), idx, def}, nil, nil, "The dense_shape input must be 1D and have exactly 2 elements"},
		{"indices shape", nil, []Input{vals, dense, moreIn(t, ir.I64, "4,2"), def}, nil, nil, "The indices input must be a 2D tensor with the first dimension matching the size of values"},
		{"default scalar", nil, []Input{vals, dense, idx, moreIn(t, ir.F32, "1")}, nil, nil, "The default_value input must be a scalar."},
		{"row out of range", nil, []Input{vals, dense, moreConst(moreI64(t, []int{3, 2}, 0, 0, 5, 0, 1, 3)), def}, nil, nil, "Sparse tensor index out of bounds: row 5 is outside the valid range [0, 4]"},
		{"column out of range", nil, []Input{vals, dense, moreConst(moreI64(t, []int{3, 2}, 0, 0, 1, 6, 1, 3)), def}, nil, nil, "Sparse tensor index out of bounds: column 6 is outside the valid range [0, 5]"},
	})
}

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
