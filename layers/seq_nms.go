package layers

import (
	"context"
	"fmt"

	"github.com/irrun/irrun/ir"
)

// NonMaxSuppression-1/-3/-4, NMSRotated-13, MatrixNms-8, MulticlassNms-8/-9:
// src/core/shape_inference/include/nms_shape_inference.hpp, matrix_nms_shape_inference.hpp,
// multiclass_nms_shape_inference.hpp, src/core/src/op/non_max_suppression.cpp.
//
// NonMaxSuppression-1/3/4 have one output (selected_indices) and OpenVINO runs them as
// NonMaxSuppression-5 without soft-NMS (ConvertNMS1ToNMS5 and friends): irrun reuses the
// NonMaxSuppression-5 op of nms.go and keeps its first output. MatrixNms and MulticlassNms
// run in det_multinms_run.go.

type seqNMSOldOp struct {
	BoxEncoding    string         `attr:"box_encoding,enum=corner|center"`
	SortDescending bool           `attr:"sort_result_descending"`
	OutputType     ir.ElementType `attr:"output_type"`
	version        int
}

func seqNewNMSOld(v int) Op {
	return &seqNMSOldOp{BoxEncoding: "corner", SortDescending: true, OutputType: ir.I64, version: v}
}

func (o *seqNMSOldOp) inner() *nmsOp {
	t := o.OutputType
	if o.version == 1 {
		t = ir.I64
	}
	return &nmsOp{BoxEncoding: o.BoxEncoding, SortDescending: o.SortDescending, OutputType: t, version: o.version}
}

func (o *seqNMSOldOp) Infer(in []Input) ([]Output, error) {
	if len(in) < 2 || len(in) > 5 {
		return nil, fmt.Errorf("NonMaxSuppression-%d expects 2 to 5 inputs, got %d", o.version, len(in))
	}
	outs, err := o.inner().Infer(in)
	if err != nil {
		return nil, err
	}
	return outs[:1], nil
}

func (o *seqNMSOldOp) Prepare(in []Input, opts ExecOptions) (Kernel, error) {
	outs, err := o.inner().Infer(in)
	if err != nil {
		return nil, err
	}
	k, err := o.inner().Prepare(in, opts)
	if err != nil {
		return nil, err
	}
	extra := make([]*ir.Tensor, 2)
	for i := 1; i < 3; i++ {
		dims, ok := staticDims(outs[i].Shape)
		if !ok {
			return nil, fmt.Errorf("NonMaxSuppression-%d: dynamic output %s", o.version, outs[i].Shape)
		}
		if extra[i-1], err = ir.NewTensor(outs[i].Type, dims); err != nil {
			return nil, err
		}
	}
	all := make([]*ir.Tensor, 3)
	return kernelFunc(func(ctx context.Context, in, out []*ir.Tensor) error {
		if len(out) != 1 {
			return fmt.Errorf("NonMaxSuppression-%d: expected 1 output, got %d", o.version, len(out))
		}
		all[0], all[1], all[2] = out[0], extra[0], extra[1]
		return k.Run(ctx, in, all)
	}), nil
}

// ---------------------------------------------------------------- NMSRotated

type seqNMSRotatedOp struct {
	SortDescending bool           `attr:"sort_result_descending"`
	OutputType     ir.ElementType `attr:"output_type"`
	Clockwise      bool           `attr:"clockwise"`
}

func seqNewNMSRotated(int) Op {
	return &seqNMSRotatedOp{SortDescending: true, OutputType: ir.I64, Clockwise: true}
}

func (o *seqNMSRotatedOp) Infer(in []Input) ([]Output, error) {
	if len(in) < 2 || len(in) > 5 {
		return nil, fmt.Errorf("NMSRotated expects 2 to 5 inputs, got %d", len(in))
	}
	boxes := in[0].Shape
	if r, ok := boxes.Rank(); ok && r == 3 {
		if !boxes.Dims[2].Compatible(ir.StaticDim(5)) {
			return nil, fmt.Errorf("The last dimension of the 'boxes' input must be equal to 5 (boxes shape %s)", boxes)
		}
		// Reuse NonMaxSuppression-9's rules with the box dim read as 4.
		b := cloneShape(boxes)
		b.Dims[2] = ir.StaticDim(4)
		in = append([]Input{{Type: in[0].Type, Shape: b, Value: nil}}, in[1:]...)
	}
	outs, err := (&nmsOp{BoxEncoding: "corner", SortDescending: o.SortDescending, OutputType: o.OutputType, version: 9}).Infer(in)
	if err != nil {
		return nil, err
	}
	if t := in[1].Type; t.IsFloat() {
		outs[1].Type = t
	}
	return outs, nil
}

