package kernels

import (
	"context"
	"math"
	"unsafe"
)

// AdaptiveMaxPool computes AdaptiveMaxPool-8 in parallel on w, with the
// semantics of AdaptiveMaxPoolReference, bit for bit (values and indices,
// NaN quirks included). idx may be nil.
func AdaptiveMaxPool[T Number, I Index](w *Workers, g Adaptive, src, dst []T, idx []I) error {
	return AdaptiveMaxPoolContext(context.Background(), w, g, src, dst, idx)
}

// AdaptiveMaxPoolContext is AdaptiveMaxPool that stops early, returning
// ctx.Err(), when ctx is cancelled; the context is checked between work units.
func AdaptiveMaxPoolContext[T Number, I Index](ctx context.Context, w *Workers, g Adaptive, src, dst []T, idx []I) error {
	p, err := g.plan()
	if err != nil {
		return err
	}
	if err := checkAdArgs(&p, len(src), len(dst), idx != nil, len(idx)); err != nil {
		return err
	}
	if p.planes*p.outPlane == 0 {
		return nil
	}
	j := w.acquire()
	j.ap = p
	j.src = unsafe.Pointer(unsafe.SliceData(src))
	j.dst = unsafe.Pointer(unsafe.SliceData(dst))
	j.idx = nil
	j.flag = idx != nil
	if idx != nil {
		j.idx = unsafe.Pointer(unsafe.SliceData(idx))
	}
	j.fn = adMaxRunner[T, I]{}
	par := planAdaptive(j, w.threadsFor())
	return w.run(ctx, j, par)
}

// AdaptiveAvgPool computes AdaptiveAvgPool-8 in parallel on w. Integer
// results equal AdaptiveAvgPoolReference; float results are the same sums
// in a different order divided by the same volume (float rounding only).
func AdaptiveAvgPool[T Number](w *Workers, g Adaptive, src, dst []T) error {
	return AdaptiveAvgPoolContext(context.Background(), w, g, src, dst)
}

// AdaptiveAvgPoolContext is AdaptiveAvgPool that stops early, returning
// ctx.Err(), when ctx is cancelled; the context is checked between work units.
func AdaptiveAvgPoolContext[T Number](ctx context.Context, w *Workers, g Adaptive, src, dst []T) error {
	p, err := g.plan()
	if err != nil {
		return err
	}
	if err := checkAdArgs(&p, len(src), len(dst), false, 0); err != nil {
		return err
	}
	if p.planes*p.outPlane == 0 {
		return nil
	}
	j := w.acquire()
	j.ap = p
	j.src = unsafe.Pointer(unsafe.SliceData(src))
	j.dst = unsafe.Pointer(unsafe.SliceData(dst))
	j.idx = nil
	if kindOf[T]() <= kFloat64 && p.outPlane == 1 {
		// Global average: every plane is one contiguous window.
		j.fn = adAvgGlobalRunner[T]{}
		return w.run(ctx, j, planGlobal(j, w.threadsFor()))
	}
	if kindOf[T]() <= kFloat64 {
		j.fn = adAvgFloatRunner[T]{}
	} else {
		j.fn = adAvgIntRunner[T]{}
	}
	par := planAdaptive(j, w.threadsFor())
	return w.run(ctx, j, par)
}

// planGlobal splits a global average into units of j.ints[0] planes of
// about 8K elements each.
func planGlobal(j *job, threads int) bool {
	p := &j.ap
	pp := max(1, (8<<10)/max(1, p.inPlane))
	j.ints[0] = pp
	j.units = (p.planes + pp - 1) / pp
	j.chunk = 1
	return threads > 1 && p.planes*p.inPlane >= 1<<15 && j.units > 1
}

func adAvgGlobalUnits[T Number](j *job, lo, hi int) {
	p := &j.ap
	src := unsafe.Slice((*T)(j.src), p.planes*p.inPlane)
	dst := unsafe.Slice((*T)(j.dst), p.planes)
	pp := j.ints[0]
	a, b := lo*pp, min(hi*pp, p.planes)
	meanPlanes(src[a*p.inPlane:b*p.inPlane], p.inPlane, dst[a:b], T(p.inPlane))
}

