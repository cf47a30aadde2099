package layers

import (
	"errors"
	"math"
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
	"github.com/stretchr/testify/require"
	"github.com/x448/float16"
)

// plainUnaryNames are the plain unary ops of unary.go with their opset for lookups.
var plainUnaryNames = map[string]string{
	"Relu": "opset1", "Sigmoid": "opset1", "Exp": "opset1", "Negative": "opset1", "Sqrt": "opset1",
	"Abs": "opset1", "Floor": "opset1", "Ceiling": "opset1", "Log": "opset1", "Tanh": "opset1",
	"Erf": "opset1", "Sign": "opset1", "Sin": "opset1", "Cos": "opset1", "Tan": "opset1", "Asin": "opset1",
	"Acos": "opset1", "Atan": "opset1", "Sinh": "opset1", "Cosh": "opset1", "Asinh": "opset4",
	"Acosh": "opset4", "Atanh": "opset4", "HSwish": "opset4", "HSigmoid": "opset5",
}

// Shape and type inference of the UnaryElementwiseArithmetic ops, from
// src/core/tests/type_prop/unary_ops.hpp (the typed suite abs.cpp, relu.cpp, sigmoid.cpp,
// ... instantiate): same shape and type, boolean rejected.
func TestUnaryArithmeticInfer(t *testing.T) {
	cases := []struct {
		typ   ir.ElementType
		shape string
	}{
		{ir.F32, "2,2"},
		{ir.I32, "21,15,2"},
		{ir.F32, "10,2,2"},
		{ir.I64, "41,28,2"},
		{ir.U16, "100,200,7"},
		{ir.F32, "?,10"},
		{ir.F32, "100,?,58"},
		{ir.F64, "..."},
		{ir.F16, "2..4,..5"},
		{ir.Dynamic, "1,3"},
	}
	for name, opset := range plainUnaryNames {
		op := decodeOp(t, name, opset)
		for _, c := range cases {
			outs, err := op.Infer([]Input{{Type: c.typ, Shape: shape(t, c.shape)}})
			require.NoError(t, err, "%s %s %s", name, c.typ, c.shape)
			require.Len(t, outs, 1)
			require.Equal(t, c.typ, outs[0].Type, name)
			require.True(t, outs[0].Shape.Equal(shape(t, c.shape)), "%s: %s", name, outs[0].Shape)
		}
		for _, bad := range []ir.ElementType{ir.Boolean, ir.String} {
			_, err := op.Infer([]Input{{Type: bad, Shape: shape(t, "100,2,50")}})
			require.ErrorContains(t, err, "This operation does not support input with element type: "+bad.String(), name)
		}
		_, err := op.Infer(nil)
		require.Error(t, err, name)
	}
}

