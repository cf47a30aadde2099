package kernels

import (
	"context"
	"fmt"
	"math"
)

// FQChannelPlan is the fast FakeQuantize geometry of the common cases: X has the output's
// shape and every range input is a scalar or varies along one axis only (the same axis
// for all: per-tensor and per-channel ranges). The output is seen as [outer, C, inner];
// range input i at channel c is r_i[c·rs_i] (rs_i = 0 for a scalar). Results are
// bit-identical to FakeQuantize (the same float32 operations in the same order, the same
// round-half-to-even), tested in fq_fast_test.go.
type FQChannelPlan struct {
	outer, c, inner int
	n               int
	rs              [4]int
	lens            [5]int
	lm1             float32
	loop            *UnaryLoop
	// Run-time slices of the current call (the loop's body reads them).
	dst, x []float32
	rng    [4][]float32
}

// NewFQChannelPlan returns the plan for the output shape out, the shapes of X and the four
// range inputs (numpy-broadcastable to out, pdpd shapes already aligned) and levels; ok is
// false when the geometry is not one of the fast cases.
func NewFQChannelPlan(out []int, shapes [5][]int, levels uint64) (p *FQChannelPlan, ok bool) {
	n, err := shapeLen(out)
	if err != nil || len(shapes[0]) != len(out) {
		return nil, false
	}
	for i, d := range shapes[0] {
		if d != out[i] {
			return nil, false
		}
	}
	p = &FQChannelPlan{n: n, lm1: float32(levels - 1)}
	p.lens[0] = n
	axis := -1
	var st [4][]int
	for i := 0; i < 4; i++ {
		if p.lens[i+1], err = shapeLen(shapes[i+1]); err != nil {
			return nil, false
		}
		if st[i], err = BroadcastStrides(out, shapes[i+1]); err != nil {
			return nil, false
		}
		for ax, s := range st[i] {
			if s == 0 || out[ax] == 1 {
				continue
			}
			if axis >= 0 && axis != ax {
				return nil, false
			}
			axis = ax
		}
	}
	p.outer, p.c, p.inner = 1, 1, n
	if axis >= 0 {
		p.outer, p.c, p.inner = 1, out[axis], 1
		for _, d := range out[:axis] {
			p.outer *= d
		}
		for _, d := range out[axis+1:] {
			p.inner *= d
		}
		for i := range st {
			p.rs[i] = st[i][axis]
		}
	}
	p.loop = NewUnaryLoop(p.span)
	return p, true
}

// FakeQuantizeF32 computes FakeQuantize over p's geometry (dst may equal x), in parallel
// on w for large tensors.
func (p *FQChannelPlan) FakeQuantizeF32(ctx context.Context, w *Workers, dst []float32, in [5][]float32) error {
	if len(dst) != p.n {
		return fmt.Errorf("kernels: FakeQuantize output holds %d elements, expected %d", len(dst), p.n)
	}
	for i := range in {
		if len(in[i]) != p.lens[i] {
			return fmt.Errorf("kernels: FakeQuantize input %d holds %d elements, expected %d", i, len(in[i]), p.lens[i])
		}
	}
	if p.n == 0 {
		return nil
	}
	p.dst, p.x = dst, in[0]
	copy(p.rng[:], in[1:])
	err := p.loop.Run(ctx, w, p.n)
	p.dst, p.x, p.rng = nil, nil, [4][]float32{}
	return err
}

// span computes elements [lo, hi): the blocks of one channel each with its ranges.
func (p *FQChannelPlan) span(lo, hi int) {
	for lo < hi {
		b := lo / p.inner
		end := min(hi, (b+1)*p.inner)
		c := b % p.c
		var v [4]float32
		for i := range v {
			v[i] = p.rng[i][c*p.rs[i]]
		}
		fqBlock(p.dst[lo:end], p.x[lo:end], fqMake(v[0], v[1], v[2], v[3], p.lm1))
		lo = end
	}
}

// fqParams are the per-block constants of the SIMD bodies, in their order (the AVX2 body
// reads the first eight, the AVX-512 bodies all).
type fqParams struct {
	il, d, lm1, od, ol, oh, mn, mx float32
	// invd = 1/d and invlm1 = 1/lm1 (rounded); thr is the least |x − il| for which the
	// AVX-512 body divides by d and by lm1 with the correction steps instead of VDIVPS, NaN
	// when the block always divides; safe (1) lets every lane take the correction steps
	// (see fqMake).
	invd, invlm1, thr float32
	safe              uint32
}

// fqMake returns the constants of one block.
//
// The AVX-512 bodies compute a/b (a = x − il, b = d; then a = q, b = lm1) as
// q0 = a·(1/b), r = a − q0·b (FMA, exact), q0 + r·(1/b) (FMA): Markstein's theorem makes
// that the correctly rounded quotient, VDIVPS's, when 1/b is rounded to nearest and
// nothing underflows. fqeBlock512 takes that path for a vector when every lane in range
// (min < x ≤ max) has |a| ≥ thr = 2^-90·max(1, |d|), which keeps a, a/d and the remainders
// normal and a/d > 0 (so the rounded q is +0 or an integer in [1, lm1]); needing also
// 2^-60 ≤ |d| ≤ 2^60 and lm1 an integer in [1, 2^24] (else thr is NaN: it always divides).
//
// When d > 0 (2^-40 ≤ d ≤ 2^40), fqeBlock512Safe takes it for every lane: in range a > 0;
// where a/d ≥ 2^-26 nothing underflows and the quotient is exact; below, both quotients
// are under 2^-25, so both round(q·lm1) are +0 (lm1 ≤ 2^24) and the rest is the same; a
// NaN x propagates through the FMAs as through the divisions (tested).
func fqMake(il, ih, ol, oh, lm1 float32) fqParams {
	q := fqParams{il: il, d: ih - il, lm1: lm1, od: oh - ol, ol: ol, oh: oh, mn: stdMin(il, ih), mx: stdMax(il, ih)}
	q.thr = float32(math.NaN())
	ad := float32(math.Abs(float64(q.d)))
	if ad >= 0x1p-60 && ad <= 0x1p60 && lm1 >= 1 && lm1 <= 1<<24 && lm1 == float32(math.Floor(float64(lm1))) {
		q.invd, q.invlm1 = 1/q.d, 1/lm1
		q.thr = 0x1p-90 * max(1, ad)
		if q.d >= 0x1p-40 && q.d <= 0x1p40 {
			q.safe = 1
		}
	}
	return q
}

// fqBlockGo is fqQuantize over a block with one set of ranges, in the reference's
// float32 operations: x ≤ min → ol; x > max → oh; else
// round((x − il)/(ih − il)·lm1)/lm1·(oh − ol) + ol.
func fqBlockGo(dst, x []float32, q fqParams) {
	dst = dst[:len(x)]
	for i, v := range x {
		switch {
		case v <= q.mn:
			dst[i] = q.ol
		case v > q.mx:
			dst[i] = q.oh
		default:
			r := float32(float32((v-q.il)/q.d) * q.lm1)
			dst[i] = float32(float32(math.RoundToEven(float64(r)))/q.lm1*q.od) + q.ol
		}
	}
}

// fqOne is fqQuantize in float32 with a block's constants (the reference's operations).
func fqOne(v float32, q *fqParams) float32 {
	switch {
	case v <= q.mn:
		return q.ol
	case v > q.mx:
		return q.oh
	}
	r := float32(float32((v-q.il)/q.d) * q.lm1)
	return float32(float32(math.RoundToEven(float64(r)))/q.lm1*q.od) + q.ol
}
