package kernels

import (
	"errors"
	"fmt"
	"math"
	"unsafe"
)

// Number is the set of element types the kernels compute on directly.
type Number interface {
	~float32 | ~float64 | ~int8 | ~uint8 | ~int16 | ~uint16 | ~int32 | ~uint32 | ~int64 | ~uint64
}

// Index is the element type of an indices output.
type Index interface{ ~int32 | ~int64 }

// maxDims is the largest number of spatial axes a geometry may have.
const maxDims = 3

// maxExtent bounds every individual extent, kernel, stride, dilation and pad
// so that products of two of them cannot overflow an int.
const maxExtent = 1 << 31

// errGeometry is wrapped by every geometry error so callers can test for it.
var errGeometry = errors.New("kernels: invalid geometry")

func geomErr(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{errGeometry}, args...)...)
}

// Window describes a pooling geometry over an N×C×spatial row-major tensor
// with 1 to 3 spatial axes.
//
// In, Out, Kernel and Strides must have one entry per spatial axis.
// Dilations may be empty (all 1); PadsBegin and PadsEnd may be empty (all 0).
// Pads are already resolved: SAME/VALID auto-padding is the caller's job.
type Window struct {
	N, C                       int
	In, Out                    []int // spatial extents of input and output, len 1..3
	Kernel, Strides, Dilations []int
	PadsBegin, PadsEnd         []int // already resolved (SAME/VALID resolved by the caller)
}

// Validate reports whether the geometry is consistent: slice lengths agree,
// kernel, strides and dilations are positive, extents and pads are
// non-negative, the dilated kernel fits in the padded input, no window starts
// past the last position a ceil rounding could produce, and no element count
// overflows. It never panics.
func (w Window) Validate() error {
	_, err := w.plan()
	return err
}

// Adaptive describes an adaptive pooling geometry over an N×C×spatial
// row-major tensor with 1 to 3 spatial axes.
type Adaptive struct {
	N, C    int
	In, Out []int
}

// Validate reports whether the geometry is consistent: In and Out have the
// same length (1..3), every In is positive (an empty window is an error, as
// in OpenVINO), every Out is non-negative, and no count overflows. Out may
// exceed In. It never panics.
func (a Adaptive) Validate() error {
	_, err := a.plan()
	return err
}

// winPlan is a validated Window lifted to exactly three spatial axes
// (D, H, W); missing leading axes have extent 1, kernel 1, stride 1, pad 0.
type winPlan struct {
	n, c      int
	planes    int // n*c
	nsp       int // original number of spatial axes
	in, out   [3]int
	k, s, d   [3]int
	pb, pe    [3]int
	inPlane   int // in[0]*in[1]*in[2]
	outPlane  int // out[0]*out[1]*out[2]
	padsAny   bool
	kernelVol int
}

func checkedMul(a, b int) (int, bool) {
	if a == 0 || b == 0 {
		return 0, true
	}
	if a > math.MaxInt/b {
		return 0, false
	}
	return a * b, true
}

