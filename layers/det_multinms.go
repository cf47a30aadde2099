package layers

import (
	"context"
	"fmt"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// MulticlassNms-8/-9 and MatrixNms-8: shape inference (matrix_nms_shape_inference.hpp,
// multiclass_nms_shape_inference.hpp) and kernel kernels.MultiNMSRun (reference
// multiclass_nms.cpp, matrix_nms.cpp), computed in f32 (f16/bf16 widened). The number of
// selected boxes depends on the data: the op is a DynamicOp and the graph runs RunDynamic,
// whose outputs have the selected rows ([rows, 6], [rows, 1]) and valid_outputs [images].
// Run (into outputs of a fixed size) writes as many rows as fit and fills the rest with -1.

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
		return nil, fmt.Errorf("The 'nms_eta' must be in close range [0, 1.0]. Got:%v", o.NMSEta)
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
	if bt.IsStatic() && st.IsStatic() && bt != st {
		return nil, fmt.Errorf("Expected 'boxes', 'scores' type is same. (boxes %s, scores %s)", bt, st)
	}
	// The checks and their order of multiclass_nms_shape_inference.hpp: the ranks, then the
	// batch dims, the boxes' last dim and the box counts.
	boxes, scores := in[0].Shape, in[1].Shape
	rows := ir.DynamicDim()
	shared := len(in) == 3 // MulticlassNms-9: boxes [C, M, 4], scores [C, M], roisnum [N]
	if err := seqRankErr(boxes, 3, "Expected a 3D tensor for the 'boxes' input"); err != nil {
		return nil, err
	}
	if shared {
		if err := seqRankErr(scores, 2, "Expected a 2D tensor for the 'scores' input"); err != nil {
			return nil, err
		}
		if err := seqRankErr(in[2].Shape, 1, "Expected a 1D tensor for the 'roisnum' input"); err != nil {
			return nil, err
		}
		if t := in[2].Type; t.IsStatic() && t != ir.I32 && t != ir.I64 {
			return nil, fmt.Errorf("Expected i32 or i64 as element type for the 'roisnum' input. (got %s)", t)
		}
	} else if err := seqRankErr(scores, 3, "Expected a 3D tensor for the 'scores' input"); err != nil {
		return nil, err
	}
	if !boxes.DynamicRank {
		if !scores.DynamicRank && !boxes.Dims[0].Compatible(scores.Dims[0]) {
			return nil, fmt.Errorf("The first dimension of both 'boxes' and 'scores' must match. Boxes: %s, Scores: %s", boxes, scores)
		}
		if !boxes.Dims[2].Compatible(ir.StaticDim(4)) {
			return nil, fmt.Errorf("The last dimension of the 'boxes' input must be equal to 4 (boxes shape %s)", boxes)
		}
		switch {
		case scores.DynamicRank:
		case shared:
			if !boxes.Dims[1].Compatible(scores.Dims[1]) {
				return nil, fmt.Errorf("'boxes' and 'scores' input shapes must match at the second dimension respectively. Boxes: %s, Scores: %s", boxes, scores)
			}
			if !in[2].Shape.DynamicRank {
				rows = o.bound(in[2].Shape.Dims[0], boxes.Dims[0], boxes.Dims[1])
			}
		default:
			if !boxes.Dims[1].Compatible(scores.Dims[2]) {
				return nil, fmt.Errorf("'boxes' and 'scores' input shapes must match at the second and third dimension respectively. Boxes: %s, Scores: %s", boxes, scores)
			}
			rows = o.bound(boxes.Dims[0], scores.Dims[1], boxes.Dims[1])
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

// DynamicOutputs: the selected rows size the outputs when the graph runs.
func (o *seqMultiNMSOp) DynamicOutputs() {}

func (o *seqMultiNMSOp) CheckRunnable(in []Input) error {
	for i, x := range in {
		if i < 2 && x.Type.IsStatic() && x.Type != ir.F32 && x.Type != ir.F16 && x.Type != ir.BF16 {
			return unsupportedType(o.name(), x.Type)
		}
	}
	return nil
}

func (o *seqMultiNMSOp) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	outs, dims, err := detxStaticRun(o.name(), o, in)
	if err != nil {
		return nil, err
	}
	const maxAttr = 1 << 31
	if o.NMSTopK > maxAttr || o.KeepTopK > maxAttr || o.BackgroundClass > maxAttr {
		return nil, fmt.Errorf("%s: attribute out of range", o.name())
	}
	p := kernels.MultiNMS{Matrix: o.matrix, SortAcrossBatch: o.SortAcrossBatch, ScoreThreshold: o.ScoreThreshold,
		IoUThreshold: o.IoUThreshold, NMSTopK: int(o.NMSTopK), KeepTopK: int(o.KeepTopK), BackgroundClass: int(o.BackgroundClass),
		NMSEta: o.NMSEta, Gaussian: o.DecayFunction == "gaussian", GaussianSigma: o.GaussianSigma, PostThreshold: o.PostThreshold,
		Normalized: o.Normalized}
	switch o.SortResultType {
	case "score":
		p.Sort = kernels.MultiNMSSortScore
	case "classid":
		p.Sort = kernels.MultiNMSSortClass
	}
	bd, sd := dims[0], dims[1]
	k := &detxMultiNMSKernel{op: o, bt: in[0].Type, st: in[1].Type, ot: outs[0].Type}
	if len(in) == 3 {
		if len(bd) != 3 || len(sd) != 2 || len(dims[2]) != 1 || bd[0] != sd[0] || bd[1] != sd[1] || bd[2] != 4 {
			return nil, fmt.Errorf("%s: boxes %v, scores %v and roisnum %v do not match", o.name(), bd, sd, dims[2])
		}
		p.Classes, p.Boxes = bd[0], bd[1]
		k.rois = make([]int64, dims[2][0])
	} else {
		if len(bd) != 3 || len(sd) != 3 || bd[0] != sd[0] || bd[1] != sd[2] || bd[2] != 4 {
			return nil, fmt.Errorf("%s: boxes %v and scores %v do not match", o.name(), bd, sd)
		}
		p.Batches, p.Classes, p.Boxes = sd[0], sd[1], bd[1]
	}
	k.p = p
	if isHalf(k.bt) {
		k.boxBuf = make([]float32, product(bd))
	}
	if isHalf(k.st) {
		k.scoreBuf = make([]float32, product(sd))
	}
	return k, nil
}

type detxMultiNMSKernel struct {
	op               *seqMultiNMSOp
	p                kernels.MultiNMS
	bt, st, ot       ir.ElementType
	boxBuf, scoreBuf []float32
	rois             []int64
	rowBuf           []float32
	s                kernels.MultiNMSScratch
}

func (k *detxMultiNMSKernel) selected(in []*ir.Tensor) ([]kernels.MultiNMSRow, []int64, error) {
	name := k.op.name()
	if len(in) < 2 || (k.rois != nil) != (len(in) == 3) {
		return nil, nil, fmt.Errorf("%s: got %d inputs", name, len(in))
	}
	boxes, err := toF32(k.bt, in[0].Data, k.boxBuf)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: boxes: %w", name, err)
	}
	scores, err := toF32(k.st, in[1].Data, k.scoreBuf)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: scores: %w", name, err)
	}
	p := k.p
	if k.rois != nil {
		if err := seqInts(in[2], k.rois); err != nil {
			return nil, nil, fmt.Errorf("%s: roisnum: %w", name, err)
		}
		p.RoisNum = k.rois
	}
	return kernels.MultiNMSRun(&p, boxes, scores, &k.s)
}

