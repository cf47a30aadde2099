package layers

import (
	"context"
	"fmt"
	"math"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// DetectionOutput-1 and -8: src/core/shape_inference/include/
// detection_output_shape_inference.hpp, src/core/src/op/detection_output.cpp and
// util/detection_output_base.cpp; the kernel is kernels.DetectionOutput, a transliteration of
// reference/detection_output.hpp.

type detectionOutputOp struct {
	NumClasses              int64   `attr:"num_classes"`
	BackgroundLabelID       int64   `attr:"background_label_id"`
	TopK                    int64   `attr:"top_k"`
	VarianceEncodedInTarget bool    `attr:"variance_encoded_in_target"`
	KeepTopK                []int64 `attr:"keep_top_k"`
	CodeType                string  `attr:"code_type"`
	ShareLocation           bool    `attr:"share_location"`
	NMSThreshold            float64 `attr:"nms_threshold"`
	ConfidenceThreshold     float64 `attr:"confidence_threshold"`
	ClipAfterNMS            bool    `attr:"clip_after_nms"`
	ClipBeforeNMS           bool    `attr:"clip_before_nms"`
	DecreaseLabelID         bool    `attr:"decrease_label_id"`
	Normalized              bool    `attr:"normalized"`
	InputHeight             uint64  `attr:"input_height"`
	InputWidth              uint64  `attr:"input_width"`
	ObjectnessScore         float64 `attr:"objectness_score"`
	version                 int
}

// newDetectionOutput returns the op with DetectionOutputBase::AttributesBase's defaults.
func newDetectionOutput(v int) Op {
	return &detectionOutputOp{
		TopK: -1, CodeType: "caffe.PriorBoxParameter.CORNER", ShareLocation: true,
		InputHeight: 1, InputWidth: 1, version: v,
	}
}

func rankOf(s ir.Shape) string {
	if r, ok := s.Rank(); ok {
		return fmt.Sprint(r)
	}
	return "?"
}

// detectionClasses is compute_num_classes (DetectionOutput-8): the number of classes and
// of prior boxes deduced from the input shapes (0 when unknown).
func (d *detectionOutputOp) detectionClasses(in []Input) (numClasses, numPriors int64, err error) {
	box, cls, prop := in[0].Shape, in[1].Shape, in[2].Shape
	if r, ok := box.Rank(); ok && r != 2 {
		return 0, 0, fmt.Errorf("Box logits rank must be 2. Got %d", r)
	}
	if r, ok := cls.Rank(); ok && r != 2 {
		return 0, 0, fmt.Errorf("Class predictions rank must be 2. Got %d", r)
	}
	if r, ok := prop.Rank(); ok && r != 3 {
		return 0, 0, fmt.Errorf("Proposals rank must be 3. Got %d", r)
	}
	var adCls, adBox ir.Shape
	five := len(in) == 5
	if five {
		adCls, adBox = in[3].Shape, in[4].Shape
		if r, ok := adCls.Rank(); ok && r != 2 {
			return 0, 0, fmt.Errorf("Additional class predictions rank must be 2. Got %d", r)
		}
		if r, ok := adBox.Rank(); ok && r != 2 {
			return 0, 0, fmt.Errorf("Additional box predictions rank must be 2. Got %d", r)
		}
	}
	priorSize := int64(5)
	if d.Normalized {
		priorSize = 4
	}
	if !prop.DynamicRank && prop.Dims[2].IsStatic() {
		n := prop.Dims[2].Lo
		if n%priorSize != 0 {
			return 0, 0, fmt.Errorf("Proposals' third dimension must be a multiply of prior_box_size (%d). Current value is: %d.", priorSize, n)
		}
		numPriors = n / priorSize
		if numPriors <= 0 {
			return 0, 0, fmt.Errorf("A number of prior boxes must be greater zero. Got: %d", numPriors)
		}
	}
	if numPriors == 0 && five && !adCls.DynamicRank && adCls.Dims[1].IsStatic() {
		n := adCls.Dims[1].Lo
		if n%2 != 0 {
			return 0, 0, fmt.Errorf("Additional class predictions second dimension must be a multiply of 2. Current value is: %d.", n)
		}
		numPriors = n / 2
		if numPriors <= 0 {
			return 0, 0, fmt.Errorf("A number of prior boxes must be greater zero. Got: %d", numPriors)
		}
	}
	if numPriors > 0 && !cls.DynamicRank && cls.Dims[1].IsStatic() {
		n := cls.Dims[1].Lo
		if n%numPriors != 0 {
			return 0, 0, fmt.Errorf("Class predictions second dimension must be a multiply of num_prior_boxes (%d). Current value is: %d.", numPriors, n)
		}
		numClasses = n / numPriors
	}
	if numClasses == 0 && numPriors > 0 && !box.DynamicRank && box.Dims[1].IsStatic() && !d.ShareLocation {
		n := box.Dims[1].Lo
		if n%(numPriors*4) != 0 {
			return 0, 0, fmt.Errorf("Box logits second dimension must be a multiply of num_prior_boxes * 4 (%d). Current value is: %d.", numPriors*4, n)
		}
		numClasses = n / (numPriors * 4)
	}
	if numClasses == 0 && numPriors > 0 && five && !adBox.DynamicRank && adBox.Dims[1].IsStatic() && !d.ShareLocation {
		n := adBox.Dims[1].Lo
		if n%(numPriors*4) != 0 {
			return 0, 0, fmt.Errorf("Additional box predictions second dimension must be a multiply of num_prior_boxes * 4 (%d). Current value is: %d.", numPriors*4, n)
		}
		numClasses = n / (numPriors * 4)
	}
	return numClasses, numPriors, nil
}

func (d *detectionOutputOp) Infer(in []Input) ([]Output, error) {
	if len(in) != 3 && len(in) != 5 {
		return nil, fmt.Errorf("DetectionOutput accepts 3 or 5 inputs. (got %d)", len(in))
	}
	if d.version == 1 && d.NumClasses <= 0 {
		return nil, fmt.Errorf("Number of classes must be greater than zero (num_classes is %d)", d.NumClasses)
	}
	if len(d.KeepTopK) == 0 {
		return nil, fmt.Errorf("keep_top_k attribute must be provided")
	}
	if d.CodeType != "caffe.PriorBoxParameter.CORNER" && d.CodeType != "caffe.PriorBoxParameter.CENTER_SIZE" {
		return nil, fmt.Errorf("code_type must be either \"caffe.PriorBoxParameter.CORNER\" or \"caffe.PriorBoxParameter.CENTER_SIZE\" (got %q)", d.CodeType)
	}
	real := func(t ir.ElementType) bool { return !t.IsStatic() || t.IsFloat() }
	boxT, clsT, propT := in[0].Type, in[1].Type, in[2].Type
	if !real(boxT) {
		return nil, fmt.Errorf("Box logits' data type must be floating point. Got %s", boxT)
	}
	if clsT != boxT {
		return nil, fmt.Errorf("Class predictions' data type must be the same as box logits type (%s). Got %s", boxT, clsT)
	}
	if !real(propT) {
		return nil, fmt.Errorf("Proposals' data type must be floating point. Got %s", propT)
	}
	if len(in) == 5 {
		if in[3].Type != clsT {
			return nil, fmt.Errorf("Additional class predictions' data type must be the same as class predictions data type (%s). Got %s", clsT, in[3].Type)
		}
		if in[4].Type != boxT {
			return nil, fmt.Errorf("Additional box predictions' data type must be the same as box logits data type (%s). Got %s", boxT, in[4].Type)
		}
	}
	out, err := d.shape(in)
	if err != nil {
		return nil, err
	}
	return []Output{{Type: boxT, Shape: out}}, nil
}

// shape is shape_infer_base.
func (d *detectionOutputOp) shape(in []Input) (ir.Shape, error) {
	box, cls, prop := in[0].Shape, in[1].Shape, in[2].Shape
	var numClasses, numPriors int64
	if d.version == 1 {
		numClasses = d.NumClasses
	} else {
		var err error
		if numClasses, numPriors, err = d.detectionClasses(in); err != nil {
			return ir.Shape{}, err
		}
	}
	numLocClasses := numClasses
	if d.ShareLocation {
		numLocClasses = 1
	}
	priorSize := int64(5)
	if d.Normalized {
		priorSize = 4
	}
	images := ir.DynamicDim()
	imagesSet := false
	if !box.DynamicRank {
		if len(box.Dims) != 2 {
			return ir.Shape{}, fmt.Errorf("Box logits rank must be 2. Got %d", len(box.Dims))
		}
		images, imagesSet = box.Dims[0], true
		if numPriors == 0 && box.Dims[1].IsStatic() {
			n := box.Dims[1].Lo
			if numLocClasses == 0 || n%(numLocClasses*4) != 0 {
				return ir.Shape{}, fmt.Errorf("Box logits' second dimension must be a multiply of num_loc_classes * 4 (%d). Current value is: %d.", numLocClasses*4, n)
			}
			numPriors = n / (numLocClasses * 4)
		}
		if numPriors > 0 && numLocClasses > 0 {
			want := numPriors * numLocClasses * 4
			if !box.Dims[1].Compatible(ir.StaticDim(want)) {
				return ir.Shape{}, fmt.Errorf("The second dimension of the first input (box logits) is not compatible. Current value: %s, expected value: %d", box.Dims[1], want)
			}
		}
	}
	if !cls.DynamicRank {
		if len(cls.Dims) != 2 {
			return ir.Shape{}, fmt.Errorf("Class predictions rank must be 2. Got %d", len(cls.Dims))
		}
		if (!imagesSet || images.IsDynamic()) && cls.Dims[0].IsStatic() {
			images, imagesSet = cls.Dims[0], true
		} else if !cls.Dims[0].Compatible(images) {
			return ir.Shape{}, fmt.Errorf("Class predictions' first dimension is not compatible with batch size.  Current value is: %s, expected: %s.", cls.Dims[0], images)
		}
		if cls.Dims[1].IsStatic() && numClasses != 0 {
			n := cls.Dims[1].Lo
			if numPriors == 0 {
				if n%numClasses != 0 {
					return ir.Shape{}, fmt.Errorf("Class predictions' second dimension must be a multiply of num_classes (%d). Current value is: %d.", numClasses, n)
				}
				numPriors = n / numClasses
			} else if n != numPriors*numClasses {
				return ir.Shape{}, fmt.Errorf("Class predictions' second dimension must be equal to num_prior_boxes * num_classes (%d). Current value is: %d.", numPriors*numClasses, n)
			}
		}
	}
	if !prop.DynamicRank {
		if len(prop.Dims) != 3 {
			return ir.Shape{}, fmt.Errorf("Proposals rank must be 3. Got %d", len(prop.Dims))
		}
		if !prop.Dims[0].Compatible(ir.StaticDim(1)) && !prop.Dims[0].Compatible(images) {
			return ir.Shape{}, fmt.Errorf("Proposals' first dimension is must be equal to either batch size (%s) or 1. Got: %s.", images, prop.Dims[0])
		}
		second := int64(2)
		if d.VarianceEncodedInTarget {
			second = 1
		}
		if !prop.Dims[1].Compatible(ir.StaticDim(second)) {
			return ir.Shape{}, fmt.Errorf("Proposals' second dimension is mismatched. Current value is: %s, expected: %d.", prop.Dims[1], second)
		}
		if prop.Dims[2].IsStatic() {
			n := prop.Dims[2].Lo
			if numPriors == 0 {
				if n%priorSize != 0 {
					return ir.Shape{}, fmt.Errorf("Proposals' third dimension must be a multiply of prior_box_size (%d). Current value is: %d.", priorSize, n)
				}
				numPriors = n / priorSize
			} else if n != numPriors*priorSize {
				return ir.Shape{}, fmt.Errorf("Proposals' third dimension must be equal to num_prior_boxes * prior_box_size (%d). Current value is: %d.", numPriors*priorSize, n)
			}
		}
	}
	if len(in) == 5 {
		adCls, adBox := in[3].Shape, in[4].Shape
		if !adCls.DynamicRank {
			if len(adCls.Dims) != 2 {
				return ir.Shape{}, fmt.Errorf("additional class predictions rank must be 2. Got %d", len(adCls.Dims))
			}
			if !adCls.Dims[0].Compatible(images) {
				return ir.Shape{}, fmt.Errorf("Additional class predictions' first dimension must be compatible with batch size. Current value is: %s, expected: %s.", adCls.Dims[0], images)
			}
			if numPriors != 0 && !adCls.Dims[1].Compatible(ir.StaticDim(numPriors*2)) {
				return ir.Shape{}, fmt.Errorf("Additional class predictions' second dimension must be compatible with num_prior_boxes * 2. Current value is: %s, expected: %d.", adCls.Dims[1], numPriors*2)
			}
			if adCls.Dims[1].IsStatic() {
				numPriors = adCls.Dims[1].Lo / 2
			}
		}
		if !adBox.Compatible(box) {
			return ir.Shape{}, fmt.Errorf("Additional box predictions' shape must be compatible with box logits shape. Current value is: %s, expected: %s.", adBox, box)
		}
	}
	priors, classes := ir.DynamicDim(), ir.DynamicDim()
	if numPriors != 0 {
		priors = ir.StaticDim(numPriors)
	}
	if numClasses != 0 {
		classes = ir.StaticDim(numClasses)
	}
	var n ir.Dim
	switch {
	case d.KeepTopK[0] > 0:
		n = dimMul(images, ir.StaticDim(d.KeepTopK[0]))
	case d.KeepTopK[0] == -1 && d.TopK > 0:
		n = dimMul(dimMul(images, ir.StaticDim(d.TopK)), classes)
	default:
		n = dimMul(dimMul(images, priors), classes)
	}
	return ir.Shape{Dims: []ir.Dim{ir.StaticDim(1), ir.StaticDim(1), n, ir.StaticDim(7)}}, nil
}

// CheckRunnable: the kernel computes f32, f64, f16 and bf16 inputs.
func (d *detectionOutputOp) CheckRunnable(in []Input) error {
	for _, x := range in {
		if x.Type.IsStatic() && !ctcRunnable(x.Type) {
			return unsupportedType("DetectionOutput", x.Type)
		}
	}
	return nil
}

// detectionAttrs turns the decoded attributes into the kernel's, as OpenVINO's float
// attributes (thresholds are float32 there).
func (d *detectionOutputOp) detectionAttrs(numClasses int) (kernels.DetectionAttrs, error) {
	clampInt := func(v int64) int { return int(max(min(v, math.MaxInt32), math.MinInt32)) }
	if d.InputHeight > math.MaxInt32 || d.InputWidth > math.MaxInt32 {
		return kernels.DetectionAttrs{}, fmt.Errorf("input_height %d or input_width %d is too large", d.InputHeight, d.InputWidth)
	}
	return kernels.DetectionAttrs{
		NumClasses:      numClasses,
		BackgroundLabel: clampInt(d.BackgroundLabelID),
		TopK:            clampInt(d.TopK),
		KeepTopK:        clampInt(d.KeepTopK[0]),
		VarianceEncoded: d.VarianceEncodedInTarget,
		CenterSize:      d.CodeType == "caffe.PriorBoxParameter.CENTER_SIZE",
		ShareLocation:   d.ShareLocation,
		NMSThreshold:    float32(d.NMSThreshold),
		ConfThreshold:   float32(d.ConfidenceThreshold),
		ObjectnessScore: float32(d.ObjectnessScore),
		ClipAfterNMS:    d.ClipAfterNMS,
		ClipBeforeNMS:   d.ClipBeforeNMS,
		DecreaseLabelID: d.DecreaseLabelID,
		Normalized:      d.Normalized,
		InputHeight:     int(d.InputHeight),
		InputWidth:      int(d.InputWidth),
	}, nil
}

// Prepare binds the reference kernel. It computes in f64 when the box logits are f64 and in
// f32 otherwise (f16/bf16 inputs, and the f32 priors that f16 IR v10 files pair with f16
// logits, are widened; an f16/bf16 result is rounded once at the end, where OpenVINO's
// templated reference rounds every operation to the data type).
func (d *detectionOutputOp) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	outs, err := d.Infer(in)
	if err != nil {
		return nil, err
	}
	box, ok1 := staticDims(in[0].Shape)
	cls, ok2 := staticDims(in[1].Shape)
	prop, ok3 := staticDims(in[2].Shape)
	res, ok4 := staticDims(outs[0].Shape)
	if !ok1 || !ok2 || !ok3 || !ok4 || len(box) != 2 || len(cls) != 2 || len(prop) != 3 || len(res) != 4 {
		return nil, fmt.Errorf("DetectionOutput: input shapes %s, %s, %s are not static", in[0].Shape, in[1].Shape, in[2].Shape)
	}
	for _, x := range in {
		if !ctcRunnable(x.Type) {
			return nil, unsupportedType("DetectionOutput", x.Type)
		}
	}
	priorSize := 5
	if d.Normalized {
		priorSize = 4
	}
	numPriors := prop[2] / priorSize
	if numPriors <= 0 {
		return nil, fmt.Errorf("DetectionOutput: the priors input %v holds no prior box", prop)
	}
	numClasses := int(d.NumClasses)
	if d.version != 1 {
		numClasses = cls[1] / numPriors
	}
	attrs, err := d.detectionAttrs(numClasses)
	if err != nil {
		return nil, err
	}
	dims := kernels.DetectionDims{Images: box[0], Priors: numPriors, PriorsBatch: prop[0], Results: res[2]}
	if in[0].Type == ir.F64 {
		return newDetKernel[float64](attrs, dims, outs[0].Type, len(in))
	}
	return newDetKernel[float32](attrs, dims, outs[0].Type, len(in))
}

