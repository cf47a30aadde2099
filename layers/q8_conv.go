package layers

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"unsafe"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// The int8 convolution: the op side of the graph's int8 pass (graph/q8.go). A
// Convolution (one group, f32) whose data are the output of a FakeQuantize with constant
// per-tensor ranges and at most 256 levels (directly, or through Split/VariadicSplit and
// Concats of such outputs on the same grid), and whose filters are the constant
// folding of Multiply(Convert(i8 Const), per-channel scale), is computed on u8 codes ×
// i8 filter codes with an exact int32 sum (kernels.Q8Conv), dequantised per channel and
// followed by the step's fused epilogue. docs/semantics.md states how the results
// differ from the float32 convolution of the FakeQuantize outputs.

// q8MinInC: below 4 input channels (an image stem) the codes' gather costs more than
// the float32 convolution (3→16 3×3 stride 2 on 640×640: 4.2–5.9 ms vs 2.1 ms).
const q8MinInC = 4

// Q8Grid is the output grid of a FakeQuantize: Lo + q·(Hi − Lo)/(Levels − 1).
type Q8Grid struct {
	Lo, Hi float32
	Levels int
}

// Q8FakeQuantizeGrid returns the grid every output of a FakeQuantize node lies on: f32
// data, levels in [2, 256], the four ranges constant single values, output_low <
// output_high.
func Q8FakeQuantizeGrid(op Op, in []Input) (Q8Grid, bool) {
	o, ok := op.(*fakeQuantizeOp)
	if !ok || len(in) != 5 || in[0].Type != ir.F32 || o.Levels < 2 || o.Levels > 256 {
		return Q8Grid{}, false
	}
	var r [4]float32
	for i := range r {
		v := in[i+1].Value
		if v == nil || v.Type != ir.F32 {
			return Q8Grid{}, false
		}
		s, ok := v.Data.([]float32)
		if !ok || len(s) != 1 {
			return Q8Grid{}, false
		}
		r[i] = s[0]
	}
	if !(r[2] < r[3]) {
		return Q8Grid{}, false
	}
	return Q8Grid{Lo: r[2], Hi: r[3], Levels: int(o.Levels)}, true
}

// Q8Filters recovers integer filter codes and per-output-channel scales from the
// constant folding filt = Multiply(Convert(codes), scale): codes an i8 tensor of filt's
// shape, scale f32 broadcasting along axis 0 only (or a single value); every element of
// filt must equal float32(code)·scale, bit for bit (so the pair is what the model's
// weights are). The codes returned are codes' data, shared (constants are never written).
func Q8Filters(filt, codes, scale *ir.Tensor) ([]int8, []float32, bool) {
	if filt == nil || codes == nil || scale == nil || filt.Type != ir.F32 || codes.Type != ir.I8 || scale.Type != ir.F32 {
		return nil, nil, false
	}
	f, ok1 := filt.Data.([]float32)
	q, ok2 := codes.Data.([]int8)
	s, ok3 := scale.Data.([]float32)
	if !ok1 || !ok2 || !ok3 || len(f) != len(q) || len(f) == 0 || !slices.Equal(filt.Shape, codes.Shape) || len(filt.Shape) < 1 {
		return nil, nil, false
	}
	oc := filt.Shape[0]
	if oc < 1 || len(f)%oc != 0 {
		return nil, nil, false
	}
	switch {
	case len(s) == 1:
	case len(s) == oc && len(scale.Shape) >= 1:
		// [oc], [oc,1,...,1] of filt's rank
		lead := len(filt.Shape) - len(scale.Shape)
		if lead < 0 || (lead > 0 && len(scale.Shape) != len(filt.Shape)) {
			return nil, nil, false
		}
		for i, d := range scale.Shape {
			if d != 1 && i != 0 {
				return nil, nil, false
			}
		}
		if len(scale.Shape) != len(filt.Shape) {
			return nil, nil, false
		}
	default:
		return nil, nil, false
	}
	per := len(f) / oc
	for i, v := range q {
		sc := s[0]
		if len(s) > 1 {
			sc = s[i/per]
		}
		if float32(float32(v)*sc) != f[i] {
			return nil, nil, false
		}
	}
	return slices.Clip(q), slices.Clone(s), true
}

