package layers

import (
	"math"
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

func miscFill(n int, v float64) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = v
	}
	return out
}

// DeformableConvolution values. Cases marked "ov" are transcribed from
// src/plugins/template/tests/functional/op_reference/deformable_convolution.cpp
// (openvinotoolkit/openvino@0d1b5360); the others are computed by hand from
// reference/deformable_convolution.hpp.
func TestMiscDeformConvRun(t *testing.T) {
	mask := []float64{0.64, 0.18, 0.23, 0.74, 0.89, 0.70, 0.13, 0.99, 0.48, 0.20, 0.67,
		0.88, 0.17, 0.19, 0.53, 0.22, 0.50, 0.07, 0.21, 0.99, 0.09, 0.28,
		0.66, 0.91, 0.28, 0.89, 0.91, 0.39, 0.70, 0.67, 0.26, 0.09}
	filt16 := []float64{1, 2, 3, 4, 5, 6, 7, 8, -1, -2, -3, -4, -5, -6, -7, -8}
	type tc struct {
		name                       string
		opset                      string
		attrs                      []string
		dataD, offD, filtD, maskD  []int
		data, off, filt, msk, want []float64
		outD                       []int
		tol                        float64 // relative
		ints                       bool    // also run on integer types
	}
	cases := []tc{
		{name: "ov zero offsets", opset: "opset1", attrs: []string{"strides", "1,1", "pads_begin", "0,0", "pads_end", "0,0", "dilations", "1,1"},
			dataD: []int{1, 1, 4, 4}, offD: []int{1, 8, 3, 3}, filtD: []int{1, 1, 2, 2},
			data: moreIota64(16, 1), off: miscFill(72, 0), filt: []float64{1, 2, -1, -2},
			want: miscFill(9, -12), outD: []int{1, 1, 3, 3}, ints: true},
		{name: "ov integral_offsets_stride", opset: "opset1", attrs: []string{"strides", "2,2", "pads_begin", "0,0", "pads_end", "0,0", "dilations", "1,1"},
			dataD: []int{1, 1, 5, 5}, offD: []int{1, 18, 2, 2}, filtD: []int{1, 1, 3, 3},
			data: []float64{1, 3, 5, 7, 9, 7, 5, 3, 1, 0, 2, 4, 6, 8, 10, 8, 6, 4, 2, 0, 2, 4, 6, 8, 10},
			off: []float64{0, 2, 1, 0, 0, 2, 1, 0, 0, 2, 1, 0, 0, 2, 1, 0, 0, 2, 1, 0, 0, 2, 1, 0,
				0, 2, 1, 0, 0, 2, 1, 0, 0, 2, 1, 0, 0, 2, 1, 0, 0, 2, 1, 0, 0, 2, 1, 0,
				0, 2, 1, 0, 0, 2, 1, 0, 0, 2, 1, 0, 0, 2, 1, 0, 0, 2, 1, 0, 0, 2, 1, 0},
			filt: []float64{1, 2, 3, 1, 1, 1, 3, 2, 1}, want: []float64{57, 40, 38, 102}, outD: []int{1, 1, 2, 2}, ints: true},
		{name: "ov v8_zeroed_offset_default_mask", opset: "opset8", attrs: []string{"strides", "1,1", "pads_begin", "0,0", "pads_end", "0,0", "dilations", "1,1", "bilinear_interpolation_pad", "true"},
			dataD: []int{1, 1, 4, 4}, offD: []int{1, 8, 3, 3}, filtD: []int{1, 1, 2, 2}, maskD: []int{1, 4, 3, 3},
			data: moreIota64(16, 1), off: miscFill(72, 0), filt: []float64{1, 2, -1, -2}, msk: miscFill(36, 0.5),
			want: miscFill(9, -6), outD: []int{1, 1, 3, 3}},
		{name: "ov v8_real_offset_groups_deforgroups_mask", opset: "opset8",
			attrs: []string{"strides", "1,1", "pads_begin", "0,0", "pads_end", "0,0", "dilations", "1,1", "group", "2", "deformable_group", "2", "bilinear_interpolation_pad", "true"},
			dataD: []int{1, 4, 3, 3}, offD: []int{1, 16, 2, 2}, filtD: []int{2, 2, 2, 2}, maskD: []int{1, 8, 2, 2},
			data: moreIota64(36, 1), off: miscFill(64, 1.1), filt: filt16, msk: mask,
			want: []float64{220.15443, 38.199608, 32.643005, 59.340614, -419.0005, -252.08015, -182.44444, -165.99335}, outD: []int{1, 2, 2, 2}, tol: 1e-6},
		{name: "ov v8_real_offset_groups_deforgroups_mask_2", opset: "opset8",
			attrs: []string{"strides", "1,1", "pads_begin", "0,0", "pads_end", "0,0", "dilations", "1,1", "group", "1", "deformable_group", "2", "bilinear_interpolation_pad", "true"},
			dataD: []int{1, 2, 3, 3}, offD: []int{1, 16, 2, 2}, filtD: []int{2, 2, 2, 2}, maskD: []int{1, 8, 2, 2},
			data: moreIota64(18, 1), off: miscFill(64, 1.1), filt: filt16, msk: mask,
			want: []float64{184.25163, 101.04752, 77.46842, 77.56562, -184.25163, -101.04752, -77.46842, -77.56562}, outD: []int{1, 2, 2, 2}, tol: 1e-6},
		{name: "ov v8_neg_offset_groups_deforgroups_mask", opset: "opset8",
			attrs: []string{"strides", "1,1", "pads_begin", "0,0", "pads_end", "0,0", "dilations", "1,1", "group", "1", "deformable_group", "2", "bilinear_interpolation_pad", "true"},
			dataD: []int{1, 2, 3, 3}, offD: []int{1, 16, 2, 2}, filtD: []int{2, 2, 2, 2}, maskD: []int{1, 8, 2, 2},
			data: moreIota64(18, 1), off: miscFill(64, -1.1), filt: filt16, msk: mask,
			want: []float64{45.910797, 104.8302, 63.12059, 151.47789, -45.910797, -104.8302, -63.12059, -151.47789}, outD: []int{1, 2, 2, 2}, tol: 1e-6},
		// Hand-computed: a 1x1 filter sampling [[1,2],[3,4]] at (y+0.5, x+0.5). Without
		// bilinear_interpolation_pad the far corners clamp to the border; with it they read 0.
		{name: "half-pixel clamp", opset: "opset8", attrs: []string{"strides", "1,1", "pads_begin", "0,0", "pads_end", "0,0", "dilations", "1,1"},
			dataD: []int{1, 1, 2, 2}, offD: []int{1, 2, 2, 2}, filtD: []int{1, 1, 1, 1},
			data: []float64{1, 2, 3, 4}, off: miscFill(8, 0.5), filt: []float64{1}, want: []float64{2.5, 3, 3.5, 4}, outD: []int{1, 1, 2, 2}},
		{name: "half-pixel zero pad", opset: "opset8", attrs: []string{"strides", "1,1", "pads_begin", "0,0", "pads_end", "0,0", "dilations", "1,1", "bilinear_interpolation_pad", "true"},
			dataD: []int{1, 1, 2, 2}, offD: []int{1, 2, 2, 2}, filtD: []int{1, 1, 1, 1},
			data: []float64{1, 2, 3, 4}, off: miscFill(8, 0.5), filt: []float64{1}, want: []float64{2.5, 1.5, 1.75, 1}, outD: []int{1, 1, 2, 2}},
		// (-0.5, -0.5): skipped without the pad flag; with it only the (0, 0) corner counts, 1/4.
		{name: "negative half-pixel", opset: "opset8", attrs: []string{"strides", "1,1", "pads_begin", "0,0", "pads_end", "0,0", "dilations", "1,1", "bilinear_interpolation_pad", "true"},
			dataD: []int{1, 1, 1, 1}, offD: []int{1, 2, 1, 1}, filtD: []int{1, 1, 1, 1},
			data: []float64{1}, off: []float64{-0.5, -0.5}, filt: []float64{2}, want: []float64{0.5}, outD: []int{1, 1, 1, 1}},
		{name: "negative half-pixel no pad", opset: "opset8", attrs: []string{"strides", "1,1", "pads_begin", "0,0", "pads_end", "0,0", "dilations", "1,1"},
			dataD: []int{1, 1, 1, 1}, offD: []int{1, 2, 1, 1}, filtD: []int{1, 1, 1, 1},
			data: []float64{1}, off: []float64{-0.5, -0.5}, filt: []float64{2}, want: []float64{0}, outD: []int{1, 1, 1, 1}},
	}
	for _, c := range cases {
		types := []ir.ElementType{ir.F32, ir.F64, ir.F16, ir.BF16}
		if c.ints {
			types = append(types, ir.I8, ir.I16, ir.I32, ir.I64, ir.U8, ir.U32, ir.U64)
		}
		for _, typ := range types {
			op := decodeOp(t, "DeformableConvolution", c.opset, c.attrs...)
			in := []*ir.Tensor{moreTyped(t, typ, c.dataD, c.data...), moreTyped(t, typ, c.offD, c.off...), moreTyped(t, typ, c.filtD, c.filt...)}
			if c.maskD != nil {
				in = append(in, moreTyped(t, typ, c.maskD, c.msk...))
			}
			if typ == ir.U8 || typ == ir.U32 || typ == ir.U64 {
				// unsigned data cannot hold the negative weights; covered by the signed types.
				neg := false
				for _, v := range append(append([]float64{}, c.filt...), c.want...) {
					neg = neg || v < 0
				}
				if neg {
					continue
				}
			}
			got := moreRunAll(t, op, in...)
			require.Equal(t, c.outD, got[0].Shape, c.name)
			g := moreFloats(t, got[0])
			for i, w := range c.want {
				tol := c.tol * max(1, math.Abs(w))
				switch typ {
				case ir.F16:
					tol = max(tol, 2e-3*max(1, math.Abs(w))) // f16 inputs (1.1, mask) are rounded
				case ir.BF16:
					tol = max(tol, 2e-2*max(1, math.Abs(w)))
				}
				require.InDelta(t, w, g[i], tol, "%s %s element %d", c.name, typ, i)
			}
		}
	}
}

