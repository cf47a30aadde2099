package kernels

import "math/bits"

// This file holds the reference kernels: plain, scalar, single-threaded
// transliterations of OpenVINO's reference implementations (see
// docs/openvino-semantics.md §2–§6). They are the oracle the fast kernels are
// tested against and are deliberately not optimised.

// MaxPoolReference is the scalar reference for MaxPool-1/8/14.
//
// Taps outside the input are skipped; each window starts from lowest(T) with
// index 0 and takes a tap only if it is strictly greater, scanning D, then H,
// then W. idx may be nil. Indices are b·C·S + c·S + spatial, folded modulo
// prod(fullShape[axis:]) when axis != 0, computed in 64 bits and converted
// to I (so int32 wraps).
func MaxPoolReference[T Number, I Index](g Window, src, dst []T, idx []I, axis int) error {
	p, err := g.plan()
	if err != nil {
		return err
	}
	if err := checkMaxArgs(&p, len(src), len(dst), idx != nil, len(idx), axis); err != nil {
		return err
	}
	mode := newIdxMode(&p, axis)
	low := lowest[T]()
	o := 0
	for b := 0; b < p.n; b++ {
		for c := 0; c < p.c; c++ {
			plane := src[(b*p.c+c)*p.inPlane:][:p.inPlane]
			base := mode.base(b, c)
			for od := 0; od < p.out[0]; od++ {
				for oh := 0; oh < p.out[1]; oh++ {
					for ow := 0; ow < p.out[2]; ow++ {
						m, mi := low, 0
						// Only the taps inside the input, in scan order: the
						// others are skipped anyway, and a window made huge by
						// huge pads must not cost more than the input.
						zlo, zhi := tapWin(od, p.s[0], p.pb[0], p.d[0], p.k[0], p.in[0])
						ylo, yhi := tapWin(oh, p.s[1], p.pb[1], p.d[1], p.k[1], p.in[1])
						xlo, xhi := tapWin(ow, p.s[2], p.pb[2], p.d[2], p.k[2], p.in[2])
						for kz := zlo; kz < zhi; kz++ {
							z := od*p.s[0] - p.pb[0] + kz*p.d[0]
							for ky := ylo; ky < yhi; ky++ {
								y := oh*p.s[1] - p.pb[1] + ky*p.d[1]
								for kx := xlo; kx < xhi; kx++ {
									x := ow*p.s[2] - p.pb[2] + kx*p.d[2]
									si := (z*p.in[1]+y)*p.in[2] + x
									if v := plane[si]; v > m {
										m, mi = v, si
									}
								}
							}
						}
						dst[o] = m
						if idx != nil {
							idx[o] = I(base + mode.sp(uint64(mi)))
						}
						o++
					}
				}
			}
		}
	}
	return nil
}

func checkMaxArgs(p *winPlan, ls, ld int, hasIdx bool, li, axis int) error {
	if err := checkLens("src", ls, p.inLen()); err != nil {
		return err
	}
	if err := checkLens("dst", ld, p.outLen()); err != nil {
		return err
	}
	if hasIdx {
		if err := checkLens("idx", li, p.outLen()); err != nil {
			return err
		}
	}
	return checkAxis(axis, p.nsp)
}

