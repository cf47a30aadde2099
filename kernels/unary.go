package kernels

import (
	"context"
	"fmt"
	"math"
	"unsafe"
)

// Elementwise unary math and activations (Relu, Sigmoid, Exp, Sqrt, Tanh, Gelu, Clamp,
// PRelu, IsNaN, ...), following OpenVINO's src/core/reference/include/openvino/reference/
// <op>.hpp. A float op is one func(float64) float64: f32 computes it in float64 and rounds
// once (OpenVINO's float templates compute in float or double; results agree to within
// an ulp), f16 and bf16 go through float32 as OpenVINO's evaluate does. Integer element
// types follow the integral overloads of the reference templates, named by a UnaryIntRule.

// UnaryFloatType is the set of float element types the unary kernels compute on directly.
type UnaryFloatType interface{ ~float32 | ~float64 }

// UnaryIntType is the set of integer element types the unary kernels compute on.
type UnaryIntType interface {
	~int8 | ~int16 | ~int32 | ~int64 | ~uint8 | ~uint16 | ~uint32 | ~uint64
}

// UnaryIntRule says how a unary op computes on an integer element type T.
type UnaryIntRule uint8

const (
	// IntRuleNone: the op has no integer kernel.
	IntRuleNone UnaryIntRule = iota
	// IntRuleTrunc is static_cast<T>(f(x)) (exp, log, sin, asin, elu): truncation toward
	// zero. C++ leaves out-of-range and NaN results undefined; here a negative result into an
	// unsigned type wraps as x86-64 does (OpenVINO's tan vectors), others saturate at T's
	// range, and NaN gives 0.
	IntRuleTrunc
	// IntRuleRound is static_cast<T>(std::round(f(x))) (sqrt, tanh, erf, tan, cos, acos, atan,
	// sinh, cosh, asinh, acosh): half away from zero, saturating as IntRuleTrunc.
	IntRuleRound
	// IntRuleCopy is the identity (floor, ceiling and round on integers).
	IntRuleCopy
	// IntRuleRelu is x > 0 ? x : 0.
	IntRuleRelu
	// IntRuleAbs is x < 0 ? -x : x (wrapping: abs of the minimum is the minimum); unsigned copies.
	IntRuleAbs
	// IntRuleNegate is -x, wrapping (modulo 2^bits for unsigned types).
	IntRuleNegate
	// IntRuleSign is -1, 0 or 1.
	IntRuleSign
	// IntRuleSigmoid is sigmoid's integral overload: T(1 / (1 + T(exp(-signed(x))))) in integer
	// arithmetic, which is 1 for a (signed reinterpretation of) x >= 1 and 0 otherwise.
	IntRuleSigmoid
	// IntRuleAtanh is atanh's integral overload: T's maximum for x > 0, minimum for x < 0, 0 for 0.
	IntRuleAtanh
	// IntRuleClamp clamps to [T(ceil(lo)), T(floor(hi))], each bound saturated at T's range
	// (Clamp's min_as/max_as), comparing with x < lo first.
	IntRuleClamp
)

// UnaryFloat computes dst[i] = T(f(float64(src[i]))) over min(len(dst), len(src)) elements.
func UnaryFloat[T UnaryFloatType](dst, src []T, f func(float64) float64) {
	n := min(len(dst), len(src))
	dst, src = dst[:n], src[:n]
	for i, x := range src {
		dst[i] = T(f(float64(x)))
	}
}

// UnaryPredicate computes dst[i] = p(float64(src[i])) over min(len(dst), len(src))
// elements (IsNaN, IsInf, IsFinite).
func UnaryPredicate[T UnaryFloatType](dst []bool, src []T, p func(float64) bool) {
	n := min(len(dst), len(src))
	dst, src = dst[:n], src[:n]
	for i, x := range src {
		dst[i] = p(float64(x))
	}
}

