package layers

import (
	"strconv"
	"testing"
)

// IRDFT-9 shape and type inference: src/core/tests/type_prop/irdft.cpp@74959490 (inputs data,
// axes, optional signal_size; symbol assertions out of scope).
func TestTPIRDFT(t *testing.T) {
	i64 := func(vals ...int) string {
		s := ""
		for k, v := range vals {
			if k > 0 {
				s += ","
			}
			s += strconv.Itoa(v)
		}
		return tpfK("i64", s)
	}
	var cases []tpCase
	// IRDFTConstantAxesAndConstantSignalSizeTest: input, axes, signal sizes (nil: none), output.
	for i, c := range []struct {
		in     string
		axes   []int
		sizes  []int
		output string
	}{
		{"2,180,180,2", []int{1, 2}, nil, "2,180,358"},
		{"2,180,180,2", []int{2, 0}, nil, "2,180,180"},
		{"4,180,180,2", []int{2, 0}, nil, "6,180,180"},
		{"16,500,180,369,2", []int{0, 3, 1}, nil, "16,998,180,369"},
		{"2,180,180,1..18", []int{1, 2}, nil, "2,180,358"},
		{"2,180,7..500,2", []int{1, 2}, nil, "2,180,12..998"},
		{"2,180,7..500,1..18", []int{1, 2}, nil, "2,180,12..998"},
		{"2,7..500,180,2", []int{1, 2}, nil, "2,7..500,358"},
		{"2,7..500,180,1..18", []int{1, 2}, nil, "2,7..500,358"},
		{"2,7..500,7..500,2", []int{1, 2}, nil, "2,7..500,12..998"},
		{"2,7..500,7..500,1..18", []int{1, 2}, nil, "2,7..500,12..998"},
		{"0..2,180,180,2", []int{1, 2}, nil, "0..2,180,358"},
		{"0..2,180,180,1..18", []int{1, 2}, nil, "0..2,180,358"},
		{"0..2,180,7..500,2", []int{1, 2}, nil, "0..2,180,12..998"},
		{"0..2,180,7..500,1..18", []int{1, 2}, nil, "0..2,180,12..998"},
		{"0..2,7..500,180,2", []int{1, 2}, nil, "0..2,7..500,358"},
		{"0..2,7..500,180,1..18", []int{1, 2}, nil, "0..2,7..500,358"},
		{"0..2,7..500,7..500,2", []int{1, 2}, nil, "0..2,7..500,12..998"},
		{"0..2,7..500,7..500,1..18", []int{1, 2}, nil, "0..2,7..500,12..998"},
		{"2,180,180,2", []int{1, 2}, []int{-1, 77}, "2,180,77"},
		{"2,180,180,2", []int{2, 0}, []int{390, 87}, "87,180,390"},
		{"7,50,130,400,2", []int{3, 0, 1}, []int{600, -1, 40}, "7,40,130,600"},
		{"2,0..200,180,2", []int{1, 2}, []int{-1, 77}, "2,0..200,77"},
		{"0..18,180,0..400,2", []int{2, 0}, []int{390, 87}, "87,180,390"},
		{"8..129,50,130,0..500,2", []int{3, 0, 1}, []int{600, -1, 40}, "8..129,40,130,600"},
	} {
		in := []string{"f32[" + c.in + "]", i64(c.axes...)}
		if c.sizes != nil {
			in = append(in, i64(c.sizes...))
		}
		cases = append(cases, tpCase{name: "irdft_constant_axes_and_signal_size/" + strconv.Itoa(i), in: in, out: []string{"f32[" + c.output + "]"}})
	}
	cases = append(cases, tpCase{name: "irdft_dynamic_axes", in: []string{"f32[2,180,180,1..18]", "i64[...]"}, out: []string{"f32[?,?,?]"}})
	for i, s := range []string{"2,180,180,1..18", "2,180,7..500,2", "2,180,7..500,1..18", "2,7..500,180,2", "2,7..500,180,1..18",
		"2,7..500,7..500,2", "2,7..500,7..500,1..18", "0..2,180,180,2", "0..2,180,180,1..18", "0..2,180,7..500,2",
		"0..2,180,7..500,1..18", "0..2,7..500,180,2", "0..2,7..500,180,1..18", "0..2,7..500,7..500,2", "0..2,7..500,7..500,1..18"} {
		cases = append(cases, tpCase{name: "irdft_non_constant_axes/" + strconv.Itoa(i), in: []string{"f32[" + s + "]", "i64[2]"}, out: []string{"f32[?,?,?]"}})
	}
	for i, c := range []struct {
		in     string
		axes   []int
		output string
	}{
		{"2,0..200,180,2", []int{1, 2}, "2,0..200,?"},
		{"0..18,180,0..400,2", []int{2, 0}, "?,180,0..400"},
		{"8..129,50,130,0..500,2", []int{3, 0, 1}, "8..129,?,130,0..500"},
	} {
		cases = append(cases, tpCase{name: "irdft_non_constant_signal_size/" + strconv.Itoa(i),
			in: []string{"f32[" + c.in + "]", i64(c.axes...), "i64[" + strconv.Itoa(len(c.axes)) + "]"}, out: []string{"f32[" + c.output + "]"}})
	}
	cases = append(cases,
		tpCase{name: "irdft_invalid_input/rank", in: []string{"f32[2]", i64(0, 1)}, err: "The input rank must be greater or equal to 2"},
		tpCase{name: "irdft_invalid_input/last_dim", in: []string{"f32[4,3]", i64(0, 1)}, err: "The last dimension of input data must be 2"},
		tpCase{name: "irdft_invalid_input/axes", in: []string{"f32[4,2]", i64(0, 1)}, err: "The input rank must be greater than number of axes."},
		tpCase{name: "irdft_invalid_axes/3", in: []string{"f32[4,3,2]", i64(3)}, err: "Axis 3 out of the tensor rank range [-2, 1]"},
		tpCase{name: "irdft_invalid_axes/-3", in: []string{"f32[4,3,2]", i64(-3)}, err: "Axis -3 out of the tensor rank range [-2, 1]"},
		tpCase{name: "irdft_invalid_axes/unique", in: []string{"f32[4,3,2]", i64(0, -2)}, err: "Each axis must be unique"},
		tpCase{name: "irdft_invalid_axes/2", in: []string{"f32[4,3,2]", i64(2)}, err: "Axis 2 out of the tensor rank range [-2, 1]"},
		tpCase{name: "irdft_invalid_axes/2D", in: []string{"f32[4,3,2]", "i64[1,2]=0,1"}, err: "Axes input must be 1D tensor."},
		tpCase{name: "irdft_invalid_signal_size/2D", in: []string{"f32[4,3,2]", i64(0), "i64[1,2]=0,1"}, err: "Signal size input must be 1D tensor."},
		tpCase{name: "irdft_invalid_signal_size/count", in: []string{"f32[4,3,2]", i64(0), i64(0, 1)}, err: "Sizes of inputs 'axes' and 'signal_size' must be equal."},
		tpCase{name: "irdft_dynamic_types", in: []string{"dynamic[2,180,180,2]", "dynamic[...]", "dynamic[...]"}, out: []string{"dynamic[?,?,?]"}},
	)
	tpRun(t, "IRDFT", "opset9", cases)
}