// Element-type checks of the float-only ops: type_prop/mish.cpp, softplus.cpp,
// softsign.cpp, gelu.cpp, swish.cpp, is_inf.cpp, and the messages of their
// validate_and_infer_types.
func TestUnaryFloatOnlyInfer(t *testing.T) {
	cases := []struct {
		typ, opset string
		kv         []string
		in         ir.ElementType
		msg        string // "" when accepted
	}{
		{"Mish", "opset4", nil, ir.F32, ""},
		{"Mish", "opset4", nil, ir.I32, "Element must be of floating point type, Got: i32"},
		{"Mish", "opset4", nil, ir.U32, "Element must be of floating point type"},
		{"Mish", "opset4", nil, ir.Boolean, "Element must be of floating point type"},
		{"Mish", "opset4", nil, ir.Dynamic, ""}, // is_real() || is_dynamic() since 2025
		{"SoftPlus", "opset4", nil, ir.F32, ""},
		{"SoftPlus", "opset4", nil, ir.Dynamic, ""},
		{"SoftPlus", "opset4", nil, ir.I32, "Input element type must be float. Got: i32"},
		{"SoftSign", "opset9", nil, ir.F32, ""},
		{"SoftSign", "opset9", nil, ir.I32, "Input element type must be float, instead got: i32"},
		{"Gelu", "opset2", nil, ir.F32, ""},
		{"Gelu", "opset7", nil, ir.F16, ""},
		{"Gelu", "opset7", nil, ir.Boolean, "Argument element type must be f16, bf16, f32, f64 or dynamic (got boolean)."},
		{"Gelu", "opset7", nil, ir.U16, "Argument element type must be f16"},
		{"Gelu", "opset7", nil, ir.I32, "Argument element type must be f16"},
		{"Gelu", "opset2", nil, ir.I16, "Argument element type must be f16"},
		{"Swish", "opset4", nil, ir.F32, ""},
		{"Swish", "opset4", nil, ir.Boolean, "Swish input tensor must be floating point type(boolean)."},
		{"IsInf", "opset10", nil, ir.BF16, ""},
		{"IsInf", "opset10", nil, ir.F16, ""},
		{"IsInf", "opset10", nil, ir.F64, ""},
		{"IsInf", "opset10", []string{"detect_positive", "false"}, ir.F32, ""},
		{"IsInf", "opset10", nil, ir.I32, "The element type of the input tensor must be a floating point number."},
		{"IsNaN", "opset10", nil, ir.F32, ""},
		{"IsNaN", "opset10", nil, ir.U8, "The element type of the input tensor must be a floating point number."},
		{"IsFinite", "opset10", nil, ir.F16, ""},
		{"IsFinite", "opset10", nil, ir.I32, "The element type of the input tensor must be a floating point number or dynamic (got i32)."},
		{"Clamp", "opset1", []string{"min", "0", "max", "2.1"}, ir.I32, ""},
		{"Clamp", "opset1", []string{"min", "1.5", "max", "15"}, ir.U16, ""},
		{"Clamp", "opset1", []string{"min", "0.5", "max", "5.5"}, ir.Boolean, "Input element type must be numeric. Got: boolean"},
		{"Clamp", "opset1", []string{"min", "1", "max", "1"}, ir.F64, ""},
		{"Clamp", "opset1", []string{"min", "2", "max", "1"}, ir.F64, "Attribute 'min' must be less or equal than 'max'. Got: 2 and 1"},
		{"Clamp", "opset1", []string{"min", "0.25", "max", "-1e-07"}, ir.F32, "Got: 0.25 and -1e-07"},
		{"Elu", "opset1", []string{"alpha", "1"}, ir.F32, ""},
		{"Round", "opset5", nil, ir.I64, ""},
		{"Round", "opset5", nil, ir.Boolean, ""},
	}
	for _, c := range cases {
		op := decodeOp(t, c.typ, c.opset, c.kv...)
		outs, err := op.Infer([]Input{{Type: c.in, Shape: shape(t, "1,?,6")}})
		if c.msg != "" {
			require.ErrorContains(t, err, c.msg, "%s %s", c.typ, c.in)
			continue
		}
		require.NoError(t, err, "%s %s", c.typ, c.in)
		want := c.in
		if c.typ == "IsInf" || c.typ == "IsNaN" || c.typ == "IsFinite" {
			want = ir.Boolean // is_inf.cpp: "The output element type of IsInf should always be boolean"
		}
		require.Equal(t, want, outs[0].Type, c.typ)
		require.Equal(t, "[1,?,6]", outs[0].Shape.String(), c.typ)
	}
	// is_inf_interval and dynamic rank.
	op := decodeOp(t, "IsInf", "opset10")
	outs, err := op.Infer([]Input{{Type: ir.F32, Shape: shape(t, "2..4,..5")}})
	require.NoError(t, err)
	require.True(t, outs[0].Shape.Equal(shape(t, "2..4,..5")))
	outs, err = op.Infer([]Input{{Type: ir.F32, Shape: ir.DynamicRankShape()}})
	require.NoError(t, err)
	require.True(t, outs[0].Shape.DynamicRank)
}

// Swish with beta: type_prop/swish.cpp.
func TestSwishInfer(t *testing.T) {
	op := decodeOp(t, "Swish", "opset4")
	data := Input{Type: ir.F32, Shape: shape(t, "1,3,6")}
	outs, err := op.Infer([]Input{data, {Type: ir.F32, Shape: shape(t, "")}})
	require.NoError(t, err)
	require.Equal(t, ir.F32, outs[0].Type)
	require.Equal(t, "[1,3,6]", outs[0].Shape.String())
	_, err = op.Infer([]Input{data, {Type: ir.F16, Shape: shape(t, "")}})
	require.ErrorContains(t, err, "Swish inputs must have the same type but they are: f32 and f16")
	_, err = op.Infer([]Input{data, {Type: ir.F32, Shape: shape(t, "1")}})
	require.ErrorContains(t, err, "Swish input with beta must be scalar but it has rank: 1")
	_, err = op.Infer([]Input{data, {Type: ir.U32, Shape: shape(t, "")}})
	require.Error(t, err)
	_, err = op.Infer([]Input{{Type: ir.Boolean, Shape: shape(t, "1,3,6")}, {Type: ir.F32, Shape: shape(t, "")}})
	require.Error(t, err)
	outs, err = op.Infer([]Input{data, {Type: ir.F32, Shape: ir.DynamicRankShape()}})
	require.NoError(t, err, "a beta of dynamic rank is compatible with a scalar")
	outs, err = op.Infer([]Input{{Type: ir.F32, Shape: ir.DynamicRankShape()}})
	require.NoError(t, err)
	require.True(t, outs[0].Shape.DynamicRank)
	_, err = op.Infer([]Input{data, data, data})
	require.ErrorContains(t, err, "Swish must have 1 or 2 inputs, but it has: 3")
}

