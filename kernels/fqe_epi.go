package kernels

// FakeQuantize as a fused epilogue step (EpiFakeQuantize): the graph fuses a
// FakeQuantize with constant per-tensor or per-channel ranges after a Convolution,
// GroupConvolution or MatMul into the GEMM's epilogue, so the quantization runs on each
// block while it is in cache instead of as a pass of its own over the output. The step
// computes the FakeQuantize kernel's float32 operations (fqQuantize: the same as
// FakeQuantize and FQChannelPlan, bit for bit) with the same bodies as FQChannelPlan
// (fqBlock: AVX-512, AVX2 or Go).

// EpiFakeQuantize is FakeQuantize with the constant ranges of EpiStep.FQ: x ≤ min(il, ih)
// → ol; x > max(il, ih) → oh; else round((x − il)/(ih − il)·(levels−1))/(levels−1)·(oh −
// ol) + ol, half to even, in float32. (Its value is outside the iota block of the other
// kinds so that the kinds added there never collide with it.)
const EpiFakeQuantize EpiKind = 64

// EpiFQ holds the constants of an EpiFakeQuantize step, per output channel or one set for
// every channel. It is immutable once built.
type EpiFQ struct {
	p []fqParams
}

// NewEpiFQ builds the constants of an EpiFakeQuantize step from FakeQuantize's
// input_low, input_high, output_low and output_high (each one value, or one per channel
// with the same count for all that have more than one) and levels.
func NewEpiFQ(il, ih, ol, oh []float32, levels uint64) (*EpiFQ, error) {
	src := [4][]float32{il, ih, ol, oh}
	c := 1
	for i, v := range src {
		switch {
		case len(v) == 0:
			return nil, geomErr("FakeQuantize epilogue: range %d is empty", i+1)
		case len(v) == 1:
		case c == 1 || c == len(v):
			c = len(v)
		default:
			return nil, geomErr("FakeQuantize epilogue: ranges of %d and %d channels", c, len(v))
		}
	}
	lm1 := float32(levels - 1)
	q := &EpiFQ{p: make([]fqParams, c)}
	at := func(v []float32, k int) float32 {
		if len(v) == 1 {
			return v[0]
		}
		return v[k]
	}
	for k := range q.p {
		q.p[k] = fqMake(at(il, k), at(ih, k), at(ol, k), at(oh, k), lm1)
	}
	return q, nil
}

// Channels returns the number of channels the step has constants for (1: one set for
// every channel).
func (q *EpiFQ) Channels() int { return len(q.p) }

// fqeCheck validates an EpiFakeQuantize step for an output of the given channels.
func fqeCheck(i int, s *EpiStep, channels int) error {
	if s.FQ == nil || len(s.FQ.p) == 0 {
		return geomErr("epilogue step %d (FakeQuantize) has no ranges", i)
	}
	if n := len(s.FQ.p); n != 1 && n != channels {
		return geomErr("epilogue step %d (FakeQuantize) has ranges for %d channels, the output %d", i, n, channels)
	}
	return nil
}

// fqeRow applies an EpiFakeQuantize step to one row of an epilogue block (epiBlock): row
// r of a block whose first channel is ch0, the channel along rows (perRow) or columns.
func fqeRow(q *EpiFQ, row []float32, ch0, r int, perRow bool) {
	if len(q.p) == 1 {
		fqBlock(row, row, q.p[0])
		return
	}
	if perRow {
		fqBlock(row, row, q.p[ch0+r])
		return
	}
	ps := q.p[ch0 : ch0+len(row)]
	for j, v := range row {
		row[j] = fqOne(v, &ps[j])
	}
}

// fqeRef is fqQuantize for one value (the reference's function, for tests).
func fqeRef(x, il, ih, ol, oh float32, levels uint64) float32 {
	return fqQuantize(x, il, ih, ol, oh, float32(levels-1))
}