// Hostile inputs: kernels refuse tensors whose lengths do not match the prepared shapes.
func TestMiscDeformConvHostile(t *testing.T) {
	op := decodeOp(t, "DeformableConvolution", "opset8", "strides", "1,1", "pads_begin", "0,0", "pads_end", "0,0", "dilations", "1,1")
	inputs := []Input{moreIn(t, ir.F32, "1,1,2,2"), moreIn(t, ir.F32, "1,2,2,2"), moreIn(t, ir.F32, "1,1,1,1")}
	k, err := Prepare(op, inputs, ExecOptions{Reference: true})
	require.NoError(t, err)
	out, _ := ir.NewTensor(ir.F32, []int{1, 1, 2, 2})
	short := moreF32(t, []int{1}, 1)
	err = k.Run(t.Context(), []*ir.Tensor{short, short, short}, []*ir.Tensor{out})
	require.Error(t, err)
	// NaN and huge offsets are skipped, as points outside the input.
	for _, pad := range []string{"false", "true"} {
		op := decodeOp(t, "DeformableConvolution", "opset8", "strides", "1,1", "pads_begin", "0,0", "pads_end", "0,0", "dilations", "1,1", "bilinear_interpolation_pad", pad)
		got := moreRunAll(t, op, moreF32(t, []int{1, 1, 1, 1}, 3), moreF32(t, []int{1, 2, 1, 1}, float32(nanF64()), 1e30), moreF32(t, []int{1, 1, 1, 1}, 1))
		require.Equal(t, []float64{0}, moreFloats(t, got[0]))
	}
	// A mask of another type is unsupported, not wrong.
	_, err = Prepare(op, append(inputs, moreIn(t, ir.F16, "1,1,2,2")), ExecOptions{Reference: true})
	requireUnsupported(t, err)
}

