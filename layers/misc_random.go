package layers

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
	"github.com/x448/float16"
)

// RandomUniform-8 execution: kernels.RandomUniform* (reference/random_uniform.cpp and
// utils/phillox_generator.cpp, phillox_converter.cpp). Shape inference is
// moreRandomUniform.Infer (more_infer_only.go).

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
