package layers

import (
	"context"
	"fmt"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// osFQHalfKernel returns the fast FakeQuantize kernel for f16 and bf16 data whose ranges are
// per-tensor or per-channel (kernels.FQHalfPlan: widened, quantized and narrowed piece by
// piece, bit-identical to the reference path that widens whole tensors), or nil for the other
// cases. The int8 IRs of OpenVINO's FP16-INT8 builds (IR v10) quantize f16 activations.
func osFQHalfKernel(t ir.ElementType, out []int, shapes [5][]int, levels uint64, opts ExecOptions) Kernel {
	if opts.Reference || (t != ir.F16 && t != ir.BF16) {
		return nil
	}
	p, ok := kernels.NewFQHalfPlan(out, shapes, levels)
	if !ok {
		return nil
	}
	w := opts.Workers
	return kernelFunc(func(ctx context.Context, in, outs []*ir.Tensor) error {
		if len(in) != 5 || len(outs) < 1 || outs[0] == nil {
			return fmt.Errorf("FakeQuantize-1: expected 5 input and 1 output tensors, got %d and %d", len(in), len(outs))
		}
		for i, x := range in {
			if x == nil || x.Type != t {
				return fmt.Errorf("FakeQuantize-1: input %d is not a %s tensor", i, t)
			}
		}
		if outs[0].Type != t {
			return fmt.Errorf("FakeQuantize-1: output is %s, expected %s", outs[0].Type, t)
		}
		if t == ir.F16 {
			var src [5][]f16
			for i, x := range in {
				d, ok := x.Data.([]f16)
				if !ok {
					return fmt.Errorf("FakeQuantize-1: input %d holds %T", i, x.Data)
				}
				src[i] = d
			}
			dst, ok := outs[0].Data.([]f16)
			if !ok {
				return fmt.Errorf("FakeQuantize-1: output holds %T", outs[0].Data)
			}
			return p.FakeQuantizeF16(ctx, w, dst, src)
		}
		var src [5][]uint16
		for i, x := range in {
			d, ok := x.Data.([]uint16)
			if !ok {
				return fmt.Errorf("FakeQuantize-1: input %d holds %T", i, x.Data)
			}
			src[i] = d
		}
		dst, ok := outs[0].Data.([]uint16)
		if !ok {
			return fmt.Errorf("FakeQuantize-1: output holds %T", outs[0].Data)
		}
		return p.FakeQuantizeBF16(ctx, w, dst, src)
	})
}
