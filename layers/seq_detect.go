package layers

import (
	"fmt"
	"math"

	"github.com/irrun/irrun/ir"
)

// Region and detection ops of the seq family, shape inference after
// src/core/shape_inference/include/<op>_shape_inference.hpp and src/core/src/op/<op>.cpp:
// ROIPooling-0 (opset "1"; kernel for method max, reference roi_pooling.hpp), PSROIPooling-0,
// DeformablePSROIPooling-1, Proposal-0/-4, ExperimentalDetectron{DetectionOutput,
// GenerateProposalsSingleImage, PriorGridGenerator, ROIFeatureExtractor, TopKROIs}-6
// (TopKROIs with a kernel), GenerateProposals-9. Ops without a Prepare method are inferred
// but not executed: irrun reports them as unsupported at run time.

// seqFloatType checks that every listed input has a floating-point (or dynamic) type and
// that they agree; it returns the merged type.
func seqFloatType(in []Input, idx []int, msg string) (ir.ElementType, error) {
	t := ir.Dynamic
	for _, i := range idx {
		if i >= len(in) {
			continue
		}
		m, ok := mergeTypes(t, in[i].Type)
		if !ok || (m.IsStatic() && !m.IsFloat()) {
			return t, fmt.Errorf("%s (got %s and %s)", msg, t, in[i].Type)
		}
		t = m
	}
	return t, nil
}

func seqRankErr(s ir.Shape, r int, what string) error {
	if !seqRankIs(s, r) {
		return fmt.Errorf("%s (got %s)", what, s)
	}
	return nil
}

func seqShape(d ...ir.Dim) ir.Shape { return ir.Shape{Dims: d} }

// ---------------------------------------------------------------- ROIPooling

type seqROIPoolingOp struct {
	PooledH      int64   `attr:"pooled_h"`
	PooledW      int64   `attr:"pooled_w"`
	OutputSize   []int64 `attr:"output_size"`
	SpatialScale float32 `attr:"spatial_scale"`
	Method       string  `attr:"method"`
}

func seqNewROIPooling(int) Op { return &seqROIPoolingOp{Method: "max"} }

func (o *seqROIPoolingOp) pooled() (int64, int64) {
	if len(o.OutputSize) == 2 {
		return o.OutputSize[0], o.OutputSize[1]
	}
	return o.PooledH, o.PooledW
}

func (o *seqROIPoolingOp) Infer(in []Input) ([]Output, error) {
	if len(in) != 2 {
		return nil, fmt.Errorf("ROIPooling expects 2 inputs, got %d", len(in))
	}
	ft, rt := in[0].Type, in[1].Type
	if (ft.IsStatic() && !ft.IsFloat()) || (rt.IsStatic() && !rt.IsFloat()) {
		return nil, fmt.Errorf("The data type for input and ROIs is expected to be a floating point type. Got: %s and: %s", ft, rt)
	}
	t, ok := mergeTypes(ft, rt)
	if !ok {
		return nil, fmt.Errorf("Type of feature maps (inputs) and rois is expected to be the same. Got: %s and: %s", ft, rt)
	}
	ph, pw := o.pooled()
	if len(o.OutputSize) != 0 && len(o.OutputSize) != 2 {
		return nil, fmt.Errorf("The dimension of pooled size is expected to be equal to 2. Got: %d", len(o.OutputSize))
	}
	if ph < 1 || pw < 1 {
		return nil, fmt.Errorf("Pooled size attributes pooled_h and pooled_w should should be positive integers. Got: %d and: %drespectively", ph, pw)
	}
	if !(o.SpatialScale > 0) || math.IsInf(float64(o.SpatialScale), 0) {
		return nil, fmt.Errorf("The spatial scale attribute should be a positive floating point number. Got: %v", o.SpatialScale)
	}
	if o.Method != "max" && o.Method != "bilinear" {
		return nil, fmt.Errorf("Pooling method attribute should be either 'max' or 'bilinear'. Got: %s", o.Method)
	}
	feat, rois := in[0].Shape, in[1].Shape
	if err := seqRankErr(feat, 4, "Expected a 4D tensor for the feature maps input. Got:"); err != nil {
		return nil, err
	}
	if err := seqRankErr(rois, 2, "Expected a 2D tensor for the ROIs input with box coordinates. Got:"); err != nil {
		return nil, err
	}
	if !rois.DynamicRank && !rois.Dims[1].Compatible(ir.StaticDim(5)) {
		return nil, fmt.Errorf("The second dimension of ROIs input should contain batch id and box coordinates. This dimension is expected to be equal to 5. Got: %s", rois.Dims[1])
	}
	return []Output{{Type: t, Shape: seqShape(seqDim(rois, 0), seqDim(feat, 1), ir.StaticDim(ph), ir.StaticDim(pw))}}, nil
}

