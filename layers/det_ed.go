package layers

import (
	"fmt"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// ExperimentalDetectron*-6: DetectionOutput, GenerateProposalsSingleImage, PriorGridGenerator,
// ROIFeatureExtractor and TopKROIs. Shape inference after
// src/core/shape_inference/include/experimental_detectron_*_shape_inference.hpp and
// src/core/src/op/experimental_detectron_*.cpp, then the kernel bindings: PriorGridGenerator
// (kernels.PriorGridRun), ROIFeatureExtractor, DetectionOutput and
// GenerateProposalsSingleImage; TopKROIs (inference and kernel) last.

// tpfEDSameFloat is detectron::validate::all_inputs_same_floating_type, the element-type
// check of the ExperimentalDetectron ops: the inputs' types merge into one floating-point (or
// dynamic) type, the first input breaking that named.
func tpfEDSameFloat(in []Input) (ir.ElementType, error) {
	t := ir.Dynamic
	for i, x := range in {
		m, ok := mergeTypes(t, x.Type)
		if !ok || (m.IsStatic() && !m.IsFloat()) {
			return t, fmt.Errorf("Input[%d] type '%s' is not floating point or not same as others inputs.", i, x.Type)
		}
		t = m
	}
	return t, nil
}

type seqEDDetectionOutputOp struct {
	ScoreThreshold   float32   `attr:"score_threshold"`
	NMSThreshold     float32   `attr:"nms_threshold"`
	MaxDeltaLogWH    float32   `attr:"max_delta_log_wh"`
	NumClasses       int64     `attr:"num_classes"`
	PostNMSCount     int64     `attr:"post_nms_count"`
	MaxDetections    uint64    `attr:"max_detections_per_image"`
	ClassAgnosticBox bool      `attr:"class_agnostic_box_regression"`
	Deltas           []float32 `attr:"deltas_weights"`
}

func seqNewEDDetectionOutput(int) Op { return &seqEDDetectionOutputOp{} }

func (o *seqEDDetectionOutputOp) Infer(in []Input) ([]Output, error) {
	if len(in) != 4 {
		return nil, fmt.Errorf("ExperimentalDetectronDetectionOutput expects 4 inputs, got %d", len(in))
	}
	t, err := tpfEDSameFloat(in)
	if err != nil {
		return nil, err
	}
	// experimental_detectron_detection_output_shape_inference.hpp: each input's checks in
	// turn, then the batch dims of rois, deltas and scores merged.
	rois, deltas, scores, im := in[0].Shape, in[1].Shape, in[2].Shape, in[3].Shape
	if err := seqRankErr(rois, 2, "Input rois rank must be equal to 2."); err != nil {
		return nil, err
	}
	if !rois.DynamicRank && !rois.Dims[1].Compatible(ir.StaticDim(4)) {
		return nil, fmt.Errorf("The last dimension of the 'input_rois' input must be compatible with 4. Got: %s", rois.Dims[1])
	}
	if err := seqRankErr(deltas, 2, "Input deltas rank must be equal to 2."); err != nil {
		return nil, err
	}
	if !deltas.DynamicRank && o.NumClasses > 0 && !deltas.Dims[1].Compatible(ir.StaticDim(o.NumClasses*4)) {
		return nil, fmt.Errorf("The last dimension of the 'input_deltas' input be compatible with the value of the attribute 'num_classes' * 4. Got: %s", deltas.Dims[1])
	}
	if err := seqRankErr(scores, 2, "Input scores rank must be equal to 2."); err != nil {
		return nil, err
	}
	if !scores.DynamicRank && o.NumClasses > 0 && !scores.Dims[1].Compatible(ir.StaticDim(o.NumClasses)) {
		// "withthe": OpenVINO's message, verbatim.
		return nil, fmt.Errorf("The last dimension of the 'input_scores' input must be compatible withthe value of the attribute 'num_classes'. Got: %s", scores.Dims[1])
	}
	if !im.DynamicRank && (len(im.Dims) != 2 || !im.Dims[0].Compatible(ir.StaticDim(1)) || !im.Dims[1].Compatible(ir.StaticDim(3))) {
		return nil, fmt.Errorf("Input image info shape must be compatible with [1,3]. (got %s)", im)
	}
	if !rois.DynamicRank && !deltas.DynamicRank && !scores.DynamicRank {
		m, ok := dimMerge(rois.Dims[0], deltas.Dims[0])
		if ok {
			_, ok = dimMerge(m, scores.Dims[0])
		}
		if !ok {
			return nil, fmt.Errorf("The first dimension of inputs 'input_rois', 'input_deltas', 'input_scores' must be the compatible. input_rois batch: %s; input_deltas batch: %s; input_scores batch: %s",
				rois.Dims[0], deltas.Dims[0], scores.Dims[0])
		}
	}
	n := ir.StaticDim(int64(o.MaxDetections))
	return []Output{{Type: t, Shape: seqShape(n, ir.StaticDim(4))}, {Type: ir.I32, Shape: seqShape(n)}, {Type: t, Shape: seqShape(n)}}, nil
}

type seqEDGenerateProposalsOp struct {
	MinSize      float32 `attr:"min_size"`
	NMSThreshold float32 `attr:"nms_threshold"`
	PreNMSCount  int64   `attr:"pre_nms_count"`
	PostNMSCount int64   `attr:"post_nms_count"`
}

func seqNewEDGenerateProposals(int) Op { return &seqEDGenerateProposalsOp{} }

func (o *seqEDGenerateProposalsOp) Infer(in []Input) ([]Output, error) {
	if len(in) != 4 {
		return nil, fmt.Errorf("ExperimentalDetectronGenerateProposalsSingleImage expects 4 inputs, got %d", len(in))
	}
	t, err := tpfEDSameFloat(in)
	if err != nil {
		return nil, err
	}
	// experimental_detectron_generate_proposals_shape_inference.hpp.
	im, anchors, deltas, scores := in[0].Shape, in[1].Shape, in[2].Shape, in[3].Shape
	if err := seqRankErr(im, 1, "The 'input_im_info' input is expected to be a 1D."); err != nil {
		return nil, err
	}
	if !im.DynamicRank && !im.Dims[0].Compatible(ir.StaticDim(3)) {
		return nil, fmt.Errorf("The 'input_im_info' shape is expected to be a compatible with [3]. Got: %s", im)
	}
	if err := seqRankErr(anchors, 2, "The 'input_anchors' input is expected to be a 2D."); err != nil {
		return nil, err
	}
	if !anchors.DynamicRank && !anchors.Dims[1].Compatible(ir.StaticDim(4)) {
		return nil, fmt.Errorf("The second dimension of 'input_anchors' should be compatible with 4. Got: %s", anchors.Dims[1])
	}
	if err := seqRankErr(deltas, 3, "The 'input_deltas' input is expected to be a 3D."); err != nil {
		return nil, err
	}
	if err := seqRankErr(scores, 3, "The 'input_scores' input is expected to be a 3D."); err != nil {
		return nil, err
	}
	if !deltas.DynamicRank && !scores.DynamicRank {
		if !deltas.Dims[1].Compatible(scores.Dims[1]) {
			return nil, fmt.Errorf("Heights for inputs 'input_deltas' and 'input_scores' should be equal. Got: %s %s", deltas.Dims[1], scores.Dims[1])
		}
		if !deltas.Dims[2].Compatible(scores.Dims[2]) {
			return nil, fmt.Errorf("Width for inputs 'input_deltas' and 'input_scores' should be equal. Got: %s %s", deltas.Dims[2], scores.Dims[2])
		}
	}
	n := ir.StaticDim(o.PostNMSCount)
	return []Output{{Type: t, Shape: seqShape(n, ir.StaticDim(4))}, {Type: t, Shape: seqShape(n)}}, nil
}

type seqEDPriorGridOp struct {
	Flatten bool    `attr:"flatten"`
	H       int64   `attr:"h"`
	W       int64   `attr:"w"`
	StrideX float32 `attr:"stride_x"`
	StrideY float32 `attr:"stride_y"`
}

func seqNewEDPriorGrid(int) Op { return &seqEDPriorGridOp{Flatten: true} }

func (o *seqEDPriorGridOp) Infer(in []Input) ([]Output, error) {
	if len(in) != 3 {
		return nil, fmt.Errorf("ExperimentalDetectronPriorGridGenerator expects 3 inputs, got %d", len(in))
	}
	t, err := tpfEDSameFloat(in)
	if err != nil {
		return nil, err
	}
	priors, feat, img := in[0].Shape, in[1].Shape, in[2].Shape
	if err := seqRankErr(priors, 2, "Priors rank must be equal to 2."); err != nil {
		return nil, err
	}
	if err := seqRankErr(feat, 4, "Feature_map rank must be equal to 4."); err != nil {
		return nil, err
	}
	if err := seqRankErr(img, 4, "Im_data rank must be equal to 4."); err != nil {
		return nil, err
	}
	if !priors.DynamicRank && !priors.Dims[1].Compatible(ir.StaticDim(4)) {
		return nil, fmt.Errorf("The last dimension of the 'priors' input must be equal to 4. Got: %s", priors.Dims[1])
	}
	if !feat.DynamicRank && !img.DynamicRank && !feat.Dims[0].Compatible(img.Dims[0]) {
		return nil, fmt.Errorf("The first dimension of both 'feature_map' and 'im_data' must match. Feature_map: %s; Im_data: %s", feat.Dims[0], img.Dims[0])
	}
	// The output follows the feature map; the h and w attributes only bound the cells the
	// kernel fills (OpenVINO's shape inference and op_reference prior grid vectors).
	h, w := seqDim(feat, 2), seqDim(feat, 3)
	p := seqDim(priors, 0)
	if o.Flatten {
		return []Output{{Type: t, Shape: seqShape(dimMul(dimMul(h, w), p), ir.StaticDim(4))}}, nil
	}
	return []Output{{Type: t, Shape: seqShape(h, w, p, ir.StaticDim(4))}}, nil
}

type seqEDROIFeatureOp struct {
	OutputSize    int64   `attr:"output_size"`
	SamplingRatio int64   `attr:"sampling_ratio"`
	PyramidScales []int64 `attr:"pyramid_scales"`
	Aligned       bool    `attr:"aligned"`
}

func seqNewEDROIFeature(int) Op { return &seqEDROIFeatureOp{} }

func (o *seqEDROIFeatureOp) Infer(in []Input) ([]Output, error) {
	if len(in) < 2 {
		return nil, fmt.Errorf("ExperimentalDetectronROIFeatureExtractor expects at least 2 inputs, got %d", len(in))
	}
	t, err := tpfEDSameFloat(in)
	if err != nil {
		return nil, err
	}
	rois := in[0].Shape
	if err := seqRankErr(rois, 2, "Input rois rank must be equal to 2."); err != nil {
		return nil, err
	}
	if !rois.DynamicRank && !rois.Dims[1].Compatible(ir.StaticDim(4)) {
		return nil, fmt.Errorf("The last dimension of the 'input_rois' input must be equal to 4. Got: %s", rois.Dims[1])
	}
	ch := ir.DynamicDim()
	for i := 1; i < len(in); i++ {
		s := in[i].Shape
		if err := seqRankErr(s, 4, fmt.Sprintf("Rank of each element of the pyramid must be equal to 4. Got: %d-th input", i)); err != nil {
			return nil, err
		}
		if !s.DynamicRank {
			if !s.Dims[0].Compatible(ir.StaticDim(1)) {
				return nil, fmt.Errorf("The first dimension of each pyramid element must be equal to 1. Got: %s", s.Dims[0])
			}
			m, ok := dimMerge(ch, s.Dims[1])
			if !ok {
				return nil, fmt.Errorf("The number of channels must be the same for all layers of the pyramid. (got %s and %s)", ch, s.Dims[1])
			}
			ch = m
		}
	}
	n := seqDim(rois, 0)
	return []Output{{Type: t, Shape: seqShape(n, ch, ir.StaticDim(o.OutputSize), ir.StaticDim(o.OutputSize))},
		{Type: t, Shape: seqShape(n, ir.StaticDim(4))}}, nil
}

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

type seqEDTopKROIsOp struct {
	MaxROIs int64 `attr:"max_rois"`
}

func seqNewEDTopKROIs(int) Op { return &seqEDTopKROIsOp{} }

func (o *seqEDTopKROIsOp) Infer(in []Input) ([]Output, error) {
	if len(in) != 2 {
		return nil, fmt.Errorf("ExperimentalDetectronTopKROIs expects 2 inputs, got %d", len(in))
	}
	t, ok := mergeTypes(in[0].Type, in[1].Type)
	if !ok || (t.IsStatic() && !t.IsFloat()) {
		return nil, fmt.Errorf("ROIs and probabilities of ROIs must same floating-point type. (got %s and %s)", in[0].Type, in[1].Type)
	}
	// experimental_detectron_topkrois_shape_inference.hpp (a wrong rank is reported by its
	// number).
	rois, probs := in[0].Shape, in[1].Shape
	if r, ok := rois.Rank(); ok {
		if r != 2 {
			return nil, fmt.Errorf("The 'input_rois' input is expected to be a 2D. Got: %d", r)
		}
		if !rois.Dims[1].Compatible(ir.StaticDim(4)) {
			return nil, fmt.Errorf("The second dimension of 'input_rois' should be 4. Got: %s", rois.Dims[1])
		}
	}
	if r, ok := probs.Rank(); ok && r != 1 {
		return nil, fmt.Errorf("The 'rois_probs' input is expected to be a 1D. Got: %d", r)
	}
	if !rois.DynamicRank && !probs.DynamicRank && !rois.Dims[0].Compatible(probs.Dims[0]) {
		return nil, fmt.Errorf("Number of rois and number of probabilities should be equal. Got: %s %s", rois.Dims[0], probs.Dims[0])
	}
	return []Output{{Type: t, Shape: seqShape(ir.StaticDim(o.MaxROIs), ir.StaticDim(4))}}, nil
}

// Prepare: reference experimental_detectron_topk_rois.hpp: the max_rois ROIs of highest
// probability (stable for ties), in descending probability; fewer ROIs leave the rest as
// they are computed (OpenVINO writes only min(max_rois, n) rows; irrun zeroes the others).
func (o *seqEDTopKROIsOp) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	outs, err := o.Infer(in)
	if err != nil {
		return nil, err
	}
	dims, err := seqStatic("ExperimentalDetectronTopKROIs", in)
	if err != nil {
		return nil, err
	}
	n := dims[0][0]
	k := int(o.MaxROIs)
	order := make([]int, n)
	return seqBind("ExperimentalDetectronTopKROIs", outs[0].Type, []int{n * 4, n}, []int{k * 4}, seqFns{
		f32: func(fin, fout [][]float32, _, _ []*ir.Tensor) error {
			return seqTopKROIs(fin[0], fin[1], fout[0], order, k)
		},
		f64: func(fin, fout [][]float64, _, _ []*ir.Tensor) error {
			return seqTopKROIs(fin[0], fin[1], fout[0], order, k)
		},
	})
}

func seqTopKROIs[T float32 | float64](rois, probs, out []T, order []int, k int) error {
	for i := range order {
		order[i] = i
	}
	// Insertion-free selection: a stable sort by descending probability.
	seqStableSortDesc(order, probs)
	clear(out)
	for i := 0; i < k && i < len(order); i++ {
		copy(out[i*4:i*4+4], rois[order[i]*4:order[i]*4+4])
	}
	return nil
}

func seqStableSortDesc[T float32 | float64](idx []int, key []T) {
	// A stable insertion sort: no allocation, and ROI counts are small.
	for i := 1; i < len(idx); i++ {
		for j := i; j > 0 && key[idx[j]] > key[idx[j-1]]; j-- {
			idx[j], idx[j-1] = idx[j-1], idx[j]
		}
	}
}
