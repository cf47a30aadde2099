package kernels

import "unsafe"

// Round 12 (pw): the W pass of narrow rows through lane permutes.
//
// A row's at most 16 4-byte (8 8-byte) outputs fit one AVX-512 register.
// For every tap t of the W window (in tap order) a table gives an offset in
// the row and, per output lane c, the position c·s − pb + t·d it reads
// (relative to the offset: the tap's positions must span at most 32 (16)
// elements) and whether that position lies in the row; the 32 (16)
// elements from the offset are loaded into two registers (masked to the
// row when it is shorter), one VPERMI2 brings every lane its element and a
// merge-masked max folds it
// (acc = x > acc ? x : acc, from lowest). So each output folds its valid
// taps in the reference's order with the reference's update: the pass is
// bit-exact in scan order, not only order-free. It replaces, for such
// rows, the gathers of the tap tables and the doubling levels' scalar
// selection (max f32 1×410×364×14 k[2,10] s[2,2]: 4 outputs a row).

// pwMaxTaps bounds the taps of a table (taps that reach no lane dropped).
const pwMaxTaps = 32

// pwPerm is the permute table of one W geometry. Its layout is read by
// pw_amd64.s: low at 0, nt at 64, ldLo/ldHi/st at 72/74/76, msk at 80,
// off at 144, idx at 272.
type pwPerm struct {
	low            [64]byte             // lowest of the type, in every lane
	nt             int64                // taps in the table
	ldLo, ldHi, st uint16               // row load masks (lanes 0..L-1, L..2L-1), output store mask
	wide           bool                 // some tap's offset is not 0: load per tap (pwPermW*)
	msk            [pwMaxTaps]uint16    // per tap: the lanes it reaches inside the row
	off            [pwMaxTaps]int32     // per tap: the row offset its elements are loaded from
	idx            [pwMaxTaps][16]int32 // per tap: the row position of every lane (int64 lanes for 8-byte types)
}

// pwPermFits reports whether the W axis of p may fit the permute pass for
// an element of e bytes: Wo ≤ L with L = 64/e lanes, and a tap's positions
// (Wo−1)·s + 1 ≤ 2·L apart (pwPermBuild checks the valid ones).
func pwPermFits(p *winPlan, e int) bool {
	if e != 4 && e != 8 || !pwPermOn() {
		return false
	}
	L := 64 / e
	return p.out[2] <= L && p.in[2] > 0 && p.out[2] > 0 && (p.in[2] <= 2*L || (p.out[2]-1)*p.s[2] < 2*L)
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
		lo, hi := W, -1
		for c := 0; c < Wo; c++ {
			if x := c*s - pb + tp*d; x >= 0 && x < W {
				m |= 1 << c
				lane[c] = int32(x)
				lo, hi = min(lo, x), max(hi, x)
			}
		}
		if m == 0 {
			continue
		}
		if nt == pwMaxTaps {
			return false
		}
		off := 0
		if W > 2*L {
			off = min(lo, W-2*L) // the 2L loaded elements stay inside the row
			if hi-off >= 2*L {
				return false
			}
		}
		for c := range lane {
			if m&(1<<c) != 0 {
				lane[c] -= int32(off)
			}
		}
		t.setTap(nt, off, m, &lane, e)
		nt++
	}
	if nt == 0 {
		return false
	}
	t.nt = int64(nt)
	t.wide = W > 2*L
	t.ldLo = uint16(1<<min(W, L) - 1)
	t.ldHi = uint16(1<<min(L, max(0, W-L)) - 1)
	t.st = uint16(1<<Wo - 1)
	return true
}

// setTap stores tap nt of the table: its row offset, lane mask and the
// lanes' positions (as int64 lanes for 8-byte elements, e bytes).
func (t *pwPerm) setTap(nt, off int, m uint16, lane *[16]int32, e int) {
	t.off[nt] = int32(off)
	t.msk[nt] = m
	if e == 4 {
		t.idx[nt] = *lane
		return
	}
	q := (*[8]int64)(unsafe.Pointer(&t.idx[nt]))
	for c := range q {
		q[c] = int64(lane[c])
	}
}

// pwSkipDepth reports whether a values-only MaxPool job j (storage type T)
// should keep its per-output-depth units instead of the depth-slice cache
// (pool6DepthPlan): when the order-free block (pvMaxOrder) applies (its W
// pass through the permutes, the levels or the folds), and folding the
// depth and H taps of every
// output depth over whole input rows (counted in vectors of L elements)
// costs at most 3/4 of the cache's W and H passes of every used slice
// plus its depth folds (max f32 1×365×11×13×34 k[6,2,10] s[4,5,2]: 15
// depth taps of 2 rows of 34 elements a row against 11 W passes of 13
// outputs × 10 taps; not max f32 1×237×33×16×9 k[9,9,9] s[3,2,2], whose 81
// depth taps of 9 H taps each cost more than the cache). Round 13 (pn):
// rows of more outputs than one permute register too (max f32
// 3×233×10×6×26 k[9,5,8] s[4,1,1], 25 outputs a row: 1.38 → 0.59 ms CPU).
func pwSkipDepth[T Number](j *job) bool {
	p := &j.wp
	var z T
	e := int(unsafe.Sizeof(z))
	if j.flag || j.ints[0] != 0 || p.out[0] < 2 || poolIsHalf[T]() {
		return false
	}
	if !pvOrderUse[T](j, false) {
		return false
	}
	taps, used := 0, 0
	for od := 0; od < p.out[0]; od++ {
		lo, hi := tapWin(od, p.s[0], p.pb[0], p.d[0], p.k[0], p.in[0])
		taps += hi - lo
	}
	z0, nz := pool6DepthSpan(p)
	for zz := z0; zz < z0+nz; zz++ {
		if pool6DepthNeeded(p, zz) {
			used++
		}
	}
	L := 64 / e
	Ho, Wo := p.out[1], p.out[2]
	Wr := (p.in[2] + L - 1) / L * L
	rows := min(p.in[1], Ho*p.k[1]) // input rows a slice's windows read
	hFirst := taps*Ho*p.k[1]*Wr + p.out[0]*Ho*Wo*p.k[2]
	cache := used*(rows*max(Wo, 8)*p.k[2]+Ho*Wo*p.k[1]) + taps*Ho*Wo
	return 4*hFirst <= 3*cache
}
