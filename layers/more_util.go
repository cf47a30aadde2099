package layers

import (
	"context"
	"fmt"
	"math"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// Shared helpers of the "more" op family (more_*.go): small ops that user models meet
// (HardSigmoid, Selu, ConvertLike, Identity, the bitwise ops, Roll, Reverse, ReverseSequence,
// OneHot, BatchToSpace, SpaceToBatch, Eye, GroupNormalization, GRN, RegionYolo, ReorgYolo, ...).

// moreIsScalar reports whether s is a static scalar shape.
func moreIsScalar(s ir.Shape) bool { return !s.DynamicRank && len(s.Dims) == 0 }

// moreRankCompatible is Rank::compatible(r).
func moreRankCompatible(s ir.Shape, r int) bool {
	rank, ok := s.Rank()
	return !ok || rank == r
}

// moreCount checks the number of inputs.
func moreCount(op string, in []Input, lo, hi int) error {
	if len(in) < lo || len(in) > hi {
		if lo == hi {
			return fmt.Errorf("%s expects %d inputs, got %d", op, lo, len(in))
		}
		return fmt.Errorf("%s expects %d to %d inputs, got %d", op, lo, hi, len(in))
	}
	return nil
}

// moreIsFloatCompute reports whether the family's float kernels compute on t.
func moreIsFloatCompute(t ir.ElementType) bool {
	return t == ir.F32 || t == ir.F64 || t == ir.F16 || t == ir.BF16
}

// moreFloatBind is the family's one dispatch for float computations: f32 and f64 natively,
// f16 and bf16 through f32 scratch (famBind's staging); other types are unsupported. The
// first len(inLens) inputs are the data inputs, all of type t.
func moreFloatBind(op string, t ir.ElementType, inLens []int, outLen int,
	f32 func(ins [][]float32, out []float32) error, f64 func(ins [][]float64, out []float64) error) (Kernel, error) {
	if !moreIsFloatCompute(t) {
		return nil, unsupportedType(op, t)
	}
	return famBind(op, t, inLens, outLen, famFns{f32: f32, f64: f64})
}

// moreLens returns the element counts of the static shapes of in[:n] and of out.
func moreLens(op string, in []Input, n int, out ir.Shape) ([]int, int, error) {
	if len(in) < n {
		return nil, 0, fmt.Errorf("%s expects %d inputs, got %d", op, n, len(in))
	}
	lens := make([]int, n)
	for i := 0; i < n; i++ {
		d, ok := staticDims(in[i].Shape)
		if !ok {
			return nil, 0, fmt.Errorf("%s: input %d shape %s is not static", op, i, in[i].Shape)
		}
		c, err := ir.ElementCount(d)
		if err != nil {
			return nil, 0, err
		}
		lens[i] = c
	}
	od, ok := staticDims(out)
	if !ok {
		return nil, 0, fmt.Errorf("%s: output shape %s is not static", op, out)
	}
	c, err := ir.ElementCount(od)
	return lens, c, err
}

// moreIndexValues reads a numeric tensor as int64 values: integers exactly, floats
// truncated toward zero (static_cast), NaN as 0.
func moreIndexValues(t *ir.Tensor) ([]int64, bool) {
	if t == nil {
		return nil, false
	}
	if v, ok := t.Int64s(); ok {
		return v, true
	}
	if !t.Type.IsFloat() {
		return nil, false
	}
	f, ok := t.Float64s()
	if !ok {
		return nil, false
	}
	v := make([]int64, len(f))
	for i, x := range f {
		v[i] = satSigned(x, math.MinInt64, math.MaxInt64)
	}
	return v, true
}

// moreInputInts reads in's value as int64s (see moreIndexValues).
func moreInputInts(in Input) ([]int64, bool) { return moreIndexValues(in.Value) }

// moreFmtShape formats a shape as OpenVINO prints an ov::Shape or PartialShape.
func moreFmtShape(s ir.Shape) string { return s.String() }

// moreCoords decomposes the flat row-major index j of dims into coord.
func moreCoords(j int, dims, coord []int) {
	for a := len(dims) - 1; a >= 0; a-- {
		if dims[a] == 0 {
			coord[a] = 0
			continue
		}
		coord[a] = j % dims[a]
		j /= dims[a]
	}
}

// moreBitwiseKernel binds a binary bitwise function over the walk w (the family's one type
// switch for integer data).
func moreBitwiseKernel(name string, op kernels.BitwiseOp, t ir.ElementType, w *kernels.EltWalk) (Kernel, error) {
	switch t {
	case ir.I8:
		return moreBitwiseInt[int8](name, op, t, w), nil
	case ir.I16:
		return moreBitwiseInt[int16](name, op, t, w), nil
	case ir.I32:
		return moreBitwiseInt[int32](name, op, t, w), nil
	case ir.I64:
		return moreBitwiseInt[int64](name, op, t, w), nil
	case ir.U8:
		return moreBitwiseInt[uint8](name, op, t, w), nil
	case ir.U16:
		return moreBitwiseInt[uint16](name, op, t, w), nil
	case ir.U32:
		return moreBitwiseInt[uint32](name, op, t, w), nil
	case ir.U64:
		return moreBitwiseInt[uint64](name, op, t, w), nil
	case ir.Boolean:
		if f := kernels.BitwiseBoolFunc(op); f != nil {
			return moreApply2(name, t, w, f), nil
		}
	}
	return nil, unsupportedType(name, t)
}

func moreBitwiseInt[T kernels.Integer](name string, op kernels.BitwiseOp, t ir.ElementType, w *kernels.EltWalk) Kernel {
	return moreApply2(name, t, w, kernels.BitwiseFunc[T](op))
}

// moreApply2 runs f over two inputs and the output, all of type t, along w.
func moreApply2[T any](name string, t ir.ElementType, w *kernels.EltWalk, f func(T, T) T) Kernel {
	return kernelFunc(func(_ context.Context, in, out []*ir.Tensor) error {
		a, b, err := eltSlice2[T](name, in, t)
		if err != nil {
			return err
		}
		o, err := eltSlice[T](name, out, 0, t)
		if err != nil {
			return err
		}
		if err := kernels.EltApply2(w, o, a, b, f); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		return nil
	})
}

// moreBitwiseNotKernel binds BitwiseNot for type t.
func moreBitwiseNotKernel(name string, t ir.ElementType) (Kernel, error) {
	switch t {
	case ir.I8:
		return moreMap1(name, t, kernels.BitwiseNot[int8]), nil
	case ir.I16:
		return moreMap1(name, t, kernels.BitwiseNot[int16]), nil
	case ir.I32:
		return moreMap1(name, t, kernels.BitwiseNot[int32]), nil
	case ir.I64:
		return moreMap1(name, t, kernels.BitwiseNot[int64]), nil
	case ir.U8:
		return moreMap1(name, t, kernels.BitwiseNot[uint8]), nil
	case ir.U16:
		return moreMap1(name, t, kernels.BitwiseNot[uint16]), nil
	case ir.U32:
		return moreMap1(name, t, kernels.BitwiseNot[uint32]), nil
	case ir.U64:
		return moreMap1(name, t, kernels.BitwiseNot[uint64]), nil
	case ir.Boolean:
		return moreMap1(name, t, kernels.BitwiseNotBool), nil
	}
	return nil, unsupportedType(name, t)
}

func moreMap1[T any](name string, t ir.ElementType, f func(dst, src []T)) Kernel {
	return kernelFunc(func(_ context.Context, in, out []*ir.Tensor) error {
		src, dst, err := unaryIO[T, T](name, t, t, in, out)
		if err != nil {
			return err
		}
		f(dst, src)
		return nil
	})
}
