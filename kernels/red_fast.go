package kernels

import (
	"context"
	"fmt"
	"math"
	"unsafe"

	"github.com/x448/float16"
)

// Fast float32 paths of the reductions (Sum, Mean, Max, Min, L1, L2), MVN and
// Softmax/LogSoftmax. The reference kernels (reduce.go, mvn.go, softmax.go) stay the
// oracle; these differ from them only as docs/semantics.md ("Fast reductions, MVN and
// Softmax") bounds:
//
//   - The reduced axes and the kept axes are merged into groups (size-1 axes dropped),
//     so every reduction is one of two shapes: the innermost group is reduced (each
//     output folds contiguous rows: global pooling, MVN over H·W, the last axis), or it
//     is kept (each output row folds whole rows of the input, in the reference's order,
//     with the columns in vector lanes: channel reductions, Softmax on an outer axis).
//   - Sums (Sum, Mean, L1, L2 and the means of MVN and the Softmax denominators)
//     accumulate in float64 instead of the reference's float32 Kahan sum (or plain
//     sum for L1/L2), in lanes for contiguous rows. Max and Min take x when x > acc
//     (x < acc), as the reference, in lanes: only the sign of a zero maximum can differ.
//   - Softmax's exponentials are feExp (fastmath.go, at most 1.01 ulp) where the
//     reference rounds math.Exp; divisions stay divisions.
//
// Plans validate their geometry once; Run checks lengths and never panics. Work is split
// into units (outputs, or blocks of columns) run on a Workers when the tensor is large.

// redGroups merges shape around the reduced axes: it returns the dims and reduced flags of
// the merged groups (size-1 axes dropped, adjacent axes of the same kind merged),
// outermost first.
func redGroups(shape []int, reduced []bool) (dims []int, red []bool) {
	for i, d := range shape {
		if d == 1 {
			continue
		}
		if n := len(dims); n > 0 && red[n-1] == reduced[i] {
			dims[n-1] *= d
			continue
		}
		dims = append(dims, d)
		red = append(red, reduced[i])
	}
	return dims, red
}

// redGeom is a merged reduction geometry: the innermost group (inner elements, reduced or
// kept) and the outer groups split into kept ones (outputs) and reduced ones (folded), with
// their strides in the input.
type redGeom struct {
	inner    int
	innerRed bool
	kd, ks   []int // outer kept groups: dims, input strides
	rd, rs   []int // outer reduced groups: dims, input strides
	nOuter   int   // product of kd: output rows (innerRed: outputs)
	nRed     int   // product of rd
	count    int   // reduced elements per output
	inLen    int
	outLen   int
}

func newRedGeom(shape, axes []int) (*redGeom, error) {
	n, err := shapeLen(shape)
	if err != nil {
		return nil, err
	}
	reduced := make([]bool, len(shape))
	for _, a := range axes {
		if a < 0 || a >= len(shape) {
			return nil, fmt.Errorf("kernels: reduction axis %d outside rank %d", a, len(shape))
		}
		reduced[a] = true
	}
	g := &redGeom{inner: 1, nOuter: 1, nRed: 1, count: 1, inLen: n, outLen: 1}
	for i, d := range shape {
		if reduced[i] {
			g.count *= d
		} else {
			g.outLen *= d
		}
	}
	if n == 0 {
		g.nOuter, g.nRed = 0, 0
		return g, nil
	}
	dims, red := redGroups(shape, reduced)
	if len(dims) > 0 {
		last := len(dims) - 1
		g.inner, g.innerRed = dims[last], red[last]
		st := g.inner
		for i := last - 1; i >= 0; i-- {
			if red[i] {
				g.rd = append([]int{dims[i]}, g.rd...)
				g.rs = append([]int{st}, g.rs...)
				g.nRed *= dims[i]
			} else {
				g.kd = append([]int{dims[i]}, g.kd...)
				g.ks = append([]int{st}, g.ks...)
				g.nOuter *= dims[i]
			}
			st *= dims[i]
		}
	}
	return g, nil
}