type detKernel[F float32 | float64] struct {
	k      *kernels.DetectionOutput[F]
	outT   ir.ElementType
	nIn    int
	bufs   [5][]F
	lens   [5]int
	out    []F
	f32    []float32
	outLen int
}

func newDetKernel[F float32 | float64](a kernels.DetectionAttrs, dims kernels.DetectionDims, outT ir.ElementType, nIn int) (Kernel, error) {
	k, err := kernels.NewDetectionOutput[F](a, dims)
	if err != nil {
		return nil, err
	}
	loc, conf, priors, armConf := k.Lens()
	return &detKernel[F]{k: k, outT: outT, nIn: nIn, lens: [5]int{loc, conf, priors, armConf, loc}, outLen: dims.Results * 7}, nil
}

// detFloats returns d as []F, converting through (lazily allocated) scratch.
func detFloats[F float32 | float64](d any, t ir.ElementType, buf *[]F, n int) ([]F, error) {
	if v, ok := d.([]F); ok && (t == ir.F32 || t == ir.F64) {
		return v, nil
	}
	if cap(*buf) < n {
		*buf = make([]F, n)
	}
	b := (*buf)[:n]
	switch s := d.(type) {
	case []float32:
		if len(s) != n {
			break
		}
		for i, v := range s {
			b[i] = F(v)
		}
		return b, nil
	case []float64:
		if len(s) != n {
			break
		}
		for i, v := range s {
			b[i] = F(v)
		}
		return b, nil
	case []f16:
		if len(s) != n {
			break
		}
		if b32, ok := any(b).([]float32); ok {
			kernels.F16ToF32(b32, s) // exact, vectorised
			return b, nil
		}
		for i, v := range s {
			b[i] = F(v.Float32())
		}
		return b, nil
	case []uint16:
		if t != ir.BF16 || len(s) != n {
			break
		}
		if b32, ok := any(b).([]float32); ok {
			kernels.BF16ToF32(b32, s)
			return b, nil
		}
		for i, v := range s {
			b[i] = F(math.Float32frombits(uint32(v) << 16))
		}
		return b, nil
	}
	return nil, fmt.Errorf("%s data held as %T of %d elements, expected %d", t, d, dataLen(d), n)
}

