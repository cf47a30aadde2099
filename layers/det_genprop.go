package layers

import (
	"context"
	"fmt"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// GenerateProposals-9: kernel kernels.GenerateProposalsImage (reference
// generate_proposal.cpp), computed in f32. The number of ROIs depends on the data: the op is
// a DynamicOp whose outputs are rois [total, 4], scores [total] and roi_num [images]; Run into
// outputs of a fixed size writes as many rows as fit and zeroes the rest.

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
