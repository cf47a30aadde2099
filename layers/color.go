package layers

import (
	"context"
	"fmt"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// NV12toRGB-8, NV12toBGR-8, I420toRGB-8 and I420toBGR-8: the colour conversions OpenVINO's
// preprocessing inserts in front of a model (src/core/shape_inference/include/
// nv12_shape_inference.hpp, i420_shape_inference.hpp, src/core/src/op/util/
// convert_color_{nv12,i420}_base.cpp; values from reference/convert_color_nv12.hpp, kernel
// kernels.YUV420ToRGB). One input holds the whole image (Y plane, then the chroma, so the
// height is 3/2 of the image's), or the planes come separately: Y [N,H,W,1] and UV
// [N,H/2,W/2,2] (NV12) or U and V [N,H/2,W/2,1] each (I420). The output is [N,H,W,3].

type colorOp struct {
	i420, bgr bool
}

func (c colorOp) name() string {
	n := "NV12to"
	if c.i420 {
		n = "I420to"
	}
	if c.bgr {
		return n + "BGR"
	}
	return n + "RGB"
}

// colorShape is the shape of the rank-4 tensor s: its dims, or four dynamic ones.
func colorShape(s ir.Shape) []ir.Dim {
	if s.DynamicRank {
		return []ir.Dim{ir.DynamicDim(), ir.DynamicDim(), ir.DynamicDim(), ir.DynamicDim()}
	}
	return append([]ir.Dim(nil), s.Dims...)
}

func (c colorOp) Infer(in []Input) ([]Output, error) {
	planes := 2
	if c.i420 {
		planes = 3
	}
	if len(in) != 1 && len(in) != planes {
		return nil, fmt.Errorf("%s expects 1 or %d inputs, got %d", c.name(), planes, len(in))
	}
	y := in[0].Shape
	if r, ok := y.Rank(); ok && r != 4 {
		if c.i420 {
			return nil, fmt.Errorf("Y(UV) input shall have 4 dimensions (N, H, W, C) (got %s)", y)
		}
		return nil, fmt.Errorf("Y(UV) input shall have 4 dimensions (N, H, W,C) (got %s)", y)
	}
	out := colorShape(y)
	if !y.DynamicRank && !out[3].Compatible(ir.StaticDim(1)) {
		if c.i420 {
			return nil, fmt.Errorf("Y input number of channels should be equal to 1 (got %s)", y)
		}
		return nil, fmt.Errorf("YUV input number of channels should be equal to 1 (got %s)", y)
	}
	if len(in) == 1 {
		out[1] = dimDivStatic(dimScale(out[1], 2), 3)
		if dimIsEmpty(out[1]) {
			return nil, fmt.Errorf("Image height shall be divisible by 3 (got %s)", y)
		}
	} else {
		uvChannels := int64(2)
		uv := in[1].Shape
		var consistent = true
		if c.i420 {
			uvChannels = 1
			merged, ok := shapeMerge(in[1].Shape, in[2].Shape)
			consistent = ok
			if ok {
				uv = merged
			}
		}
		uvDims := colorShape(uv)
		if !uv.DynamicRank {
			if len(uv.Dims) != 4 || !uv.Dims[3].Compatible(ir.StaticDim(uvChannels)) {
				if c.i420 {
					return nil, fmt.Errorf("U, V inputs number of channels should be equal to 1 (got %s and %s)", in[1].Shape, in[2].Shape)
				}
				return nil, fmt.Errorf("UV input number of channels should be equal to 2 (got %s)", uv)
			}
			uvDims[1], uvDims[2] = dimScale(uvDims[1], 2), dimScale(uvDims[2], 2)
		}
		if !c.i420 {
			out[3] = ir.StaticDim(2)
		}
		for i := range out {
			d, ok := dimMerge(out[i], uvDims[i])
			if !ok {
				consistent = false
				break
			}
			out[i] = d
		}
		if !consistent {
			if c.i420 {
				return nil, fmt.Errorf("Y shape is inconsistent with U and V (Y %s, U %s, V %s)", y, in[1].Shape, in[2].Shape)
			}
			return nil, fmt.Errorf("Y shape is inconsistent with UV (Y %s, UV %s)", y, in[1].Shape)
		}
	}
	out[3] = ir.StaticDim(3)
	if dimIsEmpty(dimDivStatic(out[1], 2)) {
		return nil, fmt.Errorf("Image height must be even (output height %s)", out[1])
	}
	if dimIsEmpty(dimDivStatic(out[2], 2)) {
		return nil, fmt.Errorf("Image width must be even (output width %s)", out[2])
	}
	typ := in[0].Type
	for i := 1; i < len(in); i++ {
		t, ok := mergeTypes(typ, in[i].Type)
		if !ok {
			if c.i420 {
				return nil, fmt.Errorf("Y, U, V inputs shall have compatible types, got %s%s%s", in[0].Type, in[1].Type, in[2].Type)
			}
			return nil, fmt.Errorf("Y, UV inputs shall have compatible types, got %s%s", in[0].Type, in[1].Type)
		}
		typ = t
	}
	if typ.IsStatic() && !typ.IsFloat() && typ != ir.U8 {
		return nil, fmt.Errorf("Input type shall have u8 or floating-point precision, got %s", typ)
	}
	return []Output{{Type: typ, Shape: ir.Shape{Dims: out}}}, nil
}

// CheckRunnable implements RunChecker.
func (c colorOp) CheckRunnable(in []Input) error {
	if len(in) > 0 && in[0].Type.IsStatic() && !colorRunnable(in[0].Type) {
		return unsupportedType(c.name(), in[0].Type)
	}
	return nil
}

func colorRunnable(t ir.ElementType) bool {
	switch t {
	case ir.U8, ir.F32, ir.F64, ir.F16, ir.BF16:
		return true
	}
	return false
}

type colorKernel struct {
	c      colorOp
	g      kernels.YUV420
	single bool
	typ    ir.ElementType
	// f16/bf16: the inputs widened and the output computed in float32
	wide [3][]float32
	out  []float32
}

func (c colorOp) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	outs, err := c.Infer(in)
	if err != nil {
		return nil, err
	}
	od, ok := staticDims(outs[0].Shape)
	if !ok {
		return nil, fmt.Errorf("%s: output shape %s is not static", c.name(), outs[0].Shape)
	}
	typ := outs[0].Type
	if !colorRunnable(typ) {
		return nil, unsupportedType(c.name(), typ)
	}
	for _, x := range in {
		if x.Type != typ {
			return nil, fmt.Errorf("%s: inputs of types %s and %s", c.name(), typ, x.Type)
		}
	}
	n, h, w := od[0], od[1], od[2]
	k := &colorKernel{c: c, single: len(in) == 1, typ: typ,
		g: kernels.YUV420{N: n, H: h, W: w, NV12: !c.i420, BGR: c.bgr, YStride: h * w, UVStride: h * w / 4}}
	if !c.i420 {
		k.g.UVStride = h * w / 2
	}
	if k.single {
		k.g.YStride, k.g.UVStride = h*w*3/2, h*w*3/2
	}
	if typ == ir.F16 || typ == ir.BF16 {
		for i, x := range in {
			d, _ := staticDims(x.Shape)
			k.wide[i] = make([]float32, product(d))
		}
		k.out = make([]float32, n*h*w*3)
	}
	return k, nil
}