// ---------------------------------------------------------------- MatrixNms, MulticlassNms

type seqMultiNMSOp struct {
	SortResultType  string         `attr:"sort_result_type,enum=score|classid|none"`
	SortAcrossBatch bool           `attr:"sort_result_across_batch"`
	OutputType      ir.ElementType `attr:"output_type"`
	ScoreThreshold  float32        `attr:"score_threshold"`
	IoUThreshold    float32        `attr:"iou_threshold"`
	NMSTopK         int64          `attr:"nms_top_k"`
	KeepTopK        int64          `attr:"keep_top_k"`
	BackgroundClass int64          `attr:"background_class"`
	DecayFunction   string         `attr:"decay_function,enum=linear|gaussian"`
	GaussianSigma   float32        `attr:"gaussian_sigma"`
	PostThreshold   float32        `attr:"post_threshold"`
	Normalized      bool           `attr:"normalized"`
	NMSEta          float32        `attr:"nms_eta"`
	matrix          bool
	version         int
}

func seqNewMatrixNms(int) Op {
	return &seqMultiNMSOp{SortResultType: "none", OutputType: ir.I64, NMSTopK: -1, KeepTopK: -1, BackgroundClass: -1,
		DecayFunction: "linear", GaussianSigma: 2, Normalized: true, matrix: true, version: 8}
}

func seqNewMulticlassNms(v int) Op {
	return &seqMultiNMSOp{SortResultType: "none", OutputType: ir.I64, NMSTopK: -1, KeepTopK: -1, BackgroundClass: -1,
		Normalized: true, NMSEta: 1, version: v}
}

func (o *seqMultiNMSOp) name() string {
	if o.matrix {
		return "MatrixNms-8"
	}
	return fmt.Sprintf("MulticlassNms-%d", o.version)
}

