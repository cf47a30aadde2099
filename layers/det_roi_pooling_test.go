package layers

import (
	"testing"

	"github.com/irrun/irrun/ir"
)

// Shapes and messages after src/core/tests/type_prop/roi_pooling.cpp.
func TestSeqROIPoolingInfer(t *testing.T) {
	f := ir.F32
	c := func(s ...string) []Input {
		out := make([]Input, len(s))
		for i, x := range s {
			out[i] = seqIn(t, f, x)
		}
		return out
	}
	cases := []seqInferCase{
		{"ROIPooling", "opset2", []string{"pooled_h", "2", "pooled_w", "3", "spatial_scale", "0.625"}, c("[3,2,6,6]", "[4,5]"), []string{"[4,2,2,3]"}, ""},
		{"ROIPooling", "opset2", []string{"pooled_h", "2", "pooled_w", "3", "spatial_scale", "0.625"}, c("[...]", "[...]"), []string{"[?,?,2,3]"}, ""},
		{"ROIPooling", "opset2", []string{"pooled_h", "2", "pooled_w", "2", "spatial_scale", "1", "method", "avg"}, c("[3,2,6,6]", "[4,5]"), nil,
			"Pooling method attribute should be either 'max' or 'bilinear'. Got: avg"},
		{"ROIPooling", "opset2", []string{"pooled_h", "1", "pooled_w", "0", "spatial_scale", "1"}, c("[3,2,6,6]", "[4,5]"), nil,
			"Pooled size attributes pooled_h and pooled_w should should be positive integers"},
		{"ROIPooling", "opset2", []string{"pooled_h", "2", "pooled_w", "2", "spatial_scale", "-1"}, c("[3,2,6,6]", "[4,5]"), nil,
			"The spatial scale attribute should be a positive floating point number"},
		{"ROIPooling", "opset2", []string{"pooled_h", "2", "pooled_w", "2", "spatial_scale", "1"}, c("[3,2,6,6]", "[4,4]"), nil,
			"The second dimension of ROIs input should contain batch id and box coordinates. This dimension is expected to be equal to 5. Got: 4"},
	}
	seqRunInfer(t, cases)
}

// Hand-computed: ROIPooling max over integer bins.
func TestSeqROIPoolingValues(t *testing.T) {
	// 1x1x4x4 map 0..15, ROI covering the whole map, 2x2 bins: maxima of the quadrants.
	data := make([]float32, 16)
	for i := range data {
		data[i] = float32(i)
	}
	op := decodeOp(t, "ROIPooling", "opset2", "pooled_h", "2", "pooled_w", "2", "spatial_scale", "1")
	out := run(t, op, ExecOptions{Reference: true}, seqF32(t, []int{1, 1, 4, 4}, data...), seqF32(t, []int{2, 5}, 0, 0, 0, 3, 3, 0, 1, 1, 1, 1))
	seqCloseF32(t, []float32{5, 7, 13, 15, 5, 5, 5, 5}, out[0], 0)
}

// Hand-computed: ROIPooling bilinear samples a (pooled-1)-step grid spanning the normalized
// ROI corner to corner (1x1 pooling samples the centre); points outside the map give 0.
func TestODROIPoolingBilinear(t *testing.T) {
	data := make([]float32, 9) // 3x3 map 0..8
	for i := range data {
		data[i] = float32(i)
	}
	rois := seqF32(t, []int{3, 5}, 0, 0, 0, 1, 1, 0, 0.25, 0.25, 0.75, 0.75, 0, 1.5, 0, 2, 1)
	for _, c := range []struct {
		pooled string
		want   []float32
	}{
		{"2", []float32{0, 2, 6, 8, 2, 3, 5, 6, 0, 0, 0, 0}},
		{"1", []float32{4, 4, 0}},
	} {
		op := decodeOp(t, "ROIPooling", "opset2", "pooled_h", c.pooled, "pooled_w", c.pooled, "spatial_scale", "1",
			"method", "bilinear")
		for _, ref := range []bool{true, false} {
			out := run(t, op, ExecOptions{Reference: ref}, seqF32(t, []int{1, 1, 3, 3}, data...), rois)
			seqCloseF32(t, c.want, out[0], 1e-6)
		}
	}
}