func (o *seqROIPoolingOp) CheckRunnable(in []Input) error {
	if o.Method != "max" {
		return &ir.UnsupportedError{What: "ROIPooling method " + o.Method + " (irrun computes max)"}
	}
	if len(in) > 0 && in[0].Type.IsStatic() && !seqIsFloat(in[0].Type) {
		return unsupportedType("ROIPooling", in[0].Type)
	}
	return nil
}

func (o *seqROIPoolingOp) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	outs, err := o.Infer(in)
	if err != nil {
		return nil, err
	}
	if err := o.CheckRunnable(in); err != nil {
		return nil, err
	}
	dims, err := seqStatic("ROIPooling", in)
	if err != nil {
		return nil, err
	}
	d, r := dims[0], dims[1]
	ph, pw := o.pooled()
	od, _ := staticDims(outs[0].Shape)
	fns := seqFns{
		f32: func(fin, fout [][]float32, _, _ []*ir.Tensor) error {
			return seqROIPoolMax(fin[0], fin[1], fout[0], d, r[0], int(ph), int(pw), float64(o.SpatialScale))
		},
		f64: func(fin, fout [][]float64, _, _ []*ir.Tensor) error {
			return seqROIPoolMax(fin[0], fin[1], fout[0], d, r[0], int(ph), int(pw), float64(o.SpatialScale))
		},
	}
	return seqBind("ROIPooling", outs[0].Type, []int{product(d), product(r)}, []int{product(od)}, fns)
}

// seqROIPoolMax is reference roi_pooling.hpp's max method: ROI corners rounded after
// scaling, sizes at least 1, bins [floor(p·size/pooled), ceil((p+1)·size/pooled)) clipped
// to the map; an empty bin gives 0.
func seqROIPoolMax[T float32 | float64](data, rois, out []T, d []int, n, ph, pw int, scale float64) error {
	c, h, w := d[1], d[2], d[3]
	if len(out) != n*c*ph*pw || len(rois) < n*5 {
		return fmt.Errorf("ROIPooling: buffers do not match")
	}
	for r := 0; r < n; r++ {
		roi := rois[r*5 : r*5+5]
		b := int(roi[0])
		if b < 0 || b >= d[0] {
			return fmt.Errorf("ROIPooling: batch id %v out of range [0, %d)", roi[0], d[0])
		}
		x0, y0 := int(math.Round(float64(roi[1])*scale)), int(math.Round(float64(roi[2])*scale))
		x1, y1 := int(math.Round(float64(roi[3])*scale)), int(math.Round(float64(roi[4])*scale))
		rh, rw := max(y1-y0+1, 1), max(x1-x0+1, 1)
		bh, bw := float64(rh)/float64(ph), float64(rw)/float64(pw)
		for ch := 0; ch < c; ch++ {
			plane := data[(b*c+ch)*h*w : (b*c+ch+1)*h*w]
			for py := 0; py < ph; py++ {
				hs := min(max(int(math.Floor(float64(py)*bh))+y0, 0), h)
				he := min(max(int(math.Ceil(float64(py+1)*bh))+y0, 0), h)
				for px := 0; px < pw; px++ {
					ws := min(max(int(math.Floor(float64(px)*bw))+x0, 0), w)
					we := min(max(int(math.Ceil(float64(px+1)*bw))+x0, 0), w)
					var m T
					if he > hs && we > ws {
						m = T(math.Inf(-1))
						for y := hs; y < he; y++ {
							for x := ws; x < we; x++ {
								m = max(m, plane[y*w+x])
							}
						}
					}
					out[((r*c+ch)*ph+py)*pw+px] = m
				}
			}
		}
	}
	return nil
}

