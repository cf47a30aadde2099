package layers

import (
	"fmt"
	"math"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
	"github.com/x448/float16"
)

// Element conversion for Convert-1 (static_cast semantics, §7.4) and the f16/bf16
// staging of the pooling kernels. Choices where C++ leaves the result undefined:
//   - float -> integer truncates toward zero, NaN gives 0, out-of-range values
//     saturate to the destination's min/max (negative -> unsigned gives 0);
//   - integer -> integer keeps the low bits (two's complement wrap, so negative
//     signed -> unsigned is modulo 2^N, as the spec says);
//   - -> boolean is x != 0, so NaN gives true;
//   - -> f16/bf16 goes through f32 (as OpenVINO's float16(float)/bfloat16(float)
//     constructors do), each step rounding to nearest even.

// convertible reports whether Convert supports element type t.
func convertible(t ir.ElementType) bool {
	switch t {
	case ir.F32, ir.F64, ir.F16, ir.BF16, ir.I8, ir.I16, ir.I32, ir.I64,
		ir.U8, ir.U16, ir.U32, ir.U64, ir.Boolean:
		return true
	}
	return false
}

type intElem interface {
	~int8 | ~int16 | ~int32 | ~int64 | ~uint8 | ~uint16 | ~uint32 | ~uint64
}

type floatElem interface{ ~float32 | ~float64 }

func satSigned(v float64, lo, hi int64) int64 {
	switch {
	case v != v:
		return 0
	case v <= float64(lo):
		return lo
	case v >= float64(hi):
		return hi
	}
	return int64(v)
}

func satUnsigned(v float64, hi uint64) uint64 {
	switch {
	case v != v, v <= 0:
		return 0
	case v >= float64(hi):
		return hi
	}
	return uint64(v)
}

// convFromInt converts integers into dst (not f16/bf16, which are staged).
func convFromInt[S intElem](src []S, dst any) bool {
	switch d := dst.(type) {
	case []float32:
		for i, v := range src {
			d[i] = float32(v)
		}
	case []float64:
		for i, v := range src {
			d[i] = float64(v)
		}
	case []int8:
		for i, v := range src {
			d[i] = int8(v)
		}
	case []int16:
		for i, v := range src {
			d[i] = int16(v)
		}
	case []int32:
		for i, v := range src {
			d[i] = int32(v)
		}
	case []int64:
		for i, v := range src {
			d[i] = int64(v)
		}
	case []uint8:
		for i, v := range src {
			d[i] = uint8(v)
		}
	case []uint16:
		for i, v := range src {
			d[i] = uint16(v)
		}
	case []uint32:
		for i, v := range src {
			d[i] = uint32(v)
		}
	case []uint64:
		for i, v := range src {
			d[i] = uint64(v)
		}
	case []bool:
		for i, v := range src {
			d[i] = v != 0
		}
	default:
		return false
	}
	return true
}

// convFromFloat converts floats into dst (not f16/bf16, which are staged).
func convFromFloat[S floatElem](src []S, dst any) bool {
	switch d := dst.(type) {
	case []float32:
		for i, v := range src {
			d[i] = float32(v)
		}
	case []float64:
		for i, v := range src {
			d[i] = float64(v)
		}
	case []int8:
		for i, v := range src {
			d[i] = int8(satSigned(float64(v), math.MinInt8, math.MaxInt8))
		}
	case []int16:
		for i, v := range src {
			d[i] = int16(satSigned(float64(v), math.MinInt16, math.MaxInt16))
		}
	case []int32:
		for i, v := range src {
			d[i] = int32(satSigned(float64(v), math.MinInt32, math.MaxInt32))
		}
	case []int64:
		for i, v := range src {
			d[i] = satSigned(float64(v), math.MinInt64, math.MaxInt64)
		}
	case []uint8:
		for i, v := range src {
			d[i] = uint8(satUnsigned(float64(v), math.MaxUint8))
		}
	case []uint16:
		for i, v := range src {
			d[i] = uint16(satUnsigned(float64(v), math.MaxUint16))
		}
	case []uint32:
		for i, v := range src {
			d[i] = uint32(satUnsigned(float64(v), math.MaxUint32))
		}
	case []uint64:
		for i, v := range src {
			d[i] = satUnsigned(float64(v), math.MaxUint64)
		}
	case []bool:
		for i, v := range src {
			d[i] = v != 0
		}
	default:
		return false
	}
	return true
}

func convFromBool(src []bool, dst any) bool {
	switch d := dst.(type) {
	case []float32:
		for i, v := range src {
			d[i] = b2n[float32](v)
		}
	case []float64:
		for i, v := range src {
			d[i] = b2n[float64](v)
		}
	case []int8:
		for i, v := range src {
			d[i] = b2n[int8](v)
		}
	case []int16:
		for i, v := range src {
			d[i] = b2n[int16](v)
		}
	case []int32:
		for i, v := range src {
			d[i] = b2n[int32](v)
		}
	case []int64:
		for i, v := range src {
			d[i] = b2n[int64](v)
		}
	case []uint8:
		for i, v := range src {
			d[i] = b2n[uint8](v)
		}
	case []uint16:
		for i, v := range src {
			d[i] = b2n[uint16](v)
		}
	case []uint32:
		for i, v := range src {
			d[i] = b2n[uint32](v)
		}
	case []uint64:
		for i, v := range src {
			d[i] = b2n[uint64](v)
		}
	case []bool:
		copy(d, src)
	default:
		return false
	}
	return true
}

func b2n[T intElem | floatElem](b bool) T {
	if b {
		return 1
	}
	return 0
}

