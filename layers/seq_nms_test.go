package layers

import (
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

// Hand-computed: NonMaxSuppression-4 padding.
func TestSeqNMSOldValues(t *testing.T) {
	// NonMaxSuppression-4: two overlapping boxes and one apart, max 5 per class: two
	// selected, the remaining rows of the static upper bound [3,3] are -1.
	nms := decodeOp(t, "NonMaxSuppression", "opset4", "output_type", "i32")
	out := run(t, nms, ExecOptions{Reference: true},
		seqF32(t, []int{1, 3, 4}, 0, 0, 1, 1, 0, 0.1, 1, 1.1, 0, 10, 1, 11),
		seqF32(t, []int{1, 1, 3}, 0.9, 0.8, 0.7),
		tensor(t, ir.I64, []int{}, []int64{5}), seqF32(t, []int{}, 0.5), seqF32(t, []int{}, 0))
	require.Len(t, out, 1)
	require.Equal(t, []int32{0, 0, 0, 0, 0, 2, -1, -1, -1}, out[0].Data)
}