// ---------------------------------------------------------------- PSROIPooling, DeformablePSROIPooling

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
	if o.deformable && len(in) == 3 {
		if err := seqRankErr(in[2].Shape, 4, "Offsets input rank must equal to 4."); err != nil {
			return nil, err
		}
	}
	return []Output{{Type: t, Shape: seqShape(seqDim(rois, 0), ir.StaticDim(o.OutputDim), ir.StaticDim(o.GroupSize), ir.StaticDim(o.GroupSize))}}, nil
}

// ---------------------------------------------------------------- Proposal

type seqProposalOp struct {
	BaseSize    uint64    `attr:"base_size"`
	PreNMSTopN  uint64    `attr:"pre_nms_topn"`
	PostNMSTopN uint64    `attr:"post_nms_topn"`
	NMSThresh   float32   `attr:"nms_thresh"`
	FeatStride  uint64    `attr:"feat_stride"`
	MinSize     uint64    `attr:"min_size"`
	Ratio       []float32 `attr:"ratio"`
	Scale       []float32 `attr:"scale"`
	Framework   string    `attr:"framework"`
	ClipBefore  bool      `attr:"clip_before_nms"`
	ClipAfter   bool      `attr:"clip_after_nms"`
	Normalize   bool      `attr:"normalize"`
	BoxSize     float32   `attr:"box_size_scale"`
	BoxCoord    float32   `attr:"box_coordinate_scale"`
	version     int
}

func seqNewProposal(v int) Op {
	return &seqProposalOp{ClipBefore: true, BoxSize: 1, BoxCoord: 1, version: v}
}

func (o *seqProposalOp) Infer(in []Input) ([]Output, error) {
	if len(in) != 3 {
		return nil, fmt.Errorf("Proposal expects 3 inputs, got %d", len(in))
	}
	t, err := seqFloatType(in, []int{0, 1, 2}, "Proposal layer input class_probs should have floating point type")
	if err != nil {
		return nil, err
	}
	if o.PostNMSTopN == 0 {
		return nil, fmt.Errorf("Attribute post_nms_topn cannot be zero.")
	}
	if o.FeatStride == 0 {
		return nil, fmt.Errorf("Attribute feat_stride cannot be zero.")
	}
	if o.BaseSize == 0 {
		return nil, fmt.Errorf("Attribute base_size cannot be zero.")
	}
	probs, deltas, img := in[0].Shape, in[1].Shape, in[2].Shape
	if err := seqRankErr(probs, 4, "Proposal layer shape class_probs should be rank 4 compatible"); err != nil {
		return nil, err
	}
	if err := seqRankErr(deltas, 4, "Proposal layer shape bbox_deltas should be rank 4 compatible"); err != nil {
		return nil, err
	}
	if err := seqRankErr(img, 1, "Proposal layer image_shape input must be a 1D tensor"); err != nil {
		return nil, err
	}
	if !img.DynamicRank && !(img.Dims[0].Compatible(ir.StaticDim(3)) || img.Dims[0].Compatible(ir.StaticDim(4))) {
		return nil, fmt.Errorf("Image_shape must be 1-D tensor and has got 3 or 4 elements (image_shape_shape[0] %s)", img.Dims[0])
	}
	batch := seqDim(probs, 0)
	if !deltas.DynamicRank {
		m, ok := dimMerge(batch, deltas.Dims[0])
		if !ok {
			return nil, fmt.Errorf("Batch size inconsistent between class_probs (%s) and bbox deltas (%s).", batch, deltas.Dims[0])
		}
		batch = m
		if !probs.DynamicRank {
			for i := 2; i < 4; i++ {
				if !probs.Dims[i].Compatible(deltas.Dims[i]) {
					return nil, fmt.Errorf("Spatial dimensions of class_probs and bbox_deltas are inconsistent (%s and %s)", probs, deltas)
				}
			}
		}
	}
	rows := seqDimMul(batch, int64(o.PostNMSTopN))
	outs := []Output{{Type: t, Shape: seqShape(rows, ir.StaticDim(5))}}
	if o.version == 4 {
		outs = append(outs, Output{Type: t, Shape: seqShape(rows)})
	}
	return outs, nil
}

