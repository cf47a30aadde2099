package layers

import (
	"context"
	"fmt"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
	"github.com/x448/float16"
)

// Binding of the pooling ops to the kernels, per element type. f16 and bf16 are
// computed in f32 as OpenVINO's evaluate does (IF_TYPE_OF_CONVERT_TENSORS): the
// input is widened into an f32 scratch owned by the Kernel, the f32 kernel runs,
// the result is narrowed back with round-to-nearest-even. All scratch is
// allocated in Prepare; Run allocates nothing.

type f16 = float16.Float16

// kernelFunc adapts a function to Kernel.
type kernelFunc func(ctx context.Context, in, out []*ir.Tensor) error

func (f kernelFunc) Run(ctx context.Context, in, out []*ir.Tensor) error { return f(ctx, in, out) }

// dataMatches reports whether d is the Go slice type ir.Tensor uses for t.
func dataMatches(t ir.ElementType, d any) bool {
	switch d.(type) {
	case []float32:
		return t == ir.F32
	case []float64:
		return t == ir.F64
	case []f16:
		return t == ir.F16
	case []uint16:
		return t == ir.BF16 || t == ir.U16
	case []int8:
		return t == ir.I8 || t == ir.I4
	case []int16:
		return t == ir.I16
	case []int32:
		return t == ir.I32
	case []int64:
		return t == ir.I64
	case []uint8:
		switch t {
		case ir.U8, ir.U1, ir.U2, ir.U3, ir.U4, ir.U6, ir.NF4, ir.F4E2M1, ir.F8E4M3, ir.F8E5M2, ir.F8E8M0:
			return true
		}
	case []uint32:
		return t == ir.U32
	case []uint64:
		return t == ir.U64
	case []bool:
		return t == ir.Boolean
	case []string:
		return t == ir.String
	}
	return false
}

// copyData copies src's data into dst (same type and length).
func copyData(dst, src *ir.Tensor) error {
	if dst.Type != src.Type || dst.Len() != src.Len() {
		return fmt.Errorf("cannot copy %s tensor of %d elements into %s tensor of %d elements", src.Type, src.Len(), dst.Type, dst.Len())
	}
	ok := false
	switch s := src.Data.(type) {
	case []float32:
		ok = copyT(dst.Data, s)
	case []float64:
		ok = copyT(dst.Data, s)
	case []f16:
		ok = copyT(dst.Data, s)
	case []int8:
		ok = copyT(dst.Data, s)
	case []int16:
		ok = copyT(dst.Data, s)
	case []int32:
		ok = copyT(dst.Data, s)
	case []int64:
		ok = copyT(dst.Data, s)
	case []uint8:
		ok = copyT(dst.Data, s)
	case []uint16:
		ok = copyT(dst.Data, s)
	case []uint32:
		ok = copyT(dst.Data, s)
	case []uint64:
		ok = copyT(dst.Data, s)
	case []bool:
		ok = copyT(dst.Data, s)
	case []string:
		ok = copyT(dst.Data, s)
	}
	if !ok {
		return fmt.Errorf("cannot copy %T into %T", src.Data, dst.Data)
	}
	return nil
}

func copyT[T any](dst any, src []T) bool {
	d, ok := dst.([]T)
	if ok && !aliasSamePlace(d, src) {
		copy(d, src)
	}
	return ok
}

// aliasSamePlace reports whether dst and src start at the same address: the data is already
// where it is to be copied (a view planned by graph; see graph/alias.go).
func aliasSamePlace[T any](dst, src []T) bool {
	return len(dst) > 0 && len(src) > 0 && &dst[0] == &src[0]
}

func kernelsTranspose[T any](w *kernels.Workers, src, dst []T, shape, perm []int) error {
	return kernels.Transpose(w, src, dst, shape, perm)
}

func unsupportedType(op string, t ir.ElementType) error {
	return &ir.UnsupportedError{What: fmt.Sprintf("%s on element type %s", op, t)}
}

// ioCheck validates the tensors a pooling kernel receives: the number of inputs
// and outputs and their Go data types.
func ioCheck(op string, in, out []*ir.Tensor, nIn, minOut int, t ir.ElementType) error {
	if len(in) < nIn || len(out) < minOut {
		return fmt.Errorf("%s: expected %d input and %d output tensors, got %d and %d", op, nIn, minOut, len(in), len(out))
	}
	if !dataMatches(t, in[0].Data) || !dataMatches(t, out[0].Data) {
		return fmt.Errorf("%s: tensors of type %s hold %T and %T", op, t, in[0].Data, out[0].Data)
	}
	return nil
}