// UnaryInt computes an integer op over min(len(dst), len(src)) elements by rule: f is the
// float function IntRuleTrunc and IntRuleRound apply to float64(x); lo and hi are IntRuleClamp's
// bounds. It returns an error for IntRuleNone or an unknown rule.
func UnaryInt[T UnaryIntType](dst, src []T, rule UnaryIntRule, f func(float64) float64, lo, hi float64) error {
	n := min(len(dst), len(src))
	dst, src = dst[:n], src[:n]
	var zero, one T = 0, 1
	tmin, tmax := unaryLimits[T]()
	switch rule {
	case IntRuleTrunc:
		if f == nil {
			return fmt.Errorf("kernels: integer rule %d without a function", rule)
		}
		for i, x := range src {
			dst[i] = unaryCast[T](math.Trunc(f(float64(x))))
		}
	case IntRuleRound:
		if f == nil {
			return fmt.Errorf("kernels: integer rule %d without a function", rule)
		}
		for i, x := range src {
			dst[i] = unaryCast[T](math.Round(f(float64(x))))
		}
	case IntRuleCopy:
		copy(dst, src)
	case IntRuleRelu:
		for i, x := range src {
			if x > zero {
				dst[i] = x
			} else {
				dst[i] = zero
			}
		}
	case IntRuleAbs:
		for i, x := range src {
			if x < zero {
				dst[i] = -x
			} else {
				dst[i] = x
			}
		}
	case IntRuleNegate:
		for i, x := range src {
			dst[i] = -x
		}
	case IntRuleSign:
		for i, x := range src {
			switch {
			case x < zero:
				dst[i] = -one
			case x > zero:
				dst[i] = one
			default:
				dst[i] = zero
			}
		}
	case IntRuleSigmoid:
		for i, x := range src {
			if unarySigned(x) > 0 {
				dst[i] = one
			} else {
				dst[i] = zero
			}
		}
	case IntRuleAtanh:
		for i, x := range src {
			switch {
			case x > zero:
				dst[i] = tmax
			case x < zero:
				dst[i] = tmin
			default:
				dst[i] = zero
			}
		}
	case IntRuleClamp:
		l := unarySat[T](math.Ceil(lo))
		h := unarySat[T](math.Floor(hi))
		for i, x := range src {
			switch {
			case x < l:
				dst[i] = l
			case x > h:
				dst[i] = h
			default:
				dst[i] = x
			}
		}
	default:
		return fmt.Errorf("kernels: no integer kernel (rule %d)", rule)
	}
	return nil
}

// unaryLimits returns the smallest and largest values of T.
func unaryLimits[T UnaryIntType]() (lo, hi T) {
	var z T
	bits := unsafe.Sizeof(z) * 8
	if ^z < z { // signed: ^0 is -1
		hi = T(uint64(1)<<(bits-1) - 1)
		return ^hi, hi
	}
	return z, ^z
}

// unaryCast is static_cast<T>(v) of an integral v as x86-64 compilers do it: a negative
// value into an unsigned T goes through int64 and wraps modulo 2^bits (tan.cpp's template
// vectors: tan(2) = -2 on u32 is 0xFFFFFFFE); anything else outside T's range, ±Inf
// included, saturates as unarySat, and NaN gives 0.
func unaryCast[T UnaryIntType](v float64) T {
	var z T
	if ^z > z && v < 0 && v >= -(1<<63) {
		return T(int64(v))
	}
	return unarySat[T](v)
}

// unarySat converts v to T saturating at T's range; NaN gives 0.
func unarySat[T UnaryIntType](v float64) T {
	if v != v {
		return 0
	}
	lo, hi := unaryLimits[T]()
	switch {
	case v <= float64(lo):
		return lo
	case v >= float64(hi):
		return hi
	}
	return T(v)
}

// unarySigned returns x reinterpreted as the signed type of its width
// (std::make_signed<T>).
func unarySigned[T UnaryIntType](x T) int64 {
	var z T
	bits := unsafe.Sizeof(z) * 8
	v := int64(x) // wraps for uint64 values >= 2^63, as make_signed does
	if ^z > z && bits < 64 && v >= int64(1)<<(bits-1) {
		v -= int64(1) << bits
	}
	return v
}

// Float functions of the unary ops, transliterated from OpenVINO's reference templates.

