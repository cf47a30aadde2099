package layers

import (
	"context"
	"fmt"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// Fast float binding of Convolution, GroupConvolution (not depthwise) and MatMul on the
// kernels' GEMM (kernels/gemm.go): f32 computes in place; f16 and bf16 data are widened
// to f32 scratch and the result narrowed, as OpenVINO's CPU plugin computes them. Weights
// known at Prepare (a Const, or a Const folded through Convert) are widened and packed
// once; otherwise they are packed on every run. ExecOptions.Reference keeps the
// reference kernels.

// gemmFastType reports whether the fast GEMM kernels compute element type t.
func gemmFastType(t ir.ElementType) bool { return t == ir.F32 || t == ir.F16 || t == ir.BF16 }

// gemmF32 returns data (n elements of type t) as f32: the slice itself for f32,
// otherwise widened into buf (n elements, unused for f32).
func gemmF32(t ir.ElementType, data any, n int, buf []float32) ([]float32, error) {
	switch s := data.(type) {
	case []float32:
		if t == ir.F32 && len(s) == n {
			return s, nil
		}
	case []f16:
		if t == ir.F16 && len(s) == n && len(buf) == n {
			kernels.GemmF16ToF32(buf, s)
			return buf, nil
		}
	case []uint16:
		if t == ir.BF16 && len(s) == n && len(buf) == n {
			kernels.BF16ToF32(buf, s)
			return buf, nil
		}
	}
	return nil, fmt.Errorf("%s data of %d elements holds %T", t, n, data)
}

// gemmRunF16 runs c on f16 data and output with the widening and narrowing fused into
// the kernel (ConvGemm.RunEpiF16; src32 and dst32 are its f32 scratch). It reports
// false, doing nothing, when the tensors are not f16 of the scratch's lengths.
func gemmRunF16(ctx context.Context, c *kernels.ConvGemm, w *kernels.Workers, in, out *ir.Tensor, src32, dst32 []float32, res [][]float32) (bool, error) {
	x, ok1 := in.Data.([]f16)
	y, ok2 := out.Data.([]f16)
	if !ok1 || !ok2 || in.Type != ir.F16 || out.Type != ir.F16 || len(x) != len(src32) || len(y) != len(dst32) {
		return false, nil
	}
	return true, c.RunEpiF16(ctx, w, x, src32, y, dst32, res)
}

// gemmOut returns the f32 slice a kernel writes for output data (n elements of type t):
// the output itself for f32, else buf (then narrowed by gemmNarrow).
func gemmOut(t ir.ElementType, data any, n int, buf []float32) ([]float32, error) {
	if t == ir.F32 {
		if s, ok := data.([]float32); ok && len(s) == n {
			return s, nil
		}
		return nil, fmt.Errorf("f32 output of %d elements holds %T", n, data)
	}
	if len(buf) != n {
		return nil, fmt.Errorf("%s output scratch of %d elements, expected %d", t, len(buf), n)
	}
	return buf, nil
}

func gemmNarrow(t ir.ElementType, data any, buf []float32) error {
	switch s := data.(type) {
	case []float32:
		if t == ir.F32 {
			return nil
		}
	case []f16:
		if t == ir.F16 && len(s) == len(buf) {
			kernels.GemmF32ToF16(s, buf)
			return nil
		}
	case []uint16:
		if t == ir.BF16 && len(s) == len(buf) {
			kernels.F32ToBF16(s, buf)
			return nil
		}
	}
	return fmt.Errorf("%s output of %d elements holds %T", t, len(buf), data)
}

// convFast returns the fast kernel of a (group) convolution, or nil when the reference
// kernel must run (ExecOptions.Reference, an element type other than f32/f16/bf16, or a
// depthwise convolution, which has its own kernel).
func convFast(name string, t ir.ElementType, kg kernels.ConvGeom, filt Input, opts ExecOptions) (Kernel, error) {
	if opts.Reference || !gemmFastType(t) || (kg.Groups > 1 && kg.InC == 1) {
		return nil, nil
	}
	c, err := kernels.NewConvGemm(kg, kernels.GemmAuto, opts.Workers.Threads())
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return convFastBind(name, t, c, kg, filt, opts)
}

// convBackpropFast returns the fast kernel of a (group) transposed convolution, or nil
// when the reference kernel must run.
func convBackpropFast(name string, t ir.ElementType, kg kernels.ConvGeom, filt Input, opts ExecOptions) (Kernel, error) {
	if opts.Reference || !gemmFastType(t) {
		return nil, nil
	}
	c, err := kernels.NewConvBackpropGemm(kg, kernels.GemmAuto, opts.Workers.Threads())
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return convFastBind(name, t, c, kg, filt, opts)
}

// convGemmRunner is the kernels' fast convolution plans.
type convGemmRunner interface {
	PackFilters(filt []float32) error
	Run(ctx context.Context, w *kernels.Workers, src, dst []float32) error
}

func convFastBind(name string, t ir.ElementType, c convGemmRunner, kg kernels.ConvGeom, filt Input, opts ExecOptions) (Kernel, error) {
	ls, lf, lo := kg.ConvLens()
	k := &convFastKernel{name: name, t: t, c: c, w: opts.Workers, ls: ls, lf: lf, lo: lo}
	if t != ir.F32 {
		k.filt = make([]float32, lf)
		if k.arena = opts.Arena; k.arena != nil {
			k.arena.Reserve(ls + lo)
		} else {
			k.src, k.dst = make([]float32, ls), make([]float32, lo)
		}
	}
	if v := filt.Value; v != nil {
		w, err := gemmF32(t, v.Data, lf, k.filt)
		if err != nil {
			return nil, nil // an unexpected constant: the reference kernel checks it
		}
		if err := c.PackFilters(w); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		k.constW, k.filt = true, nil
	}
	return k, nil
}

type convFastKernel struct {
	name           string
	t              ir.ElementType
	c              convGemmRunner
	w              *kernels.Workers
	constW         bool
	ls, lf, lo     int                // element counts of data, filters, output
	src, filt, dst []float32          // f32 scratch for f16/bf16
	arena          *kernels.GemmArena // src and dst per run when not nil
}

func (k *convFastKernel) Run(ctx context.Context, in, out []*ir.Tensor) error {
	if len(in) < 2 || len(out) < 1 {
		return fmt.Errorf("%s: expected 2 inputs and 1 output, got %d and %d", k.name, len(in), len(out))
	}
	if k.arena != nil {
		var b [2][]float32
		k.arena.Take(b[:], k.ls, k.lo)
		k.src, k.dst = b[0], b[1]
	}
	if c, ok := k.c.(*kernels.ConvGemm); ok && k.constW {
		if done, err := gemmRunF16(ctx, c, k.w, in[0], out[0], k.src, k.dst, nil); done {
			return err
		}
	}
	if c, ok := k.c.(*kernels.ConvBackpropGemm); ok && k.constW {
		x, ok1 := in[0].Data.([]f16)
		y, ok2 := out[0].Data.([]f16)
		if ok1 && ok2 && k.t == ir.F16 {
			return c.RunF16(ctx, k.w, x, y, k.src, k.dst, nil)
		}
	}
	src, err := gemmF32(k.t, in[0].Data, k.ls, k.src)
	if err != nil {
		return fmt.Errorf("%s: data: %w", k.name, err)
	}
	if !k.constW {
		w, err := gemmF32(k.t, in[1].Data, k.lf, k.filt)
		if err != nil {
			return fmt.Errorf("%s: filters: %w", k.name, err)
		}
		if err := k.c.PackFilters(w); err != nil {
			return fmt.Errorf("%s: %w", k.name, err)
		}
	}
	dst, err := gemmOut(k.t, out[0].Data, k.lo, k.dst)
	if err != nil {
		return fmt.Errorf("%s: %w", k.name, err)
	}
	if err := k.c.Run(ctx, k.w, src, dst); err != nil {
		return err
	}
	return gemmNarrow(k.t, out[0].Data, dst)
}

// matMulFast returns the fast MatMul kernel, or nil when the reference must run.
func matMulFast(t ir.ElementType, g kernels.MatMulGeom, b Input, la, lb, lo int, opts ExecOptions) (Kernel, error) {
	if opts.Reference || !gemmFastType(t) {
		return nil, nil
	}
	m, err := kernels.NewMatMulGemm(g, kernels.GemmAuto, opts.Workers.Threads())
	if err != nil {
		return nil, fmt.Errorf("MatMul: %w", err)
	}
	k := &matMulFastKernel{t: t, m: m, w: opts.Workers, la: la, lb: lb, lo: lo}
	if t != ir.F32 {
		k.b = make([]float32, lb)
		if k.arena = opts.Arena; k.arena != nil {
			k.arena.Reserve(la + lo)
		} else {
			k.a, k.dst = make([]float32, la), make([]float32, lo)
		}
	}
	if v := b.Value; v != nil {
		bv, err := gemmF32(t, v.Data, lb, k.b)
		if err != nil {
			return nil, nil // an unexpected constant: the reference kernel checks it
		}
		if err := m.SetConstB(bv); err != nil {
			return nil, fmt.Errorf("MatMul: %w", err)
		}
		k.constB, k.b = true, nil
	}
	return k, nil
}

type matMulFastKernel struct {
	t          ir.ElementType
	m          *kernels.MatMulGemm
	w          *kernels.Workers
	constB     bool
	la, lb, lo int
	a, b, dst  []float32          // f32 scratch for f16/bf16
	arena      *kernels.GemmArena // a and dst per run when not nil
}

func (k *matMulFastKernel) Run(ctx context.Context, in, out []*ir.Tensor) error {
	if len(in) < 2 || len(out) < 1 {
		return fmt.Errorf("MatMul: expected 2 inputs and 1 output, got %d and %d", len(in), len(out))
	}
	if k.arena != nil {
		var bufs [2][]float32
		k.arena.Take(bufs[:], k.la, k.lo)
		k.a, k.dst = bufs[0], bufs[1]
	}
	a, err := gemmF32(k.t, in[0].Data, k.la, k.a)
	if err != nil {
		return fmt.Errorf("MatMul: A: %w", err)
	}
	var b []float32
	if !k.constB {
		if b, err = gemmF32(k.t, in[1].Data, k.lb, k.b); err != nil {
			return fmt.Errorf("MatMul: B: %w", err)
		}
	}
	dst, err := gemmOut(k.t, out[0].Data, k.lo, k.dst)
	if err != nil {
		return fmt.Errorf("MatMul: %w", err)
	}
	if err := k.m.Run(ctx, k.w, a, b, dst); err != nil {
		return err
	}
	return gemmNarrow(k.t, out[0].Data, dst)
}
