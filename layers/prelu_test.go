package layers

import (
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
	"github.com/x448/float16"
)

// PRelu on f16 data with an f32 slope, as old f16 IR v10 files write it
// (landmarks-regression-0009-ir10-fp16): x < 0 ? x*slope : x, computed in f32.
func TestPReluMixedFloatTypes(t *testing.T) {
	op := decodeOp(t, "PReLU", "opset1")
	h := func(v ...float32) []float16.Float16 {
		out := make([]float16.Float16, len(v))
		for i, x := range v {
			out[i] = float16.Fromfloat32(x)
		}
		return out
	}
	cases := []struct {
		name        string
		x, slope    *ir.Tensor
		want        any
		wantUnknown bool
	}{
		{"f16 data, f32 slope", tensor(t, ir.F16, []int{1, 2, 2}, h(-2, -1, 0, 3)), tensor(t, ir.F32, []int{1}, []float32{0.5}),
			h(-1, -0.5, 0, 3), false},
		{"f32 data, f16 per-channel slope", tensor(t, ir.F32, []int{1, 2, 2}, []float32{-2, 1, -4, 3}), tensor(t, ir.F16, []int{2}, h(0.25, 2)),
			[]float32{-0.5, 1, -8, 3}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			outs := run(t, op, ExecOptions{Reference: true}, c.x, c.slope)
			require.Equal(t, c.want, outs[0].Data)
		})
	}
}
