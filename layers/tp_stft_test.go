package layers

import (
	"strconv"
	"testing"
)

// STFT-15: src/core/tests/type_prop/stft.cpp@e7b1cf53 (transpose_frames true unless a row
// says otherwise).
func TestTPSTFT(t *testing.T) {
	tf := func(b bool) []string { return []string{"transpose_frames", strconv.FormatBool(b)} }
	on := tf(true)
	cases := []tpCase{
		{name: "default_ctor", attrs: on, in: []string{"f32[4,48]", "f32[7]", "i32[]=11", "i32[]=3"}, out: []string{"f32[4,6,13,2]"}},
		{name: "all_inputs_as_params_static_shapes", attrs: on, in: []string{"f32[4,48]", "f32[7]", "i64[]", "i64[]"}, out: []string{"f32[4,?,?,2]"}},
		{name: "all_inputs_as_params_f16_i32_static_shapes", attrs: on, in: []string{"f16[4,48]", "f16[7]", "i32[]", "i32[]"}, out: []string{"f16[4,?,?,2]"}},
		{name: "all_inputs_as_params_dyn_shapes", attrs: on, in: []string{"f32[?,?]", "f32[?]", "i64[...]", "i64[...]"}, out: []string{"f32[?,?,?,2]"}},
		{name: "all_inputs_as_params_dyn_rank", attrs: on, in: []string{"f32[...]", "f32[...]", "i64[...]", "i64[...]"}, out: []string{"f32[...]"}},
	}
	// TypePropSTFTTestP: signal, window, frame_size, frame_step, transpose_frames, expected.
	for i, r := range []struct {
		signal, window string
		size, step     int
		transpose      bool
		want           string
	}{
		{"16", "16", 16, 16, true, "9,1,2"},
		{"48", "16", 16, 16, false, "3,9,2"},
		{"56", "7", 11, 3, false, "16,6,2"},
		{"56", "7", 11, 3, true, "6,16,2"},
		{"48", "8", 16, 4, true, "9,9,2"},
		{"48..56", "7", 11, 3, true, "6,13..16,2"},
		{"?", "7", 11, 3, true, "6,1..,2"},
		{"1,16", "16", 16, 16, true, "1,9,1,2"},
		{"1,48", "16", 16, 16, true, "1,9,3,2"},
		{"1,48", "16", 16, 16, false, "1,3,9,2"},
		{"2,48", "8", 16, 4, true, "2,9,9,2"},
		{"2,48", "5", 9, 100, true, "2,5,1,2"},
		{"4,48", "7", 11, 3, true, "4,6,13,2"},
		{"4,48", "7", 11, 3, false, "4,13,6,2"},
		{"4,56", "7", 11, 3, true, "4,6,16,2"},
		{"4,56", "7", 11, 3, false, "4,16,6,2"},
		{"?,56", "7", 11, 3, false, "?,16,6,2"},
		{"?,?", "7", 11, 3, false, "?,1..,6,2"},
		{"?,?", "7", 11, 3, true, "?,6,1..,2"},
		{"?,48..56", "7", 11, 3, true, "?,6,13..16,2"},
		{"2..4,?", "7", 11, 3, true, "2..4,6,1..,2"},
		{"...", "7", 11, 3, true, "..."},
		{"...", "...", 11, 3, true, "..."},
	} {
		cases = append(cases, tpCase{name: "stft_shapes/" + strconv.Itoa(i), attrs: tf(r.transpose),
			in:  []string{"f32[" + r.signal + "]", "f32[" + r.window + "]", "i32[]=" + strconv.Itoa(r.size), "i32[]=" + strconv.Itoa(r.step)},
			out: []string{"f32[" + r.want + "]"}})
	}
	p := func(sig, win, size, step string) []string { return []string{sig, win, size, step} }
	cases = append(cases,
		tpCase{name: "signal_incompatible_shape/scalar", attrs: on, in: p("f32[]", "f32[7]", "i64[]", "i64[]"), err: "The shape of signal must be 1D [signal_size] or 2D [batch, signal_size]"},
		tpCase{name: "signal_incompatible_shape/3D", attrs: on, in: p("f32[?,4,48]", "f32[7]", "i64[]", "i64[]"), err: "The shape of signal must be 1D [signal_size] or 2D [batch, signal_size]"},
		tpCase{name: "window_incompatible_shape/scalar", attrs: on, in: p("f32[4,48]", "f32[]", "i64[]", "i64[]"), err: "The shape of window must be 1D [window_size]"},
		tpCase{name: "window_incompatible_shape/2D", attrs: on, in: p("f32[4,48]", "f32[2,8]", "i64[]", "i64[]"), err: "The shape of window must be 1D [window_size]"},
		tpCase{name: "frame_size_incompatible_shape/1", attrs: on, in: p("f32[4,48]", "f32[7]", "i64[1]", "i64[]"), err: "The shape of frame_size must be a scalar"},
		tpCase{name: "frame_size_incompatible_shape/1,2", attrs: on, in: p("f32[4,48]", "f32[7]", "i64[1,2]", "i64[]"), err: "The shape of frame_size must be a scalar"},
		tpCase{name: "frame_step_incompatible_shape/1", attrs: on, in: p("f32[4,48]", "f32[7]", "i64[]", "i64[1]"), err: "The shape of frame_step must be a scalar"},
		tpCase{name: "frame_step_incompatible_shape/1,2", attrs: on, in: p("f32[4,48]", "f32[7]", "i64[]", "i64[1,2]"), err: "The shape of frame_step must be a scalar"},
		tpCase{name: "signal_incompatible_type/i32", attrs: on, in: p("i32[1,48]", "f32[7]", "i64[]", "i64[]"), err: "Expected floating point type of the 'signal' input"},
		tpCase{name: "signal_incompatible_type/boolean", attrs: on, in: p("boolean[1,48]", "f32[7]", "i64[]", "i64[]"), err: "Expected floating point type of the 'signal' input"},
		tpCase{name: "window_incompatible_type/i32", attrs: on, in: p("f32[4,48]", "i32[8]", "i64[]", "i64[]"), err: "Expected floating point type of the 'window' input, matching the type of `signal` input"},
		tpCase{name: "window_incompatible_type/boolean", attrs: on, in: p("f32[4,48]", "boolean[8]", "i64[]", "i64[]"), err: "Expected floating point type of the 'window' input, matching the type of `signal` input"},
		tpCase{name: "window_incompatible_type/f16", attrs: on, in: p("f32[4,48]", "f16[8]", "i64[]", "i64[]"), err: "Expected floating point type of the 'window' input, matching the type of `signal` input"},
		tpCase{name: "frame_size_incompatible_type/f32", attrs: on, in: p("f32[4,48]", "f32[7]", "f32[]", "i64[]"), err: "Expected i32 or i64 type of the input at port: 2"},
		tpCase{name: "frame_size_incompatible_type/i8", attrs: on, in: p("f32[4,48]", "f32[7]", "i8[]", "i64[]"), err: "Expected i32 or i64 type of the input at port: 2"},
		tpCase{name: "frame_step_incompatible_type/f32", attrs: on, in: p("f32[4,48]", "f32[7]", "i64[]", "f32[]"), err: "Expected i32 or i64 type of the input at port: 3"},
		tpCase{name: "frame_step_incompatible_type/i8", attrs: on, in: p("f32[4,48]", "f32[7]", "i64[]", "i8[]"), err: "Expected i32 or i64 type of the input at port: 3"},
		tpCase{name: "frame_size_incompatible_value/-1", attrs: on, in: p("f32[4,48]", "f32[7]", "i32[]=-1", "i32[]=3"), err: "Provided frame size is -1 but must be in range [1, 48]"},
		tpCase{name: "frame_size_incompatible_value/49", attrs: on, in: p("f32[4,48]", "f32[7]", "i32[]=49", "i32[]=3"), err: "Provided frame size is 49 but must be in range [1, 48]"},
		tpCase{name: "frame_step_incompatible_value", attrs: on, in: p("f32[4,48]", "f32[7]", "i32[]=8", "i32[]=-1"), err: "Provided frame step is -1 but must be greater than zero"},
		tpCase{name: "window_incompatible_dim_with_frame_size", attrs: on, in: p("f32[4,48]", "f32[16]", "i32[]=8", "i32[]=4"), err: "Window input dimension must be in range [1, 8]"},
	)
	tpRun(t, "STFT", "opset15", cases)
}
