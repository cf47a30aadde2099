package kernels

import "unsafe"

// Float AvgPool over narrow output rows (at most 8 outputs a row): the
// depth and H taps are summed first over whole input rows (contiguous
// folds, in tap order), then each output's W taps are summed by a scalar
// loop over those B rows, in tap order, and divided by its count. Before,
// such rows went through the tap-table streams (pooltab.go), which gather
// every W tap of every input row the block reads: avg f64 3×358×27×45
// k[2,7] s[6,6] gathered 7 taps over 10 rows of 7 outputs per plane where
// this sums 2 rows of 45 contiguous elements and 35 short scalar windows.
// The sums are taken in another order than the reference (depth, H, then
// W per output), which stays within the documented bound
// ((taps+2)·ε·Σ|x|/count holds for any order); the order depends on the
// geometry only, never on the block split, so every thread count gives
// the same bits.

// pvAvgUse reports whether float AvgPool job j (compute type T) takes
// pvAvgBlock: float32 or float64 (f16/bf16 computed in float32), 2- or
// 3-D, at most 8 outputs a row, unless avgBlockFloat adds the depth
// slices first (pqDFirst: small output planes under a 3-D kernel, where
// the depth sum shared by the H taps is the cheaper order), and when the
// H-first sums add more than 4× the elements the W-first pass gathers
// (measured: avg f32 1×72×33×36×13 k[9,8,4] s[4,1,6], 4.3×, was 2.8×
// slower this way; 14×42×105×33 k[7,4] s[1,6], 3.8×, 3.4× faster).
func pvAvgUse[T Number](j *job) bool {
	p := &j.wp
	k := kindOf[T]()
	if !(k == kFloat32 || k == kFloat64) || j.ints[0] != 0 || p.out[2] > 8 || p.nsp < 2 || pqDFirst(p) {
		return false
	}
	if p.s[1] == 1 && p.k[2] == 1 {
		return false // no W taps to save and no rows to skip: the tap tables stream it
	}
	// Elements added: H first (contiguous, cheap) against W first (the
	// tap tables gather each element), for a full block of rows.
	B := min(j.bRows, p.out[1])
	kd := (p.k[1]-1)*p.d[1] + 1
	nr := min(p.in[1], (B-1)*p.s[1]+kd)
	if p.s[1] > kd {
		nr = min(nr, B*kd)
	}
	nz := min(p.k[0], p.in[0])
	W, Wo := p.in[2], p.out[2]
	hFirst := nz*B*W*p.k[1] + B*Wo*p.k[2]
	wFirst := nz * (nr*Wo*p.k[2] + B*Wo*p.k[1])
	return hFirst <= 4*wFirst
}

// pvCols holds the valid W taps [lo, hi) of each output column (at most 8),
// computed once per run of units.
type pvCols struct{ lo, hi [8]int }

// pvColsFor returns the valid W taps of the columns of p (Wo ≤ 8).
func pvColsFor(p *winPlan) pvCols {
	var c pvCols
	for x := 0; x < p.out[2]; x++ {
		c.lo[x], c.hi[x] = tapWin(x, p.s[2], p.pb[2], p.d[2], p.k[2], p.in[2])
	}
	return c
}

// pvAvgBlock computes output rows [i0, i1) of output depth od of one
// plane. With cvt the storage type S (f16/bf16) is widened into T
// (float32) per depth tap, the rows the block reads, and the outputs
// narrowed at the end, as avgBlockFloat does: the float32 kernel's bits.
func pvAvgBlock[S, T Number](j *job, s *scratch, src, dst []S, plane, od, i0, i1 int, cvt bool, cols *pvCols) {
	p := &j.wp
	H, W := p.in[1], p.in[2]
	Wo := p.out[2]
	B := i1 - i0
	outOff := plane*p.outPlane + (od*p.out[1]+i0)*Wo
	zlo, zhi := tapWin(od, p.s[0], p.pb[0], p.d[0], p.k[0], p.in[0])
	rlo := max(0, i0*p.s[1]-p.pb[1])
	rhi := min(H, (i1-1)*p.s[1]-p.pb[1]+(p.k[1]-1)*p.d[1]+1)
	nr := max(0, rhi-rlo)
	var zero T
	need := B * W
	if cvt {
		need += nr*W + B*Wo
	}
	s.reserve(need*int(unsafe.Sizeof(zero)) + 128)
	hs := take[T](s, B*W)
	var dV, wb, srcT []T
	if cvt {
		wb = take[T](s, nr*W)
		dV = take[T](s, B*Wo)
	} else {
		dV = unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(dst[outOff:]))), B*Wo)
		srcT = unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(src))), len(src))
	}

	// Depth and H taps into B rows of W (a row whose window holds no
	// input row stays zero).
	cz := 0
	for kz := zlo; kz < zhi; kz++ {
		zoff := plane*p.inPlane + (od*p.s[0]-p.pb[0]+kz*p.d[0])*H*W
		sv, sb := srcT, 0 // sv[q-sb] is the input element at flat offset q
		if cvt && nr > 0 {
			poolWidenExact(wb, src[zoff+rlo*W:zoff+rhi*W])
			sv, sb = wb, zoff+rlo*W
		}
		rows := newRunIter(p.s[1], p.pb[1], p.d[1], p.k[1], H, p.out[1], i0, i1)
		for {
			i, i2, ylo, yhi, ok := rows.next()
			if !ok {
				break
			}
			o := (i - i0) * W
			if ylo == yhi {
				if cz == 0 {
					fill(hs[o:(i2-i0)*W], zero)
				}
				continue
			}
			r := zoff + (i*p.s[1]-p.pb[1]+ylo*p.d[1])*W
			foldAdd(hs[o:], W, sv[r-sb:], p.s[1]*W, 1, p.d[1]*W, yhi-ylo, i2-i, W, cz > 0, 1)
		}
		cz++
	}
	if cz == 0 {
		fill(dV, zero)
		if cvt {
			poolNarrowExact(dst[outOff:outOff+B*Wo], dV)
		}
		return
	}

	// W taps per output, then the division: by the kernel volume with pads
	// counted, else by the valid taps of the three axes (a window with no
	// valid tap holds 0 and stays 0).
	s0, pb, d := p.s[2], p.pb[2], p.d[2]
	rows := newRunIter(p.s[1], p.pb[1], p.d[1], p.k[1], H, p.out[1], i0, i1)
	for {
		i, i2, ylo, yhi, ok := rows.next()
		if !ok {
			break
		}
		cy := cz * (yhi - ylo)
		for c := 0; c < Wo; c++ {
			tlo, thi := cols.lo[c], cols.hi[c]
			den := T(p.kernelVol)
			if !j.flag {
				den = T(max(1, cy*(thi-tlo)))
			}
			o1 := c*s0 - pb + tlo*d
			for q := i; q < i2; q++ {
				row := hs[(q-i0)*W:]
				acc := zero
				for t, x := tlo, o1; t < thi; t, x = t+1, x+d {
					acc += row[x]
				}
				dV[(q-i0)*Wo+c] = acc / den
			}
		}
	}
	if cvt {
		poolNarrowExact(dst[outOff:outOff+B*Wo], dV)
	}
}