// base returns the input offset of outer kept index o.
func (g *redGeom) base(o int) int {
	b := 0
	for ax := len(g.kd) - 1; ax >= 0 && o > 0; ax-- {
		b += (o % g.kd[ax]) * g.ks[ax]
		o /= g.kd[ax]
	}
	return b
}

// redOff returns the input offset of outer reduced index r (row-major over rd, so
// increasing r visits the input in increasing order).
func (g *redGeom) redOff(r int) int {
	b := 0
	for ax := len(g.rd) - 1; ax >= 0 && r > 0; ax-- {
		b += (r % g.rd[ax]) * g.rs[ax]
		r /= g.rd[ax]
	}
	return b
}

// redColBlock is the number of columns one unit folds when the innermost group is kept.
const redColBlock = 512

// redParallelMin is the input size below which a kernel runs on the calling goroutine.
const redParallelMin = 1 << 15

// redUnits runs body over units [0, n) on a Workers. It is a field of each plan, so the
// job holds a pointer to it and nothing allocates.
type redUnits struct {
	body func(lo, hi int)
	n    int
}

type redRunner struct{}

func (redRunner) run(j *job, _ *scratch, lo, hi int) { (*redUnits)(j.src).body(lo, hi) }

// run calls body over [0, n): on the caller when w is nil or work (input elements) is
// small, else in chunks on w's threads.
func (u *redUnits) run(ctx context.Context, w *Workers, n, work int) error {
	if n <= 0 {
		return nil
	}
	if w == nil || w.threadsFor() < 2 || work < redParallelMin || n < 2 {
		if err := ctx.Err(); err != nil {
			return err
		}
		u.body(0, n)
		return nil
	}
	u.n = n
	j := w.acquire()
	j.src = unsafe.Pointer(u)
	j.units = n
	j.chunk = max(1, n/(8*w.threadsFor()))
	j.fn = redRunner{}
	return w.run(ctx, j, true)
}

// RedFastF32 is the fast float32 plan of Reduce for one geometry and operation (Sum,
// Mean, Max, Min, L1, L2; NewRedFastF32 returns nil for Prod). One plan is run by one
// goroutine at a time. RunF16 and RunBF16 compute f16 and bf16 tensors in float32 (as
// the reference, widening and rounding once) without staging whole tensors: each unit
// widens its rows in blocks on the stack.
type RedFastF32 struct {
	g       *redGeom
	op      ReduceOp
	units   redUnits
	perUnit int // innerRed: outputs per unit; else column blocks per output row
	nUnits  int
	dst     []float32
	src     []float32
	dstH    []float16.Float16
	srcH    []float16.Float16
	dstB    []uint16
	srcB    []uint16
}

// NewRedFastF32 returns the fast plan of op over shape reduced on axes (each in
// [0, len(shape)), duplicates allowed), or nil when op has no fast path.
func NewRedFastF32(shape, axes []int, op ReduceOp) (*RedFastF32, error) {
	switch op {
	case ReduceSum, ReduceMean, ReduceMax, ReduceMin, ReduceL1, ReduceL2:
	default:
		return nil, nil
	}
	g, err := newRedGeom(shape, axes)
	if err != nil {
		return nil, err
	}
	p := &RedFastF32{g: g, op: op}
	p.units.body = p.span
	if g.innerRed {
		// About 4K input elements per unit.
		p.perUnit = max(1, 4096/max(1, g.inner*g.nRed))
		p.nUnits = (g.nOuter + p.perUnit - 1) / p.perUnit
	} else {
		p.perUnit = (g.inner + redColBlock - 1) / redColBlock
		p.nUnits = g.nOuter * p.perUnit
	}
	return p, nil
}

func (p *RedFastF32) check(ld, ls int) error {
	if g := p.g; ld != g.outLen || ls != g.inLen {
		return fmt.Errorf("kernels: reduction: got %d input and %d output elements, want %d and %d", ls, ld, g.inLen, g.outLen)
	}
	return nil
}