// AvgPoolReference is the scalar reference for AvgPool-1/14 (and AvgPool-16
// when Dilations are given).
//
// The sum covers the in-range taps. The divisor counts every tap when
// !excludePad and any pad is non-zero, otherwise only the in-range taps; a
// zero divisor gives 0. Floats accumulate in T in scan order and divide by
// T(count), as OpenVINO does. Integers accumulate exactly and divide rounding
// to nearest, ties to even (a documented deviation from OpenVINO's truncating
// reference).
func AvgPoolReference[T Number](g Window, src, dst []T, excludePad bool) error {
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
	padsInAvg := !excludePad && p.padsAny
	kd := kindOf[T]()
	o := 0
	for pl := 0; pl < p.planes; pl++ {
		plane := src[pl*p.inPlane:][:p.inPlane]
		for od := 0; od < p.out[0]; od++ {
			for oh := 0; oh < p.out[1]; oh++ {
				for ow := 0; ow < p.out[2]; ow++ {
					var fsum T
					var acc acc128
					// Sum the taps inside the input in scan order; the divisor
					// counts every tap when pads are counted, else those taps.
					zlo, zhi := tapWin(od, p.s[0], p.pb[0], p.d[0], p.k[0], p.in[0])
					ylo, yhi := tapWin(oh, p.s[1], p.pb[1], p.d[1], p.k[1], p.in[1])
					xlo, xhi := tapWin(ow, p.s[2], p.pb[2], p.d[2], p.k[2], p.in[2])
					count := (zhi - zlo) * (yhi - ylo) * (xhi - xlo)
					if padsInAvg {
						count = p.kernelVol
					}
					for kz := zlo; kz < zhi; kz++ {
						z := od*p.s[0] - p.pb[0] + kz*p.d[0]
						for ky := ylo; ky < yhi; ky++ {
							y := oh*p.s[1] - p.pb[1] + ky*p.d[1]
							for kx := xlo; kx < xhi; kx++ {
								x := ow*p.s[2] - p.pb[2] + kx*p.d[2]
								v := plane[(z*p.in[1]+y)*p.in[2]+x]
								if kd <= kFloat64 {
									fsum += v
								} else {
									accAdd(&acc, v, kd == kSigned)
								}
							}
						}
					}
					switch {
					case count == 0:
						dst[o] = 0
					case kd <= kFloat64:
						dst[o] = fsum / T(count)
					default:
						dst[o] = T(acc.divRound(uint64(count), kd == kSigned))
					}
					o++
				}
			}
		}
	}
	return nil
}

// acc128 is an exact 128-bit two's complement accumulator for integer sums.
type acc128 struct{ hi, lo uint64 }

// accAdd adds an integer element to the accumulator.
func accAdd[T Number](a *acc128, v T, signed bool) {
	if signed {
		a.addI(int64(v))
	} else {
		a.addU(uint64(v))
	}
}

// addI adds a signed value.
func (a *acc128) addI(v int64) {
	var c uint64
	a.lo, c = bits.Add64(a.lo, uint64(v), 0)
	ext := uint64(0)
	if v < 0 {
		ext = ^uint64(0)
	}
	a.hi, _ = bits.Add64(a.hi, ext, c)
}

// addU adds an unsigned value.
func (a *acc128) addU(v uint64) {
	var c uint64
	a.lo, c = bits.Add64(a.lo, v, 0)
	a.hi += c
}

// divRound returns sum/n rounded to nearest, ties to even, as the low 64
// bits (the caller converts to T; the mean of T values always fits in T).
func (a acc128) divRound(n uint64, signed bool) uint64 {
	neg := signed && int64(a.hi) < 0
	hi, lo := a.hi, a.lo
	if neg { // negate 128-bit
		lo = ^lo + 1
		hi = ^hi
		if lo == 0 {
			hi++
		}
	}
	// |sum| < n * 2^64 (n values each below 2^64 in magnitude), so hi < n
	// and Div64 cannot overflow.
	q, r := bits.Div64(hi, lo, n)
	// round half to even: compare 2r with n without overflow
	if r > n-r || (r == n-r && q&1 == 1) {
		q++
	}
	if neg {
		q = -q
	}
	return q
}

