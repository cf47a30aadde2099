package kernels

import (
	"fmt"
	"math"
)

// Recurrent cells and sequences: OpenVINO's src/core/reference/include/openvino/reference/
// rnn_cell.hpp, gru_cell.hpp, lstm_cell.hpp (lstm_cell and lstm_cell_v1) and sequences.hpp.
//
// Gates are X·Wᵀ + H·Rᵀ + B with W [gates·hidden, input], R [gates·hidden, hidden] and B
// [gates·hidden] ([4·hidden] for a GRU with linear_before_reset). A positive clip clamps each
// gate's pre-activation to [-clip, clip] (not LSTM's cell state before h). Activations are
// relu, sigmoid and tanh, the ones the reference implements.

// SeqFloat is the set of element types the sequence/attention/region kernels compute on;
// f16 and bf16 are computed through float32 by the caller.
type SeqFloat interface{ ~float32 | ~float64 }

// RNNActivation is an activation function of a recurrent cell.
type RNNActivation uint8

const (
	RNNSigmoid RNNActivation = iota
	RNNTanh
	RNNRelu
)

// RNNActivationByName maps OpenVINO's activation names to RNNActivation.
func RNNActivationByName(name string) (RNNActivation, bool) {
	switch name {
	case "sigmoid":
		return RNNSigmoid, true
	case "tanh":
		return RNNTanh, true
	case "relu":
		return RNNRelu, true
	}
	return 0, false
}

func rnnApply[T SeqFloat](a RNNActivation, x T) T {
	switch a {
	case RNNSigmoid:
		return T(1 / (1 + math.Exp(-float64(x))))
	case RNNTanh:
		return T(math.Tanh(float64(x)))
	default:
		if x < 0 {
			return 0
		}
		return x
	}
}

// RNNCellKind selects the recurrent cell.
type RNNCellKind uint8

const (
	CellRNN RNNCellKind = iota
	CellGRU
	CellLSTM
)

// Gates returns the number of gates of the cell (1, 3, 4).
func (k RNNCellKind) Gates() int {
	switch k {
	case CellGRU:
		return 3
	case CellLSTM:
		return 4
	}
	return 1
}

// RNNCell describes one cell computation.
type RNNCell struct {
	Kind                 RNNCellKind
	Batch, Input, Hidden int
	Clip                 float32
	F, G, H              RNNActivation // activations[0..2]; RNN uses F, GRU F and G
	LinearBeforeReset    bool          // GRU
	InputForget          bool          // LSTM-1
	Peepholes            bool          // LSTM-1: P [3·hidden] in order f, i, o
	GateRow              [4]int        // LSTM: gate block of f, i, c, o in W/R/B (fico = 0,1,2,3)
	Bias                 bool          // B is given (a missing B is zeros)
	// Narrow rounds every intermediate to float16 or bfloat16 as OpenVINO's reference does
	// for f16/bf16 models (RNNNarrow); RNNNarrowNone computes in T.
	Narrow RNNNarrow
}

// Validate checks the sizes.
func (c *RNNCell) Validate() error {
	if c.Batch < 0 || c.Input < 0 || c.Hidden < 0 {
		return fmt.Errorf("kernels: recurrent cell with negative sizes batch %d, input %d, hidden %d", c.Batch, c.Input, c.Hidden)
	}
	return nil
}

// BiasLen is the expected length of B.
func (c *RNNCell) BiasLen() int {
	g := c.Kind.Gates()
	if c.Kind == CellGRU && c.LinearBeforeReset {
		g++
	}
	return g * c.Hidden
}

// RNNScratch holds a cell's temporaries.
type RNNScratch[T SeqFloat] struct {
	xw, hr, tmp []T
}

// NewRNNScratch allocates scratch for c.
func NewRNNScratch[T SeqFloat](c *RNNCell) *RNNScratch[T] {
	n := c.Batch * c.Kind.Gates() * c.Hidden
	return &RNNScratch[T]{xw: make([]T, n), hr: make([]T, n), tmp: make([]T, c.Batch*c.Hidden)}
}

// matMulT computes dst[b, r] = Σ_k a[b, k]·w[r, k] for b < rows, r < cols.
func matMulT[T SeqFloat](dst, a, w []T, rows, inner, cols int) {
	for b := 0; b < rows; b++ {
		ar := a[b*inner : (b+1)*inner]
		for r := 0; r < cols; r++ {
			wr := w[r*inner : (r+1)*inner]
			var s T
			for k, v := range ar {
				s += v * wr[k]
			}
			dst[b*cols+r] = s
		}
	}
}

