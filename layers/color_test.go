package layers

import (
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/x448/float16"

	"github.com/irrun/irrun/ir"
)

// Values of OpenVINO's op_reference tests convert_color_nv12.cpp and convert_color_i420.cpp
// (hand-rounded expectations: OpenVINO compares them within 2 (NV12) and 1 (I420) of 255),
// one case checked exactly against numpy's float32 evaluation of the reference formula, and
// shapes and messages after type_prop/convert_color_{nv12,i420}.cpp and the shape inference.

func colorTestRun(t *testing.T, typ, opset string, in ...*ir.Tensor) *ir.Tensor {
	t.Helper()
	outs := moreRunAll(t, decodeOp(t, typ, opset), in...)
	require.Len(t, outs, 1)
	return outs[0]
}

func u8s(v ...int) []uint8 {
	out := make([]uint8, len(v))
	for i, x := range v {
		out[i] = uint8(x)
	}
	return out
}

func TestColorConvertValues(t *testing.T) {
	f := func(dims []int, v ...float32) *ir.Tensor { return tensor(t, ir.F32, dims, v) }
	b := func(dims []int, v ...int) *ir.Tensor { return tensor(t, ir.U8, dims, u8s(v...)) }
	toF := func(v []uint8) []float64 {
		out := make([]float64, len(v))
		for i, x := range v {
			out[i] = float64(x)
		}
		return out
	}
	cases := []struct {
		name, typ string
		in        []*ir.Tensor
		shape     []int
		want      []float64
		tol       float64
	}{
		{"nv12 r_u8_single_rgb", "NV12toRGB", []*ir.Tensor{b([]int{1, 3, 2, 1}, 0x51, 0x51, 0x51, 0x51, 0x5a, 0xf0)},
			[]int{1, 2, 2, 3}, toF(u8s(0xff, 0, 0, 0xff, 0, 0, 0xff, 0, 0, 0xff, 0, 0)), 2},
		{"nv12 color_u8_single_bgr", "NV12toBGR", []*ir.Tensor{b([]int{1, 3, 2, 1}, 0x51, 0xeb, 0x51, 0xeb, 0x6d, 0xb8)},
			[]int{1, 2, 2, 3}, toF(u8s(37, 37, 164, 215, 216, 255, 37, 37, 164, 215, 216, 255)), 2},
		{"nv12 g_fp32_single_rgb", "NV12toRGB", []*ir.Tensor{f([]int{1, 3, 2, 1}, 145, 145, 145, 145, 54, 34)},
			[]int{1, 2, 2, 3}, []float64{0, 255, 0, 0, 255, 0, 0, 255, 0, 0, 255, 0}, 2},
		{"nv12 batch_fp32_two_bgr", "NV12toBGR", []*ir.Tensor{
			f([]int{3, 2, 2, 1}, 81, 81, 81, 81, 145, 145, 145, 145, 41, 41, 41, 41),
			f([]int{3, 1, 1, 2}, 90, 240, 54, 34, 240, 110)},
			[]int{3, 2, 2, 3}, []float64{0, 0, 255, 0, 0, 255, 0, 0, 255, 0, 0, 255, 0, 255, 0, 0, 255, 0,
				0, 255, 0, 0, 255, 0, 255, 0, 0, 255, 0, 0, 255, 0, 0, 255, 0, 0}, 2},
		{"nv12 color2x2_f32_two_rgb", "NV12toRGB", []*ir.Tensor{f([]int{1, 2, 2, 1}, 81, 235, 81, 235), f([]int{1, 1, 1, 2}, 109, 184)},
			[]int{1, 2, 2, 3}, []float64{164, 37, 37, 255, 216, 215, 164, 37, 37, 255, 216, 215}, 2},
		{"i420 r_u8_single_rgb", "I420toRGB", []*ir.Tensor{b([]int{1, 3, 4, 1}, 0x51, 0x51, 0x51, 0x51, 0x51, 0x51, 0x51, 0x51, 0x5a, 0x5a, 0xf0, 0xf0)},
			[]int{1, 2, 4, 3}, toF(u8s(0xff, 0, 0, 0xff, 0, 0, 0xff, 0, 0, 0xff, 0, 0, 0xff, 0, 0, 0xff, 0, 0, 0xff, 0, 0, 0xff, 0, 0)), 1},
		{"i420 color_u8_single_bgr", "I420toBGR", []*ir.Tensor{b([]int{1, 6, 2, 1}, 0x51, 0xeb, 0x51, 0xeb, 0x51, 0xeb, 0x51, 0xeb, 0x6d, 0x6d, 0xb8, 0xb8)},
			[]int{1, 4, 2, 3}, toF(u8s(37, 37, 164, 217, 216, 255, 37, 37, 164, 217, 216, 255, 37, 37, 164, 217, 216, 255, 37, 37, 164, 217, 216, 255)), 1},
		{"i420 g_fp32_single_rgb", "I420toRGB", []*ir.Tensor{f([]int{1, 3, 4, 1}, 145, 145, 145, 145, 145, 145, 145, 145, 54, 54, 34, 34)},
			[]int{1, 2, 4, 3}, []float64{0, 255, 0, 0, 255, 0, 0, 255, 0, 0, 255, 0, 0, 255, 0, 0, 255, 0, 0, 255, 0, 0, 255, 0}, 1},
		{"i420 batch_fp32_three_bgr", "I420toBGR", []*ir.Tensor{
			f([]int{3, 2, 2, 1}, 81, 81, 81, 81, 145, 145, 145, 145, 41, 41, 41, 41),
			f([]int{3, 1, 1, 1}, 90, 54, 240), f([]int{3, 1, 1, 1}, 240, 34, 110)},
			[]int{3, 2, 2, 3}, []float64{0, 0, 255, 0, 0, 255, 0, 0, 255, 0, 0, 255, 0, 255, 0, 0, 255, 0,
				0, 255, 0, 0, 255, 0, 255, 0, 0, 255, 0, 0, 255, 0, 0, 255, 0, 0}, 1},
		// numpy float32: c=Y-16, d=U-128, e=V-128; each product rounded to float32 first.
		{"i420 color4x4_f32_three_rgb exact", "I420toRGB", []*ir.Tensor{
			f([]int{1, 8, 2, 1}, 81, 235, 81, 235, 81, 81, 81, 81, 145, 145, 145, 145, 41, 41, 41, 41),
			f([]int{1, 4, 1, 1}, 109, 90, 54, 240), f([]int{1, 4, 1, 1}, 184, 240, 34, 110)},
			[]int{1, 8, 2, 3}, []float64{165.0360107421875, 37.561004638671875, 37.3180046081543, 255, 216.81700134277344, 216.57400512695312,
				165.0360107421875, 37.561004638671875, 37.3180046081543, 255, 216.81700134277344, 216.57400512695312,
				254.41200256347656, 0, 0, 254.41200256347656, 0, 0, 254.41200256347656, 0, 0, 254.41200256347656, 0, 0,
				0.1320037841796875, 255, 0.8240203857421875, 0.1320037841796875, 255, 0.8240203857421875,
				0.1320037841796875, 255, 0.8240203857421875, 0.1320037841796875, 255, 0.8240203857421875,
				0.37200164794921875, 0, 255, 0.37200164794921875, 0, 255, 0.37200164794921875, 0, 255, 0.37200164794921875, 0, 255}, 0},
		// numpy float32 and round-half-away-from-zero: 37.318→37, 37.561→38, 165.036→165, 216.574→217
		{"nv12 color_u8_single_bgr exact", "NV12toBGR", []*ir.Tensor{b([]int{1, 3, 2, 1}, 0x51, 0xeb, 0x51, 0xeb, 0x6d, 0xb8)},
			[]int{1, 2, 2, 3}, toF(u8s(37, 38, 165, 217, 217, 255, 37, 38, 165, 217, 217, 255)), 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := colorTestRun(t, c.typ, "opset8", c.in...)
			require.Equal(t, c.shape, got.Shape)
			require.Equal(t, c.in[0].Type, got.Type)
			moreNear(t, c.want, got, c.tol)
		})
	}
}

