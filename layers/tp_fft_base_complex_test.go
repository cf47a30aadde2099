package layers

import (
	"strings"
	"testing"
)

// DFT-7 and IDFT-7 shape inference: src/core/tests/type_prop/fft_base_complex.cpp@16f3e848 (the
// 2024 typed suites, run for both ops), as data. The symbol assertions are out of scope (their
// shapes are kept); a ShapeOf (or Concat of -1 and a ShapeOf) signal_size input is given by the
// bounds OpenVINO's bound propagation yields for it. dft.cpp@b3b248e2 (2022) holds the same
// constant-axes and non-constant-signal-size tables; its non-constant-axes table (all dims but
// the last dynamic without signal_size) is the older rule the 2024 suite replaced
// (non_constant_axes_no_signal_size keeps the input shape), so the newer one is ported.
func TestTPFFTBaseComplex(t *testing.T) {
	k := tpfK
	var cases []tpCase
	// FFTConstantAxesAndConstantSignalSizeTest: input, axes, signal_size ("" none), output.
	for i, p := range [][4]string{
		{"2,180,180,2", "1,2", "", "2,180,180,2"},
		{"2,180,180,2", "2,0", "", "2,180,180,2"},
		{"16,500,180,369,2", "0,3,1", "", "16,500,180,369,2"},
		{"2,180,180,1..18", "1,2", "", "2,180,180,1..18"},
		{"2,180,7..500,2", "1,2", "", "2,180,7..500,2"},
		{"2,180,7..500,1..18", "1,2", "", "2,180,7..500,1..18"},
		{"2,7..500,180,2", "1,2", "", "2,7..500,180,2"},
		{"2,7..500,180,1..18", "1,2", "", "2,7..500,180,1..18"},
		{"2,7..500,7..500,2", "1,2", "", "2,7..500,7..500,2"},
		{"2,7..500,7..500,1..18", "1,2", "", "2,7..500,7..500,1..18"},
		{"0..2,180,180,2", "1,2", "", "0..2,180,180,2"},
		{"0..2,180,180,1..18", "1,2", "", "0..2,180,180,1..18"},
		{"0..2,180,7..500,2", "1,2", "", "0..2,180,7..500,2"},
		{"0..2,180,7..500,1..18", "1,2", "", "0..2,180,7..500,1..18"},
		{"0..2,7..500,180,2", "1,2", "", "0..2,7..500,180,2"},
		{"0..2,7..500,180,1..18", "1,2", "", "0..2,7..500,180,1..18"},
		{"0..2,7..500,7..500,2", "1,2", "", "0..2,7..500,7..500,2"},
		{"0..2,7..500,7..500,1..18", "1,2", "", "0..2,7..500,7..500,1..18"},
		{"2,180,180,2", "1,2", "-1,77", "2,180,77,2"},
		{"2,180,180,2", "2,0", "390,87", "87,180,390,2"},
		{"7,50,130,400,2", "3,0,1", "600,-1,40", "7,40,130,600,2"},
		{"2,0..200,180,2", "1,2", "-1,77", "2,0..200,77,2"},
		{"0..18,180,0..400,2", "2,0", "390,87", "87,180,390,2"},
		{"8..129,50,130,0..500,2", "3,0,1", "600,-1,40", "8..129,40,130,600,2"},
	} {
		in := []string{"f32[" + p[0] + "]", k("i64", p[1])}
		if p[2] != "" {
			in = append(in, k("i64", p[2]))
		}
		cases = append(cases, tpCase{name: "constant_axes_and_signal_size/" + itoaTPF(i), in: in, out: []string{"f32[" + p[3] + "]"}})
	}
	// FFTNonConstantAxesTest: input, axes shape, output with signal_size (Parameter or
	// Constant {100, 200}); without signal_size the output is the input shape.
	for i, p := range [][3]string{
		{"2,180,180,1..18", "...", "?,?,?,1..18"},
		{"1,180,1..18", "...", "?,?,1..18"},
		{"2,180,180,1..18", "?", "?,?,?,1..18"},
		{"2,180,180,1..18", "2", "?,?,?,1..18"},
		{"2,180,7..500,2", "2", "?,?,?,2"},
		{"2,180,7..500,1..18", "2", "?,?,?,1..18"},
		{"2,7..500,180,2", "2", "?,?,?,2"},
		{"2,7..500,180,1..18", "2", "?,?,?,1..18"},
		{"2,7..500,7..500,2", "2", "?,?,?,2"},
		{"2,7..500,7..500,1..18", "2", "?,?,?,1..18"},
		{"0..2,180,180,2", "2", "?,?,?,2"},
		{"0..2,180,180,1..18", "2", "?,?,?,1..18"},
		{"0..2,180,7..500,2", "2", "?,?,?,2"},
		{"0..2,180,7..500,1..18", "2", "?,?,?,1..18"},
		{"0..2,7..500,180,2", "2", "?,?,?,2"},
		{"0..2,7..500,180,1..18", "2", "?,?,?,1..18"},
		{"0..2,7..500,7..500,2", "2", "?,?,?,2"},
		{"0..2,7..500,7..500,1..18", "2", "?,?,?,1..18"},
	} {
		data, axes := "f32["+p[0]+"]", "i64["+p[1]+"]"
		n := itoaTPF(i)
		cases = append(cases,
			tpCase{name: "non_constant_axes_no_signal_size/" + n, in: []string{data, axes}, out: []string{data}},
			tpCase{name: "non_constant_axes_param_signal_size/" + n, in: []string{data, axes, "i64[2]"}, out: []string{"f32[" + p[2] + "]"}},
			tpCase{name: "non_constant_axes_const_signal_size/" + n, in: []string{data, axes, k("i64", "100,200")}, out: []string{"f32[" + p[2] + "]"}})
	}
	// FFTNonConstantSignalSizeTest.
	for i, p := range [][3]string{
		{"2,0..200,180,2", "1,2", "2,?,?,2"},
		{"0..18,180,0..400,2", "2,0", "?,180,?,2"},
		{"8..129,50,130,0..500,2", "3,0,1", "?,?,130,?,2"},
	} {
		n := strings.Count(p[1], ",") + 1
		cases = append(cases, tpCase{name: "non_constant_signal_size/" + itoaTPF(i),
			in: []string{"f32[" + p[0] + "]", k("i64", p[1]), "i64[" + itoaTPF(n) + "]"}, out: []string{"f32[" + p[2] + "]"}})
	}
	// FFTInvalidInput.
	cases = append(cases, []tpCase{
		{name: "invalid_input_data/rank", in: []string{"f32[2]", k("i64", "0,1")}, err: "The input rank must be greater or equal to 2"},
		{name: "invalid_input_data/last_dim", in: []string{"f32[4,3]", k("i64", "0,1")}, err: "The last dimension of input data must be 2"},
		{name: "invalid_input_data/axes_count", in: []string{"f32[4,2]", k("i64", "0,1")}, err: "The input rank must be greater than number of axes."},
		{name: "invalid_axes/3", in: []string{"f32[4,3,2]", k("i64", "3")}, err: "Axis 3 out of the tensor rank range [-2, 1]"},
		{name: "invalid_axes/-3", in: []string{"f32[4,3,2]", k("i64", "-3")}, err: "Axis -3 out of the tensor rank range [-2, 1]"},
		{name: "invalid_axes/unique", in: []string{"f32[4,3,2]", k("i64", "0,-2")}, err: "Each axis must be unique"},
		{name: "invalid_axes/2", in: []string{"f32[4,3,2]", k("i64", "2")}, err: "Axis 2 out of the tensor rank range [-2, 1]"},
		{name: "invalid_axes/2d", in: []string{"f32[4,3,2]", "i64[1,2]=0,1"}, err: "Axes input must be 1D tensor."},
		{name: "invalid_signal_size/2d", in: []string{"f32[4,3,2]", k("i64", "0"), "i64[1,2]=0,1"}, err: "Signal size input must be 1D tensor"},
		{name: "invalid_signal_size/count", in: []string{"f32[4,3,2]", k("i64", "0"), k("i64", "0,1")}, err: "Sizes of inputs 'axes' and 'signal_size' must be equal."},
		// FFTDynamicTypes.
		{name: "dynamic_types", in: []string{"dynamic[2,180,180,2]", "dynamic[...]", "dynamic[...]"}, out: []string{"dynamic[?,?,?,2]"}},
		// FFTConstantAxesAndShapeOfSignalSizeTest (and its _symbols variants, same shapes):
		// ShapeOf([6..8,?,4]) is {6..8, 0.., 4}.
		{name: "constant_axes_and_shape_of_signal_size/0", in: []string{"f32[3,10..16,18,20,2]", k("i64", "2,0,-1"), "i64[3]:6..8,0..,4"}, out: []string{"f32[?,10..16,6..8,4,2]"}},
		{name: "constant_axes_and_shape_of_signal_size/1", in: []string{"f32[8..129,50,130,0..500,2]", k("i64", "1,2,3"), "i64[3]:0..10,0..,40"}, out: []string{"f32[8..129,0..10,?,40,2]"}},
		// Concat({-1}, ShapeOf([5..10,?,40])).
		{name: "constant_axes_and_shape_of_concat_signal_size", in: []string{"f32[4,8..16,24,?,2]", k("i64", "1,0,-2,3"), "i64[4]:-1,5..10,0..,40"}, out: []string{"f32[5..10,8..16,?,40,2]"}},
	}...)
	tpRun(t, "DFT", "opset7", cases)
	tpRun(t, "IDFT", "opset7", cases)
}
