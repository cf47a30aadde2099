package layers

import (
	"fmt"

	"github.com/irrun/irrun/ir"
)

// The pooling family's run checks: the element types the pooling kernels compute (used by
// pooling.go and adaptive_pooling.go) and MaxPool/AvgPool's CheckRunnable.

// poolable reports whether the pooling kernels compute element type t (f16 and bf16
// through f32).
func poolable(t ir.ElementType) bool {
	switch t {
	case ir.F32, ir.F64, ir.F16, ir.BF16, ir.I8, ir.I16, ir.I32, ir.I64, ir.U8, ir.U16, ir.U32, ir.U64:
		return true
	}
	return false
}

// checkPoolable reports an input element type the pooling kernels do not compute. Undefined
// and dynamic types (an unsupported producer) are left to execution.
func checkPoolable(op string, in []Input) error {
	if len(in) == 0 || !in[0].Type.IsStatic() || poolable(in[0].Type) {
		return nil
	}
	return unsupportedType(op, in[0].Type)
}

// CheckRunnable implements RunChecker.
func (p *poolOp) CheckRunnable(in []Input) error {
	if p.hasIndices() && p.indexType != ir.I32 && p.indexType != ir.I64 {
		return &ir.UnsupportedError{What: fmt.Sprintf("%s with index_element_type %s (must be i32 or i64)", p.name(), p.indexType)}
	}
	return checkPoolable(p.name(), in)
}