// planAdaptive splits the output into (plane, output depth, row block) units.
func planAdaptive(j *job, threads int) bool {
	p := &j.ap
	ho := p.out[1]
	slices := p.planes * p.out[0]
	nb := 1
	if threads > 1 && slices < 4*threads {
		nb = min(ho, (4*threads+slices-1)/slices)
	}
	// Keep a unit's W-pass scratch bounded.
	if rowBytes := p.out[2] * 12; rowBytes*p.in[1] > scratchBudget {
		nb = max(nb, min(ho, rowBytes*p.in[1]/scratchBudget+1))
	}
	nb = max(nb, 1)
	b := (ho + nb - 1) / nb
	nb = (ho + b - 1) / b
	j.bRows, j.nb = b, nb
	j.units = slices * nb
	j.chunk = max(1, j.units/(16*threads)) // many tiny units: fewer atomics
	work := p.planes * max(p.inPlane, p.outPlane)
	return threads > 1 && work >= 1<<15 && j.units > 1
}

// unitAd decodes unit u of an adaptive job (see decodeUnit).
func (j *job) unitAd(u int) (plane, od, i0, i1 int) {
	return j.decodeUnit(u, j.ap.out[0], j.ap.out[1])
}

func adMaxUnits[T Number, I Index](j *job, s *scratch, lo, hi int) {
	p := &j.ap
	src := unsafe.Slice((*T)(j.src), p.planes*p.inPlane)
	dst := unsafe.Slice((*T)(j.dst), p.planes*p.outPlane)
	var idx []I
	if j.flag {
		idx = unsafe.Slice((*I)(j.idx), p.planes*p.outPlane)
	}
	for u := lo; u < hi; u++ {
		plane, od, i0, i1 := j.unitAd(u)
		adMaxBlock(p, s, src[plane*p.inPlane:][:p.inPlane], dst, idx, plane, od, i0, i1)
	}
}

// adMaxBlock computes output rows [i0, i1) of depth od of one plane.
//
// Without NaN the reference's result is the first maximum in row-major
// order, i.e. the maximum value with, among equal values (−0 == +0), the
// smallest flat index. That rule does not depend on the evaluation order, so
// the window is folded column-wise first (SIMD across the full input width,
// keeping per column the value and the first row reaching it) and then
// reduced along W with the smallest-index tie-break. Slabs holding a NaN,
// where OpenVINO's max_element quirks make the order matter, take the exact
// row-segment path (adMaxBlockExact).
func adMaxBlock[T Number, I Index](p *adPlan, s *scratch, pl, dst []T, idx []I, plane, od, i0, i1 int) {
	H, W := p.in[1], p.in[2]
	Ho, Wo := p.out[1], p.out[2]
	d0, d1 := adStart(od, p.in[0], p.out[0]), adEnd(od, p.in[0], p.out[0])
	rlo, rhi := adStart(i0, H, Ho), adEnd(i1-1, H, Ho)
	for z := d0; z < d1; z++ {
		if hasNaN(pl[(z*H+rlo)*W : (z*H+rhi)*W]) {
			adMaxBlockExact(p, s, pl, dst, idx, plane, od, i0, i1)
			return
		}
	}
	var z0 T
	s.reserve((W+Wo)*(int(unsafe.Sizeof(z0))+4) + 8*Wo + 96)
	colV := take[T](s, W)
	colI := take[int32](s, W)
	wb := adBounds(s, W, Wo)
	wv := take[T](s, Wo)
	wi := take[int32](s, Wo)
	floor := minValue[T]()
	f32 := kindOf[T]() == kFloat32
	o := plane*p.outPlane + (od*Ho+i0)*Wo
	for i := i0; i < i1; i++ {
		h0, h1 := adStart(i, H, Ho), adEnd(i, H, Ho)
		// Columns start below every element, so each takes its first row
		// reaching the column maximum; an all-minimum window is fixed below.
		// The window's rows are the taps of one fold per depth slice.
		for z := d0; z < d1; z++ {
			rb := (z*H + h0) * W
			foldMaxIdxLin(colV, colI, W, pl[rb:], W, 1, W, h1-h0, 1, W, floor, z > d0, int32(rb), int32(W), 1, int32(W))
		}
		first := int32((d0*H + h0) * W)
		if winMaxIdx(colV, colI, wb, wv, wi) {
			for c, bi := range wi {
				if wv[c] == floor {
					bi = first + wb[2*c] // every element equals the minimum: the first wins
				}
				dst[o] = pl[bi]
				if idx != nil {
					idx[o] = I(bi)
				}
				o++
			}
			continue
		}
		if f32 {
			o = reduceKeysF32(pl, dst, idx, colV, colI, wb, o, first)
			continue
		}
		for c := 0; c < Wo; c++ {
			w0, w1 := int(wb[2*c]), int(wb[2*c+1])
			bv, bi := colV[w0], colI[w0]
			for x := w0 + 1; x < w1; x++ {
				if v := colV[x]; v > bv || (v == bv && colI[x] < bi) {
					bv, bi = v, colI[x]
				}
			}
			if bv == floor {
				bi = first + int32(w0) // every element equals the minimum: the first wins
			}
			dst[o] = bv
			if idx != nil {
				idx[o] = I(bi)
			}
			o++
		}
	}
}

