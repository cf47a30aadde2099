package kernels

import (
	"context"
	"unsafe"
)

// AvgPool computes AvgPool-1/14 (AvgPool-16 when Dilations are given) in
// parallel on w, with the semantics of AvgPoolReference.
//
// Integer results are identical to the reference. Float results are the same
// sums taken in a different order (separable: W, then H, then D) and divided
// by the same count, so they differ from the reference by float rounding
// only: the tests bound the difference by (kernel volume + 2)·ε·Σ|x|/count.
func AvgPool[T Number](w *Workers, g Window, src, dst []T, excludePad bool) error {
	return AvgPoolContext(context.Background(), w, g, src, dst, excludePad)
}

// AvgPoolContext is AvgPool that stops early, returning ctx.Err(), when ctx
// is cancelled; the context is checked between work units.
func AvgPoolContext[T Number](ctx context.Context, w *Workers, g Window, src, dst []T, excludePad bool) error {
	p, err := g.plan()
	if err != nil {
		return err
	}
	if err := checkLens("src", len(src), p.inLen()); err != nil {
		return err
	}
	if err := checkLens("dst", len(dst), p.outLen()); err != nil {
		return err
	}
	if p.outLen() == 0 {
		return nil
	}
	j := w.acquire()
	j.wp = p
	j.src = unsafe.Pointer(unsafe.SliceData(src))
	j.dst = unsafe.Pointer(unsafe.SliceData(dst))
	j.idx = nil
	j.flag = !excludePad && p.padsAny // pads count in the divisor
	if kindOf[T]() <= kFloat64 {
		j.fn = avgFloatRunner[T]{}
	} else {
		j.fn = avgIntRunner[T]{}
	}
	par := planRows(j, w.threadsFor(), int(unsafe.Sizeof(src[0])))
	return w.run(ctx, j, par)
}

func avgUnitsFloat[T Number](j *job, s *scratch, lo, hi int) {
	p := &j.wp
	src := unsafe.Slice((*T)(j.src), p.inLen())
	dst := unsafe.Slice((*T)(j.dst), p.outLen())
	for u := lo; u < hi; u++ {
		plane, od, i0, i1 := j.unitRows(u)
		avgBlockFloat(j, s, src, dst, plane, od, i0, i1)
	}
}

// avgBlockFloat sums separably (W pass into scratch, H pass into the output
// rows, over the valid depth taps) and divides by the per-output count.
func avgBlockFloat[T Number](j *job, s *scratch, src, dst []T, plane, od, i0, i1 int) {
	p := &j.wp
	H, W := p.in[1], p.in[2]
	Wo := p.out[2]
	B := i1 - i0
	outOff := plane*p.outPlane + (od*p.out[1]+i0)*Wo
	dV := dst[outOff : outOff+B*Wo]

	rlo := max(0, i0*p.s[1]-p.pb[1])
	rhi := min(H, (i1-1)*p.s[1]-p.pb[1]+(p.k[1]-1)*p.d[1]+1)
	nr := max(0, rhi-rlo)
	var z0 T
	elem := int(unsafe.Sizeof(z0))
	s.reserve((nr+1)*Wo*elem + 4*Wo + 128)
	hs := take[T](s, nr*Wo)
	den := take[T](s, Wo)
	fill(dV, 0)

	cz := 0
	if nr > 0 {
		inBase := plane * p.inPlane
		for kz := 0; kz < p.k[0]; kz++ {
			z := od*p.s[0] - p.pb[0] + kz*p.d[0]
			if z < 0 || z >= p.in[0] {
				continue
			}
			cz++
			zoff := z * H * W
			fill(hs, 0)
			for kx := 0; kx < p.k[2]; kx++ {
				off := kx*p.d[2] - p.pb[2]
				jlo, jhi := tapRange(off, p.s[2], W, Wo)
				if jlo >= jhi {
					continue
				}
				sOff := inBase + zoff + rlo*W + jlo*p.s[2] + off
				addRect(hs[jlo:], Wo, src[sOff:], W, p.s[2], nr, jhi-jlo)
			}
			for ky := 0; ky < p.k[1]; ky++ {
				off := ky*p.d[1] - p.pb[1]
				ilo, ihi := tapRange(off, p.s[1], H, i1)
				ilo = max(ilo, i0)
				if ilo >= ihi {
					continue
				}
				r := ilo*p.s[1] + off - rlo
				addRect(dV[(ilo-i0)*Wo:], Wo, hs[r*Wo:], p.s[1]*Wo, 1, ihi-ilo, Wo)
			}
		}
	}
	// Divide. With pads counted every output divides by the kernel volume;
	// otherwise by the product of per-axis valid tap counts.
	if j.flag {
		fill(den, T(p.kernelVol))
		divRect(dV, Wo, den, B, Wo)
		return
	}
	if cz == 0 {
		return // all zero: no valid depth tap (or no valid rows)
	}
	// Per-column valid counts, once per block; a row's divisor is
	// cz·cy·cw[c]. Columns with no valid tap hold a zero sum: divide by 1.
	cw := take[int32](s, Wo)
	for c := 0; c < Wo; c++ {
		lo, hi := tapWin(c, p.s[2], p.pb[2], p.d[2], p.k[2], W)
		cw[c] = int32(max(hi-lo, 0))
	}
	prevCy := -1
	for i := i0; i < i1; i++ {
		lo, hi := tapWin(i, p.s[1], p.pb[1], p.d[1], p.k[1], H)
		cy := cz * (hi - lo)
		if cy == 0 {
			continue // row is all zeros; count 0 gives 0
		}
		if cy != prevCy {
			for c := range den {
				den[c] = T(max(cy*int(cw[c]), 1))
			}
			prevCy = cy
		}
		// consecutive rows with the same divisor row go in one call
		i2 := i + 1
		for i2 < i1 {
			lo2, hi2 := tapWin(i2, p.s[1], p.pb[1], p.d[1], p.k[1], H)
			if cz*(hi2-lo2) != cy {
				break
			}
			i2++
		}
		divRect(dV[(i-i0)*Wo:], Wo, den, i2-i, Wo)
		i = i2 - 1
	}
}

