package layers

import (
	"fmt"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// ROIAlign-3 and -9, ROIAlignRotated-15: src/core/shape_inference/include/
// roi_align_shape_utils.hpp and src/core/src/op/roi_align.cpp, roi_align_rotated.cpp;
// kernel kernels.ROIAlignRun (reference roi_align.hpp).
// GridSample-9: src/core/shape_inference/include/grid_sample_shape_inference.hpp and
// src/core/src/op/grid_sample.cpp; kernel kernels.GridSampleRun (reference grid_sample.hpp,
// computed in float64 and rounded once).

type seqROIAlignOp struct {
	PooledH       int64   `attr:"pooled_h"`
	PooledW       int64   `attr:"pooled_w"`
	SamplingRatio int64   `attr:"sampling_ratio"`
	SpatialScale  float32 `attr:"spatial_scale"`
	Mode          string  `attr:"mode,enum=avg|max"`
	AlignedMode   string  `attr:"aligned_mode,enum=asymmetric|half_pixel_for_nn|half_pixel"`
	Clockwise     bool    `attr:"clockwise_mode"`
	rotated       bool
	name          string
}

func seqNewROIAlign(v int) Op {
	return &seqROIAlignOp{Mode: "avg", AlignedMode: "asymmetric", name: fmt.Sprintf("ROIAlign-%d", v)}
}

func seqNewROIAlignRotated(int) Op {
	return &seqROIAlignOp{Mode: "avg", AlignedMode: "asymmetric", rotated: true, name: "ROIAlignRotated-15"}
}

func (o *seqROIAlignOp) boxDim() int64 {
	if o.rotated {
		return 5
	}
	return 4
}

func (o *seqROIAlignOp) Infer(in []Input) ([]Output, error) {
	if len(in) != 3 {
		return nil, fmt.Errorf("%s expects 3 inputs, got %d", o.name, len(in))
	}
	if o.PooledH <= 0 || o.PooledW <= 0 {
		return nil, fmt.Errorf("Pooled size attributes pooled_h and pooled_w should should be non-negative integers. Got: %d and: %d respectively", o.PooledH, o.PooledW)
	}
	if o.SamplingRatio < 0 {
		return nil, fmt.Errorf("Sampling ratio should be a non-negative integer. Got: %d", o.SamplingRatio)
	}
	if o.SpatialScale <= 0 {
		return nil, fmt.Errorf("Spatial scale attribute should be a positive floating point number. Got: %v", o.SpatialScale)
	}
	et, ok := mergeTypes(in[0].Type, in[1].Type)
	if !ok || (et.IsStatic() && !et.IsFloat()) {
		return nil, fmt.Errorf("The data type for input and ROIs is expected to be a same floating point type. Got: %s and: %s", in[0].Type, in[1].Type)
	}
	if t := in[2].Type; t.IsStatic() && !t.IsInteger() {
		return nil, fmt.Errorf("The data type for batch indices is expected to be an integer. Got: %s", t)
	}
	data, rois, idx := in[0].Shape, in[1].Shape, in[2].Shape
	if !seqRankIs(data, 4) {
		return nil, fmt.Errorf("Expected a 4D tensor for the input data. Got: %s", data)
	}
	if !seqRankIs(rois, 2) {
		return nil, fmt.Errorf("Expected a 2D tensor for the ROIs input. Got: %s", rois)
	}
	if !seqRankIs(idx, 1) {
		return nil, fmt.Errorf("Expected a 1D tensor for the batch indices input. Got: %s", idx)
	}
	n := ir.DynamicDim()
	if !rois.DynamicRank {
		if !rois.Dims[1].Compatible(ir.StaticDim(o.boxDim())) {
			return nil, fmt.Errorf("The second dimension of ROIs input should contain box coordinates. op dimension is expected to be equal to %d. Got: %s", o.boxDim(), rois.Dims[1])
		}
		n = rois.Dims[0]
	}
	if !idx.DynamicRank {
		m, ok := dimMerge(n, idx.Dims[0])
		if !ok {
			return nil, fmt.Errorf("The first dimension of ROIs input must be equal to the first dimension of the batch indices input. Got: %s and: %s", n, idx.Dims[0])
		}
		n = m
	}
	return []Output{{Type: et, Shape: ir.Shape{Dims: []ir.Dim{n, seqDim(data, 1), ir.StaticDim(o.PooledH), ir.StaticDim(o.PooledW)}}}}, nil
}

func (o *seqROIAlignOp) CheckRunnable(in []Input) error {
	if len(in) > 0 && in[0].Type.IsStatic() && !seqIsFloat(in[0].Type) {
		return unsupportedType(o.name, in[0].Type)
	}
	if o.rotated && o.AlignedMode != "asymmetric" {
		return &ir.UnsupportedError{What: o.name + " aligned_mode other than asymmetric"}
	}
	return nil
}

func (o *seqROIAlignOp) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	outs, dims, err := detxStaticRun(o.name, o, in)
	if err != nil {
		return nil, err
	}
	d, r := dims[0], dims[1]
	g := &kernels.ROIAlign{Batch: d[0], C: d[1], H: d[2], W: d[3], NumROIs: r[0], PooledH: int(o.PooledH), PooledW: int(o.PooledW),
		SamplingRatio: int(o.SamplingRatio), SpatialScale: o.SpatialScale, Max: o.Mode == "max", Clockwise: o.Clockwise}
	switch {
	case o.rotated:
		g.Mode = kernels.ROIRotated
	case o.AlignedMode == "half_pixel_for_nn":
		g.Mode = kernels.ROIHalfPixelForNN
	case o.AlignedMode == "half_pixel":
		g.Mode = kernels.ROIHalfPixel
	}
	od, _ := staticDims(outs[0].Shape)
	idx := make([]int64, r[0])
	return seqBind(o.name, outs[0].Type, []int{product(d), product(r), -1}, []int{product(od)}, seqFns{
		f32: func(fin, fout [][]float32, in, _ []*ir.Tensor) error {
			if err := seqInts(in[2], idx); err != nil {
				return fmt.Errorf("%s: batch indices: %w", o.name, err)
			}
			return kernels.ROIAlignRun(g, fin[0], fin[1], idx, fout[0])
		},
		f64: func(fin, fout [][]float64, in, _ []*ir.Tensor) error {
			if err := seqInts(in[2], idx); err != nil {
				return fmt.Errorf("%s: batch indices: %w", o.name, err)
			}
			return kernels.ROIAlignRun(g, fin[0], fin[1], idx, fout[0])
		},
	})
}

