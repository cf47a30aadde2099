package layers

import (
	"context"
	"fmt"
	"math"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// NMSRotated-13: shape inference (nms_shape_inference.hpp) and kernel kernels.RotatedNMSRun (reference nms_rotated.cpp), in f32. Like
// NonMaxSuppression, the number of selected boxes depends on the data: the op is a
// DynamicOp; Run into outputs of a fixed size fills the rows past the selection with -1.

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
	out, err := (&nmsOp{BoxEncoding: "corner", SortDescending: o.SortDescending, OutputType: o.OutputType, version: 9}).shape(in)
	if err != nil {
		return nil, err
	}
	// nms_rotated::validate::input_types, then the output type (after the shapes).
	for i := range in {
		t := in[i].Type
		if i == 2 {
			if t.IsStatic() && !t.IsInteger() {
				return nil, fmt.Errorf("Expected integer type as element type for the input at: 2 (got %s)", t)
			}
		} else if t.IsStatic() && !t.IsFloat() {
			return nil, fmt.Errorf("Expected floating point type as element type for the input at: %d (got %s)", i, t)
		}
	}
	if o.OutputType != ir.I32 && o.OutputType != ir.I64 {
		return nil, fmt.Errorf("The `output_type` attribute (related to the first and third output) must be i32 or i64. (got %s)", o.OutputType)
	}
	outs := nmsOutputs(out, o.OutputType)
	if t := in[1].Type; t.IsFloat() {
		outs[1].Type = t
	}
	return outs, nil
}

// DynamicOutputs: the selected boxes size the outputs when the graph runs.
func (o *seqNMSRotatedOp) DynamicOutputs() {}

func (o *seqNMSRotatedOp) CheckRunnable(in []Input) error {
	for i := 0; i < 2 && i < len(in); i++ {
		if t := in[i].Type; t.IsStatic() && t != ir.F32 && t != ir.F16 && t != ir.BF16 {
			return unsupportedType("NMSRotated", t)
		}
	}
	return nil
}

func (o *seqNMSRotatedOp) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	outs, err := o.Infer(in)
	if err != nil {
		return nil, err
	}
	if err := o.CheckRunnable(in); err != nil {
		return nil, err
	}
	bd, ok1 := staticDims(in[0].Shape)
	sd, ok2 := staticDims(in[1].Shape)
	if !ok1 || !ok2 || len(bd) != 3 || len(sd) != 3 || bd[0] != sd[0] || bd[1] != sd[2] || bd[2] != 5 {
		return nil, fmt.Errorf("NMSRotated: boxes %s and scores %s do not match", in[0].Shape, in[1].Shape)
	}
	k := &detxNMSRotKernel{op: o, p: kernels.RotatedNMS{Batches: sd[0], Classes: sd[1], Boxes: bd[1],
		SortDescending: o.SortDescending, Clockwise: o.Clockwise}, bt: in[0].Type, st: in[1].Type, ft: outs[1].Type}
	if isHalf(k.bt) {
		k.boxBuf = make([]float32, product(bd))
	}
	if isHalf(k.st) {
		k.scoreBuf = make([]float32, product(sd))
	}
	return k, nil
}

type detxNMSRotKernel struct {
	op               *seqNMSRotatedOp
	p                kernels.RotatedNMS
	bt, st, ft       ir.ElementType
	boxBuf, scoreBuf []float32
	s                kernels.NMSScratch
}

func (k *detxNMSRotKernel) selected(in []*ir.Tensor) ([]kernels.NMSSelected, error) {
	if len(in) < 2 || len(in) > 5 {
		return nil, fmt.Errorf("NMSRotated: got %d inputs", len(in))
	}
	p := k.p
	var v [3]float64 // max boxes, iou, score
	for i := 2; i < len(in); i++ {
		var err error
		if v[i-2], err = nmsScalar(in[i]); err != nil {
			return nil, fmt.Errorf("NMSRotated: input %d: %w", i, err)
		}
	}
	if v[0] < 0 {
		return nil, fmt.Errorf("NMSRotated: max_output_boxes_per_class is %v; it must be >= 0", v[0])
	}
	p.MaxPerClass = int64(min(v[0], math.MaxInt64/2))
	p.IoUThreshold, p.ScoreThreshold = float32(v[1]), float32(v[2])
	boxes, err := toF32(k.bt, in[0].Data, k.boxBuf)
	if err != nil {
		return nil, fmt.Errorf("NMSRotated: boxes: %w", err)
	}
	scores, err := toF32(k.st, in[1].Data, k.scoreBuf)
	if err != nil {
		return nil, fmt.Errorf("NMSRotated: scores: %w", err)
	}
	return kernels.RotatedNMSRun(p, boxes, scores, &k.s)
}

func (k *detxNMSRotKernel) Run(_ context.Context, in, out []*ir.Tensor) error {
	if len(out) != 3 {
		return fmt.Errorf("NMSRotated: got %d outputs", len(out))
	}
	sel, err := k.selected(in)
	if err != nil {
		return err
	}
	return k.write(sel, out)
}

func (k *detxNMSRotKernel) RunDynamic(_ context.Context, in []*ir.Tensor) ([]*ir.Tensor, error) {
	sel, err := k.selected(in)
	if err != nil {
		return nil, err
	}
	out := make([]*ir.Tensor, 3)
	for i, t := range []ir.ElementType{k.op.OutputType, k.ft, k.op.OutputType} {
		shape := []int{len(sel), 3}
		if i == 2 {
			shape = []int{1}
		}
		if out[i], err = ir.NewTensor(t, shape); err != nil {
			return nil, err
		}
	}
	return out, k.write(sel, out)
}

func (k *detxNMSRotKernel) write(sel []kernels.NMSSelected, out []*ir.Tensor) error {
	rows := out[0].Len() / 3
	valid := min(len(sel), rows)
	if out[1].Len() != 3*rows {
		return fmt.Errorf("NMSRotated: selected_scores of %d elements for %d rows", out[1].Len(), rows)
	}
	sc := make([]float32, 3*rows)
	for i := 0; i < rows; i++ {
		if i < valid {
			sc[3*i], sc[3*i+1], sc[3*i+2] = float32(sel[i].Batch), float32(sel[i].Class), sel[i].Score
		} else {
			sc[3*i], sc[3*i+1], sc[3*i+2] = -1, -1, -1
		}
	}
	if err := detxNarrowAny(k.ft, out[1].Data, sc); err != nil {
		return fmt.Errorf("NMSRotated: selected_scores: %w", err)
	}
	switch k.op.OutputType {
	case ir.I64:
		return writeNMSIndices[int64](out[0].Data, out[2].Data, sel[:valid], rows)
	case ir.I32:
		return writeNMSIndices[int32](out[0].Data, out[2].Data, sel[:valid], rows)
	}
	return fmt.Errorf("NMSRotated: output_type %s", k.op.OutputType)
}