// reduceKeysF32 is the W reduction of adMaxBlock for float32 (NaN-free),
// branch-free: each column becomes the 64-bit key
// (orderable value bits, with −0 folded onto +0) << 32 | ^index, so the
// integer maximum is the largest value and, among equal values, the smallest
// index. The value is then read back from the plane at that index, which
// keeps its exact bits. It returns the next output position.
func reduceKeysF32[T Number, I Index](pl, dst []T, idx []I, colV []T, colI []int32, wb []int32, o int, first int32) int {
	cv := unsafe.Slice((*uint32)(unsafe.Pointer(unsafe.SliceData(colV))), len(colV))
	colI = colI[:len(cv)]
	negInf := int64(f32Key(0xff800000))
	for c := 0; c+1 < len(wb); c += 2 {
		w0, w1 := int(wb[c]), int(wb[c+1])
		best := int64(math.MinInt64)
		for x := w0; x < w1; x++ {
			k := int64(f32Key(cv[x]))<<32 | int64(uint32(^colI[x]))
			best = max(best, k)
		}
		bi := int32(^uint32(best))
		if best>>32 == negInf {
			bi = first + int32(w0)
		}
		dst[o] = pl[bi]
		if idx != nil {
			idx[o] = I(bi)
		}
		o++
	}
	return o
}

// f32Key maps non-NaN float32 bits to an int32 that orders like the values,
// with −0 and +0 equal.
func f32Key(b uint32) int32 {
	k := int32(b)
	k ^= (k >> 31) & 0x7fffffff
	k += int32(uint32(k) >> 31) // negatives move up by one: −0 (−1) meets +0 (0)
	return k
}

// adBounds returns the W window bounds [start, end) of every output column
// as consecutive int32 pairs, in scratch.
func adBounds(s *scratch, W, Wo int) []int32 {
	wb := take[int32](s, 2*Wo)
	for c := 0; c < Wo; c++ {
		wb[2*c], wb[2*c+1] = int32(adStart(c, W, Wo)), int32(adEnd(c, W, Wo))
	}
	return wb
}

// minValue is a value no element is below: −Inf for floats, the minimum for
// integers.
func minValue[T Number]() T {
	if kindOf[T]() <= kFloat64 {
		inf := math.Inf(-1)
		return T(inf)
	}
	return lowest[T]()
}

