package layers

import (
	"math"
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

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
		{"scale shift mismatch", nil, []Input{f("2,3,4"), f("1,3,1"), f("1,4,1")}, nil, nil, "FakeConvert scale shape is not compatible with shift shape. (scale [1,3,1], shift [1,4,1])"},
		{"inconsistent", nil, []Input{f("2,3,4"), f("5,1")}, nil, nil, "Argument shapes are inconsistent."},
		{"bidirectional", nil, []Input{f("2,1,4"), f("1,3,1")}, nil, nil, "FakeConvert support only unidirectional broadcasting"},
	})
}

// FakeConvert values, scale 1, no shift. Hand-computed from the f8 formats (f8e4m3: 3
// mantissa bits, max 448, smallest subnormal 2^-9; f8e5m2: 2 mantissa bits, max 57344) and
// the reference's rules: round to nearest even, saturation, f8e4m3 flushing below 2^-9 and
// mapping NaN/Inf to ±448, f8e5m2 keeping NaN and saturating Inf. The f8e4m3 cases marked
// ort are onnxruntime/test/framework/float_8_test.cc's CastE4M3FN pairs (same rounding;
// its 0.001171875 -> 2^-9 pair is left out: OpenVINO flushes values below 2^-9 to 0; and
// see the 0.0029296875 case).
func TestMiscFakeConvertValues(t *testing.T) {
	inf, nan := math.Inf(1), math.NaN()
	cases := []struct {
		dest     string
		in, want []float64
	}{
		{"f8e4m3", []float64{0.3, 448, 500, 1000, -1000, inf, -inf, 0.001, 0.001953125, 1.0625, 1.1875, 0.005859375, -0.3, 0},
			[]float64{0.3125, 448, 448, 448, -448, 448, -448, 0, 0.001953125, 1, 1.25, 0.005859375, -0.3125, 0}},
		// ort
		{"f8e4m3", []float64{0.00439453125, 0.005859375, 0.005759375, 0.0046875, 0.001953125, 0.002053125, 0.00234375, 0.0087890625, 1.8131605},
			[]float64{0.00390625, 0.005859375, 0.005859375, 0.00390625, 0.001953125, 0.001953125, 0.001953125, 0.0078125, 1.875}},
		// ort's 0.0029296875 (1.5 * 2^-9) -> 2^-8 pair differs: the reference rounds at normal
		// precision before shifting a subnormal, so this tie truncates to 2^-9.
		{"f8e4m3", []float64{0.0029296875}, []float64{0.001953125}},
		{"f8e5m2", []float64{0.3, 60000, 65504, 1e6, -1e6, inf, 1.125, 1.375, -0.3, 0},
			[]float64{0.3125, 57344, 57344, 57344, -57344, 57344, 1, 1.5, -0.3125, 0}},
	}
	for _, c := range cases {
		for _, typ := range []ir.ElementType{ir.F32, ir.F16, ir.BF16} {
			op := decodeOp(t, "FakeConvert", "opset13", "destination_type", c.dest)
			in := c.in
			if typ != ir.F32 {
				in = nil
				for _, v := range c.in {
					if v == 60000 || v == 65504 || v == 1e6 || v == -1e6 || math.Abs(v) < 0.01 && v != 0 {
						continue
					}
					in = append(in, v)
				}
				if typ == ir.BF16 && c.dest == "f8e4m3" {
					continue // the cases above are not bf16 values
				}
			}
			got := moreRunAll(t, op, moreTyped(t, typ, []int{len(in)}, in...), moreTyped(t, typ, nil, 1))
			g := moreFloats(t, got[0])
			k := 0
			for i, v := range c.in {
				if k >= len(in) || in[k] != v {
					continue
				}
				require.Equal(t, c.want[i], g[k], "%s %s input %g", c.dest, typ, v)
				k++
			}
		}
	}
	// NaN: f8e4m3 saturates it to 448, f8e5m2 keeps it.
	for dest, want := range map[string]float64{"f8e4m3": 448} {
		op := decodeOp(t, "FakeConvert", "opset13", "destination_type", dest)
		got := moreRunAll(t, op, moreTyped(t, ir.F32, []int{1}, nan), moreTyped(t, ir.F32, nil, 1))
		require.Equal(t, want, moreFloats(t, got[0])[0])
	}
	op := decodeOp(t, "FakeConvert", "opset13", "destination_type", "f8e5m2")
	got := moreRunAll(t, op, moreTyped(t, ir.F32, []int{1}, nan), moreTyped(t, ir.F32, nil, 1))
	require.True(t, math.IsNaN(moreFloats(t, got[0])[0]))
}

// Scale and shift: x*scale - shift is converted, then (y + shift)/scale, each in float32;
// per-channel scales broadcast over the data.
func TestMiscFakeConvertScaleShift(t *testing.T) {
	op := decodeOp(t, "FakeConvert", "opset13", "destination_type", "f8e4m3")
	got := moreRunAll(t, op, moreF32(t, []int{1}, 2), moreF32(t, []int{1}, 0.5), moreF32(t, []int{1}, 0.1))
	// 2*0.5-0.1 = 0.9 -> f8e4m3 0.875 -> (0.875+0.1)/0.5
	require.Equal(t, []float32{(float32(0.875) + float32(0.1)) / float32(0.5)}, got[0].Data)
	// data [1,2,2], scale [1,2,1] = (1, 4): channel 1 is scaled up before rounding.
	got = moreRunAll(t, op, moreF32(t, []int{1, 2, 2}, 0.3, 0.3, 0.3, 0.3), moreF32(t, []int{1, 2, 1}, 1, 4))
	// 0.3 -> 0.3125; 1.2 -> 1.25 -> 0.3125 as well; use 0.35*4 = 1.4 -> 1.375 -> 0.34375 below.
	require.Equal(t, []float32{0.3125, 0.3125, 0.3125, 0.3125}, got[0].Data)
	got = moreRunAll(t, op, moreF32(t, []int{2, 2}, 0.35, 0.35, 0.35, 0.35), moreF32(t, []int{2, 1}, 1, 4), moreF32(t, []int{2, 1}, 0, 0))
	require.Equal(t, []float32{0.34375, 0.34375, 0.34375, 0.34375}, got[0].Data)
	got = moreRunAll(t, op, moreF32(t, []int{1, 3}, 0.35, 0.35, 0.35), moreF32(t, []int{3}, 1, 4, 1000))
	// 0.35 -> 0.34375 (spacing 1/32); 1.4 -> 1.375; 350 -> 352 (spacing 32).
	require.Equal(t, []float32{0.34375, 1.375 / 4, 352.0 / 1000}, got[0].Data)
	// Hostile: scale tensor of the wrong length at run time.
	in := []Input{moreIn(t, ir.F32, "2,3"), moreIn(t, ir.F32, "3")}
	k, err := Prepare(op, in, ExecOptions{})
	require.NoError(t, err)
	out, _ := ir.NewTensor(ir.F32, []int{2, 3})
	require.Error(t, k.Run(t.Context(), []*ir.Tensor{moreF32(t, []int{6}, 1, 2, 3, 4, 5, 6), moreF32(t, []int{2}, 1, 1)}, []*ir.Tensor{out}))
}
