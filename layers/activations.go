package layers

import (
	"context"
	"fmt"
	"math"
	"strconv"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// Unary ops with attributes or a second input: Clamp-1, Elu-1, Gelu-1 (opset2's v0) and
// Gelu-7, Swish-4, Round-5, IsInf-10. Checks and messages follow each op's
// validate_and_infer_types (src/core/src/op/<op>.cpp); kernels go through bindUnary.

// ---------------------------------------------------------------- Clamp

type clampOp struct {
	Min float64 `attr:"min"`
	Max float64 `attr:"max"`
}

// unaryFmtDouble formats a double as C++'s ostream does by default (%g, 6 significant digits).
func unaryFmtDouble(v float64) string {
	switch {
	case math.IsNaN(v):
		return "nan"
	case math.IsInf(v, 1):
		return "inf"
	case math.IsInf(v, -1):
		return "-inf"
	}
	return strconv.FormatFloat(v, 'g', 6, 64)
}

func (c *clampOp) Infer(in []Input) ([]Output, error) {
	check := func(t ir.ElementType) error {
		if !(isIntegralNumber(t) || unaryIsReal(t)) {
			return fmt.Errorf("Input element type must be numeric. Got: %s", t)
		}
		if !(c.Min <= c.Max) {
			return fmt.Errorf("Attribute 'min' must be less or equal than 'max'. Got: %s and %s", unaryFmtDouble(c.Min), unaryFmtDouble(c.Max))
		}
		return nil
	}
	return unaryInfer("Clamp", in, 1, 1, check, ir.Undefined)
}

// fn returns Clamp's computation for element type t: float types compare with min and
// max cast to the type (f16 and bf16 compute in f32, so with float32 bounds); integer
// types with min rounded up and max rounded down, saturated to the type's range.
func (c *clampOp) fn(t ir.ElementType) unaryFn {
	lo, hi := c.Min, c.Max
	if t != ir.F64 {
		lo, hi = float64(float32(lo)), float64(float32(hi))
	}
	return unaryFn{f: kernels.UnaryClamp(lo, hi), ints: kernels.IntRuleClamp, lo: c.Min, hi: c.Max}
}

func (c *clampOp) Prepare(in []Input, opts ExecOptions) (Kernel, error) {
	n, err := unaryCount("Clamp", in, 1)
	if err != nil {
		return nil, err
	}
	return bindUnary("Clamp", in[0].Type, n, thrPlane(in[0].Shape), c.fn(in[0].Type), unaryWorkers(opts))
}

// CheckRunnable implements RunChecker.
func (c *clampOp) CheckRunnable(in []Input) error {
	if len(in) == 0 {
		return nil
	}
	return unaryRunnable("Clamp", in, c.fn(in[0].Type))
}

// evalBounds is OpenVINO's default bound evaluator (Clamp is monotone).
func (c *clampOp) evalBounds(in []Input, outs []Output) { evalOnBounds(c, in, outs) }

// ---------------------------------------------------------------- Elu

type eluOp struct {
	Alpha float64 `attr:"alpha"`
}

func (e *eluOp) Infer(in []Input) ([]Output, error) {
	return unaryInfer("Elu", in, 1, 1, nil, ir.Undefined)
}

func (e *eluOp) fn() unaryFn { return unaryFn{f: kernels.Elu(e.Alpha), ints: kernels.IntRuleTrunc} }

func (e *eluOp) Prepare(in []Input, opts ExecOptions) (Kernel, error) {
	n, err := unaryCount("Elu", in, 1)
	if err != nil {
		return nil, err
	}
	fn := e.fn()
	if !opts.Reference { // SIMD exponentials, an accurate e^x − 1 near 0 (os_elu.go)
		fn.fast = func(dst, src []float32) { kernels.EluF32(dst, src, e.Alpha) }
	}
	return bindUnary("Elu", in[0].Type, n, thrPlane(in[0].Shape), fn, unaryWorkers(opts))
}

// CheckRunnable implements RunChecker.
func (e *eluOp) CheckRunnable(in []Input) error { return unaryRunnable("Elu", in, e.fn()) }

// ---------------------------------------------------------------- Gelu

// geluCheck is Gelu's element type check (v0 and v7).
func geluCheck(t ir.ElementType) error {
	return unaryRealCheck("Argument element type must be f16, bf16, f32, f64 or dynamic (got %s).", true)(t)
}

// gelu1Op is Gelu-1 (op::v0::Gelu, opset2..6): the erf form, no attributes.
type gelu1Op struct{}

func (gelu1Op) Infer(in []Input) ([]Output, error) {
	return unaryInfer("Gelu", in, 1, 1, geluCheck, ir.Undefined)
}

func (gelu1Op) Prepare(in []Input, opts ExecOptions) (Kernel, error) {
	n, err := unaryCount("Gelu", in, 1)
	if err != nil {
		return nil, err
	}
	return bindUnary("Gelu", in[0].Type, n, thrPlane(in[0].Shape), geluWithFast(unaryFn{f: kernels.GeluErf}, false, opts), unaryWorkers(opts))
}

// CheckRunnable implements RunChecker.
func (gelu1Op) CheckRunnable(in []Input) error {
	return unaryRunnable("Gelu", in, unaryFn{f: kernels.GeluErf})
}

// geluOp is Gelu-7.
type geluOp struct {
	Mode string `attr:"approximation_mode,enum=erf|tanh"`
}

func (g *geluOp) Infer(in []Input) ([]Output, error) {
	return unaryInfer("Gelu", in, 1, 1, geluCheck, ir.Undefined)
}

func (g *geluOp) fn() unaryFn {
	if g.Mode == "tanh" {
		return unaryFn{f: kernels.GeluTanh}
	}
	return unaryFn{f: kernels.GeluErf}
}

func (g *geluOp) Prepare(in []Input, opts ExecOptions) (Kernel, error) {
	n, err := unaryCount("Gelu", in, 1)
	if err != nil {
		return nil, err
	}
	return bindUnary("Gelu", in[0].Type, n, thrPlane(in[0].Shape), geluWithFast(g.fn(), g.Mode == "tanh", opts), unaryWorkers(opts))
}

// CheckRunnable implements RunChecker.
func (g *geluOp) CheckRunnable(in []Input) error { return unaryRunnable("Gelu", in, g.fn()) }

// ---------------------------------------------------------------- Swish

// swishOp is Swish-4: x / (1 + exp(-x·beta)), beta an optional scalar second input
// (default 1).
type swishOp struct{}

func (swishOp) Infer(in []Input) ([]Output, error) {
	if len(in) < 1 || len(in) > 2 {
		return nil, fmt.Errorf("Swish must have 1 or 2 inputs, but it has: %d", len(in))
	}
	t := in[0].Type
	if !(unaryIsDynamic(t) || unaryIsReal(t)) {
		return nil, fmt.Errorf("Swish input tensor must be floating point type(%s).", t)
	}
	if len(in) == 2 {
		if in[0].Type != in[1].Type {
			return nil, fmt.Errorf("Swish inputs must have the same type but they are: %s and %s", in[0].Type, in[1].Type)
		}
		if r, ok := in[1].Shape.Rank(); ok && r != 0 {
			return nil, fmt.Errorf("Swish input with beta must be scalar but it has rank: %d", r)
		}
	}
	return []Output{{Type: t, Shape: cloneShape(in[0].Shape)}}, nil
}

func (swishOp) Prepare(in []Input, opts ExecOptions) (Kernel, error) {
	n, err := unaryCount("Swish", in, 1)
	if err != nil {
		return nil, err
	}
	// Each kernel owns its beta: it is read from the second input at every run.
	beta := new(float64)
	*beta = 1
	fn := unaryFn{f: kernels.Swish(beta)}
	if !opts.Reference {
		fn.fast = func(dst, src []float32) { kernels.FastExpF32(dst, src, kernels.FastSwish, float32(*beta)) }
	}
	inner, err := bindUnary("Swish", in[0].Type, n, thrPlane(in[0].Shape), fn, unaryWorkers(opts))
	if err != nil {
		return nil, err
	}
	if len(in) < 2 {
		return inner, nil
	}
	return kernelFunc(func(ctx context.Context, in, out []*ir.Tensor) error {
		if len(in) < 2 {
			return fmt.Errorf("Swish: expected 2 input tensors, got %d", len(in))
		}
		b, ok := unaryScalar(in[1])
		if !ok {
			return fmt.Errorf("Swish: beta must be a float scalar, got %T", in[1].Data)
		}
		*beta = b
		return inner.Run(ctx, in[:1], out)
	}), nil
}

// CheckRunnable implements RunChecker.
func (swishOp) CheckRunnable(in []Input) error {
	return unaryRunnable("Swish", in, unaryFn{f: kernels.Sigmoid})
}

// ---------------------------------------------------------------- Round

type roundOp struct {
	Mode string `attr:"mode,enum=half_to_even|half_away_from_zero"`
}

func (r *roundOp) Infer(in []Input) ([]Output, error) {
	if len(in) != 1 {
		return nil, fmt.Errorf("Only accepts one argument. Got: %d", len(in))
	}
	return unaryInfer("Round", in, 1, 1, nil, ir.Undefined)
}

func (r *roundOp) fn() unaryFn {
	f := math.RoundToEven
	if r.Mode == "half_away_from_zero" {
		f = math.Round
	}
	return unaryFn{f: f, ints: kernels.IntRuleCopy, boolCopy: true}
}

func (r *roundOp) Prepare(in []Input, opts ExecOptions) (Kernel, error) {
	n, err := unaryCount("Round", in, 1)
	if err != nil {
		return nil, err
	}
	return bindUnary("Round", in[0].Type, n, thrPlane(in[0].Shape), r.fn(), unaryWorkers(opts))
}

// CheckRunnable implements RunChecker.
func (r *roundOp) CheckRunnable(in []Input) error { return unaryRunnable("Round", in, r.fn()) }

// ---------------------------------------------------------------- IsInf

type isInfOp struct {
	DetectNegative bool `attr:"detect_negative"`
	DetectPositive bool `attr:"detect_positive"`
}

func (o *isInfOp) Infer(in []Input) ([]Output, error) {
	check := unaryRealCheck("The element type of the input tensor must be a floating point number.", true)
	return unaryInfer("IsInf", in, 1, 1, check, ir.Boolean)
}

func (o *isInfOp) fn() unaryFn {
	return unaryFn{pred: kernels.IsInf(o.DetectNegative, o.DetectPositive)}
}

func (o *isInfOp) Prepare(in []Input, opts ExecOptions) (Kernel, error) {
	n, err := unaryCount("IsInf", in, 1)
	if err != nil {
		return nil, err
	}
	return bindUnary("IsInf", in[0].Type, n, thrPlane(in[0].Shape), o.fn(), unaryWorkers(opts))
}

// CheckRunnable implements RunChecker.
func (o *isInfOp) CheckRunnable(in []Input) error { return unaryRunnable("IsInf", in, o.fn()) }
