package layers

import (
	"fmt"
	"math"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// Plain unary ops without attributes: Relu-1, Sigmoid-1, Exp-1, Negative-1, Sqrt-1, Abs-1,
// Floor-1, Ceiling-1, Log-1, Tanh-1, Erf-1, Sign-1, Sin/Cos/Tan/Asin/Acos/Atan/Sinh/Cosh-1,
// Asinh/Acosh/Atanh-3, HSwish-4, HSigmoid-5, Mish-4, SoftPlus-4, SoftSign-9, IsNaN-10,
// IsFinite-10. Each is a row of plainUnary: its validate_and_infer_types element-type check
// (src/core/src/op/<op>.cpp) and how it computes (src/core/reference/include/openvino/
// reference/<op>.hpp). The output has the input's shape, and its type (boolean for IsNaN
// and IsFinite).

// unaryOp is one plain unary op.
type unaryOp struct {
	name string
	// check is the op's element-type check; nil for none.
	check func(t ir.ElementType) error
	fn    unaryFn
}

// plainUnary returns the definition of a plain unary op by OpenVINO type name.
func plainUnary(name string) *unaryOp {
	u := &unaryOp{name: name, check: unaryArithmeticCheck}
	switch name {
	case "Relu":
		u.fn = unaryFn{f: kernels.Relu, ints: kernels.IntRuleRelu}
	case "Sigmoid":
		u.fn = unaryFn{f: kernels.Sigmoid, ints: kernels.IntRuleSigmoid}
	case "Exp":
		u.fn = unaryFn{f: math.Exp, ints: kernels.IntRuleTrunc}
	case "Negative":
		u.fn = unaryFn{f: kernels.UnaryNegate, ints: kernels.IntRuleNegate}
	case "Sqrt":
		u.fn = unaryFn{f: math.Sqrt, ints: kernels.IntRuleRound}
	case "Abs":
		u.fn = unaryFn{f: kernels.UnaryAbs, ints: kernels.IntRuleAbs}
	case "Floor":
		u.fn = unaryFn{f: math.Floor, ints: kernels.IntRuleCopy}
	case "Ceiling":
		u.fn = unaryFn{f: math.Ceil, ints: kernels.IntRuleCopy}
	case "Log":
		u.fn = unaryFn{f: math.Log, ints: kernels.IntRuleTrunc}
	case "Tanh":
		u.fn = unaryFn{f: math.Tanh, ints: kernels.IntRuleRound}
	case "Erf":
		u.fn = unaryFn{f: math.Erf, ints: kernels.IntRuleRound}
	case "Sign":
		u.fn = unaryFn{f: kernels.UnarySign, ints: kernels.IntRuleSign}
	case "Sin":
		u.fn = unaryFn{f: math.Sin, ints: kernels.IntRuleTrunc}
	case "Cos":
		u.fn = unaryFn{f: math.Cos, ints: kernels.IntRuleRound}
	case "Tan":
		u.fn = unaryFn{f: math.Tan, ints: kernels.IntRuleRound}
	case "Asin":
		u.fn = unaryFn{f: math.Asin, ints: kernels.IntRuleTrunc}
	case "Acos":
		// acos.hpp rounds on integers (acos.cpp template vectors: acos(0) = 1.57 -> 2).
		u.fn = unaryFn{f: math.Acos, ints: kernels.IntRuleRound}
	case "Atan":
		u.fn = unaryFn{f: math.Atan, ints: kernels.IntRuleRound}
	case "Sinh":
		u.fn = unaryFn{f: math.Sinh, ints: kernels.IntRuleRound}
	case "Cosh":
		u.fn = unaryFn{f: math.Cosh, ints: kernels.IntRuleRound}
	case "Asinh":
		u.fn = unaryFn{f: math.Asinh, ints: kernels.IntRuleRound}
	case "Acosh":
		u.fn = unaryFn{f: math.Acosh, ints: kernels.IntRuleRound}
	case "Atanh":
		u.fn = unaryFn{f: math.Atanh, ints: kernels.IntRuleAtanh}
	case "HSwish":
		// evaluate computes f32 (f16, bf16 through it) only.
		u.fn = unaryFn{f: kernels.HSwish}
	case "HSigmoid":
		u.fn = unaryFn{f: kernels.HSigmoid}
	case "Mish":
		u.check = unaryRealCheck("Element must be of floating point type, Got: %s", true)
		u.fn = unaryFn{f: kernels.Mish}
	case "SoftPlus":
		u.check = unaryRealCheck("Input element type must be float. Got: %s", true)
		u.fn = unaryFn{f: kernels.SoftPlus}
	case "SoftSign":
		// The float check, then UnaryElementwiseArithmetic's (which a float or dynamic
		// type always passes).
		u.check = unaryRealCheck("Input element type must be float, instead got: %s", true)
		u.fn = unaryFn{f: kernels.SoftSign}
	case "IsNaN":
		u.check = unaryRealCheck("The element type of the input tensor must be a floating point number.", true)
		u.fn = unaryFn{pred: kernels.IsNaN}
	case "IsFinite":
		u.check = unaryRealCheck("The element type of the input tensor must be a floating point number or dynamic (got %s).", true)
		u.fn = unaryFn{pred: kernels.IsFinite}
	default:
		return nil
	}
	return u
}

// newPlainUnary is a Spec.New for a plain unary op.
func newPlainUnary(name string) func(int) Op {
	return func(int) Op { return plainUnary(name) }
}

// unaryArithmeticCheck is UnaryElementwiseArithmetic's check
// (src/core/src/op/util/unary_elementwise_arithmetic.cpp).
func unaryArithmeticCheck(t ir.ElementType) error {
	if t == ir.Boolean || t == ir.String {
		return fmt.Errorf("This operation does not support input with element type: %s", t)
	}
	return nil
}

// unaryRealCheck returns a check accepting floating-point types (and the dynamic type when
// dynamic is true) with OpenVINO's message; a %s in format receives the type.
func unaryRealCheck(format string, dynamic bool) func(ir.ElementType) error {
	return func(t ir.ElementType) error {
		if unaryIsReal(t) || (dynamic && unaryIsDynamic(t)) {
			return nil
		}
		return unaryTypeError(format, t)
	}
}

func unaryTypeError(format string, t ir.ElementType) error {
	var withType bool
	for i := 0; i+1 < len(format); i++ {
		if format[i] == '%' && format[i+1] == 's' {
			withType = true
		}
	}
	if withType {
		return fmt.Errorf(format, t)
	}
	return fmt.Errorf("%s (got %s)", format, t)
}

// unaryInfer is the shape and type rule shared by the unary family: check the input
// count and the element type, then output the input's shape with type out (the input's
// type when out is ir.Undefined).
func unaryInfer(name string, in []Input, nMin, nMax int, check func(ir.ElementType) error, out ir.ElementType) ([]Output, error) {
	if len(in) < nMin || len(in) > nMax {
		if nMin == nMax {
			return nil, fmt.Errorf("%s expects %d input(s), got %d", name, nMin, len(in))
		}
		return nil, fmt.Errorf("%s expects %d to %d inputs, got %d", name, nMin, nMax, len(in))
	}
	if check != nil {
		if err := check(in[0].Type); err != nil {
			return nil, err
		}
	}
	if out == ir.Undefined {
		out = in[0].Type
	}
	return []Output{{Type: out, Shape: cloneShape(in[0].Shape)}}, nil
}

func (u *unaryOp) outType() ir.ElementType {
	if u.fn.pred != nil {
		return ir.Boolean
	}
	return ir.Undefined
}

func (u *unaryOp) Infer(in []Input) ([]Output, error) {
	return unaryInfer(u.name, in, 1, 1, u.check, u.outType())
}

func (u *unaryOp) Prepare(in []Input, opts ExecOptions) (Kernel, error) {
	n, err := unaryCount(u.name, in, 1)
	if err != nil {
		return nil, err
	}
	return bindUnary(u.name, in[0].Type, n, thrPlane(in[0].Shape), unaryWithFast(u.name, u.fn, opts), unaryWorkers(opts))
}

// CheckRunnable implements RunChecker.
func (u *unaryOp) CheckRunnable(in []Input) error { return unaryRunnable(u.name, in, u.fn) }

// evalBounds gives Abs's bounds (type_prop/abs.cpp TypePropAbsV0Test): an interval on one
// side of zero maps to its absolute values, reordered; one containing zero gives [0, max].
// OpenVINO's default evaluator takes |lower| and |upper| reordered there too ([-4, 3] gives
// [3, 4]), which excludes values the element can take; irrun keeps the bound sound
// (semantics.md §10). The other plain unary ops propagate no bounds.
func (u *unaryOp) evalBounds(in []Input, outs []Output) {
	if u.name != "Abs" || len(in) != 1 || len(outs) != 1 || in[0].Bounds == nil {
		return
	}
	b := in[0].Bounds
	neg := func(v int64) int64 {
		if v == math.MinInt64 {
			return ir.Inf
		}
		return -v
	}
	lo, hi := make([]int64, len(b.Lo)), make([]int64, len(b.Hi))
	for i := range b.Lo {
		l, h := b.Lo[i], b.Hi[i]
		switch {
		case l >= 0:
			lo[i], hi[i] = l, h
		case h <= 0:
			lo[i], hi[i] = neg(h), neg(l)
		default:
			lo[i], hi[i] = 0, max(neg(l), h)
		}
	}
	outs[0].Bounds = &Bounds{Lo: lo, Hi: hi}
}
