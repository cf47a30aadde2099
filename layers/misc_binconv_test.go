package layers

import (
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

// miscU1 builds a u1 tensor from MSB-first packed bytes (as a .bin holds them).
func miscU1(t *testing.T, dims []int, packed ...byte) *ir.Tensor {
	t.Helper()
	x, err := ir.NewTensor(ir.U1, dims)
	require.NoError(t, err)
	d := x.Data.([]uint8)
	for i := range d {
		d[i] = packed[i/8] >> (7 - i%8) & 1
	}
	return x
}

// BinaryConvolution vectors from
// src/plugins/template/tests/functional/op_reference/binary_convolution.cpp
// (openvinotoolkit/openvino@088c9fa5).
func TestMiscBinaryConvRun(t *testing.T) {
	in4 := []float64{1, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0, 1, 1, 0, 1, 1}
	in7 := []float64{1, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 0, 0, 1, 1, 1, 1, 0, 1, 1, 0, 0, 0, 1,
		1, 1, 0, 0, 1, 0, 0, 1, 1, 1, 1, 0, 1, 1, 0, 0, 0, 1, 1, 1, 0, 1, 0, 0}
	cases := []struct {
		inD, fD              []int
		in                   []float64
		packed               []byte
		strides, pb, pe, dil string
		pad                  string
		outD                 []int
		want                 []float64
	}{
		{[]int{1, 1, 4, 4}, []int{1, 1, 3, 3}, in4, []byte{0xAA, 0x80}, "1,1", "0,0", "0,0", "1,1", "0", []int{1, 1, 2, 2}, []float64{1, 1, 3, -1}},
		{[]int{1, 1, 4, 4}, []int{1, 1, 3, 3}, in4, []byte{0xAA, 0x80}, "1,1", "1,1", "1,1", "1,1", "0", []int{1, 1, 4, 4},
			[]float64{1, -3, -1, 1, -3, 1, 1, -5, -3, 3, -1, 1, 1, -5, 1, -3}},
		{[]int{1, 1, 4, 4}, []int{1, 1, 3, 3}, in4, []byte{0xAA, 0x80}, "1,1", "1,1", "1,1", "1,1", "1", []int{1, 1, 4, 4},
			[]float64{3, -1, 1, 3, -1, 1, 1, -3, -1, 3, -1, 3, 3, -3, 3, -1}},
		{[]int{1, 1, 5, 5}, []int{1, 1, 3, 3}, []float64{0, 1, 1, 0, 1, 1, 1, 0, 1, 0, 0, 0, 1, 0, 1, 1, 1, 0, 1, 0, 0, 0, 1, 1, 1},
			[]byte{0x2E, 0x00}, "2,2", "0,0", "0,0", "1,1", "0", []int{1, 1, 2, 2}, []float64{-1, 3, 1, 1}},
		{[]int{1, 1, 7, 7}, []int{1, 1, 3, 3}, in7, []byte{0x6B, 0x00}, "1,1", "0,0", "0,0", "2,2", "0", []int{1, 1, 3, 3},
			[]float64{-5, -3, -5, 5, 1, 3, -1, -1, 3}},
		{[]int{1, 1, 7, 7}, []int{1, 1, 3, 3}, in7, []byte{0x6B, 0x00}, "2,2", "2,2", "2,2", "2,2", "0", []int{1, 1, 4, 4},
			[]float64{1, 1, -1, 1, 1, -5, -5, 5, 3, -1, 3, 3, -1, -1, 3, -3}},
		{[]int{1, 1, 7, 7}, []int{1, 1, 3, 3}, in7, []byte{0x6B, 0x00}, "2,2", "2,2", "2,2", "2,2", "1", []int{1, 1, 4, 4},
			[]float64{3, 3, 1, -1, -1, -5, -5, 3, 1, -1, 3, 1, -3, 1, 5, -1}},
		{[]int{1, 2, 4, 4}, []int{1, 2, 3, 3}, append(append([]float64{}, in4...), 0, 1, 1, 0, 0, 0, 1, 1, 1, 1, 1, 0, 0, 1, 0, 0),
			[]byte{0xAA, 0xAA, 0x80}, "1,1", "0,0", "0,0", "1,1", "0", []int{1, 1, 2, 2}, []float64{2, 2, 6, -2}},
		{[]int{2, 1, 4, 4}, []int{1, 1, 3, 3}, append(append([]float64{}, in4...), 0, 0, 0, 0, 1, 1, 1, 0, 1, 1, 0, 1, 1, 0, 1, 0),
			[]byte{0xAA, 0x80}, "1,1", "0,0", "0,0", "1,1", "0", []int{2, 1, 2, 2}, []float64{1, 1, 3, -1, -3, 3, 5, -7}},
	}
	for i, c := range cases {
		for _, typ := range []ir.ElementType{ir.F32, ir.F16, ir.BF16, ir.F64, ir.I64, ir.I32, ir.I8} {
			op := decodeOp(t, "BinaryConvolution", "opset1", "strides", c.strides, "pads_begin", c.pb, "pads_end", c.pe, "dilations", c.dil,
				"mode", "xnor-popcount", "pad_value", c.pad)
			got := moreRunAll(t, op, moreTyped(t, typ, c.inD, c.in...), miscU1(t, c.fD, c.packed...))
			require.Equal(t, c.outD, got[0].Shape, "case %d", i)
			require.Equal(t, c.want, moreFloats(t, got[0]), "case %d %s", i, typ)
		}
	}
}

// Hand-computed: two output channels read consecutive bits (filter 1 starts at bit C*KH*KW);
// values other than 0 and 1 match no bit; a pad value of 0.5 matches nothing either.
func TestMiscBinaryConvHand(t *testing.T) {
	op := decodeOp(t, "BinaryConvolution", "opset1", "strides", "1,1", "pads_begin", "0,0", "pads_end", "0,0", "dilations", "1,1",
		"mode", "xnor-popcount", "pad_value", "0")
	// 1x1 kernels, C=2, OC=2: bits 1,0 | 0,1.
	got := moreRunAll(t, op, moreTyped(t, ir.F32, []int{1, 2, 1, 2}, 1, 0.5, 0, 1), miscU1(t, []int{2, 2, 1, 1}, 0x90))
	// position 0: c0=1, c1=0; position 1: c0=0.5, c1=1.
	// filter 0 (1,0): pos0 both match: 1+1=2; pos1: 0.5 no (-1), 1 vs 0 no (-1): -2.
	// filter 1 (0,1): pos0: 1 vs 0 no, 0 vs 1 no: -2; pos1: 0.5 no, 1 vs 1 yes: 0.
	require.Equal(t, []float64{2, -2, -2, 0}, moreFloats(t, got[0]))
	op = decodeOp(t, "BinaryConvolution", "opset1", "strides", "1,1", "pads_begin", "1,1", "pads_end", "0,0", "dilations", "1,1",
		"mode", "xnor-popcount", "pad_value", "0.5")
	got = moreRunAll(t, op, moreTyped(t, ir.F32, []int{1, 1, 1, 1}, 1), miscU1(t, []int{1, 1, 2, 2}, 0xF0))
	// One output: three taps in the padding (no match, -1 each), the input 1 matches bit 1.
	require.Equal(t, []float64{-2}, moreFloats(t, got[0]))
	// Hostile: filter tensor of the wrong type at run time.
	in := []Input{moreIn(t, ir.F32, "1,1,1,1"), moreIn(t, ir.U1, "1,1,2,2")}
	k, err := Prepare(op, in, ExecOptions{Reference: true})
	require.NoError(t, err)
	out, _ := ir.NewTensor(ir.F32, []int{1, 1, 1, 1})
	require.Error(t, k.Run(t.Context(), []*ir.Tensor{moreF32(t, []int{1, 1, 1, 1}, 1), moreF32(t, []int{4}, 1, 1, 1, 1)}, []*ir.Tensor{out}))
	require.Error(t, k.Run(t.Context(), []*ir.Tensor{moreF32(t, []int{1, 1, 1, 1}, 1), miscU1(t, []int{1, 1, 1, 1}, 0x80)}, []*ir.Tensor{out}))
}

// Shapes and messages after src/core/tests/type_prop/binary_convolution.cpp.
func TestMiscBinaryConvInfer(t *testing.T) {
	f := ir.F32
	cases := []seqInferCase{
		{"BinaryConvolution", "opset1", []string{"strides", "1,1", "pads_begin", "1,1", "pads_end", "1,1", "dilations", "1,1", "mode", "xnor-popcount"},
			[]Input{seqIn(t, f, "[1,1,5,5]"), seqIn(t, ir.U1, "[1,1,3,3]")}, []string{"[1,1,5,5]"}, ""},
	}
	seqRunInfer(t, cases)
}
