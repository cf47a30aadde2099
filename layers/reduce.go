package layers

import (
	"context"
	"fmt"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// ReduceMean-1, ReduceMax-1, ReduceMin-1, ReduceSum-1, ReduceProd-1, ReduceL1-4, ReduceL2-4,
// ReduceLogicalAnd-1, ReduceLogicalOr-1: src/core/shape_inference/include/
// reduce_shape_inference.hpp, src/core/src/op/util/arithmetic_reductions_keep_dims.cpp,
// logical_reduction_keep_dims.cpp; kernels in kernels/reduce.go.

type reduceKind uint8

const (
	redSum reduceKind = iota
	redMean
	redProd
	redMax
	redMin
	redL1
	redL2
	redAnd
	redOr
)

var reduceKernelOp = [...]kernels.ReduceOp{
	redSum: kernels.ReduceSum, redMean: kernels.ReduceMean, redProd: kernels.ReduceProd,
	redMax: kernels.ReduceMax, redMin: kernels.ReduceMin, redL1: kernels.ReduceL1, redL2: kernels.ReduceL2,
}

type reduceOp struct {
	KeepDims bool `attr:"keep_dims"`
	kind     reduceKind
	name     string
}

func newReduce(kind reduceKind, name string) func(int) Op {
	return func(int) Op { return &reduceOp{kind: kind, name: name} }
}

func (r *reduceOp) logical() bool { return r.kind == redAnd || r.kind == redOr }

// reduceAxes returns the axes input's value when known: a constant, or bounds with equal
// lower and upper values.
func reduceAxes(in Input) ([]int64, bool) {
	lo, hi, ok := in.bounded()
	if !ok {
		return nil, false
	}
	for i := range lo {
		if lo[i] != hi[i] {
			return nil, false
		}
	}
	if lo == nil {
		lo = []int64{}
	}
	return lo, true
}

// normalizeReduceAxes normalises axes against rank (a scalar's only axis is 0, which
// reduces nothing) and returns them with the reduced-axis flags.
func normalizeReduceAxes(axes []int64, rank int) ([]int, []bool, error) {
	reduced := make([]bool, rank)
	var out []int
	for _, a := range axes {
		if rank == 0 && a == 0 {
			continue
		}
		n, err := normalizeAxis(a, rank)
		if err != nil {
			return nil, nil, err
		}
		if !reduced[n] {
			reduced[n] = true
			out = append(out, int(n))
		}
	}
	return out, reduced, nil
}

func (r *reduceOp) Infer(in []Input) ([]Output, error) {
	if len(in) != 2 {
		return nil, fmt.Errorf("%s expects 2 inputs, got %d", r.name, len(in))
	}
	data, axes := in[0], in[1]
	if r.logical() {
		if data.Type.IsStatic() && data.Type != ir.Boolean {
			return nil, fmt.Errorf("Element type of data input must be boolean. (got %s)", data.Type)
		}
	} else if data.Type.IsStatic() && !data.Type.IsFloat() && !data.Type.IsInteger() {
		return nil, fmt.Errorf("Element type of data input must be numeric. Got: %s", data.Type)
	}
	if axes.Type.IsStatic() && !axes.Type.IsInteger() {
		return nil, fmt.Errorf("Element type of axes input must be integer. Got: %s", axes.Type)
	}
	if rk, ok := axes.Shape.Rank(); ok && rk > 1 {
		return nil, fmt.Errorf("Axes input must be a scalar or 1D input. Got: %s", axes.Shape)
	}
	rank, rankOK := data.Shape.Rank()
	var out ir.Shape
	vals, known := reduceAxes(axes)
	switch {
	case rankOK && known:
		_, reduced, err := normalizeReduceAxes(vals, rank)
		if err != nil {
			return nil, err
		}
		out.Dims = []ir.Dim{}
		for i, d := range data.Shape.Dims {
			switch {
			case !reduced[i]:
				out.Dims = append(out.Dims, d)
			case r.KeepDims:
				out.Dims = append(out.Dims, ir.StaticDim(1))
			}
		}
	case r.KeepDims:
		out = dynamicOfRank(data.Shape)
	default:
		single := false
		if n, ok := axes.Shape.Static(); ok {
			single = len(n) == 0 || n[0] == 1
		}
		if single && rankOK {
			out = ir.Shape{Dims: make([]ir.Dim, max(rank-1, 0))}
			for i := range out.Dims {
				out.Dims[i] = ir.DynamicDim()
			}
		} else {
			out = ir.DynamicRankShape()
		}
	}
	return []Output{{Type: data.Type, Shape: out}}, nil
}

// dynamicOfRank is PartialShape::dynamic(s.rank()).
func dynamicOfRank(s ir.Shape) ir.Shape {
	if s.DynamicRank {
		return ir.DynamicRankShape()
	}
	out := ir.Shape{Dims: make([]ir.Dim, len(s.Dims))}
	for i := range out.Dims {
		out.Dims[i] = ir.DynamicDim()
	}
	return out
}

// evalBounds implements boundsEvaluator: ReduceMax and ReduceMin are monotone (OpenVINO's
// default evaluators); ReduceProd multiplies non-negative bounds, an unbounded factor
// absorbing (unless another is 0), as ReduceProd::evaluate_lower/upper do.
func (r *reduceOp) evalBounds(in []Input, outs []Output) {
	if len(in) != 2 || len(outs) != 1 || !outs[0].Type.IsInteger() {
		return
	}
	switch r.kind {
	case redMax, redMin:
		evalOnBounds(r, in, outs)
	case redProd:
		lo, hi, ok := in[0].bounded()
		if !ok {
			return
		}
		for i := range lo {
			if lo[i] < 0 || hi[i] < 0 {
				return
			}
		}
		axes, ok := reduceAxes(in[1])
		dims, ok2 := staticDims(in[0].Shape)
		if !ok || !ok2 {
			return
		}
		ax, _, err := normalizeReduceAxes(axes, len(dims))
		if err != nil {
			return
		}
		g, err := kernels.NewReduction(dims, ax)
		if err != nil || g.InLen() != len(lo) {
			return
		}
		b := &Bounds{Lo: make([]int64, g.OutLen()), Hi: make([]int64, g.OutLen())}
		if kernels.ReduceSatProd(g, b.Lo, lo) != nil || kernels.ReduceSatProd(g, b.Hi, hi) != nil {
			return
		}
		mx := typeMax(outs[0].Type)
		for i := range b.Hi {
			if b.Hi[i] >= mx {
				b.Hi[i] = ir.Inf
			}
			b.Lo[i] = min(b.Lo[i], mx)
		}
		outs[0].Bounds = b
	}
}

// reducible reports whether the reduction kernels compute element type t.
func (r *reduceOp) reducible(t ir.ElementType) bool {
	if r.logical() {
		return t == ir.Boolean
	}
	_, ok := numFor(t)
	return ok
}

// CheckRunnable implements RunChecker.
func (r *reduceOp) CheckRunnable(in []Input) error {
	if len(in) == 2 && in[0].Type.IsStatic() && !r.reducible(in[0].Type) {
		return unsupportedType(r.name, in[0].Type)
	}
	return nil
}

func (r *reduceOp) Prepare(in []Input, opts ExecOptions) (Kernel, error) {
	if len(in) != 2 {
		return nil, fmt.Errorf("%s expects 2 inputs, got %d", r.name, len(in))
	}
	dims, ok := staticDims(in[0].Shape)
	if !ok {
		return nil, fmt.Errorf("%s: input shape %s is not static", r.name, in[0].Shape)
	}
	vals, ok := reduceAxes(in[1])
	if !ok {
		return nil, &ir.UnsupportedError{What: r.name + " with axes not known before execution"}
	}
	axes, _, err := normalizeReduceAxes(vals, len(dims))
	if err != nil {
		return nil, err
	}
	g, err := kernels.NewReduction(dims, axes)
	if err != nil {
		return nil, err
	}
	t := in[0].Type
	if r.logical() {
		if t != ir.Boolean {
			return nil, unsupportedType(r.name, t)
		}
		and := r.kind == redAnd
		return kernelFunc(func(_ context.Context, in, out []*ir.Tensor) error {
			if err := ioCheck(r.name, in, out, 1, 1, t); err != nil {
				return err
			}
			return kernels.ReduceLogical(g, and, out[0].Data.([]bool), in[0].Data.([]bool))
		}), nil
	}
	nt, ok := numFor(t)
	if !ok {
		return nil, unsupportedType(r.name, t)
	}
	op := reduceKernelOp[r.kind]
	if k, err := reduceFastKernel(r.name, t, dims, axes, op, g, opts); k != nil || err != nil {
		return k, err
	}
	comp := nt.alloc(g.OutLen())
	if isHalf(t) {
		c32, _ := comp.([]float32)
		return halfKernel(r.name, t, g.InLen(), g.OutLen(), func(_ context.Context, src, dst []float32, _ []*ir.Tensor) error {
			// Typed call: passing the scratch slices as any would allocate on every run.
			if err := kernels.Reduce(g, op, dst, src, c32); err != nil {
				return err
			}
			if g.InLen() == 0 && (op == kernels.ReduceMax || op == kernels.ReduceMin) {
				// Nothing folded: numeric_limits<T>::lowest()/max() of f16 or bf16 itself,
				// which float32's limits would narrow to -inf/+inf.
				v := float32(kernels.F16Max)
				if t == ir.BF16 {
					v = kernels.BF16Max
				}
				if op == kernels.ReduceMax {
					v = -v
				}
				for i := range dst {
					dst[i] = v
				}
			}
			return nil
		}), nil
	}
	return kernelFunc(func(_ context.Context, in, out []*ir.Tensor) error {
		if err := ioCheck(r.name, in, out, 1, 1, t); err != nil {
			return err
		}
		return nt.reduce(g, op, out[0].Data, in[0].Data, comp)
	}), nil
}

// reduceFastKernel returns the fast float32 kernel (kernels.RedFastF32) of an f32, f16 or
// bf16 reduction (the narrow types widened row by row inside the kernel), or nil when opts asks for the reference kernels or op has no fast path.
func reduceFastKernel(name string, t ir.ElementType, dims, axes []int, op kernels.ReduceOp, g kernels.Reduction, opts ExecOptions) (Kernel, error) {
	if opts.Reference || (t != ir.F32 && !isHalf(t)) {
		return nil, nil
	}
	p, err := kernels.NewRedFastF32(dims, axes, op)
	if err != nil || p == nil {
		return nil, err
	}
	wk := opts.Workers
	return kernelFunc(func(ctx context.Context, in, out []*ir.Tensor) error {
		if err := ioCheck(name, in, out, 1, 1, t); err != nil {
			return err
		}
		switch t {
		case ir.F16:
			return p.RunF16(ctx, wk, out[0].Data.([]f16), in[0].Data.([]f16))
		case ir.BF16:
			return p.RunBF16(ctx, wk, out[0].Data.([]uint16), in[0].Data.([]uint16))
		}
		return p.Run(ctx, wk, out[0].Data.([]float32), in[0].Data.([]float32))
	}), nil
}

// ---------------------------------------------------------------- family dispatch

// numType is the element type a reduce-family kernel computes in, as a witness of the Go
// type holding the data: each method runs one generic kernel instantiated for that type,
// taking the data slices as any. numFor is the family's one type switch.
type numType interface {
	alloc(n int) any
	reduce(g kernels.Reduction, op kernels.ReduceOp, dst, src, comp any) error
	topK(g kernels.TopKGeom, dst, src, idx any, order []int) error
}

type num[T kernels.Number] struct{}

// numFor returns the computing type of element type t: f16 and bf16 compute in float32
// (the caller stages the data through f32 scratch, see isHalf).
func numFor(t ir.ElementType) (numType, bool) {
	switch t {
	case ir.F32, ir.F16, ir.BF16:
		return num[float32]{}, true
	case ir.F64:
		return num[float64]{}, true
	case ir.I8:
		return num[int8]{}, true
	case ir.I16:
		return num[int16]{}, true
	case ir.I32:
		return num[int32]{}, true
	case ir.I64:
		return num[int64]{}, true
	case ir.U8:
		return num[uint8]{}, true
	case ir.U16:
		return num[uint16]{}, true
	case ir.U32:
		return num[uint32]{}, true
	case ir.U64:
		return num[uint64]{}, true
	}
	return nil, false
}

func (num[T]) alloc(n int) any { return make([]T, n) }

func slices2[T any](a, b any) ([]T, []T, error) {
	x, ok1 := a.([]T)
	y, ok2 := b.([]T)
	if !ok1 || !ok2 {
		var z []T
		return nil, nil, fmt.Errorf("tensors hold %T and %T, expected %T", a, b, z)
	}
	return x, y, nil
}

func (num[T]) reduce(g kernels.Reduction, op kernels.ReduceOp, dst, src, comp any) error {
	d, s, err := slices2[T](dst, src)
	if err != nil {
		return err
	}
	c, _ := comp.([]T)
	return kernels.Reduce(g, op, d, s, c)
}
