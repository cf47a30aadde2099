package layers

import (
	"context"
	"fmt"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// Softmax-1 (axis: size_t), Softmax-8 (axis: int64, negative allowed) and
// LogSoftmax-5 (axis: int64), following src/core/src/op/softmax.cpp and
// log_softmax.cpp; kernels from reference/softmax.hpp and log_softmax.hpp. The IR
// spells Softmax "SoftMax"; lookup is case-insensitive.

// softmax1Op is Softmax-1.
type softmax1Op struct {
	Axis uint64 `attr:"axis"`
}

// softmax8Op is Softmax-8.
type softmax8Op struct {
	Axis int64 `attr:"axis"`
}

// logSoftmaxOp is LogSoftmax-5.
type logSoftmaxOp struct {
	Axis int64 `attr:"axis"`
}

func newSoftmax(v int) Op {
	if v == 1 {
		return &softmax1Op{Axis: 1}
	}
	return &softmax8Op{Axis: 1}
}

// normPassthrough is the output of most of the family: the input's type and shape.
func normPassthrough(in Input) []Output {
	return []Output{{Type: in.Type, Shape: cloneShape(in.Shape)}}
}

func (s *softmax1Op) Infer(in []Input) ([]Output, error) {
	if err := normInputCount("Softmax", in, 1); err != nil {
		return nil, err
	}
	if r, ok := in[0].Shape.Rank(); ok && s.Axis >= uint64(r) {
		return nil, attrErr("axis", fmt.Errorf("Reduction axis (%d) is out of bounds (argument shape: %s).", s.Axis, in[0].Shape))
	}
	return normPassthrough(in[0]), nil
}

func (s *softmax8Op) Infer(in []Input) ([]Output, error) {
	if err := normInputCount("Softmax", in, 1); err != nil {
		return nil, err
	}
	if r, ok := in[0].Shape.Rank(); ok && (s.Axis < -int64(r) || s.Axis >= int64(r)) {
		return nil, attrErr("axis", fmt.Errorf("Reduction axis (%d) is out of bounds (argument shape: %s).", s.Axis, in[0].Shape))
	}
	return normPassthrough(in[0]), nil
}

func (s *logSoftmaxOp) Infer(in []Input) ([]Output, error) {
	if err := normInputCount("LogSoftmax", in, 1); err != nil {
		return nil, err
	}
	if r, ok := in[0].Shape.Rank(); ok {
		if _, err := normalizeAxis(s.Axis, r); err != nil {
			return nil, err
		}
	}
	return normPassthrough(in[0]), nil
}

func (s *softmax1Op) CheckRunnable(in []Input) error {
	return checkNormType("Softmax-1", normFirstType(in))
}
func (s *softmax8Op) CheckRunnable(in []Input) error {
	return checkNormType("Softmax-8", normFirstType(in))
}
func (s *logSoftmaxOp) CheckRunnable(in []Input) error {
	return checkNormType("LogSoftmax-5", normFirstType(in))
}

func normFirstType(in []Input) ir.ElementType {
	if len(in) == 0 {
		return ir.Dynamic
	}
	return in[0].Type
}

func (s *softmax1Op) Prepare(in []Input, opts ExecOptions) (Kernel, error) {
	if _, err := s.Infer(in); err != nil {
		return nil, err
	}
	return prepareSoftmax("Softmax-1", in, int64(s.Axis), false, opts)
}

func (s *softmax8Op) Prepare(in []Input, opts ExecOptions) (Kernel, error) {
	if _, err := s.Infer(in); err != nil {
		return nil, err
	}
	return prepareSoftmax("Softmax-8", in, s.Axis, false, opts)
}

func (s *logSoftmaxOp) Prepare(in []Input, opts ExecOptions) (Kernel, error) {
	if _, err := s.Infer(in); err != nil {
		return nil, err
	}
	return prepareSoftmax("LogSoftmax-5", in, s.Axis, true, opts)
}

// prepareSoftmax binds Softmax or LogSoftmax along axis (already validated).
func prepareSoftmax(op string, in []Input, axis int64, logOf bool, opts ExecOptions) (Kernel, error) {
	dims, n, err := normStatic(op, in, 0)
	if err != nil {
		return nil, err
	}
	a, err := normalizeAxis(axis, len(dims))
	if err != nil {
		return nil, err
	}
	ax := int(a)
	b := normBinding{op: op, t: in[0].Type, inputs: []int{0}, lens: []int{n}, outLen: n}
	mk32 := softmaxFn[float32](dims, ax, logOf)
	if !opts.Reference {
		mk32 = softmaxFast32(dims, ax, logOf, opts.Workers)
	}
	return bindNorm(b, mk32, softmaxFn[float64](dims, ax, logOf))
}

// softmaxFast32 builds the fast float32 computation (kernels.SoftmaxFastF32).
func softmaxFast32(dims []int, axis int, logOf bool, wk *kernels.Workers) func() (normFn[float32], error) {
	return func() (normFn[float32], error) {
		p, err := kernels.NewSoftmaxFastF32(dims, axis, logOf)
		if err != nil {
			return nil, err
		}
		return func(out []float32, in [][]float32) error {
			return p.Run(context.Background(), wk, out, in[0])
		}, nil
	}
}

func softmaxFn[T float32 | float64](dims []int, axis int, logOf bool) func() (normFn[T], error) {
	return func() (normFn[T], error) {
		return func(out []T, in [][]T) error {
			if logOf {
				return kernels.LogSoftmax(out, in[0], dims, axis)
			}
			return kernels.Softmax(out, in[0], dims, axis)
		}, nil
	}
}