// NewQ8Conv returns the int8 form of a step: op is a Convolution or a fused
// Convolution+epilogue (EpilogueFusion.Op) on static f32 inputs in, grid the data's
// grid, codes and scales the filters (Q8Filters). It reports false when the step does
// not qualify or kernels.NewQ8Conv refuses the geometry.
func NewQ8Conv(op Op, in []Input, grid Q8Grid, codes []int8, scales []float32) (Op, bool) {
	q := &q8ConvOp{orig: op, grid: grid, codes: codes, scales: scales, label: "Convolution"}
	switch o := op.(type) {
	case *convOp:
		q.conv = o
	case *fusedEpiOp:
		c, ok := o.base.(*convOp)
		if !ok || o.nBase != 2 || o.t != ir.F32 {
			return nil, false
		}
		q.conv, q.epi, q.label = c, o.epi, o.label
	default:
		return nil, false
	}
	if q.conv.kind.group || q.conv.kind.backprop || len(in) < 2 || in[0].Type != ir.F32 {
		return nil, false
	}
	t, kg, err := q.conv.kernelGeom(in[:2])
	if err != nil || t != ir.F32 || kg.Groups != 1 || kg.InC < q8MinInC {
		return nil, false
	}
	k, err := kernels.NewQ8Conv(kg, codes, scales, grid.Lo, grid.Hi, grid.Levels)
	if err != nil {
		return nil, false
	}
	q.mfPacked = k
	q.label = "Convolution[u8]" + strings.TrimPrefix(q.label, "Convolution")
	return q, true
}

// q8ConvOp is a Convolution (with its fused epilogue) computed on integer codes.
type q8ConvOp struct {
	orig   Op // the float32 op it replaces: its Infer, and the kernel of a run with NaN data
	conv   *convOp
	epi    *kernels.Epilogue
	grid   Q8Grid
	codes  []int8
	scales []float32
	label  string
	// mfPacked holds the filters packed once by NewQ8Conv; each Prepare clones it.
	mfPacked *kernels.Q8Conv
}

func (o *q8ConvOp) Infer(in []Input) ([]Output, error) { return o.orig.Infer(in) }

// Label names the op in profiles: "Convolution[u8]+Add+Swish+FakeQuantize".
func (o *q8ConvOp) Label() string { return o.label }

func (o *q8ConvOp) Prepare(in []Input, opts ExecOptions) (Kernel, error) {
	nres := o.epi.Residuals()
	if len(in) != 2+nres {
		return nil, fmt.Errorf("%s expects %d inputs, got %d", o.label, 2+nres, len(in))
	}
	_, kg, err := o.conv.kernelGeom(in[:2])
	if err != nil {
		return nil, err
	}
	q, err := o.mfPacked.Clone(kg)
	if err != nil { // other shapes than those NewQ8Conv was given: pack again
		q, err = kernels.NewQ8Conv(kg, o.codes, o.scales, o.grid.Lo, o.grid.Hi, o.grid.Levels)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", o.label, err)
	}
	if err := q.SetEpilogue(o.epi); err != nil {
		return nil, fmt.Errorf("%s: %w", o.label, err)
	}
	// A run whose data hold a NaN computes in float32 with the reference kernels (the
	// filters are the folded constant, read in place).
	ref := opts
	ref.Reference = true
	fb, err := Prepare(o.orig, in, ref)
	if err != nil {
		return nil, err
	}
	ls, lo := q.Lens()
	k := &q8ConvKernel{label: o.label, q: q, w: opts.Workers, ls: ls, lo: lo, fallback: fb,
		res: make([][]float32, nres)}
	if opts.Arena != nil {
		// The codes live in the executor's shared scratch (they are dead after the run).
		k.arena, k.nCodes, k.bufs = opts.Arena, q.CodesLen(), make([][]float32, 1)
		k.arena.Reserve(k.nCodes)
	} else if err := q.UseCodes(make([]uint32, q.CodesLen())); err != nil {
		return nil, err
	}
	return k, nil
}

type q8ConvKernel struct {
	label    string
	q        *kernels.Q8Conv
	w        *kernels.Workers
	ls, lo   int
	fallback Kernel
	res      [][]float32
	arena    *kernels.GemmArena
	nCodes   int
	bufs     [][]float32
}

func (k *q8ConvKernel) Run(ctx context.Context, in, out []*ir.Tensor) error {
	if len(in) != 2+len(k.res) || len(out) < 1 {
		return fmt.Errorf("%s: expected %d inputs and 1 output, got %d and %d", k.label, 2+len(k.res), len(in), len(out))
	}
	src, err := gemmF32(ir.F32, in[0].Data, k.ls, nil)
	if err != nil {
		return fmt.Errorf("%s: data: %w", k.label, err)
	}
	dst, err := gemmOut(ir.F32, out[0].Data, k.lo, nil)
	if err != nil {
		return fmt.Errorf("%s: %w", k.label, err)
	}
	for i := range k.res {
		r, err := gemmF32(ir.F32, in[2+i].Data, k.lo, nil)
		if err != nil {
			return fmt.Errorf("%s: residual: %w", k.label, err)
		}
		k.res[i] = r
	}
	defer clear(k.res)
	if k.arena != nil {
		k.arena.Take(k.bufs, k.nCodes)
		b := k.bufs[0]
		if err := k.q.UseCodes(unsafe.Slice((*uint32)(unsafe.Pointer(unsafe.SliceData(b))), len(b))); err != nil {
			return fmt.Errorf("%s: %w", k.label, err)
		}
	}
	ok, err := k.q.Run(ctx, k.w, src, dst, k.res)
	if err != nil || ok {
		return err
	}
	return k.fallback.Run(ctx, in, out)
}