func (o *seqMultiNMSOp) Infer(in []Input) ([]Output, error) {
	maxIn := 2
	if !o.matrix && o.version == 9 {
		maxIn = 3
	}
	if len(in) < 2 || len(in) > maxIn {
		return nil, fmt.Errorf("%s expects 2 to %d inputs, got %d", o.name(), maxIn, len(in))
	}
	if o.OutputType != ir.I32 && o.OutputType != ir.I64 {
		return nil, fmt.Errorf("Output type must be i32 or i64 (got %s)", o.OutputType)
	}
	if o.NMSTopK < -1 {
		return nil, fmt.Errorf("The 'nms_top_k' must be great or equal -1. Got:%d", o.NMSTopK)
	}
	if o.KeepTopK < -1 {
		return nil, fmt.Errorf("The 'keep_top_k' must be great or equal -1. Got:%d", o.KeepTopK)
	}
	if !o.matrix && (o.NMSEta < 0 || o.NMSEta > 1) {
		return nil, fmt.Errorf("The nms_eta must be in close range [0, 1.0]. Got:%v", o.NMSEta)
	}
	if o.BackgroundClass < -1 {
		return nil, fmt.Errorf("The 'background_class' must be great or equal -1. Got:%d", o.BackgroundClass)
	}
	bt, st := in[0].Type, in[1].Type
	for _, t := range []ir.ElementType{bt, st} {
		if t.IsStatic() && t != ir.F32 && t != ir.F16 && t != ir.BF16 {
			return nil, fmt.Errorf("Expected bf16, fp16 or fp32 as element type for the 'boxes' and 'scores' inputs. (got %s)", t)
		}
	}
	boxes, scores := in[0].Shape, in[1].Shape
	rows := ir.DynamicDim()
	shared := len(in) == 3 // MulticlassNms-9: boxes [C, M, 4], scores [C, M], roisnum [N]
	if shared {
		if err := seqRankErr(boxes, 3, "Expected a 3D tensor for the 'boxes' input"); err != nil {
			return nil, err
		}
		if err := seqRankErr(scores, 2, "Expected a 2D tensor for the 'scores' input"); err != nil {
			return nil, err
		}
		if err := seqRankErr(in[2].Shape, 1, "Expected a 1D tensor for the 'roisnum' input"); err != nil {
			return nil, err
		}
		if t := in[2].Type; t.IsStatic() && t != ir.I32 && t != ir.I64 {
			return nil, fmt.Errorf("Expected i32 or i64 as element type for the 'roisnum' input. (got %s)", t)
		}
		if !boxes.DynamicRank && !scores.DynamicRank {
			if !boxes.Dims[0].Compatible(scores.Dims[0]) || !boxes.Dims[1].Compatible(scores.Dims[1]) {
				return nil, fmt.Errorf("'boxes' and 'scores' input shapes must match at the first and second dimension. Boxes: %s, Scores: %s", boxes, scores)
			}
		}
		if !boxes.DynamicRank && !boxes.Dims[2].Compatible(ir.StaticDim(4)) {
			return nil, fmt.Errorf("The last dimension of the 'boxes' input must be equal to 4 (boxes shape %s)", boxes)
		}
		if !boxes.DynamicRank && !in[2].Shape.DynamicRank {
			rows = o.bound(in[2].Shape.Dims[0], boxes.Dims[0], boxes.Dims[1])
		}
	} else {
		if err := seqRankErr(boxes, 3, "Expected a 3D tensor for the 'boxes' input"); err != nil {
			return nil, err
		}
		if err := seqRankErr(scores, 3, "Expected a 3D tensor for the 'scores' input"); err != nil {
			return nil, err
		}
		if !boxes.DynamicRank && !scores.DynamicRank {
			if !boxes.Dims[0].Compatible(scores.Dims[0]) {
				return nil, fmt.Errorf("The first dimension of both 'boxes' and 'scores' must match. Boxes: %s, Scores: %s", boxes, scores)
			}
			if !boxes.Dims[1].Compatible(scores.Dims[2]) {
				return nil, fmt.Errorf("'boxes' and 'scores' input shapes must match at the second and third dimension respectively. Boxes: %s, Scores: %s", boxes, scores)
			}
			rows = o.bound(boxes.Dims[0], scores.Dims[1], boxes.Dims[1])
		}
		if !boxes.DynamicRank && !boxes.Dims[2].Compatible(ir.StaticDim(4)) {
			return nil, fmt.Errorf("The last dimension of the 'boxes' input must be equal to 4 (boxes shape %s)", boxes)
		}
	}
	batches := seqDim(boxes, 0)
	if shared {
		batches = seqDim(in[2].Shape, 0)
	}
	ot := bt
	if !ot.IsStatic() {
		ot = st
	}
	return []Output{{Type: ot, Shape: seqShape(rows, ir.StaticDim(6))},
		{Type: o.OutputType, Shape: seqShape(rows, ir.StaticDim(1))},
		{Type: o.OutputType, Shape: seqShape(batches)}}, nil
}

// bound is the interval [0, batches·max boxes per batch] of the selected rows.
func (o *seqMultiNMSOp) bound(batches, classes, boxes ir.Dim) ir.Dim {
	if batches.Hi == ir.Inf || classes.Hi == ir.Inf || boxes.Hi == ir.Inf {
		return ir.DynamicDim()
	}
	perClass := boxes.Hi
	if o.NMSTopK >= 0 {
		perClass = min(perClass, o.NMSTopK)
	}
	c := classes.Hi
	if o.BackgroundClass >= 0 && o.BackgroundClass < c {
		c--
	}
	perBatch := satMul(perClass, c)
	if o.KeepTopK >= 0 {
		perBatch = min(perBatch, o.KeepTopK)
	}
	return ir.Dim{Lo: 0, Hi: satMul(perBatch, batches.Hi)}
}