// adMaxBlockExact: W pass (max_element per row segment, into scratch), then
// fold the rows of each window in (d, h) order starting from its first row.
func adMaxBlockExact[T Number, I Index](p *adPlan, s *scratch, pl, dst []T, idx []I, plane, od, i0, i1 int) {
	H, W := p.in[1], p.in[2]
	Ho, Wo := p.out[1], p.out[2]
	B := i1 - i0
	withIdx := idx != nil
	outOff := plane*p.outPlane + (od*Ho+i0)*Wo
	dV := dst[outOff : outOff+B*Wo]
	rlo, rhi := adStart(i0, H, Ho), adEnd(i1-1, H, Ho)
	nr := rhi - rlo
	var z0 T
	s.reserve(nr*Wo*int(unsafe.Sizeof(z0)) + (nr+B)*Wo*4 + 64)
	hs := take[T](s, nr*Wo)
	var hI, dI []int32
	if withIdx {
		hI = take[int32](s, nr*Wo)
		dI = take[int32](s, B*Wo)
	}
	d0, d1 := adStart(od, p.in[0], p.out[0]), adEnd(od, p.in[0], p.out[0])
	for z := d0; z < d1; z++ {
		rowsMaxSeg(pl, hs, hI, z*H*W, rlo, rhi, W, Wo, withIdx)
		for i := i0; i < i1; i++ {
			h0, h1 := adStart(i, H, Ho), adEnd(i, H, Ho)
			drow := dV[(i-i0)*Wo:][:Wo]
			var dirow []int32
			if withIdx {
				dirow = dI[(i-i0)*Wo:][:Wo]
			}
			for y := h0; y < h1; y++ {
				srow := hs[(y-rlo)*Wo:][:Wo]
				if z == d0 && y == h0 {
					copy(drow, srow)
					if withIdx {
						copy(dirow, hI[(y-rlo)*Wo:][:Wo])
					}
					continue
				}
				if withIdx {
					maxIdxRect(drow, dirow, Wo, srow, hI[(y-rlo)*Wo:], Wo, 1, Wo)
				} else {
					maxRect(drow, Wo, srow, Wo, 1, 1, Wo)
				}
			}
		}
	}
	if withIdx {
		writeIdx(idx[outOff:outOff+B*Wo], dI, 0)
	}
}

// rowsMaxSeg reduces each row segment [adStart, adEnd) of rows [rlo, rhi) of
// the slice starting at zoff with std::max_element semantics into hs (and
// the plane index of the chosen element into hI).
func rowsMaxSeg[T Number](pl, hs []T, hI []int32, zoff, rlo, rhi, W, Wo int, withIdx bool) {
	for r := rlo; r < rhi; r++ {
		rowOff := zoff + r*W
		row := pl[rowOff : rowOff+W]
		hrow := hs[(r-rlo)*Wo:][:Wo]
		for c := 0; c < Wo; c++ {
			w0, w1 := adStart(c, W, Wo), adEnd(c, W, Wo)
			m, mi := row[w0], w0
			for x := w0 + 1; x < w1; x++ {
				if v := row[x]; v > m {
					m, mi = v, x
				}
			}
			hrow[c] = m
			if withIdx {
				hI[(r-rlo)*Wo+c] = int32(rowOff + mi)
			}
		}
	}
}

func adAvgUnitsFloat[T Number](j *job, s *scratch, lo, hi int) {
	p := &j.ap
	src := unsafe.Slice((*T)(j.src), p.planes*p.inPlane)
	dst := unsafe.Slice((*T)(j.dst), p.planes*p.outPlane)
	var t adAvgTables[T]
	if p.out[2] > 1 {
		t = newAdAvgTables[T](p, s)
	}
	for u := lo; u < hi; u++ {
		plane, od, i0, i1 := j.unitAd(u)
		adAvgBlockFloat(p, &t, src[plane*p.inPlane:][:p.inPlane], dst, plane, od, i0, i1)
	}
}

// adAvgTables holds what every plane of a unit chunk shares: the W window
// bounds, the column-sum row and, for one output depth, the divisors of
// every output of a slice.
type adAvgTables[T Number] struct {
	col, den []T
	wb       []int32
	od       int // depth the divisors are for, -1 before the first
}

func newAdAvgTables[T Number](p *adPlan, s *scratch) adAvgTables[T] {
	var z0 T
	W, Ho, Wo := p.in[2], p.out[1], p.out[2]
	s.reserve((W+Ho*Wo)*int(unsafe.Sizeof(z0)) + 8*Wo + 128)
	return adAvgTables[T]{col: take[T](s, W), wb: adBounds(s, W, Wo), den: take[T](s, Ho*Wo), od: -1}
}