// PRelu: type_prop/prelu.cpp (data [2,4], slope [2] gives f32 [2,4]); no checks.
func TestPReluInfer(t *testing.T) {
	op := decodeOp(t, "PReLU", "opset1")
	outs, err := op.Infer([]Input{{Type: ir.F32, Shape: shape(t, "2,4")}, {Type: ir.F32, Shape: shape(t, "2")}})
	require.NoError(t, err)
	require.Equal(t, ir.F32, outs[0].Type)
	require.Equal(t, "[2,4]", outs[0].Shape.String())
	outs, err = op.Infer([]Input{{Type: ir.F16, Shape: shape(t, "?,3,1..8")}, {Type: ir.F16, Shape: ir.DynamicRankShape()}})
	require.NoError(t, err)
	require.Equal(t, "[?,3,1..8]", outs[0].Shape.String())
	_, err = op.Infer([]Input{{Type: ir.F32, Shape: shape(t, "2,4")}})
	require.Error(t, err)
}

// Attribute decoding with OpenVINO's names, defaults and enum spellings, and lookups of
// the IR spellings.
func TestUnaryDecode(t *testing.T) {
	c := decodeOp(t, "Clamp", "opset1", "min", "-2.1", "max", "2.1").(*clampOp)
	require.Equal(t, -2.1, c.Min)
	require.Equal(t, 2.1, c.Max)
	g := decodeOp(t, "Gelu", "opset7").(*geluOp)
	require.Equal(t, "erf", g.Mode, "gelu_default_mode_inference_f32: the default is ERF")
	g = decodeOp(t, "Gelu", "opset7", "approximation_mode", "TANH").(*geluOp)
	require.Equal(t, "tanh", g.Mode)
	g = decodeOp(t, "Gelu", "opset9", "approximation_mode", "erf").(*geluOp)
	require.Equal(t, "erf", g.Mode)
	_, isV0 := decodeOp(t, "Gelu", "opset2").(gelu1Op)
	require.True(t, isV0)
	r := decodeOp(t, "Round", "opset5").(*roundOp)
	require.Equal(t, "half_to_even", r.Mode)
	r = decodeOp(t, "Round", "opset5", "mode", "half_away_from_zero").(*roundOp)
	require.Equal(t, "half_away_from_zero", r.Mode)
	inf := decodeOp(t, "IsInf", "opset10").(*isInfOp)
	require.True(t, inf.DetectNegative && inf.DetectPositive)
	inf = decodeOp(t, "IsInf", "opset10", "detect_negative", "false").(*isInfOp)
	require.False(t, inf.DetectNegative)
	require.True(t, inf.DetectPositive)
	e := decodeOp(t, "Elu", "opset1", "alpha", "0.5").(*eluOp)
	require.Equal(t, 0.5, e.Alpha)

	def, err := Lookup("Gelu", "opset1")
	require.Nil(t, def)
	require.Equal(t, CodeOpNotInOpset, ErrorCode(err))
	def, err = Lookup("Gelu", "opset6")
	require.NoError(t, err)
	require.Equal(t, "Gelu-1", def.Name())
	for _, typ := range []string{"ReLU", "PReLU", "Relu", "relu"} {
		_, err := Lookup(typ, "opset1")
		require.NoError(t, err, typ)
	}
	def, err = Lookup("Acosh", "opset4")
	require.NoError(t, err)
	require.Equal(t, "Acosh-3", def.Name())
	// An unknown enum value is an error at decoding.
	def, err = Lookup("Round", "opset5")
	require.NoError(t, err)
	op, diags := def.Decode(mkLayer("Round", "opset5", "mode", "half_up"), nil)
	require.Nil(t, op)
	require.NotEmpty(t, diags)
}

func unaryF32(t *testing.T, dims []int, v ...float32) *ir.Tensor { return tensor(t, ir.F32, dims, v) }

func unaryF16(t *testing.T, dims []int, v ...float32) *ir.Tensor {
	h := make([]float16.Float16, len(v))
	kernels.F32ToF16(h, v)
	return tensor(t, ir.F16, dims, h)
}

func unaryBF16(t *testing.T, dims []int, v ...float32) *ir.Tensor {
	h := make([]uint16, len(v))
	kernels.F32ToBF16(h, v)
	return tensor(t, ir.BF16, dims, h)
}

// unaryFloats returns a float tensor's values as float64.
func unaryFloats(t *testing.T, x *ir.Tensor) []float64 {
	t.Helper()
	var out []float64
	switch d := x.Data.(type) {
	case []float32:
		for _, v := range d {
			out = append(out, float64(v))
		}
	case []float64:
		out = append(out, d...)
	case []float16.Float16:
		for _, v := range d {
			out = append(out, float64(v.Float32()))
		}
	case []uint16:
		require.Equal(t, ir.BF16, x.Type)
		for _, v := range d {
			out = append(out, float64(math.Float32frombits(uint32(v)<<16)))
		}
	default:
		t.Fatalf("not a float tensor: %T", x.Data)
	}
	return out
}

