package kernels

import (
	"context"
	"fmt"
	"unsafe"

	"github.com/x448/float16"
)

// EltEpi is the fast path of Add, Subtract, Multiply and Divide on f32, f16 or bf16
// data over an EltWalk of EltFastF32's geometry (same shapes, a scalar, per-channel
// broadcasts), optionally followed by an Epilogue (the elementwise chain the graph's
// fusion pass appends to an elementwise node). It works per block of at most efBlk
// elements: f16/bf16 operands are widened into stack buffers block by block (never the
// whole tensor), the operation and the epilogue's steps computed in float32 and the
// result rounded once to the data type. Without an epilogue the bits are the
// reference's (widen, compute in f32, round to nearest even); with one, f32 gives the
// bits of the unfused nodes (the same float32 operations in the same order) and f16/bf16
// round once at the end instead of after every node (docs/semantics.md §12). Large
// outputs run in parallel on a Workers. One EltEpi is run by one goroutine at a time.
type EltEpi struct {
	p          *EltFastF32
	t          EltType
	epi        *Epilogue
	rows, cols int  // epilogue layout: element i has channel (i/cols)%rows
	chDep      bool // some step depends on the channel
	loop       *UnaryLoop

	d32, a32, b32 []float32
	d16, a16, b16 []uint16
	r32           [][]float32
	r16           [][]uint16

	skAff bool // f16 blocks through skAffSpan (sk_eltaff.go)
}

// EltType is the element type an EltEpi computes on.
type EltType uint8

const (
	EltF32  EltType = iota // float32
	EltF16                 // IEEE half (float16.Float16)
	EltBF16                // bfloat16 bits (uint16)
)

// efBlk is the number of elements of one block of EltEpi (its stack buffers).
const efBlk = 512

// NewEltEpi returns the fast plan of op over w on type t followed by e (nil or empty:
// none) whose per-channel steps see the output as planes of rows × cols with the
// channel the row index. It returns nil and no error when op or the walk's geometry is
// not a fast case, and an error when the epilogue does not fit the layout.
func NewEltEpi(op BinaryOp, w *EltWalk, t EltType, e *Epilogue, rows, cols int) (*EltEpi, error) {
	if t > EltBF16 {
		return nil, fmt.Errorf("eltwise: unknown element type %d", t)
	}
	p := NewEltFastF32(op, w)
	if p == nil {
		return nil, nil
	}
	k := &EltEpi{p: p, t: t, rows: 1, cols: 1}
	if !e.empty() {
		if rows < 1 || cols < 1 || w.n%(rows*cols) != 0 {
			return nil, geomErr("eltwise epilogue over planes of %d×%d for %d elements", rows, cols, w.n)
		}
		if err := e.Check(rows); err != nil {
			return nil, err
		}
		k.epi, k.rows, k.cols = e, rows, cols
		for _, s := range e.Steps {
			switch {
			case (s.Kind == EpiAddChan || s.Kind == EpiMulChan || s.Kind == EpiPRelu) && len(s.Vec) > 1,
				s.Kind == EpiFakeQuantize && s.FQ.Channels() > 1:
				k.chDep = true
			}
		}
	}
	k.skAff = k.skAffUse()
	k.loop = newUnaryLoopS(k.span, 4*2*efBlk)
	return k, nil
}

// SetPlane declares the output a stack of channel planes of plane elements (H·W of
// NCHW data; 0: unknown): the workers then split every plane into the same bands of
// rows as the convolutions (UnaryLoop.SetPlane).
func (k *EltEpi) SetPlane(plane int) { k.loop.SetPlane(plane) }

// Residuals returns the number of residual tensors a run reads.
func (k *EltEpi) Residuals() int { return k.epi.Residuals() }

