package layers

import (
	"fmt"

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
	t, err := seqFloatType(in, []int{0, 1}, "Feature maps' and ROIs' data types must be floating point and equal.")
	if err != nil {
		return nil, err
	}
	if o.deformable {
		return o.tpfDeformableInfer(t, in)
	}
	if o.OutputDim <= 0 {
		return nil, fmt.Errorf("Value of `output_dim` attribute has to be greater than 0 (got %d)", o.OutputDim)
	}
	if o.GroupSize <= 0 {
		return nil, fmt.Errorf("Value of `group_size` attribute has to be greater than 0 (got %d)", o.GroupSize)
	}
	feat, rois := in[0].Shape, in[1].Shape
	if err := seqRankErr(feat, 4, "Feature map input rank must equal to 4."); err != nil {
		return nil, err
	}
	if err := seqRankErr(rois, 2, "ROIs input rank must equal to 2."); err != nil {
		return nil, err
	}
	if !rois.DynamicRank && !rois.Dims[1].Compatible(ir.StaticDim(5)) {
		return nil, fmt.Errorf("The second dimension of ROIs input should contain batch id and box coordinates. This dimension is expected to be equal to 5. Got: %s", rois.Dims[1])
	}
	if !o.deformable && !feat.DynamicRank && feat.Dims[1].IsStatic() {
		ch := feat.Dims[1].Lo
		switch o.Mode {
		case "average":
			if ch%(o.GroupSize*o.GroupSize) != 0 {
				return nil, fmt.Errorf("Number of input's channels must be a multiply of output_dim * group_size * group_size (got %d channels)", ch)
			}
			if ch != o.OutputDim*o.GroupSize*o.GroupSize {
				return nil, fmt.Errorf("output_dim must be equal to input channels divided by group_size * group_size (got %d channels)", ch)
			}
		case "bilinear":
			if o.BinsX <= 0 || o.BinsY <= 0 {
				return nil, fmt.Errorf("spatial_bins_x and spatial_bins_y must be greater than 0 (got %d and %d)", o.BinsX, o.BinsY)
			}
			if ch%(o.BinsX*o.BinsY) != 0 || ch/(o.BinsX*o.BinsY) != o.OutputDim {
				return nil, fmt.Errorf("Number of input's channels must be a multiply of spatial_bins_x * spatial_bins_y (got %d channels)", ch)
			}
		default:
			return nil, fmt.Errorf("Expected 'average' or 'bilinear' mode. Got %s", o.Mode)
		}
	}
	return []Output{{Type: t, Shape: seqShape(seqDim(rois, 0), ir.StaticDim(o.OutputDim), ir.StaticDim(o.GroupSize), ir.StaticDim(o.GroupSize))}}, nil
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