// Runs through Prepare and the kernels, values from op_reference/<op>.cpp.
func TestUnaryRun(t *testing.T) {
	opts := ExecOptions{Reference: true}
	d25 := []int{2, 5}
	reluIn := []float32{1, 8, -8, 17, -0.5, 1, 8, -8, 17, -0.5}
	reluOut := []float64{1, 8, 0, 17, 0, 1, 8, 0, 17, 0}
	relu := decodeOp(t, "ReLU", "opset1")
	for _, in := range []*ir.Tensor{unaryF32(t, d25, reluIn...), unaryF16(t, d25, reluIn...), unaryBF16(t, d25, reluIn...),
		tensor(t, ir.F64, d25, []float64{1, 8, -8, 17, -0.5, 1, 8, -8, 17, -0.5})} {
		out := run(t, relu, opts, in)
		require.Equal(t, in.Type, out[0].Type)
		require.Equal(t, reluOut, unaryFloats(t, out[0]))
	}
	out := run(t, relu, opts, tensor(t, ir.I64, d25, []int64{1, 8, -8, 17, -2, 1, 8, -8, 17, -1}))
	require.Equal(t, []int64{1, 8, 0, 17, 0, 1, 8, 0, 17, 0}, out[0].Data)
	out = run(t, relu, opts, tensor(t, ir.U32, d25, []uint32{1, 8, 17, 1, 8, 17, 1, 8, 17, 0}))
	require.Equal(t, []uint32{1, 8, 17, 1, 8, 17, 1, 8, 17, 0}, out[0].Data)

	// sigmoid.cpp
	sig := decodeOp(t, "Sigmoid", "opset1")
	s1, s4 := 1/(1+math.Exp(-1)), 1/(1+math.Exp(-4))
	out = run(t, sig, opts, unaryF16(t, []int{1, 1, 2, 2}, 1, 4, 1, 4))
	require.InDeltaSlice(t, []float64{s1, s4, s1, s4}, unaryFloats(t, out[0]), 1e-3)
	out = run(t, sig, opts, tensor(t, ir.I32, []int{1, 1, 4}, []int32{1, 4, -1, -4}))
	require.Equal(t, []int32{1, 1, 0, 0}, out[0].Data)

	// sqrt.cpp integral_inputs, tanh.cpp i64
	out = run(t, decodeOp(t, "Sqrt", "opset1"), opts, tensor(t, ir.I32, []int{2, 7},
		[]int32{4, 7, 9, 10, 80, 55, 6, 1, 23, 233, 256, 474, 1024, 110889}))
	require.Equal(t, []int32{2, 3, 3, 3, 9, 7, 2, 1, 5, 15, 16, 22, 32, 333}, out[0].Data)
	// acos.cpp: integer Acos rounds (acos(0) = 1.57 -> 2), Asin truncates (asin.cpp: asin(1) -> 1).
	out = run(t, decodeOp(t, "Acos", "opset1"), opts, tensor(t, ir.I64, []int{3}, []int64{-1, 0, 1}))
	require.Equal(t, []int64{3, 2, 0}, out[0].Data)
	out = run(t, decodeOp(t, "Acos", "opset1"), opts, tensor(t, ir.U32, []int{2}, []uint32{0, 1}))
	require.Equal(t, []uint32{2, 0}, out[0].Data)
	out = run(t, decodeOp(t, "Asin", "opset1"), opts, tensor(t, ir.I32, []int{3}, []int32{-1, 0, 1}))
	require.Equal(t, []int32{-1, 0, 1}, out[0].Data)
	out = run(t, decodeOp(t, "Tanh", "opset1"), opts, tensor(t, ir.I64, []int{7}, []int64{-4, -2, -1, 0, 1, 2, 4}))
	require.Equal(t, []int64{-1, -1, -1, 0, 1, 1, 1}, out[0].Data)

	// round.cpp
	rnd := decodeOp(t, "Round", "opset5")
	out = run(t, rnd, opts, unaryBF16(t, []int{5}, 0.9, 2.5, 2.3, 1.5, -4.5))
	require.Equal(t, []float64{1, 2, 2, 2, -4}, unaryFloats(t, out[0]))
	out = run(t, decodeOp(t, "Round", "opset5", "mode", "half_away_from_zero"), opts, unaryF16(t, []int{5}, 0.9, 2.5, 2.3, 1.5, -4.5))
	require.Equal(t, []float64{1, 3, 2, 2, -5}, unaryFloats(t, out[0]))
	out = run(t, rnd, opts, tensor(t, ir.I64, []int{3}, []int64{0, 1, 0x4000000000000001}))
	require.Equal(t, []int64{0, 1, 0x4000000000000001}, out[0].Data)
	out = run(t, rnd, opts, tensor(t, ir.Boolean, []int{2}, []bool{true, false}))
	require.Equal(t, []bool{true, false}, out[0].Data)

	// gelu.cpp (f16, tanh mode)
	out = run(t, decodeOp(t, "Gelu", "opset7", "approximation_mode", "tanh"), opts, unaryF16(t, []int{3}, -0.5, 0.1, 0.4))
	require.InDeltaSlice(t, []float64{-0.15428599, 0.053982753, 0.262161165}, unaryFloats(t, out[0]), 1e-3)
	out = run(t, decodeOp(t, "Gelu", "opset2"), opts, unaryF32(t, []int{3}, -0.5, 0.1, 0.4))
	require.InDeltaSlice(t, []float64{-0.15426877, 0.05398279, 0.2621686}, unaryFloats(t, out[0]), 1e-6)

	// clamp.cpp: f32 [0.2, 0.6], bf16 [10, 20], u8 [10, +inf], i8 [0.4, 5.6].
	cl := decodeOp(t, "Clamp", "opset1", "min", "0.2", "max", "0.6")
	out = run(t, cl, opts, unaryF32(t, []int{5, 2}, -0.1, 0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8))
	require.InDeltaSlice(t, []float64{0.2, 0.2, 0.2, 0.2, 0.3, 0.4, 0.5, 0.6, 0.6, 0.6}, unaryFloats(t, out[0]), 1e-7)
	require.Equal(t, float32(0.2), out[0].Data.([]float32)[0], "min cast to the type")
	inf := float32(math.Inf(1))
	out = run(t, decodeOp(t, "Clamp", "opset1", "min", "10", "max", "20"), opts,
		unaryBF16(t, []int{5, 2}, -inf, inf, -inf, inf, 9.99999, 10, 10.000001, 19.999999, 20, 20.000001))
	require.InDeltaSlice(t, []float64{10, 20, 10, 20, 10, 10, 10, 20, 20, 20}, unaryFloats(t, out[0]), 0.07)
	out = run(t, decodeOp(t, "Clamp", "opset1", "min", "10", "max", "inf"), opts,
		tensor(t, ir.U8, []int{4, 2}, []uint8{0, 127, 9, 10, 11, 19, 20, 21}))
	require.Equal(t, []uint8{10, 127, 10, 10, 11, 19, 20, 21}, out[0].Data)
	out = run(t, decodeOp(t, "Clamp", "opset1", "min", "0.4", "max", "5.6"), opts,
		tensor(t, ir.I8, []int{6}, []int8{-1, 3, -10, 20, 6, 2}))
	require.Equal(t, []int8{1, 3, 1, 5, 5, 2}, out[0].Data)

	// elu.cpp
	out = run(t, decodeOp(t, "Elu", "opset1", "alpha", "0.5"), opts, unaryF32(t, []int{3, 2}, -2, 3, -2, 1, -1, 0))
	require.InDeltaSlice(t, []float64{-0.432332358, 3, -0.432332358, 1, -0.316060279, 0}, unaryFloats(t, out[0]), 1e-7)
	out = run(t, decodeOp(t, "Elu", "opset1", "alpha", "-1"), opts, tensor(t, ir.I16, []int{3, 2}, []int16{-2, 3, -2, 1, -1, 0}))
	require.Equal(t, []int16{0, 3, 0, 1, 0, 0}, out[0].Data)

	// hsigmoid.cpp in f16, softplus.cpp in bf16, negative, exp, abs, sign (hand-computed).
	out = run(t, decodeOp(t, "HSigmoid", "opset5"), opts, unaryF16(t, []int{5}, -10, -2, 0, 2, 10))
	require.InDeltaSlice(t, []float64{0, 0.16666667, 0.5, 0.83333333, 1}, unaryFloats(t, out[0]), 1e-3)
	out = run(t, decodeOp(t, "SoftPlus", "opset4"), opts, unaryBF16(t, []int{4}, -1, 0, 1, 20))
	require.InDeltaSlice(t, []float64{0.31326166, 0.69314718, 1.3132616, 20}, unaryFloats(t, out[0]), 1e-2)
	out = run(t, decodeOp(t, "Negative", "opset1"), opts, tensor(t, ir.I32, []int{3}, []int32{1, -2, 0}))
	require.Equal(t, []int32{-1, 2, 0}, out[0].Data)
	out = run(t, decodeOp(t, "Exp", "opset1"), opts, unaryF32(t, []int{3}, -1, 0, 13))
	require.InDeltaSlice(t, []float64{math.Exp(-1), 1, math.Exp(13)}, unaryFloats(t, out[0]), 0.05)
	out = run(t, decodeOp(t, "Abs", "opset1"), opts, tensor(t, ir.I64, []int{3}, []int64{-1, 2, math.MinInt64}))
	require.Equal(t, []int64{1, 2, math.MinInt64}, out[0].Data)
	out = run(t, decodeOp(t, "Sign", "opset1"), opts, unaryF16(t, []int{4}, -3, 0, 2, float32(math.NaN())))
	require.Equal(t, []float64{-1, 0, 1, 0}, unaryFloats(t, out[0]))
	out = run(t, decodeOp(t, "Atanh", "opset4"), opts, tensor(t, ir.I8, []int{3}, []int8{-1, 0, 1}))
	require.Equal(t, []int8{-128, 0, 127}, out[0].Data)

	// IsNaN / IsInf / IsFinite on f16 and f64.
	nan := float32(math.NaN())
	out = run(t, decodeOp(t, "IsNaN", "opset10"), opts, unaryF16(t, []int{4}, nan, inf, -inf, 1))
	require.Equal(t, ir.Boolean, out[0].Type)
	require.Equal(t, []bool{true, false, false, false}, out[0].Data)
	out = run(t, decodeOp(t, "IsInf", "opset10", "detect_negative", "false"), opts,
		tensor(t, ir.F64, []int{4}, []float64{math.NaN(), math.Inf(1), math.Inf(-1), 1}))
	require.Equal(t, []bool{false, true, false, false}, out[0].Data)
	out = run(t, decodeOp(t, "IsFinite", "opset10"), opts, unaryBF16(t, []int{4}, nan, inf, -inf, 1))
	require.Equal(t, []bool{false, false, false, true}, out[0].Data)
}

