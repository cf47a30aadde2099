package layers

import (
	"fmt"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// ExperimentalDetectron*-6 bindings: PriorGridGenerator (kernels.PriorGridRun),
// ROIFeatureExtractor, DetectionOutput and GenerateProposalsSingleImage.

func detxFloatRunnable(name string, in []Input) error {
	for _, x := range in {
		if x.Type.IsStatic() && !seqIsFloat(x.Type) {
			return unsupportedType(name, x.Type)
		}
	}
	return nil
}

func (o *seqEDPriorGridOp) CheckRunnable(in []Input) error {
	return detxFloatRunnable("ExperimentalDetectronPriorGridGenerator", in[:min(len(in), 1)])
}

func (o *seqEDPriorGridOp) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	const name = "ExperimentalDetectronPriorGridGenerator"
	outs, err := o.Infer(in)
	if err != nil {
		return nil, err
	}
	if err := o.CheckRunnable(in); err != nil {
		return nil, err
	}
	dims, err := seqStatic(name, in)
	if err != nil {
		return nil, err
	}
	pd, fd, id := dims[0], dims[1], dims[2]
	g := &kernels.PriorGrid{Priors: pd[0], GridH: fd[2], GridW: fd[3], StrideH: o.StrideY, StrideW: o.StrideX, ImageH: id[2], ImageW: id[3]}
	if o.H != 0 {
		g.GridH = int(min(o.H, 1<<31))
	}
	if o.W != 0 {
		g.GridW = int(min(o.W, 1<<31))
	}
	if o.H < 0 || o.W < 0 || g.GridH > fd[2] || g.GridW > fd[3] {
		return nil, fmt.Errorf("%s: grid %d×%d does not fit the feature map %d×%d that sizes the output", name, o.H, o.W, fd[2], fd[3])
	}
	od, _ := staticDims(outs[0].Shape)
	return seqBind(name, outs[0].Type, []int{product(pd), -1, -1}, []int{product(od)}, seqFns{
		f32: func(fin, fout [][]float32, _, _ []*ir.Tensor) error { return kernels.PriorGridRun(g, fin[0], fout[0]) },
		f64: func(fin, fout [][]float64, _, _ []*ir.Tensor) error { return kernels.PriorGridRun(g, fin[0], fout[0]) },
	})
}

func (o *seqEDROIFeatureOp) CheckRunnable(in []Input) error {
	return detxFloatRunnable("ExperimentalDetectronROIFeatureExtractor", in)
}

func (o *seqEDROIFeatureOp) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	const name = "ExperimentalDetectronROIFeatureExtractor"
	outs, err := o.Infer(in)
	if err != nil {
		return nil, err
	}
	if err := o.CheckRunnable(in); err != nil {
		return nil, err
	}
	dims, err := seqStatic(name, in)
	if err != nil {
		return nil, err
	}
	L := len(in) - 1
	if o.OutputSize <= 0 || o.OutputSize > 1<<16 || o.SamplingRatio < 0 || o.SamplingRatio > 1<<16 {
		return nil, fmt.Errorf("%s: output_size %d and sampling_ratio %d must be positive and non-negative", name, o.OutputSize, o.SamplingRatio)
	}
	if len(o.PyramidScales) < L {
		return nil, fmt.Errorf("%s: %d pyramid levels but %d pyramid_scales", name, L, len(o.PyramidScales))
	}
	g := &kernels.ROIFeatures{NumROIs: dims[0][0], C: dims[1][1], Scales: o.PyramidScales, Output: int(o.OutputSize),
		SamplingRatio: int(o.SamplingRatio), Aligned: o.Aligned}
	fin := []int{product(dims[0])}
	for _, d := range dims[1:] {
		if d[0] < 1 {
			return nil, fmt.Errorf("%s: a pyramid level of shape %v has no image", name, d)
		}
		g.Levels = append(g.Levels, [2]int{d[2], d[3]})
		fin = append(fin, product(d))
	}
	od0, _ := staticDims(outs[0].Shape)
	od1, _ := staticDims(outs[1].Shape)
	return seqBind(name, outs[0].Type, fin, []int{product(od0), product(od1)}, seqFns{
		f32: func(fin, fout [][]float32, _, _ []*ir.Tensor) error {
			return kernels.ROIFeaturesRun(g, fin[0], fin[1:], fout[0], fout[1])
		},
		f64: func(fin, fout [][]float64, _, _ []*ir.Tensor) error {
			return kernels.ROIFeaturesRun(g, fin[0], fin[1:], fout[0], fout[1])
		},
	})
}
