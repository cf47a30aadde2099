package layers

import (
	"strconv"
	"strings"
	"testing"
)

// RDFT-9 shape and type inference: src/core/tests/type_prop/rdft.cpp@03158335 (inputs data,
// axes, optional signal_size; the parameter suites' label expectations are out of scope).
func TestTPRDFT(t *testing.T) {
	i64 := func(vals ...int) string {
		var s []string
		for _, v := range vals {
			s = append(s, strconv.Itoa(v))
		}
		return "i64[" + strconv.Itoa(len(vals)) + "]=" + strings.Join(s, ",")
	}
	var cases []tpCase
	// RDFTConstantAxesAndConstantSignalSizeTest: input, axes, signal sizes (nil: none), output.
	for i, c := range []struct {
		in     string
		axes   []int
		sizes  []int
		output string
	}{
		{"2,180,180", []int{1, 2}, nil, "2,180,91,2"},
		{"6,180,180", []int{2, 0}, nil, "4,180,180,2"},
		{"16,500,180,369", []int{0, 3, 1}, nil, "16,251,180,369,2"},
		{"2,180,1..18", []int{1, 2}, nil, "2,180,1..10,2"},
		{"2,180,7..500", []int{1, 2}, nil, "2,180,4..251,2"},
		{"2,7..500,180", []int{1, 2}, nil, "2,7..500,91,2"},
		{"2,7..500,7..500", []int{1, 2}, nil, "2,7..500,4..251,2"},
		{"0..2,180,180", []int{1, 2}, nil, "0..2,180,91,2"},
		{"0..2,180,7..500", []int{1, 2}, nil, "0..2,180,4..251,2"},
		{"0..2,7..500,180", []int{1, 2}, nil, "0..2,7..500,91,2"},
		{"0..2,7..500,7..500", []int{1, 2}, nil, "0..2,7..500,4..251,2"},
		{"2,180,180", []int{1, 2}, []int{-1, 77}, "2,180,39,2"},
		{"2,180,180", []int{2, 0}, []int{390, 87}, "44,180,390,2"},
		{"7,50,130,400", []int{3, 0, 1}, []int{600, -1, 40}, "7,21,130,600,2"},
		{"2,0..200,180", []int{1, 2}, []int{-1, 77}, "2,0..200,39,2"},
		{"0..18,180,0..400", []int{2, 0}, []int{390, 87}, "44,180,390,2"},
		{"8..129,50,130,0..500", []int{3, 0, 1}, []int{600, -1, 40}, "8..129,21,130,600,2"},
	} {
		in := []string{"f32[" + c.in + "]", i64(c.axes...)}
		if c.sizes != nil {
			in = append(in, i64(c.sizes...))
		}
		cases = append(cases, tpCase{name: "rdft_constant_axes_and_signal_size/" + strconv.Itoa(i), in: in, out: []string{"f32[" + c.output + "]"}})
	}
	cases = append(cases, tpCase{name: "rdft_dynamic_axes", in: []string{"f32[2,180,180]", "i64[...]"}, out: []string{"f32[?,?,?,2]"}})
	for i, s := range []string{"2,180,180", "2,180,7..500", "2,7..500,180", "2,7..500,7..500", "0..2,180,180", "0..2,180,7..500", "0..2,7..500,180", "0..2,7..500,7..500"} {
		cases = append(cases, tpCase{name: "rdft_non_constant_axes/" + strconv.Itoa(i), in: []string{"f32[" + s + "]", "i64[2]"}, out: []string{"f32[?,?,?,2]"}})
	}
	for i, c := range []struct {
		in     string
		axes   []int
		output string
	}{
		{"2,0..200,180", []int{1, 2}, "2,0..200,?,2"},
		{"0..18,180,0..400", []int{2, 0}, "?,180,0..400,2"},
		{"8..129,50,130,0..500", []int{3, 0, 1}, "8..129,?,130,0..500,2"},
	} {
		cases = append(cases, tpCase{name: "rdft_non_constant_signal_size/" + strconv.Itoa(i),
			in: []string{"f32[" + c.in + "]", i64(c.axes...), "i64[" + strconv.Itoa(len(c.axes)) + "]"}, out: []string{"f32[" + c.output + "]"}})
	}
	cases = append(cases,
		tpCase{name: "rdft_invalid_input/scalar", in: []string{"f32[]", i64(0, 1)}, err: "The input rank must be greater or equal to 1."},
		tpCase{name: "rdft_invalid_input/axes", in: []string{"f32[4]", i64(0, 1)}, err: "The input rank must be greater than or equal to the number of axes."},
		tpCase{name: "rdft_invalid_axes/3", in: []string{"f32[4,3,2]", i64(3)}, err: "Axis 3 out of the tensor rank range [-3, 2]"}, // current fft_common_validation.hpp (normalize_axes); rdft.cpp@03158335 predates it,
		tpCase{name: "rdft_invalid_axes/-4", in: []string{"f32[4,3,2]", i64(-4)}, err: "Axis -4 out of the tensor rank range [-3, 2]"},
		tpCase{name: "rdft_invalid_axes/unique", in: []string{"f32[4,3,2]", i64(0, -3)}, err: "Each axis must be unique"},
		tpCase{name: "rdft_invalid_axes/2D", in: []string{"f32[4,3,2]", "i64[1,2]=0,1"}, err: "Axes input must be 1D tensor."},
		tpCase{name: "rdft_invalid_signal_size/2D", in: []string{"f32[4,3,2]", i64(0), "i64[1,2]=0,1"}, err: "Signal size input must be 1D tensor."},
		tpCase{name: "rdft_invalid_signal_size/count", in: []string{"f32[4,3,2]", i64(0), i64(0, 1)}, err: "Sizes of inputs 'axes' and 'signal_size' must be equal."},
		tpCase{name: "rdft_dynamic_types", in: []string{"dynamic[2,180,180]", "dynamic[...]", "dynamic[...]"}, out: []string{"dynamic[?,?,?,2]"}},
	)
	tpRun(t, "RDFT", "opset9", cases)
}
