package layers

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// Parameter-1, Constant-1 (type "Const"), Result-1, Convert-1, Transpose-1 (§7).

// maxFoldElements bounds the tensors Transpose folds at inference time.
const maxFoldElements = 1 << 20

// mfConvertFoldLimit bounds the tensors Convert folds at inference time: shape and index
// values, not weights (a Convert of f16 or i8 filters is folded by Compile, which keeps
// only the values its plans read, where the graph would hold every intermediate; see
// mfWeightConvert).
const mfConvertFoldLimit = 1 << 12

// ---------------------------------------------------------------- Parameter

type parameterOp struct {
	typ   ir.ElementType
	shape ir.Shape
}

func decodeParameter(l *ir.Layer, _ *ir.Model, _ int) (Op, []ir.Diagnostic) {
	// ir.Read reports a missing <data> and bad shape/element_type (missing-data,
	// invalid-attribute), so this decoder is quiet. Without <data> the older
	// OpenVINO reader makes a scalar of dynamic type; irrun does the same.
	d := newDecoder(l)
	d.quiet = true
	p := &parameterOp{typ: ir.Dynamic, shape: ir.Shape{Dims: []ir.Dim{}}}
	if s, ok, err := l.Data.Shape("shape"); err != nil {
		d.bad("shape", err)
	} else if ok {
		p.shape = s
	}
	if t, ok := d.elemType("element_type", ir.Dynamic); ok {
		p.typ = t
	}
	if d.failed {
		return nil, d.diags
	}
	return p, d.diags
}

func (p *parameterOp) Infer(in []Input) ([]Output, error) {
	if len(in) != 0 {
		return nil, fmt.Errorf("Parameter expects no input, got %d", len(in))
	}
	return []Output{{Type: p.typ, Shape: cloneShape(p.shape)}}, nil
}

// Prepare returns a kernel that does nothing: the graph places the model input
// in the Parameter's output.
func (p *parameterOp) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	return kernelFunc(func(context.Context, []*ir.Tensor, []*ir.Tensor) error { return nil }), nil
}

// ---------------------------------------------------------------- Const

type constOp struct {
	typ      ir.ElementType
	shape    []int64
	value    *ir.Tensor
	valueErr error // why value is nil when it is
}

func decodeConst(l *ir.Layer, m *ir.Model, _ int) (Op, []ir.Diagnostic) {
	// ir.Read validates a Const's <data> (element_type, shape, offset, size) and its
	// bytes, and reports every problem; this decoder is quiet about them.
	d := newDecoder(l)
	d.quiet = true
	c := &constOp{typ: ir.Dynamic}
	if t, ok := d.elemType("element_type", ir.Dynamic); ok {
		c.typ = t
	}
	shape, hasShape := d.ints("shape")
	for _, v := range shape {
		if v < 0 || v > ir.MaxElements {
			d.failed = true
		}
	}
	c.shape = shape
	if d.failed {
		return nil, nil
	}
	d.quiet = false
	switch {
	case l.Type != "Const":
		c.valueErr = fmt.Errorf("OpenVINO attaches weights only to layers of type \"Const\"; this %q layer has no value", l.Type)
		d.report(ir.SeverityWarning, CodeInvalidAttribute, l.Offset, d.layerRef()+": "+c.valueErr.Error())
	case !hasShape || c.typ == ir.Dynamic:
		c.valueErr = errors.New("element_type or shape is missing, so OpenVINO attaches no data")
	case m == nil || m.Weights == nil:
		c.valueErr = errors.New("no data: no .bin was given or found beside the XML")
	default:
		// Problems with the data (outside the .bin, size mismatch) are reported by
		// the ir reader; here they only leave the value unknown.
		c.value, c.valueErr = m.ConstValue(l)
	}
	return c, d.diags
}

func (c *constOp) Infer(in []Input) ([]Output, error) {
	if len(in) != 0 {
		return nil, fmt.Errorf("Constant expects no input, got %d", len(in))
	}
	s := ir.Shape{Dims: make([]ir.Dim, len(c.shape))}
	for i, v := range c.shape {
		s.Dims[i] = ir.StaticDim(v)
	}
	return []Output{{Type: c.typ, Shape: s, Value: c.value, Constant: true}}, nil
}