// Shapes and messages after src/core/tests/type_prop/deformable_convolution.cpp.
func TestMiscDeformConvInfer(t *testing.T) {
	f := ir.F32
	cases := []seqInferCase{
		{"DeformableConvolution", "opset1", []string{"strides", "1,1", "pads_begin", "0,0", "pads_end", "0,0", "dilations", "1,1"},
			[]Input{seqIn(t, f, "[1,4,5,5]"), seqIn(t, f, "[1,18,3,3]"), seqIn(t, f, "[4,4,3,3]")}, []string{"[1,4,3,3]"}, ""},
		{"DeformableConvolution", "opset8", []string{"strides", "1,1", "pads_begin", "0,0", "pads_end", "0,0", "dilations", "1,1", "group", "2", "deformable_group", "2"},
			[]Input{seqIn(t, f, "[1,4,5,5]"), seqIn(t, f, "[1,36,3,3]"), seqIn(t, f, "[4,2,3,3]"), seqIn(t, f, "[1,18,3,3]")}, []string{"[1,4,3,3]"}, ""},
		{"DeformableConvolution", "opset8", []string{"strides", "1,1", "pads_begin", "0,0", "pads_end", "0,0", "dilations", "1,1"},
			[]Input{seqIn(t, f, "[1,4,5,5]"), seqIn(t, f, "[1,17,3,3]"), seqIn(t, f, "[4,4,3,3]")}, nil,
			"The channels dimension of offsets input is not compatible with filters and 'deformable group' attribute."},
	}
	seqRunInfer(t, cases)
}