// Run computes dst = op over the plan's axes of src.
func (p *RedFastF32) Run(ctx context.Context, w *Workers, dst, src []float32) error {
	if err := p.check(len(dst), len(src)); err != nil {
		return err
	}
	p.dst, p.src = dst, src
	err := p.run(ctx, w)
	p.dst, p.src = nil, nil
	return err
}

// RunF16 is Run on f16 tensors, computed in float32.
func (p *RedFastF32) RunF16(ctx context.Context, w *Workers, dst, src []float16.Float16) error {
	if err := p.check(len(dst), len(src)); err != nil {
		return err
	}
	p.dstH, p.srcH = dst, src
	err := p.run(ctx, w)
	p.dstH, p.srcH = nil, nil
	return err
}

// RunBF16 is Run on bf16 tensors (as uint16 bits), computed in float32.
func (p *RedFastF32) RunBF16(ctx context.Context, w *Workers, dst, src []uint16) error {
	if err := p.check(len(dst), len(src)); err != nil {
		return err
	}
	p.dstB, p.srcB = dst, src
	err := p.run(ctx, w)
	p.dstB, p.srcB = nil, nil
	return err
}

func (p *RedFastF32) run(ctx context.Context, w *Workers) error {
	if p.g.inLen == 0 {
		// Every output (if any) folds nothing: the reference's initial value,
		// numeric_limits<T>::lowest() or max() of the tensor's own type, and the sum 0 for
		// Mean (reduce_mean.hpp returns before dividing when the input is empty).
		var v float32
		switch p.op {
		case ReduceMax:
			v = -p.typeMax()
		case ReduceMin:
			v = p.typeMax()
		}
		var one [1]float32
		one[0] = v
		for o := 0; o < p.g.outLen; o++ {
			p.put(o, one[:])
		}
		return nil
	}
	return p.units.run(ctx, w, p.nUnits, p.g.inLen)
}

// typeMax is numeric_limits<T>::max() of the output's element type as float32.
func (p *RedFastF32) typeMax() float32 {
	switch {
	case p.dstH != nil:
		return F16Max
	case p.dstB != nil:
		return BF16Max
	}
	return math.MaxFloat32
}

// F16Max and BF16Max are the largest finite f16 and bf16 values (numeric_limits<T>::max()),
// exact in float32.
const (
	F16Max  = 65504
	BF16Max = 3.3895313892515355e38
)

// redRowBlock is the number of elements widened at a time from f16/bf16 rows.
const redRowBlock = 1024

// row returns the source elements [i, i+n) as float32: the float32 source itself, or
// the f16/bf16 source widened into buf (n <= len(buf)).
func (p *RedFastF32) row(buf []float32, i, n int) []float32 {
	switch {
	case p.srcH != nil:
		b := buf[:n]
		F16ToF32(b, p.srcH[i:i+n])
		return b
	case p.srcB != nil:
		b := buf[:n]
		BF16ToF32(b, p.srcB[i:i+n])
		return b
	}
	return p.src[i : i+n]
}

// put writes outputs [o, o+len(v)), narrowing to f16/bf16 when the tensors are.
func (p *RedFastF32) put(o int, v []float32) {
	switch {
	case p.dstH != nil:
		F32ToF16(p.dstH[o:o+len(v)], v)
	case p.dstB != nil:
		F32ToBF16(p.dstB[o:o+len(v)], v)
	default:
		copy(p.dst[o:o+len(v)], v)
	}
}