// Relu is x > 0 ? x : 0 (NaN and -0 give +0).
func Relu(x float64) float64 {
	if x > 0 {
		return x
	}
	return 0
}

// Sigmoid is 1 / (1 + exp(-x)).
func Sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// UnaryNegate is -x.
func UnaryNegate(x float64) float64 { return -x }

// UnaryAbs is x < 0 ? -x : x (-0 and NaN unchanged).
func UnaryAbs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// UnarySign is -1, 0 or 1 (NaN gives 0, as the reference's comparisons do).
func UnarySign(x float64) float64 {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}

// Elu returns alpha·(exp(x) − 1) for x < 0 and x otherwise.
func Elu(alpha float64) func(float64) float64 {
	return func(x float64) float64 {
		if x < 0 {
			return alpha * (math.Exp(x) - 1)
		}
		return x
	}
}

// GeluErf is 0.5·x·(1 + erf(x/√2)).
func GeluErf(x float64) float64 { return 0.5 * x * (1 + math.Erf(x/math.Sqrt2)) }

// GeluTanh is 0.5·x·(1 + tanh(√(2/π)·(x + 0.044715·x³))).
func GeluTanh(x float64) float64 {
	const sqpi = 0.7978845608028654 // sqrt(2/pi)
	return 0.5 * x * (1 + math.Tanh(sqpi*(x+0.044715*x*x*x)))
}

// HSwish is x·min(max(x + 3, 0), 6)/6.
func HSwish(x float64) float64 { return x * min(max(x+3, 0), 6) / 6 }

// HSigmoid is min(max(x + 3, 0), 6)/6.
func HSigmoid(x float64) float64 { return min(max(x+3, 0), 6) / 6 }

// Mish is x·tanh(log(exp(x) + 1)).
func Mish(x float64) float64 { return x * math.Tanh(math.Log(math.Exp(x)+1)) }

// SoftPlus is log(exp(x) + 1) below log(max float64) and x from there (the reference's
// threshold is log of the type's maximum; below float32's the two agree after rounding).
func SoftPlus(x float64) float64 {
	const threshold = 709.782712893384 // log(math.MaxFloat64)
	if x < threshold {
		return math.Log(math.Exp(x) + 1)
	}
	return x
}

// SoftSign is x / (1 + |x|).
func SoftSign(x float64) float64 { return x / (1 + math.Abs(x)) }

// Swish returns x / (1 + exp(−x·β)) with β read from *beta at each call.
func Swish(beta *float64) func(float64) float64 {
	return func(x float64) float64 { return x / (1 + math.Exp(-x**beta)) }
}

// UnaryClamp returns x < lo ? lo : (x > hi ? hi : x) (NaN passes through).
func UnaryClamp(lo, hi float64) func(float64) float64 {
	return func(x float64) float64 {
		switch {
		case x < lo:
			return lo
		case x > hi:
			return hi
		}
		return x
	}
}

// IsInf returns the predicate of IsInf with the given detect_negative/detect_positive.
func IsInf(negative, positive bool) func(float64) bool {
	switch {
	case negative && positive:
		return func(x float64) bool { return math.IsInf(x, 0) }
	case positive:
		return func(x float64) bool { return math.IsInf(x, 1) }
	case negative:
		return func(x float64) bool { return math.IsInf(x, -1) }
	}
	return func(float64) bool { return false }
}

// IsNaN reports whether x is NaN.
func IsNaN(x float64) bool { return x != x }

// IsFinite reports whether x is neither infinite nor NaN.
func IsFinite(x float64) bool { return !math.IsInf(x, 0) && x == x }

// PRelu computes x < 0 ? x·slope : x, with slope broadcast as OpenVINO's reference does
// (see NewPReluPlan).
//
// PReluPlan is the broadcast geometry of one PRelu call; it owns its index scratch, so one
// plan is used by one goroutine at a time.
type PReluPlan struct {
	dims    []int // output (= x) shape
	slopeSt []int // element strides of slope read over dims (0 where broadcast)
	idx     []int
	n       int // output element count
	nSlope  int // slope element count
}