func (k *detKernel[F]) Run(_ context.Context, in, out []*ir.Tensor) error {
	if len(in) != k.nIn || len(out) != 1 {
		return fmt.Errorf("DetectionOutput: got %d inputs and %d outputs, want %d and 1", len(in), len(out), k.nIn)
	}
	var x [5][]F
	names := [5]string{"box logits", "class predictions", "proposals", "additional class predictions", "additional box predictions"}
	for i, t := range in {
		v, err := detFloats(t.Data, t.Type, &k.bufs[i], k.lens[i])
		if err != nil {
			return fmt.Errorf("DetectionOutput: %s: %w", names[i], err)
		}
		x[i] = v
	}
	if out[0].Len() != k.outLen {
		return fmt.Errorf("DetectionOutput: output of %d elements, want %d", out[0].Len(), k.outLen)
	}
	if o, ok := out[0].Data.([]F); ok && (k.outT == ir.F32 || k.outT == ir.F64) {
		return k.k.Run(x[0], x[1], x[2], x[3], x[4], o)
	}
	if cap(k.out) < k.outLen {
		k.out = make([]F, k.outLen)
	}
	o := k.out[:k.outLen]
	if err := k.k.Run(x[0], x[1], x[2], x[3], x[4], o); err != nil {
		return err
	}
	return k.store(out[0], o)
}

// store writes the result into an output of another float type.
func (k *detKernel[F]) store(t *ir.Tensor, v []F) error {
	switch d := t.Data.(type) {
	case []float32:
		for i, x := range v {
			d[i] = float32(x)
		}
		return nil
	case []float64:
		for i, x := range v {
			d[i] = float64(x)
		}
		return nil
	}
	if cap(k.f32) < len(v) {
		k.f32 = make([]float32, len(v))
	}
	f := k.f32[:len(v)]
	for i, x := range v {
		f[i] = float32(x)
	}
	switch d := t.Data.(type) {
	case []f16:
		kernels.F32ToF16(d, f)
		return nil
	case []uint16:
		if t.Type == ir.BF16 {
			kernels.F32ToBF16(d, f)
			return nil
		}
	}
	return fmt.Errorf("DetectionOutput: %s output holds %T", t.Type, t.Data)
}