// Prepare returns a kernel that copies the constant's value into its output.
func (c *constOp) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	if c.value == nil {
		return nil, c.valueErr
	}
	v := c.value
	return kernelFunc(func(_ context.Context, _ []*ir.Tensor, out []*ir.Tensor) error {
		if len(out) != 1 {
			return fmt.Errorf("Constant: expected 1 output tensor, got %d", len(out))
		}
		return copyData(out[0], v)
	}), nil
}

// ---------------------------------------------------------------- Result

type resultOp struct{}

func decodeResult(l *ir.Layer, _ *ir.Model, _ int) (Op, []ir.Diagnostic) { return resultOp{}, nil }

func (resultOp) Infer(in []Input) ([]Output, error) {
	if len(in) != 1 {
		return nil, fmt.Errorf("Result expects 1 input, got %d", len(in))
	}
	return []Output{{Type: in[0].Type, Shape: cloneShape(in[0].Shape), Value: in[0].Value, Constant: in[0].Constant}}, nil
}

// Prepare returns a kernel that copies the input to the output (a graph may
// instead alias the two tensors and not run it).
func (resultOp) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	return kernelFunc(func(_ context.Context, in, out []*ir.Tensor) error {
		if len(in) != 1 || len(out) != 1 {
			return fmt.Errorf("Result: expected 1 input and 1 output tensor, got %d and %d", len(in), len(out))
		}
		return copyData(out[0], in[0])
	}), nil
}

// ---------------------------------------------------------------- Convert

type convertOp struct {
	dst ir.ElementType
}

func decodeConvert(l *ir.Layer, _ *ir.Model, _ int) (Op, []ir.Diagnostic) {
	d := newDecoder(l)
	c := &convertOp{dst: ir.Dynamic}
	if t, ok := d.elemType("destination_type", ir.Dynamic); ok {
		c.dst = t
	}
	if d.failed {
		return nil, d.diags
	}
	return c, d.diags
}

func (c *convertOp) Infer(in []Input) ([]Output, error) {
	if len(in) != 1 {
		return nil, fmt.Errorf("Convert expects 1 input, got %d", len(in))
	}
	out := Output{Type: c.dst, Shape: cloneShape(in[0].Shape), Constant: in[0].Constant}
	if v := in[0].Value; v != nil && v.Len() <= mfConvertFoldLimit && convertible(v.Type) && convertible(c.dst) {
		if t, err := ConvertTensor(v, c.dst); err == nil {
			out.Value = t
		}
	}
	return []Output{out}, nil
}

func (c *convertOp) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	if len(in) != 1 {
		return nil, fmt.Errorf("Convert expects 1 input, got %d", len(in))
	}
	dims, ok := staticDims(in[0].Shape)
	if !ok {
		return nil, fmt.Errorf("Convert: input shape %s is not static", in[0].Shape)
	}
	n, err := ir.ElementCount(dims)
	if err != nil {
		return nil, err
	}
	cv, err := newConverter(in[0].Type, c.dst, n)
	if err != nil {
		return nil, err
	}
	return kernelFunc(func(_ context.Context, in, out []*ir.Tensor) error {
		if len(in) != 1 || len(out) != 1 {
			return fmt.Errorf("Convert: expected 1 input and 1 output tensor, got %d and %d", len(in), len(out))
		}
		return cv.run(out[0].Data, in[0].Data)
	}), nil
}

// Bounds through Convert-1 (OpenVINO's Convert::evaluate_lower/upper convert both bound
// tensors): conversion is monotone, so a bounded integer input keeps its bounds in an integer
// (or floating-point) output. An unbounded upper bound (ir.Inf) stays unbounded; a bound the
// destination cannot hold (a conversion that would wrap) leaves the output unbounded on that
// side, as narrowing i64 -> i32 of the type's maximum means "no bound" in OpenVINO too.
func (c *convertOp) evalBounds(in []Input, outs []Output) {
	if len(in) != 1 || len(outs) != 1 || in[0].Bounds == nil || outs[0].Value != nil {
		return
	}
	src, dst := in[0].Type, c.dst
	// A float source holds integer bounds too (tp9_float_bounds.go: arithmetic on shapes
	// converted to f32/f64, rounded outwards), so converting them back to integers is exact.
	if !(src.IsInteger() || src == ir.Boolean || src == ir.F32 || src == ir.F64) || !(dst.IsInteger() || dst == ir.F32 || dst == ir.F64) {
		return
	}
	b := in[0].Bounds
	if len(b.Lo) != len(b.Hi) {
		return
	}
	lo := make([]int64, len(b.Lo))
	hi := make([]int64, len(b.Hi))
	mx, mn := typeMax(dst), typeMin(dst)
	if !dst.IsInteger() {
		mx, mn = math.MaxInt64, math.MinInt64
	}
	for i := range lo {
		l, h := b.Lo[i], valueOrLimit(b.Hi[i], src)
		if h == ir.Inf || h >= mx {
			h = ir.Inf
		}
		if l < mn || l > h {
			// The lower bound wraps in the destination: only the type's range is known.
			l, h = mn, ir.Inf
		}
		if l >= mx {
			l = mx
		}
		lo[i], hi[i] = l, h
	}
	outs[0].Bounds = &Bounds{Lo: lo, Hi: hi}
	if dst.IsInteger() {
		settleBounds(outs)
	}
}

