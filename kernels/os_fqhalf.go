package kernels

import (
	"context"
	"fmt"

	"github.com/x448/float16"
)

// FQHalfPlan runs FakeQuantize on f16 or bf16 data through the fast float32 bodies of an
// FQChannelPlan geometry: each piece of X is widened into a stack buffer, quantized there and
// narrowed into the output (round to nearest even). That is what the reference path computes
// (X and the ranges widened exactly, FakeQuantize in float32, the result narrowed), piece by
// piece instead of over whole-tensor scratches, so the results are bit-identical to it. Like
// FQChannelPlan it holds the run-time slices of the current call: one goroutine at a time.
type FQHalfPlan struct {
	p    *FQChannelPlan
	rng  [4][]float32 // the widened range inputs
	loop *UnaryLoop
	// Run-time slices of the current call: f16 or bf16 (the other pair is nil).
	x16, d16 []float16.Float16
	xb, db   []uint16
}

// osFQHalfPiece is the number of elements widened, quantized and narrowed at a time.
const osFQHalfPiece = 512

// NewFQHalfPlan is NewFQChannelPlan for f16 / bf16 data; ok is false when the geometry is not
// one of the fast cases.
func NewFQHalfPlan(out []int, shapes [5][]int, levels uint64) (h *FQHalfPlan, ok bool) {
	p, ok := NewFQChannelPlan(out, shapes, levels)
	if !ok {
		return nil, false
	}
	h = &FQHalfPlan{p: p}
	for i := range h.rng {
		h.rng[i] = make([]float32, p.lens[i+1])
	}
	h.loop = NewUnaryLoop(h.span)
	return h, true
}

// FakeQuantizeF16 computes FakeQuantize on f16 tensors (dst may equal in[0]), in parallel on w
// for large tensors.
func (h *FQHalfPlan) FakeQuantizeF16(ctx context.Context, w *Workers, dst []float16.Float16, in [5][]float16.Float16) error {
	if err := h.osCheck(len(dst), [5]int{len(in[0]), len(in[1]), len(in[2]), len(in[3]), len(in[4])}); err != nil {
		return err
	}
	for i := range h.rng {
		F16ToF32(h.rng[i], in[i+1])
	}
	h.x16, h.d16 = in[0], dst
	err := h.loop.Run(ctx, w, h.p.n)
	h.x16, h.d16 = nil, nil
	return err
}

// FakeQuantizeBF16 is FakeQuantizeF16 for bf16 tensors (raw bits).
func (h *FQHalfPlan) FakeQuantizeBF16(ctx context.Context, w *Workers, dst []uint16, in [5][]uint16) error {
	if err := h.osCheck(len(dst), [5]int{len(in[0]), len(in[1]), len(in[2]), len(in[3]), len(in[4])}); err != nil {
		return err
	}
	for i := range h.rng {
		BF16ToF32(h.rng[i], in[i+1])
	}
	h.xb, h.db = in[0], dst
	err := h.loop.Run(ctx, w, h.p.n)
	h.xb, h.db = nil, nil
	return err
}

func (h *FQHalfPlan) osCheck(ndst int, lens [5]int) error {
	p := h.p
	if ndst != p.n {
		return fmt.Errorf("kernels: FakeQuantize output holds %d elements, expected %d", ndst, p.n)
	}
	for i, n := range lens {
		if n != p.lens[i] {
			return fmt.Errorf("kernels: FakeQuantize input %d holds %d elements, expected %d", i, n, p.lens[i])
		}
	}
	return nil
}

// span computes elements [lo, hi): per channel block, pieces widened, quantized, narrowed.
func (h *FQHalfPlan) span(lo, hi int) {
	p := h.p
	var buf [osFQHalfPiece]float32
	for lo < hi {
		b := lo / p.inner
		end := min(hi, (b+1)*p.inner)
		c := b % p.c
		q := fqMake(h.rng[0][c*p.rs[0]], h.rng[1][c*p.rs[1]], h.rng[2][c*p.rs[2]], h.rng[3][c*p.rs[3]], p.lm1)
		for lo < end {
			k := min(end-lo, osFQHalfPiece)
			t := buf[:k]
			if h.x16 != nil {
				F16ToF32(t, h.x16[lo:lo+k])
				fqBlock(t, t, q)
				F32ToF16(h.d16[lo:lo+k], t)
			} else {
				BF16ToF32(t, h.xb[lo:lo+k])
				fqBlock(t, t, q)
				F32ToBF16(h.db[lo:lo+k], t)
			}
			lo += k
		}
	}
}
