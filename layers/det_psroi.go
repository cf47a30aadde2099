package layers

import (
	"fmt"
	"math"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// PSROIPooling-1 (average, bilinear) and DeformablePSROIPooling-1: shape inference
// (psroi_pooling_shape_inference.hpp, deformable_psroi_pooling_shape_inference.hpp) and
// kernels kernels.PSROIPoolingRun (reference psroi_pooling.hpp) and
// kernels.DeformablePSROIPoolingRun (reference deformable_psroi_pooling.hpp).

type seqPSROIOp struct {
	OutputDim    int64   `attr:"output_dim"`
	GroupSize    int64   `attr:"group_size"`
	SpatialScale float32 `attr:"spatial_scale"`
	Mode         string  `attr:"mode"`
	BinsX        int64   `attr:"spatial_bins_x"`
	BinsY        int64   `attr:"spatial_bins_y"`
	TransStd     float32 `attr:"trans_std"`
	PartSize     int64   `attr:"part_size"`
	deformable   bool
}

func seqNewPSROI(int) Op { return &seqPSROIOp{GroupSize: 1, Mode: "average", BinsX: 1, BinsY: 1} }

func seqNewDeformablePSROI(int) Op {
	return &seqPSROIOp{GroupSize: 1, Mode: "bilinear_deformable", BinsX: 1, BinsY: 1, TransStd: 1, PartSize: 1, deformable: true}
}

func (o *seqPSROIOp) Infer(in []Input) ([]Output, error) {
	name := "PSROIPooling"
	if o.deformable {
		name = "DeformablePSROIPooling"
		if len(in) < 2 || len(in) > 3 {
			return nil, fmt.Errorf("%s expects 2 or 3 inputs, got %d", name, len(in))
		}
	} else if len(in) != 2 {
		return nil, fmt.Errorf("%s expects 2 inputs, got %d", name, len(in))
	}
	if !o.deformable {
		return o.tp8Infer(in)
	}
	t, err := seqFloatType(in, []int{0, 1}, "Feature maps' and ROIs' data types must be floating point and equal.")
	if err != nil {
		return nil, err
	}
	return o.tpfDeformableInfer(t, in)
}

// tp8Infer is PSROIPooling-0's validate_and_infer_types (src/core/src/op/psroi_pooling.cpp)
// and psroi_pooling_shape_inference.hpp, in their order: each input's element type must be
// real (a dynamic one is not: element::Type::is_real), the mode, group_size, bins and
// spatial_scale attributes, the feature maps' rank and channels, the ROIs' rank and second
// dim. The output takes the feature maps' type and is [num_rois, output_dim, group_size,
// group_size].
func (o *seqPSROIOp) tp8Infer(in []Input) ([]Output, error) {
	if t := in[0].Type; !t.IsFloat() {
		return nil, fmt.Errorf("Feature maps' data type must be floating point. Got %s", t)
	}
	if t := in[1].Type; !t.IsFloat() {
		return nil, fmt.Errorf("Coords' data type must be floating point. Got %s", t)
	}
	if o.Mode != "average" && o.Mode != "bilinear" {
		return nil, fmt.Errorf("Expected 'average' or 'bilinear' mode. Got %s", o.Mode)
	}
	if o.GroupSize <= 0 {
		return nil, fmt.Errorf("group_size has to be greater than 0 (got %d)", o.GroupSize)
	}
	if o.Mode == "bilinear" {
		if o.BinsX <= 0 {
			return nil, fmt.Errorf("spatial_bins_x has to be greater than 0 (got %d)", o.BinsX)
		}
		if o.BinsY <= 0 {
			return nil, fmt.Errorf("spatial_bins_y has to be greater than 0 (got %d)", o.BinsY)
		}
	}
	if !tp8PositiveNormal(o.SpatialScale) {
		return nil, fmt.Errorf("The spatial scale attribute should be a positive floating point number. Got: %g", o.SpatialScale)
	}
	feat, rois := in[0].Shape, in[1].Shape
	if r, ok := feat.Rank(); ok && r != 4 {
		return nil, fmt.Errorf("Expected a 4D tensor for the feature maps input. Got: %s", feat)
	}
	if !feat.DynamicRank {
		ch := feat.Dims[1]
		if o.Mode == "average" {
			if want := satMul(satMul(o.OutputDim, o.GroupSize), o.GroupSize); !ch.Compatible(ir.StaticDim(want)) {
				return nil, fmt.Errorf("Number of input's channels must be a multiply of output_dim * group_size * group_size (channels %s, output_dim %d, group_size %d)", ch, o.OutputDim, o.GroupSize)
			}
		} else if want := satMul(satMul(o.OutputDim, o.BinsX), o.BinsY); !ch.Compatible(ir.StaticDim(want)) {
			return nil, fmt.Errorf("Number of input's channels must be a multiply of output_dim * spatial_bins_x * spatial_bins_y (channels %s, output_dim %d, spatial_bins_x %d, spatial_bins_y %d)", ch, o.OutputDim, o.BinsX, o.BinsY)
		}
	}
	if r, ok := rois.Rank(); ok {
		if r != 2 {
			return nil, fmt.Errorf("Expected a 2D tensor for the ROIs input with box coordinates. Got: %s", rois)
		}
		if !rois.Dims[1].Compatible(ir.StaticDim(5)) {
			return nil, fmt.Errorf("The second dimension of ROIs input should contain batch id and box coordinates. This dimension is expected to be equal to 5. Got: %s", rois.Dims[1])
		}
	}
	if o.OutputDim <= 0 {
		// Not a check of OpenVINO's (output_dim is a size_t there): irrun refuses a
		// non-positive count of output channels.
		return nil, fmt.Errorf("Value of `output_dim` attribute has to be greater than 0 (got %d)", o.OutputDim)
	}
	g := ir.StaticDim(o.GroupSize)
	return []Output{{Type: in[0].Type, Shape: seqShape(seqDim(rois, 0), ir.StaticDim(o.OutputDim), g, g)}}, nil
}

// tp8PositiveNormal is std::isnormal(x) && !std::signbit(x): x positive, finite and not
// subnormal (roi_pooling_shape_inference.hpp's scale_attr).
func tp8PositiveNormal(x float32) bool {
	return x >= 0x1p-126 && !math.IsInf(float64(x), 1)
}

// tpfDeformableInfer is deformable_psroi_pooling_shape_inference.hpp: the three inputs' ranks
// (by number), then the attributes; the ROIs' second dim is not checked.
func (o *seqPSROIOp) tpfDeformableInfer(t ir.ElementType, in []Input) ([]Output, error) {
	for i, c := range []struct {
		what string
		rank int
	}{{"First", 4}, {"Second", 2}, {"Third", 4}} {
		if i >= len(in) {
			break
		}
		if r, ok := in[i].Shape.Rank(); ok && r != c.rank {
			return nil, fmt.Errorf("%s input rank must be compatible with %d (input rank: %d)", c.what, c.rank, r)
		}
	}
	if o.OutputDim <= 0 {
		return nil, fmt.Errorf("Value of `output_dim` attribute has to be greater than 0 (got %d)", o.OutputDim)
	}
	if o.GroupSize <= 0 {
		return nil, fmt.Errorf("Value of `group_size` attribute has to be greater than 0 (got %d)", o.GroupSize)
	}
	g := ir.StaticDim(o.GroupSize)
	return []Output{{Type: t, Shape: seqShape(seqDim(in[1].Shape, 0), ir.StaticDim(o.OutputDim), g, g)}}, nil
}

func (o *seqPSROIOp) opName() string {
	if o.deformable {
		return "DeformablePSROIPooling"
	}
	return "PSROIPooling"
}

func (o *seqPSROIOp) CheckRunnable(in []Input) error {
	for _, x := range in {
		if x.Type.IsStatic() && !seqIsFloat(x.Type) {
			return unsupportedType(o.opName(), x.Type)
		}
	}
	if len(in) >= 2 && in[0].Type.IsStatic() && in[1].Type.IsStatic() && in[0].Type != in[1].Type {
		// Shape inference accepts coords of another floating type than the feature maps
		// (as OpenVINO's); the kernels read both in one type.
		return &ir.UnsupportedError{What: fmt.Sprintf("%s with ROIs of element type %s on feature maps of element type %s", o.opName(), in[1].Type, in[0].Type)}
	}
	return nil
}

func (o *seqPSROIOp) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	outs, dims, err := detxStaticRun(o.opName(), o, in)
	if err != nil {
		return nil, err
	}
	d, r := dims[0], dims[1]
	od, ok := staticDims(outs[0].Shape)
	if !ok {
		return nil, fmt.Errorf("%s: output shape %s", o.opName(), outs[0].Shape)
	}
	if o.deformable {
		return o.prepareDeformable(in, dims, od, outs[0].Type)
	}
	g := &kernels.PSROIPooling{Batch: d[0], C: d[1], H: d[2], W: d[3], NumROIs: r[0], OutputDim: int(o.OutputDim),
		Group: int(o.GroupSize), SpatialScale: o.SpatialScale, Bilinear: o.Mode == "bilinear", BinsX: int(o.BinsX), BinsY: int(o.BinsY)}
	return seqBind(o.opName(), outs[0].Type, []int{product(d), product(r)}, []int{product(od)}, seqFns{
		f32: func(fin, fout [][]float32, _, _ []*ir.Tensor) error {
			return kernels.PSROIPoolingRun(g, fin[0], fin[1], fout[0])
		},
		f64: func(fin, fout [][]float64, _, _ []*ir.Tensor) error {
			return kernels.PSROIPoolingRun(g, fin[0], fin[1], fout[0])
		},
	})
}

