package kernels

import (
	"fmt"
	"math"
	"unsafe"
)

// Reductions (ReduceSum, ReduceMean, ReduceProd, ReduceMax, ReduceMin, ReduceL1, ReduceL2,
// ReduceLogicalAnd, ReduceLogicalOr) as OpenVINO's reference kernels compute them
// (src/core/reference/include/openvino/reference/reduce_*.hpp, logical_reduction.hpp): the
// input is visited in row-major order and each element is folded into the output element
// its coordinates map to (the reduced coordinates dropped), so every output element folds
// its inputs in increasing index order.
//
//   - Sum and Mean add with Kahan compensation for floats (reduce_sum.hpp): while both the
//     addend and the running sum are finite, temp = sum + (x - c), c = (temp - sum) - (x - c);
//     otherwise a plain addition. Integers add with wrap-around.
//   - Mean divides the sum by the number of reduced elements (truncating for integers). An
//     empty input leaves the sums, 0 (reduce_mean.hpp returns before dividing when the input
//     has no elements).
//   - Max starts from lowest(T) and takes x when x > acc (std::max), Min starts from
//     max(T) and takes x when x < acc (std::min): NaN inputs are never taken.
//   - Prod starts from 1; L1 sums |x|; L2 sums x*x and takes the square root (integers:
//     the root of the integer sum rounded half away from zero, as OpenVINO's template
//     reference vectors give: 61 -> 8, its integer Sqrt's rounding).

// ReduceOp selects an arithmetic reduction.
type ReduceOp uint8

// The arithmetic reductions.
const (
	ReduceSum ReduceOp = iota
	ReduceMean
	ReduceProd
	ReduceMax
	ReduceMin
	ReduceL1
	ReduceL2
)

var reduceNames = [...]string{"sum", "mean", "prod", "max", "min", "l1", "l2"}

func (op ReduceOp) String() string {
	if int(op) < len(reduceNames) {
		return reduceNames[op]
	}
	return fmt.Sprintf("ReduceOp(%d)", uint8(op))
}

// Reduction is a validated reduction geometry: an input shape and the set of reduced axes.
// The output holds the product of the kept dims (keep_dims only inserts 1s, which does not
// change the row-major layout). A Reduction holds scratch: use it from one goroutine at a
// time.
type Reduction struct {
	in      []int
	outStr  []int // per input axis: the output stride, 0 for a reduced axis
	inLen   int
	outLen  int
	reduced []bool
	idx     []int // walk's odometer (a Reduction is used by one goroutine at a time)
}

// NewReduction validates shape (non-negative dims) and axes (each in [0, len(shape)),
// duplicates allowed) and returns the geometry.
func NewReduction(shape []int, axes []int) (Reduction, error) {
	r := Reduction{in: append([]int(nil), shape...), reduced: make([]bool, len(shape)), idx: make([]int, len(shape))}
	for _, a := range axes {
		if a < 0 || a >= len(shape) {
			return Reduction{}, fmt.Errorf("kernels: reduction axis %d outside rank %d", a, len(shape))
		}
		r.reduced[a] = true
	}
	in, out := 1, 1
	for i, d := range shape {
		if d < 0 {
			return Reduction{}, fmt.Errorf("kernels: reduction shape %v has a negative dim", shape)
		}
		var ok bool
		if in, ok = checkedMul(in, d); !ok {
			return Reduction{}, fmt.Errorf("kernels: reduction shape %v overflows", shape)
		}
		if !r.reduced[i] {
			out *= d
		}
	}
	r.inLen, r.outLen = in, out
	r.outStr = make([]int, len(shape))
	acc := 1
	for i := len(shape) - 1; i >= 0; i-- {
		if !r.reduced[i] {
			r.outStr[i] = acc
			acc *= shape[i]
		}
	}
	return r, nil
}

// InLen and OutLen are the element counts of the input and the output.
func (r Reduction) InLen() int  { return r.inLen }
func (r Reduction) OutLen() int { return r.outLen }

// walk visits the input in runs along its innermost axis: fn(inOffset, outOffset, n, s)
// folds src[inOffset+k] into dst[outOffset+k*s] for k < n.
func (r *Reduction) walk(fn func(in, out, n, s int)) {
	if r.inLen == 0 {
		return
	}
	rank := len(r.in)
	if rank == 0 {
		fn(0, 0, 1, 0)
		return
	}
	inner := r.in[rank-1]
	s := r.outStr[rank-1]
	idx := r.idx
	clear(idx)
	out := 0
	for in := 0; in < r.inLen; in += inner {
		fn(in, out, inner, s)
		for ax := rank - 2; ax >= 0; ax-- {
			idx[ax]++
			out += r.outStr[ax]
			if idx[ax] < r.in[ax] {
				break
			}
			out -= r.outStr[ax] * r.in[ax]
			idx[ax] = 0
		}
	}
}

func (r *Reduction) check(ld, ls, lc int, needComp bool) error {
	if ld != r.outLen || ls != r.inLen {
		return fmt.Errorf("kernels: reduction of %v: got %d input and %d output elements, want %d and %d", r.in, ls, ld, r.inLen, r.outLen)
	}
	if needComp && lc < r.outLen {
		return fmt.Errorf("kernels: reduction of %v: compensation scratch of %d elements, want %d", r.in, lc, r.outLen)
	}
	return nil
}