// indexOut returns the indices output as []I, nil when the op has no such output.
func indexOut[I kernels.Index](op string, out []*ir.Tensor) ([]I, error) {
	if len(out) < 2 || out[1] == nil {
		return nil, nil
	}
	idx, ok := out[1].Data.([]I)
	if !ok {
		return nil, fmt.Errorf("%s: indices output holds %T", op, out[1].Data)
	}
	return idx, nil
}

// half stages an f16/bf16 tensor through f32 scratch.
type half struct {
	t        ir.ElementType
	src, dst []float32
}

func newHalf(t ir.ElementType, inLen, outLen int) *half {
	return &half{t: t, src: make([]float32, inLen), dst: make([]float32, outLen)}
}

func (h *half) widen(d any) error {
	switch s := d.(type) {
	case []f16:
		if h.t == ir.F16 && len(s) == len(h.src) {
			kernels.F16ToF32(h.src, s)
			return nil
		}
	case []uint16:
		if h.t == ir.BF16 && len(s) == len(h.src) {
			kernels.BF16ToF32(h.src, s)
			return nil
		}
	}
	return fmt.Errorf("%s input holds %T of %d elements, expected %d", h.t, d, dataLen(d), len(h.src))
}

func (h *half) narrow(d any) error {
	switch s := d.(type) {
	case []f16:
		if h.t == ir.F16 && len(s) == len(h.dst) {
			kernels.F32ToF16(s, h.dst)
			return nil
		}
	case []uint16:
		if h.t == ir.BF16 && len(s) == len(h.dst) {
			kernels.F32ToBF16(s, h.dst)
			return nil
		}
	}
	return fmt.Errorf("%s output holds %T of %d elements, expected %d", h.t, d, dataLen(d), len(h.dst))
}

func windowLens(w kernels.Window) (in, out int) {
	in, out = w.N*w.C, w.N*w.C
	for i := range w.In {
		in *= w.In[i]
		out *= w.Out[i]
	}
	return in, out
}

func adaptiveLens(g kernels.Adaptive) (in, out int) {
	in, out = g.N*g.C, g.N*g.C
	for i := range g.In {
		in *= g.In[i]
		out *= g.Out[i]
	}
	return in, out
}

// ---------------------------------------------------------------- MaxPool

func runMaxPool[T kernels.Number, I kernels.Index](ctx context.Context, opts ExecOptions, w kernels.Window, src, dst []T, idx []I, axis int) error {
	if opts.Reference {
		return kernels.MaxPoolReference(w, src, dst, idx, axis)
	}
	return kernels.MaxPoolContext(ctx, opts.Workers, w, src, dst, idx, axis)
}

// maxPoolT runs MaxPool on []T data; withIdx selects the indices output type.
func maxPoolT[T kernels.Number](ctx context.Context, opts ExecOptions, w kernels.Window, src, dst []T,
	out []*ir.Tensor, op string, withIdx bool, idxType ir.ElementType, axis int) error {
	if withIdx && idxType == ir.I32 {
		idx, err := indexOut[int32](op, out)
		if err != nil {
			return err
		}
		return runMaxPool(ctx, opts, w, src, dst, idx, axis)
	}
	var idx []int64
	if withIdx {
		var err error
		if idx, err = indexOut[int64](op, out); err != nil {
			return err
		}
	}
	return runMaxPool(ctx, opts, w, src, dst, idx, axis)
}

func maxPoolKernel[T kernels.Number](op string, t ir.ElementType, w kernels.Window, withIdx bool, idxType ir.ElementType, axis int, opts ExecOptions) Kernel {
	return kernelFunc(func(ctx context.Context, in, out []*ir.Tensor) error {
		if err := ioCheck(op, in, out, 1, 1, t); err != nil {
			return err
		}
		return maxPoolT(ctx, opts, w, in[0].Data.([]T), out[0].Data.([]T), out, op, withIdx, idxType, axis)
	})
}

