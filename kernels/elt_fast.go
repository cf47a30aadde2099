package kernels

import (
	"context"
	"fmt"
)

// EltFastF32 is the fast float32 path of Add, Subtract, Multiply and Divide over an
// EltWalk whose innermost (merged) axis reads each input with stride 1 or 0: same shapes,
// a scalar, and per-channel broadcasts ([N,C,H,W] op [1,C,1,1] merges to rows of H·W
// with one value per row). Rows are computed by plain typed loops (no function value per
// element), in parallel on a Workers for large outputs. The results are those of the
// reference's x op y in float32, bit for bit.
type EltFastF32 struct {
	op    BinaryOp
	w     *EltWalk
	inner int
	sa    int
	sb    int
	loop  *UnaryLoop
	dst   []float32
	a, b  []float32
}

// NewEltFastF32 returns the fast plan of op over w, or nil when op or the walk's geometry
// is not a fast case.
func NewEltFastF32(op BinaryOp, w *EltWalk) *EltFastF32 {
	if w == nil || w.k != 2 || op > BinDivide {
		return nil
	}
	p := &EltFastF32{op: op, w: w, inner: 1}
	if r := len(w.dims); r > 0 {
		p.inner = w.dims[r-1]
		p.sa, p.sb = w.st[0][r-1], w.st[1][r-1]
		if p.sa > 1 || p.sb > 1 || p.inner == 0 {
			return nil
		}
	}
	p.loop = NewUnaryLoop(p.span)
	return p
}

// SetPlane declares the output a stack of channel planes of plane elements (see
// UnaryLoop.SetPlane).
func (p *EltFastF32) SetPlane(plane int) { p.loop.SetPlane(plane) }

// Run computes out = a op b.
func (p *EltFastF32) Run(ctx context.Context, wk *Workers, out, a, b []float32) error {
	if err := p.w.check(len(out), len(a), len(b)); err != nil {
		return err
	}
	if p.w.n == 0 {
		return nil
	}
	if len(p.w.dims) == 0 {
		eltFastRow(p.op, out[:1], a, b, 0, 0)
		return nil
	}
	p.dst, p.a, p.b = out, a, b
	err := p.loop.Run(ctx, wk, p.w.n)
	p.dst, p.a, p.b = nil, nil, nil
	if err != nil {
		return fmt.Errorf("eltwise: %w", err)
	}
	return nil
}

// span computes output elements [lo, hi), row by row.
func (p *EltFastF32) span(lo, hi int) {
	dims, st := p.w.dims, p.w.st
	rank := len(dims)
	for lo < hi {
		row, k := lo/p.inner, lo%p.inner
		end := min(hi, lo-k+p.inner)
		ia, ib := k*p.sa, k*p.sb
		for ax, r := rank-2, row; ax >= 0 && r > 0; ax-- {
			i := r % dims[ax]
			r /= dims[ax]
			ia += i * st[0][ax]
			ib += i * st[1][ax]
		}
		na, nb := (end-lo-1)*p.sa+1, (end-lo-1)*p.sb+1
		eltFastRow(p.op, p.dst[lo:end], p.a[ia:ia+na], p.b[ib:ib+nb], p.sa, p.sb)
		lo = end
	}
}

// eltFastRow computes dst[i] = a[i·sa] op b[i·sb] (sa, sb ∈ {0, 1}).
func eltFastRow(op BinaryOp, dst, a, b []float32, sa, sb int) {
	if sa == 1 {
		a = a[:len(dst)]
	}
	switch op {
	case BinAdd:
		switch {
		case sa == 1 && sb == 1:
			b = b[:len(a)]
			if len(dst) > 0 && &dst[0] == &b[0] {
				epiAddRow(dst, a) // in place over b (x + y and y + x differ only in a NaN's payload)
			} else {
				copy(dst, a)
				epiAddRow(dst, b)
			}
		case sa == 1:
			y := b[0]
			copy(dst, a) // then in place with the vector body (a row in L1)
			epiAddScalar(dst, y)
		case sb == 1:
			x := a[0]
			for i := range dst {
				dst[i] = x + b[i]
			}
		default:
			v := a[0] + b[0]
			for i := range dst {
				dst[i] = v
			}
		}
	case BinSubtract:
		switch {
		case sa == 1 && sb == 1:
			b = b[:len(a)]
			for i := range dst {
				dst[i] = a[i] - b[i]
			}
		case sa == 1:
			y := b[0]
			for i := range dst {
				dst[i] = a[i] - y
			}
		case sb == 1:
			x := a[0]
			for i := range dst {
				dst[i] = x - b[i]
			}
		default:
			v := a[0] - b[0]
			for i := range dst {
				dst[i] = v
			}
		}
	case BinMultiply:
		switch {
		case sa == 1 && sb == 1:
			b = b[:len(a)]
			for i := range dst {
				dst[i] = a[i] * b[i]
			}
		case sa == 1:
			y := b[0]
			copy(dst, a)
			epiMulScalar(dst, y)
		case sb == 1:
			x := a[0]
			for i := range dst {
				dst[i] = x * b[i]
			}
		default:
			v := a[0] * b[0]
			for i := range dst {
				dst[i] = v
			}
		}
	case BinDivide:
		switch {
		case sa == 1 && sb == 1:
			b = b[:len(a)]
			for i := range dst {
				dst[i] = a[i] / b[i]
			}
		case sa == 1:
			y := b[0]
			for i := range dst {
				dst[i] = a[i] / y
			}
		case sb == 1:
			x := a[0]
			for i := range dst {
				dst[i] = x / b[i]
			}
		default:
			v := a[0] / b[0]
			for i := range dst {
				dst[i] = v
			}
		}
	}
}
