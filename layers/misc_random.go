package layers

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
	"github.com/x448/float16"
)

// RandomUniform-8: shape inference (random_uniform.cpp, random_uniform_shape_inference.hpp)
// and execution by kernels.RandomUniform* (reference/random_uniform.cpp and
// utils/phillox_generator.cpp, phillox_converter.cpp).

type moreRandomUniform struct {
	OutType    ir.ElementType `attr:"output_type"`
	GlobalSeed uint64         `attr:"global_seed"`
	OpSeed     uint64         `attr:"op_seed"`
	// Alignment is the generator (kernels.RandomAlignment); empty is tensorflow, the
	// op's default.
	Alignment string `attr:"alignment,enum=tensorflow|pytorch|openvino"`
}

// moreScalarOr1 is `shape.compatible({}) || shape.compatible({1})`.
func moreScalarOr1(s ir.Shape) bool {
	return moreShapeCompatible(s, ir.Shape{}) || moreShapeCompatible(s, shapeOfDims([]int{1}))
}

func (r *moreRandomUniform) Infer(in []Input) ([]Output, error) {
	if err := moreCount("RandomUniform", in, 3, 3); err != nil {
		return nil, err
	}
	if t := in[0].Type; t != ir.Dynamic && t != ir.I32 && t != ir.I64 {
		return nil, fmt.Errorf("Type of the input should be int32 or int64. (got %s)", t)
	}
	if in[1].Type != in[2].Type {
		return nil, fmt.Errorf("'min_val' should have the same type as 'max_val'. (got %s and %s)", in[1].Type, in[2].Type)
	}
	ot := r.OutType
	if !(ot.IsFloat() || ot == ir.I32 || ot == ir.I64) || ot != in[1].Type {
		return nil, fmt.Errorf("'min_val' and 'max_val' should have the same type as 'out_type' attribute. (got %s, output_type %s)", in[1].Type, ot)
	}
	shapeS := in[0].Shape
	if !moreRankCompatible(shapeS, 1) {
		return nil, fmt.Errorf("The rank of the tensor defining output shape must be equal to 1. (got %s)", shapeS)
	}
	if !moreScalarOr1(in[1].Shape) {
		return nil, fmt.Errorf("Min value must be a scalar or one element 1D tensor. (got %s)", in[1].Shape)
	}
	if !moreScalarOr1(in[2].Shape) {
		return nil, fmt.Errorf("Max value must be a scalar or one element 1D tensor. (got %s)", in[2].Shape)
	}
	if in[1].Value != nil && in[2].Value != nil {
		lo, ok1 := in[1].Value.Float64s()
		hi, ok2 := in[2].Value.Float64s()
		if ok1 && ok2 && len(lo) > 0 && len(hi) > 0 && !(lo[0] < hi[0]) {
			return nil, fmt.Errorf("Min value must be less than max value. Got min value: %g, max value: %g", lo[0], hi[0])
		}
	}
	var out ir.Shape
	if _, _, ok := in[0].bounded(); ok {
		out = shapeInput(in[0])
	} else if shapeS.DynamicRank || shapeS.Dims[0].Hi == ir.Inf {
		out = ir.DynamicRankShape()
	} else if shapeS.Dims[0].Hi > 1<<16 {
		out = ir.DynamicRankShape()
	} else {
		out = dynamicDims(int(shapeS.Dims[0].Hi))
	}
	return []Output{{Type: ot, Shape: out}}, nil
}

// stateful: a random op is never folded.
func (r *moreRandomUniform) stateful() {}

func miscAlignment(s string) kernels.RandomAlignment {
	switch s {
	case "pytorch":
		return kernels.RandomPytorch
	case "openvino":
		return kernels.RandomOpenvino
	}
	return kernels.RandomTensorflow
}

// miscSeeds returns the generator seeds: OpenVINO replaces a global seed of 0 by a random
// one (std::rand after srand(time)) when both seeds are 0, so such a node gives new values
// at every run.
func miscSeeds(global, op uint64) (uint64, uint64) {
	if global == 0 && op == 0 {
		return uint64(rand.Uint32() >> 1), 0
	}
	return global, op
}