// colorPlanes splits the inputs' data into the Y, U and V slices YUV420ToRGB reads.
func colorPlanes[T uint8 | float32 | float64](k *colorKernel, in [][]T) (y, u, v []T) {
	g := k.g
	if k.single {
		d := in[0]
		plane := g.H * g.W
		y = d
		if len(d) >= plane {
			u = d[plane:]
		}
		if len(d) >= plane*5/4 {
			v = d[plane*5/4:]
		}
		return y, u, v
	}
	y, u = in[0], in[1]
	if len(in) > 2 {
		v = in[2]
	}
	return y, u, v
}

func colorRun[T uint8 | float32 | float64](k *colorKernel, in []*ir.Tensor, dst []T) error {
	var data [3][]T
	for i, t := range in {
		d, ok := t.Data.([]T)
		if !ok {
			return fmt.Errorf("%s: input %d holds %T", k.c.name(), i, t.Data)
		}
		data[i] = d
	}
	y, u, v := colorPlanes(k, data[:len(in)])
	return kernels.YUV420ToRGB(k.g, y, u, v, dst)
}

func (k *colorKernel) Run(_ context.Context, in, out []*ir.Tensor) error {
	if len(out) != 1 || len(in) < 1 || len(in) > 3 {
		return fmt.Errorf("%s: %d inputs and %d outputs", k.c.name(), len(in), len(out))
	}
	switch d := out[0].Data.(type) {
	case []uint8:
		return colorRun(k, in, d)
	case []float32:
		return colorRun(k, in, d)
	case []float64:
		return colorRun(k, in, d)
	}
	if k.out == nil {
		return fmt.Errorf("%s: output holds %T", k.c.name(), out[0].Data)
	}
	var wide [3][]float32
	for i, t := range in {
		w, err := toF32(k.typ, t.Data, k.wide[i])
		if err != nil {
			return fmt.Errorf("%s: input %d: %w", k.c.name(), i, err)
		}
		wide[i] = w
	}
	y, u, v := colorPlanes(k, wide[:len(in)])
	if err := kernels.YUV420ToRGB(k.g, y, u, v, k.out); err != nil {
		return err
	}
	switch d := out[0].Data.(type) {
	case []f16:
		kernels.F32ToF16(d, k.out)
	case []uint16:
		kernels.F32ToBF16(d, k.out)
	default:
		return fmt.Errorf("%s: output holds %T", k.c.name(), out[0].Data)
	}
	return nil
}
