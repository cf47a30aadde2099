package kernels

import "unsafe"

// Round 12 (pw): the W pass of narrow rows through lane permutes.
//
// A row of at most 32 4-byte (16 8-byte) elements fits two AVX-512
// registers, and its at most 16 (8) outputs one. For every tap t of the W
// window (in tap order) a table gives, per output lane c, the position
// c·s − pb + t·d it reads and whether that position lies in the row; one
// VPERMI2 brings every lane its element and a merge-masked max folds it
// (acc = x > acc ? x : acc, from lowest). So each output folds its valid
// taps in the reference's order with the reference's update: the pass is
// bit-exact in scan order, not only order-free. It replaces, for such
// rows, the gathers of the tap tables and the doubling levels' scalar
// selection (max f32 1×410×364×14 k[2,10] s[2,2]: 4 outputs a row).

// pwMaxTaps bounds the taps of a table (taps that reach no lane dropped).
const pwMaxTaps = 32

// pwPerm is the permute table of one W geometry. Its layout is read by
// pw_amd64.s: low at 0, nt at 64, ldLo/ldHi/st at 72/74/76, msk at 80,
// idx at 144.
type pwPerm struct {
	low            [64]byte // lowest of the type, in every lane
	nt             int64    // taps in the table
	ldLo, ldHi, st uint16   // row load masks (lanes 0..L-1, L..2L-1), output store mask
	_              uint16
	msk            [pwMaxTaps]uint16    // per tap: the lanes it reaches inside the row
	idx            [pwMaxTaps][16]int32 // per tap: the row position of every lane (int64 lanes for 8-byte types)
}

// pwPermFits reports whether the W axis of p fits the permute pass for an
// element of e bytes: W ≤ 2·L and Wo ≤ L with L = 64/e lanes.
func pwPermFits(p *winPlan, e int) bool {
	if e != 4 && e != 8 || !pwPermOn() {
		return false
	}
	L := 64 / e
	return p.in[2] <= 2*L && p.out[2] <= L && p.in[2] > 0 && p.out[2] > 0
}

// pwPermBuild fills t for the W axis of p and element type T. It reports
// false when the geometry does not fit (pwPermFits) or has more than
// pwMaxTaps taps reaching the row.
func pwPermBuild[T Number](t *pwPerm, p *winPlan) bool {
	var z T
	e := int(unsafe.Sizeof(z))
	if !pwPermFits(p, e) || kindOf[T]() != kFloat32 && kindOf[T]() != kFloat64 && kindOf[T]() != kSigned && kindOf[T]() != kUnsigned {
		return false
	}
	W, Wo := p.in[2], p.out[2]
	s, d, k, pb := p.s[2], p.d[2], p.k[2], p.pb[2]
	L := 64 / e
	low := unsafe.Slice((*T)(unsafe.Pointer(&t.low[0])), L)
	for i := range low {
		low[i] = lowest[T]()
	}
	nt := 0
	for tp := 0; tp < k; tp++ {
		var m uint16
		var lane [16]int32
		for c := 0; c < Wo; c++ {
			if x := c*s - pb + tp*d; x >= 0 && x < W {
				m |= 1 << c
				lane[c] = int32(x)
			}
		}
		if m == 0 {
			continue
		}
		if nt == pwMaxTaps {
			return false
		}
		t.msk[nt] = m
		if e == 4 {
			t.idx[nt] = lane
		} else {
			q := (*[8]int64)(unsafe.Pointer(&t.idx[nt]))
			for c := range q {
				q[c] = int64(lane[c])
			}
		}
		nt++
	}
	if nt == 0 {
		return false
	}
	t.nt = int64(nt)
	t.ldLo = uint16(1<<min(W, L) - 1)
	t.ldHi = uint16(1<<max(0, W-L) - 1)
	t.st = uint16(1<<Wo - 1)
	return true
}