func (c *RNNCell) clip(x float64) float64 {
	if c.Clip > 0 {
		cl := float64(c.Clip)
		if x < -cl {
			return -cl
		}
		if x > cl {
			return cl
		}
	}
	return x
}

// RNNCellStep computes one step. x [batch, input], h and cell [batch, hidden] (cell for LSTM
// only), w, r, b, p as described on RNNCell (b nil when absent, p nil unless Peepholes);
// it writes hOut (and cOut for LSTM), which may alias h and cell.
func RNNCellStep[T SeqFloat](c *RNNCell, s *RNNScratch[T], x, h, cell, w, r, b, p, hOut, cOut []T) error {
	g, hs, bn := c.Kind.Gates(), c.Hidden, c.Batch
	if len(x) < bn*c.Input || len(h) < bn*hs || len(w) < g*hs*c.Input || len(r) < g*hs*hs || len(hOut) < bn*hs ||
		(b != nil && len(b) < c.BiasLen()) || len(s.xw) < bn*g*hs {
		return fmt.Errorf("kernels: recurrent cell buffers too short for batch %d, input %d, hidden %d", bn, c.Input, hs)
	}
	if c.Kind == CellLSTM && (len(cell) < bn*hs || len(cOut) < bn*hs || (c.Peepholes && len(p) < 3*hs)) {
		return fmt.Errorf("kernels: LSTM cell state buffers too short for batch %d, hidden %d", bn, hs)
	}
	if c.Narrow != RNNNarrowNone {
		rbCellStep(c, s, x, h, cell, w, r, b, p, hOut, cOut)
		return nil
	}
	matMulT(s.xw, x, w, bn, c.Input, g*hs)
	matMulT(s.hr, h, r, bn, hs, g*hs)
	bias := func(i int) T {
		if b == nil {
			return 0
		}
		return b[i]
	}
	act := func(a RNNActivation, v T) T { return rnnApply(a, T(c.clip(float64(v)))) }
	switch c.Kind {
	case CellRNN:
		for i := 0; i < bn; i++ {
			for j := 0; j < hs; j++ {
				k := i*hs + j
				hOut[k] = act(c.F, s.xw[k]+(s.hr[k]+bias(j)))
			}
		}
	case CellGRU:
		// z, r, h gates. Without linear_before_reset the h gate needs (r ⊙ H)·Rhᵀ.
		rg := s.tmp
		for i := 0; i < bn; i++ {
			for j := 0; j < hs; j++ {
				row := i * 3 * hs
				rv := act(c.F, s.xw[row+hs+j]+(s.hr[row+hs+j]+bias(hs+j)))
				if c.LinearBeforeReset {
					rg[i*hs+j] = rv
				} else {
					rg[i*hs+j] = rv * h[i*hs+j]
				}
			}
		}
		if !c.LinearBeforeReset {
			// hr's h block is replaced by (r ⊙ H)·Rhᵀ.
			rh := r[2*hs*hs:]
			for i := 0; i < bn; i++ {
				for j := 0; j < hs; j++ {
					var sum T
					for k := 0; k < hs; k++ {
						sum += rg[i*hs+k] * rh[j*hs+k]
					}
					s.hr[i*3*hs+2*hs+j] = sum
				}
			}
		}
		for i := 0; i < bn; i++ {
			row := i * 3 * hs
			for j := 0; j < hs; j++ {
				k := i*hs + j
				z := act(c.F, s.xw[row+j]+(s.hr[row+j]+bias(j)))
				var hh T
				if c.LinearBeforeReset {
					hh = act(c.G, s.xw[row+2*hs+j]+(rg[k]*(s.hr[row+2*hs+j]+bias(3*hs+j))+bias(2*hs+j)))
				} else {
					hh = act(c.G, s.xw[row+2*hs+j]+(s.hr[row+2*hs+j]+bias(2*hs+j)))
				}
				hOut[k] = (1-z)*hh + z*h[k]
			}
		}
	case CellLSTM:
		gf, gi, gc, gO := c.GateRow[0]*hs, c.GateRow[1]*hs, c.GateRow[2]*hs, c.GateRow[3]*hs
		for i := 0; i < bn; i++ {
			row := i * 4 * hs
			for j := 0; j < hs; j++ {
				k := i*hs + j
				pre := func(off int) T { return s.xw[row+off+j] + (s.hr[row+off+j] + bias(off+j)) }
				cPrev := cell[k]
				var pf, pi, po T
				if c.Peepholes {
					pf, pi, po = p[j], p[hs+j], p[2*hs+j]
				}
				f := act(c.F, pre(gf)+pf*cPrev)
				var in T
				if c.InputForget {
					in = 1 - f
				} else {
					in = act(c.F, pre(gi)+pi*cPrev)
				}
				cc := act(c.G, pre(gc))
				ct := f*cPrev + in*cc
				o := act(c.F, pre(gO)+po*ct)
				cOut[k] = ct
				hOut[k] = o * rnnApply(c.H, ct)
			}
		}
	}
	return nil
}

