package layers

import (
	"context"
	"fmt"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// dwPrepare returns the fast kernel of a depthwise GroupConvolution (groups = input
// channels = output channels, 1-D or 2-D, constant finite filters, f32/f16/bf16; see
// kernels.DWConv), or nil when another kernel must run.
func dwPrepare(name string, t ir.ElementType, kg kernels.ConvGeom, filt Input, opts ExecOptions) (Kernel, error) {
	if opts.Reference || kg.Groups < 2 || kg.InC != 1 || kg.OutC != 1 || filt.Value == nil {
		return nil, nil
	}
	_, lf, _ := kg.ConvLens()
	var w []float32
	switch s := filt.Value.Data.(type) {
	case []float32:
		if t != ir.F32 || len(s) != lf {
			return nil, nil
		}
		w = s
	case []f16:
		if t != ir.F16 || len(s) != lf {
			return nil, nil
		}
		w = make([]float32, lf)
		kernels.F16ToF32(w, s)
	case []uint16:
		if t != ir.BF16 || len(s) != lf {
			return nil, nil
		}
		w = make([]float32, lf)
		kernels.BF16ToF32(w, s)
	default:
		return nil, nil
	}
	d := kernels.NewDWConv(kg, w)
	if d == nil {
		return nil, nil
	}
	return &dwKernel{name: name, t: t, d: d, w: opts.Workers}, nil
}

type dwKernel struct {
	name string
	t    ir.ElementType
	d    *kernels.DWConv
	w    *kernels.Workers
}

func (k *dwKernel) Run(ctx context.Context, in, out []*ir.Tensor) error {
	return k.runEpi(ctx, in, out, nil)
}

// dwFuseEpilogue makes k run e inside the kernel (kernels.DWConv.SetEpilogue) when k is
// a depthwise kernel; it reports whether it did. The fused node then calls runEpi.
func dwFuseEpilogue(k Kernel, e *kernels.Epilogue) (*dwKernel, bool) {
	dk, ok := k.(*dwKernel)
	if !ok || dk.d.SetEpilogue(e) != nil {
		return nil, false
	}
	return dk, true
}

// runEpi runs the kernel with the residual tensors res (f32) of its fused epilogue.
func (k *dwKernel) runEpi(ctx context.Context, in, out []*ir.Tensor, res [][]float32) error {
	if len(in) < 2 || len(out) < 1 {
		return fmt.Errorf("%s: expected 2 inputs and 1 output, got %d and %d", k.name, len(in), len(out))
	}
	var err error
	switch k.t {
	case ir.F32:
		s, ok1 := in[0].Data.([]float32)
		d, ok2 := out[0].Data.([]float32)
		if !ok1 || !ok2 {
			return fmt.Errorf("%s: f32 data holds %T and %T", k.name, in[0].Data, out[0].Data)
		}
		err = k.d.RunEpiF32(ctx, k.w, s, d, res)
	case ir.F16:
		s, ok1 := in[0].Data.([]f16)
		d, ok2 := out[0].Data.([]f16)
		if !ok1 || !ok2 {
			return fmt.Errorf("%s: f16 data holds %T and %T", k.name, in[0].Data, out[0].Data)
		}
		err = k.d.RunEpiF16(ctx, k.w, s, d, res)
	default:
		s, ok1 := in[0].Data.([]uint16)
		d, ok2 := out[0].Data.([]uint16)
		if !ok1 || !ok2 || !dataMatches(k.t, in[0].Data) {
			return fmt.Errorf("%s: %s data holds %T and %T", k.name, k.t, in[0].Data, out[0].Data)
		}
		err = k.d.RunEpiBF16(ctx, k.w, s, d, res)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", k.name, err)
	}
	return nil
}