// highest returns std::numeric_limits<T>::max().
func highest[T Number]() T {
	switch kindOf[T]() {
	case kFloat32:
		f := math.MaxFloat32
		return T(f)
	case kFloat64:
		f := math.MaxFloat64
		return T(f)
	case kSigned:
		var z T
		m := int64(math.MaxInt64) >> (64 - 8*unsafe.Sizeof(z))
		return T(m)
	}
	var z T
	return z - 1
}

func finiteNum[T Number](x T) bool {
	f := float64(x)
	return !math.IsInf(f, 0) && !math.IsNaN(f)
}

// Reduce computes dst = op over the reduced axes of src. comp is scratch of OutLen
// elements used by Sum and Mean on floats (Kahan compensation); it may be nil otherwise.
// Every element of dst is written.
func Reduce[T Number](r Reduction, op ReduceOp, dst, src, comp []T) error {
	k := kindOf[T]()
	float := k == kFloat32 || k == kFloat64
	kahan := float && (op == ReduceSum || op == ReduceMean)
	if err := r.check(len(dst), len(src), len(comp), kahan); err != nil {
		return err
	}
	switch op {
	case ReduceSum, ReduceMean, ReduceL1, ReduceL2:
		fillGo(dst, 0)
	case ReduceProd:
		fillGo(dst, 1)
	case ReduceMax:
		fillGo(dst, lowest[T]())
	case ReduceMin:
		fillGo(dst, highest[T]())
	default:
		return fmt.Errorf("kernels: unknown reduction %s", op)
	}
	switch {
	case kahan:
		c := comp[:r.outLen]
		fillGo(c, 0)
		r.walk(func(in, out, n, s int) {
			for j, x := range src[in : in+n] {
				o := out + j*s
				sum := dst[o]
				if finiteNum(x) && finiteNum(sum) {
					y := x - c[o]
					t := sum + y
					c[o] = (t - sum) - y
					dst[o] = t
				} else {
					dst[o] = sum + x
				}
			}
		})
	case op == ReduceSum || op == ReduceMean:
		r.walk(func(in, out, n, s int) {
			for j, x := range src[in : in+n] {
				dst[out+j*s] += x
			}
		})
	case op == ReduceProd:
		r.walk(func(in, out, n, s int) {
			for j, x := range src[in : in+n] {
				dst[out+j*s] *= x
			}
		})
	case op == ReduceMax:
		r.walk(func(in, out, n, s int) {
			for j, x := range src[in : in+n] {
				if o := out + j*s; x > dst[o] {
					dst[o] = x
				}
			}
		})
	case op == ReduceMin:
		r.walk(func(in, out, n, s int) {
			for j, x := range src[in : in+n] {
				if o := out + j*s; x < dst[o] {
					dst[o] = x
				}
			}
		})
	case op == ReduceL1:
		signed := k != kUnsigned
		r.walk(func(in, out, n, s int) {
			for j, x := range src[in : in+n] {
				if signed && x < 0 {
					x = -x
				}
				dst[out+j*s] += x
			}
		})
	case op == ReduceL2:
		r.walk(func(in, out, n, s int) {
			for j, x := range src[in : in+n] {
				dst[out+j*s] += x * x
			}
		})
	}
	switch op {
	case ReduceMean:
		if r.outLen == 0 || r.inLen == 0 {
			return nil // the sums are 0: reduce_mean.hpp returns before dividing
		}
		n := T(r.inLen / r.outLen)
		for i := range dst {
			dst[i] /= n
		}
	case ReduceL2:
		for i, v := range dst {
			if float {
				dst[i] = T(math.Sqrt(float64(v)))
			} else {
				dst[i] = T(math.Round(math.Sqrt(float64(v))))
			}
		}
	}
	return nil
}

// ReduceLogical computes dst = AND (and) or OR (!and) over the reduced axes of src
// (logical_reduction.hpp: AND starts from true, OR from false). Every element of dst is
// written.
func ReduceLogical(r Reduction, and bool, dst, src []bool) error {
	if err := r.check(len(dst), len(src), 0, false); err != nil {
		return err
	}
	fillGo(dst, and)
	r.walk(func(in, out, n, s int) {
		for j, x := range src[in : in+n] {
			o := out + j*s
			if and {
				dst[o] = dst[o] && x
			} else {
				dst[o] = dst[o] || x
			}
		}
	})
	return nil
}

// ReduceSatProd computes, per output element, the product of non-negative int64 values
// saturating at math.MaxInt64, which absorbs (an unbounded dimension stays unbounded)
// unless a factor is 0. It serves ReduceProd's bound propagation.
func ReduceSatProd(r Reduction, dst, src []int64) error {
	if err := r.check(len(dst), len(src), 0, false); err != nil {
		return err
	}
	fillGo(dst, 1)
	zero := make([]bool, len(dst))
	r.walk(func(in, out, n, s int) {
		for j, x := range src[in : in+n] {
			o := out + j*s
			switch {
			case x <= 0:
				zero[o] = true
			case dst[o] == math.MaxInt64 || x == math.MaxInt64 || dst[o] > math.MaxInt64/x:
				dst[o] = math.MaxInt64
			default:
				dst[o] *= x
			}
		}
	})
	for i, z := range zero {
		if z {
			dst[i] = 0
		}
	}
	return nil
}