// CheckRunnable implements RunChecker.
func (c *convertOp) CheckRunnable(in []Input) error {
	if len(in) == 0 || !in[0].Type.IsStatic() {
		return nil
	}
	for _, t := range []ir.ElementType{in[0].Type, c.dst} {
		if !convertible(t) {
			return &ir.UnsupportedError{What: fmt.Sprintf("Convert from %s to %s (element type %s)", in[0].Type, c.dst, t)}
		}
	}
	return nil
}

// ---------------------------------------------------------------- Transpose

type transposeOp struct{}

func decodeTranspose(l *ir.Layer, _ *ir.Model, _ int) (Op, []ir.Diagnostic) {
	return transposeOp{}, nil
}

// isIntegralNumber is element::Type::is_integral_number: integers, not boolean.
func isIntegralNumber(t ir.ElementType) bool { return t.IsInteger() }

// transposeShape follows src/core/shape_inference/include/transpose_shape_inference.hpp
// and src/core/src/op/transpose.cpp. perm is the resolved permutation when known.
func transposeShape(in []Input) (out ir.Shape, perm []int, err error) {
	arg, order := in[0], in[1]
	if order.Type.IsStatic() && !isIntegralNumber(order.Type) {
		return out, nil, fmt.Errorf("Input order must have an integral number element type. (order is %s)", order.Type)
	}
	argRank, argRankOK := arg.Shape.Rank()
	if r, ok := order.Shape.Rank(); ok {
		if r != 1 {
			return out, nil, fmt.Errorf("Input order must be a vector. (order shape %s)", order.Shape)
		}
		d0 := order.Shape.Dims[0]
		compatible := !argRankOK || d0.Compatible(ir.StaticDim(int64(argRank)))
		if !compatible && !(d0.IsStatic() && d0.Lo == 0) {
			return out, nil, fmt.Errorf("Input order must have shape [n], where n is the rank of arg. (order shape %s, arg shape %s)", order.Shape, arg.Shape)
		}
	}
	var axes []int64
	if v, ok := order.ints(); ok { // a value, or bounds that meet (see Input.ints)
		axes = v
		if axes == nil {
			axes = []int64{}
		}
	}
	switch {
	case axes != nil && argRankOK:
		if len(axes) == 0 {
			perm = make([]int, argRank)
			for i := range perm {
				perm[i] = argRank - 1 - i
			}
		} else {
			seen := make([]bool, argRank)
			valid := len(axes) == argRank
			for _, a := range axes {
				if a < 0 || a >= int64(argRank) || seen[a] {
					valid = false
					break
				}
				seen[a] = true
			}
			if !valid {
				return out, nil, fmt.Errorf("Permutation AxisVector{%s} is not valid for input shape %s", fmtSizeT(axes), arg.Shape)
			}
			perm = toInts(axes)
		}
		out.Dims = make([]ir.Dim, argRank)
		for i, a := range perm {
			out.Dims[i] = arg.Shape.Dims[a]
		}
	case axes != nil && len(axes) > 0:
		out.Dims = make([]ir.Dim, len(axes))
		for i := range out.Dims {
			out.Dims[i] = ir.DynamicDim()
		}
	case axes != nil:
		// OpenVINO returns PartialShape::dynamic(0), i.e. a scalar, for an empty
		// order on a dynamic-rank input; irrun keeps the rank dynamic instead.
		out = ir.DynamicRankShape()
	case argRankOK:
		out.Dims = make([]ir.Dim, argRank)
		for i := range out.Dims {
			out.Dims[i] = ir.DynamicDim()
		}
	default:
		out = ir.DynamicRankShape()
	}
	return out, perm, nil
}

