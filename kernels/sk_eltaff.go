package kernels

// f16 affine chains of the elementwise anchors (round 12, helper sk): an f16 Add or
// Multiply of a row and one value (a per-channel [1,C,1,1] operand, or a scalar)
// followed by per-channel or single-value Add/Multiply steps and ReLUs — the
// batch-norm scale and shift, and the ReLU after it, of person-attributes' CReLU
// blocks — runs as one AVX-512 pass per row segment (skAffPH): widen, up to three
// (multiply, add, ReLU) triples, narrow. EltEpi.span otherwise makes one call per step
// over each block (widen a, widen b, the operation, each step, narrow). The missing
// parts of a triple are identities (· 1, + −0, the ReLU masked off), and every present
// part is the float32 instruction the generic path runs with the same operand order
// (v·x, v + x, max(x, +0)), so the f16 results are the generic path's bits.

// skAffMax is the number of (multiply, add, ReLU) triples skAffPH applies.
const skAffMax = 3

// skAff is one row segment's chain: per triple i, y = a[i] + m[i]·y, then y = max(y,
// +0) when relu[i].
type skAff struct {
	m, a [skAffMax]float32
	relu [skAffMax]bool
	n    int // triples used
}

// skAffChain builds the chain of base op (BinAdd or BinMultiply with value b) and
// the epilogue steps of channel ch, or reports false when a step is of another kind or
// the chain needs more than skAffMax triples.
func skAffChain(op BinaryOp, b float32, e *Epilogue, ch int) (c skAff, ok bool) {
	for i := range skAffMax {
		c.m[i], c.a[i] = 1, snNegZero
	}
	// open reports that triple c.n-1 can still take an add (no add, no ReLU yet);
	// fresh that it is untouched.
	open, fresh := false, false
	mul := func(v float32) bool {
		if !fresh {
			if c.n == skAffMax {
				return false
			}
			c.n++
		}
		c.m[c.n-1] = v
		open, fresh = true, false
		return true
	}
	add := func(v float32) bool {
		if !open {
			if c.n == skAffMax {
				return false
			}
			c.n++
		}
		c.a[c.n-1] = v
		open, fresh = false, false
		return true
	}
	switch op {
	case BinAdd:
		add(b)
	case BinMultiply:
		mul(b)
	default:
		return c, false
	}
	if e == nil {
		return c, true
	}
	for i := range e.Steps {
		s := &e.Steps[i]
		v := float32(0)
		if len(s.Vec) > 0 {
			v = s.Vec[0]
			if len(s.Vec) > 1 {
				v = s.Vec[ch]
			}
		}
		switch s.Kind {
		case EpiAddChan:
			if !add(v) {
				return c, false
			}
		case EpiMulChan:
			if !mul(v) {
				return c, false
			}
		case EpiRelu:
			c.relu[c.n-1] = true
			open, fresh = false, false
		default:
			return c, false
		}
	}
	return c, true
}

// skAffUse reports whether EltEpi k may run its f16 blocks through skAffSpan: f16,
// Add or Multiply of a contiguous row (stride 1) and one value per row (stride 0),
// steps of the kinds skAffChain takes, and the AVX-512 kernel.
func (k *EltEpi) skAffUse() bool {
	if k.t != EltF16 || !skAffOK() || len(k.p.w.dims) == 0 || k.p.sa != 1 || k.p.sb != 0 {
		return false
	}
	_, ok := skAffChain(k.p.op, 1, k.epi, 0) // the chain's form does not depend on the values
	return ok
}

// skAffSpan computes output elements [lo, end) (one channel ch of the epilogue) with
// skAffPH per row segment (skAffUse holds).
func (k *EltEpi) skAffSpan(lo, end, ch int) {
	p := k.p
	dims, st := p.w.dims, p.w.st
	rank := len(dims)
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
		b := f16to32(k.b16[ib])
		chain, _ := skAffChain(p.op, b, k.epi, ch)
		skAffPH(k.d16[pos:e], k.a16[ia:ia+(e-pos)], &chain)
		pos = e
	}
}