func (w Window) plan() (winPlan, error) {
	var p winPlan
	nsp := len(w.In)
	if nsp < 1 || nsp > maxDims {
		return p, geomErr("%d spatial axes, want 1 to 3", nsp)
	}
	if len(w.Out) != nsp || len(w.Kernel) != nsp || len(w.Strides) != nsp {
		return p, geomErr("In has %d axes but Out %d, Kernel %d, Strides %d", nsp, len(w.Out), len(w.Kernel), len(w.Strides))
	}
	if len(w.Dilations) != 0 && len(w.Dilations) != nsp {
		return p, geomErr("Dilations has %d axes, want %d or none", len(w.Dilations), nsp)
	}
	if len(w.PadsBegin) != 0 && len(w.PadsBegin) != nsp {
		return p, geomErr("PadsBegin has %d axes, want %d or none", len(w.PadsBegin), nsp)
	}
	if len(w.PadsEnd) != 0 && len(w.PadsEnd) != nsp {
		return p, geomErr("PadsEnd has %d axes, want %d or none", len(w.PadsEnd), nsp)
	}
	if w.N < 0 || w.C < 0 || w.N >= maxExtent || w.C >= maxExtent {
		return p, geomErr("N=%d, C=%d out of range", w.N, w.C)
	}
	p.n, p.c, p.nsp = w.N, w.C, nsp
	p.planes = w.N * w.C
	p.kernelVol = 1
	for a := 0; a < 3; a++ {
		p.in[a], p.out[a], p.k[a], p.s[a], p.d[a] = 1, 1, 1, 1, 1
	}
	off := 3 - nsp
	for i := 0; i < nsp; i++ {
		in, out, k, s := w.In[i], w.Out[i], w.Kernel[i], w.Strides[i]
		d, pb, pe := 1, 0, 0
		if len(w.Dilations) != 0 {
			d = w.Dilations[i]
		}
		if len(w.PadsBegin) != 0 {
			pb = w.PadsBegin[i]
		}
		if len(w.PadsEnd) != 0 {
			pe = w.PadsEnd[i]
		}
		switch {
		case in < 0 || in >= maxExtent:
			return p, geomErr("input extent %d on spatial axis %d out of range", in, i)
		case out < 0 || out >= maxExtent:
			return p, geomErr("output extent %d on spatial axis %d out of range", out, i)
		case k < 1 || k >= maxExtent:
			return p, geomErr("kernel %d on spatial axis %d must be positive", k, i)
		case s < 1 || s >= maxExtent:
			return p, geomErr("stride %d on spatial axis %d must be positive", s, i)
		case d < 1 || d >= maxExtent:
			return p, geomErr("dilation %d on spatial axis %d must be positive", d, i)
		case pb < 0 || pb >= maxExtent || pe < 0 || pe >= maxExtent:
			return p, geomErr("pads %d/%d on spatial axis %d out of range", pb, pe, i)
		}
		kd := (k-1)*d + 1 // < 2^62
		padded := in + pb + pe
		if kd > padded {
			return p, geomErr("kernel %d after dilation %d is %d, larger than padded input %d on spatial axis %d", k, d, kd, padded, i)
		}
		maxOut := (padded-kd+s-1)/s + 1 // ceil rounding bound
		if out > maxOut {
			return p, geomErr("output extent %d on spatial axis %d exceeds %d, the most windows input %d, pads %d/%d, kernel %d, stride %d allow", out, i, maxOut, in, pb, pe, kd, s)
		}
		a := off + i
		p.in[a], p.out[a], p.k[a], p.s[a], p.d[a], p.pb[a], p.pe[a] = in, out, k, s, d, pb, pe
		if pb != 0 || pe != 0 {
			p.padsAny = true
		}
		var ok bool
		if p.kernelVol, ok = checkedMul(p.kernelVol, k); !ok || p.kernelVol >= maxExtent {
			return p, geomErr("kernel volume overflows")
		}
	}
	var ok1, ok2, ok3, ok4 bool
	p.inPlane, ok1 = checkedMul(p.in[0], p.in[1])
	p.inPlane, ok2 = checkedMul(p.inPlane, p.in[2])
	p.outPlane, ok3 = checkedMul(p.out[0], p.out[1])
	p.outPlane, ok4 = checkedMul(p.outPlane, p.out[2])
	if !ok1 || !ok2 || !ok3 || !ok4 {
		return p, geomErr("spatial size overflows")
	}
	if _, ok := checkedMul(p.planes, p.inPlane); !ok {
		return p, geomErr("input element count overflows")
	}
	if _, ok := checkedMul(p.planes, p.outPlane); !ok {
		return p, geomErr("output element count overflows")
	}
	return p, nil
}

// inLen and outLen are the element counts the slices must have.
func (p *winPlan) inLen() int  { return p.planes * p.inPlane }
func (p *winPlan) outLen() int { return p.planes * p.outPlane }

// adPlan is a validated Adaptive lifted to three spatial axes.
type adPlan struct {
	planes, nsp       int
	n, c              int
	in, out           [3]int
	inPlane, outPlane int
}

func (a Adaptive) plan() (adPlan, error) {
	var p adPlan
	nsp := len(a.In)
	if nsp < 1 || nsp > maxDims {
		return p, geomErr("%d spatial axes, want 1 to 3", nsp)
	}
	if len(a.Out) != nsp {
		return p, geomErr("In has %d axes but Out %d", nsp, len(a.Out))
	}
	if a.N < 0 || a.C < 0 || a.N >= maxExtent || a.C >= maxExtent {
		return p, geomErr("N=%d, C=%d out of range", a.N, a.C)
	}
	p.n, p.c, p.nsp, p.planes = a.N, a.C, nsp, a.N*a.C
	for i := 0; i < 3; i++ {
		p.in[i], p.out[i] = 1, 1
	}
	off := 3 - nsp
	for i := 0; i < nsp; i++ {
		if a.In[i] < 1 || a.In[i] >= maxExtent {
			return p, geomErr("adaptive input extent %d on spatial axis %d must be positive", a.In[i], i)
		}
		if a.Out[i] < 0 || a.Out[i] >= maxExtent {
			return p, geomErr("adaptive output extent %d on spatial axis %d out of range", a.Out[i], i)
		}
		p.in[off+i], p.out[off+i] = a.In[i], a.Out[i]
	}
	var ok1, ok2, ok3, ok4 bool
	p.inPlane, ok1 = checkedMul(p.in[0], p.in[1])
	p.inPlane, ok2 = checkedMul(p.inPlane, p.in[2])
	p.outPlane, ok3 = checkedMul(p.out[0], p.out[1])
	p.outPlane, ok4 = checkedMul(p.outPlane, p.out[2])
	if !ok1 || !ok2 || !ok3 || !ok4 {
		return p, geomErr("spatial size overflows")
	}
	if _, ok := checkedMul(p.planes, p.inPlane); !ok {
		return p, geomErr("input element count overflows")
	}
	if _, ok := checkedMul(p.planes, p.outPlane); !ok {
		return p, geomErr("output element count overflows")
	}
	return p, nil
}