// ---------------------------------------------------------------- GridSample

type seqGridSampleOp struct {
	AlignCorners bool   `attr:"align_corners"`
	Mode         string `attr:"mode,enum=bilinear|bicubic|nearest"`
	Padding      string `attr:"padding_mode,enum=zeros|border|reflection"`
}

func seqNewGridSample(int) Op { return &seqGridSampleOp{Mode: "bilinear", Padding: "zeros"} }

func (o *seqGridSampleOp) Infer(in []Input) ([]Output, error) {
	if len(in) != 2 {
		return nil, fmt.Errorf("GridSample expects 2 inputs, got %d", len(in))
	}
	if t := in[1].Type; t.IsStatic() && !t.IsFloat() {
		return nil, fmt.Errorf("The element type of the grid input tensor must be a floating point type. (got %s)", t)
	}
	data, grid := in[0].Shape, in[1].Shape
	out := ir.Shape{Dims: []ir.Dim{ir.DynamicDim(), ir.DynamicDim(), ir.DynamicDim(), ir.DynamicDim()}}
	if !data.DynamicRank {
		if len(data.Dims) != 4 {
			return nil, fmt.Errorf("The supported shape of the input data tensor is 4D. (got %s)", data)
		}
		out.Dims[0], out.Dims[1] = data.Dims[0], data.Dims[1]
	}
	if !grid.DynamicRank {
		if len(grid.Dims) != 4 {
			return nil, fmt.Errorf("The supported shape of the grid tensor is 4D. (got %s)", grid)
		}
		if !grid.Dims[3].Compatible(ir.StaticDim(2)) {
			return nil, fmt.Errorf("The last dimension of grid tensor's shape has to be equal to 2. (got %s)", grid)
		}
		n, ok := dimMerge(out.Dims[0], grid.Dims[0])
		if !ok {
			return nil, fmt.Errorf("The batch dimension in the input data tensor's shape doesn't match the batch dimension in the grid tensor's shape. (data %s, grid %s)", data, grid)
		}
		out.Dims[0], out.Dims[2], out.Dims[3] = n, grid.Dims[1], grid.Dims[2]
	}
	return []Output{{Type: in[0].Type, Shape: out}}, nil
}

func (o *seqGridSampleOp) CheckRunnable(in []Input) error {
	for _, x := range in {
		if x.Type.IsStatic() && !seqIsFloat(x.Type) {
			return unsupportedType("GridSample", x.Type)
		}
	}
	return nil
}

func (o *seqGridSampleOp) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	outs, dims, err := detxStaticRun("GridSample", o, in)
	if err != nil {
		return nil, err
	}
	d, gd := dims[0], dims[1]
	g := &kernels.GridSample{N: d[0], C: d[1], H: d[2], W: d[3], HOut: gd[1], WOut: gd[2], AlignCorners: o.AlignCorners, Mode: o.Mode, Padding: o.Padding}
	grid := make([]float64, product(gd))
	plane := make([]float64, d[2]*d[3])
	od, _ := staticDims(outs[0].Shape)
	readGrid := func(t *ir.Tensor) error {
		if err := seqFloat64s(t, grid); err != nil {
			return fmt.Errorf("GridSample: grid: %w", err)
		}
		return nil
	}
	return seqBind("GridSample", in[0].Type, []int{product(d), -1}, []int{product(od)}, seqFns{
		f32: func(fin, fout [][]float32, in, _ []*ir.Tensor) error {
			if err := readGrid(in[1]); err != nil {
				return err
			}
			return kernels.GridSampleRun(g, fin[0], grid, fout[0], plane)
		},
		f64: func(fin, fout [][]float64, in, _ []*ir.Tensor) error {
			if err := readGrid(in[1]); err != nil {
				return err
			}
			return kernels.GridSampleRun(g, fin[0], grid, fout[0], plane)
		},
	})
}

// seqFloat64s widens a float tensor (f32, f64, f16, bf16) into dst.
func seqFloat64s(t *ir.Tensor, dst []float64) error {
	if t == nil || t.Len() != len(dst) {
		return fmt.Errorf("expected a float tensor of %d elements", len(dst))
	}
	switch d := t.Data.(type) {
	case []float32:
		for i, v := range d {
			dst[i] = float64(v)
		}
	case []float64:
		copy(dst, d)
	case []f16:
		for i, v := range d {
			dst[i] = float64(v.Float32())
		}
	case []uint16:
		if t.Type != ir.BF16 {
			return fmt.Errorf("%s data is not float", t.Type)
		}
		var one [1]float32
		for i := range d {
			kernels.BF16ToF32(one[:], d[i:i+1])
			dst[i] = float64(one[0])
		}
	default:
		return fmt.Errorf("%s data held as %T is not float", t.Type, t.Data)
	}
	return nil
}