func (k *detxMultiNMSKernel) Run(_ context.Context, in, out []*ir.Tensor) error {
	if len(out) != 3 {
		return fmt.Errorf("%s: got %d outputs", k.op.name(), len(out))
	}
	rows, valid, err := k.selected(in)
	if err != nil {
		return err
	}
	return k.write(rows, valid, out)
}

func (k *detxMultiNMSKernel) RunDynamic(_ context.Context, in []*ir.Tensor) ([]*ir.Tensor, error) {
	rows, valid, err := k.selected(in)
	if err != nil {
		return nil, err
	}
	shapes := [][]int{{len(rows), 6}, {len(rows), 1}, {len(valid)}}
	types := []ir.ElementType{k.ot, k.op.OutputType, k.op.OutputType}
	out := make([]*ir.Tensor, 3)
	for i := range out {
		if out[i], err = ir.NewTensor(types[i], shapes[i]); err != nil {
			return nil, err
		}
	}
	return out, k.write(rows, valid, out)
}

// write fills the outputs with the rows (-1 past them) and the per-image counts.
func (k *detxMultiNMSKernel) write(rows []kernels.MultiNMSRow, valid []int64, out []*ir.Tensor) error {
	name := k.op.name()
	n := out[1].Len()
	if out[0].Len() != 6*n || out[2].Len() != len(valid) {
		return fmt.Errorf("%s: outputs of %d, %d and %d elements for %d rows and %d images", name, out[0].Len(), n, out[2].Len(), len(rows), len(valid))
	}
	if cap(k.rowBuf) < 6*n {
		k.rowBuf = make([]float32, 6*n)
	}
	f := k.rowBuf[:6*n]
	for i := 0; i < n; i++ {
		r := f[6*i : 6*i+6]
		if i < len(rows) {
			s := &rows[i]
			r[0], r[1], r[2], r[3], r[4], r[5] = float32(s.Class), s.Score, s.X1, s.Y1, s.X2, s.Y2
		} else {
			r[0], r[1], r[2], r[3], r[4], r[5] = -1, -1, -1, -1, -1, -1
		}
	}
	if d, ok := out[0].Data.([]float32); ok {
		copy(d, f)
	} else if err := eltNarrow(k.ot, out[0].Data, f); err != nil {
		return fmt.Errorf("%s: selected_outputs: %w", name, err)
	}
	switch k.op.OutputType {
	case ir.I64:
		return detxWriteIdx[int64](name, out[1].Data, out[2].Data, rows, valid)
	case ir.I32:
		return detxWriteIdx[int32](name, out[1].Data, out[2].Data, rows, valid)
	}
	return fmt.Errorf("%s: output_type %s", name, k.op.OutputType)
}

func detxWriteIdx[I int32 | int64](name string, idx, cnt any, rows []kernels.MultiNMSRow, valid []int64) error {
	d, ok1 := idx.([]I)
	c, ok2 := cnt.([]I)
	if !ok1 || !ok2 || len(c) != len(valid) {
		return fmt.Errorf("%s: index outputs hold %T and %T", name, idx, cnt)
	}
	for i := range d {
		if i < len(rows) {
			d[i] = I(rows[i].Index)
		} else {
			d[i] = -1
		}
	}
	for i, v := range valid {
		c[i] = I(v)
	}
	return nil
}
