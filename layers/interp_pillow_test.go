package layers

import (
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

// Hand-computed Pillow resampling (Resample.c as reference interpolate_pil.hpp): [0,7,14,21]
// downsized to 2 by bilinear_pillow has support 2 (scale 2); the windows' weights are
// (3,3,1)/7 and (1,3,3)/7, giving 5 and 16. The second case keeps the rows (no vertical pass)
// and checks the integer path rounds half away from zero: [1,3] upsized to 4 has windows
// weighted (1), (.75,.25), (.25,.75), (1) → 1, 1.5, 2.5, 3 → u8 1, 2, 3, 3.
func TestODInterpolatePillow(t *testing.T) {
	sizesOp := decodeOp(t, "Interpolate", "opset11", "mode", "bilinear_pillow", "shape_calculation_mode", "sizes")
	out := run(t, sizesOp, ExecOptions{Reference: true}, tensor(t, ir.F32, []int{1, 4}, []float32{0, 7, 14, 21}),
		i64Tensor(t, 1, 2))
	seqCloseF32(t, []float32{5, 16}, out[0], 1e-5)

	u8 := tensor(t, ir.U8, []int{1, 2}, []uint8{1, 3})
	out = run(t, sizesOp, ExecOptions{}, u8, i64Tensor(t, 1, 4))
	require.Equal(t, []uint8{1, 2, 3, 3}, out[0].Data)

	// exactly two axes are required
	_, err := runErr(sizesOp, ExecOptions{}, tensor(t, ir.F32, []int{1, 1, 2}, []float32{1, 2}), i64Tensor(t, 1, 1, 4))
	require.ErrorContains(t, err, "exactly two (HW) axes")
}