func avgUnitsInt[T Number](j *job, s *scratch, lo, hi int) {
	p := &j.wp
	src := unsafe.Slice((*T)(j.src), p.inLen())
	dst := unsafe.Slice((*T)(j.dst), p.outLen())
	signed := kindOf[T]() == kSigned
	wide := unsafe.Sizeof(src[0]) == 8
	for u := lo; u < hi; u++ {
		plane, od, i0, i1 := j.unitRows(u)
		pl := src[plane*p.inPlane:][:p.inPlane]
		out := dst[plane*p.outPlane+(od*p.out[1]+i0)*p.out[2]:][:(i1-i0)*p.out[2]]
		avgBlockInt(p, j.flag, signed, wide, pl, out, od, i0, i1)
	}
}

// avgBlockInt averages integer windows exactly: 64-bit sums for elements up
// to 32 bits (a kernel volume below 2^31 cannot overflow them), 128-bit sums
// for 64-bit elements, then rounds half to even.
func avgBlockInt[T Number](p *winPlan, padsInAvg, signed, wide bool, pl, out []T, od, i0, i1 int) {
	H, W := p.in[1], p.in[2]
	zlo, zhi := tapWin(od, p.s[0], p.pb[0], p.d[0], p.k[0], p.in[0])
	cz := zhi - zlo
	o := 0
	for i := i0; i < i1; i++ {
		ylo, yhi := tapWin(i, p.s[1], p.pb[1], p.d[1], p.k[1], H)
		for c := 0; c < p.out[2]; c++ {
			xlo, xhi := tapWin(c, p.s[2], p.pb[2], p.d[2], p.k[2], W)
			n := cz * (yhi - ylo) * (xhi - xlo)
			if padsInAvg {
				n = p.kernelVol
			}
			if n == 0 || cz == 0 || yhi == ylo || xhi == xlo {
				out[o] = 0
				o++
				continue
			}
			var acc acc128
			var s64 int64
			var u64 uint64
			for tz := zlo; tz < zhi; tz++ {
				z := od*p.s[0] - p.pb[0] + tz*p.d[0]
				for ty := ylo; ty < yhi; ty++ {
					y := i*p.s[1] - p.pb[1] + ty*p.d[1]
					row := pl[(z*H+y)*W:][:W]
					x := c*p.s[2] - p.pb[2] + xlo*p.d[2]
					for tx := xlo; tx < xhi; tx++ {
						v := row[x]
						switch {
						case wide:
							accAdd(&acc, v, signed)
						case signed:
							s64 += int64(v)
						default:
							u64 += uint64(v)
						}
						x += p.d[2]
					}
				}
			}
			if !wide {
				if signed {
					acc.addI(s64)
				} else {
					acc.addU(u64)
				}
			}
			out[o] = T(acc.divRound(uint64(n), signed))
			o++
		}
	}
}

// tapWin returns the range [lo, hi) of taps t in [0, k) whose position
// o*s - pb + t*d is inside [0, in).
func tapWin(o, s, pb, d, k, in int) (lo, hi int) {
	org := o*s - pb
	lo = max(0, ceilDiv(-org, d))
	hi = min(k, floorDiv(in-1-org, d)+1)
	if hi < lo {
		hi = lo
	}
	return
}
