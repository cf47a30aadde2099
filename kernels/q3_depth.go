package kernels

import (
	"math"
	"unsafe"
)

// MaxPool with indices on 3-D windows, depth taps first over whole planes
// (round 16, helper q3).
//
// The reference's result for a window is its maximum M and the plane
// offset of the first element, in (d, h, w) scan order, equal to M: the
// smallest offset among the elements equal to M (pi_idx.go). The
// column-first block (pi4_col.go) folds, per output row, every depth tap
// of every H tap with the indexed fold, one call per (output row run,
// depth tap): on small planes with deep depth windows those calls are a
// few dozen elements each, and on rows whose windows read few of the
// columns (Wo = 1, a W window of 1–2 taps) most of what they fold is never
// read. Here a unit is a whole plane, values come first and order-free,
// and the index is recovered by a pruned search:
//
//  1. Depth. For each run of output depths sharing their valid depth taps,
//     one values-only fold (foldMax) takes the taps of every row the H
//     windows read, as one long row per output depth: slab[od] is, per
//     (h, w), the maximum over od's depth taps.
//  2. H. For each run of output rows sharing their valid H taps, one fold
//     per output depth (or per output row, whichever is more) of the slab
//     rows: hs[od, oh] is, per column, the maximum over the window's
//     depth and H taps.
//  3. W. The values-only W pass (maxPass.wpass) over hs gives M per output.
//  4. Index. Among the window's columns x with hs == M, the rows y with
//     slab[od][y][x] == M, the first depth tap holding M: the smallest
//     such plane offset (an element equal to M makes every fold above it
//     equal to M, so no candidate is missed; NaN is never equal), searched
//     in offset order and cut off at the best offset so far. The value is
//     that element's bits (±0); M not above lowest gives lowest and index
//     0, as the reference.
//
// Values and indices are the reference's bit for bit (q3_depth_test.go).

// q3MaxBytes bounds a plane's scratch (slab and hs).
const q3MaxBytes = 32 << 10

// q3Rows returns the rows [rlo, rlo+nr) of a plane that the H windows
// read (every row between the first and the last, nr ≥ 0).
func q3Rows(p *winPlan) (rlo, nr int) {
	rlo = max(0, -p.pb[1])
	rhi := min(p.in[1], (p.out[1]-1)*p.s[1]-p.pb[1]+(p.k[1]-1)*p.d[1]+1)
	return rlo, max(0, rhi-rlo)
}

// q3Fits reports whether plan p (elements of sz bytes) suits the block: a
// 3-D window with more than one depth tap and a plane's scratch within
// q3MaxBytes.
func q3Fits(p *winPlan, sz int) bool {
	if p.nsp != 3 || p.k[0] < 2 || p.inPlane == 0 {
		return false
	}
	_, nr := q3Rows(p)
	return (p.out[0]*nr+p.out[0]*p.out[1])*p.in[2]*sz <= q3MaxBytes
}

// q3DepthRunner runs whole-plane units (planes [lo, hi)) of a MaxPool job
// with indices.
type q3DepthRunner[T Number, I Index] struct{}

func (q3DepthRunner[T, I]) run(j *job, s *scratch, lo, hi int) { q3DepthUnits[T, I](j, s, lo, hi) }

func q3DepthUnits[T Number, I Index](j *job, s *scratch, lo, hi int) {
	p := &j.wp
	src, dst, idx := piTensors[T, I](j)
	sz := int(unsafe.Sizeof(*new(T)))
	_, nr := q3Rows(p)
	W, Wo, n := p.in[2], p.out[2], p.out[0]*p.out[1]
	s.reserve((p.out[0]*nr+n)*W*sz + n*Wo*4 + 8*Wo + 192)
	slab := take[T](s, p.out[0]*nr*W)
	hs := take[T](s, n*W)
	dI := take[int32](s, n*Wo)
	cx := pi4Cols(s, p)
	for plane := lo; plane < hi; plane++ {
		q3DepthBlock(j, src, dst, idx, slab, hs, dI, cx, plane)
	}
}

// q3DepthPlan makes the units of job j whole planes (q3DepthRunner).
func q3DepthPlan(j *job, threads int) bool {
	p := &j.wp
	j.units = p.planes
	j.chunk = max(1, min(j.units/(16*threads), (1<<14)/max(1, p.outPlane)))
	return threads > 1 && j.units > 1 && p.outLen()*p.kernelVol >= 1<<15
}