// swish.cpp: x / (1 + exp(-x·beta)), beta 0.6 and 1 (absent), f32 and f16.
func TestSwishRun(t *testing.T) {
	opts := ExecOptions{Reference: true}
	op := decodeOp(t, "Swish", "opset4")
	in := []float32{0.4, -5.7, -6, 3, -0.9, 23, 5, 3.3}
	want := func(beta float64) []float64 {
		w := make([]float64, len(in))
		for i, x := range in {
			w[i] = float64(x) / (1 + math.Exp(-float64(x)*beta))
		}
		return w
	}
	out := run(t, op, opts, unaryF32(t, []int{2, 4}, in...), unaryF32(t, []int{}, 0.6))
	require.InDeltaSlice(t, want(0.6), unaryFloats(t, out[0]), 1e-6)
	out = run(t, op, opts, unaryF32(t, []int{2, 4}, in...))
	require.InDeltaSlice(t, want(1), unaryFloats(t, out[0]), 1e-6)
	out = run(t, op, opts, unaryF16(t, []int{2, 4}, in...), unaryF16(t, []int{}, 0.6))
	require.InDeltaSlice(t, want(0.6), unaryFloats(t, out[0]), 0.06)

	// beta read at each run: one kernel, two betas.
	inputs := []Input{{Type: ir.F32, Shape: shape(t, "2")}, {Type: ir.F32, Shape: shape(t, "")}}
	k, err := Prepare(op, inputs, opts)
	require.NoError(t, err)
	x := unaryF32(t, []int{2}, 1, -2)
	o := unaryF32(t, []int{2}, 0, 0)
	for _, beta := range []float32{0.5, 2} {
		require.NoError(t, k.Run(t.Context(), []*ir.Tensor{x, unaryF32(t, []int{}, beta)}, []*ir.Tensor{o}))
		b := float64(beta)
		require.InDeltaSlice(t, []float64{1 / (1 + math.Exp(-b)), -2 / (1 + math.Exp(2*b))}, unaryFloats(t, o), 1e-6)
	}
}

