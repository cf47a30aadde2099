package kernels

import (
	"math"
)

// RNNNarrow selects how a recurrent cell on float32 buffers rounds its intermediates: not at
// all (f32/f64 models), or to the narrow element type an f16/bf16 model holds.
//
// OpenVINO's reference cells (gru_cell.hpp, lstm_cell.hpp, rnn_cell.hpp with T = float16 or
// bfloat16) keep every intermediate in T: each matmul product is rounded to T and summed in
// float32 (matmul.hpp's dot), the sum rounded to T; every Add, Subtract and Multiply of the
// cell rounds its float32 result to T; the clip bounds are T(±clip); sigmoid is
// T(1/(1+exp(−x))) and tanh T(tanh(x)) computed in float32. float16 rounds to nearest even;
// bfloat16's float constructor adds 0x8000 before truncating only when the kept low bit is
// 1 (miscBF16), so values whose kept low bit is 0 truncate.
type RNNNarrow uint8

const (
	RNNNarrowNone RNNNarrow = iota // compute in T, round nothing
	RNNNarrowF16                   // round every intermediate to float16
	RNNNarrowBF16                  // round every intermediate to bfloat16 (ov::bfloat16's rounding)
)

// round rounds x to the narrow type (and back to float32).
func (n RNNNarrow) round(x float32) float32 {
	switch n {
	case RNNNarrowF16:
		return f16to32(f32to16(x))
	case RNNNarrowBF16:
		return miscBF16To32(miscBF16(x))
	}
	return x
}

// rbMatMulT is matMulT as the reference's dot computes it in the narrow type: each product
// rounded, the products summed in float32 in k order, the sum rounded. Row b of the result
// starts at dst[b*stride].
func rbMatMulT[T SeqFloat](n RNNNarrow, dst []T, stride int, a, w []T, rows, inner, cols int) {
	for b := 0; b < rows; b++ {
		ar := a[b*inner : (b+1)*inner]
		for r := 0; r < cols; r++ {
			wr := w[r*inner : (r+1)*inner]
			var s float32
			for k, v := range ar {
				s += n.round(float32(v) * float32(wr[k]))
			}
			dst[b*stride+r] = T(n.round(s))
		}
	}
}

// rbAct is clip + activation in the narrow type (clip bounds rounded to it, the function
// computed in float32 and rounded once).
func (c *RNNCell) rbAct(a RNNActivation, x float32, clip bool) float32 {
	n := c.Narrow
	if clip && c.Clip > 0 {
		lo, hi := n.round(-c.Clip), n.round(c.Clip)
		if x < lo {
			x = lo
		} else if x > hi {
			x = hi
		}
	}
	switch a {
	case RNNSigmoid:
		e := float32(math.Exp(float64(-x)))
		return n.round(1 / (1 + e))
	case RNNTanh:
		return n.round(float32(math.Tanh(float64(x))))
	}
	if x < 0 {
		return 0
	}
	return x
}

// rbCellStep is RNNCellStep for c.Narrow != RNNNarrowNone (sizes already checked): the
// reference's sequence of rounded sub-operations, in its order.
func rbCellStep[T SeqFloat](c *RNNCell, s *RNNScratch[T], x, h, cell, w, r, b, p, hOut, cOut []T) {
	g, hs, bn, n := c.Kind.Gates(), c.Hidden, c.Batch, c.Narrow
	rbMatMulT(n, s.xw, g*hs, x, w, bn, c.Input, g*hs)
	rbMatMulT(n, s.hr, g*hs, h, r, bn, hs, g*hs)
	add := func(a, b float32) float32 { return n.round(a + b) }
	mul := func(a, b float32) float32 { return n.round(a * b) }
	bias := func(i int) float32 {
		if b == nil {
			return 0
		}
		return float32(b[i])
	}
	// pre is Xt·Wᵀ + (Ht−1·Rᵀ + B) of gate column off+j in batch row i.
	pre := func(row, off, j int) float32 {
		return add(float32(s.xw[row+off+j]), add(float32(s.hr[row+off+j]), bias(off+j)))
	}
	switch c.Kind {
	case CellRNN:
		for i := 0; i < bn; i++ {
			for j := 0; j < hs; j++ {
				hOut[i*hs+j] = T(c.rbAct(c.F, pre(i*hs, 0, j), true))
			}
		}
	case CellGRU:
		rg := s.tmp // r (linear_before_reset) or r ⊙ Ht−1
		for i := 0; i < bn; i++ {
			for j := 0; j < hs; j++ {
				rv := c.rbAct(c.F, pre(i*3*hs, hs, j), true)
				if !c.LinearBeforeReset {
					rv = mul(rv, float32(h[i*hs+j]))
				}
				rg[i*hs+j] = T(rv)
			}
		}
		if !c.LinearBeforeReset {
			// hr's h block becomes (r ⊙ Ht−1)·Rhᵀ, one narrow matmul.
			rbMatMulT(n, s.hr[2*hs:], 3*hs, rg, r[2*hs*hs:], bn, hs, hs)
		}
		for i := 0; i < bn; i++ {
			row := i * 3 * hs
			for j := 0; j < hs; j++ {
				k := i*hs + j
				z := c.rbAct(c.F, pre(row, 0, j), true)
				var hh float32
				if c.LinearBeforeReset {
					lin := mul(float32(rg[k]), add(float32(s.hr[row+2*hs+j]), bias(3*hs+j)))
					hh = add(float32(s.xw[row+2*hs+j]), add(lin, bias(2*hs+j)))
				} else {
					hh = pre(row, 2*hs, j)
				}
				hh = c.rbAct(c.G, hh, true)
				hv := float32(h[k])
				hOut[k] = T(add(mul(n.round(1-z), hh), mul(z, hv)))
			}
		}
	case CellLSTM:
		gf, gi, gc, gO := c.GateRow[0]*hs, c.GateRow[1]*hs, c.GateRow[2]*hs, c.GateRow[3]*hs
		for i := 0; i < bn; i++ {
			row := i * 4 * hs
			for j := 0; j < hs; j++ {
				k := i*hs + j
				cPrev := float32(cell[k])
				fp, ip, op := pre(row, gf, j), pre(row, gi, j), pre(row, gO, j)
				if c.Peepholes { // lstm_cell_v1: Pf ⊙ Ct−1 and Pi ⊙ Ct−1 added to the gates
					fp = add(fp, mul(float32(p[j]), cPrev))
					ip = add(ip, mul(float32(p[hs+j]), cPrev))
				}
				f := c.rbAct(c.F, fp, true)
				var in float32
				if c.InputForget {
					in = n.round(1 - f)
				} else {
					in = c.rbAct(c.F, ip, true)
				}
				cc := c.rbAct(c.G, pre(row, gc, j), true)
				ct := add(mul(f, cPrev), mul(in, cc))
				if c.Peepholes {
					op = add(op, mul(float32(p[2*hs+j]), ct))
				}
				o := c.rbAct(c.F, op, true)
				cOut[k] = T(ct)
				hOut[k] = T(mul(o, c.rbAct(c.H, ct, false)))
			}
		}
	}
}
