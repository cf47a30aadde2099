package layers

import (
	"context"
	"fmt"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// eltFastKernel returns the fast kernel of Add, Subtract, Multiply or Divide on f32 data
// (kernels.EltFastF32: typed row loops, parallel, bit-identical to the reference), or nil
// when opts asks for the reference kernels or the case is another one.
// plane is the output's elements per channel plane (thrPlane).
func eltFastKernel(f eltFunc, t ir.ElementType, w *kernels.EltWalk, plane int, opts ExecOptions) Kernel {
	if opts.Reference || t != ir.F32 || f.kind != eltArith {
		return nil
	}
	p := kernels.NewEltFastF32(f.arith, w)
	if p == nil {
		return nil
	}
	p.SetPlane(plane)
	wk := opts.Workers
	return kernelFunc(func(ctx context.Context, in, out []*ir.Tensor) error {
		a, b, err := eltSlice2[float32](f.name, in, t)
		if err != nil {
			return err
		}
		o, err := eltSlice[float32](f.name, out, 0, t)
		if err != nil {
			return err
		}
		if err := p.Run(ctx, wk, o, a, b); err != nil {
			return fmt.Errorf("%s: %w", f.name, err)
		}
		return nil
	})
}

// thrPlane is the number of elements per channel plane of static shape s (the product
// of the dims after the channel axis, for rank 3 and more), or 0: elementwise kernels
// split such planes into the convolutions' bands of rows on two threads and more
// (kernels.UnaryLoop.SetPlane).
func thrPlane(s ir.Shape) int {
	d, ok := staticDims(s)
	if !ok || len(d) < 3 {
		return 0
	}
	return product(d[2:])
}