// prelu.cpp vectors through the op, with the channel rule, in f32, f16 and i8.
func TestPReluRun(t *testing.T) {
	opts := ExecOptions{Reference: true}
	op := decodeOp(t, "PReLU", "opset1")
	out := run(t, op, opts, unaryF32(t, []int{1, 2, 1, 2}, -10, -10, -10, -10), unaryF32(t, []int{2}, 0.1, 10))
	require.InDeltaSlice(t, []float64{-1, -1, -100, -100}, unaryFloats(t, out[0]), 1e-5)
	out = run(t, op, opts, unaryF16(t, []int{2, 1, 2}, -10, -10, -10, -10), unaryF16(t, []int{2}, 0.1, 10))
	require.InDeltaSlice(t, []float64{-1, -100, -1, -100}, unaryFloats(t, out[0]), 1e-2)
	out = run(t, op, opts, tensor(t, ir.I8, []int{6}, []int8{1, 2, -3, -4, 5, 6}), tensor(t, ir.I8, []int{1}, []int8{2}))
	require.Equal(t, []int8{1, 2, -6, -8, 5, 6}, out[0].Data)

	// A slope that does not broadcast fails at Prepare; a mismatched slope type is unsupported.
	_, err := runErr(op, opts, unaryF32(t, []int{2, 3}, 1, 2, 3, 4, 5, 6), unaryF32(t, []int{4}, 1, 2, 3, 4))
	require.ErrorContains(t, err, "does not broadcast")
	_, err = runErr(op, opts, unaryF32(t, []int{2}, 1, 2), tensor(t, ir.I8, []int{1}, []int8{2}))
	var ue *ir.UnsupportedError
	require.True(t, errors.As(err, &ue), "%v", err)
}