func (o *seqPSROIOp) prepareDeformable(in []Input, dims [][]int, od []int, t ir.ElementType) (Kernel, error) {
	d, r := dims[0], dims[1]
	if r[1] != 5 {
		// Shape inference leaves the ROIs' second dim unchecked (as OpenVINO); the kernel
		// reads [batch id, x1, y1, x2, y2] rows.
		return nil, fmt.Errorf("%s: ROIs must be [num_rois, 5] to run (got %v)", o.opName(), r)
	}
	g := &kernels.DeformablePSROIPooling{Batch: d[0], C: d[1], H: d[2], W: d[3], NumROIs: r[0], OutputDim: int(o.OutputDim),
		Group: int(o.GroupSize), SpatialScale: o.SpatialScale, BinsX: int(o.BinsX), BinsY: int(o.BinsY),
		TransStd: o.TransStd, PartSize: int(o.PartSize)}
	fin := []int{product(d), product(r)}
	if len(in) == 3 {
		g.OffsetDims = dims[2]
		fin = append(fin, product(dims[2]))
	}
	off := func(fin [][]float64) []float64 {
		if len(fin) < 3 {
			return nil
		}
		return fin[2]
	}
	off32 := func(fin [][]float32) []float32 {
		if len(fin) < 3 {
			return nil
		}
		return fin[2]
	}
	return seqBind(o.opName(), t, fin, []int{product(od)}, seqFns{
		f32: func(fin, fout [][]float32, _, _ []*ir.Tensor) error {
			return kernels.DeformablePSROIPoolingRun(g, fin[0], fin[1], off32(fin), fout[0])
		},
		f64: func(fin, fout [][]float64, _, _ []*ir.Tensor) error {
			return kernels.DeformablePSROIPoolingRun(g, fin[0], fin[1], off(fin), fout[0])
		},
	})
}