// f16 and bf16 compute in float32 and round once: the exact case above, narrowed.
func TestColorConvertHalf(t *testing.T) {
	y := []float32{81, 235, 81, 235}
	uv := []float32{109, 184}
	want := tensor(t, ir.F32, []int{1, 2, 2, 3}, make([]float32, 12))
	outs := moreRunAll(t, decodeOp(t, "NV12toRGB", "opset8"), tensor(t, ir.F32, []int{1, 2, 2, 1}, y), tensor(t, ir.F32, []int{1, 1, 1, 2}, uv))
	want.Data = outs[0].Data
	h := func(v []float32) []float16.Float16 {
		out := make([]float16.Float16, len(v))
		for i, x := range v {
			out[i] = float16.Fromfloat32(x)
		}
		return out
	}
	got := colorTestRun(t, "NV12toRGB", "opset8", tensor(t, ir.F16, []int{1, 2, 2, 1}, h(y)), tensor(t, ir.F16, []int{1, 1, 1, 2}, h(uv)))
	require.Equal(t, ir.F16, got.Type)
	require.Equal(t, h(want.Data.([]float32)), got.Data)
}

func TestColorConvertInfer(t *testing.T) {
	in := func(typ ir.ElementType, s string) Input { return Input{Type: typ, Shape: shape(t, s)} }
	cases := []struct {
		name, typ string
		in        []Input
		out, err  string
	}{
		{"nv12 single plane", "NV12toRGB", []Input{in(ir.U8, "1,720,640,1")}, "[1,480,640,3]", ""},
		{"nv12 single plane dynamic", "NV12toBGR", []Input{in(ir.F32, "?,?,?,?")}, "[?,?,?,3]", ""},
		{"nv12 single plane interval", "NV12toBGR", []Input{in(ir.F32, "1,3..12,4,1")}, "[1,2..8,4,3]", ""},
		{"nv12 dynamic rank", "NV12toRGB", []Input{in(ir.F32, "...")}, "[?,?,?,3]", ""},
		{"nv12 two planes", "NV12toRGB", []Input{in(ir.U8, "3,480,640,1"), in(ir.U8, "3,240,320,2")}, "[3,480,640,3]", ""},
		{"nv12 two planes dims from uv", "NV12toRGB", []Input{in(ir.F32, "?,?,?,1"), in(ir.F32, "2,10,20,2")}, "[2,20,40,3]", ""},
		{"i420 single plane", "I420toRGB", []Input{in(ir.U8, "1,720,640,1")}, "[1,480,640,3]", ""},
		{"i420 three planes", "I420toBGR", []Input{in(ir.F16, "1,480,640,1"), in(ir.F16, "1,240,320,1"), in(ir.F16, "1,?,320,1")}, "[1,480,640,3]", ""},
		{"nv12 rank", "NV12toRGB", []Input{in(ir.U8, "1,720,640")}, "", "Y(UV) input shall have 4 dimensions (N, H, W,C)"},
		{"i420 rank", "I420toRGB", []Input{in(ir.U8, "1,720,640")}, "", "Y(UV) input shall have 4 dimensions (N, H, W, C)"},
		{"nv12 channels", "NV12toRGB", []Input{in(ir.U8, "1,720,640,3")}, "", "YUV input number of channels should be equal to 1"},
		{"i420 channels", "I420toRGB", []Input{in(ir.U8, "1,720,640,2")}, "", "Y input number of channels should be equal to 1"},
		{"nv12 height not divisible by 3", "NV12toRGB", []Input{in(ir.U8, "1,721,640,1")}, "", "Image height shall be divisible by 3"},
		{"nv12 odd height", "NV12toRGB", []Input{in(ir.U8, "1,5,640,1"), in(ir.U8, "...")}, "", "Image height must be even"},
		{"i420 odd width", "I420toRGB", []Input{in(ir.U8, "1,720,641,1")}, "", "Image width must be even"},
		{"nv12 uv channels", "NV12toRGB", []Input{in(ir.U8, "1,480,640,1"), in(ir.U8, "1,240,320,1")}, "", "UV input number of channels should be equal to 2"},
		{"nv12 uv inconsistent", "NV12toRGB", []Input{in(ir.U8, "1,480,640,1"), in(ir.U8, "1,240,321,2")}, "", "Y shape is inconsistent with UV"},
		{"i420 u v inconsistent", "I420toRGB", []Input{in(ir.U8, "1,480,640,1"), in(ir.U8, "1,240,320,1"), in(ir.U8, "1,241,320,1")}, "", "Y shape is inconsistent with U and V"},
		{"i420 uv channels", "I420toRGB", []Input{in(ir.U8, "1,480,640,1"), in(ir.U8, "1,240,320,2"), in(ir.U8, "1,240,320,2")}, "", "U, V inputs number of channels should be equal to 1"},
		{"nv12 types", "NV12toRGB", []Input{in(ir.U8, "1,480,640,1"), in(ir.F32, "1,240,320,2")}, "", "Y, UV inputs shall have compatible types, got u8f32"},
		{"i420 types", "I420toRGB", []Input{in(ir.F32, "1,480,640,1"), in(ir.F32, "1,240,320,1"), in(ir.F16, "1,240,320,1")}, "", "Y, U, V inputs shall have compatible types, got f32f32f16"},
		{"integer type", "NV12toRGB", []Input{in(ir.I32, "1,720,640,1")}, "", "Input type shall have u8 or floating-point precision, got i32"},
		{"i420 two inputs", "I420toRGB", []Input{in(ir.U8, "1,480,640,1"), in(ir.U8, "1,240,320,1")}, "", "I420toRGB expects 1 or 3 inputs, got 2"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			outs, err := decodeOp(t, c.typ, "opset8").Infer(c.in)
			if c.err != "" {
				require.ErrorContains(t, err, c.err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, c.out, outs[0].Shape.String())
			require.Equal(t, c.in[0].Type, outs[0].Type)
		})
	}
}

// Hostile inputs: data shorter than the shapes say is an error, not a panic.
func TestColorConvertShortData(t *testing.T) {
	op := decodeOp(t, "NV12toRGB", "opset8")
	in := []Input{{Type: ir.U8, Shape: shape(t, "1,6,4,1")}}
	k, err := Prepare(op, in, ExecOptions{})
	require.NoError(t, err)
	out, err := ir.NewTensor(ir.U8, []int{1, 4, 4, 3})
	require.NoError(t, err)
	short := &ir.Tensor{Type: ir.U8, Shape: []int{1, 6, 4, 1}, Data: make([]uint8, 10)}
	require.Error(t, k.Run(t.Context(), []*ir.Tensor{short}, []*ir.Tensor{out}))
}