// q3DepthBlock computes every output of one plane, values and indices
// (see above); slab, hs and dI are scratch of Do·nr·W, Do·Ho·W and
// Do·Ho·Wo elements, cx the column table (pi4Cols).
func q3DepthBlock[T Number, I Index](j *job, src, dst []T, idx []I, slab, hs []T, dI, cx []int32, plane int) {
	p := &j.wp
	D, H, W := p.in[0], p.in[1], p.in[2]
	Do, Ho, Wo := p.out[0], p.out[1], p.out[2]
	s0, s1, d0, d1, d2 := p.s[0], p.s[1], p.d[0], p.d[1], p.d[2]
	n := Do * Ho
	low := lowest[T]()
	pin := src[plane*p.inPlane:][:p.inPlane]
	outOff := plane * p.outPlane
	out := dst[outOff : outOff+n*Wo]
	dI = dI[:n*Wo]
	rlo, nr := q3Rows(p)
	HW, SL := H*W, nr*W
	if nr == 0 {
		fill(out, low)
		fill(dI, 0)
		piWriteIdx(j, idx, dI, plane, outOff)
		return
	}

	// 1. Depth taps: per run of output depths, one fold of nr·W columns.
	zr := newRunIter(s0, p.pb[0], d0, p.k[0], D, Do, 0, Do)
	for {
		o, o2, zlo, zhi, ok := zr.next()
		if !ok {
			break
		}
		if zlo == zhi {
			fill(slab[o*SL:o2*SL], low)
			continue
		}
		r := (o*s0-p.pb[0]+zlo*d0)*HW + rlo*W
		foldMax(slab[o*SL:], SL, pin[r:], s0*HW, 1, d0*HW, zhi-zlo, o2-o, SL, low, false)
	}

	// 2. H taps over the slab rows.
	yr := newRunIter(s1, p.pb[1], d1, p.k[1], H, Ho, 0, Ho)
	for {
		i, i2, ylo, yhi, ok := yr.next()
		if !ok {
			break
		}
		if ylo == yhi {
			for od := 0; od < Do; od++ {
				a := (od*Ho + i) * W
				fill(hs[a:a+(i2-i)*W], low)
			}
			continue
		}
		r := (i*s1 - p.pb[1] + ylo*d1 - rlo) * W
		if Do > i2-i {
			// The output depths are the fold's rows.
			for ii := i; ii < i2; ii++ {
				foldMax(hs[ii*W:], Ho*W, slab[r+(ii-i)*s1*W:], SL, 1, d1*W, yhi-ylo, Do, W, low, false)
			}
			continue
		}
		nrows, ncols := i2-i, W
		if s1 == 1 {
			// Source and destination rows both W apart: one long row.
			nrows, ncols = 1, (i2-i)*W
		}
		for od := 0; od < Do; od++ {
			foldMax(hs[(od*Ho+i)*W:], W, slab[od*SL+r:], s1*W, 1, d1*W, yhi-ylo, nrows, ncols, low, false)
		}
	}

	// 3. W taps: the maxima.
	m := maxPass[T, T]{p: p, low: low, i0: 0, i1: n, hs: out}
	m.cl, m.ch = interior(p.s[2], p.pb[2], d2, p.k[2], W, Wo)
	m.wpass(hs, 0, 0, 0, n)

	// 4. The first element equal to each maximum.
	DS := d0 * HW
	for od := 0; od < Do; od++ {
		zlo, zhi := tapWin(od, s0, p.pb[0], d0, p.k[0], D)
		z0 := (od*s0 - p.pb[0] + zlo*d0) * HW
		srow := slab[od*SL:][:SL]
		for i := 0; i < Ho; i++ {
			ylo, yhi := tapWin(i, s1, p.pb[1], d1, p.k[1], H)
			y0 := i*s1 - p.pb[1] + ylo*d1
			row := od*Ho + i
			hrow := hs[row*W:][:W]
			o := row * Wo
			for c := 0; c < Wo; c++ {
				v := out[o+c]
				if !(v > low) {
					out[o+c], dI[o+c] = low, 0
					continue
				}
				best := math.MaxInt
				x, nx := int(cx[2*c]), int(cx[2*c+1])
				for t := 0; t < nx; t, x = t+1, x+d2 {
					if hrow[x] != v {
						continue
					}
					for y, ky := y0, ylo; ky < yhi; y, ky = y+d1, ky+1 {
						q := z0 + y*W + x
						if q >= best {
							break
						}
						if srow[(y-rlo)*W+x] != v {
							continue
						}
						for kz := zlo; kz < zhi && q < best; kz, q = kz+1, q+DS {
							if pin[q] == v {
								best = q
							}
						}
					}
				}
				out[o+c], dI[o+c] = pin[best], int32(best)
			}
		}
	}
	piWriteIdx(j, idx, dI, plane, outOff)
}

// q3Use reports whether MaxPool job j (storage T) takes the depth-first
// block: indices requested, 4- or 8-byte elements other than 4-byte
// integers, and q3Rule.
func q3Use[T Number](j *job) bool {
	p := &j.wp
	if !j.flag || j.ints[0] != 0 || !pi4Type[T]() || kindOf[T]() > kFloat64 && unsafe.Sizeof(*new(T)) == 4 {
		return false
	}
	return q3Fits(p, int(unsafe.Sizeof(*new(T)))) && q3Rule(p, kindOf[T]() > kFloat64)
}

// q3Rule is the geometry rule of q3Use (ints: 8-byte integer elements).
// The block wins where the current kernels spend their calls on few
// elements and the scalar search (about k2 + k1 + k0 compares an output)
// stays small against the folds it saves: floats with at most 2 outputs
// a row, at least 5 valid depth taps overlapping at most 3.5× along
// depth, at least 2 output rows and at most 50 outputs a plane; 8-byte
// integers (whose indexed kernels are slower) with at most 5 outputs a
// row, at most 60 a plane and an overlap along depth and H of at most 2.
// Measured (CPU time, TestQ3Fit, the block forced against the dispatch
// before it on the 3-D maxidx sweep geometries of 46 seeds,
// docs/performance.md "Round 16 (q3)").
func q3Rule(p *winPlan, ints bool) bool {
	ov := 16 // overlap along depth and H in sixteenths
	ovD := 16
	for a := 0; a < 2; a++ {
		if p.out[a] > 1 {
			f := max(p.s[a], min(p.k[a], p.in[a]))
			ov = ov * f / p.s[a]
			if a == 0 {
				ovD = ovD * f / p.s[a]
			}
		}
	}
	if ints {
		return p.out[2] <= 5 && p.outPlane <= 60 && ov <= 32
	}
	kz := min(p.k[0], (p.in[0]+p.d[0]-1)/p.d[0])
	return p.out[2] <= 2 && kz >= 5 && ovD <= 56 && p.out[1] >= 2 && p.outPlane <= 50
}
