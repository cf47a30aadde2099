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
