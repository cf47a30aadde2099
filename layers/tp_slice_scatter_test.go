package layers

import (
	"strconv"
	"strings"
	"testing"
)

// SliceScatter-15: src/core/tests/type_prop/slice_scatter.cpp@88c52c27 as data (the
// make_op_const_inputs tests: data and updates Parameters, start/stop/step/axes Constants of
// the same element type; the output is data's type and shape). Symbol checks are out of
// scope.
func TestTPSliceScatter(t *testing.T) {
	k := func(et, v string) string { return tpfK(et, v) }
	iota := func(n int) string {
		s := make([]string, n)
		for i := range s {
			s[i] = strconv.Itoa(i)
		}
		return strings.Join(s, ",")
	}
	// ss builds one case; axes "" means none, "iota" means 0..len(start)-1.
	ss := func(name, et, data, updates, start, stop, step, axes string) tpCase {
		in := []string{et + data, et + updates, k(et, start), k(et, stop), k(et, step)}
		if axes == "iota" {
			axes = iota(strings.Count(start, ",") + 1)
		}
		if axes != "" {
			in = append(in, k(et, axes))
		}
		return tpCase{name: name, in: in, out: []string{et + data}}
	}
	const (
		st8  = "1,1,-20,9,9,9,9,20"
		sp8  = "8,8,20,-11,0,-10,-11,-20"
		sz8  = "1,2,1,-1,-1,-1,-2,-1"
		d8   = "[10,10,10,10,10,10,10,10]"
		m13S = "9,MAX32,MAX32,MAX32,MAX32,MAX32,MAX32,MAX32,20,20,20,20,MAX32"
		m13E = "1,1,4,10,10,15,25,MIN32,-21,MIN32,MIN32,MIN32,MIN32"
		d13  = "[10,10..20,10..20,10..20,11..20,10..20,10..20,30..40,20,20,..20,?,?]"
		dyn3 = "[?,?,?]"
		u3   = "[..6,..15,..5]"
		mx   = "[..2000,?,4]"
	)
	cases := []tpCase{
		{name: "default_ctor", in: []string{"f32[5,5,5]", "f32[5,2,5]", "i32[2]=0,1", "i32[2]=25,5", "i32[2]=1,2"}, out: []string{"f32[5,5,5]"}},
		{name: "default_ctor_axes", in: []string{"f64[5,5,5]", "f64[2,5,5]", "i64[2]=0,1", "i64[2]=25,5", "i64[2]=1,2", "i32[2]=2,0"}, out: []string{"f64[5,5,5]"}},
		ss("basic_const_inputs", "i32", d8, "[7,4,10,10,9,9,5,10]", st8, sp8, sz8, "iota"),
		ss("basic_const_inputs_dif_steps", "u8", "[5,5,5,5,9,9]", "[3,2,2,1,5,3]", "0,0,0,0,0,0", "5,5,5,5,9,9", "2,3,4,5,2,3", ""),
		ss("basic_const_inputs_dif_neg_steps", "i8", "[5,5,5,5,9,9]", "[2,2,1,1,4,3]", "5,5,5,5,9,9", "0,0,0,0,0,0", "-2,-3,-4,-5,-2,-3", ""),
		ss("basic_const_inputs_default_axes", "i16", d8, "[7,4,10,10,9,9,5,10]", st8, sp8, sz8, ""),
		ss("const_inputs_output_zero_dims", "i32", "[5,5,5,5,9,9]", "[3,0,5,0,5,0]", "0,0,0,5,0,10", "5,5,5,5,9,9", "2,-3,1,5,2,1", ""),
		ss("basic_const_inputs_unordered_axes", "i32", d8, "[4,9,7,10,10,9,5,10]", st8, sp8, sz8, "2,0,3,7,1,5,6,4"),
		ss("const_inputs_not_all_axes_unordered_prop_symbols", "i32", "[10,10,10,10,10,20,20..30,30,2..5,?]", "[4,7,10,10,9,20,10..15,30,2..5,?]",
			"1,1,-20,9,10,9", "8,8,20,-11,25,0", "1,2,1,-1,1,-1", "1,0,2,3,6,4"),
		ss("basic_const_inputs_data_dynamic_bounds_dimensions", "u64", "[1..5,10..20,20..30,16,30..40]", "[1,6,10..15,16,..5]", "0,2,10,0,35", "1,8,25,16,40", "1,1,1,1,1", "iota"),
		ss("basic_const_inputs_data_dynamic_rank", "i32", "[...]", "[...]", st8, sp8, sz8, "iota"),
		ss("basic_const_inputs_MAX_MIN_INT_dynamic_dimensions", "i32", "[10,10..20,10..20,10..20,10..20,10..20,30..40,..50,?]", "[8,8..18,5,10,10..15,10..20,30..40,..50,?]",
			"2,2,MIN32,MIN32,MIN32,MIN32,MIN32,0,0", "10,MAX32,5,10,15,25,MAX32,50,MAX32", "1,1,1,1,1,1,1,1,1", "iota"),
		ss("basic_const_inputs_MAX_MIN_INT_dynamic_dimensions_neg_step", "i32", d13, "[8,8..18,5..15,..9,..9,..4,0,30..40,20,20,..20,..21,?]",
			m13S, m13E, "-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1", "iota"),
		ss("basic_const_inputs_data_full_dynamic_dims", "i32", "[?,?,?,?]", "[..6,..15,..5,?]", "2,10,35,MIN32", "8,25,40,-3", "1,1,1,1", "iota"),
		ss("basic_const_inputs_data_full_dynamic_dims_neg_ind", "i32", dyn3, u3, "-8,-25,-40", "-2,-10,-35", "1,1,1", "iota"),
		ss("basic_const_inputs_data_full_dynamic_dims_neg_step", "i32", dyn3, u3, "8,25,40", "2,10,35", "-1,-1,-1", "iota"),
		ss("basic_const_inputs_data_full_dynamic_dims_neg_step_neg_ind", "i32", dyn3, u3, "-2,-10,-35", "-8,-25,-40", "-1,-1,-1", "iota"),
		ss("basic_const_inputs_data_full_dynamic_dims_neg_step_mix_ind", "i32", "[?,?,?,?,?,?]", "[..6,..3,..6,?,?,?]",
			"5,5,5,-10,MAX32,MAX32", "-10,-10,MIN32,5,5,MIN32", "-1,-2,-1,-1,-1,-1", "iota"),
		ss("basic_const_inputs_dynamic_dims_maxint32", "i32", mx, mx, "0,0,0", "MAX32,MAX32,MAX32", "1,1,1", "iota"),
		ss("basic_const_inputs_dynamic_dims_maxint64", "i64", mx, mx, "0,0,0", "MAX64,MAX64,MAX64", "1,1,1", "iota"),
		ss("basic_const_inputs_dynamic_dims_maxint32_start1", "i32", mx, mx, "1", "MAX32", "1", "1"),
		ss("basic_const_inputs_dynamic_dims_maxint64_start1", "i64", mx, mx, "1", "MAX64", "1", "1"),
		ss("basic_const_inputs_MAX_MIN_INT_64_dynamic_dimensions_neg_step", "i64", d13, "[8,4..9,5..15,..9,..9,..4,0,30..40,20,20,..20,..21,?]",
			strings.ReplaceAll(m13S, "32", "64"), strings.ReplaceAll(m13E, "32", "64"), "-1,-2,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1", "iota"),
		ss("basic_const_inputs_MAX_MIN_64_no_upper_bounds_neg_step", "i64", "[?,?,?]", "[?,?,?]", "MAX64,MAX64,MAX64", "MIN64,MIN64,MIN64", "-1,-1,-1", "iota"),
		ss("basic_const_inputs_MAX_MIN_64_no_upper_bounds", "i64", "[?,?,?]", "[?,?,?]", "MIN64,MIN64,MIN64", "MAX64,MAX64,MAX64", "1,1,1", "iota"),
		ss("basic_const_inputs_MAX_MIN_32_no_upper_bounds", "i32", "[?,?,..2147483647,..2147483647]", "[?,?,..2147483647,..2147483647]",
			"MIN32,MIN32,MIN32,MIN32", "MAX32,MAX32,MAX32,MAX32", "1,1,1,1", "iota"),
		ss("basic_const_inputs_MAX_MIN_32_no_upper_bounds_neg_step", "i32", "[?,?,..2147483647,..2147483647]", "[?,?,..2147483647,..2147483647]",
			"MAX32,MAX32,MAX32,MAX32", "MIN32,MIN32,MIN32,MIN32", "-1,-1,-1,-1", "iota"),
		ss("dynamic_dim_zero_start_negative_stop", "i32", "[?]", "[?]", "0", "-2", "1", "0"),
		{name: "duplicated_axes", in: []string{"i32[100,100,100,100]", "i32[100,100,100,100]", k("i32", "2,10,35,10"), k("i32", "8,25,40,20"), k("i32", "1,1,1,100"), k("i32", "2,1,2,3")}, err: "*"},
		{name: "zero_step", in: []string{"i32[100,100,100]", "i32[100,100,100]", k("i32", "2,10,35"), k("i32", "8,25,40"), k("i32", "1,0,1"), k("i32", "1,2,3")}, err: "*"},
		{name: "all_params_dynamic", in: []string{"boolean[...]", "boolean[...]", "i32[...]", "i32[...]", "i32[...]"}, out: []string{"boolean[...]"}},
		{name: "all_params_dynamic_dynamic_types", in: []string{"dynamic[...]", "dynamic[...]", "dynamic[...]", "dynamic[...]", "dynamic[...]", "dynamic[...]"}, out: []string{"dynamic[...]"}},
	}
	// The Parameter-input tests and the error tests.
	const (
		a  = "f32[...]"
		i1 = "i32[1]"
		i2 = "i32[2]"
		r0 = "i32[]"
		r4 = "i32[4]"
		iD = "i32[...]"
		d5 = "f32[5,5,5,?,?]"
		u5 = "f32[5,2,3,?,?]"
		sl = "SliceScatter updates at index 1 are not compatible with expected slice shape "
	)
	for i, n := range []string{"start", "stop", "step", "axes"} {
		with := func(base []string, x string) []string {
			in := append([]string(nil), base...)
			in[2+i] = x
			return in
		}
		shapes := "SliceScatter `start`, `stop`, `step` inputs must have compatible shapes."
		if n == "axes" {
			shapes = "SliceScatter `axes` input must have compatible shape with `start`, `stop`, `step` inputs."
		}
		cases = append(cases,
			tpCase{name: "incompatible_slice_shapes/" + n, in: with([]string{a, a, i1, i1, i1, i1}, i2), err: shapes},
			tpCase{name: "incompatible_slice_rank/" + n, in: with([]string{a, a, i1, i1, i1, i1}, r0), err: "SliceScatter `" + n + "` input must be a 1D tensor. Got rank: 0"},
			tpCase{name: "incompatible_slice_length_data_rank/" + n, in: with([]string{"f32[?,?,?]", a, iD, iD, iD, iD}, r4),
				err: "SliceScatter `" + n + "` input dim size can't be bigger than `data` or `updates` rank."},
			tpCase{name: "incompatible_slice_length_updates_rank/" + n, in: with([]string{a, "f32[?,?,?]", iD, iD, iD, iD}, r4),
				err: "SliceScatter `" + n + "` input dim size can't be bigger than `data` or `updates` rank."},
			tpCase{name: "incompatible_slice_param_types/" + n, in: with([]string{a, a, iD, iD, iD, iD}, "f32[...]"), err: "SliceScatter `" + n + "` input type must be integer."},
		)
	}
	cases = append(cases, []tpCase{
		{name: "all_params_dynamic_with_axes", in: []string{"f16[...]", "f16[...]", "u16[...]", "u16[...]", "u16[...]", "i64[...]"}, out: []string{"f16[...]"}},
		{name: "all_params_dynamic_merge_rank", in: []string{"bf16[...]", "bf16[?,?,?,?,?]", iD, iD, iD, "u8[...]"}, out: []string{"bf16[?,?,?,?,?]"}},
		{name: "all_params_static", in: []string{"i32[5,5,5]", "i32[5,1,2]", "i32[3]", "i32[3]", "i32[3]"}, out: []string{"i32[5,5,5]"}},
		{name: "all_params_static_types_dynamic", in: []string{"dynamic[5,5,5]", "dynamic[5,1,2]", "dynamic[3]", "dynamic[3]", "dynamic[3]", "dynamic[3]"}, out: []string{"dynamic[5,5,5]"}},
		{name: "all_params_static_with_axes", in: []string{"i64[5,5,5]", "i64[5,1,2]", "i32[3]", "i32[3]", "i32[3]", "i32[3]"}, out: []string{"i64[5,5,5]"}},
		{name: "incompatible_input_size", in: []string{"f32[5,5,5]", "f32[5,1,2]", "i32[3]", "i32[3]"}, err: "SliceScatter has to have 5 or 6 inputs. Got: 4"},
		{name: "incompatible_data_updates_shape_scalar/data", in: []string{"f32[]", a, iD, iD, iD, iD}, err: "SliceScatter `data` and `updates` input can't be a scalar."},
		{name: "incompatible_data_updates_shape_scalar/updates", in: []string{a, "f32[]", iD, iD, iD, iD}, err: "SliceScatter `data` and `updates` input can't be a scalar."},
		{name: "incompatible_updates_shape_rank", in: []string{"f32[?,?]", "f32[?,?,?]", iD, iD, iD, iD}, err: "SliceScatter `data` and `updates` need to have compatible rank."},
		{name: "incompatible_updates_shape_expected_slice_const/1", in: []string{d5, u5, k("i32", "25,-25"), k("i32", "125,-1"), k("i32", "1,1"), k("i32", "0,-4")}, err: sl + "[0,4,5,?,?]"},
		{name: "incompatible_updates_shape_expected_slice_const/2", in: []string{d5, u5, k("i32", "25,-125,5"), k("i32", "125,5,5"), k("i32", "1,-1,15"), k("i32", "0,-4,2")}, err: sl + "[0,0,0,?,?]"},
		{name: "incompatible_updates_shape_expected_slice_const/4", in: []string{d5, u5, k("i32", "25,-25"), k("i32", "125,-1"), k("i32", "1,1")}, err: sl + "[0,4,5,?,?]"},
		{name: "incorrect_slice_values/step", in: []string{"f32[?,?,?]", a, iD, iD, "i32[1]=0", iD}, err: "SliceScatter step values must be non-zero."},
		{name: "incorrect_slice_values/axes", in: []string{"f32[?,?,?]", a, iD, iD, iD, "i32[2]=0,0"}, err: "SliceScatter values in `axes` input must be unique."},
	}...)
	tpRun(t, "SliceScatter", "opset15", cases)
}
