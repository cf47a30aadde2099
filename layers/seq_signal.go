package layers

import (
	"fmt"

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

// tp8STFTTypes is the element-type check of STFT-15 and ISTFT-16 (stft.cpp, istft.cpp
// validate_and_infer_types, before their shape inference): input 0 (named data, "signal" or
// "data") real or dynamic; the window real and mergeable with it, or dynamic; the inputs from
// port 2 on (frame_size, frame_step, ISTFT's signal_length) i32, i64 or dynamic. It returns
// the output type: input 0's merged with the window's.
func tp8STFTTypes(in []Input, data string) (ir.ElementType, error) {
	t := in[0].Type
	if t.IsStatic() && !t.IsFloat() {
		return t, fmt.Errorf("Expected floating point type of the '%s' input. (got %s)", data, t)
	}
	if w := in[1].Type; w.IsStatic() {
		m, ok := mergeTypes(t, w)
		if !w.IsFloat() || !ok {
			return t, fmt.Errorf("Expected floating point type of the 'window' input, matching the type of `%s` input. (got %s and %s)", data, t, w)
		}
		t = m
	}
	for port := 2; port < len(in); port++ {
		if p := in[port].Type; p.IsStatic() && p != ir.I32 && p != ir.I64 {
			return t, fmt.Errorf("Expected i32 or i64 type of the input at port: %d (got %s)", port, p)
		}
	}
	return t, nil
}