// NewPReluPlan plans PRelu for x of shape xShape and slope of shape slopeShape: a 1-D
// slope whose length equals x's channel dim (axis 1, axis 0 for 1-D x) is broadcast
// along the channels; any other slope must numpy-broadcast to x's shape.
func NewPReluPlan(xShape, slopeShape []int) (*PReluPlan, error) {
	eff := slopeShape
	ch := 0
	if len(xShape) > 1 {
		ch = 1
	}
	if len(slopeShape) == 1 && len(xShape) > 0 && xShape[ch] == slopeShape[0] {
		eff = make([]int, len(xShape))
		for i := range eff {
			eff[i] = 1
		}
		eff[ch] = slopeShape[0]
	}
	st, err := BroadcastStrides(xShape, eff)
	if err != nil {
		return nil, fmt.Errorf("kernels: PRelu slope of shape %v does not broadcast to data of shape %v", slopeShape, xShape)
	}
	n := 1
	for _, d := range xShape {
		var ok bool
		if n, ok = checkedMul(n, d); !ok {
			return nil, fmt.Errorf("kernels: PRelu element count of %v overflows", xShape)
		}
	}
	ns := 1
	for _, d := range slopeShape {
		ns *= d
	}
	return &PReluPlan{dims: append([]int(nil), xShape...), slopeSt: st, idx: make([]int, len(xShape)), n: n, nSlope: ns}, nil
}

// PRelu writes x < 0 ? x·slope : x into dst over p's geometry (the product x·slope wraps
// for integer types, as T(x * y) does). It returns an error for wrong slice lengths.
func PRelu[T Number](p *PReluPlan, dst, x, slope []T) error {
	if err := checkLens("PRelu data", len(x), p.n); err != nil {
		return err
	}
	if err := checkLens("PRelu output", len(dst), p.n); err != nil {
		return err
	}
	if err := checkLens("PRelu slope", len(slope), p.nSlope); err != nil {
		return err
	}
	if p.n == 0 {
		return nil
	}
	rank := len(p.dims)
	if rank == 0 {
		dst[0] = preluOne(x[0], slope[0])
		return nil
	}
	for i := range p.idx {
		p.idx[i] = 0
	}
	inner := p.dims[rank-1]
	ss := p.slopeSt[rank-1]
	is := 0
	for o := 0; o < p.n; o += inner {
		for k := 0; k < inner; k++ {
			dst[o+k] = preluOne(x[o+k], slope[is+k*ss])
		}
		for ax := rank - 2; ax >= 0; ax-- {
			p.idx[ax]++
			is += p.slopeSt[ax]
			if p.idx[ax] < p.dims[ax] {
				break
			}
			is -= p.slopeSt[ax] * p.dims[ax]
			p.idx[ax] = 0
		}
	}
	return nil
}

func preluOne[T Number](x, y T) T {
	if x < 0 {
		return x * y
	}
	return x
}

// UnaryLoop runs an elementwise body over [0, n) in blocks, in parallel on a Workers. It
// is built once (the body closes over the kernel's buffers) and run many times without
// allocating; one UnaryLoop is run by one goroutine at a time.
//
// With SetPlane, [0, n) is a stack of channel planes and the workers split every plane
// by the same bands (thrBand): worker t computes band t of each plane, the rows the
// convolutions' pixel panels give the same worker (see Workers), so the data stays in
// that core's cache from layer to layer.
type UnaryLoop struct {
	body  func(lo, hi int)
	bodyS func(s *scratch, lo, hi int) // instead of body: the body needs scratch
	ser   scratch                      // bodyS's scratch on the calling goroutine
	n     int
	plane int // elements per channel plane (SetPlane); 0: flat blocks

	// band mode, per run: nb bands per plane, each cut into sub parts, planes in
	// groups of per
	nb, sub, per, groups int
}

// unaryBlock is the number of elements of one parallel unit.
const unaryBlock = 1 << 14

// NewUnaryLoop returns a loop running body(lo, hi) on disjoint ranges covering [0, n).
func NewUnaryLoop(body func(lo, hi int)) *UnaryLoop { return &UnaryLoop{body: body} }

