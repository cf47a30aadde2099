package layers

import (
	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// fqeStep classifies a FakeQuantize after a fusion as an EpiFakeQuantize step: f32 data
// only (the unfused f16/bf16 graph quantizes the rounded f16 value, the fused one would
// quantize the f32 sum), X the chain, the four ranges constants of X's type that
// broadcast along the channel axis only (numpy, none, or pdpd after alignment). The step
// computes the FakeQuantize kernel's operations, so the fused graph's bits are the
// unfused one's.
func (f *EpilogueFusion) fqeStep(o *fakeQuantizeOp, in []Input, chain int) (kernels.EpiStep, bool) {
	var none kernels.EpiStep
	if f.t != ir.F32 || len(in) != 5 || chain != 0 {
		return none, false
	}
	var vecs [4][]float32
	for i := range vecs {
		x := in[i+1]
		if x.Value == nil || x.Type != f.t || x.Value.Type != f.t {
			return none, false
		}
		c := x.Value
		switch o.AutoBroadcast {
		case "numpy", "none":
		case "pdpd":
			c = &ir.Tensor{Type: c.Type, Shape: pdpdAligned(f.out, c.Shape, o.Axis), Data: c.Data}
		default:
			return none, false
		}
		v, ok := f.channelVec(c, false)
		if !ok {
			return none, false
		}
		vecs[i] = v
	}
	q, err := kernels.NewEpiFQ(vecs[0], vecs[1], vecs[2], vecs[3], o.Levels)
	if err != nil {
		return none, false
	}
	return kernels.EpiStep{Kind: kernels.EpiFakeQuantize, FQ: q}, true
}
