package layers

import (
	"context"
	"fmt"
	"math"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// NonMaxSuppression-5 and -9: src/core/shape_inference/include/nms_shape_inference.hpp
// (nms::shape_infer, static_output false), src/core/src/op/non_max_suppression.cpp; kernel
// kernels.NonMaxSuppression.
//
// The number of selected boxes depends on the data. OpenVINO's shape inference gives
// [0..min(max(num_boxes), max_output_boxes_per_class)*max(batches)*max(classes), 3], the
// count unbounded when max_output_boxes_per_class is not known or a rank is not (the
// static upper bound, static_output, is only what its plugins allocate); irrun's inference
// is the same. When the graph runs the op, its outputs have the real number of selected
// boxes (as OpenVINO's plugins and ONNX return): the op is a DynamicOp. A kernel run into
// outputs of a fixed row count fills the rows past valid_outputs with -1, as the
// specification says. A negative max_output_boxes_per_class is an error.

type nmsOp struct {
	BoxEncoding    string         `attr:"box_encoding,enum=corner|center"`
	SortDescending bool           `attr:"sort_result_descending"`
	OutputType     ir.ElementType `attr:"output_type"`
	version        int
}

func newNMS(v int) Op {
	return &nmsOp{BoxEncoding: "corner", SortDescending: true, OutputType: ir.I64, version: v}
}

func (n *nmsOp) name() string { return fmt.Sprintf("NonMaxSuppression-%d", n.version) }

func nmsFloat(t ir.ElementType) bool {
	return !t.IsStatic() || t == ir.F32 || t == ir.F16 || t == ir.BF16
}

// scalarOr1 is nms::validate::scalar_or_1d_tensor_with_1_element.
func scalarOr1(s ir.Shape) bool {
	return s.Compatible(ir.Shape{Dims: []ir.Dim{}}) || s.Compatible(ir.StaticShape(1))
}

func (n *nmsOp) Infer(in []Input) ([]Output, error) {
	out, err := n.shape(in)
	if err != nil {
		return nil, err
	}
	if err := nmsCheckTypes(in, n.OutputType); err != nil {
		return nil, err
	}
	return nmsOutputs(out, n.OutputType), nil
}

// nmsOutputs are the three outputs of the selected-boxes shape out.
func nmsOutputs(out ir.Shape, t ir.ElementType) []Output {
	return []Output{
		{Type: t, Shape: out},
		{Type: ir.F32, Shape: cloneShape(out)},
		{Type: t, Shape: ir.StaticShape(1)},
	}
}

// shape is nms::shape_infer (static_output false): the shape of the selected indices.
func (n *nmsOp) shape(in []Input) (ir.Shape, error) {
	var none ir.Shape
	if len(in) < 2 || len(in) > 6 {
		return none, fmt.Errorf("%s expects 2 to 6 inputs, got %d", n.name(), len(in))
	}
	boxes, scores := in[0].Shape, in[1].Shape
	if r, ok := boxes.Rank(); ok && r != 3 {
		return none, fmt.Errorf("Expected a 3D tensor for the 'boxes' input (boxes shape %s)", boxes)
	}
	if r, ok := scores.Rank(); ok && r != 3 {
		return none, fmt.Errorf("Expected a 3D tensor for the 'scores' input (scores shape %s)", scores)
	}
	names := [...]string{2: "max_output_boxes_per_class", 3: "iou_threshold", 4: "score_threshold", 5: "soft_nms_sigma"}
	for i := 2; i < len(in); i++ {
		if !scalarOr1(in[i].Shape) {
			return none, fmt.Errorf("Expected 0D or 1D tensor for the '%s' input (got shape %s)", names[i], in[i].Shape)
		}
	}
	sel := ir.DynamicDim()
	if !boxes.DynamicRank {
		if !scores.DynamicRank {
			if !boxes.Dims[0].Compatible(scores.Dims[0]) {
				return none, fmt.Errorf("The first dimension of both 'boxes' and 'scores' must match. (boxes %s, scores %s)", boxes, scores)
			}
			if !boxes.Dims[1].Compatible(scores.Dims[2]) {
				return none, fmt.Errorf("'boxes' and 'scores' input shapes must match at the second and third dimension respectively. Boxes: %s, Scores: %s", boxes, scores)
			}
			if len(in) > 2 {
				if v, ok := in[2].ints(); ok && len(v) > 0 && v[0] >= 0 {
					// {0, min(max length of num_boxes, max_output_boxes_per_class)}: an
					// unbounded num_boxes leaves the count unbounded.
					sel = ir.Dim{Lo: 0, Hi: min(boxes.Dims[1].Hi, v[0])}
					if boxes.Dims[1].Hi == ir.Inf {
						sel = ir.DynamicDim()
					}
				}
			}
			for _, d := range scores.Dims[:2] {
				sel = dimMul(sel, nmsMaxLength(d))
			}
		}
		if !boxes.Dims[2].Compatible(ir.StaticDim(4)) {
			return none, fmt.Errorf("The last dimension of the 'boxes' input must be equal to 4 (boxes shape %s)", boxes)
		}
	}
	return ir.Shape{Dims: []ir.Dim{sel, ir.StaticDim(3)}}, nil
}

// nmsMaxLength is Dimension(d.get_max_length()): the upper bound as a static dimension,
// an unbounded one as a dynamic dimension.
func nmsMaxLength(d ir.Dim) ir.Dim {
	if d.Hi == ir.Inf {
		return ir.DynamicDim()
	}
	return ir.StaticDim(d.Hi)
}

// nmsCheckTypes checks the element types of the inputs and the output type, as
// NonMaxSuppression's validate_and_infer_types does.
func nmsCheckTypes(in []Input, outType ir.ElementType) error {
	if !nmsFloat(in[0].Type) {
		return fmt.Errorf("Expected bf16, fp16 or fp32 as element type for the 'boxes' input. (got %s)", in[0].Type)
	}
	if !nmsFloat(in[1].Type) {
		return fmt.Errorf("Expected bf16, fp16 or fp32 as element type for the 'scores' input. (got %s)", in[1].Type)
	}
	typeNames := [...]string{3: "iou_threshold", 4: "score_threshold_ps", 5: "soft_nms_sigma"}
	for i := 3; i < len(in); i++ {
		if !nmsFloat(in[i].Type) {
			return fmt.Errorf("Expected bf16, fp16 or fp32 as element type for the '%s' input. (got %s)", typeNames[i], in[i].Type)
		}
	}
	if outType != ir.I32 && outType != ir.I64 {
		return fmt.Errorf("Output type must be i32 or i64 (output_type is %s)", outType)
	}
	return nil
}

// nmsScalar reads the first element of a scalar input as float64.
func nmsScalar(t *ir.Tensor) (float64, error) {
	if t == nil || t.Len() < 1 {
		return 0, fmt.Errorf("empty scalar input")
	}
	switch d := t.Data.(type) {
	case []float32:
		return float64(d[0]), nil
	case []float64:
		return d[0], nil
	case []f16:
		return float64(d[0].Float32()), nil
	case []int64:
		return float64(d[0]), nil
	case []int32:
		return float64(d[0]), nil
	}
	var one [1]int64
	if firstInts(t, one[:]) {
		return float64(one[0]), nil
	}
	if t.Type == ir.BF16 {
		if d, ok := t.Data.([]uint16); ok {
			var f [1]float32
			kernels.BF16ToF32(f[:], d[:1])
			return float64(f[0]), nil
		}
	}
	return 0, fmt.Errorf("scalar input of type %s", t.Type)
}

// toF32 returns d as float32s, widening f16/bf16 into buf.
func toF32(t ir.ElementType, d any, buf []float32) ([]float32, error) {
	switch s := d.(type) {
	case []float32:
		return s, nil
	case []f16:
		if len(buf) != len(s) {
			return nil, fmt.Errorf("f16 data of %d elements, scratch %d", len(s), len(buf))
		}
		kernels.F16ToF32(buf, s)
		return buf, nil
	case []uint16:
		if t == ir.BF16 && len(buf) == len(s) {
			kernels.BF16ToF32(buf, s)
			return buf, nil
		}
	}
	return nil, fmt.Errorf("%s data held as %T", t, d)
}

func (n *nmsOp) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	if len(in) < 2 || len(in) > 6 {
		return nil, fmt.Errorf("%s expects 2 to 6 inputs, got %d", n.name(), len(in))
	}
	bd, ok1 := staticDims(in[0].Shape)
	sd, ok2 := staticDims(in[1].Shape)
	if !ok1 || !ok2 || len(bd) != 3 || len(sd) != 3 {
		return nil, fmt.Errorf("%s: shapes %s and %s are not static 3D", n.name(), in[0].Shape, in[1].Shape)
	}
	p := kernels.NMSParams{Batches: sd[0], Classes: sd[1], Boxes: bd[1], Center: n.BoxEncoding == "center",
		SortDescending: n.SortDescending, V9: n.version >= 9}
	if bd[0] != sd[0] || bd[2] != 4 || sd[2] != bd[1] {
		return nil, fmt.Errorf("%s: boxes %v and scores %v do not match", n.name(), bd, sd)
	}
	bt, st := in[0].Type, in[1].Type
	var boxBuf, scoreBuf []float32
	if isHalf(bt) {
		boxBuf = make([]float32, product(bd))
	}
	if isHalf(st) {
		scoreBuf = make([]float32, product(sd))
	}
	k := &nmsKernel{op: n, p: p, bt: bt, st: st, boxBuf: boxBuf, scoreBuf: scoreBuf}
	return k, nil
}