func (transposeOp) Infer(in []Input) ([]Output, error) {
	if len(in) != 2 {
		return nil, fmt.Errorf("Transpose expects 2 inputs, got %d", len(in))
	}
	shape, perm, err := transposeShape(in)
	if err != nil {
		return nil, err
	}
	out := Output{Type: in[0].Type, Shape: shape, Constant: in[0].Constant && in[1].Constant}
	if v := in[0].Value; v != nil && perm != nil && v.Len() <= maxFoldElements {
		if t, err := ir.NewTensor(v.Type, permuted(v.Shape, perm)); err == nil {
			if transposeData(nil, v.Data, t.Data, v.Shape, perm) == nil {
				out.Value = t
			}
		}
	}
	return []Output{out}, nil
}

func permuted(shape, perm []int) []int {
	out := make([]int, len(perm))
	for i, a := range perm {
		out[i] = shape[a]
	}
	return out
}

func (transposeOp) Prepare(in []Input, opts ExecOptions) (Kernel, error) {
	if len(in) != 2 {
		return nil, fmt.Errorf("Transpose expects 2 inputs, got %d", len(in))
	}
	dims, ok := staticDims(in[0].Shape)
	if !ok {
		return nil, fmt.Errorf("Transpose: input shape %s is not static", in[0].Shape)
	}
	// An order computed at run time (a Parameter, as OpenVINO's transpose.cpp dynamic
	// vectors feed it) leaves the output shape unknown when planning: the graph runs the node
	// in its run-time tail, which prepares it with the order's value (graph/dynamic.go).
	if in[1].Value == nil {
		return nil, &ir.UnsupportedError{What: "Transpose with an order that is not known before execution"}
	}
	_, perm, err := transposeShape(in)
	if err != nil {
		return nil, err
	}
	if perm == nil {
		return nil, fmt.Errorf("Transpose: order of type %s holds no integers", in[1].Value.Type)
	}
	t := in[0].Type
	w := opts.Workers
	if opts.Reference {
		w = nil
	}
	return kernelFunc(func(_ context.Context, in, out []*ir.Tensor) error {
		if len(in) != 2 || len(out) != 1 {
			return fmt.Errorf("Transpose: expected 2 input and 1 output tensors, got %d and %d", len(in), len(out))
		}
		if !dataMatches(t, in[0].Data) || !dataMatches(t, out[0].Data) {
			return fmt.Errorf("Transpose: tensors of type %s hold %T and %T", t, in[0].Data, out[0].Data)
		}
		return transposeData(w, in[0].Data, out[0].Data, dims, perm)
	}), nil
}

// transposeData runs kernels.Transpose on any element type's data.
func transposeData(w *kernels.Workers, src, dst any, shape, perm []int) error {
	switch s := src.(type) {
	case []float32:
		return transposeT(w, s, dst, shape, perm)
	case []float64:
		return transposeT(w, s, dst, shape, perm)
	case []int8:
		return transposeT(w, s, dst, shape, perm)
	case []int16:
		return transposeT(w, s, dst, shape, perm)
	case []int32:
		return transposeT(w, s, dst, shape, perm)
	case []int64:
		return transposeT(w, s, dst, shape, perm)
	case []uint8:
		return transposeT(w, s, dst, shape, perm)
	case []uint16:
		return transposeT(w, s, dst, shape, perm)
	case []uint32:
		return transposeT(w, s, dst, shape, perm)
	case []uint64:
		return transposeT(w, s, dst, shape, perm)
	case []bool:
		return transposeT(w, s, dst, shape, perm)
	case []string:
		return transposeT(w, s, dst, shape, perm)
	}
	if s, ok := src.([]f16); ok {
		return transposeT(w, s, dst, shape, perm)
	}
	return fmt.Errorf("Transpose: unsupported data %T", src)
}

func transposeT[T any](w *kernels.Workers, src []T, dst any, shape, perm []int) error {
	d, ok := dst.([]T)
	if !ok {
		return fmt.Errorf("Transpose: output data is %T, input is %T", dst, src)
	}
	return kernelsTranspose(w, src, d, shape, perm)
}