func (p *RedFastF32) span(lo, hi int) {
	g := p.g
	var buf [redRowBlock]float32
	if g.innerRed {
		var res [1]float32
		for o := lo * p.perUnit; o < min(hi*p.perUnit, g.nOuter); o++ {
			res[0] = p.one(buf[:], g.base(o))
			p.put(o, res[:])
		}
		return
	}
	var acc [redColBlock]float64
	var accf [redColBlock]float32
	for u := lo; u < hi; u++ {
		o, blk := u/p.perUnit, u%p.perUnit
		c0 := blk * redColBlock
		nc := min(redColBlock, g.inner-c0)
		b := g.base(o) + c0
		a := accf[:nc]
		switch p.op {
		case ReduceMax, ReduceMin:
			if p.op == ReduceMax {
				fillGo(a, -math.MaxFloat32)
			} else {
				fillGo(a, math.MaxFloat32)
			}
			for r := 0; r < g.nRed; r++ {
				s := p.row(buf[:], b+g.redOff(r), nc)
				if p.op == ReduceMax {
					redColMax(a, s)
				} else {
					redColMin(a, s)
				}
			}
		default:
			a64 := acc[:nc]
			clear(a64)
			for r := 0; r < g.nRed; r++ {
				s := p.row(buf[:], b+g.redOff(r), nc)
				switch p.op {
				case ReduceL1:
					redColAddAbs(a64, s)
				case ReduceL2:
					redColAddSq(a64, s)
				default:
					redColAdd(a64, s)
				}
			}
			for k, v := range a64 {
				a[k] = p.finish(v)
			}
		}
		p.put(o*g.inner+c0, a)
	}
}

// one folds the reduced rows of the output whose kept groups start at input offset b
// (buf is scratch for widened rows).
func (p *RedFastF32) one(buf []float32, b int) float32 {
	g := p.g
	n := g.inner
	blk := n
	if p.src == nil {
		blk = len(buf)
	}
	mx := p.op == ReduceMax
	acc := float32(math.MaxFloat32)
	if mx {
		acc = -acc
	}
	var s float64
	for r := 0; r < g.nRed; r++ {
		i := b + g.redOff(r)
		for c := 0; c < n; c += blk {
			row := p.row(buf, i+c, min(blk, n-c))
			switch p.op {
			case ReduceMax:
				acc = redMaxOf(acc, row)
			case ReduceMin:
				acc = redMinOf(acc, row)
			case ReduceL1:
				s += redSumAbs(row)
			case ReduceL2:
				s += redSumSq(row)
			default:
				s += redSum(row)
			}
		}
	}
	if p.op == ReduceMax || p.op == ReduceMin {
		return acc
	}
	return p.finish(s)
}

// finish turns a float64 sum into the output: the float32 sum, divided by the count in
// float32 (Mean, as the reference divides its float32 sum), or its root (L2).
func (p *RedFastF32) finish(s float64) float32 {
	switch p.op {
	case ReduceMean:
		return float32(s) / float32(p.g.count)
	case ReduceL2:
		return float32(math.Sqrt(float64(float32(s))))
	}
	return float32(s)
}

// ---------------------------------------------------------------- MVN

// MVNFastF32 is the fast float32 plan of MVN when every slot's elements are contiguous
// (the reduced axes are the innermost non-trivial axes: MVN over H·W, over the last axis,
// across channels). NewMVNFastF32 returns nil for other geometries.
type MVNFastF32 struct {
	rows, n           int
	normalizeVariance bool
	insideSqrt        bool
	eps               float32
	units             redUnits
	perUnit, nUnits   int
	dst, src          []float32
}

// NewMVNFastF32 returns the fast plan of an MVN geometry (as NewMVN), or nil when the
// slots are not contiguous rows.
func NewMVNFastF32(shape, axes []int, normalizeVariance bool, eps float32, insideSqrt bool) (*MVNFastF32, error) {
	g, err := newRedGeom(shape, axes)
	if err != nil {
		return nil, err
	}
	if g.inLen > 0 && (!g.innerRed || g.nRed != 1) && g.count != 1 {
		return nil, nil
	}
	p := &MVNFastF32{rows: g.outLen, n: g.count, normalizeVariance: normalizeVariance, insideSqrt: insideSqrt, eps: eps}
	p.units.body = p.span
	p.perUnit = max(1, 4096/max(1, p.n))
	p.nUnits = (p.rows + p.perUnit - 1) / p.perUnit
	return p, nil
}

