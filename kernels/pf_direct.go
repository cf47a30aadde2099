package kernels

import "unsafe"

// pfDirect folds the (H, W) windows of input depth z (plane offset zoff)
// over the block's output rows straight into dV with pfFoldMax, when every
// input row feeds at most one output row (an H stride of at least the
// dilated H kernel): the interior columns of each run of output rows
// sharing their valid H taps are one kernel call over the whole window
// (window rows and taps folded in registers, the reference's (h, w) order),
// the border columns a foldMax per window row, in row order. No W-pass rows
// are written. With dI (indices) the plane offsets of the taken elements
// are kept the same way (pfFoldMaxIdx, foldMaxIdxLin). It reports false,
// doing nothing, for tap tables,
// padded row copies and strides without a kernel (maxPass.slice then runs
// its separable passes).
func pfDirect[S, T Number](m *maxPass[S, T], sv []T, sb, zoff int, dV []T, dI []int32, first bool) bool {
	p := m.p
	kdh := (p.k[1]-1)*p.d[1] + 1
	if m.useTab || m.usePad || m.nr == 0 || m.ch <= m.cl || p.s[1] < kdh || !pfVec[T](p.s[2]) {
		return false
	}
	W, Wo := p.in[2], p.out[2]
	sw, dw, kw := p.s[2], p.d[2], p.k[2]
	low := m.low
	rows := newRunIter(p.s[1], p.pb[1], p.d[1], p.k[1], p.in[1], p.out[1], m.i0, m.i1)
	for {
		i, i2, ylo, yhi, ok := rows.next()
		if !ok {
			break
		}
		o := (i - m.i0) * Wo
		n := i2 - i
		if ylo == yhi {
			if first {
				fill(dV[o:o+n*Wo], low)
				if m.withIdx {
					fill(dI[o:o+n*Wo], 0)
				}
			}
			continue
		}
		// sv index of row ylo's column 0 for output row i.
		q0 := m.inBase + zoff + (i*p.s[1]-p.pb[1]+ylo*p.d[1])*W - sb
		sr, rh, kh := p.s[1]*W, p.d[1]*W, yhi-ylo
		off := m.cl*sw - p.pb[2]
		// Plane offset (the index) of sv[q].
		pq := sb - m.inBase
		if m.withIdx {
			pfFoldMaxIdx(dV[o+m.cl:], dI[o+m.cl:], Wo, sv[q0+off:], sr, sw, dw, kw, rh, kh, n, m.ch-m.cl, low, !first,
				int32(q0+off+pq), int32(sr), int32(sw), int32(dw), int32(rh))
		} else {
			pfFoldMax(dV[o+m.cl:], Wo, sv[q0+off:], sr, sw, dw, kw, rh, kh, n, m.ch-m.cl, low, !first)
		}
		for c := 0; c < Wo; c++ {
			if c == m.cl {
				c = m.ch - 1
				continue
			}
			xlo, xhi := tapWin(c, sw, p.pb[2], dw, kw, W)
			if xlo == xhi {
				if first {
					for r := 0; r < n; r++ {
						dV[o+r*Wo+c] = low
						if m.withIdx {
							dI[o+r*Wo+c] = 0
						}
					}
				}
				continue
			}
			cq := q0 + c*sw - p.pb[2] + xlo*dw
			for y := 0; y < kh; y++ {
				if m.withIdx {
					foldMaxIdxLin(dV[o+c:], dI[o+c:], Wo, sv[cq+y*rh:], sr, 1, dw, xhi-xlo, n, 1, low, !first || y > 0,
						int32(cq+y*rh+pq), int32(sr), 0, int32(dw))
				} else {
					foldMax(dV[o+c:], Wo, sv[cq+y*rh:], sr, 1, dw, xhi-xlo, n, 1, low, !first || y > 0)
				}
			}
		}
	}
	return true
}

// pfTabSkip reports whether narrow rows skip the tap tables (poolTabUse)
// because pfDirect folds them faster: an H stride of at least the dilated
// H kernel, a kernel for the W stride, rows of at least 32 bytes of
// outputs and no border column (each border column costs a call per
// window row; max i64 2×45×22×21×27 k[2,1,10] s[2,5,6] p1, 4 outputs per
// row, was 4× slower than with the tables; f32 2×421×34×30 k[2,7] s[6,3],
// 8 outputs per row, 2× faster).
func pfTabSkip[T Number](p *winPlan) bool {
	var z T
	Wo := p.out[2]
	if p.s[1] < (p.k[1]-1)*p.d[1]+1 || p.s[2] < 2 || !pfVec[T](p.s[2]) || Wo*int(unsafe.Sizeof(z)) < 32 {
		return false
	}
	cl, ch := interior(p.s[2], p.pb[2], p.d[2], p.k[2], p.in[2], Wo)
	return cl == 0 && ch == Wo
}
