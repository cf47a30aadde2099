package graph

import (
	"fmt"
	"math"
	"reflect"

	"github.com/irrun/irrun/ir"
	"github.com/x448/float16"
)

// elemBytes returns the bytes one element of t occupies in memory (see ir.Tensor: sub-byte
// types take one byte per element, a string its header); 0 when t has no storage.
func elemBytes(t ir.ElementType) int64 {
	switch t {
	case ir.F64, ir.I64, ir.U64:
		return 8
	case ir.F32, ir.I32, ir.U32:
		return 4
	case ir.F16, ir.BF16, ir.I16, ir.U16:
		return 2
	case ir.I8, ir.I4, ir.U8, ir.U1, ir.U2, ir.U3, ir.U4, ir.U6, ir.NF4, ir.F4E2M1,
		ir.F8E4M3, ir.F8E5M2, ir.F8E8M0, ir.Boolean:
		return 1
	case ir.String:
		return 16
	}
	return 0
}

// tensorBytes returns the memory n elements of t take, or an error when it overflows or
// exceeds limit.
func tensorBytes(t ir.ElementType, n int, limit int64) (int64, error) {
	eb := elemBytes(t)
	if eb == 0 {
		return 0, &ir.UnsupportedError{What: fmt.Sprintf("tensors of element type %s", t)}
	}
	if n < 0 || int64(n) > math.MaxInt64/eb {
		return 0, fmt.Errorf("a %s tensor of %d elements overflows the address space", t, n)
	}
	b := int64(n) * eb
	if b > limit {
		return 0, fmt.Errorf("a %s tensor of %d elements needs %d bytes, more than the memory limit of %d bytes", t, n, b, limit)
	}
	return b, nil
}

// staticInts converts a static partial shape to ints, checking the element count.
func staticInts(s ir.Shape) ([]int, int, bool) {
	dims, ok := s.Static()
	if !ok {
		return nil, 0, false
	}
	out := make([]int, len(dims))
	for i, d := range dims {
		if d < 0 || d > ir.MaxElements {
			return nil, 0, false
		}
		out[i] = int(d)
	}
	n, err := ir.ElementCount(out)
	if err != nil {
		return nil, 0, false
	}
	return out, n, true
}

// shapeOf returns the static partial shape of dims.
func shapeOf(dims []int) ir.Shape {
	s := ir.Shape{Dims: make([]ir.Dim, len(dims))}
	for i, d := range dims {
		s.Dims[i] = ir.StaticDim(int64(d))
	}
	return s
}

// dataLen returns the length of a tensor's Data and whether its Go type is the one
// ir.Tensor documents for t.
func dataLen(t ir.ElementType, data any) (int, bool) {
	switch d := data.(type) {
	case []float32:
		return len(d), t == ir.F32
	case []float64:
		return len(d), t == ir.F64
	case []float16.Float16:
		return len(d), t == ir.F16
	case []uint16:
		return len(d), t == ir.BF16 || t == ir.U16
	case []int8:
		return len(d), t == ir.I8 || t == ir.I4
	case []int16:
		return len(d), t == ir.I16
	case []int32:
		return len(d), t == ir.I32
	case []int64:
		return len(d), t == ir.I64
	case []uint8:
		switch t {
		case ir.U8, ir.U1, ir.U2, ir.U3, ir.U4, ir.U6, ir.NF4, ir.F4E2M1, ir.F8E4M3, ir.F8E5M2, ir.F8E8M0:
			return len(d), true
		}
		return len(d), false
	case []uint32:
		return len(d), t == ir.U32
	case []uint64:
		return len(d), t == ir.U64
	case []bool:
		return len(d), t == ir.Boolean
	case []string:
		return len(d), t == ir.String
	}
	return 0, false
}