// Run computes MVN of src into dst (dst may equal src).
func (p *MVNFastF32) Run(ctx context.Context, w *Workers, dst, src []float32) error {
	if err := checkNormLens("MVN", p.rows*p.n, len(src), len(dst)); err != nil {
		return err
	}
	if p.rows*p.n == 0 {
		return nil
	}
	p.dst, p.src = dst, src
	err := p.units.run(ctx, w, p.nUnits, p.rows*p.n)
	p.dst, p.src = nil, nil
	return err
}

func (p *MVNFastF32) span(lo, hi int) {
	c := float32(p.n)
	for r := lo * p.perUnit; r < min(hi*p.perUnit, p.rows); r++ {
		src, dst := p.src[r*p.n:(r+1)*p.n], p.dst[r*p.n:(r+1)*p.n]
		mean := float32(redSum(src)) / c
		if !p.normalizeVariance {
			redSubScalar(dst, src, mean)
			continue
		}
		v := float32(redSubSq(dst, src, mean)) / c
		var den float32
		if p.insideSqrt {
			den = float32(math.Sqrt(float64(v + p.eps)))
		} else {
			den = float32(math.Sqrt(float64(v))) + p.eps
		}
		redDivScalar(dst, den)
	}
}

// ---------------------------------------------------------------- Softmax

// SoftmaxFastF32 is the fast float32 plan of Softmax or LogSoftmax along one axis.
type SoftmaxFastF32 struct {
	outer, n, inner int
	log             bool
	units           redUnits
	perUnit, nUnits int
	dst, src        []float32
}

// NewSoftmaxFastF32 returns the fast plan of Softmax (LogSoftmax when logOf) along axis of
// shape.
func NewSoftmaxFastF32(shape []int, axis int, logOf bool) (*SoftmaxFastF32, error) {
	outer, n, inner, err := axisSplit(shape, axis)
	if err != nil {
		return nil, err
	}
	p := &SoftmaxFastF32{outer: outer, n: n, inner: inner, log: logOf}
	p.units.body = p.span
	if inner == 1 {
		p.perUnit = max(1, 4096/max(1, n))
		p.nUnits = (outer + p.perUnit - 1) / p.perUnit
	} else {
		p.perUnit = (inner + redColBlock - 1) / redColBlock
		p.nUnits = outer * p.perUnit
	}
	return p, nil
}

// Run computes the plan's Softmax of src into dst (dst may equal src).
func (p *SoftmaxFastF32) Run(ctx context.Context, w *Workers, dst, src []float32) error {
	total := p.outer * p.n * p.inner
	if err := checkNormLens("Softmax", total, len(src), len(dst)); err != nil {
		return err
	}
	if total == 0 {
		return nil
	}
	p.dst, p.src = dst, src
	err := p.units.run(ctx, w, p.nUnits, total)
	p.dst, p.src = nil, nil
	return err
}

