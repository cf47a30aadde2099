package layers

import (
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

// PriorBox-1/-8 shapes and messages: src/core/tests/type_prop/prior_box.cpp (attrs
// min_size {2,3}, aspect_ratio {1.5,2,2.5}, scale_all_sizes false: 5 priors, 8 with flip).
func TestMorePriorBoxInfer(t *testing.T) {
	base := []string{"min_size", "2,3", "aspect_ratio", "1.5,2.0,2.5", "scale_all_sizes", "false"}
	flip := append([]string{"flip", "true"}, base...)
	u64 := func(s string) Input { return moreIn(t, ir.U64, s) }
	cases := []struct {
		name     string
		attrs    []string
		out, img Input
		want     string
		err      string
	}{
		{"simple_inference", base, moreConst(tensor(t, ir.I8, []int{2}, []int8{2, 5})), moreConst(tensor(t, ir.I8, []int{2}, []int8{100, 100})), "[2,200]", ""},
		{"inputs_dynamic_rank", base, moreIn(t, ir.I64, "..."), moreIn(t, ir.I64, "..."), "[2,?]", ""},
		{"output_size_dynamic_dims", base, moreIn(t, ir.U32, "?"), moreConst(tensor(t, ir.U32, []int{2}, []uint32{300, 300})), "[2,?]", ""},
		{"image_size_dynamic_rank", base, moreConst(tensor(t, ir.U8, []int{2}, []uint8{32, 32})), moreIn(t, ir.U8, "..."), "[2,20480]", ""},
		{"image_size_dynamic_dim flip", flip, moreConst(tensor(t, ir.U16, []int{2}, []uint16{32, 32})), moreIn(t, ir.U16, "?"), "[2,32768]", ""},
		{"inputs_are_interval_shapes", base, u64("0..10"), u64("1..5"), "[2,?]", ""},
		{"preserve_values (ShapeOf [6,8])", base, Input{Type: ir.I16, Shape: shape(t, "2"), Bounds: &Bounds{Lo: []int64{6, 8}, Hi: []int64{6, 8}}},
			moreConst(tensor(t, ir.I16, []int{2}, []int16{300, 300})), "[2,960]", ""},
		{"preserve_partial_values", base, Input{Type: ir.U64, Shape: shape(t, "2"), Bounds: &Bounds{Lo: []int64{1, 5}, Hi: []int64{4, 10}}},
			moreConst(tensor(t, ir.U64, []int{2}, []uint64{300, 300})), "[2,100..800]", ""},
		{"preserve_partial_values_inf_bound", base, Input{Type: ir.U64, Shape: shape(t, "2"), Bounds: &Bounds{Lo: []int64{1, 5}, Hi: []int64{4, ir.Inf}}},
			moreConst(tensor(t, ir.U64, []int{2}, []uint64{300, 300})), "[2,100..]", ""},
		// prior_box1..3 of the older type_prop file.
		{"prior_box3", []string{"min_size", "256", "max_size", "315", "aspect_ratio", "2", "flip", "true"},
			moreConst(i64Tensor(t, 1, 1)), moreConst(i64Tensor(t, 300, 300)), "[2,16]", ""},
		{"out_size_input_not_integer", base, moreIn(t, ir.F16, "2"), moreIn(t, ir.I16, "2"), "", "output size input must be an integral number"},
		{"img_size_input_not_integer", base, moreIn(t, ir.I16, "2"), moreIn(t, ir.BF16, "2"), "", "image input must be an integral number"},
		{"ranks_not_compatible", base, u64("2"), u64("2,1"), "", "output size input rank 1 must match image shape input rank 2"},
		{"same_rank_not_1d", base, u64("2,1"), u64("2,1"), "", "output size input rank 2 must match image shape input rank 2 and both must be 1-D"},
		{"out_size_not_two_elements", base, Input{Type: ir.U64, Shape: shape(t, "3"), Bounds: &Bounds{Lo: []int64{5, 5, 5}, Hi: []int64{5, 5, 5}}},
			u64("..."), "", "Output size must have two elements"},
	}
	for _, opset := range []string{"opset1", "opset8"} {
		for _, c := range cases {
			t.Run(opset+"/"+c.name, func(t *testing.T) {
				op := decodeOp(t, "PriorBox", opset, c.attrs...)
				outs, err := op.Infer([]Input{c.out, c.img})
				if c.err != "" {
					require.ErrorContains(t, err, c.err)
					return
				}
				require.NoError(t, err)
				require.Equal(t, c.want, outs[0].Shape.String())
				require.Equal(t, ir.F32, outs[0].Type)
			})
		}
	}
}

// PriorBox values: src/plugins/template/tests/functional/op_reference/prior_box.cpp.
func TestMorePriorBoxRun(t *testing.T) {
	v0 := []float64{-0.75, -0.75, 1.25, 1.25, -0.974745, -0.566497, 1.47474, 1.0665,
		-0.25, -0.75, 1.75, 1.25, -0.474745, -0.566497, 1.97474, 1.0665,
		-0.75, -0.25, 1.25, 1.75, -0.974745, -0.0664966, 1.47474, 1.5665,
		-0.25, -0.25, 1.75, 1.75, -0.474745, -0.0664966, 1.97474, 1.5665}
	v8 := []float64{
		0.15, 0.15, 0.35, 0.35, 0.127526, 0.16835, 0.372474, 0.33165, 0.0918861, 0.0918861, 0.408114, 0.408114,
		0.65, 0.15, 0.85, 0.35, 0.627526, 0.16835, 0.872474, 0.33165, 0.591886, 0.0918861, 0.908114, 0.408114,
		0.15, 0.65, 0.35, 0.85, 0.127526, 0.66835, 0.372474, 0.83165, 0.0918861, 0.591886, 0.408114, 0.908114,
		0.65, 0.65, 0.85, 0.85, 0.627526, 0.66835, 0.872474, 0.83165, 0.591886, 0.591886, 0.908114, 0.908114}
	withVar := func(boxes []float64) []float64 {
		out := append([]float64{}, boxes...)
		for range boxes {
			out = append(out, 0.1)
		}
		return out
	}
	cases := []struct {
		opset string
		attrs []string
		want  []float64
	}{
		{"opset1", []string{"min_size", "2", "aspect_ratio", "1.5", "scale_all_sizes", "false"}, withVar(v0)},
		{"opset8", []string{"min_size", "2", "max_size", "5", "aspect_ratio", "1.5", "scale_all_sizes", "true", "min_max_aspect_ratios_order", "false"}, withVar(v8)},
	}
	for _, c := range cases {
		op := decodeOp(t, "PriorBox", c.opset, c.attrs...)
		for _, in := range [][2]*ir.Tensor{
			{i64Tensor(t, 2, 2), i64Tensor(t, 10, 10)},
			{moreI32(t, []int{2}, 2, 2), moreI32(t, []int{2}, 10, 10)},
			{tensor(t, ir.U8, []int{2}, []uint8{2, 2}), tensor(t, ir.U8, []int{2}, []uint8{10, 10})},
			{tensor(t, ir.U64, []int{2}, []uint64{2, 2}), tensor(t, ir.U64, []int{2}, []uint64{10, 10})},
		} {
			got := moreRunAll(t, op, in[0], in[1])
			require.Equal(t, []int{2, len(c.want) / 2}, got[0].Shape)
			moreNear(t, c.want, got[0], 1e-5, c.opset, in[0].Type)
		}
	}
}

// Hand-computed: variance of 4 values, clip, min_max_aspect_ratios_order true (max box
// before the ratio boxes), and PriorBox-1 ignoring min_max_aspect_ratios_order.
func TestMorePriorBoxOrderClipVariance(t *testing.T) {
	attrs := []string{"min_size", "4", "max_size", "9", "aspect_ratio", "4", "clip", "true", "variance", "0.1,0.2,0.3,0.4", "step", "8", "offset", "0.5",
		"min_max_aspect_ratios_order", "false"}
	// One cell of an 8x8 image: centre (4,4); boxes: 4x4, ratio 4 -> 8x2, sqrt(36)=6 -> 6x6.
	ratioFirst := []float64{0.25, 0.25, 0.75, 0.75, 0, 0.375, 1, 0.625, 0.125, 0.125, 0.875, 0.875}
	maxFirst := []float64{0.25, 0.25, 0.75, 0.75, 0.125, 0.125, 0.875, 0.875, 0, 0.375, 1, 0.625}
	vars := []float64{0.1, 0.2, 0.3, 0.4, 0.1, 0.2, 0.3, 0.4, 0.1, 0.2, 0.3, 0.4}
	got := moreRunAll(t, decodeOp(t, "PriorBox", "opset8", attrs...), i64Tensor(t, 1, 1), i64Tensor(t, 8, 8))
	moreNear(t, append(ratioFirst, vars...), got[0], 1e-6)
	got = moreRunAll(t, decodeOp(t, "PriorBox", "opset1", attrs...), i64Tensor(t, 1, 1), i64Tensor(t, 8, 8))
	moreNear(t, append(maxFirst, vars...), got[0], 1e-6)
}

// Attributes whose boxes do not match number_of_priors make OpenVINO's reference write out
// of bounds; irrun reports an error.
func TestMorePriorBoxMismatch(t *testing.T) {
	op := decodeOp(t, "PriorBox", "opset8", "min_size", "4", "fixed_size", "4", "density", "1")
	_, err := moreRunAllErr(op, i64Tensor(t, 1, 1), i64Tensor(t, 8, 8))
	require.ErrorContains(t, err, "number_of_priors")
	op = decodeOp(t, "PriorBox", "opset8", "fixed_size", "4,8", "density", "1", "fixed_ratio", "1")
	_, err = moreRunAllErr(op, i64Tensor(t, 1, 1), i64Tensor(t, 8, 8))
	require.ErrorContains(t, err, "densities")
	_, err = moreRunAllErr(decodeOp(t, "PriorBox", "opset8", "min_size", "4", "variance", "1,2"), i64Tensor(t, 1, 1), i64Tensor(t, 8, 8))
	require.ErrorContains(t, err, "variance")
}

// Hand-computed: fixed_size 4 with density 2 on one cell of an 8x8 image (step 0: centre 4,
// shift 2): four 4x4 boxes centred at 3 and 5.
func TestMorePriorBoxDensity(t *testing.T) {
	op := decodeOp(t, "PriorBox", "opset8", "fixed_size", "4", "density", "2")
	out := moreInfer(t, op, moreConst(i64Tensor(t, 1, 1)), moreConst(i64Tensor(t, 8, 8)))
	require.Equal(t, "[2,16]", out.Shape.String())
	got := moreRunAll(t, op, i64Tensor(t, 1, 1), i64Tensor(t, 8, 8))
	want := []float64{0.125, 0.125, 0.625, 0.625, 0.375, 0.125, 0.875, 0.625, 0.125, 0.375, 0.625, 0.875, 0.375, 0.375, 0.875, 0.875}
	for range 16 {
		want = append(want, 0.1)
	}
	moreNear(t, want, got[0], 1e-6)
}