// converter converts one element type to another for a fixed element count. It
// owns an f32 scratch when a side is f16/bf16, so Run allocates nothing; one
// converter is used by one goroutine at a time.
type converter struct {
	src, dst ir.ElementType
	n        int
	scratch  []float32
	// scratchAny is scratch boxed once: converting a slice to an interface in Run
	// would allocate.
	scratchAny any
}

func newConverter(src, dst ir.ElementType, n int) (*converter, error) {
	for _, t := range []ir.ElementType{src, dst} {
		if !convertible(t) {
			return nil, &ir.UnsupportedError{What: fmt.Sprintf("Convert from %s to %s (element type %s)", src, dst, t)}
		}
	}
	c := &converter{src: src, dst: dst, n: n}
	if isHalf(src) || isHalf(dst) {
		c.scratch = make([]float32, n)
		c.scratchAny = c.scratch
	}
	return c, nil
}

func isHalf(t ir.ElementType) bool { return t == ir.F16 || t == ir.BF16 }

// run converts src (data of c.src) into dst (data of c.dst); both hold c.n elements.
func (c *converter) run(dst, src any) error {
	if dataLen(src) != c.n || dataLen(dst) != c.n {
		return fmt.Errorf("Convert: buffers hold %d and %d elements, expected %d", dataLen(src), dataLen(dst), c.n)
	}
	// Stage 1: a half-precision source is widened into the scratch.
	staged := false
	switch c.src {
	case ir.F16:
		s, ok := src.([]float16.Float16)
		if !ok {
			return dataTypeErr("Convert input", c.src, src)
		}
		kernels.F16ToF32(c.scratch, s)
		src, staged = c.scratchAny, true
	case ir.BF16:
		s, ok := src.([]uint16)
		if !ok {
			return dataTypeErr("Convert input", c.src, src)
		}
		kernels.BF16ToF32(c.scratch, s)
		src, staged = c.scratchAny, true
	}
	// Stage 2: a half-precision destination is narrowed from f32.
	if isHalf(c.dst) {
		if !staged && !convertInto(c.scratchAny, src) {
			return dataTypeErr("Convert input", c.src, src)
		}
		switch d := dst.(type) {
		case []float16.Float16:
			if c.dst == ir.F16 {
				kernels.F32ToF16(d, c.scratch)
				return nil
			}
		case []uint16:
			if c.dst == ir.BF16 {
				kernels.F32ToBF16(d, c.scratch)
				return nil
			}
		}
		return dataTypeErr("Convert output", c.dst, dst)
	}
	if !convertInto(dst, src) {
		return fmt.Errorf("Convert: cannot convert %T (%s) into %T (%s)", src, c.src, dst, c.dst)
	}
	return nil
}

// convertInto converts any supported (non-half) source slice into dst.
func convertInto(dst, src any) bool {
	switch s := src.(type) {
	case []float32:
		return convFromFloat(s, dst)
	case []float64:
		return convFromFloat(s, dst)
	case []int8:
		return convFromInt(s, dst)
	case []int16:
		return convFromInt(s, dst)
	case []int32:
		return convFromInt(s, dst)
	case []int64:
		return convFromInt(s, dst)
	case []uint8:
		return convFromInt(s, dst)
	case []uint16:
		return convFromInt(s, dst)
	case []uint32:
		return convFromInt(s, dst)
	case []uint64:
		return convFromInt(s, dst)
	case []bool:
		return convFromBool(s, dst)
	}
	return false
}

func dataLen(d any) int {
	t := ir.Tensor{Data: d}
	return t.Len()
}

func dataTypeErr(what string, t ir.ElementType, d any) error {
	return fmt.Errorf("%s: element type %s but data is %T", what, t, d)
}

// ConvertTensor returns t converted to element type dst by Convert-1's element rules
// (static_cast: floats truncated toward zero, NaN to 0, out-of-range values saturated; see
// the list at the top of this file). Constant folding and the graph's own constants (the
// legacy pre-process mean values) use it.
func ConvertTensor(t *ir.Tensor, dst ir.ElementType) (*ir.Tensor, error) {
	out, err := ir.NewTensor(dst, t.Shape)
	if err != nil {
		return nil, err
	}
	c, err := newConverter(t.Type, dst, t.Len())
	if err != nil {
		return nil, err
	}
	if err := c.run(out.Data, t.Data); err != nil {
		return nil, err
	}
	return out, nil
}

// ConvertInto converts src into dst (same element count) by Convert-1's element rules, as
// ConvertTensor does, without allocating: the graph's IR v10 input and output conversions
// (OpenVINO Core's legacy types) use it on every Run. Half-precision pairs go through the
// f16/bf16 kernels, any other pair through the integer and float rules above; a half type
// on both sides, or a half destination from a non-f32 source, is not supported.
func ConvertInto(dst, src *ir.Tensor) error {
	if src.Len() != dst.Len() {
		return fmt.Errorf("Convert: %d elements into %d", src.Len(), dst.Len())
	}
	switch s := src.Data.(type) {
	case []float16.Float16:
		if d, ok := dst.Data.([]float32); ok && src.Type == ir.F16 {
			kernels.F16ToF32(d, s)
			return nil
		}
	case []uint16:
		if d, ok := dst.Data.([]float32); ok && src.Type == ir.BF16 {
			kernels.BF16ToF32(d, s)
			return nil
		}
	case []float32:
		if d, ok := dst.Data.([]float16.Float16); ok && dst.Type == ir.F16 {
			kernels.F32ToF16(d, s)
			return nil
		}
	}
	if isHalf(src.Type) || isHalf(dst.Type) || !convertInto(dst.Data, src.Data) {
		return fmt.Errorf("Convert: cannot convert %s (%T) into %s (%T)", src.Type, src.Data, dst.Type, dst.Data)
	}
	return nil
}
