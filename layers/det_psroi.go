package layers

import (
	"fmt"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// PSROIPooling-1 (average, bilinear): kernel kernels.PSROIPoolingRun (reference
// psroi_pooling.hpp); DeformablePSROIPooling-1: kernels.DeformablePSROIPoolingRun
// (reference deformable_psroi_pooling.hpp).

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
	outs, err := o.Infer(in)
	if err != nil {
		return nil, err
	}
	if err := o.CheckRunnable(in); err != nil {
		return nil, err
	}
	dims, err := seqStatic(o.opName(), in)
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
