package layers

import (
	"context"
	"fmt"
	"math"
	"unsafe"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
	"github.com/x448/float16"
)

// The one element-type dispatch of the unary family (unary.go, activations.go): an op
// describes how it computes as a unaryFn and bindUnary turns that into a Kernel for an
// element type. f32 and f64 run the float function directly, f16 and bf16 through a
// float32 scratch owned by the kernel (as OpenVINO's IF_TYPE_OF_CONVERT_TENSORS does),
// integer types by the op's kernels.UnaryIntRule.

// unaryFn is how one unary op computes.
type unaryFn struct {
	// f is the float function (nil for predicates).
	f func(float64) float64
	// pred is set for ops with a boolean output (IsNaN, IsInf, IsFinite); f is then nil.
	pred func(float64) bool
	// ints is the rule for integer element types; kernels.IntRuleNone means none.
	ints kernels.UnaryIntRule
	// lo, hi are the bounds of kernels.IntRuleClamp.
	lo, hi float64
	// boolCopy lets a boolean input be copied (Round on boolean).
	boolCopy bool
	// fast, when set, computes f on float32 data (f32, and f16/bf16 through their
	// float32 scratch) in place of f: the fast path (unary_fast.go), never set for
	// ExecOptions.Reference.
	fast func(dst, src []float32)
	// halfBits, when set, computes the op on the stored bits of f16/bf16 data (exact
	// there, no float32 scratch; unary_fast.go).
	halfBits func(dst, src []uint16)
	// f16Bits and bf16Bits are halfBits for one of the two types only (Relu: the bits of
	// +Inf differ).
	f16Bits, bf16Bits func(dst, src []uint16)
}

// supports reports whether bindUnary has a kernel for element type t.
func (u unaryFn) supports(t ir.ElementType) bool {
	switch t {
	case ir.F32, ir.F64, ir.F16, ir.BF16:
		return true
	case ir.I8, ir.I16, ir.I32, ir.I64, ir.U8, ir.U16, ir.U32, ir.U64:
		return u.pred == nil && u.ints != kernels.IntRuleNone
	case ir.Boolean:
		return u.boolCopy
	}
	return false
}

// unaryRunnable is CheckRunnable for a unary op: an input type no kernel computes is
// unsupported (dynamic and undefined types are left to execution).
func unaryRunnable(op string, in []Input, u unaryFn) error {
	if len(in) == 0 || !in[0].Type.IsStatic() || u.supports(in[0].Type) {
		return nil
	}
	return unsupportedType(op, in[0].Type)
}

// unaryCount returns the element count of the static input shape in[0].
func unaryCount(op string, in []Input, nIn int) (int, error) {
	if len(in) < nIn {
		return 0, fmt.Errorf("%s expects %d input(s), got %d", op, nIn, len(in))
	}
	dims, ok := staticDims(in[0].Shape)
	if !ok {
		return 0, fmt.Errorf("%s: input shape %s is not static", op, in[0].Shape)
	}
	return ir.ElementCount(dims)
}

// unaryWorkers returns the Workers a unary kernel runs on: none for the reference
// kernels.
func unaryWorkers(opts ExecOptions) *kernels.Workers {
	if opts.Reference {
		return nil
	}
	return opts.Workers
}