// nmsKernel runs NonMaxSuppression into outputs of the static upper-bound shape (rows past
// the selected boxes filled with -1: Run, for folding and fixed-size callers) or into
// outputs of the selected count (RunDynamic, what the graph uses, as OpenVINO's plugins
// return the real number of selected boxes).
type nmsKernel struct {
	op               *nmsOp
	p                kernels.NMSParams
	bt, st           ir.ElementType
	boxBuf, scoreBuf []float32
	scratch          kernels.NMSScratch
}

func (k *nmsKernel) selected(in []*ir.Tensor) ([]kernels.NMSSelected, error) {
	n := k.op
	if len(in) < 2 || len(in) > 6 {
		return nil, fmt.Errorf("%s: got %d inputs", n.name(), len(in))
	}
	q := k.p
	var err error
	var v [4]float64 // max boxes, iou, score, sigma
	for i := 2; i < len(in); i++ {
		if v[i-2], err = nmsScalar(in[i]); err != nil {
			return nil, fmt.Errorf("%s: input %d: %w", n.name(), i, err)
		}
	}
	if v[0] < 0 {
		return nil, fmt.Errorf("%s: max_output_boxes_per_class is %v; it must be >= 0", n.name(), v[0])
	}
	q.MaxPerClass = int64(min(v[0], math.MaxInt64/2))
	q.IoUThreshold, q.ScoreThreshold, q.SoftNMSSigma = float32(v[1]), float32(v[2]), float32(v[3])
	boxes, err := toF32(k.bt, in[0].Data, k.boxBuf)
	if err != nil {
		return nil, fmt.Errorf("%s: boxes: %w", n.name(), err)
	}
	scores, err := toF32(k.st, in[1].Data, k.scoreBuf)
	if err != nil {
		return nil, fmt.Errorf("%s: scores: %w", n.name(), err)
	}
	return kernels.NonMaxSuppression(q, boxes, scores, &k.scratch)
}

