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
	outs, dims, err := detxStaticRun(name, o, in)
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
	outs, dims, err := detxStaticRun(name, o, in)
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

func (o *seqEDDetectionOutputOp) CheckRunnable(in []Input) error {
	return detxFloatRunnable("ExperimentalDetectronDetectionOutput", in)
}

func (o *seqEDDetectionOutputOp) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	const name = "ExperimentalDetectronDetectionOutput"
	outs, dims, err := detxStaticRun(name, o, in)
	if err != nil {
		return nil, err
	}
	rd, dd, sd := dims[0], dims[1], dims[2]
	C := sd[1]
	if rd[0] != dd[0] || rd[0] != sd[0] || dd[1] != 4*C || int64(C) != o.NumClasses || product(dims[3]) < 2 {
		return nil, fmt.Errorf("%s: rois %v, deltas %v, scores %v and im_info %v do not fit num_classes %d", name, rd, dd, sd, dims[3], o.NumClasses)
	}
	if len(o.Deltas) != 4 {
		return nil, fmt.Errorf("%s: deltas_weights has %d values, expected 4", name, len(o.Deltas))
	}
	if o.MaxDetections > 1<<31 || o.PostNMSCount > 1<<31 || o.PostNMSCount < -1 {
		return nil, fmt.Errorf("%s: max_detections_per_image %d or post_nms_count %d out of range", name, o.MaxDetections, o.PostNMSCount)
	}
	g := &kernels.EDDetectionOutput{NumROIs: rd[0], Classes: C, MaxDetections: int(o.MaxDetections), PostNMSCount: int(o.PostNMSCount),
		ScoreThreshold: o.ScoreThreshold, NMSThreshold: o.NMSThreshold, MaxDeltaLogWH: o.MaxDeltaLogWH,
		Weights: [4]float32{o.Deltas[0], o.Deltas[1], o.Deltas[2], o.Deltas[3]}}
	M := g.MaxDetections
	var s kernels.EDDetectionScratch
	classes := func(out []*ir.Tensor) ([]int32, error) {
		if len(out) < 2 || out[1] == nil {
			return nil, fmt.Errorf("%s: missing classes output", name)
		}
		c, ok := out[1].Data.([]int32)
		if !ok || len(c) != M {
			return nil, fmt.Errorf("%s: classes output holds %T", name, out[1].Data)
		}
		return c, nil
	}
	return seqBind(name, outs[0].Type, []int{product(rd), product(dd), product(sd), -1}, []int{4 * M, -1, M}, seqFns{
		f32: func(fin, fout [][]float32, _, out []*ir.Tensor) error {
			c, err := classes(out)
			if err != nil {
				return err
			}
			return kernels.EDDetectionOutputRun(g, fin[0], fin[1], fin[2], fout[0], c, fout[2], &s)
		},
		f64: func(fin, fout [][]float64, _, out []*ir.Tensor) error {
			c, err := classes(out)
			if err != nil {
				return err
			}
			return kernels.EDDetectionOutputRun(g, fin[0], fin[1], fin[2], fout[0], c, fout[2], &s)
		},
	})
}

func (o *seqEDGenerateProposalsOp) CheckRunnable(in []Input) error {
	return detxFloatRunnable("ExperimentalDetectronGenerateProposalsSingleImage", in)
}

func (o *seqEDGenerateProposalsOp) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	const name = "ExperimentalDetectronGenerateProposalsSingleImage"
	outs, dims, err := detxStaticRun(name, o, in)
	if err != nil {
		return nil, err
	}
	id, ad, dd, sd := dims[0], dims[1], dims[2], dims[3]
	if dd[0] != 4*sd[0] || dd[1] != sd[1] || dd[2] != sd[2] || ad[0] != product(sd) || ad[1] != 4 || id[0] < 2 {
		return nil, fmt.Errorf("%s: im_info %v, anchors %v, deltas %v and scores %v do not match", name, id, ad, dd, sd)
	}
	if o.PreNMSCount < 0 || o.PostNMSCount < 0 || o.PreNMSCount > 1<<31 || o.PostNMSCount > 1<<31 {
		return nil, fmt.Errorf("%s: pre_nms_count %d or post_nms_count %d out of range", name, o.PreNMSCount, o.PostNMSCount)
	}
	g := &kernels.EDProposals{Anchors: sd[0], H: sd[1], W: sd[2], MinSize: o.MinSize, NMSThreshold: o.NMSThreshold,
		PreNMSCount: int(o.PreNMSCount), PostNMSCount: int(o.PostNMSCount)}
	P := g.PostNMSCount
	var s kernels.EDProposalsScratch
	return seqBind(name, outs[0].Type, []int{id[0], product(ad), product(dd), product(sd)}, []int{4 * P, P}, seqFns{
		f32: func(fin, fout [][]float32, _, _ []*ir.Tensor) error {
			return kernels.EDProposalsRun(g, fin[0], fin[1], fin[2], fin[3], fout[0], fout[1], &s)
		},
		f64: func(fin, fout [][]float64, _, _ []*ir.Tensor) error {
			return kernels.EDProposalsRun(g, fin[0], fin[1], fin[2], fin[3], fout[0], fout[1], &s)
		},
	})
}

// detxStaticRun infers op on in, checks that irrun runs it, and returns its outputs and the
// inputs' static dims: the common start of the detection ops' Prepare.
func detxStaticRun(name string, op interface {
	Op
	RunChecker
}, in []Input) ([]Output, [][]int, error) {
	outs, err := op.Infer(in)
	if err != nil {
		return nil, nil, err
	}
	if err := op.CheckRunnable(in); err != nil {
		return nil, nil, err
	}
	dims, err := seqStatic(name, in)
	if err != nil {
		return nil, nil, err
	}
	return outs, dims, nil
}
