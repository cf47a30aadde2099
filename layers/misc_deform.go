package layers

import (
	"fmt"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// DeformableConvolution-1 and -8 execution: kernels.DeformConv (reference/
// deformable_convolution.hpp). Shape inference is seqDeformConvOp.Infer (seq_signal.go).

func (o *seqDeformConvOp) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	outs, err := o.Infer(in)
	if err != nil {
		return nil, err
	}
	idx := []int{0, 1, 2}
	if len(in) == 4 {
		idx = append(idx, 3)
		if in[3].Type != in[0].Type {
			return nil, &ir.UnsupportedError{What: fmt.Sprintf("DeformableConvolution with a %s mask on %s data", in[3].Type, in[0].Type)}
		}
	}
	for _, i := range idx[1:] {
		if in[i].Type != in[0].Type {
			return nil, unsupportedType("DeformableConvolution", in[i].Type)
		}
	}
	dims, lens, err := moreStaticLens("DeformableConvolution", in, idx...)
	if err != nil {
		return nil, err
	}
	od, ok := staticDims(outs[0].Shape)
	if !ok || len(od) != 4 {
		return nil, fmt.Errorf("DeformableConvolution: output shape %s is not static", outs[0].Shape)
	}
	outLen, err := ir.ElementCount(od)
	if err != nil {
		return nil, err
	}
	d, f := dims[0], dims[2]
	if o.Group < 1 || d[1]%int(o.Group) != 0 {
		return nil, fmt.Errorf("DeformableConvolution: %d input channels are not divisible by group %d", d[1], o.Group)
	}
	autoPad := o.AutoPad
	if autoPad == "notset" {
		autoPad = "explicit"
	}
	a := &convAttrs{Strides: o.Strides, Dilations: o.Dilations, PadsBegin: o.PadsBegin, PadsEnd: o.PadsEnd, AutoPad: autoPad}
	fake := shapeOfDims([]int{d[0], d[1] / int(o.Group), d[2], d[3]})
	geo, err := a.geometry(convKind{}, fake, in[2].Shape, false, ir.Shape{}, nil)
	if err != nil {
		return nil, err
	}
	if len(geo.strides) != 2 || len(geo.dilations) != 2 || len(geo.padsBegin) != 2 {
		return nil, fmt.Errorf("DeformableConvolution: expected 2 spatial axes")
	}
	g := kernels.DeformConvGeom{
		N: d[0], C: d[1], H: d[2], W: d[3], OC: f[0], KH: f[2], KW: f[3], OH: od[2], OW: od[3],
		Groups: int(o.Group), DeformGrps: int(o.DeformableGroup), BilinearPad: o.BilinearPad,
	}
	for i := 0; i < 2; i++ {
		g.Strides[i], g.Dilations[i], g.PadsBegin[i] = int(geo.strides[i]), int(geo.dilations[i]), int(geo.padsBegin[i])
	}
	if len(in) == 4 {
		if m := dims[3]; m[0] != d[0] || m[1] != int(o.DeformableGroup)*f[2]*f[3] || m[2] != od[2] || m[3] != od[3] {
			return nil, fmt.Errorf("DeformableConvolution: mask shape %v does not match [%d,%d,%d,%d]", m, d[0], int(o.DeformableGroup)*f[2]*f[3], od[2], od[3])
		}
	}
	if err := g.Validate(lens[0], lens[1], lens[2], miscMaskLen(lens), outLen); err != nil {
		return nil, fmt.Errorf("DeformableConvolution: %w", err)
	}
	return moreNumBind("DeformableConvolution", in[0].Type, idx, lens, outLen, moreNumFns{
		f32: miscDeformRun[float32](g), f64: miscDeformRun[float64](g),
		i8: miscDeformRun[int8](g), i16: miscDeformRun[int16](g), i32: miscDeformRun[int32](g), i64: miscDeformRun[int64](g),
		u8: miscDeformRun[uint8](g), u16: miscDeformRun[uint16](g), u32: miscDeformRun[uint32](g), u64: miscDeformRun[uint64](g),
	})
}

func miscMaskLen(lens []int) int {
	if len(lens) == 4 {
		return lens[3]
	}
	return -1
}

func miscDeformRun[T kernels.Number](g kernels.DeformConvGeom) moreNumRun[T] {
	return func(data [][]T, out []T, _ []*ir.Tensor) error {
		var mask []T
		if len(data) == 4 {
			mask = data[3]
		}
		if err := kernels.DeformConv(g, data[0], data[1], data[2], mask, out); err != nil {
			return fmt.Errorf("DeformableConvolution: %w", err)
		}
		return nil
	}
}
