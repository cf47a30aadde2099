package layers

import (
	"strconv"
	"testing"
)

// ISTFT-16: src/core/tests/type_prop/istft.cpp@b213c891 (center and normalized false unless a
// row says otherwise; the symbol assertions of shape_of_length_out_2D_with_symbols are out of
// scope, its signal_length is the ShapeOf of a static [36], a known value).
func TestTPISTFT(t *testing.T) {
	ce := func(center bool) []string {
		return []string{"center", strconv.FormatBool(center), "normalized", "false"}
	}
	off := ce(false)
	cases := []tpCase{
		// default_ctor validates before set_center(true).
		{name: "default_ctor", attrs: off, in: []string{"f32[4,6,16,2]", "f32[7]", "i32[]=11", "i32[]=3"}, out: []string{"f32[4,56]"}},
		{name: "all_inputs_as_params_static_shapes_auto_length", attrs: off, in: []string{"f32[2,1,4,48]", "f32[7]", "i64[]", "i64[]"}, out: []string{"f32[2,?]"}},
		{name: "all_inputs_as_params_static_shapes_in_length", attrs: off, in: []string{"f32[2,1,4,48]", "f32[7]", "i64[]", "i64[]", "i64[]"}, out: []string{"f32[2,?]"}},
		{name: "all_inputs_as_params_f16_static_shapes", attrs: off, in: []string{"f16[2,1,4,48]", "f16[7]", "i64[]", "i64[]"}, out: []string{"f16[2,?]"}},
		{name: "all_inputs_as_params_dyn_shapes", attrs: off, in: []string{"f32[?,?,?,2]", "f32[?]", "i64[...]", "i64[...]", "i64[]"}, out: []string{"f32[?,?]"}},
		{name: "all_inputs_as_params_dyn_rank", attrs: off, in: []string{"f32[...]", "f32[...]", "i64[...]", "i64[...]", "i64[...]"}, out: []string{"f32[...]"}},
	}
	// TypePropISTFTTestP: expected signal shape, window, frame_size, frame_step, center, data shape.
	for i, r := range []struct {
		signal, window string
		size, step     int
		center         bool
		data           string
	}{
		{"16", "16", 16, 16, false, "9,1,2"},
		{"16", "16", 16, 4, false, "9,1,2"},
		{"48", "16", 16, 16, false, "9,3,2"},
		{"8,48", "16", 16, 16, false, "8,9,3,2"},
		{"48", "16", 16, 16, true, "9,4,2"},
		{"5,48", "16", 16, 16, true, "5,9,4,2"},
		{"48", "16", 16, 12, true, "9,5,2"},
		{"56", "7", 11, 3, false, "6,16,2"},
		{"48", "8", 16, 4, false, "9,9,2"},
		{"47..56", "7", 11, 3, false, "6,13..16,2"},
		{"11..", "7", 11, 3, false, "6,1..,2"},
		{"1,16", "16", 16, 16, false, "1,9,1,2"},
		{"1,48", "16", 16, 16, false, "1,9,3,2"},
		{"2,48", "8", 16, 4, false, "2,9,9,2"},
		{"2,9", "5", 9, 100, false, "2,5,1,2"},
		{"2,1", "5", 9, 100, true, "2,5,1,2"},
		{"4,47", "7", 11, 3, false, "4,6,13,2"},
		{"4,56", "7", 11, 3, false, "4,6,16,2"},
		{"?,11..", "7", 11, 3, false, "?,6,1..,2"},
		{"?,47..56", "7", 11, 3, false, "?,6,13..16,2"},
		{"2..4,11..", "7", 11, 3, false, "2..4,6,1..,2"},
		{"2..4,1..", "7", 11, 3, true, "2..4,6,1..,2"},
		{"...", "7", 11, 3, false, "..."},
		{"...", "...", 11, 3, false, "..."},
		{"...", "...", 11, 3, true, "..."},
	} {
		cases = append(cases, tpCase{name: "istft_shapes/" + strconv.Itoa(i), attrs: ce(r.center),
			in:  []string{"f32[" + r.data + "]", "f32[" + r.window + "]", "i32[]=" + strconv.Itoa(r.size), "i32[]=" + strconv.Itoa(r.step)},
			out: []string{"f32[" + r.signal + "]"}})
	}
	p := func(in ...string) []string { return in }
	cases = append(cases,
		tpCase{name: "shape_length_const_out_1D", attrs: off, in: p("f32[6,13,2]", "f32[7]", "i32[]=11", "i32[]=3", "i32[]=36"), out: []string{"f32[36]"}},
		tpCase{name: "shape_length_const_out_2D", attrs: off, in: p("f32[4,6,13,2]", "f32[7]", "i32[]=11", "i32[]=3", "i32[]=36"), out: []string{"f32[4,36]"}},
		tpCase{name: "shape_of_length_out_2D_with_symbols", attrs: off, in: p("f32[4,6,13,2]", "f32[7]", "i32[]=11", "i32[]=3", "i64[1]=36"), out: []string{"f32[4,36]"}},
		tpCase{name: "data_incompatible_shape/5D", attrs: off, in: p("f32[?,?,?,?,?]", "f32[8]", "i64[]", "i64[]"), err: "The shape of data must be 3D or 4D"},
		tpCase{name: "data_incompatible_shape/2D", attrs: off, in: p("f32[?,?]", "f32[8]", "i64[]", "i64[]"), err: "The shape of data must be 3D or 4D"},
		tpCase{name: "window_incompatible_shape/scalar", attrs: off, in: p("f32[9,3,2]", "f32[]", "i64[]", "i64[]"), err: "The shape of window must be 1D [window_size]"},
		tpCase{name: "window_incompatible_shape/2D", attrs: off, in: p("f32[9,3,2]", "f32[2,8]", "i64[]", "i64[]"), err: "The shape of window must be 1D [window_size]"},
		tpCase{name: "frame_size_incompatible_shape/1", attrs: off, in: p("f32[9,3,2]", "f32[16]", "i64[1]", "i64[]"), err: "The shape of frame_size must be a scalar"},
		tpCase{name: "frame_size_incompatible_shape/1,2", attrs: off, in: p("f32[9,3,2]", "f32[16]", "i64[1,2]", "i64[]"), err: "The shape of frame_size must be a scalar"},
		tpCase{name: "frame_step_incompatible_shape/1", attrs: off, in: p("f32[9,3,2]", "f32[16]", "i64[]", "i64[1]"), err: "The shape of frame_step must be a scalar"},
		tpCase{name: "frame_step_incompatible_shape/1,2", attrs: off, in: p("f32[9,3,2]", "f32[16]", "i64[]", "i64[1,2]"), err: "The shape of frame_step must be a scalar"},
		tpCase{name: "signal_length_incompatible_shape", attrs: off, in: p("f32[9,3,2]", "f32[16]", "i64[]", "i64[]", "i64[1,2]"),
			err: "The shape of 'signal_length' input must be a scalar or single element 1D tensor"},
		tpCase{name: "data_incompatible_type/i32", attrs: off, in: p("i32[9,3,2]", "f32[16]", "i64[]", "i64[]"), err: "Expected floating point type of the 'data' input"},
		tpCase{name: "data_incompatible_type/boolean", attrs: off, in: p("boolean[9,3,2]", "f32[16]", "i64[]", "i64[]"), err: "Expected floating point type of the 'data' input"},
		tpCase{name: "window_incompatible_type/i32", attrs: off, in: p("f32[9,3,2]", "i32[8]", "i64[]", "i64[]"), err: "Expected floating point type of the 'window' input, matching the type of `data` input"},
		tpCase{name: "window_incompatible_type/boolean", attrs: off, in: p("f32[9,3,2]", "boolean[8]", "i64[]", "i64[]"), err: "Expected floating point type of the 'window' input, matching the type of `data` input"},
		tpCase{name: "window_incompatible_type/f16", attrs: off, in: p("f32[9,3,2]", "f16[8]", "i64[]", "i64[]"), err: "Expected floating point type of the 'window' input, matching the type of `data` input"},
		tpCase{name: "frame_size_incompatible_type/f32", attrs: off, in: p("f32[9,3,2]", "f32[8]", "f32[]", "i64[]"), err: "Expected i32 or i64 type of the input at port: 2"},
		tpCase{name: "frame_size_incompatible_type/i8", attrs: off, in: p("f32[9,3,2]", "f32[8]", "i8[]", "i64[]"), err: "Expected i32 or i64 type of the input at port: 2"},
		tpCase{name: "frame_step_incompatible_type/f32", attrs: off, in: p("f32[9,3,2]", "f32[8]", "i64[]", "f32[]"), err: "Expected i32 or i64 type of the input at port: 3"},
		tpCase{name: "frame_step_incompatible_type/i8", attrs: off, in: p("f32[9,3,2]", "f32[8]", "i64[]", "i8[]"), err: "Expected i32 or i64 type of the input at port: 3"},
		tpCase{name: "frame_step_incompatible_value", attrs: off, in: p("f32[9,3,2]", "f32[8]", "i32[]=16", "i32[]=-1"), err: "Provided frame step must be greater than zero, but got: -1"},
		tpCase{name: "frame_size_incompatible_value", attrs: off, in: p("f32[9,9,2]", "f32[8]", "i32[]=-1", "i32[]=3"), err: "Provided frame size must be greater than zero, but got: -1"},
		tpCase{name: "window_incompatible_dim_with_frame_size", attrs: off, in: p("f32[9,9,2]", "f32[16]", "i32[]=8", "i32[]=4"), err: "Window input dimension must be in range [1, 8]"},
		tpCase{name: "data_shape_incompatible_dim_with_frame_size", attrs: off, in: p("f32[9,3,2]", "f32[16]", "i32[]=31", "i32[]=11"),
			err: "The dimension at data_shape[-3] must be equal to: (frame_size // 2 + 1)"},
	)
	tpRun(t, "ISTFT", "opset16", cases)
}
