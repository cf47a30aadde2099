package layers

import (
	"context"
	"fmt"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
	"github.com/x448/float16"
)

// Multinomial-13: shape inference (multinomial.cpp, multinomial_shape_inference.hpp) and
// execution by kernels.Multinomial (reference/multinomial.hpp), its uniform samples from
// RandomUniform's generator with the openvino alignment (the default argument of
// reference::random_uniform that multinomial.hpp calls).

type moreMultinomial struct {
	ConvertType     ir.ElementType `attr:"convert_type"`
	WithReplacement bool           `attr:"with_replacement"`
	LogProbs        bool           `attr:"log_probs"`
	GlobalSeed      uint64         `attr:"global_seed"`
	OpSeed          uint64         `attr:"op_seed"`
}

func (m *moreMultinomial) Infer(in []Input) ([]Output, error) {
	if err := moreCount("Multinomial", in, 2, 2); err != nil {
		return nil, err
	}
	// multinomial_shape_inference.hpp (current): 2-D probabilities only (rounds before 16
	// also took 1-D ones, the rule of an older revision); the output is [batch, num_samples]
	// with num_samples read as a shape (a value or bounds).
	probs, num := in[0].Shape, in[1].Shape
	if !moreRankCompatible(probs, 2) {
		return nil, fmt.Errorf("Input probabilities must be a 2D tensor. (got %s)", probs)
	}
	if !moreScalarOr1(num) {
		return nil, fmt.Errorf("Number of samples must be a scalar or one element 1D tensor. (got %s)", num)
	}
	nv, known := in[1].ints()
	if known && len(nv) > 0 && nv[0] < 0 {
		return nil, fmt.Errorf("Number of samples must be non-negative. Got number of samples: %d", nv[0])
	}
	out := ir.DynamicRankShape()
	if !probs.DynamicRank {
		out = ir.Shape{Dims: []ir.Dim{probs.Dims[0], ir.DynamicDim()}}
		if lo, hi, bounded := in[1].bounded(); bounded && len(lo) > 0 {
			out.Dims[1] = boundToDim(lo[0], hi[0], in[1].Type)
		}
	}
	if t := in[0].Type; t.IsStatic() && !t.IsFloat() {
		return nil, fmt.Errorf("Expected floating point type as element type for the 'probs' input. (got %s)", t)
	}
	if t := in[1].Type; t.IsStatic() && !t.IsInteger() {
		return nil, fmt.Errorf("Expected integer type as element type for the 'num_samples' input. (got %s)", t)
	}
	return []Output{{Type: m.ConvertType, Shape: out}}, nil
}

func (m *moreMultinomial) stateful() {}