func (p *SoftmaxFastF32) span(lo, hi int) {
	if p.inner == 1 {
		n := p.n
		if n <= oneSoftmaxSmallN && !p.log {
			p.oneSmallRows(lo*p.perUnit, min(hi*p.perUnit, p.outer))
			return
		}
		for o := lo * p.perUnit; o < min(hi*p.perUnit, p.outer); o++ {
			src, dst := p.src[o*n:(o+1)*n], p.dst[o*n:(o+1)*n]
			m := redMaxOf(-math.MaxFloat32, src)
			if p.log {
				redSubScalar(dst, src, m)
				var s float64
				for _, d := range dst {
					s += float64(feExp(d))
				}
				redSubScalar(dst, dst, float32(math.Log(float64(float32(s)))))
				continue
			}
			redSubScalar(dst, src, m)
			FastExpF32(dst, dst, FastExp, 0)
			redDivScalar(dst, float32(redSum(dst)))
		}
		return
	}
	var mx [redColBlock]float32
	var acc [redColBlock]float64
	var tmp [redColBlock]float32
	stride := p.n * p.inner
	for u := lo; u < hi; u++ {
		o, blk := u/p.perUnit, u%p.perUnit
		c0 := blk * redColBlock
		nc := min(redColBlock, p.inner-c0)
		b := o*stride + c0
		m, a := mx[:nc], acc[:nc]
		fillGo(m, -math.MaxFloat32)
		for k := 0; k < p.n; k++ {
			i := b + k*p.inner
			redColMax(m, p.src[i:i+nc])
		}
		clear(a)
		for k := 0; k < p.n; k++ {
			i := b + k*p.inner
			if p.log {
				t := tmp[:nc]
				redSubRow(t, p.src[i:i+nc], m)
				FastExpF32(t, t, FastExp, 0)
				redColAdd(a, t)
				continue
			}
			d := p.dst[i : i+nc]
			redSubRow(d, p.src[i:i+nc], m)
			FastExpF32(d, d, FastExp, 0)
			redColAdd(a, d)
		}
		s := tmp[:nc]
		for j, v := range a {
			s[j] = float32(v)
		}
		for k := 0; k < p.n; k++ {
			i := b + k*p.inner
			d := p.dst[i : i+nc]
			if p.log {
				// (x - m) - log(s), rounded as the reference.
				for j := range d {
					d[j] = (p.src[i+j] - m[j]) - float32(math.Log(float64(s[j])))
				}
				continue
			}
			redDivRow(d, s)
		}
	}
}

// oneSoftmaxSmallN is the longest softmax axis (of contiguous rows) that oneSmallRows
// handles: below it the per-row calls of the general path cost more than the row's work
// (face-detection-retail's 3249 rows of 2 scores).
const oneSoftmaxSmallN = 16

// oneSmallRows computes Softmax over rows [o0, o1) of n ≤ oneSoftmaxSmallN contiguous
// elements: the row maxima and differences in one scalar pass, one FastExpF32 over the
// whole block, then each row's float64 sum and division — the same values as the per-row
// path (e = feExp(x − max), a float64 sum, e ÷ float32(sum)) without its per-row calls.
func (p *SoftmaxFastF32) oneSmallRows(o0, o1 int) {
	n := p.n
	if o1 <= o0 || n == 0 {
		return
	}
	src, dst := p.src[o0*n:o1*n], p.dst[o0*n:o1*n]
	for b := 0; b < len(src); b += n {
		row := src[b : b+n]
		m := float32(-math.MaxFloat32)
		for _, v := range row {
			if v > m {
				m = v
			}
		}
		d := dst[b : b+n]
		for k, v := range row {
			d[k] = v - m
		}
	}
	FastExpF32(dst, dst, FastExp, 0)
	for b := 0; b < len(dst); b += n {
		d := dst[b : b+n]
		var sum float64
		for _, v := range d {
			sum += float64(v)
		}
		den := float32(sum)
		for k := range d {
			d[k] /= den
		}
	}
}

// ---------------------------------------------------------------- portable primitives

// redSumGo is Σ x in float64, in 8 lanes.
func redSumGo(x []float32) float64 {
	var a [8]float64
	i := 0
	for ; i+8 <= len(x); i += 8 {
		v := x[i : i+8 : i+8]
		a[0] += float64(v[0])
		a[1] += float64(v[1])
		a[2] += float64(v[2])
		a[3] += float64(v[3])
		a[4] += float64(v[4])
		a[5] += float64(v[5])
		a[6] += float64(v[6])
		a[7] += float64(v[7])
	}
	for j, v := range x[i:] {
		a[j] += float64(v)
	}
	return ((a[0] + a[1]) + (a[2] + a[3])) + ((a[4] + a[5]) + (a[6] + a[7]))
}

