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
	var mask ir.Shape
	hasMask := len(in) == 4
	if hasMask {
		mask = in[3].Shape
		if err := o.maskChecks(data, filters, mask); err != nil {
			return nil, err
		}
	}
	// util::shape_infer: the spatial rank from the data, else the filters, else the offsets.
	ns := -1
	for _, s := range []ir.Shape{data, filters, offsets} {
		if r, ok := s.Rank(); ok {
			ns = r - 2
			break
		}
	}
	if ns < 0 {
		return []Output{{Type: t, Shape: ir.DynamicRankShape()}}, nil
	}
	names := [...]string{"Input", "Offsets", "Filters", "Mask"}
	for i := range in {
		if r, ok := in[i].Shape.Rank(); ok && r != 4 {
			return nil, fmt.Errorf("%s must be of rank 4. Got: %d", names[i], r)
		}
	}
	if o.Group < 1 {
		return nil, fmt.Errorf("Attribute 'group' must be any value starting from 1. Got: %d", o.Group)
	}
	if o.DeformableGroup < 1 {
		return nil, fmt.Errorf("Attribute 'deformable group' must be any value starting from 1. Got: %d", o.DeformableGroup)
	}
	// common_attributes, apply_padding and append_spatial_shape through the convolution's
	// geometry, on inputs without their channel dims (the channels are checked below).
	fakeData, fakeFilters := ir.Shape{Dims: make([]ir.Dim, 4)}, ir.DynamicRankShape()
	for i := range fakeData.Dims {
		fakeData.Dims[i] = ir.DynamicDim()
	}
	if !data.DynamicRank {
		copy(fakeData.Dims[2:], data.Dims[2:])
	}
	if !filters.DynamicRank {
		fakeFilters = cloneShape(filters)
		fakeFilters.Dims[0], fakeFilters.Dims[1] = ir.DynamicDim(), ir.DynamicDim()
	}
	autoPad := o.AutoPad
	if autoPad == "notset" {
		autoPad = "explicit"
	}
	a := &convAttrs{Strides: o.Strides, Dilations: o.Dilations, PadsBegin: o.PadsBegin, PadsEnd: o.PadsEnd, AutoPad: autoPad}
	g, err := a.geometry(convKind{}, fakeData, fakeFilters, false, ir.Shape{}, nil)
	if err != nil {
		return nil, err
	}
	out := ir.Shape{Dims: []ir.Dim{ir.DynamicDim(), ir.DynamicDim()}}
	if !data.DynamicRank {
		if err := o.divisible(data.Dims[1], "Input", o.Group, "group"); err != nil {
			return nil, err
		}
		out.Dims[0] = data.Dims[0]
	}
	if !offsets.DynamicRank {
		if !filters.DynamicRank {
			want := dimMul(dimMul(dimMul(filters.Dims[2], filters.Dims[3]), ir.StaticDim(2)), ir.StaticDim(o.DeformableGroup))
			if !offsets.Dims[1].Compatible(want) {
				return nil, fmt.Errorf("The channels dimension of offsets input is not compatible with filters and 'deformable group' attribute. Offsets input shape: %s, deformable 'group' attribute value: %d, filters shape: %s", offsets, o.DeformableGroup, filters)
			}
		}
		if err := o.divisible(offsets.Dims[1], "Offsets", o.DeformableGroup, "deformable group"); err != nil {
			return nil, err
		}
		m, ok := dimMerge(offsets.Dims[0], out.Dims[0])
		if !ok {
			return nil, fmt.Errorf("Data batch and offsets batch dimension must be same value. Got: %s and %s", out.Dims[0], seqDim(data, 0))
		}
		out.Dims[0] = m
	}
	if !filters.DynamicRank {
		if err := o.divisible(filters.Dims[0], "Filters", o.Group, "group"); err != nil {
			return nil, err
		}
		if cin := dimMul(filters.Dims[1], ir.StaticDim(o.Group)); !data.DynamicRank && !data.Dims[1].Compatible(cin) {
			return nil, fmt.Errorf("Data batch channel count (%s) does not match filter input channel count (%s)", data.Dims[1], cin)
		}
		out.Dims[1] = filters.Dims[0]
	}
	out.Dims = append(out.Dims, g.out.Dims[2:]...)
	// Post-inference checks: the offsets' (and mask's) spatial dims are compatible with the
	// output's; they do not refine it.
	for _, c := range []struct {
		s    ir.Shape
		name string
	}{{offsets, "offsets"}, {mask, "mask"}} {
		if c.name == "mask" && !hasMask || c.s.DynamicRank {
			continue
		}
		for i := 2; i < 4; i++ {
			if !out.Dims[i].Compatible(c.s.Dims[i]) {
				if c.name == "mask" {
					return nil, fmt.Errorf("Spatial dimensions of mask and output must be compatible. (mask %s, output %s)", c.s, out)
				}
				return nil, fmt.Errorf("Spatial dimensions of offsets and output must be compatible.%s", out)
			}
		}
	}
	return []Output{{Type: t, Shape: out}}, nil
}

// divisible is deformable_conv::validate::(deformable_)group_divisible_dimension.
func (o *seqDeformConvOp) divisible(d ir.Dim, name string, group int64, attr string) error {
	if dimDivStatic(d, group) == emptyDim {
		return fmt.Errorf("%s channels dimension (%s) must be evenly divisible by the '%s': %d", name, d, attr, group)
	}
	return nil
}

// maskChecks are DeformableConvolution-8's checks of the mask input, made before the common
// shape inference.
func (o *seqDeformConvOp) maskChecks(data, filters, mask ir.Shape) error {
	if r, ok := mask.Rank(); !ok || r < 2 {
		return nil
	}
	if r, ok := filters.Rank(); ok && r >= 4 {
		want := dimMul(dimMul(filters.Dims[2], filters.Dims[3]), ir.StaticDim(o.DeformableGroup))
		if !mask.Dims[1].Compatible(want) {
			return fmt.Errorf("The channels dimension of mask input is not compatible with filters and 'deformable group' attribute. Mask input shape: %s, deformable 'group' attribute value: %d, filters shape: %s", mask, o.DeformableGroup, filters)
		}
	}
	if err := o.divisible(mask.Dims[1], "Mask", o.DeformableGroup, "deformable group"); err != nil {
		return err
	}
	if !data.DynamicRank && len(data.Dims) > 0 && !mask.Dims[0].Compatible(data.Dims[0]) {
		return fmt.Errorf("Data batch and mask batch dimension must be same value. Got: %s and %s", mask.Dims[0], data.Dims[0])
	}
	return nil
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