func (r *moreRandomUniform) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	outs, err := r.Infer(in)
	if err != nil {
		return nil, err
	}
	od, ok := staticDims(outs[0].Shape)
	if !ok {
		return nil, &ir.UnsupportedError{What: "RandomUniform whose output shape is not known before execution"}
	}
	n, err := ir.ElementCount(od)
	if err != nil {
		return nil, err
	}
	typ := r.OutType
	switch typ {
	case ir.F32, ir.F64, ir.F16, ir.BF16, ir.I32, ir.I64:
	default:
		return nil, unsupportedType("RandomUniform", typ)
	}
	align := miscAlignment(r.Alignment)
	scratch := new(kernels.RandomScratch)
	return kernelFunc(func(_ context.Context, in, out []*ir.Tensor) error {
		if len(in) != 3 || len(out) != 1 || in[1] == nil || in[2] == nil || out[0] == nil {
			return fmt.Errorf("RandomUniform: expected 3 inputs and 1 output, got %d and %d", len(in), len(out))
		}
		if in[1].Len() < 1 || in[2].Len() < 1 || out[0].Len() != n {
			return fmt.Errorf("RandomUniform: min, max or output of %d, %d, %d elements (want 1, 1, %d)", in[1].Len(), in[2].Len(), out[0].Len(), n)
		}
		gs, os := miscSeeds(r.GlobalSeed, r.OpSeed)
		spec := kernels.RandomSpec{GlobalSeed: gs, OpSeed: os, Alignment: align, Scratch: scratch}
		var err error
		switch o := out[0].Data.(type) {
		case []float32:
			mn, ok1 := in[1].Data.([]float32)
			mx, ok2 := in[2].Data.([]float32)
			if !ok1 || !ok2 {
				return miscTypeErr("RandomUniform", in[1], out[0])
			}
			err = kernels.RandomUniformF32(spec, o, mn[0], mx[0])
		case []float64:
			mn, ok1 := in[1].Data.([]float64)
			mx, ok2 := in[2].Data.([]float64)
			if !ok1 || !ok2 {
				return miscTypeErr("RandomUniform", in[1], out[0])
			}
			err = kernels.RandomUniformF64(spec, o, mn[0], mx[0])
		case []float16.Float16:
			mn, ok1 := in[1].Data.([]float16.Float16)
			mx, ok2 := in[2].Data.([]float16.Float16)
			if !ok1 || !ok2 {
				return miscTypeErr("RandomUniform", in[1], out[0])
			}
			err = kernels.RandomUniformF16(spec, o, mn[0], mx[0])
		case []uint16:
			mn, ok1 := in[1].Data.([]uint16)
			mx, ok2 := in[2].Data.([]uint16)
			if !ok1 || !ok2 || out[0].Type != ir.BF16 {
				return miscTypeErr("RandomUniform", in[1], out[0])
			}
			err = kernels.RandomUniformBF16(spec, o, mn[0], mx[0])
		case []int32:
			mn, ok1 := in[1].Data.([]int32)
			mx, ok2 := in[2].Data.([]int32)
			if !ok1 || !ok2 {
				return miscTypeErr("RandomUniform", in[1], out[0])
			}
			err = kernels.RandomUniformI32(spec, o, mn[0], mx[0])
		case []int64:
			mn, ok1 := in[1].Data.([]int64)
			mx, ok2 := in[2].Data.([]int64)
			if !ok1 || !ok2 {
				return miscTypeErr("RandomUniform", in[1], out[0])
			}
			err = kernels.RandomUniformI64(spec, o, mn[0], mx[0])
		default:
			return miscTypeErr("RandomUniform", in[1], out[0])
		}
		if err != nil {
			return fmt.Errorf("RandomUniform: %w", err)
		}
		return nil
	}), nil
}

func miscTypeErr(op string, in, out *ir.Tensor) error {
	return fmt.Errorf("%s: input of type %s holding %T does not match output of type %s holding %T", op, in.Type, in.Data, out.Type, out.Data)
}