// AdaptiveMaxPoolReference is the scalar reference for AdaptiveMaxPool-8.
//
// Windows are [floor(i·In/Out), ceil((i+1)·In/Out)) per axis. As in
// OpenVINO, each row segment (the W extent of one (d, h) row of the window)
// is reduced with std::max_element semantics (start at the segment's first
// element, take strictly greater values), then the row results are folded in
// (d, h) order starting from the first row, again taking strictly greater
// values. Without NaN this is "the first maximum in row-major order"; a NaN
// that starts the window wins, a NaN starting a later row hides that row.
// Indices are flat spatial indices inside the (n, c) plane. idx may be nil.
func AdaptiveMaxPoolReference[T Number, I Index](g Adaptive, src, dst []T, idx []I) error {
	p, err := g.plan()
	if err != nil {
		return err
	}
	if err := checkAdArgs(&p, len(src), len(dst), idx != nil, len(idx)); err != nil {
		return err
	}
	o := 0
	for pl := 0; pl < p.planes; pl++ {
		plane := src[pl*p.inPlane:][:p.inPlane]
		for od := 0; od < p.out[0]; od++ {
			d0, d1 := adStart(od, p.in[0], p.out[0]), adEnd(od, p.in[0], p.out[0])
			for oh := 0; oh < p.out[1]; oh++ {
				h0, h1 := adStart(oh, p.in[1], p.out[1]), adEnd(oh, p.in[1], p.out[1])
				for ow := 0; ow < p.out[2]; ow++ {
					w0, w1 := adStart(ow, p.in[2], p.out[2]), adEnd(ow, p.in[2], p.out[2])
					res := (d0*p.in[1]+h0)*p.in[2] + w0
					for z := d0; z < d1; z++ {
						for y := h0; y < h1; y++ {
							row := (z*p.in[1] + y) * p.in[2]
							it := row + w0
							for x := w0 + 1; x < w1; x++ {
								if plane[it] < plane[row+x] {
									it = row + x
								}
							}
							if plane[it] > plane[res] {
								res = it
							}
						}
					}
					dst[o] = plane[res]
					if idx != nil {
						idx[o] = I(res)
					}
					o++
				}
			}
		}
	}
	return nil
}

func checkAdArgs(p *adPlan, ls, ld int, hasIdx bool, li int) error {
	if err := checkLens("src", ls, p.planes*p.inPlane); err != nil {
		return err
	}
	if err := checkLens("dst", ld, p.planes*p.outPlane); err != nil {
		return err
	}
	if hasIdx {
		return checkLens("idx", li, p.planes*p.outPlane)
	}
	return nil
}

// AdaptiveAvgPoolReference is the scalar reference for AdaptiveAvgPool-8.
//
// The divisor is the window volume. Floats accumulate in T in row-major order
// and divide by T(volume), as OpenVINO does; integers accumulate exactly and
// divide rounding to nearest, ties to even.
func AdaptiveAvgPoolReference[T Number](g Adaptive, src, dst []T) error {
	p, err := g.plan()
	if err != nil {
		return err
	}
	if err := checkAdArgs(&p, len(src), len(dst), false, 0); err != nil {
		return err
	}
	kd := kindOf[T]()
	o := 0
	for pl := 0; pl < p.planes; pl++ {
		plane := src[pl*p.inPlane:][:p.inPlane]
		for od := 0; od < p.out[0]; od++ {
			d0, d1 := adStart(od, p.in[0], p.out[0]), adEnd(od, p.in[0], p.out[0])
			for oh := 0; oh < p.out[1]; oh++ {
				h0, h1 := adStart(oh, p.in[1], p.out[1]), adEnd(oh, p.in[1], p.out[1])
				for ow := 0; ow < p.out[2]; ow++ {
					w0, w1 := adStart(ow, p.in[2], p.out[2]), adEnd(ow, p.in[2], p.out[2])
					var fsum T
					var acc acc128
					for z := d0; z < d1; z++ {
						for y := h0; y < h1; y++ {
							for x := w0; x < w1; x++ {
								v := plane[(z*p.in[1]+y)*p.in[2]+x]
								if kd <= kFloat64 {
									fsum += v
								} else {
									accAdd(&acc, v, kd == kSigned)
								}
							}
						}
					}
					n := (d1 - d0) * (h1 - h0) * (w1 - w0)
					if kd <= kFloat64 {
						dst[o] = fsum / T(n)
					} else {
						dst[o] = T(acc.divRound(uint64(n), kd == kSigned))
					}
					o++
				}
			}
		}
	}
	return nil
}