// Unsupported element types: CheckRunnable and Prepare agree.
func TestUnaryRunnable(t *testing.T) {
	cases := []struct {
		typ, opset string
		in         ir.ElementType
		ok         bool
	}{
		{"HSwish", "opset4", ir.I32, false}, // evaluate computes floats only
		{"HSwish", "opset4", ir.BF16, true},
		{"Relu", "opset1", ir.I4, false},
		{"Relu", "opset1", ir.U64, true},
		{"Sigmoid", "opset1", ir.F8E4M3, false},
		{"Exp", "opset1", ir.U16, true},
		{"Clamp", "opset1", ir.U4, false},
		{"Clamp", "opset1", ir.I16, true},
		{"Elu", "opset1", ir.Boolean, false},
		{"Round", "opset5", ir.Boolean, true},
		{"IsNaN", "opset10", ir.NF4, false},
		{"Relu", "opset1", ir.Dynamic, true}, // left to execution
	}
	for _, c := range cases {
		op := decodeOp(t, c.typ, c.opset)
		in := []Input{{Type: c.in, Shape: shape(t, "2")}}
		err := op.(RunChecker).CheckRunnable(in)
		if c.ok {
			require.NoError(t, err, "%s %s", c.typ, c.in)
			continue
		}
		var ue *ir.UnsupportedError
		require.True(t, errors.As(err, &ue), "%s %s: %v", c.typ, c.in, err)
		_, err = Prepare(op, in, ExecOptions{})
		require.True(t, errors.As(err, &ue), "%s %s: %v", c.typ, c.in, err)
	}
	// Prepare on a dynamic shape is an error, not a panic.
	_, err := Prepare(decodeOp(t, "Relu", "opset1"), []Input{{Type: ir.F32, Shape: shape(t, "?")}}, ExecOptions{})
	require.Error(t, err)
	_, err = Prepare(decodeOp(t, "Relu", "opset1"), nil, ExecOptions{})
	require.Error(t, err)
	// A kernel given tensors of the wrong type fails.
	k, err := Prepare(decodeOp(t, "Relu", "opset1"), []Input{{Type: ir.F32, Shape: shape(t, "2")}}, ExecOptions{})
	require.NoError(t, err)
	require.Error(t, k.Run(t.Context(), []*ir.Tensor{tensor(t, ir.I32, []int{2}, []int32{1, 2})}, []*ir.Tensor{unaryF32(t, []int{2}, 0, 0)}))
	require.Error(t, k.Run(t.Context(), nil, nil))
}

// Folding and bounds: a unary op on constants folds; Clamp propagates bounds as OpenVINO's
// default evaluator does (type_prop/clamp.cpp clamp_evaluate_bounds: dims {1..8} clamped
// to [0, 5] give {1..5}).
func TestUnaryPropagate(t *testing.T) {
	neg := decodeOp(t, "Negative", "opset1")
	in := []Input{{Type: ir.I64, Shape: shape(t, "3"), Value: i64Tensor(t, 1, -2, 3), Constant: true}}
	outs, err := neg.Infer(in)
	require.NoError(t, err)
	outs = Propagate(neg, in, outs)
	require.NotNil(t, outs[0].Value)
	require.Equal(t, []int64{-1, 2, -3}, outs[0].Value.Data)

	cl := decodeOp(t, "Clamp", "opset1", "min", "0", "max", "5")
	in = []Input{{Type: ir.I64, Shape: shape(t, "3"), Bounds: &Bounds{Lo: []int64{3, 2, 1}, Hi: []int64{3, 2, 8}}}}
	outs, err = cl.Infer(in)
	require.NoError(t, err)
	outs = Propagate(cl, in, outs)
	require.NotNil(t, outs[0].Bounds)
	require.Equal(t, []int64{3, 2, 1}, outs[0].Bounds.Lo)
	require.Equal(t, []int64{3, 2, 5}, outs[0].Bounds.Hi)
	// An unbounded dim is clamped too.
	in[0].Bounds = &Bounds{Lo: []int64{0}, Hi: []int64{ir.Inf}}
	in[0].Shape = shape(t, "1")
	outs, err = cl.Infer(in)
	require.NoError(t, err)
	outs = Propagate(cl, in, outs)
	require.Equal(t, []int64{5}, outs[0].Bounds.Hi)
}