func bindMaxPool(op string, t ir.ElementType, w kernels.Window, withIdx bool, idxType ir.ElementType, axis int, opts ExecOptions) (Kernel, error) {
	switch t {
	case ir.F32:
		return maxPoolKernel[float32](op, t, w, withIdx, idxType, axis, opts), nil
	case ir.F64:
		return maxPoolKernel[float64](op, t, w, withIdx, idxType, axis, opts), nil
	case ir.I8:
		return maxPoolKernel[int8](op, t, w, withIdx, idxType, axis, opts), nil
	case ir.I16:
		return maxPoolKernel[int16](op, t, w, withIdx, idxType, axis, opts), nil
	case ir.I32:
		return maxPoolKernel[int32](op, t, w, withIdx, idxType, axis, opts), nil
	case ir.I64:
		return maxPoolKernel[int64](op, t, w, withIdx, idxType, axis, opts), nil
	case ir.U8:
		return maxPoolKernel[uint8](op, t, w, withIdx, idxType, axis, opts), nil
	case ir.U16:
		return maxPoolKernel[uint16](op, t, w, withIdx, idxType, axis, opts), nil
	case ir.U32:
		return maxPoolKernel[uint32](op, t, w, withIdx, idxType, axis, opts), nil
	case ir.U64:
		return maxPoolKernel[uint64](op, t, w, withIdx, idxType, axis, opts), nil
	case ir.F16, ir.BF16:
		if !opts.Reference {
			return maxPoolHalfKernel(op, t, w, withIdx, idxType, axis, opts), nil
		}
		inLen, outLen := windowLens(w)
		return halfKernel(op, t, inLen, outLen, func(ctx context.Context, src, dst []float32, out []*ir.Tensor) error {
			return maxPoolT(ctx, opts, w, src, dst, out, op, withIdx, idxType, axis)
		}), nil
	}
	return nil, unsupportedType(op, t)
}

// maxPoolHalfKernel runs f16/bf16 MaxPool widening per block of rows inside the kernel (the
// same results, bit for bit, as halfKernel's per-tensor widening, without its scratch tensors).
func maxPoolHalfKernel(op string, t ir.ElementType, w kernels.Window, withIdx bool, idxType ir.ElementType, axis int, opts ExecOptions) Kernel {
	return kernelFunc(func(ctx context.Context, in, out []*ir.Tensor) error {
		if err := ioCheck(op, in, out, 1, 1, t); err != nil {
			return err
		}
		var i32 []int32
		var i64 []int64
		if withIdx {
			var err error
			if idxType == ir.I32 {
				i32, err = indexOut[int32](op, out)
			} else {
				i64, err = indexOut[int64](op, out)
			}
			if err != nil {
				return err
			}
		}
		if t == ir.F16 {
			src, ok1 := in[0].Data.([]f16)
			dst, ok2 := out[0].Data.([]f16)
			if !ok1 || !ok2 {
				return fmt.Errorf("%s: f16 tensors hold %T and %T", op, in[0].Data, out[0].Data)
			}
			if i32 != nil {
				return kernels.MaxPoolF16Context(ctx, opts.Workers, w, src, dst, i32, axis)
			}
			return kernels.MaxPoolF16Context(ctx, opts.Workers, w, src, dst, i64, axis)
		}
		src, ok1 := in[0].Data.([]uint16)
		dst, ok2 := out[0].Data.([]uint16)
		if !ok1 || !ok2 {
			return fmt.Errorf("%s: bf16 tensors hold %T and %T", op, in[0].Data, out[0].Data)
		}
		if i32 != nil {
			return kernels.MaxPoolBF16Context(ctx, opts.Workers, w, src, dst, i32, axis)
		}
		return kernels.MaxPoolBF16Context(ctx, opts.Workers, w, src, dst, i64, axis)
	})
}

// ---------------------------------------------------------------- AvgPool

func runAvgPool[T kernels.Number](ctx context.Context, opts ExecOptions, w kernels.Window, src, dst []T, excludePad bool) error {
	if opts.Reference {
		return kernels.AvgPoolReference(w, src, dst, excludePad)
	}
	return kernels.AvgPoolContext(ctx, opts.Workers, w, src, dst, excludePad)
}

func avgPoolKernel[T kernels.Number](op string, t ir.ElementType, w kernels.Window, excludePad bool, opts ExecOptions) Kernel {
	return kernelFunc(func(ctx context.Context, in, out []*ir.Tensor) error {
		if err := ioCheck(op, in, out, 1, 1, t); err != nil {
			return err
		}
		return runAvgPool(ctx, opts, w, in[0].Data.([]T), out[0].Data.([]T), excludePad)
	})
}