// RunF32 computes out = epilogue(a op b) on float32 data; res are the epilogue's
// residual tensors (out's length each).
func (k *EltEpi) RunF32(ctx context.Context, wk *Workers, out, a, b []float32, res [][]float32) error {
	if k.t != EltF32 {
		return fmt.Errorf("eltwise: plan of type %d run on f32 data", k.t)
	}
	if err := k.check(len(out), len(a), len(b), len(res)); err != nil {
		return err
	}
	for i, r := range res {
		if len(r) != len(out) {
			return geomErr("residual tensor %d has %d elements, the output %d", i, len(r), len(out))
		}
	}
	k.d32, k.a32, k.b32, k.r32 = out, a, b, res
	k.p.dst, k.p.a, k.p.b = out, a, b
	err := k.run(ctx, wk)
	k.d32, k.a32, k.b32, k.r32 = nil, nil, nil, nil
	k.p.dst, k.p.a, k.p.b = nil, nil, nil
	return err
}

// RunF16 computes out = epilogue(a op b) on f16 data.
func (k *EltEpi) RunF16(ctx context.Context, wk *Workers, out, a, b []float16.Float16, res [][]float16.Float16) error {
	if k.t != EltF16 {
		return fmt.Errorf("eltwise: plan of type %d run on f16 data", k.t)
	}
	return k.runHalf(ctx, wk, efU16(out), efU16(a), efU16(b), unsafe.Slice((*[]uint16)(unsafe.Pointer(unsafe.SliceData(res))), len(res)))
}

// RunBF16 computes out = epilogue(a op b) on bf16 data (bits as uint16).
func (k *EltEpi) RunBF16(ctx context.Context, wk *Workers, out, a, b []uint16, res [][]uint16) error {
	if k.t != EltBF16 {
		return fmt.Errorf("eltwise: plan of type %d run on bf16 data", k.t)
	}
	return k.runHalf(ctx, wk, out, a, b, res)
}

func efU16(s []float16.Float16) []uint16 {
	return unsafe.Slice((*uint16)(unsafe.Pointer(unsafe.SliceData(s))), len(s))
}

func (k *EltEpi) runHalf(ctx context.Context, wk *Workers, out, a, b []uint16, res [][]uint16) error {
	if err := k.check(len(out), len(a), len(b), len(res)); err != nil {
		return err
	}
	for i, r := range res {
		if len(r) != len(out) {
			return geomErr("residual tensor %d has %d elements, the output %d", i, len(r), len(out))
		}
	}
	k.d16, k.a16, k.b16, k.r16 = out, a, b, res
	err := k.run(ctx, wk)
	k.d16, k.a16, k.b16, k.r16 = nil, nil, nil, nil
	return err
}

func (k *EltEpi) check(out, a, b, nres int) error {
	if err := k.p.w.check(out, a, b); err != nil {
		return err
	}
	if want := k.epi.Residuals(); nres != want {
		return geomErr("epilogue reads %d residual tensors, got %d", want, nres)
	}
	return nil
}

func (k *EltEpi) run(ctx context.Context, wk *Workers) error {
	n := k.p.w.n
	if n == 0 {
		return nil
	}
	if err := k.loop.Run(ctx, wk, n); err != nil {
		return fmt.Errorf("eltwise: %w", err)
	}
	return nil
}

// span computes output elements [lo, hi) block by block (f16/bf16 through 2·efBlk
// floats of the worker's scratch s).
func (k *EltEpi) span(s *scratch, lo, hi int) {
	var scr []float32
	if k.t != EltF32 {
		s.reserve(4 * 2 * efBlk)
		scr = take[float32](s, 2*efBlk)
	}
	for lo < hi {
		end := min(hi, lo+efBlk)
		ch := 0
		if k.chDep {
			row := lo / k.cols
			end = min(end, (row+1)*k.cols)
			ch = row % k.rows
		}
		if k.t == EltF32 {
			if len(k.p.w.dims) == 0 {
				eltFastRow(k.p.op, k.d32[:1], k.a32, k.b32, 0, 0)
			} else {
				k.p.span(lo, end)
			}
			if k.epi != nil {
				k.steps(k.d32[lo:end], lo, ch, nil)
			}
		} else if k.skAff {
			k.skAffSpan(lo, end, ch)
		} else {
			y, t := scr[:end-lo], scr[efBlk:efBlk+end-lo]
			k.halfBase(y, t, lo, end)
			if k.epi != nil {
				k.steps(y, lo, ch, t)
			}
			k.narrow(k.d16[lo:end], y)
		}
		lo = end
	}
}

