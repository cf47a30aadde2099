package layers

import (
	"fmt"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// DeformableConvolution-1 and -8: shape inference
// (deformable_convolution_shape_inference.hpp) and execution by kernels.DeformConv
// (reference/deformable_convolution.hpp).

type seqDeformConvOp struct {
	Strides         []int64 `attr:"strides"`
	Dilations       []int64 `attr:"dilations"`
	PadsBegin       []int64 `attr:"pads_begin"`
	PadsEnd         []int64 `attr:"pads_end"`
	AutoPad         string  `attr:"auto_pad,enum=explicit|same_lower|same_upper|valid|notset"`
	Group           int64   `attr:"group"`
	DeformableGroup int64   `attr:"deformable_group"`
	BilinearPad     bool    `attr:"bilinear_interpolation_pad"`
	version         int
}

func seqNewDeformConv(v int) Op {
	return &seqDeformConvOp{AutoPad: "explicit", Group: 1, DeformableGroup: 1, version: v}
}

func (o *seqDeformConvOp) Infer(in []Input) ([]Output, error) {
	maxIn := 3
	if o.version == 8 {
		maxIn = 4
	}
	if len(in) < 3 || len(in) > maxIn {
		return nil, fmt.Errorf("DeformableConvolution-%d expects 3 to %d inputs, got %d", o.version, maxIn, len(in))
	}
	if o.Group < 1 {
		return nil, fmt.Errorf("Attribute 'group' must be any value starting from 1. Got: %d", o.Group)
	}
	if o.DeformableGroup < 1 {
		return nil, fmt.Errorf("Attribute 'deformable group' must be any value starting from 1. Got: %d", o.DeformableGroup)
	}
	t, ok := mergeTypes(in[0].Type, in[2].Type)
	if !ok {
		return nil, fmt.Errorf("Element types of inputs do not match. Got: data batch (%s), offsets (%s) and filters (%s)", in[0].Type, in[1].Type, in[2].Type)
	}
	if t2, ok := mergeTypes(t, in[1].Type); ok {
		t = t2
	} else {
		return nil, fmt.Errorf("Element types of inputs do not match. Got: data batch (%s), offsets (%s) and filters (%s)", in[0].Type, in[1].Type, in[2].Type)
	}
	if t.IsStatic() && !isNumeric(t) {
		return nil, fmt.Errorf("Element type of inputs must be numeric. Got: %s", t)
	}
	data, offsets, filters := in[0].Shape, in[1].Shape, in[2].Shape
	for i, s := range []ir.Shape{data, offsets, filters} {
		if err := seqRankErr(s, 4, fmt.Sprintf("Input %d must be of rank 4.", i)); err != nil {
			return nil, err
		}
	}
	// The convolution geometry on data whose channels are those of one group.
	fake := cloneShape(data)
	if !data.DynamicRank {
		c := data.Dims[1]
		if c.IsStatic() && c.Lo%o.Group != 0 {
			return nil, fmt.Errorf("Input channels dimension of data batch has incompatible value with 'group' attribute. Data batch channels: %d, 'group' attribute value: %d", c.Lo, o.Group)
		}
		if c.IsStatic() {
			fake.Dims[1] = ir.StaticDim(c.Lo / o.Group)
		} else {
			fake.Dims[1] = ir.DynamicDim()
		}
	}
	if !filters.DynamicRank && filters.Dims[0].IsStatic() && filters.Dims[0].Lo%o.Group != 0 {
		return nil, fmt.Errorf("Output channels dimension of filters must be divisible by 'group' attribute. Filters channels: %d, 'group' attribute value: %d", filters.Dims[0].Lo, o.Group)
	}
	if !offsets.DynamicRank && !filters.DynamicRank && filters.Dims[2].IsStatic() && filters.Dims[3].IsStatic() {
		want := 2 * o.DeformableGroup * filters.Dims[2].Lo * filters.Dims[3].Lo
		if !offsets.Dims[1].Compatible(ir.StaticDim(want)) {
			return nil, fmt.Errorf("The channels dimension of offsets input is not compatible with filters and 'deformable group' attribute. Offsets input shape: %s, deformable 'group' attribute value: %d, filters shape: %s", offsets, o.DeformableGroup, filters)
		}
	}
	if !offsets.DynamicRank && !data.DynamicRank && !offsets.Dims[0].Compatible(data.Dims[0]) {
		return nil, fmt.Errorf("Data batch and offsets batch dimension must be same value. Got: %s and %s", data.Dims[0], offsets.Dims[0])
	}
	autoPad := o.AutoPad
	if autoPad == "notset" {
		autoPad = "explicit"
	}
	a := &convAttrs{Strides: o.Strides, Dilations: o.Dilations, PadsBegin: o.PadsBegin, PadsEnd: o.PadsEnd, AutoPad: autoPad}
	g, err := a.geometry(convKind{}, fake, filters, false, ir.Shape{}, nil)
	if err != nil {
		return nil, err
	}
	out := g.out
	if !out.DynamicRank && !offsets.DynamicRank {
		for i := 2; i < 4; i++ {
			m, ok := dimMerge(out.Dims[i], offsets.Dims[i])
			if !ok {
				return nil, fmt.Errorf("Spatial dimensions of offsets and output must be equal. Got: %s and %s", offsets, out)
			}
			out.Dims[i] = m
		}
	}
	if len(in) == 4 {
		if err := seqRankErr(in[3].Shape, 4, "Mask must be of rank 4."); err != nil {
			return nil, err
		}
	}
	return []Output{{Type: t, Shape: out}}, nil
}

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