// adAvgBlockFloat sums each window column-wise first (one fold over the
// window's rows, SIMD across the input width), then along W, and divides
// by the window volumes. Windows spanning whole rows (Wo == 1) are
// contiguous and summed in one pass.
func adAvgBlockFloat[T Number](p *adPlan, t *adAvgTables[T], pl, dst []T, plane, od, i0, i1 int) {
	H, W := p.in[1], p.in[2]
	Ho, Wo := p.out[1], p.out[2]
	d0, d1 := adStart(od, p.in[0], p.out[0]), adEnd(od, p.in[0], p.out[0])
	o := plane*p.outPlane + (od*Ho+i0)*Wo
	if Wo == 1 {
		for i := i0; i < i1; i++ {
			h0, h1 := adStart(i, H, Ho), adEnd(i, H, Ho)
			var sum T
			if h0 == 0 && h1 == H {
				sum = sumSlice(pl[d0*H*W : d1*H*W])
			} else {
				for z := d0; z < d1; z++ {
					sum += sumSlice(pl[(z*H+h0)*W : (z*H+h1)*W])
				}
			}
			dst[o] = sum / T((d1-d0)*(h1-h0)*W)
			o++
		}
		return
	}
	if t.od != od {
		for i := 0; i < Ho; i++ {
			n := (d1 - d0) * (adEnd(i, H, Ho) - adStart(i, H, Ho))
			for c := 0; c < Wo; c++ {
				t.den[i*Wo+c] = T(n * int(t.wb[2*c+1]-t.wb[2*c]))
			}
		}
		t.od = od
	}
	col, wb := t.col, t.wb
	o0 := o
	for i := i0; i < i1; i++ {
		h0, h1 := adStart(i, H, Ho), adEnd(i, H, Ho)
		for z := d0; z < d1; z++ {
			foldAdd(col, 0, pl[(z*H+h0)*W:], 0, 1, W, h1-h0, 1, W, z > d0, 1)
		}
		for c := 0; c < Wo; c++ {
			var sum T
			for _, v := range col[wb[2*c]:wb[2*c+1]] {
				sum += v
			}
			dst[o] = sum
			o++
		}
	}
	divRect(dst[o0:o], o-o0, t.den[i0*Wo:], 1, o-o0)
}

func adAvgUnitsInt[T Number](j *job, s *scratch, lo, hi int) {
	p := &j.ap
	src := unsafe.Slice((*T)(j.src), p.planes*p.inPlane)
	dst := unsafe.Slice((*T)(j.dst), p.planes*p.outPlane)
	signed := kindOf[T]() == kSigned
	wide := unsafe.Sizeof(src[0]) == 8
	H, W := p.in[1], p.in[2]
	Ho, Wo := p.out[1], p.out[2]
	for u := lo; u < hi; u++ {
		plane, od, i0, i1 := j.unitAd(u)
		pl := src[plane*p.inPlane:][:p.inPlane]
		out := dst[plane*p.outPlane+(od*Ho+i0)*Wo:][:(i1-i0)*Wo]
		d0, d1 := adStart(od, p.in[0], p.out[0]), adEnd(od, p.in[0], p.out[0])
		o := 0
		for i := i0; i < i1; i++ {
			h0, h1 := adStart(i, H, Ho), adEnd(i, H, Ho)
			for c := 0; c < Wo; c++ {
				w0, w1 := adStart(c, W, Wo), adEnd(c, W, Wo)
				var acc acc128
				var s64 int64
				var u64 uint64
				for z := d0; z < d1; z++ {
					for y := h0; y < h1; y++ {
						for _, v := range pl[(z*H+y)*W:][w0:w1] {
							switch {
							case wide:
								accAdd(&acc, v, signed)
							case signed:
								s64 += int64(v)
							default:
								u64 += uint64(v)
							}
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
				n := (d1 - d0) * (h1 - h0) * (w1 - w0)
				out[o] = T(acc.divRound(uint64(n), signed))
				o++
			}
		}
	}
}