// checkTensor reports whether t is well formed: its Data has the Go type its element type
// needs and as many elements as its shape.
func checkTensor(t *ir.Tensor) error {
	n, err := ir.ElementCount(t.Shape)
	if err != nil {
		return err
	}
	l, ok := dataLen(t.Type, t.Data)
	if !ok {
		return fmt.Errorf("data of Go type %T does not hold %s elements", t.Data, t.Type)
	}
	if l != n {
		return fmt.Errorf("data holds %d elements, shape %v needs %d", l, t.Shape, n)
	}
	return nil
}

// slice returns data[:n] with data's Go type; data must hold at least n elements.
func slice(data any, n int) any {
	switch d := data.(type) {
	case []float32:
		return d[:n]
	case []float64:
		return d[:n]
	case []float16.Float16:
		return d[:n]
	case []uint16:
		return d[:n]
	case []int8:
		return d[:n]
	case []int16:
		return d[:n]
	case []int32:
		return d[:n]
	case []int64:
		return d[:n]
	case []uint8:
		return d[:n]
	case []uint32:
		return d[:n]
	case []uint64:
		return d[:n]
	case []bool:
		return d[:n]
	case []string:
		return d[:n]
	}
	panic(fmt.Sprintf("graph: unexpected tensor data %T", data))
}

// copyData copies src into dst, which must have the same Go type and length; it reports
// whether it could. It allocates nothing.
func copyData(dst, src any) bool {
	switch d := dst.(type) {
	case []float32:
		s, ok := src.([]float32)
		return ok && len(s) == len(d) && copy(d, s) >= 0
	case []float64:
		s, ok := src.([]float64)
		return ok && len(s) == len(d) && copy(d, s) >= 0
	case []float16.Float16:
		s, ok := src.([]float16.Float16)
		return ok && len(s) == len(d) && copy(d, s) >= 0
	case []uint16:
		s, ok := src.([]uint16)
		return ok && len(s) == len(d) && copy(d, s) >= 0
	case []int8:
		s, ok := src.([]int8)
		return ok && len(s) == len(d) && copy(d, s) >= 0
	case []int16:
		s, ok := src.([]int16)
		return ok && len(s) == len(d) && copy(d, s) >= 0
	case []int32:
		s, ok := src.([]int32)
		return ok && len(s) == len(d) && copy(d, s) >= 0
	case []int64:
		s, ok := src.([]int64)
		return ok && len(s) == len(d) && copy(d, s) >= 0
	case []uint8:
		s, ok := src.([]uint8)
		return ok && len(s) == len(d) && copy(d, s) >= 0
	case []uint32:
		s, ok := src.([]uint32)
		return ok && len(s) == len(d) && copy(d, s) >= 0
	case []uint64:
		s, ok := src.([]uint64)
		return ok && len(s) == len(d) && copy(d, s) >= 0
	case []bool:
		s, ok := src.([]bool)
		return ok && len(s) == len(d) && copy(d, s) >= 0
	case []string:
		s, ok := src.([]string)
		return ok && len(s) == len(d) && copy(d, s) >= 0
	}
	return false
}

// sameShape reports whether a and b are equal.
func sameShape(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// dataSpan returns the address range [lo, hi) of a tensor's data slice; lo == hi when it
// holds no element. It allocates nothing.
func dataSpan(data any) (lo, hi uintptr) {
	v := reflect.ValueOf(data)
	if v.Kind() != reflect.Slice || v.Len() == 0 {
		return 0, 0
	}
	lo = v.Pointer()
	return lo, lo + uintptr(v.Len())*v.Type().Elem().Size()
}

// overlapsAny reports whether t's data shares memory with the data of a tensor of ts other
// than ts[skip].
func overlapsAny(t *ir.Tensor, ts []*ir.Tensor, skip int) bool {
	lo, hi := dataSpan(t.Data)
	if lo == hi {
		return false
	}
	for i, u := range ts {
		if i == skip || u == nil {
			continue
		}
		l, h := dataSpan(u.Data)
		if l < hi && lo < h {
			return true
		}
	}
	return false
}