// redSumAbs is Σ |x| in float64.
func redSumAbs(x []float32) float64 {
	var a0, a1, a2, a3 float64
	i := 0
	for ; i+4 <= len(x); i += 4 {
		v := x[i : i+4 : i+4]
		a0 += math.Abs(float64(v[0]))
		a1 += math.Abs(float64(v[1]))
		a2 += math.Abs(float64(v[2]))
		a3 += math.Abs(float64(v[3]))
	}
	for _, v := range x[i:] {
		a0 += math.Abs(float64(v))
	}
	return (a0 + a1) + (a2 + a3)
}

// redSumSq is Σ float32(x·x) in float64 (each square rounded to float32, as the
// reference's T products).
func redSumSq(x []float32) float64 {
	var a0, a1, a2, a3 float64
	i := 0
	for ; i+4 <= len(x); i += 4 {
		v := x[i : i+4 : i+4]
		a0 += float64(float32(v[0] * v[0]))
		a1 += float64(float32(v[1] * v[1]))
		a2 += float64(float32(v[2] * v[2]))
		a3 += float64(float32(v[3] * v[3]))
	}
	for _, v := range x[i:] {
		a0 += float64(float32(v * v))
	}
	return (a0 + a1) + (a2 + a3)
}

// redSubSqGo writes d = x − m into dst and returns Σ float32(d·d) in float64.
func redSubSqGo(dst, src []float32, m float32) float64 {
	var a [8]float64
	dst = dst[:len(src)]
	i := 0
	for ; i+8 <= len(src); i += 8 {
		v := src[i : i+8 : i+8]
		d := dst[i : i+8 : i+8]
		for k := range 8 {
			t := v[k] - m
			d[k] = t
			a[k] += float64(float32(t * t))
		}
	}
	for j, v := range src[i:] {
		t := v - m
		dst[i+j] = t
		a[j] += float64(float32(t * t))
	}
	return ((a[0] + a[1]) + (a[2] + a[3])) + ((a[4] + a[5]) + (a[6] + a[7]))
}

// redSubScalar writes dst = src − m.
func redSubScalarGo(dst, src []float32, m float32) {
	dst = dst[:len(src)]
	for i, v := range src {
		dst[i] = v - m
	}
}

// redDivScalarGo divides dst by den.
func redDivScalarGo(dst []float32, den float32) {
	for i := range dst {
		dst[i] /= den
	}
}

// redSubRow writes dst = src − m element-wise.
func redSubRowGo(dst, src, m []float32) {
	dst, m = dst[:len(src)], m[:len(src)]
	for i, v := range src {
		dst[i] = v - m[i]
	}
}

// redDivRow divides dst by den element-wise.
func redDivRowGo(dst, den []float32) {
	den = den[:len(dst)]
	for i := range dst {
		dst[i] /= den[i]
	}
}

// redMaxOfGo folds x into acc with acc = x > acc ? x : acc, in 8 lanes.
func redMaxOfGo(acc float32, x []float32) float32 {
	for _, v := range x {
		if v > acc {
			acc = v
		}
	}
	return acc
}

func redMinOf(acc float32, x []float32) float32 {
	for _, v := range x {
		if v < acc {
			acc = v
		}
	}
	return acc
}

// redColAddGo adds src into acc (float64) element-wise.
func redColAddGo(acc []float64, src []float32) {
	src = src[:len(acc)]
	for i, v := range src {
		acc[i] += float64(v)
	}
}

func redColAddAbs(acc []float64, src []float32) {
	src = src[:len(acc)]
	for i, v := range src {
		acc[i] += math.Abs(float64(v))
	}
}

func redColAddSq(acc []float64, src []float32) {
	src = src[:len(acc)]
	for i, v := range src {
		acc[i] += float64(float32(v * v))
	}
}

// redColMaxGo is acc = x > acc ? x : acc element-wise (the reference's order per column).
func redColMaxGo(acc, src []float32) {
	src = src[:len(acc)]
	for i, v := range src {
		if v > acc[i] {
			acc[i] = v
		}
	}
}

func redColMin(acc, src []float32) {
	src = src[:len(acc)]
	for i, v := range src {
		if v < acc[i] {
			acc[i] = v
		}
	}
}