// With Workers the kernels split large tensors across threads and give the reference
// kernels' results; no kernel allocates per run.
func TestUnaryParallelAndAllocs(t *testing.T) {
	w := kernels.NewWorkers(4)
	defer w.Close()
	const n = 100003
	x32 := make([]float32, n)
	for i := range x32 {
		x32[i] = float32(i%2001-1000) / 97
	}
	xi := make([]int32, n)
	for i := range xi {
		xi[i] = int32(i%301 - 150)
	}
	dims := []int{n}
	cases := []struct {
		op *ir.Tensor
		o  Op
	}{
		{unaryF32(t, dims, x32...), decodeOp(t, "Sigmoid", "opset1")},
		{unaryF16(t, dims, x32...), decodeOp(t, "Swish", "opset4")},
		{unaryBF16(t, dims, x32...), decodeOp(t, "IsInf", "opset10")},
		{tensor(t, ir.I32, dims, xi), decodeOp(t, "Clamp", "opset1", "min", "-3.5", "max", "70.2")},
		{unaryF16(t, dims, x32...), decodeOp(t, "IsNaN", "opset10")},
	}
	for _, c := range cases {
		in := []Input{{Type: c.op.Type, Shape: shapeOfDims(dims)}}
		ref := run(t, c.o, ExecOptions{Reference: true}, c.op)
		got := run(t, c.o, ExecOptions{Workers: w}, c.op)
		unaryFastMatches(t, ref[0], got[0])

		k, err := Prepare(c.o, in, ExecOptions{Workers: w})
		require.NoError(t, err)
		outs, err := c.o.Infer(in)
		require.NoError(t, err)
		out, err := ir.NewTensor(outs[0].Type, dims)
		require.NoError(t, err)
		ins, os := []*ir.Tensor{c.op}, []*ir.Tensor{out}
		ctx := t.Context()
		allocs := testing.AllocsPerRun(5, func() { _ = k.Run(ctx, ins, os) })
		require.Zero(t, allocs, "%T on %s", c.o, c.op.Type)
	}
	// PRelu and Swish with a beta input allocate nothing either.
	for _, c := range []struct {
		o    Op
		x, s *ir.Tensor
	}{
		{decodeOp(t, "PReLU", "opset1"), unaryF16(t, []int{1, 3, 2}, -1, 2, -3, 4, -5, 6), unaryF16(t, []int{3}, 1, 2, 3)},
		{decodeOp(t, "PReLU", "opset1"), unaryF32(t, []int{1, 3, 2}, -1, 2, -3, 4, -5, 6), unaryF32(t, []int{3}, 1, 2, 3)},
		{decodeOp(t, "Swish", "opset4"), unaryF32(t, []int{1, 3, 2}, -1, 2, -3, 4, -5, 6), unaryF32(t, []int{}, 0.5)},
	} {
		in := []Input{{Type: c.x.Type, Shape: shapeOfDims(c.x.Shape)}, {Type: c.s.Type, Shape: shapeOfDims(c.s.Shape)}}
		k, err := Prepare(c.o, in, ExecOptions{})
		require.NoError(t, err)
		out, err := ir.NewTensor(c.x.Type, c.x.Shape)
		require.NoError(t, err)
		ins, os := []*ir.Tensor{c.x, c.s}, []*ir.Tensor{out}
		ctx := t.Context()
		require.NoError(t, k.Run(ctx, ins, os))
		require.Zero(t, testing.AllocsPerRun(5, func() { _ = k.Run(ctx, ins, os) }), "%T", c.o)
	}
}

// unaryFastMatches requires got (a fast kernel's output) to equal ref (the reference's)
// exactly, except float outputs of the ops with a fast float32 path (unary_fast.go),
// which may differ by 8 float32 ulp (9.6e-7 relative; Swish rounds x·β to float32) before any narrowing to f16/bf16,
// i.e. by one step of the narrow type at most, plus 1e-12 absolute (Mish's reference
// computes log(exp(x)+1), which cancels for x below about -20: there the fast kernel is
// the accurate one).
func unaryFastMatches(t *testing.T, ref, got *ir.Tensor) {
	t.Helper()
	switch ref.Type {
	case ir.F32, ir.F16, ir.BF16:
	default:
		require.Equal(t, ref.Data, got.Data)
		return
	}
	a, b := unaryFloats(t, ref), unaryFloats(t, got)
	require.Len(t, b, len(a))
	step := 9.6e-7
	switch ref.Type {
	case ir.F16:
		step = 1.0 / 1024
	case ir.BF16:
		step = 1.0 / 128
	}
	for i := range a {
		if math.IsNaN(a[i]) {
			require.True(t, math.IsNaN(b[i]), "element %d", i)
			continue
		}
		if a[i] == b[i] {
			continue
		}
		require.LessOrEqual(t, math.Abs(a[i]-b[i]), step*math.Abs(a[i])+1e-12, "element %d: reference %g, fast %g", i, a[i], b[i])
	}
}
