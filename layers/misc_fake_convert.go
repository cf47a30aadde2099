package layers

import (
	"context"
	"fmt"
	"math"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
	"github.com/x448/float16"
)

// FakeConvert-13: shape inference (src/core/src/op/fake_convert.cpp,
// fake_convert_shape_inference.hpp) and execution by kernels.FakeConvert
// (reference/fake_convert.hpp and src/core/reference/src/op/fake_convert.cpp).

type moreFakeConvert struct {
	DestType ir.ElementType `attr:"destination_type"`
}

func (f *moreFakeConvert) Infer(in []Input) ([]Output, error) {
	if err := moreCount("FakeConvert", in, 2, 3); err != nil {
		return nil, err
	}
	if f.DestType != ir.F8E4M3 && f.DestType != ir.F8E5M2 {
		return nil, fmt.Errorf("Bad format for f8 conversion type: %s", f.DestType)
	}
	t := in[0].Type
	for i := 1; i < len(in); i++ {
		m, ok := mergeTypes(t, in[i].Type)
		if !ok {
			return nil, fmt.Errorf("Mixed input types are not supported. (got %s and %s)", t, in[i].Type)
		}
		t = m
	}
	if t != ir.BF16 && t != ir.F16 && t != ir.F32 && t != ir.Dynamic {
		return nil, fmt.Errorf("The element type of the input tensor must be a bf16, f16, f32 but got: %s", t)
	}
	if len(in) == 3 && !moreShapeCompatible(in[1].Shape, in[2].Shape) {
		return nil, fmt.Errorf("FakeConvert scale shape is not compatible with shift shape. (scale %s, shift %s)", in[1].Shape, in[2].Shape)
	}
	out, ok := broadcastMerge(in[0].Shape, in[1].Shape, autoBroadcast{Type: "numpy"})
	if !ok {
		return nil, fmt.Errorf("Argument shapes are inconsistent. (got %s and %s)", in[0].Shape, in[1].Shape)
	}
	if !moreShapeCompatible(in[0].Shape, out) {
		return nil, fmt.Errorf("FakeConvert support only unidirectional broadcasting, inputs cannot be broadcast into data. (data %s, scale %s)", in[0].Shape, in[1].Shape)
	}
	return []Output{{Type: t, Shape: out}}, nil
}

// miscRoundF16 rounds to f16 (nearest even), as ov::float16's operators do.
func miscRoundF16(x float32) float32 { return float16.Fromfloat32(x).Float32() }

// miscRoundBF16OV rounds as ov::bfloat16's operators do: 0x8000 is added before truncation
// only when the kept low bit is 1.
func miscRoundBF16OV(x float32) float32 {
	b := math.Float32bits(x)
	b = (b + (b&0x00010000)>>1) &^ 0xFFFF
	return math.Float32frombits(b)
}

func (f *moreFakeConvert) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	if _, err := f.Infer(in); err != nil {
		return nil, err
	}
	typ := in[0].Type
	spec := kernels.FakeConvertSpec{E5M2: f.DestType == ir.F8E5M2}
	switch typ {
	case ir.F32:
	case ir.F16:
		spec.Round = miscRoundF16
	case ir.BF16:
		spec.Round = miscRoundBF16OV
	default:
		return nil, unsupportedType("FakeConvert", typ)
	}
	idx := []int{0, 1}
	if len(in) == 3 {
		idx = append(idx, 2)
	}
	for _, i := range idx[1:] {
		if in[i].Type != typ {
			return nil, unsupportedType("FakeConvert scale/shift", in[i].Type)
		}
	}
	dims, lens, err := moreStaticLens("FakeConvert", in, idx...)
	if err != nil {
		return nil, err
	}
	var shiftDims []int
	if len(idx) == 3 {
		shiftDims = dims[2]
	}
	return famBindFakeConvert(typ, lens, func(ins [][]float32, out []float32) error {
		var shift []float32
		if len(ins) == 3 {
			shift = ins[2]
		}
		if err := kernels.FakeConvert(spec, ins[0], ins[1], shift, dims[0], dims[1], shiftDims, out); err != nil {
			return fmt.Errorf("FakeConvert: %w", err)
		}
		return nil
	})
}

// famBindFakeConvert binds an f32 computation on f32, f16 or bf16 tensors (halves staged
// through f32 scratch; the computation's values are exact in the type, so narrowing is
// exact).
func famBindFakeConvert(t ir.ElementType, lens []int, run func([][]float32, []float32) error) (Kernel, error) {
	if t == ir.F32 {
		ins := make([][]float32, len(lens))
		return kernelFunc(func(_ context.Context, in, out []*ir.Tensor) error {
			if len(in) < len(lens) || len(out) != 1 || out[0] == nil {
				return fmt.Errorf("FakeConvert: expected %d inputs and 1 output", len(lens))
			}
			for i := range ins {
				d, ok := in[i].Data.([]float32)
				if !ok {
					return fmt.Errorf("FakeConvert: input %d holds %T", i, in[i].Data)
				}
				ins[i] = d
			}
			o, ok := out[0].Data.([]float32)
			if !ok {
				return fmt.Errorf("FakeConvert: output holds %T", out[0].Data)
			}
			return run(ins, o)
		}), nil
	}
	return famBind("FakeConvert", t, lens, lens[0], famFns{f32: run})
}
