package layers

import (
	"github.com/irrun/irrun/ir"
)

// Helpers of the signal ops' shape inference: DFT-7, IDFT-7, RDFT-9, IRDFT-9 (seq_dft.go),
// STFT-15 (seq_stft.go) and ISTFT-16 (misc_istft.go).

// seqDimAddK adds k to both bounds (clamped at 0), keeping an infinite bound.
func seqDimAddK(d ir.Dim, k int64) ir.Dim {
	lo, hi := max(d.Lo+k, 0), d.Hi
	if hi != ir.Inf {
		hi = max(hi+k, 0)
	}
	return ir.Dim{Lo: lo, Hi: hi}
}

// seqScalarInt is the value of a known one-element integer input (frame_size, frame_step,
// length).
func seqScalarInt(x Input) (int64, bool) {
	v, ok := x.ints()
	if !ok || len(v) != 1 {
		return 0, false
	}
	return v[0], true
}