// newUnaryLoopS is NewUnaryLoop for a body using the running worker's scratch (at most
// scrBytes per call; each call may reserve it afresh).
func newUnaryLoopS(body func(s *scratch, lo, hi int), scrBytes int) *UnaryLoop {
	l := &UnaryLoop{bodyS: body}
	l.ser.reserve(scrBytes)
	return l
}

// SetPlane declares [0, n) of every Run a stack of planes of plane elements (a
// channel's pixels, e.g. H·W of NCHW data): the workers then split each plane into the
// same bands. The body may then be called once per plane and band. 0 restores flat
// blocks.
func (l *UnaryLoop) SetPlane(plane int) { l.plane = max(0, plane) }

// thrBandMin is the smallest band (elements of one plane per worker) split by bands:
// below it, flat blocks run. Each band edge is a cache line both workers write (in every
// plane); a band of a few lines makes that false sharing cost more than the bands save.
const thrBandMin = 1024

// Run calls the body over [0, n): on the calling goroutine when w is nil or n is small,
// else in blocks on w's threads (the body must then only write its own range). It
// returns ctx.Err() when ctx is cancelled before all blocks ran.
func (l *UnaryLoop) Run(ctx context.Context, w *Workers, n int) error {
	if n <= 0 {
		return nil
	}
	if w == nil || w.threadsFor() < 2 || n < 2*unaryBlock {
		if err := ctx.Err(); err != nil {
			return err
		}
		if l.bodyS != nil {
			l.bodyS(&l.ser, 0, n)
		} else {
			l.body(0, n)
		}
		return nil
	}
	l.n = n
	th := w.threadsFor()
	j := w.acquire()
	j.src = unsafe.Pointer(l)
	j.chunk = 1
	if pl := l.plane; pl > 0 && n%pl == 0 && n/pl >= 2 && pl >= th*thrBandMin {
		// bands of every plane, band-major: worker t's share is band t; units of
		// about unaryBlock elements (parts of a band of several planes)
		l.nb = th
		planes := n / pl
		band := (pl + th - 1) / th
		l.sub = (band + unaryBlock - 1) / unaryBlock
		l.per = max(1, unaryBlock/((band+l.sub-1)/l.sub))
		l.groups = (planes + l.per - 1) / l.per
		j.units = l.nb * l.sub * l.groups
		j.fn = unaryBandRunner{}
		return w.run(ctx, j, true)
	}
	j.units = (n + unaryBlock - 1) / unaryBlock
	j.fn = unaryLoopRunner{}
	return w.run(ctx, j, true)
}

type unaryLoopRunner struct{}

func (unaryLoopRunner) run(j *job, s *scratch, lo, hi int) {
	l := (*UnaryLoop)(j.src)
	for u := lo; u < hi; u++ {
		l.call(s, u*unaryBlock, min((u+1)*unaryBlock, l.n))
	}
}

func (l *UnaryLoop) call(s *scratch, lo, hi int) {
	if l.bodyS != nil {
		l.bodyS(s, lo, hi)
	} else {
		l.body(lo, hi)
	}
}

type unaryBandRunner struct{}

// run computes units [lo, hi) of (band, part of the band, group of planes), in that
// order (band-major).
func (unaryBandRunner) run(j *job, s *scratch, lo, hi int) {
	l := (*UnaryLoop)(j.src)
	planes := l.n / l.plane
	for u := lo; u < hi; u++ {
		b, r := u/(l.sub*l.groups), u%(l.sub*l.groups)
		sb, g := r/l.groups, r%l.groups
		b0, b1 := thrBand(l.plane, l.nb, b)
		p0, p1 := thrBand(b1-b0, l.sub, sb)
		for pl := g * l.per; pl < min(planes, (g+1)*l.per); pl++ {
			o := pl*l.plane + b0
			l.call(s, o+p0, o+p1)
		}
	}
}

// thrBand is band b of nb of a plane of n elements: [b·n/nb, (b+1)·n/nb).
func thrBand(n, nb, b int) (int, int) {
	return b * n / nb, (b + 1) * n / nb
}