// RNNSequence runs a cell over a sequence for one direction, as sequences.hpp's cell_pass:
// x is [batch, steps, input]; h0 (and c0) [batch, hidden]; seqLen the per-batch lengths.
// y [batch, steps, hidden] gets zeros past a batch's length; hOut/cOut the state after its
// last valid step (zeros for a length outside 1..steps). reverse runs each batch's first
// seqLen steps backwards. xt, ht, ct are scratch of [batch, input] and 2×[batch, hidden].
type RNNSequence[T SeqFloat] struct {
	Cell         RNNCell
	Steps        int
	Reverse      bool
	s            *RNNScratch[T]
	xt, h, c, hn []T
	cn           []T
}

// NewRNNSequence allocates the scratch of a sequence pass.
func NewRNNSequence[T SeqFloat](c RNNCell, steps int, reverse bool) *RNNSequence[T] {
	bh := c.Batch * c.Hidden
	return &RNNSequence[T]{Cell: c, Steps: steps, Reverse: reverse, s: NewRNNScratch[T](&c),
		xt: make([]T, c.Batch*c.Input), h: make([]T, bh), c: make([]T, bh), hn: make([]T, bh), cn: make([]T, bh)}
}

// Run computes the pass. y rows are written at stride yStride between batches and yOff
// within a batch (so that a bidirectional Y [batch, 2, steps, hidden] is filled in place).
func (q *RNNSequence[T]) Run(x, h0, c0 []T, seqLen []int64, w, r, b, p []T, y []T, yBatchStride int, hOut, cOut []T) error {
	c := &q.Cell
	bn, in, hs, steps := c.Batch, c.Input, c.Hidden, q.Steps
	if len(x) < bn*steps*in || len(h0) < bn*hs || len(seqLen) < bn || len(hOut) < bn*hs {
		return fmt.Errorf("kernels: recurrent sequence buffers too short for batch %d, steps %d", bn, steps)
	}
	if bn > 0 && len(y) < (bn-1)*yBatchStride+steps*hs {
		return fmt.Errorf("kernels: recurrent sequence output too short for batch %d, steps %d", bn, steps)
	}
	lstm := c.Kind == CellLSTM
	if lstm && (len(c0) < bn*hs || len(cOut) < bn*hs) {
		return fmt.Errorf("kernels: LSTM sequence cell-state buffers too short")
	}
	copy(q.h, h0[:bn*hs])
	if lstm {
		copy(q.c, c0[:bn*hs])
	}
	for i := 0; i < bn; i++ {
		for t := 0; t < steps; t++ {
			yr := y[i*yBatchStride+t*hs : i*yBatchStride+(t+1)*hs]
			clear(yr)
		}
		clear(hOut[i*hs : (i+1)*hs])
		if lstm {
			clear(cOut[i*hs : (i+1)*hs])
		}
	}
	for t := 0; t < steps; t++ {
		for i := 0; i < bn; i++ {
			src := t
			if q.Reverse {
				if l := seqLen[i]; int64(t) < l && l <= int64(steps) {
					src = int(l) - 1 - t
				}
			}
			copy(q.xt[i*in:(i+1)*in], x[(i*steps+src)*in:(i*steps+src+1)*in])
		}
		if err := RNNCellStep(c, q.s, q.xt, q.h, q.c, w, r, b, p, q.hn, q.cn); err != nil {
			return err
		}
		q.h, q.hn = q.hn, q.h
		if lstm {
			q.c, q.cn = q.cn, q.c
		}
		for i := 0; i < bn; i++ {
			l := seqLen[i]
			if int64(t) >= l {
				continue
			}
			dst := t
			if q.Reverse && l <= int64(steps) {
				dst = int(l) - 1 - t
			}
			copy(y[i*yBatchStride+dst*hs:i*yBatchStride+(dst+1)*hs], q.h[i*hs:(i+1)*hs])
			if int64(t) == l-1 {
				copy(hOut[i*hs:(i+1)*hs], q.h[i*hs:(i+1)*hs])
				if lstm {
					copy(cOut[i*hs:(i+1)*hs], q.c[i*hs:(i+1)*hs])
				}
			}
		}
	}
	return nil
}
