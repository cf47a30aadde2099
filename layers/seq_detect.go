package layers

import (
	"fmt"

	"github.com/irrun/irrun/ir"
)

// Shared checks of the seq family's region, detection and signal ops: seqFloatType,
// seqRankErr, seqShape, and detxStaticRun, the common start of their Prepare. The detection
// ops are one file each: det_roi_pooling.go, det_psroi.go, det_proposal.go, det_ed.go
// (ExperimentalDetectron*), det_genprop.go, and NMS in nms.go, seq_nms.go, det_nmsrot.go,
// det_multinms.go.

// seqFloatType checks that every listed input has a floating-point (or dynamic) type and
// that they agree; it returns the merged type.
func seqFloatType(in []Input, idx []int, msg string) (ir.ElementType, error) {
	t := ir.Dynamic
	for _, i := range idx {
		if i >= len(in) {
			continue
		}
		m, ok := mergeTypes(t, in[i].Type)
		if !ok || (m.IsStatic() && !m.IsFloat()) {
			return t, fmt.Errorf("%s (got %s and %s)", msg, t, in[i].Type)
		}
		t = m
	}
	return t, nil
}

func seqRankErr(s ir.Shape, r int, what string) error {
	if !seqRankIs(s, r) {
		return fmt.Errorf("%s (got %s)", what, s)
	}
	return nil
}

func seqShape(d ...ir.Dim) ir.Shape { return ir.Shape{Dims: d} }

// detxStaticRun infers op on in, checks that irrun runs it, and returns its outputs and the
// inputs' static dims: the common start of the detection, ROI and GridSample ops' Prepare.
func detxStaticRun(name string, op interface {
	Op
	RunChecker
}, in []Input) ([]Output, [][]int, error) {
	outs, err := op.Infer(in)
	if err != nil {
		return nil, nil, err
	}
	if err := op.CheckRunnable(in); err != nil {
		return nil, nil, err
	}
	dims, err := seqStatic(name, in)
	if err != nil {
		return nil, nil, err
	}
	return outs, dims, nil
}