// ---------------------------------------------------------------- ExperimentalDetectron*

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
	t, err := seqFloatType(in, []int{0, 1, 2, 3}, "Input[0] type is not floating point or the inputs' types differ.")
	if err != nil {
		return nil, err
	}
	rois, deltas, scores, im := in[0].Shape, in[1].Shape, in[2].Shape, in[3].Shape
	for _, c := range []struct {
		s    ir.Shape
		what string
	}{{rois, "Input rois rank must be equal to 2."}, {deltas, "Input deltas rank must be equal to 2."},
		{scores, "Input scores rank must be equal to 2."}, {im, "Input image info rank must be equal to 2."}} {
		if err := seqRankErr(c.s, 2, c.what); err != nil {
			return nil, err
		}
	}
	if !rois.DynamicRank && !rois.Dims[1].Compatible(ir.StaticDim(4)) {
		return nil, fmt.Errorf("The last dimension of the 'input_rois' input must be compatible with 4. Got: %s", rois.Dims[1])
	}
	if !deltas.DynamicRank && o.NumClasses > 0 && !deltas.Dims[1].Compatible(ir.StaticDim(o.NumClasses*4)) {
		return nil, fmt.Errorf("The last dimension of the 'input_deltas' input be compatible with the value of the attribute 'num_classes' * 4. Got: %s", deltas.Dims[1])
	}
	if !scores.DynamicRank && o.NumClasses > 0 && !scores.Dims[1].Compatible(ir.StaticDim(o.NumClasses)) {
		return nil, fmt.Errorf("The last dimension of the 'input_scores' input must be compatible with the value of the attribute 'num_classes'. Got: %s", scores.Dims[1])
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
	t, err := seqFloatType(in, []int{0, 1, 2, 3}, "Input types must be floating point and equal.")
	if err != nil {
		return nil, err
	}
	for i, r := range []int{1, 2, 3, 3} {
		if err := seqRankErr(in[i].Shape, r, fmt.Sprintf("The rank of input %d must be equal to %d.", i, r)); err != nil {
			return nil, err
		}
	}
	if im := in[0].Shape; !im.DynamicRank && !im.Dims[0].Compatible(ir.StaticDim(3)) {
		return nil, fmt.Errorf("The 'input_im_info' shape is expected to be a compatible with [3]. Got: %s", im)
	}
	if a := in[1].Shape; !a.DynamicRank && !a.Dims[1].Compatible(ir.StaticDim(4)) {
		return nil, fmt.Errorf("The second dimension of 'input_anchors' should be compatible with 4. Got: %s", a.Dims[1])
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
		return []Output{{Type: in[0].Type, Shape: seqShape(dimMul(dimMul(h, w), p), ir.StaticDim(4))}}, nil
	}
	return []Output{{Type: in[0].Type, Shape: seqShape(h, w, p, ir.StaticDim(4))}}, nil
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
	idx := make([]int, len(in))
	for i := range idx {
		idx[i] = i
	}
	t, err := seqFloatType(in, idx, "The input element types must be floating point and equal.")
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

type seqEDTopKROIsOp struct {
	MaxROIs int64 `attr:"max_rois"`
}

func seqNewEDTopKROIs(int) Op { return &seqEDTopKROIsOp{} }

func (o *seqEDTopKROIsOp) Infer(in []Input) ([]Output, error) {
	if len(in) != 2 {
		return nil, fmt.Errorf("ExperimentalDetectronTopKROIs expects 2 inputs, got %d", len(in))
	}
	rois, probs := in[0].Shape, in[1].Shape
	if err := seqRankErr(rois, 2, "The 'input_rois' input is expected to be a 2D."); err != nil {
		return nil, err
	}
	if err := seqRankErr(probs, 1, "The 'rois_probs' input is expected to be a 1D."); err != nil {
		return nil, err
	}
	if !rois.DynamicRank {
		if !rois.Dims[1].Compatible(ir.StaticDim(4)) {
			return nil, fmt.Errorf("The second dimension of 'input_rois' should be 4. Got: %s", rois.Dims[1])
		}
		if !probs.DynamicRank && !rois.Dims[0].Compatible(probs.Dims[0]) {
			return nil, fmt.Errorf("Number of rois and number of probabilities should be equal. Got: %s %s", rois.Dims[0], probs.Dims[0])
		}
	}
	return []Output{{Type: in[0].Type, Shape: seqShape(ir.StaticDim(o.MaxROIs), ir.StaticDim(4))}}, nil
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

// ---------------------------------------------------------------- GenerateProposals

type seqGenerateProposalsOp struct {
	MinSize      float32        `attr:"min_size"`
	NMSThreshold float32        `attr:"nms_threshold"`
	PreNMSCount  int64          `attr:"pre_nms_count"`
	PostNMSCount int64          `attr:"post_nms_count"`
	Normalized   bool           `attr:"normalized"`
	NMSEta       float32        `attr:"nms_eta"`
	ROINumType   ir.ElementType `attr:"roi_num_type"`
}

func seqNewGenerateProposals(int) Op {
	return &seqGenerateProposalsOp{Normalized: true, NMSEta: 1, ROINumType: ir.I64}
}

func (o *seqGenerateProposalsOp) Infer(in []Input) ([]Output, error) {
	if len(in) != 4 {
		return nil, fmt.Errorf("GenerateProposals expects 4 inputs, got %d", len(in))
	}
	if o.PostNMSCount <= 0 {
		return nil, fmt.Errorf("Attribute post_nms_count must be larger than 0. (got %d)", o.PostNMSCount)
	}
	if o.PreNMSCount <= 0 {
		return nil, fmt.Errorf("Attribute pre_nms_count must be larger than 0. (got %d)", o.PreNMSCount)
	}
	if o.NMSEta != 1 {
		return nil, fmt.Errorf("Attribute min_size must be 1.0. (nms_eta %v)", o.NMSEta)
	}
	if o.ROINumType != ir.I32 && o.ROINumType != ir.I64 {
		return nil, fmt.Errorf("The third output type must be int32 or int64 (got %s)", o.ROINumType)
	}
	t, err := seqFloatType(in, []int{0, 1, 2, 3}, "Input types must be floating point and equal.")
	if err != nil {
		return nil, err
	}
	im, anchors, deltas, scores := in[0].Shape, in[1].Shape, in[2].Shape, in[3].Shape
	for i, r := range []int{2, 4, 4, 4} {
		if err := seqRankErr(in[i].Shape, r, fmt.Sprintf("The rank of input %d is expected to be %d.", i, r)); err != nil {
			return nil, err
		}
	}
	if !im.DynamicRank && !(im.Dims[1].Compatible(ir.StaticDim(3)) || im.Dims[1].Compatible(ir.StaticDim(4))) {
		return nil, fmt.Errorf("The 'input_im_info' shape[1] is expected to be a compatible with [3] or [4]. Got: %s", im)
	}
	if !anchors.DynamicRank && !anchors.Dims[3].Compatible(ir.StaticDim(4)) {
		return nil, fmt.Errorf("The fourth dimension of 'input_anchors' should be compatible with 4. Got: %s", anchors.Dims[3])
	}
	batch := seqDim(im, 0)
	for _, s := range []ir.Shape{deltas, scores} {
		m, ok := dimMerge(batch, seqDim(s, 0))
		if !ok {
			return nil, fmt.Errorf("Batch for inputs 'im_info', 'input_deltas' and 'input_scores' should be equal. Got: %s %s %s", im, deltas, scores)
		}
		batch = m
	}
	rows := ir.DynamicDim()
	if batch.Hi != ir.Inf {
		rows = ir.Dim{Lo: 0, Hi: satMul(batch.Hi, o.PostNMSCount)}
	}
	return []Output{{Type: t, Shape: seqShape(rows, ir.StaticDim(4))}, {Type: t, Shape: seqShape(rows)},
		{Type: o.ROINumType, Shape: seqShape(batch)}}, nil
}
