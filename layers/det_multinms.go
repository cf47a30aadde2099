package layers

import (
	"context"
	"fmt"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// MulticlassNms-8/-9 and MatrixNms-8: kernel kernels.MultiNMSRun (reference
// multiclass_nms.cpp, matrix_nms.cpp), computed in f32 (f16/bf16 widened). The number of
// selected boxes depends on the data: the op is a DynamicOp and the graph runs RunDynamic,
// whose outputs have the selected rows ([rows, 6], [rows, 1]) and valid_outputs [images].
// Run (into outputs of a fixed size) writes as many rows as fit and fills the rest with -1.

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
	outs, err := o.Infer(in)
	if err != nil {
		return nil, err
	}
	if err := o.CheckRunnable(in); err != nil {
		return nil, err
	}
	dims, err := seqStatic(o.name(), in)
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
