package layers

import (
	"context"
	"fmt"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// eltHalfFastKernel is the f16/bf16 fast path of Add, Subtract, Multiply and Divide
// (kernels.EltEpi without an epilogue): the operands are widened block by block into
// stack buffers, computed in f32 and rounded once, so the output is the reference's bit
// for bit without whole-tensor staging.
func eltHalfFastKernel(f eltFunc, t ir.ElementType, w *kernels.EltWalk, lens []int, plane int, opts ExecOptions) Kernel {
	if opts.Reference || (t != ir.F16 && t != ir.BF16) || f.kind != eltArith || len(lens) != 2 {
		return nil
	}
	k, err := kernels.NewEltEpi(f.arith, w, efEltType(t), nil, 1, 1)
	if err != nil || k == nil {
		return nil
	}
	k.SetPlane(plane)
	return &efKernel{name: f.name, t: t, k: k, w: opts.Workers}
}

// efEltType maps f32/f16/bf16 to kernels.EltType.
func efEltType(t ir.ElementType) kernels.EltType {
	switch t {
	case ir.F16:
		return kernels.EltF16
	case ir.BF16:
		return kernels.EltBF16
	}
	return kernels.EltF32
}

// efKernel runs a kernels.EltEpi: inputs 0 and 1 are the operands, the rest the
// epilogue's residual tensors.
type efKernel struct {
	name string
	t    ir.ElementType
	k    *kernels.EltEpi
	w    *kernels.Workers
	r32  [][]float32
	r16  [][]f16
	rb16 [][]uint16
}

func (k *efKernel) Run(ctx context.Context, in, out []*ir.Tensor) error {
	nres := k.k.Residuals()
	if len(in) != 2+nres || len(out) < 1 {
		return fmt.Errorf("%s: expected %d inputs and 1 output, got %d and %d", k.name, 2+nres, len(in), len(out))
	}
	var err, runErr error
	switch k.t {
	case ir.F32:
		if k.r32 == nil {
			k.r32 = make([][]float32, nres)
		}
		for i := range k.r32 {
			if k.r32[i], err = eltSlice[float32](k.name, in, 2+i, k.t); err != nil {
				return err
			}
		}
		a, b, err := eltSlice2[float32](k.name, in, k.t)
		if err != nil {
			return err
		}
		o, err := eltSlice[float32](k.name, out, 0, k.t)
		if err != nil {
			return err
		}
		runErr = k.k.RunF32(ctx, k.w, o, a, b, k.r32)
		clear(k.r32)
	case ir.F16:
		if k.r16 == nil {
			k.r16 = make([][]f16, nres)
		}
		for i := range k.r16 {
			if k.r16[i], err = eltSlice[f16](k.name, in, 2+i, k.t); err != nil {
				return err
			}
		}
		a, b, err := eltSlice2[f16](k.name, in, k.t)
		if err != nil {
			return err
		}
		o, err := eltSlice[f16](k.name, out, 0, k.t)
		if err != nil {
			return err
		}
		runErr = k.k.RunF16(ctx, k.w, o, a, b, k.r16)
		clear(k.r16)
	default:
		if k.rb16 == nil {
			k.rb16 = make([][]uint16, nres)
		}
		for i := range k.rb16 {
			if k.rb16[i], err = eltSlice[uint16](k.name, in, 2+i, k.t); err != nil {
				return err
			}
		}
		a, b, err := eltSlice2[uint16](k.name, in, k.t)
		if err != nil {
			return err
		}
		o, err := eltSlice[uint16](k.name, out, 0, k.t)
		if err != nil {
			return err
		}
		runErr = k.k.RunBF16(ctx, k.w, o, a, b, k.rb16)
		clear(k.rb16)
	}
	if runErr != nil {
		return fmt.Errorf("%s: %w", k.name, runErr)
	}
	return nil
}