func (k *nmsKernel) Run(_ context.Context, in, out []*ir.Tensor) error {
	n := k.op
	if len(out) != 3 {
		return fmt.Errorf("%s: got %d outputs", n.name(), len(out))
	}
	sel, err := k.selected(in)
	if err != nil {
		return err
	}
	return n.write(sel, out)
}

func (k *nmsKernel) RunDynamic(_ context.Context, in []*ir.Tensor) ([]*ir.Tensor, error) {
	n := k.op
	sel, err := k.selected(in)
	if err != nil {
		return nil, err
	}
	out := make([]*ir.Tensor, 3)
	for i, t := range []ir.ElementType{n.OutputType, ir.F32, n.OutputType} {
		shape := []int{len(sel), 3}
		if i == 2 {
			shape = []int{1}
		}
		if out[i], err = ir.NewTensor(t, shape); err != nil {
			return nil, err
		}
	}
	return out, n.write(sel, out)
}

// write fills the outputs with the selected boxes, -1 in the rows past them.
func (n *nmsOp) write(sel []kernels.NMSSelected, out []*ir.Tensor) error {
	rows := out[0].Len() / 3
	valid := min(len(sel), rows)
	sc, ok := out[1].Data.([]float32)
	if !ok || len(sc) != rows*3 {
		return fmt.Errorf("%s: selected_scores holds %T", n.name(), out[1].Data)
	}
	for i := 0; i < rows; i++ {
		if i < valid {
			s := sel[i]
			sc[3*i], sc[3*i+1], sc[3*i+2] = float32(s.Batch), float32(s.Class), s.Score
		} else {
			sc[3*i], sc[3*i+1], sc[3*i+2] = -1, -1, -1
		}
	}
	switch n.OutputType {
	case ir.I64:
		return writeNMSIndices[int64](out[0].Data, out[2].Data, sel[:valid], rows)
	default:
		return writeNMSIndices[int32](out[0].Data, out[2].Data, sel[:valid], rows)
	}
}

// DynamicOutputs: the number of selected boxes sizes the outputs when the graph runs.
func (n *nmsOp) DynamicOutputs() {}

func writeNMSIndices[I kernels.Index](idx, count any, sel []kernels.NMSSelected, rows int) error {
	d, ok1 := idx.([]I)
	c, ok2 := count.([]I)
	if !ok1 || !ok2 || len(d) != rows*3 || len(c) != 1 {
		return fmt.Errorf("NonMaxSuppression: index outputs hold %T and %T", idx, count)
	}
	for i := 0; i < rows; i++ {
		if i < len(sel) {
			d[3*i], d[3*i+1], d[3*i+2] = I(sel[i].Batch), I(sel[i].Class), I(sel[i].Box)
		} else {
			d[3*i], d[3*i+1], d[3*i+2] = -1, -1, -1
		}
	}
	c[0] = I(len(sel))
	return nil
}
