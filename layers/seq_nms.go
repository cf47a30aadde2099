package layers

import (
	"context"
	"fmt"

	"github.com/irrun/irrun/ir"
)

// NonMaxSuppression-1/-3/-4: src/core/shape_inference/include/nms_shape_inference.hpp,
// src/core/src/op/non_max_suppression.cpp. They have one output (selected_indices) and
// OpenVINO runs them as NonMaxSuppression-5 without soft-NMS (ConvertNMS1ToNMS5 and friends):
// irrun reuses the NonMaxSuppression-5 op of nms.go and keeps its first output. NMSRotated-13
// is in det_nmsrot.go, MatrixNms-8 and MulticlassNms-8/-9 in det_multinms.go.

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

// Infer is nms::validate::shapes and the shape inference of v1/v3 (nms::shape_infer:
// [min(num_boxes, max_output_boxes_per_class*num_classes), 3], as the opset1 and opset3
// specifications say) or of v4 ([min(num_boxes, max_output_boxes_per_class)*num_batches*
// num_classes, 3]). A missing max_output_boxes_per_class is 0, the Constant OpenVINO's
// two-input constructors add.
func (o *seqNMSOldOp) Infer(in []Input) ([]Output, error) {
	if len(in) < 2 || len(in) > 5 {
		return nil, fmt.Errorf("NonMaxSuppression-%d expects 2 to 5 inputs, got %d", o.version, len(in))
	}
	boxes, scores := in[0].Shape, in[1].Shape
	if r, ok := boxes.Rank(); ok && r != 3 {
		return nil, fmt.Errorf("Expected a 3D tensor for the 'boxes' input (boxes shape %s)", boxes)
	}
	if r, ok := scores.Rank(); ok && r != 3 {
		return nil, fmt.Errorf("Expected a 3D tensor for the 'scores' input (scores shape %s)", scores)
	}
	names := [...]string{2: "max_output_boxes_per_class", 3: "iou_threshold", 4: "score_threshold"}
	for i := 2; i < len(in); i++ {
		if !in[i].Shape.Compatible(ir.Shape{Dims: []ir.Dim{}}) {
			return nil, fmt.Errorf("Expected a scalar for the '%s' input (got shape %s)", names[i], in[i].Shape)
		}
	}
	if !boxes.DynamicRank {
		if !scores.DynamicRank {
			if !boxes.Dims[0].Compatible(scores.Dims[0]) {
				return nil, fmt.Errorf("The first dimension of both 'boxes' and 'scores' must match. (boxes %s, scores %s)", boxes, scores)
			}
			if !boxes.Dims[1].Compatible(scores.Dims[2]) {
				return nil, fmt.Errorf("'boxes' and 'scores' input shapes must match at the second and third dimension respectively. Boxes: %s, Scores: %s", boxes, scores)
			}
		}
		if !boxes.Dims[2].Compatible(ir.StaticDim(4)) {
			return nil, fmt.Errorf("The last dimension of the 'boxes' input must be equal to 4 (boxes shape %s)", boxes)
		}
	}
	t := o.OutputType
	if o.version == 1 {
		t = ir.I64
	}
	if err := nmsCheckTypes(in, t); err != nil {
		return nil, err
	}
	maxOut, known := int64(0), true
	if len(in) > 2 {
		v, ok := in[2].ints()
		known = ok && len(v) > 0 && v[0] >= 0
		if known {
			maxOut = v[0]
		}
	}
	sel := ir.DynamicDim()
	switch {
	case boxes.DynamicRank || !known:
	case o.version < 4:
		perClass := ir.StaticDim(maxOut)
		if !scores.DynamicRank {
			perClass = dimMul(perClass, scores.Dims[1])
		}
		if nb := boxes.Dims[1]; nb.IsStatic() && perClass.IsStatic() {
			sel = ir.StaticDim(min(nb.Lo, perClass.Lo))
		}
	default:
		if nb := boxes.Dims[1]; !scores.DynamicRank && nb.IsStatic() {
			sel = ir.StaticDim(min(nb.Lo, maxOut))
			for _, d := range scores.Dims[:2] {
				sel = dimMul(sel, nmsMaxLength(d))
			}
		}
	}
	return []Output{{Type: t, Shape: ir.Shape{Dims: []ir.Dim{sel, ir.StaticDim(3)}}}}, nil
}

// Prepare runs NonMaxSuppression-5's kernel into the output of Infer's row count (rows
// past the selected boxes are -1) and two scratch outputs of the same row count.
func (o *seqNMSOldOp) Prepare(in []Input, opts ExecOptions) (Kernel, error) {
	outs, err := o.Infer(in)
	if err != nil {
		return nil, err
	}
	k, err := o.inner().Prepare(in, opts)
	if err != nil {
		return nil, err
	}
	dims, ok := staticDims(outs[0].Shape)
	if !ok {
		return nil, fmt.Errorf("NonMaxSuppression-%d: dynamic output %s", o.version, outs[0].Shape)
	}
	extra := make([]*ir.Tensor, 2)
	if extra[0], err = ir.NewTensor(ir.F32, dims); err != nil {
		return nil, err
	}
	if extra[1], err = ir.NewTensor(outs[0].Type, []int{1}); err != nil {
		return nil, err
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
