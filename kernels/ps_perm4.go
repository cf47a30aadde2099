package kernels

import "unsafe"

// Round 14 (ps): the permute W pass (pw_perm.go) for rows of up to four
// registers. pwPerm loads two registers (32 4-byte or 16 8-byte elements)
// a tap, so a row whose taps span more (max f32 1×352×77×58 k[1,11] s[1,5]
// d[1,2] p7/6: 11 outputs whose taps lie 51 elements apart) took the
// padded row copy and the fold-then-split kernel, 44 loads a row. Here the
// whole row (at most 4L elements, L lanes a register) is loaded once into
// four registers, masked to the row (the padding is never read), and each
// tap brings every output lane its element with two two-source permutes
// (the lanes reading the upper half merged from the second) and a
// merge-masked max: each output folds its valid taps in order with the
// reference's update, bit for bit, as pwPerm does.

// psPerm4 is the table of one W geometry for the four-register pass: a
// pwPerm (per tap: the lanes inside the row, and every lane's position in
// the row, 0..4L−1) plus the load masks of registers 2 and 3 and, per tap,
// the lanes whose position lies in the upper half. Layout read by
// pw_amd64.s: the pwPerm at 0, ld2/ld3 at 2320/2322, hi at 2324.
type psPerm4 struct {
	pw       pwPerm
	ld2, ld3 uint16
	hi       [pwMaxTaps]uint16
}

// psPerm4Use reports whether the W axis of p may take the four-register
// permutes for storage type T (psPerm4Build checks the taps).
func psPerm4Use[T Number](p *winPlan) bool {
	var z T
	e := int(unsafe.Sizeof(z))
	L := 64 / e
	return (e == 4 || e == 8) && !poolIsHalf[T]() && pwPermOn() && p.in[2] > 2*L && p.in[2] <= 4*L && p.out[2] <= L && p.k[2] <= pwMaxTaps
}

// psPerm4Build fills t for the W axis of p and element type T. It reports
// false unless the row needs more than two registers and fits four (2L <
// W ≤ 4L), the outputs fit one register (Wo ≤ L) and at most pwMaxTaps
// taps reach the row.
func psPerm4Build[T Number](t *psPerm4, p *winPlan) bool {
	var z T
	e := int(unsafe.Sizeof(z))
	if !psPerm4Use[T](p) || p.out[2] < 1 {
		return false
	}
	L := 64 / e
	W, Wo := p.in[2], p.out[2]
	s, d, k, pb := p.s[2], p.d[2], p.k[2], p.pb[2]
	pw := &t.pw
	low := unsafe.Slice((*T)(unsafe.Pointer(&pw.low[0])), L)
	for i := range low {
		low[i] = lowest[T]()
	}
	nt := 0
	for tp := 0; tp < k; tp++ {
		var m, hi uint16
		var lane [16]int32
		for c := 0; c < Wo; c++ {
			if x := c*s - pb + tp*d; x >= 0 && x < W {
				m |= 1 << c
				lane[c] = int32(x)
				if x >= 2*L {
					hi |= 1 << c
				}
			}
		}
		if m == 0 {
			continue
		}
		if nt == pwMaxTaps {
			return false
		}
		pw.setTap(nt, 0, m, &lane, e)
		t.hi[nt] = hi
		nt++
	}
	if nt == 0 {
		return false
	}
	pw.nt = int64(nt)
	pw.wide = false
	pw.ldLo, pw.ldHi = uint16(1<<L-1), uint16(1<<L-1)
	t.ld2 = uint16(1<<min(L, W-2*L) - 1)
	t.ld3 = uint16(1<<max(0, W-3*L) - 1)
	pw.st = uint16(1<<Wo - 1)
	return true
}
