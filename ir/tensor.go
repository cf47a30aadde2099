package ir

import (
	"fmt"
	"math"

	"github.com/x448/float16"
)

// Tensor is a dense row-major array. Data holds a typed slice whose Go type follows Type:
//
//	f32 []float32   f64 []float64   f16 []float16.Float16   bf16 []uint16 (raw bits)
//	i8 []int8  i16 []int16  i32 []int32  i64 []int64
//	u8 []uint8 u16 []uint16 u32 []uint32 u64 []uint64   boolean []bool
//	i4 []int8 (one sign-extended element per byte)
//	u1 u2 u3 u4 u6 []uint8 (one element per byte)
//	nf4 f4e2m1 f8e4m3 f8e5m2 f8e8m0 []uint8 (one raw code per byte)
//	string []string
//
// len(Data) always equals the product of Shape.
type Tensor struct {
	Type  ElementType
	Shape []int
	Data  any
}

// MaxElements bounds the element count of any one tensor irrun allocates (2^40).
const MaxElements = 1 << 40

// ElementCount returns the product of shape, or an error naming the shape when a dim is
// negative or the product exceeds MaxElements.
func ElementCount(shape []int) (int, error) {
	n := 1
	for _, d := range shape {
		if d < 0 {
			return 0, fmt.Errorf("shape %v has a negative dimension", shape)
		}
		if d != 0 && n > MaxElements/d {
			return 0, fmt.Errorf("shape %v has more than %d elements", shape, int64(MaxElements))
		}
		n *= d
	}
	return n, nil
}

// NewTensor allocates a zero tensor of type t and the given shape.
func NewTensor(t ElementType, shape []int) (*Tensor, error) {
	n, err := ElementCount(shape)
	if err != nil {
		return nil, err
	}
	data, err := MakeData(t, n)
	if err != nil {
		return nil, err
	}
	return &Tensor{Type: t, Shape: append([]int(nil), shape...), Data: data}, nil
}

// MakeData allocates the typed slice that holds n elements of type t (see Tensor).
func MakeData(t ElementType, n int) (any, error) {
	switch t {
	case F32:
		return make([]float32, n), nil
	case F64:
		return make([]float64, n), nil
	case F16:
		return make([]float16.Float16, n), nil
	case BF16, U16:
		return make([]uint16, n), nil
	case I8, I4:
		return make([]int8, n), nil
	case I16:
		return make([]int16, n), nil
	case I32:
		return make([]int32, n), nil
	case I64:
		return make([]int64, n), nil
	case U8, U1, U2, U3, U4, U6, NF4, F4E2M1, F8E4M3, F8E5M2, F8E8M0:
		return make([]uint8, n), nil
	case U32:
		return make([]uint32, n), nil
	case U64:
		return make([]uint64, n), nil
	case Boolean:
		return make([]bool, n), nil
	case String:
		return make([]string, n), nil
	}
	return nil, &UnsupportedError{What: fmt.Sprintf("tensors of element type %s", t)}
}

// Len returns the number of elements held in Data.
func (t *Tensor) Len() int {
	switch d := t.Data.(type) {
	case []float32:
		return len(d)
	case []float64:
		return len(d)
	case []float16.Float16:
		return len(d)
	case []uint16:
		return len(d)
	case []int8:
		return len(d)
	case []int16:
		return len(d)
	case []int32:
		return len(d)
	case []int64:
		return len(d)
	case []uint8:
		return len(d)
	case []uint32:
		return len(d)
	case []uint64:
		return len(d)
	case []bool:
		return len(d)
	case []string:
		return len(d)
	}
	return 0
}

// Float64s returns the elements of a numeric tensor as float64 (bf16 and f16 decoded;
// sub-byte codes as stored). ok is false for string tensors and unknown data.
func (t *Tensor) Float64s() (vals []float64, ok bool) {
	n := t.Len()
	vals = make([]float64, n)
	switch d := t.Data.(type) {
	case []float32:
		for i, v := range d {
			vals[i] = float64(v)
		}
	case []float64:
		copy(vals, d)
	case []float16.Float16:
		for i, v := range d {
			vals[i] = float64(v.Float32())
		}
	case []uint16:
		for i, v := range d {
			if t.Type == BF16 {
				vals[i] = float64(math.Float32frombits(uint32(v) << 16))
			} else {
				vals[i] = float64(v)
			}
		}
	case []int8:
		for i, v := range d {
			vals[i] = float64(v)
		}
	case []int16:
		for i, v := range d {
			vals[i] = float64(v)
		}
	case []int32:
		for i, v := range d {
			vals[i] = float64(v)
		}
	case []int64:
		for i, v := range d {
			vals[i] = float64(v)
		}
	case []uint8:
		for i, v := range d {
			vals[i] = float64(v)
		}
	case []uint32:
		for i, v := range d {
			vals[i] = float64(v)
		}
	case []uint64:
		for i, v := range d {
			vals[i] = float64(v)
		}
	case []bool:
		for i, v := range d {
			if v {
				vals[i] = 1
			}
		}
	default:
		return nil, false
	}
	return vals, true
}

// Int64s returns the elements of an integer tensor as int64; ok is false for other types
// or for u64 values above MaxInt64.
func (t *Tensor) Int64s() (vals []int64, ok bool) {
	switch d := t.Data.(type) {
	case []int8:
		vals = make([]int64, len(d))
		for i, v := range d {
			vals[i] = int64(v)
		}
	case []int16:
		vals = make([]int64, len(d))
		for i, v := range d {
			vals[i] = int64(v)
		}
	case []int32:
		vals = make([]int64, len(d))
		for i, v := range d {
			vals[i] = int64(v)
		}
	case []int64:
		vals = append([]int64(nil), d...)
	case []uint8:
		if !t.Type.IsInteger() {
			return nil, false
		}
		vals = make([]int64, len(d))
		for i, v := range d {
			vals[i] = int64(v)
		}
	case []uint16:
		if t.Type != U16 {
			return nil, false
		}
		vals = make([]int64, len(d))
		for i, v := range d {
			vals[i] = int64(v)
		}
	case []uint32:
		vals = make([]int64, len(d))
		for i, v := range d {
			vals[i] = int64(v)
		}
	case []uint64:
		vals = make([]int64, len(d))
		for i, v := range d {
			if v > math.MaxInt64 {
				return nil, false
			}
			vals[i] = int64(v)
		}
	default:
		return nil, false
	}
	return vals, true
}