func bindAvgPool(op string, t ir.ElementType, w kernels.Window, excludePad bool, opts ExecOptions) (Kernel, error) {
	switch t {
	case ir.F32:
		return avgPoolKernel[float32](op, t, w, excludePad, opts), nil
	case ir.F64:
		return avgPoolKernel[float64](op, t, w, excludePad, opts), nil
	case ir.I8:
		return avgPoolKernel[int8](op, t, w, excludePad, opts), nil
	case ir.I16:
		return avgPoolKernel[int16](op, t, w, excludePad, opts), nil
	case ir.I32:
		return avgPoolKernel[int32](op, t, w, excludePad, opts), nil
	case ir.I64:
		return avgPoolKernel[int64](op, t, w, excludePad, opts), nil
	case ir.U8:
		return avgPoolKernel[uint8](op, t, w, excludePad, opts), nil
	case ir.U16:
		return avgPoolKernel[uint16](op, t, w, excludePad, opts), nil
	case ir.U32:
		return avgPoolKernel[uint32](op, t, w, excludePad, opts), nil
	case ir.U64:
		return avgPoolKernel[uint64](op, t, w, excludePad, opts), nil
	case ir.F16, ir.BF16:
		if !opts.Reference {
			return avgPoolHalfKernel(op, t, w, excludePad, opts), nil
		}
		inLen, outLen := windowLens(w)
		return halfKernel(op, t, inLen, outLen, func(ctx context.Context, src, dst []float32, out []*ir.Tensor) error {
			return runAvgPool(ctx, opts, w, src, dst, excludePad)
		}), nil
	}
	return nil, unsupportedType(op, t)
}

// avgPoolHalfKernel runs f16/bf16 AvgPool widening per block of rows inside the kernel (the
// same results, bit for bit, as halfKernel's per-tensor widening, without its scratch tensors).
func avgPoolHalfKernel(op string, t ir.ElementType, w kernels.Window, excludePad bool, opts ExecOptions) Kernel {
	return kernelFunc(func(ctx context.Context, in, out []*ir.Tensor) error {
		if err := ioCheck(op, in, out, 1, 1, t); err != nil {
			return err
		}
		if t == ir.F16 {
			src, ok1 := in[0].Data.([]f16)
			dst, ok2 := out[0].Data.([]f16)
			if !ok1 || !ok2 {
				return fmt.Errorf("%s: f16 tensors hold %T and %T", op, in[0].Data, out[0].Data)
			}
			return kernels.AvgPoolF16Context(ctx, opts.Workers, w, src, dst, excludePad)
		}
		src, ok1 := in[0].Data.([]uint16)
		dst, ok2 := out[0].Data.([]uint16)
		if !ok1 || !ok2 {
			return fmt.Errorf("%s: bf16 tensors hold %T and %T", op, in[0].Data, out[0].Data)
		}
		return kernels.AvgPoolBF16Context(ctx, opts.Workers, w, src, dst, excludePad)
	})
}

// ---------------------------------------------------------------- Adaptive

func runAdaptiveMax[T kernels.Number, I kernels.Index](ctx context.Context, opts ExecOptions, g kernels.Adaptive, src, dst []T, idx []I) error {
	if emptyAdaptive(g) {
		return nil
	}
	if opts.Reference {
		return kernels.AdaptiveMaxPoolReference(g, src, dst, idx)
	}
	return kernels.AdaptiveMaxPoolContext(ctx, opts.Workers, g, src, dst, idx)
}

func adaptiveMaxT[T kernels.Number](ctx context.Context, opts ExecOptions, g kernels.Adaptive, src, dst []T,
	out []*ir.Tensor, op string, idxType ir.ElementType) error {
	if idxType == ir.I32 {
		idx, err := indexOut[int32](op, out)
		if err != nil {
			return err
		}
		return runAdaptiveMax(ctx, opts, g, src, dst, idx)
	}
	idx, err := indexOut[int64](op, out)
	if err != nil {
		return err
	}
	return runAdaptiveMax(ctx, opts, g, src, dst, idx)
}

func adaptiveMaxKernel[T kernels.Number](op string, t ir.ElementType, g kernels.Adaptive, idxType ir.ElementType, opts ExecOptions) Kernel {
	return kernelFunc(func(ctx context.Context, in, out []*ir.Tensor) error {
		if err := ioCheck(op, in, out, 1, 1, t); err != nil {
			return err
		}
		return adaptiveMaxT(ctx, opts, g, in[0].Data.([]T), out[0].Data.([]T), out, op, idxType)
	})
}

