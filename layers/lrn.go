package layers

import (
	"fmt"
	"slices"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// LRN-1: inputs data and axes; attributes alpha, beta, bias (double) and size (size_t).
// Inference follows src/core/src/op/lrn.cpp, the kernel reference/lrn.hpp.

type lrnOp struct {
	Alpha float64 `attr:"alpha"`
	Beta  float64 `attr:"beta"`
	Bias  float64 `attr:"bias"`
	Size  uint64  `attr:"size"`
}

// lrnAxes is LRN::get_reduction_axes: the axes input's values read as size_t into an
// ordered set when known before execution, else {1} (the channel axis). ok is false
// when they are unknown.
func lrnAxes(axes Input) (set []uint64, known bool) {
	v, ok := axes.ints()
	if !ok {
		return []uint64{1}, false
	}
	return normAxisSet(v), true
}

// normAxisSet is an AxisSet built from int64 values: each read as size_t, sorted,
// duplicates dropped.
func normAxisSet(v []int64) []uint64 {
	set := make([]uint64, len(v))
	for i, a := range v {
		set[i] = uint64(a)
	}
	slices.Sort(set)
	return slices.Compact(set)
}

// fmtAxisSet prints an AxisSet as OpenVINO does: "AxisSet{1, 2}".
func fmtAxisSet(set []uint64) string { return "AxisSet{" + fmtInts(set) + "}" }

func (l *lrnOp) Infer(in []Input) ([]Output, error) {
	if err := normInputCount("LRN", in, 2); err != nil {
		return nil, err
	}
	data, axes := in[0], in[1]
	axesShape := ir.DynamicRankShape()
	if axes.Shape.IsStatic() {
		axesShape = axes.Shape
	}
	if r, ok := axesShape.Rank(); ok && r != 1 {
		return nil, fmt.Errorf("Input axes must have rank equals 1 (axes_rank: %d).", r)
	}
	rank, rankOK := data.Shape.Rank()
	if axesShape.IsStatic() && rankOK && axesShape.Dims[0].Lo > int64(rank) {
		return nil, fmt.Errorf("Number of elements of axes must be >= 0 and <= argument rank (axes_shape[0]: %s).", axesShape.Dims[0])
	}
	if rankOK {
		set, _ := lrnAxes(axes)
		for _, a := range set {
			// static_cast<int64_t>(axis) < rank: a negative axis read as size_t passes.
			if int64(a) >= int64(rank) {
				return nil, fmt.Errorf("Reduction axis (%d) is out of bounds (argument shape: %s, reduction axes: %s)",
					a, data.Shape, fmtAxisSet(set))
			}
		}
	}
	if axes.Type.IsStatic() && !axes.Type.IsInteger() {
		return nil, fmt.Errorf("Axes input must be integral numbers, but are: %s).", axes.Type)
	}
	return normPassthrough(data), nil
}

// CheckRunnable implements RunChecker.
func (l *lrnOp) CheckRunnable(in []Input) error {
	if err := checkNormType("LRN-1", normFirstType(in)); err != nil {
		return err
	}
	return checkNormConstInput("LRN-1", "axes", in, 1)
}

func (l *lrnOp) Prepare(in []Input, opts ExecOptions) (Kernel, error) {
	if _, err := l.Infer(in); err != nil {
		return nil, err
	}
	dims, n, err := normStatic("LRN-1", in, 0)
	if err != nil {
		return nil, err
	}
	set, known := lrnAxes(in[1])
	if !known {
		return nil, &ir.UnsupportedError{What: "LRN-1 with axes that are not known before execution"}
	}
	axes := make([]int, len(set))
	for i, a := range set {
		if a >= uint64(len(dims)) {
			// OpenVINO's validation lets a negative axis through (it compares the
			// size_t value cast back to int64) and its reference then indexes out of
			// bounds; irrun refuses it.
			return nil, fmt.Errorf("LRN-1: axis %d is out of range for input shape %s", int64(a), in[0].Shape)
		}
		axes[i] = int(a)
	}
	plan, err := kernels.NewLRN(dims, axes, l.Alpha, l.Beta, l.Bias, l.Size)
	if err != nil {
		return nil, err
	}
	b := normBinding{op: "LRN-1", t: in[0].Type, inputs: []int{0}, lens: []int{n}, outLen: n}
	if !opts.Reference && plan.LRNOneAxis() { // one window axis: whole rows at a time (os_lrn.go)
		return bindNorm(b, osLRNFastFn[float32](plan), osLRNFastFn[float64](plan))
	}
	return bindNorm(b, lrnFn[float32](plan), lrnFn[float64](plan))
}

func lrnFn[T float32 | float64](p *kernels.LRNPlan) func() (normFn[T], error) {
	return func() (normFn[T], error) {
		return func(out []T, in [][]T) error { return kernels.LRN(p, out, in[0]) }, nil
	}
}

func osLRNFastFn[T float32 | float64](p *kernels.LRNPlan) func() (normFn[T], error) {
	return func() (normFn[T], error) {
		return func(out []T, in [][]T) error { return kernels.LRNFast(p, out, in[0]) }, nil
	}
}
