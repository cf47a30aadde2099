package layers

import (
	"fmt"
	"slices"
	"strings"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// Elementwise anchors of the epilogue-fusion pass (graph/fuse.go, fuse_epilogue.go): an
// Add, Subtract, Multiply or Divide on f32/f16/bf16 whose broadcast is one of the fast
// geometries (same shapes, a scalar, a per-channel [1,C,1,1]-style operand) starts a
// fusion like a convolution does, and the chain after it (per-channel constants, a
// residual Add, activations, FakeQuantize on f32) runs in the same pass over the data,
// block by block (kernels.EltEpi). The channel of the steps is axis 1 (axis 0 of 1-D
// data). f32 gives the unfused graph's bits; f16/bf16 compute the chain in f32 and round
// once (docs/semantics.md §12).

// efNewFusion starts a fusion on an elementwise arithmetic op (see above), or reports
// false.
func efNewFusion(op Op, in []Input) (*EpilogueFusion, bool) {
	var b *eltBinary
	switch o := op.(type) {
	case *eltBinary:
		b = o
	case *eltDivide:
		b = o.bin()
	default:
		return nil, false
	}
	if b.fn.kind != eltArith || b.fn.arith > kernels.BinDivide || len(in) != 2 {
		return nil, false
	}
	for _, x := range in {
		if _, ok := staticDims(x.Shape); !ok {
			return nil, false
		}
	}
	outs, err := b.Infer(in)
	if err != nil || len(outs) != 1 || !gemmFastType(outs[0].Type) || in[0].Type != outs[0].Type || in[1].Type != outs[0].Type {
		return nil, false
	}
	dims, ok := staticDims(outs[0].Shape)
	if !ok || len(dims) == 0 {
		return nil, false
	}
	w, _, err := eltWalk(in, outs[0].Shape, b.spec(), 0)
	if err != nil {
		return nil, false
	}
	if k, err := kernels.NewEltEpi(b.fn.arith, w, efEltType(outs[0].Type), nil, 1, 1); err != nil || k == nil {
		return nil, false
	}
	chAxis := min(1, len(dims)-1)
	name, _, _ := strings.Cut(b.fn.name, "-")
	return &EpilogueFusion{base: op, baseIn: slices.Clone(in), t: outs[0].Type, out: dims,
		chAxis: chAxis, channels: dims[chAxis], names: []string{name}}, true
}

// efOp returns the fused op of a fusion anchored on an elementwise op.
func (f *EpilogueFusion) efOp() (Op, bool) {
	var b *eltBinary
	switch o := f.base.(type) {
	case *eltBinary:
		b = o
	case *eltDivide:
		b = o.bin()
	default:
		return nil, false
	}
	return &efFusedOp{base: f.base, bin: b, t: f.t, out: slices.Clone(f.out), chAxis: f.chAxis,
		epi: &kernels.Epilogue{Steps: slices.Clone(f.steps)}, label: f.Label()}, true
}

// efFusedOp is an elementwise op with a fused epilogue: inputs the op's two operands
// followed by the residual tensors of the steps.
type efFusedOp struct {
	base   Op
	bin    *eltBinary
	t      ir.ElementType
	out    []int
	chAxis int
	epi    *kernels.Epilogue
	label  string
}

func (o *efFusedOp) Infer(in []Input) ([]Output, error) {
	if len(in) != 2+o.epi.Residuals() {
		return nil, fmt.Errorf("%s expects %d inputs, got %d", o.label, 2+o.epi.Residuals(), len(in))
	}
	return []Output{{Type: o.t, Shape: shapeOfDims(o.out)}}, nil
}

func (o *efFusedOp) Prepare(in []Input, opts ExecOptions) (Kernel, error) {
	nres := o.epi.Residuals()
	if len(in) != 2+nres {
		return nil, fmt.Errorf("%s expects %d inputs, got %d", o.label, 2+nres, len(in))
	}
	for _, x := range in[2:] {
		if d, ok := staticDims(x.Shape); !ok || !slices.Equal(d, o.out) || x.Type != o.t {
			return nil, fmt.Errorf("%s: residual input %s%s, the output is %s%v", o.label, x.Type, x.Shape, o.t, o.out)
		}
	}
	outs, err := o.bin.Infer(in[:2])
	if err != nil {
		return nil, err
	}
	if d, ok := staticDims(outs[0].Shape); !ok || !slices.Equal(d, o.out) || outs[0].Type != o.t {
		return nil, fmt.Errorf("%s: the elementwise op gives %s%s, the fusion expects %s%v", o.label, outs[0].Type, outs[0].Shape, o.t, o.out)
	}
	w, _, err := eltWalk(in[:2], outs[0].Shape, o.bin.spec(), 0)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", o.label, err)
	}
	var k *kernels.EltEpi
	if !opts.Reference {
		k, err = kernels.NewEltEpi(o.bin.fn.arith, w, efEltType(o.t), o.epi, o.out[o.chAxis], product(o.out[o.chAxis+1:]))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", o.label, err)
		}
		if k != nil && len(o.out) >= 3 {
			k.SetPlane(product(o.out[2:]))
		}
	}
	if k == nil {
		// The op's own kernel, then the steps over its output.
		fb := &fusedEpiOp{base: o.base, nBase: 2, t: o.t, out: o.out, chAxis: o.chAxis, epi: o.epi, label: o.label}
		return fb.Prepare(in, opts)
	}
	return &efKernel{name: o.label, t: o.t, k: k, w: opts.Workers}, nil
}

// efRejects reports whether an elementwise anchor must not take step: Sigmoid and Swish,
// whose epilogue steps use a float32 exp within a few ulp of the standalone kernels, so
// that f32 chains after an elementwise node keep the unfused graph's bits.
func (f *EpilogueFusion) efRejects(step kernels.EpiStep) bool {
	switch f.base.(type) {
	case *eltBinary, *eltDivide:
		return step.Kind == kernels.EpiSigmoid || step.Kind == kernels.EpiSwish
	}
	return false
}
