package layers

import (
	"context"
	"fmt"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
	"github.com/x448/float16"
)

// CTCLoss-4: shape inference (ctc_loss_shape_inference.hpp) and execution by kernels.CTCLoss
// (reference/ctc_loss.hpp). f16 and bf16 logits are computed in float32.

type seqCTCLossOp struct {
	PreprocessCollapse bool `attr:"preprocess_collapse_repeated"`
	MergeRepeated      bool `attr:"ctc_merge_repeated"`
	Unique             bool `attr:"unique"`
}

func seqNewCTCLoss(int) Op { return &seqCTCLossOp{MergeRepeated: true} }

func (o *seqCTCLossOp) Infer(in []Input) ([]Output, error) {
	if len(in) < 4 || len(in) > 5 {
		return nil, fmt.Errorf("CTCLoss expects 4 or 5 inputs, got %d", len(in))
	}
	if t := in[0].Type; t.IsStatic() && !t.IsFloat() {
		return nil, fmt.Errorf("The data type for logits is expected to be a floating point type. Got: %s", t)
	}
	names := []string{"", "logit length", "labels", "label length", "blank index"}
	for i := 1; i < len(in); i++ {
		if t := in[i].Type; t.IsStatic() && t != ir.I32 && t != ir.I64 {
			return nil, fmt.Errorf("The %s type is expected to be i32 or i64. Got: %s", names[i], t)
		}
	}
	logits, ll, labels, lbl := in[0].Shape, in[1].Shape, in[2].Shape, in[3].Shape
	for _, c := range []struct {
		s    ir.Shape
		r    int
		what string
	}{{logits, 3, "Expected a 3D tensor for logits. Got:"}, {ll, 1, "Expected a 1D tensor for logit length. Got:"},
		{labels, 2, "Expected a 2D tensor for labels. Got:"}, {lbl, 1, "Expected a 1D tensor for label length. Got:"}} {
		if err := seqRankErr(c.s, c.r, c.what); err != nil {
			return nil, err
		}
	}
	if len(in) == 5 {
		if err := seqRankErr(in[4].Shape, 0, "Expected a scalar for blank index. Got:"); err != nil {
			return nil, err
		}
	}
	// ctc_loss_shape_inference.hpp order: logit length and labels against the logits' batch,
	// the labels' time dim, then the label length against all three.
	batch := seqDim(logits, 0)
	for i, c := range []struct {
		d    ir.Dim
		what string
	}{{seqDim(ll, 0), "The first dimension of logit length must be equal to the first dimension of the logits."},
		{seqDim(labels, 0), "The first dimension of labels must be equal to the first dimension of the logits and the logit length."},
		{seqDim(lbl, 0), "The first dimension of label length must be equal to the first dimension of the logits, the logit length and labels."}} {
		if i == 2 && !logits.DynamicRank && !labels.DynamicRank && !logits.Dims[1].Compatible(labels.Dims[1]) {
			return nil, fmt.Errorf("The second dimension of labels must be equal to the second dimension of logits. Got: %s and: %s", labels.Dims[1], logits.Dims[1])
		}
		m, ok := dimMerge(batch, c.d)
		if !ok {
			return nil, fmt.Errorf("%s Got: %s and: %s", c.what, batch, c.d)
		}
		batch = m
	}
	return []Output{{Type: in[0].Type, Shape: seqShape(batch)}}, nil
}

func (o *seqCTCLossOp) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	if _, err := o.Infer(in); err != nil {
		return nil, err
	}
	d, ok := staticDims(in[0].Shape)
	if !ok || len(d) != 3 {
		return nil, fmt.Errorf("CTCLoss: logits shape %s is not static 3D", in[0].Shape)
	}
	for i := 1; i < len(in); i++ {
		if _, ok := staticDims(in[i].Shape); !ok {
			return nil, fmt.Errorf("CTCLoss: input %d shape %s is not static", i, in[i].Shape)
		}
	}
	n, t, c := d[0], d[1], d[2]
	typ := in[0].Type
	if !moreIsFloatCompute(typ) {
		return nil, unsupportedType("CTCLoss", typ)
	}
	attrs := kernels.CTCLossAttrs{PreprocessCollapseRepeated: o.PreprocessCollapse, MergeRepeated: o.MergeRepeated, Unique: o.Unique}
	scratch := kernels.NewCTCLossScratch(t)
	logitLen, labelLen, labels := make([]int64, n), make([]int64, n), make([]int64, n*t)
	var blank [1]int64
	var wide, res []float32
	if isHalf(typ) {
		wide, res = make([]float32, n*t*c), make([]float32, n)
	}
	nIn := len(in)
	return kernelFunc(func(_ context.Context, in, out []*ir.Tensor) error {
		if len(in) != nIn || len(out) != 1 || out[0] == nil {
			return fmt.Errorf("CTCLoss: expected %d inputs and 1 output, got %d and %d", nIn, len(in), len(out))
		}
		for i, r := range []struct {
			dst  []int64
			what string
		}{{logitLen, "logit length"}, {labels, "labels"}, {labelLen, "label length"}} {
			if err := readInts(in[i+1], r.dst); err != nil {
				return fmt.Errorf("CTCLoss: %s: %w", r.what, err)
			}
		}
		blank[0] = int64(c) - 1
		if nIn == 5 {
			if err := readInts(in[4], blank[:]); err != nil {
				return fmt.Errorf("CTCLoss: blank index: %w", err)
			}
		}
		var err error
		switch x := in[0].Data.(type) {
		case []float64:
			y, ok := out[0].Data.([]float64)
			if !ok {
				return fmt.Errorf("CTCLoss: output holds %T", out[0].Data)
			}
			err = kernels.CTCLoss(x, n, t, c, logitLen, labels, labelLen, blank[0], attrs, y, scratch)
		case []float32:
			y, ok := out[0].Data.([]float32)
			if !ok {
				return fmt.Errorf("CTCLoss: output holds %T", out[0].Data)
			}
			err = kernels.CTCLoss(x, n, t, c, logitLen, labels, labelLen, blank[0], attrs, y, scratch)
		default:
			w, e := toF32(typ, in[0].Data, wide)
			if e != nil || res == nil {
				return fmt.Errorf("CTCLoss: logits of type %s hold %T", typ, in[0].Data)
			}
			if err = kernels.CTCLoss(w, n, t, c, logitLen, labels, labelLen, blank[0], attrs, res, scratch); err != nil {
				break
			}
			switch y := out[0].Data.(type) {
			case []float16.Float16:
				if len(y) != n {
					return fmt.Errorf("CTCLoss: output of %d elements, want %d", len(y), n)
				}
				kernels.F32ToF16(y, res)
			case []uint16:
				if len(y) != n || out[0].Type != ir.BF16 {
					return fmt.Errorf("CTCLoss: output of %d elements, want %d", len(y), n)
				}
				kernels.F32ToBF16(y, res)
			default:
				return fmt.Errorf("CTCLoss: output holds %T", out[0].Data)
			}
		}
		if err != nil {
			return fmt.Errorf("CTCLoss: %w", err)
		}
		return nil
	}), nil
}