// bindUnary returns the kernel computing u on n elements of type t: it reads in[0] and
// writes out[0] (of type t, or boolean for a predicate). With w it runs in parallel.
//
// plane is the elements per channel plane (thrPlane; 0: unknown) by which the work is
// split on two threads and more.
func bindUnary(op string, t ir.ElementType, n, plane int, u unaryFn, w *kernels.Workers) (Kernel, error) {
	if !u.supports(t) {
		return nil, unsupportedType(op, t)
	}
	switch t {
	case ir.F32:
		if u.fast != nil && u.pred == nil {
			return unaryMapKernel(op, t, t, w, u.fast, plane), nil
		}
		return unaryFloatKernel[float32](op, t, u, w), nil
	case ir.F64:
		return unaryFloatKernel[float64](op, t, u, w), nil
	case ir.F16, ir.BF16:
		hb := u.halfBits
		if t == ir.F16 && u.f16Bits != nil {
			hb = u.f16Bits
		} else if t == ir.BF16 && u.bf16Bits != nil {
			hb = u.bf16Bits
		}
		if hb != nil && u.pred == nil {
			if t == ir.F16 {
				return unaryMapKernel(op, t, t, w, func(dst, src []float16.Float16) {
					hb(unsafe.Slice((*uint16)(unsafe.SliceData(dst)), len(dst)), unsafe.Slice((*uint16)(unsafe.SliceData(src)), len(src)))
				}, plane), nil
			}
			return unaryMapKernel(op, t, t, w, hb, plane), nil
		}
		return halfUnaryKernel(op, t, n, plane, u, w), nil
	case ir.I8:
		return unaryIntKernel[int8](op, t, u, w)
	case ir.I16:
		return unaryIntKernel[int16](op, t, u, w)
	case ir.I32:
		return unaryIntKernel[int32](op, t, u, w)
	case ir.I64:
		return unaryIntKernel[int64](op, t, u, w)
	case ir.U8:
		return unaryIntKernel[uint8](op, t, u, w)
	case ir.U16:
		return unaryIntKernel[uint16](op, t, u, w)
	case ir.U32:
		return unaryIntKernel[uint32](op, t, u, w)
	case ir.U64:
		return unaryIntKernel[uint64](op, t, u, w)
	case ir.Boolean:
		return unaryMapKernel(op, t, t, w, func(dst, src []bool) { copy(dst, src) }, 0), nil
	}
	return nil, unsupportedType(op, t)
}

// unaryIO checks the tensors a unary kernel receives and returns in[0]'s and out[0]'s
// data (in of element type it, out of ot, same length).
func unaryIO[S, D any](op string, it, ot ir.ElementType, in, out []*ir.Tensor) ([]S, []D, error) {
	if len(in) < 1 || len(out) < 1 || in[0] == nil || out[0] == nil {
		return nil, nil, fmt.Errorf("%s: expected an input and an output tensor, got %d and %d", op, len(in), len(out))
	}
	src, ok1 := in[0].Data.([]S)
	dst, ok2 := out[0].Data.([]D)
	if !ok1 || !ok2 || !dataMatches(it, in[0].Data) || !dataMatches(ot, out[0].Data) {
		return nil, nil, fmt.Errorf("%s: tensors of type %s and %s hold %T and %T", op, it, ot, in[0].Data, out[0].Data)
	}
	if len(src) != len(dst) {
		return nil, nil, fmt.Errorf("%s: input holds %d elements, output %d", op, len(src), len(dst))
	}
	return src, dst, nil
}

// unaryMapKernel runs f on in[0]'s and out[0]'s data, over the whole tensors or, with w, in
// blocks on w's threads.
func unaryMapKernel[S, D any](op string, it, ot ir.ElementType, w *kernels.Workers, f func(dst []D, src []S), plane int) Kernel {
	var src []S
	var dst []D
	loop := kernels.NewUnaryLoop(func(lo, hi int) { f(dst[lo:hi], src[lo:hi]) })
	loop.SetPlane(plane)
	return kernelFunc(func(ctx context.Context, in, out []*ir.Tensor) error {
		var err error
		if src, dst, err = unaryIO[S, D](op, it, ot, in, out); err != nil {
			return err
		}
		err = loop.Run(ctx, w, len(src))
		src, dst = nil, nil
		return err
	})
}