func bindAdaptiveMax(op string, t ir.ElementType, g kernels.Adaptive, idxType ir.ElementType, opts ExecOptions) (Kernel, error) {
	switch t {
	case ir.F32:
		return adaptiveMaxKernel[float32](op, t, g, idxType, opts), nil
	case ir.F64:
		return adaptiveMaxKernel[float64](op, t, g, idxType, opts), nil
	case ir.I8:
		return adaptiveMaxKernel[int8](op, t, g, idxType, opts), nil
	case ir.I16:
		return adaptiveMaxKernel[int16](op, t, g, idxType, opts), nil
	case ir.I32:
		return adaptiveMaxKernel[int32](op, t, g, idxType, opts), nil
	case ir.I64:
		return adaptiveMaxKernel[int64](op, t, g, idxType, opts), nil
	case ir.U8:
		return adaptiveMaxKernel[uint8](op, t, g, idxType, opts), nil
	case ir.U16:
		return adaptiveMaxKernel[uint16](op, t, g, idxType, opts), nil
	case ir.U32:
		return adaptiveMaxKernel[uint32](op, t, g, idxType, opts), nil
	case ir.U64:
		return adaptiveMaxKernel[uint64](op, t, g, idxType, opts), nil
	case ir.F16, ir.BF16:
		inLen, outLen := adaptiveLens(g)
		return halfKernel(op, t, inLen, outLen, func(ctx context.Context, src, dst []float32, out []*ir.Tensor) error {
			return adaptiveMaxT(ctx, opts, g, src, dst, out, op, idxType)
		}), nil
	}
	return nil, unsupportedType(op, t)
}

func runAdaptiveAvg[T kernels.Number](ctx context.Context, opts ExecOptions, g kernels.Adaptive, src, dst []T) error {
	if emptyAdaptive(g) {
		return nil
	}
	if opts.Reference {
		return kernels.AdaptiveAvgPoolReference(g, src, dst)
	}
	return kernels.AdaptiveAvgPoolContext(ctx, opts.Workers, g, src, dst)
}

func adaptiveAvgKernel[T kernels.Number](op string, t ir.ElementType, g kernels.Adaptive, opts ExecOptions) Kernel {
	return kernelFunc(func(ctx context.Context, in, out []*ir.Tensor) error {
		if err := ioCheck(op, in, out, 1, 1, t); err != nil {
			return err
		}
		return runAdaptiveAvg(ctx, opts, g, in[0].Data.([]T), out[0].Data.([]T))
	})
}

func bindAdaptiveAvg(op string, t ir.ElementType, g kernels.Adaptive, opts ExecOptions) (Kernel, error) {
	switch t {
	case ir.F32:
		return adaptiveAvgKernel[float32](op, t, g, opts), nil
	case ir.F64:
		return adaptiveAvgKernel[float64](op, t, g, opts), nil
	case ir.I8:
		return adaptiveAvgKernel[int8](op, t, g, opts), nil
	case ir.I16:
		return adaptiveAvgKernel[int16](op, t, g, opts), nil
	case ir.I32:
		return adaptiveAvgKernel[int32](op, t, g, opts), nil
	case ir.I64:
		return adaptiveAvgKernel[int64](op, t, g, opts), nil
	case ir.U8:
		return adaptiveAvgKernel[uint8](op, t, g, opts), nil
	case ir.U16:
		return adaptiveAvgKernel[uint16](op, t, g, opts), nil
	case ir.U32:
		return adaptiveAvgKernel[uint32](op, t, g, opts), nil
	case ir.U64:
		return adaptiveAvgKernel[uint64](op, t, g, opts), nil
	case ir.F16, ir.BF16:
		inLen, outLen := adaptiveLens(g)
		return halfKernel(op, t, inLen, outLen, func(ctx context.Context, src, dst []float32, out []*ir.Tensor) error {
			return runAdaptiveAvg(ctx, opts, g, src, dst)
		}), nil
	}
	return nil, unsupportedType(op, t)
}

// halfKernel runs an f16 or bf16 op through float32, as OpenVINO does: the input is widened into
// scratch owned by the kernel, f32 computes from src into dst (it may also write other outputs,
// e.g. indices, into out), and dst is narrowed into out[0] rounding to nearest even.
func halfKernel(op string, t ir.ElementType, inLen, outLen int, f32 func(ctx context.Context, src, dst []float32, out []*ir.Tensor) error) Kernel {
	h := newHalf(t, inLen, outLen)
	return kernelFunc(func(ctx context.Context, in, out []*ir.Tensor) error {
		if err := ioCheck(op, in, out, 1, 1, t); err != nil {
			return err
		}
		if err := h.widen(in[0].Data); err != nil {
			return fmt.Errorf("%s: %w", op, err)
		}
		if err := f32(ctx, h.src, h.dst, out); err != nil {
			return err
		}
		return h.narrow(out[0].Data)
	})
}
