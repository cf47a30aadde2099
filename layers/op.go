// Package layers defines the ops irrun knows: for each (type, opset) one definition that
// decodes and validates a layer's attributes with OpenVINO's defaults and messages, infers
// output shapes over partial shapes, and binds the op to a kernel for execution.
package layers

import (
	"context"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// Input is what shape inference knows about one input of a node.
type Input struct {
	Type  ir.ElementType
	Shape ir.Shape
	// Value is the input's value when it is known before execution (a Const, or an op
	// folded from Consts); nil otherwise.
	Value *ir.Tensor
	// Constant reports that the input is known before execution (a Const, or an op folded
	// from Consts), even when Value is nil because no weights were given.
	Constant bool
	// Bounds are per-element lower and upper bounds of an integer input whose value is not
	// known but bounded (a shape sub-graph fed by a dynamic dimension); nil when unknown.
	// An input with a Value has no Bounds: the value is its own bound (see Input.Bounded).
	Bounds *Bounds
}

// Output is the inferred type and shape of one output.
type Output struct {
	Type  ir.ElementType
	Shape ir.Shape
	// Value is set when the output is known before execution (Const, folded Convert).
	Value *ir.Tensor
	// Constant reports that the output is known before execution, even when Value is nil
	// because no weights were given (see Input.Constant).
	Constant bool
	// Bounds are the output's per-element bounds when its value is not known (see
	// Input.Bounds).
	Bounds *Bounds
}

// Op is one layer decoded and validated by its definition.
type Op interface {
	// Infer computes each output's type and shape from the inputs, with OpenVINO's checks
	// and messages (the returned error's text is the message a diagnostic shows). The same
	// function serves partial shapes at build time and static shapes at run time. It may
	// set an output's Value or Bounds; Propagate folds and bounds the rest.
	Infer(in []Input) ([]Output, error)
}

// Preparer is implemented by the ops irrun can execute.
type Preparer interface {
	// Prepare binds the op to a kernel for static input shapes (every in[i].Shape static).
	Prepare(in []Input, opts ExecOptions) (Kernel, error)
}

// Prepare binds op to a kernel, or returns an *ir.UnsupportedError when irrun infers the
// op but has no kernel for it.
func Prepare(op Op, in []Input, opts ExecOptions) (Kernel, error) {
	p, ok := op.(Preparer)
	if !ok {
		return nil, &ir.UnsupportedError{What: "executing this op (irrun infers its shapes but has no kernel for it yet)"}
	}
	return p.Prepare(in, opts)
}

// Kernel executes one node for one fixed set of input shapes. It may own scratch
// buffers, so one Kernel is used by one goroutine at a time.
type Kernel interface {
	// Run reads in and writes out, whose types and static shapes are those Infer gave
	// for the shapes Prepare was called with. It allocates nothing in steady state. It must
	// write every element of every output: out may hold stale data from a reused buffer or be
	// a caller's tensor.
	Run(ctx context.Context, in, out []*ir.Tensor) error
}

// ExecOptions selects how kernels run.
type ExecOptions struct {
	// Bodies compiles the sub-graph bodies of ops like Loop; nil where there are none.
	Bodies BodyCompiler
	// Reference selects the plain scalar reference kernels instead of the fast ones.
	Reference bool
	// Workers runs the parallel loops; nil runs on the calling goroutine.
	Workers *kernels.Workers
	// Arena is scratch shared by the fast GEMM kernels of one sequential executor (the
	// f32 copies of f16/bf16 tensors); nil gives each kernel its own buffers.
	Arena *kernels.GemmArena
	// UnusedOutputs, when not nil, marks the outputs of the node being prepared that
	// nothing reads (no later node, no Result, no view): its kernel may leave them
	// unwritten (MaxPool's indices).
	UnusedOutputs []bool
}

// RunChecker is implemented by ops that can tell, from what is known before execution, that
// irrun cannot execute them: an element type no kernel computes, or an input irrun needs as
// a constant (an adaptive pool's output_size, a Transpose order). The linter reports such a
// node as unsupported-feature; Compile refuses it when a Result depends on it.
type RunChecker interface {
	// CheckRunnable returns an *ir.UnsupportedError naming what irrun lacks, or nil.
	CheckRunnable(in []Input) error
}

// AttributeError is an Infer error caused by the value of one <data> attribute (an axis out
// of range, strides of the wrong length). The graph reports it at that attribute's position.
type AttributeError struct {
	// Attr is the attribute's name in <data>.
	Attr string
	Err  error
}

func (e *AttributeError) Error() string { return e.Err.Error() }

// Unwrap returns the underlying error.
func (e *AttributeError) Unwrap() error { return e.Err }

// attrErr marks err as caused by attribute name.
func attrErr(name string, err error) error {
	if err == nil {
		return nil
	}
	return &AttributeError{Attr: name, Err: err}
}
