package layers

import (
	"context"
	"fmt"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// GenerateProposals-9: shape inference (generate_proposals_shape_inference.hpp,
// src/core/src/op/generate_proposals.cpp) and kernel kernels.GenerateProposalsImage (reference
// generate_proposal.cpp), computed in f32. The number of ROIs depends on the data: the op is
// a DynamicOp whose outputs are rois [total, 4], scores [total] and roi_num [images]; Run into
// outputs of a fixed size writes as many rows as fit and zeroes the rest.

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
	if err := tp8GenPropShapes(im, anchors, deltas, scores); err != nil {
		return nil, err
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

// tp8GenPropShapes is generate_proposals_shape_inference.hpp's checks, in its order: each
// input's rank, im_info's second dim and the anchors' fourth, then the dims deltas and scores
// share (batch, anchors·4, height, width, and im_info's batch), then those anchors and
// scores share (height, width, anchors per cell).
func tp8GenPropShapes(im, anchors, deltas, scores ir.Shape) error {
	if r, ok := im.Rank(); ok && r != 2 {
		return fmt.Errorf("The 'input_im_info' input is expected to be a 2D. Got: %s", im)
	}
	if !im.DynamicRank && !(im.Dims[1].Compatible(ir.StaticDim(3)) || im.Dims[1].Compatible(ir.StaticDim(4))) {
		return fmt.Errorf("The 'input_im_info' shape[1] is expected to be a compatible with [3] or [4]. Got: %s", im)
	}
	if r, ok := anchors.Rank(); ok && r != 4 {
		return fmt.Errorf("The 'input_anchors' input is expected to be a 4D. Got: %s", anchors)
	}
	if !anchors.DynamicRank && !anchors.Dims[3].Compatible(ir.StaticDim(4)) {
		return fmt.Errorf("The fourth dimension of 'input_anchors' should be compatible with 4. Got: %s", anchors.Dims[3])
	}
	if r, ok := deltas.Rank(); ok && r != 4 {
		return fmt.Errorf("The 'input_deltas' input is expected to be a 4D. Got: %s", deltas)
	}
	if r, ok := scores.Rank(); ok && r != 4 {
		return fmt.Errorf("The 'input_scores' input is expected to be a 4D. Got: %s", scores)
	}
	type pair struct {
		a, b ir.Dim
		msg  string
	}
	var pairs []pair
	if !deltas.DynamicRank && !scores.DynamicRank {
		d, s := deltas.Dims, scores.Dims
		pairs = append(pairs,
			pair{d[0], s[0], "Batch for inputs 'input_deltas' and 'input_scores' should be equal."},
			pair{d[1], seqDimMul(s[1], 4), "Anchor number for inputs 'input_deltas' and 'input_scores' should be equal."},
			pair{d[2], s[2], "Heights for inputs 'input_deltas' and 'input_scores' should be equal."},
			pair{d[3], s[3], "Width for inputs 'input_deltas' and 'input_scores' should be equal."})
		if !im.DynamicRank {
			pairs = append(pairs, pair{d[0], im.Dims[0], "Batch for inputs 'im_info' and 'input_deltas' should be equal."})
		}
	}
	if !scores.DynamicRank && !anchors.DynamicRank {
		a, s := anchors.Dims, scores.Dims
		pairs = append(pairs,
			pair{a[0], s[2], "Heights for inputs 'input_anchors' and 'input_scores' should be equal."},
			pair{a[1], s[3], "Width for inputs 'input_anchors' and 'input_scores' should be equal."},
			pair{a[2], s[1], "Anchor number for inputs 'input_anchors' and 'input_scores' should be equal."})
	}
	for _, p := range pairs {
		if !p.a.Compatible(p.b) {
			return fmt.Errorf("%s Got: %s %s", p.msg, p.a, p.b)
		}
	}
	return nil
}

// DynamicOutputs: the selected ROIs size the outputs when the graph runs.
func (o *seqGenerateProposalsOp) DynamicOutputs() {}

func (o *seqGenerateProposalsOp) CheckRunnable(in []Input) error {
	return detxFloatRunnable("GenerateProposals", in)
}

func (o *seqGenerateProposalsOp) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	const name = "GenerateProposals"
	outs, dims, err := detxStaticRun(name, o, in)
	if err != nil {
		return nil, err
	}
	id, ad, dd, sd := dims[0], dims[1], dims[2], dims[3]
	if id[0] != dd[0] || id[0] != sd[0] || dd[1] != 4*sd[1] || dd[2] != sd[2] || dd[3] != sd[3] ||
		ad[0] != sd[2] || ad[1] != sd[3] || ad[2] != sd[1] || (id[1] != 3 && id[1] != 4) {
		return nil, fmt.Errorf("%s: im_info %v, anchors %v, deltas %v and scores %v do not match", name, id, ad, dd, sd)
	}
	if o.PreNMSCount > 1<<31 || o.PostNMSCount > 1<<31 {
		return nil, fmt.Errorf("%s: pre_nms_count %d or post_nms_count %d out of range", name, o.PreNMSCount, o.PostNMSCount)
	}
	g := kernels.GenerateProposals{Anchors: sd[1], H: sd[2], W: sd[3], MinSize: o.MinSize, NMSThreshold: o.NMSThreshold,
		PreNMSCount: int(o.PreNMSCount), PostNMSCount: int(o.PostNMSCount), Normalized: o.Normalized}
	k := &detxGenPropKernel{op: o, g: g, t: outs[0].Type, images: id[0]}
	k.bufs = [4][]float32{make([]float32, product(id)), make([]float32, product(ad)), make([]float32, product(dd)), make([]float32, product(sd))}
	return k, nil
}

type detxGenPropKernel struct {
	op          *seqGenerateProposalsOp
	g           kernels.GenerateProposals
	t           ir.ElementType
	images      int
	bufs        [4][]float32
	rois, probs []float32
	counts      []int64
	s           kernels.EDProposalsScratch
}

// detxWiden reads a float tensor into buf as float32.
func detxWiden(t *ir.Tensor, buf []float32) ([]float32, error) {
	if t == nil || t.Len() != len(buf) {
		return nil, fmt.Errorf("expected %d values", len(buf))
	}
	if d, ok := t.Data.([]float64); ok {
		for i, v := range d {
			buf[i] = float32(v)
		}
		return buf, nil
	}
	return toF32(t.Type, t.Data, buf)
}

func (k *detxGenPropKernel) compute(in []*ir.Tensor) error {
	if len(in) != 4 {
		return fmt.Errorf("GenerateProposals: got %d inputs", len(in))
	}
	var v [4][]float32
	for i := range v {
		var err error
		if v[i], err = detxWiden(in[i], k.bufs[i]); err != nil {
			return fmt.Errorf("GenerateProposals: input %d: %w", i, err)
		}
	}
	n := k.images
	per := [4]int{len(v[0]) / n, 0, len(v[2]) / n, len(v[3]) / n}
	k.rois, k.probs = k.rois[:0], k.probs[:0]
	k.counts = k.counts[:0]
	for b := 0; b < n; b++ {
		before := len(k.probs)
		var err error
		k.rois, k.probs, err = kernels.GenerateProposalsImage(&k.g, v[0][b*per[0]:(b+1)*per[0]], v[1],
			v[2][b*per[2]:(b+1)*per[2]], v[3][b*per[3]:(b+1)*per[3]], k.rois, k.probs, &k.s)
		if err != nil {
			return err
		}
		k.counts = append(k.counts, int64(len(k.probs)-before))
	}
	return nil
}

func (k *detxGenPropKernel) Run(_ context.Context, in, out []*ir.Tensor) error {
	if err := k.compute(in); err != nil {
		return err
	}
	return k.write(out)
}

func (k *detxGenPropKernel) RunDynamic(_ context.Context, in []*ir.Tensor) ([]*ir.Tensor, error) {
	if err := k.compute(in); err != nil {
		return nil, err
	}
	rows := len(k.probs)
	out := make([]*ir.Tensor, 3)
	var err error
	for i, sh := range [][]int{{rows, 4}, {rows}, {k.images}} {
		t := k.t
		if i == 2 {
			t = k.op.ROINumType
		}
		if out[i], err = ir.NewTensor(t, sh); err != nil {
			return nil, err
		}
	}
	return out, k.write(out)
}

func (k *detxGenPropKernel) write(out []*ir.Tensor) error {
	if len(out) != 3 || out[0].Len() != 4*out[1].Len() || out[2].Len() != k.images {
		return fmt.Errorf("GenerateProposals: outputs do not hold rows of 4 and %d counts", k.images)
	}
	rows := out[1].Len()
	for i, src := range [][]float32{k.rois, k.probs} {
		n := rows
		if i == 0 {
			n *= 4
		}
		buf := make([]float32, n)
		copy(buf, src)
		if err := detxNarrowAny(k.t, out[i].Data, buf); err != nil {
			return fmt.Errorf("GenerateProposals: output %d: %w", i, err)
		}
	}
	switch d := out[2].Data.(type) {
	case []int64:
		copy(d, k.counts)
	case []int32:
		for i, c := range k.counts {
			d[i] = int32(c)
		}
	default:
		return fmt.Errorf("GenerateProposals: roi_num holds %T", out[2].Data)
	}
	return nil
}

// detxNarrowAny writes float32 values into a float tensor's data of type t.
func detxNarrowAny(t ir.ElementType, dst any, src []float32) error {
	switch d := dst.(type) {
	case []float32:
		if len(d) != len(src) {
			return fmt.Errorf("%d values for %d", len(src), len(d))
		}
		copy(d, src)
		return nil
	case []float64:
		if len(d) != len(src) {
			return fmt.Errorf("%d values for %d", len(src), len(d))
		}
		for i, v := range src {
			d[i] = float64(v)
		}
		return nil
	}
	return eltNarrow(t, dst, src)
}