func unaryFloatKernel[T kernels.UnaryFloatType](op string, t ir.ElementType, u unaryFn, w *kernels.Workers) Kernel {
	if p := u.pred; p != nil {
		return unaryMapKernel(op, t, ir.Boolean, w, func(dst []bool, src []T) { kernels.UnaryPredicate(dst, src, p) }, 0)
	}
	f := u.f
	return unaryMapKernel(op, t, t, w, func(dst, src []T) { kernels.UnaryFloat(dst, src, f) }, 0)
}

func unaryIntKernel[T kernels.UnaryIntType](op string, t ir.ElementType, u unaryFn, w *kernels.Workers) (Kernel, error) {
	// UnaryInt fails only for a rule it lacks, whatever the data: try it once here.
	if err := kernels.UnaryInt[T](nil, nil, u.ints, u.f, u.lo, u.hi); err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	return unaryMapKernel(op, t, t, w, func(dst, src []T) { _ = kernels.UnaryInt(dst, src, u.ints, u.f, u.lo, u.hi) }, 0), nil
}

// halfUnaryKernel computes an f16 or bf16 op in float32: the input is widened into a
// scratch owned by the kernel, computed there, and narrowed into the output rounding to
// nearest even (a predicate writes the boolean output directly).
func halfUnaryKernel(op string, t ir.ElementType, n, plane int, u unaryFn, w *kernels.Workers) Kernel {
	h := newHalf(t, n, n)
	var bools []bool
	var loop *kernels.UnaryLoop
	if p := u.pred; p != nil {
		loop = kernels.NewUnaryLoop(func(lo, hi int) { kernels.UnaryPredicate(bools[lo:hi], h.src[lo:hi], p) })
	} else if fast := u.fast; fast != nil {
		loop = kernels.NewUnaryLoop(func(lo, hi int) { fast(h.dst[lo:hi], h.src[lo:hi]) })
	} else {
		f := u.f
		loop = kernels.NewUnaryLoop(func(lo, hi int) { kernels.UnaryFloat(h.dst[lo:hi], h.src[lo:hi], f) })
	}
	loop.SetPlane(plane)
	return kernelFunc(func(ctx context.Context, in, out []*ir.Tensor) error {
		if len(in) < 1 || len(out) < 1 || in[0] == nil || out[0] == nil {
			return fmt.Errorf("%s: expected an input and an output tensor, got %d and %d", op, len(in), len(out))
		}
		if err := h.widen(in[0].Data); err != nil {
			return fmt.Errorf("%s: %w", op, err)
		}
		if u.pred != nil {
			b, ok := out[0].Data.([]bool)
			if !ok || len(b) != n {
				return fmt.Errorf("%s: output holds %T of %d elements, expected %d booleans", op, out[0].Data, dataLen(out[0].Data), n)
			}
			bools = b
			err := loop.Run(ctx, w, n)
			bools = nil
			return err
		}
		if err := loop.Run(ctx, w, n); err != nil {
			return err
		}
		return h.narrow(out[0].Data)
	})
}

// unaryScalar reads element 0 of a float tensor (Swish's beta) as float64.
func unaryScalar(x *ir.Tensor) (float64, bool) {
	if x == nil {
		return 0, false
	}
	switch d := x.Data.(type) {
	case []float32:
		if x.Type == ir.F32 && len(d) > 0 {
			return float64(d[0]), true
		}
	case []float64:
		if x.Type == ir.F64 && len(d) > 0 {
			return d[0], true
		}
	case []float16.Float16:
		if x.Type == ir.F16 && len(d) > 0 {
			return float64(d[0].Float32()), true
		}
	case []uint16:
		if x.Type == ir.BF16 && len(d) > 0 {
			return float64(math.Float32frombits(uint32(d[0]) << 16)), true
		}
	}
	return 0, false
}

// unaryIsReal is element::Type::is_real (f16, bf16, f32, f64, the f8/f4 types, nf4).
func unaryIsReal(t ir.ElementType) bool { return t.IsFloat() }

// unaryIsDynamic is element::Type::is_dynamic.
func unaryIsDynamic(t ir.ElementType) bool { return !t.IsStatic() }