// adStart and adEnd are the adaptive window bounds [floor(i*in/out), ceil((i+1)*in/out)).
func adStart(i, in, out int) int { return i * in / out }
func adEnd(i, in, out int) int   { return ((i+1)*in + out - 1) / out }

func checkLens(what string, got, want int) error {
	if got != want {
		return fmt.Errorf("kernels: %s has %d elements, geometry needs %d", what, got, want)
	}
	return nil
}

// checkAxis validates the MaxPool-8/14 index axis for a rank-(2+nsp) input.
func checkAxis(axis, nsp int) error {
	if axis < 0 || axis >= 2+nsp {
		return fmt.Errorf("kernels: index axis %d out of range [0, %d)", axis, 2+nsp)
	}
	return nil
}

// kind describes an element type's arithmetic, found without reflection so
// that named types (~float32 etc.) work.
type kind uint8

const (
	kFloat32 kind = iota
	kFloat64
	kSigned
	kUnsigned
)

func kindOf[T Number]() kind {
	var one T = 1
	half := one / 2 // 0 for integers
	if half != 0 {
		if unsafe.Sizeof(one) == 4 {
			return kFloat32
		}
		return kFloat64
	}
	var z T
	z--
	if z < 0 {
		return kSigned
	}
	return kUnsigned
}

// lowest returns std::numeric_limits<T>::lowest(): -MaxFloat for floats,
// the minimum for signed integers and 0 for unsigned integers.
func lowest[T Number]() T {
	switch kindOf[T]() {
	case kFloat32:
		f := -math.MaxFloat32
		return T(f)
	case kFloat64:
		f := -math.MaxFloat64
		return T(f)
	case kSigned:
		var z T
		bits := 8 * unsafe.Sizeof(z)
		m := int64(math.MinInt64) >> (64 - bits)
		return T(m)
	}
	return 0
}

// idxMode describes how a plane-relative spatial index becomes a MaxPool-8
// output index: base + (spatial % mod) where mod == 0 means no modulo.
type idxMode struct {
	mulN, mulC uint64 // base = (b*mulN + c*mulC) % modBase
	modBase    uint64 // 0: no modulo on base
	modSp      uint64 // 0: no modulo on spatial
}

// newIdxMode computes, for fullShape = [N, C, In...], the folding of
// idx = b*C*S + c*S + spatial followed by idx %= prod(fullShape[axis:]).
func newIdxMode(p *winPlan, axis int) idxMode {
	S := uint64(p.inPlane)
	m := idxMode{mulN: uint64(p.c) * S, mulC: S}
	if axis == 0 {
		return m
	}
	// prod(fullShape[axis:])
	prod := uint64(1)
	full := make3Full(p)
	for a := axis; a < 2+p.nsp; a++ {
		prod *= uint64(full[a])
	}
	switch {
	case axis == 1:
		m.modBase = prod // = C*S
	case axis == 2:
		m.modBase = prod // = S: base%S == 0
	default:
		// prod divides S, so base % prod == 0 and only spatial folds.
		m.modBase = prod
		m.modSp = prod
	}
	return m
}

func make3Full(p *winPlan) [5]int {
	var f [5]int
	f[0], f[1] = p.n, p.c
	for i := 0; i < p.nsp; i++ {
		f[2+i] = p.in[3-p.nsp+i]
	}
	return f
}

func (m idxMode) base(b, c int) uint64 {
	v := uint64(b)*m.mulN + uint64(c)*m.mulC
	if m.modBase != 0 {
		v %= m.modBase
	}
	return v
}

func (m idxMode) sp(s uint64) uint64 {
	if m.modSp != 0 {
		return s % m.modSp
	}
	return s
}