func (m *moreMultinomial) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	outs, err := m.Infer(in)
	if err != nil {
		return nil, err
	}
	od, ok := staticDims(outs[0].Shape)
	if !ok {
		return nil, &ir.UnsupportedError{What: "Multinomial whose num_samples is not known before execution"}
	}
	pd, ok := staticDims(in[0].Shape)
	if !ok || len(pd) < 1 || len(pd) > 2 {
		return nil, fmt.Errorf("Multinomial: probs shape %s is not a static 1-D or 2-D shape", in[0].Shape)
	}
	g := kernels.MultinomialGeom{Batch: 1, Classes: pd[0], WithReplacement: m.WithReplacement, LogProbs: m.LogProbs}
	if len(pd) == 2 {
		g.Batch, g.Classes = pd[0], pd[1]
	}
	g.Samples = od[len(od)-1]
	if g.Classes < 1 {
		return nil, fmt.Errorf("Multinomial: probs have no classes (%v)", pd)
	}
	if ot := m.ConvertType; ot != ir.I32 && ot != ir.I64 {
		return nil, unsupportedType("Multinomial output", ot)
	}
	if it := in[1].Type; it != ir.I32 && it != ir.I64 {
		return nil, unsupportedType("Multinomial num_samples", it)
	}
	typ := in[0].Type
	n, s := g.Batch*g.Classes, g.Batch*g.Samples
	scratch := new(kernels.RandomScratch)
	spec := func() kernels.RandomSpec {
		sp := m.spec()
		sp.Scratch = scratch
		return sp
	}
	idx := make([]int64, s)
	var sample [1]int64
	var run func(in *ir.Tensor) error
	switch typ {
	case ir.F64:
		cdf, uni := make([]float64, n), make([]float64, s)
		run = func(p *ir.Tensor) error {
			probs, ok := p.Data.([]float64)
			if !ok {
				return fmt.Errorf("Multinomial: probs of type %s hold %T", p.Type, p.Data)
			}
			if err := kernels.RandomUniformF64(spec(), uni, 0, 1); err != nil {
				return err
			}
			return kernels.Multinomial(g, probs, uni, cdf, idx)
		}
	case ir.F32, ir.F16, ir.BF16:
		cdf, uni := make([]float32, n), make([]float32, s)
		var wide []float32
		var f16 []float16.Float16
		var b16 []uint16
		switch typ {
		case ir.F16:
			wide, f16 = make([]float32, n), make([]float16.Float16, s)
		case ir.BF16:
			wide, b16 = make([]float32, n), make([]uint16, s)
		}
		run = func(p *ir.Tensor) error {
			var probs []float32
			var err error
			switch d := p.Data.(type) {
			case []float32:
				probs = d
				err = kernels.RandomUniformF32(spec(), uni, 0, 1)
			case []float16.Float16:
				if len(d) != n || f16 == nil {
					return fmt.Errorf("Multinomial: probs of %d elements, want %d", len(d), n)
				}
				kernels.F16ToF32(wide, d)
				probs = wide
				if err = kernels.RandomUniformF16(spec(), f16, float16.Fromfloat32(0), float16.Fromfloat32(1)); err == nil {
					kernels.F16ToF32(uni, f16)
				}
			case []uint16:
				if len(d) != n || b16 == nil {
					return fmt.Errorf("Multinomial: probs of %d elements, want %d", len(d), n)
				}
				kernels.BF16ToF32(wide, d)
				probs = wide
				if err = kernels.RandomUniformBF16(spec(), b16, 0, 0x3f80); err == nil {
					kernels.BF16ToF32(uni, b16)
				}
			default:
				return fmt.Errorf("Multinomial: probs of type %s hold %T", p.Type, p.Data)
			}
			if err != nil {
				return err
			}
			return kernels.Multinomial(g, probs, uni, cdf, idx)
		}
	default:
		return nil, unsupportedType("Multinomial", typ)
	}
	return kernelFunc(func(_ context.Context, in, out []*ir.Tensor) error {
		if len(in) != 2 || len(out) != 1 || in[0] == nil || in[1] == nil || out[0] == nil {
			return fmt.Errorf("Multinomial: expected 2 inputs and 1 output, got %d and %d", len(in), len(out))
		}
		if err := readInts(in[1], sample[:]); err != nil {
			return fmt.Errorf("Multinomial: num_samples: %w", err)
		}
		if sample[0] != int64(g.Samples) {
			return fmt.Errorf("Multinomial: num_samples %d does not match the prepared %d", sample[0], g.Samples)
		}
		if err := run(in[0]); err != nil {
			return fmt.Errorf("Multinomial: %w", err)
		}
		switch o := out[0].Data.(type) {
		case []int64:
			if len(o) != s {
				return fmt.Errorf("Multinomial: output of %d elements, want %d", len(o), s)
			}
			copy(o, idx)
		case []int32:
			if len(o) != s {
				return fmt.Errorf("Multinomial: output of %d elements, want %d", len(o), s)
			}
			for i, v := range idx {
				o[i] = int32(v)
			}
		default:
			return fmt.Errorf("Multinomial: output holds %T", out[0].Data)
		}
		return nil
	}), nil
}

func (m *moreMultinomial) spec() kernels.RandomSpec {
	gs, os := miscSeeds(m.GlobalSeed, m.OpSeed)
	return kernels.RandomSpec{GlobalSeed: gs, OpSeed: os, Alignment: kernels.RandomOpenvino}
}
