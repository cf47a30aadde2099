package layers

import (
	"context"
	"fmt"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
	"github.com/x448/float16"
)

// CTCLoss-4 execution: kernels.CTCLoss (reference/ctc_loss.hpp). Shape inference is
// seqCTCLossOp.Infer (seq_signal.go). f16 and bf16 logits are computed in float32.

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
