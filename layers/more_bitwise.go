package layers

import (
	"fmt"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// BitwiseAnd-13, BitwiseOr-13, BitwiseXor-13 (BinaryElementwiseBitwise,
// src/core/src/op/util/binary_elementwise_bitwise.cpp), BitwiseLeftShift-15 and
// BitwiseRightShift-15 (the same base), BitwiseNot-13 (bitwise_not.cpp). Inputs broadcast
// like the arithmetic ops (auto_broadcast, default numpy) and must be integers or booleans
// (element::Type::is_integral, which is "not real"); the shifts' own
// validate_and_infer_types (src/core/src/op/bitwise_left_shift.cpp@6a420365) accept
// integers only (is_integral_number). OpenVINO's evaluate computes the shifts
// on i8..i64, u8..u32 (irrun also u64) and and/or/xor also on booleans.

type moreBitwise struct {
	AutoBroadcast string `attr:"auto_broadcast,enum=none|numpy|pdpd|explicit"`
	Axis          int64  `attr:"auto_broadcast_axis"`
	name          string
	op            kernels.BitwiseOp
}

func newMoreBitwise(typ string) func(int) Op {
	var op kernels.BitwiseOp
	switch typ {
	case "BitwiseAnd":
		op = kernels.BitAnd
	case "BitwiseOr":
		op = kernels.BitOr
	case "BitwiseXor":
		op = kernels.BitXor
	case "BitwiseLeftShift":
		op = kernels.BitShiftLeft
	case "BitwiseRightShift":
		op = kernels.BitShiftRight
	default:
		panic("newMoreBitwise: unknown op " + typ)
	}
	return func(v int) Op {
		return &moreBitwise{AutoBroadcast: "numpy", name: fmt.Sprintf("%s-%d", typ, v), op: op}
	}
}

// moreIntegralCheck is BinaryElementwiseBitwise's and BitwiseNot's element type check.
func moreIntegralCheck(t ir.ElementType) error {
	if t.IsStatic() && t.IsFloat() {
		return fmt.Errorf("The element type of the input tensor must be integer or boolean. (got %s)", t)
	}
	return nil
}

func (b *moreBitwise) spec() autoBroadcast { return eltSpec(b.AutoBroadcast, b.Axis) }

func (b *moreBitwise) Infer(in []Input) ([]Output, error) {
	t, s, err := eltArgs(in, b.spec())
	if err != nil {
		return nil, err
	}
	if b.op == kernels.BitShiftLeft || b.op == kernels.BitShiftRight {
		// bitwise_left_shift.cpp / bitwise_right_shift.cpp validate_and_infer_types:
		// is_integral_number, so booleans are refused too.
		if t.IsStatic() && !t.IsInteger() {
			return nil, fmt.Errorf("The element type of the input tensor must be integer number. (got %s)", t)
		}
	} else if err := moreIntegralCheck(t); err != nil {
		return nil, err
	}
	return []Output{{Type: t, Shape: s}}, nil
}

func (b *moreBitwise) computable(t ir.ElementType) bool {
	switch {
	case t == ir.Boolean:
		return kernels.BitwiseBoolFunc(b.op) != nil
	case t == ir.I8, t == ir.I16, t == ir.I32, t == ir.I64, t == ir.U8, t == ir.U16, t == ir.U32, t == ir.U64:
		return true
	}
	return false
}

// CheckRunnable implements RunChecker.
func (b *moreBitwise) CheckRunnable(in []Input) error {
	if t := eltDataType(in); t.IsStatic() && !b.computable(t) {
		return unsupportedType(b.name, t)
	}
	return nil
}

func (b *moreBitwise) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	outs, err := b.Infer(in)
	if err != nil {
		return nil, err
	}
	w, _, err := eltWalk(in, outs[0].Shape, b.spec(), 0)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", b.name, err)
	}
	return moreBitwiseKernel(b.name, b.op, eltDataType(in), w)
}

// ---------------------------------------------------------------- BitwiseNot

type moreBitwiseNot struct{}

func (moreBitwiseNot) Infer(in []Input) ([]Output, error) {
	if err := moreCount("BitwiseNot", in, 1, 1); err != nil {
		return nil, err
	}
	if err := moreIntegralCheck(in[0].Type); err != nil {
		return nil, err
	}
	return []Output{{Type: in[0].Type, Shape: cloneShape(in[0].Shape)}}, nil
}

func (moreBitwiseNot) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	if err := moreCount("BitwiseNot", in, 1, 1); err != nil {
		return nil, err
	}
	return moreBitwiseNotKernel("BitwiseNot-13", in[0].Type)
}

// CheckRunnable implements RunChecker.
func (moreBitwiseNot) CheckRunnable(in []Input) error {
	if len(in) == 1 && in[0].Type.IsStatic() {
		if _, err := moreBitwiseNotKernel("BitwiseNot-13", in[0].Type); err != nil {
			return err
		}
	}
	return nil
}

// newMoreXor is Xor-1 (op::v0::Xor, opset1 only): LogicalXor under its old name.
func newMoreXor(v int) Op {
	op := eltNew("LogicalXor")(v).(*eltBinary)
	op.fn.name = fmt.Sprintf("Xor-%d", v)
	return op
}
