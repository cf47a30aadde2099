package layers

import (
	"context"
	"fmt"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// Kernel binding shared by the conv family (Convolution, GroupConvolution, the backprop
// ops, MatMul, Interpolate): one computation instantiated per element type in famFns, one
// type switch in famBind. f16 and bf16 run through f32 scratch, as OpenVINO's evaluate does.

// famFns is one computation over the op's data inputs (the first len(ins) inputs, all of
// the op's element type), instantiated for each element type the family computes on.
type famFns struct {
	f32 func(ins [][]float32, out []float32) error
	f64 func(ins [][]float64, out []float64) error
	i8  func(ins [][]int8, out []int8) error
	i16 func(ins [][]int16, out []int16) error
	i32 func(ins [][]int32, out []int32) error
	i64 func(ins [][]int64, out []int64) error
	u8  func(ins [][]uint8, out []uint8) error
	u16 func(ins [][]uint16, out []uint16) error
	u32 func(ins [][]uint32, out []uint32) error
	u64 func(ins [][]uint64, out []uint64) error
}

// famBind returns the kernel of an op whose data inputs have inLens elements and whose
// output has outLen elements, computing on element type t.
func famBind(op string, t ir.ElementType, inLens []int, outLen int, f famFns) (Kernel, error) {
	n := len(inLens)
	switch t {
	case ir.F32:
		return famKernel(op, t, n, f.f32), nil
	case ir.F64:
		return famKernel(op, t, n, f.f64), nil
	case ir.I8:
		return famKernel(op, t, n, f.i8), nil
	case ir.I16:
		if f.i16 != nil {
			return famKernel(op, t, n, f.i16), nil
		}
	case ir.U16:
		if f.u16 != nil {
			return famKernel(op, t, n, f.u16), nil
		}
	case ir.I32:
		return famKernel(op, t, n, f.i32), nil
	case ir.I64:
		return famKernel(op, t, n, f.i64), nil
	case ir.U8:
		return famKernel(op, t, n, f.u8), nil
	case ir.U32:
		return famKernel(op, t, n, f.u32), nil
	case ir.U64:
		return famKernel(op, t, n, f.u64), nil
	case ir.F16, ir.BF16:
		return famHalf(op, t, inLens, outLen, f.f32), nil
	}
	return nil, unsupportedType(op, t)
}

func famKernel[T kernels.Number](op string, t ir.ElementType, n int, run func([][]T, []T) error) Kernel {
	ins := make([][]T, n)
	return kernelFunc(func(_ context.Context, in, out []*ir.Tensor) error {
		if len(in) < n || len(out) < 1 {
			return fmt.Errorf("%s: expected %d inputs and 1 output, got %d and %d", op, n, len(in), len(out))
		}
		for i := range ins {
			d, ok := in[i].Data.([]T)
			if !ok || !dataMatches(t, in[i].Data) {
				return fmt.Errorf("%s: input %d of type %s holds %T", op, i, t, in[i].Data)
			}
			ins[i] = d
		}
		o, ok := out[0].Data.([]T)
		if !ok || !dataMatches(t, out[0].Data) {
			return fmt.Errorf("%s: output of type %s holds %T", op, t, out[0].Data)
		}
		return run(ins, o)
	})
}

// famHalf stages f16/bf16 data inputs through f32 scratch and narrows the f32 result.
func famHalf(op string, t ir.ElementType, inLens []int, outLen int, run func([][]float32, []float32) error) Kernel {
	hs := make([]*half, len(inLens))
	ins := make([][]float32, len(inLens))
	for i, l := range inLens {
		hs[i] = newHalf(t, l, 0)
		ins[i] = hs[i].src
	}
	outH := newHalf(t, 0, outLen)
	return kernelFunc(func(_ context.Context, in, out []*ir.Tensor) error {
		if len(in) < len(hs) || len(out) < 1 {
			return fmt.Errorf("%s: expected %d inputs and 1 output, got %d and %d", op, len(hs), len(in), len(out))
		}
		for i, h := range hs {
			if err := h.widen(in[i].Data); err != nil {
				return fmt.Errorf("%s: input %d: %w", op, i, err)
			}
		}
		if err := run(ins, outH.dst); err != nil {
			return err
		}
		return outH.narrow(out[0].Data)
	})
}

// staticIn returns the static dims of every input, or an error naming the first that is not.
func staticIn(op string, in []Input) ([][]int, error) {
	out := make([][]int, len(in))
	for i, x := range in {
		d, ok := staticDims(x.Shape)
		if !ok {
			return nil, fmt.Errorf("%s: input %d shape %s is not static", op, i, x.Shape)
		}
		out[i] = d
	}
	return out, nil
}

// ---------------------------------------------------------------- convolution

func convRun[T kernels.Number](g kernels.ConvGeom, back bool) func([][]T, []T) error {
	if back {
		return func(ins [][]T, out []T) error { return kernels.ConvBackpropReference(g, ins[0], ins[1], out) }
	}
	return func(ins [][]T, out []T) error { return kernels.ConvReference(g, ins[0], ins[1], out) }
}

func convFns(g kernels.ConvGeom, back bool) famFns {
	return famFns{
		f32: convRun[float32](g, back), f64: convRun[float64](g, back),
		i8: convRun[int8](g, back), i16: convRun[int16](g, back), i32: convRun[int32](g, back),
		i64: convRun[int64](g, back), u8: convRun[uint8](g, back), u16: convRun[uint16](g, back),
		u32: convRun[uint32](g, back), u64: convRun[uint64](g, back),
	}
}

// convKernelGeom builds the kernel geometry from static shapes and the inferred geometry.
func convKernelGeom(k convKind, data, filters []int, g convGeom) (kernels.ConvGeom, error) {
	ns := g.numSpatial
	outDims, ok := staticDims(g.out)
	if !ok || ns < 1 || len(data) != ns+2 || len(filters) != ns+k.filterNonSpatial() || len(outDims) != ns+2 {
		return kernels.ConvGeom{}, fmt.Errorf("%s: output %s is not static or ranks disagree", k.name(), g.out)
	}
	kg := kernels.ConvGeom{N: data[0], Groups: 1,
		In: data[2:], Out: outDims[2:], Kernel: filters[len(filters)-ns:],
		Strides: toInts(g.strides), Dilations: toInts(g.dilations), PadsBegin: toInts(g.padsBegin)}
	switch {
	case k.group && k.backprop:
		kg.Groups, kg.InC, kg.OutC = filters[0], filters[1], filters[2]
	case k.group:
		kg.Groups, kg.OutC, kg.InC = filters[0], filters[1], filters[2]
	case k.backprop:
		kg.InC, kg.OutC = filters[0], filters[1]
	default:
		kg.OutC, kg.InC = filters[0], filters[1]
	}
	if kg.Groups*kg.InC != data[1] || kg.Groups*kg.OutC != outDims[1] {
		return kg, fmt.Errorf("%s: data channels %d do not match filters %v", k.name(), data[1], filters)
	}
	if err := kg.Validate(); err != nil {
		return kg, fmt.Errorf("%s: %w", k.name(), err)
	}
	return kg, nil
}

// kernelGeom returns the element type and kernel geometry of a (group) convolution on
// static inputs.
func (c *convOp) kernelGeom(in []Input) (ir.ElementType, kernels.ConvGeom, error) {
	name := c.kind.name()
	if len(in) != 2 {
		return 0, kernels.ConvGeom{}, fmt.Errorf("%s expects 2 inputs, got %d", name, len(in))
	}
	dims, err := staticIn(name, in)
	if err != nil {
		return 0, kernels.ConvGeom{}, err
	}
	t, err := convTypes(c.kind, in[0].Type, in[1].Type)
	if err != nil {
		return 0, kernels.ConvGeom{}, err
	}
	g, err := c.attrs().geometry(c.kind, in[0].Shape, in[1].Shape, false, ir.Shape{}, nil)
	if err != nil {
		return 0, kernels.ConvGeom{}, err
	}
	kg, err := convKernelGeom(c.kind, dims[0], dims[1], g)
	return t, kg, err
}

func (c *convOp) Prepare(in []Input, opts ExecOptions) (Kernel, error) {
	name := c.kind.name()
	t, kg, err := c.kernelGeom(in)
	if err != nil {
		return nil, err
	}
	if k, err := dwPrepare(name, t, kg, in[1], opts); k != nil || err != nil {
		return k, err
	}
	if k, err := convFast(name, t, kg, in[1], opts); k != nil || err != nil {
		return k, err
	}
	d, f, o := kg.ConvLens()
	return famBind(name, t, []int{d, f}, o, convFns(kg, false))
}

// kernelGeom returns the element type and kernel geometry of a (group) transposed
// convolution on static inputs (an output_shape input must be a constant).
func (c *convBackpropOp) kernelGeom(in []Input) (ir.ElementType, kernels.ConvGeom, error) {
	name := c.kind.name()
	dims, err := staticIn(name, in)
	if err != nil {
		return 0, kernels.ConvGeom{}, err
	}
	if len(in) < 2 {
		return 0, kernels.ConvGeom{}, fmt.Errorf("%s expects 2 or 3 inputs, got %d", name, len(in))
	}
	if len(in) == 3 && in[2].Value == nil {
		return 0, kernels.ConvGeom{}, &ir.UnsupportedError{What: name + " with an output_shape input that is not known before execution"}
	}
	t, g, err := c.backpropGeometry(in)
	if err != nil {
		return 0, kernels.ConvGeom{}, err
	}
	kg, err := convKernelGeom(c.kind, dims[0], dims[1], g)
	return t, kg, err
}

func (c *convBackpropOp) Prepare(in []Input, opts ExecOptions) (Kernel, error) {
	name := c.kind.name()
	t, kg, err := c.kernelGeom(in)
	if err != nil {
		return nil, err
	}
	if k, err := convBackpropFast(name, t, kg, in[1], opts); k != nil || err != nil {
		return k, err
	}
	d, f, o := kg.ConvLens()
	return famBind(name, t, []int{d, f}, o, convFns(kg, true))
}

// ---------------------------------------------------------------- MatMul

func matMulRun[T kernels.Number](g kernels.MatMulGeom) func([][]T, []T) error {
	return func(ins [][]T, out []T) error { return kernels.MatMulReference(g, ins[0], ins[1], out) }
}

// matMulGeom applies MatMul's 1-D promotion and batch alignment to static shapes.
func (m *matMulOp) matMulGeom(a, b []int) (kernels.MatMulGeom, error) {
	g := kernels.MatMulGeom{TransA: m.TransposeA && len(a) > 1, TransB: m.TransposeB && len(b) > 1}
	if len(a) == 0 || len(b) == 0 {
		return g, fmt.Errorf("MatMul: scalar inputs")
	}
	if len(a) == 1 {
		a = []int{1, a[0]}
	}
	if len(b) == 1 {
		b = []int{b[0], 1}
	}
	ra, rb := len(a), len(b)
	g.M, g.K = a[ra-2], a[ra-1]
	if g.TransA {
		g.M, g.K = g.K, g.M
	}
	kb, n := b[rb-2], b[rb-1]
	if g.TransB {
		kb, n = n, kb
	}
	if kb != g.K {
		return g, fmt.Errorf("MatMul: inner dimensions %d and %d differ", g.K, kb)
	}
	g.N = n
	r := max(ra, rb) - 2
	g.Batch, g.ABatch, g.BBatch = make([]int, r), make([]int, r), make([]int, r)
	for i := 0; i < r; i++ {
		x, y := 1, 1
		if j := i - (r - (ra - 2)); j >= 0 {
			x = a[j]
		}
		if j := i - (r - (rb - 2)); j >= 0 {
			y = b[j]
		}
		g.ABatch[i], g.BBatch[i] = x, y
		switch {
		case x == y || y == 1:
			g.Batch[i] = x
		case x == 1:
			g.Batch[i] = y
		default:
			return g, fmt.Errorf("MatMul: batch dimensions %d and %d do not broadcast", x, y)
		}
	}
	return g, g.Validate()
}

// fastGeom returns the geometry and operand lengths of a MatMul the fast kernel computes
// (f32, f16 or bf16 on static inputs).
func (m *matMulOp) fastGeom(in []Input) (kernels.MatMulGeom, int, int, bool) {
	if len(in) != 2 {
		return kernels.MatMulGeom{}, 0, 0, false
	}
	dims, err := staticIn("MatMul", in)
	if err != nil {
		return kernels.MatMulGeom{}, 0, 0, false
	}
	outs, err := m.Infer(in)
	if err != nil || len(outs) != 1 || !gemmFastType(outs[0].Type) {
		return kernels.MatMulGeom{}, 0, 0, false
	}
	g, err := m.matMulGeom(dims[0], dims[1])
	if err != nil {
		return kernels.MatMulGeom{}, 0, 0, false
	}
	return g, product(dims[0]), product(dims[1]), true
}

func (m *matMulOp) Prepare(in []Input, opts ExecOptions) (Kernel, error) {
	if len(in) != 2 {
		return nil, fmt.Errorf("MatMul expects 2 inputs, got %d", len(in))
	}
	dims, err := staticIn("MatMul", in)
	if err != nil {
		return nil, err
	}
	outs, err := m.Infer(in)
	if err != nil {
		return nil, err
	}
	g, err := m.matMulGeom(dims[0], dims[1])
	if err != nil {
		return nil, err
	}
	la, lb := product(dims[0]), product(dims[1])
	od, _ := staticDims(outs[0].Shape)
	if k, err := matMulFast(outs[0].Type, g, in[1], la, lb, product(od), opts); k != nil || err != nil {
		return k, err
	}
	return famBind("MatMul", outs[0].Type, []int{la, lb}, product(od), famFns{
		f32: matMulRun[float32](g), f64: matMulRun[float64](g),
		i8: matMulRun[int8](g), i16: matMulRun[int16](g), i32: matMulRun[int32](g), i64: matMulRun[int64](g),
		u8: matMulRun[uint8](g), u16: matMulRun[uint16](g), u32: matMulRun[uint32](g), u64: matMulRun[uint64](g),
	})
}