// halfBase computes a op b for output elements [lo, end) into y (end−lo ≤ efBlk),
// widening a's rows into y itself and b's into t (len(y) elements). Add and Multiply of
// a row and one value or two rows use the epilogue's vector bodies (the same float32
// operations).
func (k *EltEpi) halfBase(y, t []float32, lo, end int) {
	p := k.p
	dims, st := p.w.dims, p.w.st
	rank := len(dims)
	if rank == 0 {
		var one [1]float32
		k.widen(one[:], k.a16[:1])
		k.widen(t[:1], k.b16[:1])
		eltFastRow(p.op, y[:1], one[:], t[:1], 0, 0)
		return
	}
	for pos := lo; pos < end; {
		row, c := pos/p.inner, pos%p.inner
		e := min(end, pos-c+p.inner)
		ia, ib := c*p.sa, c*p.sb
		for ax, r := rank-2, row; ax >= 0 && r > 0; ax-- {
			i := r % dims[ax]
			r /= dims[ax]
			ia += i * st[0][ax]
			ib += i * st[1][ax]
		}
		ys := y[pos-lo : e-lo]
		na, nb := (e-pos-1)*p.sa+1, (e-pos-1)*p.sb+1
		tb := t[:nb]
		k.widen(tb, k.b16[ib:ib+nb])
		if p.sa == 1 {
			k.widen(ys, k.a16[ia:ia+na])
			switch {
			case p.op == BinAdd && p.sb == 0:
				epiAddScalar(ys, tb[0])
			case p.op == BinMultiply && p.sb == 0:
				epiMulScalar(ys, tb[0])
			case p.op == BinAdd:
				epiAddRow(ys, tb)
			default:
				eltFastRow(p.op, ys, ys, tb, 1, p.sb) // in place: dst[i] reads a[i] only
			}
		} else {
			var one [1]float32
			k.widen(one[:], k.a16[ia:ia+1])
			eltFastRow(p.op, ys, one[:], tb, 0, p.sb)
		}
		pos = e
	}
}

func (k *EltEpi) widen(dst []float32, src []uint16) {
	if k.t == EltF16 {
		F16ToF32(dst, unsafe.Slice((*float16.Float16)(unsafe.Pointer(unsafe.SliceData(src))), len(src)))
		return
	}
	BF16ToF32(dst, src)
}

func (k *EltEpi) narrow(dst []uint16, src []float32) {
	if k.t == EltF16 {
		F32ToF16(unsafe.Slice((*float16.Float16)(unsafe.Pointer(unsafe.SliceData(dst))), len(dst)), src)
		return
	}
	F32ToBF16(dst, src)
}

// steps applies the epilogue to y, output elements [lo, lo+len(y)) of channel ch (when
// a step depends on it); rb (len(y) elements) is scratch for widening f16/bf16
// residuals.
func (k *EltEpi) steps(y []float32, lo, ch int, rb []float32) {
	ri := 0
	for i := 0; i < len(k.epi.Steps); i++ {
		s := &k.epi.Steps[i]
		if sqFuseAt(k.epi.Steps, i) {
			if n := sqEpiFuse(k.epi.Steps, i, y, ch); n > 0 {
				i += n - 1
				continue
			}
		}
		switch s.Kind {
		case EpiAddChan, EpiMulChan, EpiPRelu:
			v := s.Vec[0]
			if len(s.Vec) > 1 {
				v = s.Vec[ch]
			}
			epiScalar(s.Kind, y, v)
		case EpiAddTensor:
			if k.t == EltF32 {
				epiAddRow(y, k.r32[ri][lo:lo+len(y)])
			} else {
				k.widen(rb, k.r16[ri][lo:lo+len(y)])
				epiAddRow(y, rb)
			}
			ri++
		case EpiFakeQuantize:
			fqeRow(s.FQ, y, ch, 0, true)
		default:
			epiUnary(s, y)
		}
	}
}
