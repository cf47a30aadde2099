package layers

import (
	"context"
	"fmt"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// The fast Interpolate binding: a kernels.InterpPlan built once here, run on the
// program's Workers. Nearest copies elements of any type (f16/bf16 bits included);
// the other modes compute in float32 like the reference (f16/bf16 widened and narrowed
// as famHalf does). Pads are applied into a scratch copy of the padded input first.

// interpFastBind returns the fast kernel of g, or nil when the plan does not cover g.
func interpFastBind(name string, t ir.ElementType, inDims, outDims []int, pad *interpPad, g kernels.InterpGeom, w *kernels.Workers) (Kernel, error) {
	plan, err := kernels.NewInterpPlan(g)
	if err != nil || plan == nil {
		return nil, err
	}
	nIn, nPad, nOut := product(inDims), product(g.In), product(outDims)
	if plan.IsNearest() {
		switch t {
		case ir.F16:
			return newInterpFast[f16](name, t, plan, w, pad, nIn, nPad, kernels.InterpolateNearest[f16]), nil
		case ir.BF16:
			return newInterpFast[uint16](name, t, plan, w, pad, nIn, nPad, kernels.InterpolateNearest[uint16]), nil
		}
	}
	switch t {
	case ir.F32:
		return newInterpFast[float32](name, t, plan, w, pad, nIn, nPad, kernels.InterpolateFast[float32]), nil
	case ir.F64:
		return newInterpFast[float64](name, t, plan, w, pad, nIn, nPad, kernels.InterpolateFast[float64]), nil
	case ir.I8:
		return newInterpFast[int8](name, t, plan, w, pad, nIn, nPad, kernels.InterpolateFast[int8]), nil
	case ir.I32:
		return newInterpFast[int32](name, t, plan, w, pad, nIn, nPad, kernels.InterpolateFast[int32]), nil
	case ir.I64:
		return newInterpFast[int64](name, t, plan, w, pad, nIn, nPad, kernels.InterpolateFast[int64]), nil
	case ir.U8:
		return newInterpFast[uint8](name, t, plan, w, pad, nIn, nPad, kernels.InterpolateFast[uint8]), nil
	case ir.U32:
		return newInterpFast[uint32](name, t, plan, w, pad, nIn, nPad, kernels.InterpolateFast[uint32]), nil
	case ir.U64:
		return newInterpFast[uint64](name, t, plan, w, pad, nIn, nPad, kernels.InterpolateFast[uint64]), nil
	case ir.F16, ir.BF16:
		f := newInterpFast[float32](name, ir.F32, plan, w, pad, nIn, nPad, kernels.InterpolateFast[float32])
		return &interpFastHalf{f: f, h: newHalf(t, nIn, nOut), name: name}, nil
	}
	return nil, unsupportedType(name, t)
}

// interpFast is the fast kernel on element type T.
type interpFast[T any] struct {
	name   string
	t      ir.ElementType
	plan   *kernels.InterpPlan
	w      *kernels.Workers
	pad    *interpPad
	nIn    int
	padded []T // the padded input (nil without pads)
	run    func(context.Context, *kernels.Workers, *kernels.InterpPlan, []T, []T) error
}

func newInterpFast[T any](name string, t ir.ElementType, plan *kernels.InterpPlan, w *kernels.Workers, pad *interpPad, nIn, nPad int,
	run func(context.Context, *kernels.Workers, *kernels.InterpPlan, []T, []T) error) *interpFast[T] {
	k := &interpFast[T]{name: name, t: t, plan: plan, w: w, pad: pad, nIn: nIn, run: run}
	if pad != nil {
		k.padded = make([]T, nPad)
	}
	return k
}

func (k *interpFast[T]) Run(ctx context.Context, in, out []*ir.Tensor) error {
	if len(in) < 1 || len(out) < 1 {
		return fmt.Errorf("%s: expected inputs and 1 output, got %d and %d", k.name, len(in), len(out))
	}
	src, ok := in[0].Data.([]T)
	if !ok || !dataMatches(k.t, in[0].Data) {
		return fmt.Errorf("%s: input 0 of type %s holds %T", k.name, k.t, in[0].Data)
	}
	dst, ok := out[0].Data.([]T)
	if !ok || !dataMatches(k.t, out[0].Data) {
		return fmt.Errorf("%s: output of type %s holds %T", k.name, k.t, out[0].Data)
	}
	return k.compute(ctx, src, dst)
}

func (k *interpFast[T]) compute(ctx context.Context, src, dst []T) error {
	if k.pad != nil {
		if len(src) != k.nIn {
			return fmt.Errorf("%s: input of %d elements for shape %v", k.name, len(src), k.pad.in)
		}
		clear(k.padded)
		padCopy(k.padded, src, k.pad.in, k.plan.In(), k.pad.begin)
		src = k.padded
	}
	if err := k.run(ctx, k.w, k.plan, src, dst); err != nil {
		return fmt.Errorf("%s: %w", k.name, err)
	}
	return nil
}

// interpFastHalf runs a float32 plan on f16/bf16 data, widened and narrowed.
type interpFastHalf struct {
	f    *interpFast[float32]
	h    *half
	name string
}

func (k *interpFastHalf) Run(ctx context.Context, in, out []*ir.Tensor) error {
	if len(in) < 1 || len(out) < 1 {
		return fmt.Errorf("%s: expected inputs and 1 output, got %d and %d", k.name, len(in), len(out))
	}
	if err := k.h.widen(in[0].Data); err != nil {
		return fmt.Errorf("%s: input 0: %w", k.name, err)
	}
	if err := k.f.compute(ctx, k.h.src, k.h.dst); err != nil {
		return err
	}
	return k.h.narrow(out[0].Data)
}
