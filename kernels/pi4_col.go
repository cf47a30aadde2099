package kernels

import (
	"math"
	"unsafe"
)

// MaxPool with indices, columns first (round 14, helper pi).
//
// The reference's result for a window is its maximum M and the plane offset
// of the first element, in (d, h, w) scan order, that compares equal to M
// (pi_idx.go). Plane offsets grow with scan order, so that element is the
// one of smallest offset among those equal to M, whatever order the window
// is searched in. The block here uses that:
//
//  1. Column table. For each output row (od, oh) the window rows (valid
//     depth taps × valid H taps) are folded column by column, in scan
//     order, with the indexed strict-">" fold (foldMaxIdxLin, vectorised,
//     the index being the plane offset): cv[x] is the column's maximum and
//     ci[x] the offset of the first element of column x equal to it (every
//     earlier element of the column is below it or NaN). A column holding
//     nothing above lowest keeps (lowest, 0).
//  2. Values. M per output from the values-only W pass over the table
//     (maxPass.wpass: stride, dilation and pads of the W axis, vectorised).
//  3. Index. Among the window's columns, the smallest ci[x] with cv[x] == M
//     (±0 compare equal, as in the reference; NaN never is a column
//     maximum): only column x can hold an element equal to M first, at
//     ci[x]. The value written is the element's own bits; M not above
//     lowest gives lowest and index 0 (the 1-D rows plan: the row's first
//     offset), as the reference.
//
// When an output row's window is a single input row (one depth tap, one H
// tap: 1-D rows, single-tap axes, thin windows) the input row is the table
// (no fold) and the index is the first column equal to M.
//
// Against the W-first indexed kernels (tap tables, indexed W and H passes,
// index blends in every pass) this does the index work once per output row
// in the column fold, and none in the W pass: it wins where the W pass
// dominates (dilated or overlapping W windows on narrow rows, few outputs a
// row) and the window rows are not shared much between output rows.

// pi4MaxBytes bounds the bytes of the column table a sub-block of rows uses.
const pi4MaxBytes = 32 << 10

// pi4Use reports whether MaxPool job j (indices requested, storage T,
// planned by planRows) takes the column-first block.
func pi4Use[T Number](j *job) bool {
	p := &j.wp
	if !j.flag || p.inPlane == 0 || p.kernelVol < 2 || !pi4Type[T]() {
		return false
	}
	return pi4Rule(j, int(unsafe.Sizeof(*new(T))))
}

// pi4Type: element types whose indexed column fold is vectorised (float32
// on AVX2, 4- and 8-byte elements on AVX-512) or cheap in Go.
func pi4Type[T Number]() bool {
	return !poolIsHalf[T]() && unsafe.Sizeof(*new(T)) >= 4
}

// pi4Rule is the geometry rule of pi4Use: 2- or 3-D windows over rows of
// at most 40 elements and 8 outputs, at least 8 window rows (valid depth ×
// H taps) per output row for each output row sharing them (the overlap
// along depth and H, ∏ max(1, k/s) over axes of more than one output, at
// most 3), a column fold of at least 10× the search's taps (window rows ×
// W against Wo × W taps) and at least 32 elements a fold call. Measured on
// every 4- and 8-byte MaxPool with indices of the sweeps with seeds 1, 7,
// 11, 23, 31 and 101 (CPU time, docs/performance.md "Round 14 (pi)"): the
// block takes 0.18–0.73× the time of the kernels it replaces on those it
// picks; on narrow rows with shared window rows (overlap above 3) or few
// window rows the W-first kernels reuse more than the fold saves, on wide
// rows the scalar search costs more than the vectorised indexed W pass,
// and on tiny planes the fold calls cost their setup.
func pi4Rule(j *job, sz int) bool {
	p := &j.wp
	if j.ints[0] != 0 || p.nsp < 2 {
		return false
	}
	W, Wo := p.in[2], p.out[2]
	if Wo > 8 || W > 40 {
		return false
	}
	rows, ov := 1, 16 // ov: the overlap in sixteenths
	for a := 0; a < 2; a++ {
		rows *= min(p.k[a], (p.in[a]+p.d[a]-1)/p.d[a])
		if p.out[a] > 1 {
			ov = ov * max(p.s[a], min(p.k[a], p.in[a])) / p.s[a]
		}
	}
	kx := min(p.k[2], (W+p.d[2]-1)/p.d[2])
	// Elements an indexed fold call takes per output row (its taps: the H
	// taps, or the depth taps when the H window is one row): small calls
	// (tiny planes) cost their setup, and the block was then measured at
	// the reference's time (f32 4×377×30×9×4 k[4,6,3], 24 a call).
	per := min(p.k[1], (p.in[1]+p.d[1]-1)/p.d[1])
	if per == 1 {
		per = min(p.k[0], (p.in[0]+p.d[0]-1)/p.d[0])
	}
	if ov <= 48 && rows*16 >= 8*ov && rows*W >= 10*Wo*kx && per*W >= 32 {
		return true
	}
	// Whole planes (pi4PlanePlan): the fold calls take many output depths
	// or rows, so the call setup no longer bounds small rows; the rows
	// need 4 columns and 12 window rows, most output depths must be
	// interior (border depths are runs of one) and the overlap may reach
	// 4.5.
	ilo, ihi := interior(p.s[0], p.pb[0], p.d[0], p.k[0], p.in[0], p.out[0])
	return pi4PlaneFits(j, sz) && W >= 4 && rows >= 12 && ov <= 72 && rows*W >= 8*Wo*kx && 2*(ihi-ilo) >= p.out[0]
}

// pi4MaxRunner runs the column-first indexed units of a MaxPool job.
type pi4MaxRunner[T Number, I Index] struct{}

func (pi4MaxRunner[T, I]) run(j *job, s *scratch, lo, hi int) { pi4MaxUnits[T, I](j, s, lo, hi) }

// pi4MaxUnits runs units [lo, hi) (planRows units: plane, output depth,
// block of output rows).
func pi4MaxUnits[T Number, I Index](j *job, s *scratch, lo, hi int) {
	src, dst, idx := piTensors[T, I](j)
	b := piScratchFor[T](j, s, true)
	for u := lo; u < hi; u++ {
		plane, od, i0, i1 := j.unitRows(u)
		for a := i0; a < i1; a += b.sb {
			pi4MaxBlock(j, src, dst, idx, b.cv, b.ci, b.dI, b.cx, plane, od, a, min(i1, a+b.sb))
		}
	}
}

// pi4MaxBlock computes output rows [i0, i1) of output depth od of one
// plane, values and indices (see above); cv and ci are scratch of
// (i1−i0)·W elements, dI of (i1−i0)·Wo, cx the column table of pi4MaxUnits.
func pi4MaxBlock[T Number, I Index](j *job, src, dst []T, idx []I, cv []T, ci, dI, cx []int32, plane, od, i0, i1 int) {
	b := piBlockFor(j, src, dst, dI, plane, od, i0, i1)
	p, H, W, Wo, B, low, pin := b.p, b.H, b.W, b.Wo, b.B, b.low, b.pin
	s0, s1, d0, d1, d2 := p.s[0], p.s[1], p.d[0], p.d[1], p.d[2]
	zlo, zhi, outOff, out, dI, rowsPlan := b.zlo, b.zhi, b.outOff, b.out, b.dI, b.rowsPlan
	m := maxPass[T, T]{p: p, low: low, i0: i0, i1: i1, hs: out}
	m.cl, m.ch = interior(p.s[2], p.pb[2], d2, p.k[2], W, Wo)
	zoff0 := (od*s0 - p.pb[0] + zlo*d0) * H * W

	if zhi-zlo == 1 && (rowsPlan || p.k[1] == 1) {
		// One window row per output row: the input rows are the table.
		lin := rowsPlan || s1 == 1 && i0*s1-p.pb[1] >= 0 && (i1-1)*s1-p.pb[1] < H
		if lin {
			// Consecutive rows: one W pass.
			m.wpass(pin, 0, zoff0+(i0*s1-p.pb[1])*W, 0, B)
		}
		for i := i0; i < i1; i++ {
			o := (i - i0) * Wo
			ylo, yhi := 0, 1
			if !rowsPlan {
				ylo, yhi = tapWin(i, s1, p.pb[1], d1, 1, H)
			}
			def := int32(0)
			if rowsPlan {
				def = int32(i * W) // the row is a plane: its first offset
			}
			if ylo == yhi {
				fill(out[o:o+Wo], low)
				fill(dI[o:o+Wo], def)
				continue
			}
			r := zoff0 + (i*s1-p.pb[1])*W
			if !lin {
				m.wpass(pin, 0, r, i-i0, 1)
			}
			row := pin[r : r+W]
			for c := 0; c < Wo; c++ {
				x, n := int(cx[2*c]), int(cx[2*c+1])
				v := out[o+c]
				if !(v > low) {
					out[o+c], dI[o+c] = low, def
					continue
				}
				for t := 0; t < n && row[x] != v; t++ {
					x += d2
				}
				out[o+c], dI[o+c] = row[x], int32(r+x)
			}
		}
		pi4WriteIdx(j, idx, dI, plane, outOff)
		return
	}

	if zhi == zlo {
		// No depth tap inside the input: nothing is taken.
		fill(out, low)
		fill(dI, 0)
		pi4WriteIdx(j, idx, dI, plane, outOff)
		return
	}
	// The column table of every output row: depth and H taps in scan order,
	// per run of output rows sharing their valid H taps.
	DS := d0 * H * W // offset between depth taps
	rows := newRunIter(s1, p.pb[1], d1, p.k[1], H, p.out[1], i0, i1)
	for {
		i, i2, ylo, yhi, ok := rows.next()
		if !ok {
			break
		}
		o := (i - i0) * W
		if ylo == yhi {
			fill(cv[o:(i2-i0)*W], low)
			fill(ci[o:(i2-i0)*W], 0)
			continue
		}
		r := zoff0 + (i*s1-p.pb[1]+ylo*d1)*W
		nrows, ncols := i2-i, W
		if s1 == 1 {
			// Source, table and offsets all W apart: one long row.
			nrows, ncols = 1, (i2-i)*W
		}
		pi4Fold(cv[o:], ci[o:], W, pin, r, s1*W, nrows, ncols, zhi-zlo, yhi-ylo, DS, d1*W, low)
	}

	m.wpass(cv, 0, 0, 0, B)
	pi4Search(out, dI, cv, ci, cx, pin, B, W, Wo, d2, low)
	pi4WriteIdx(j, idx, dI, plane, outOff)
}

// pi4Fold folds, for nrows output rows (src and index stride sr, table
// stride ds), the window rows of zt depth taps (DS apart) × yt H taps (HS
// apart) starting at plane offset r into the column table cv, ci, in scan
// order: ncols columns, the index of each element its plane offset.
func pi4Fold[T Number](cv []T, ci []int32, ds int, pin []T, r, sr, nrows, ncols, zt, yt, DS, HS int, low T) {
	if yt == 1 {
		// One H tap: the depth taps are the fold's taps (scan order).
		foldMaxIdxLin(cv, ci, ds, pin[r:], sr, 1, DS, zt, nrows, ncols, low, false, int32(r), int32(sr), 1, int32(DS))
		return
	}
	for kz := 0; kz < zt; kz++ {
		q := r + kz*DS
		foldMaxIdxLin(cv, ci, ds, pin[q:], sr, 1, HS, yt, nrows, ncols, low, kz > 0, int32(q), int32(sr), 1, int32(HS))
	}
}

// pi4Search finishes rows output rows whose maxima the W pass left in out:
// per output, the smallest offset ci[x] among its window's columns with
// cv[x] equal to the maximum (lowest and offset 0 when nothing is above
// lowest), and that element's bits.
func pi4Search[T Number](out []T, dI []int32, cv []T, ci, cx []int32, pin []T, rows, W, Wo, d2 int, low T) {
	for i := 0; i < rows; i++ {
		o := i * Wo
		crow := cv[i*W:][:W]
		irow := ci[i*W:][:W]
		for c := 0; c < Wo; c++ {
			x, n := int(cx[2*c]), int(cx[2*c+1])
			v := out[o+c]
			if !(v > low) {
				out[o+c], dI[o+c] = low, 0
				continue
			}
			bi := int32(math.MaxInt32)
			for t := 0; t < n; t++ {
				k := irow[x]
				if crow[x] != v {
					k = math.MaxInt32
				}
				bi = min(bi, k)
				x += d2
			}
			out[o+c], dI[o+c] = pin[bi], bi
		}
	}
}

// pi4PlanePlan makes the units of job j (pi4Use) whole planes — every
// output depth and row of a plane in one block (pi4PlaneBlock) — when a
// plane's column table fits pi4MaxBytes and it has more than one output
// depth: the fold calls then take the output depths (or rows) of a run as
// their rows, instead of one call per output row and depth tap. It
// reports whether it did.
func pi4PlanePlan[T Number](j *job, threads int) bool {
	p := &j.wp
	if !pi4PlaneFits(j, int(unsafe.Sizeof(*new(T)))) {
		return false
	}
	j.units = p.planes
	j.chunk = max(1, min(j.units/(16*threads), (1<<14)/max(1, p.outPlane)))
	return true
}

// pi4PlaneFits reports whether whole-plane units suit job j (elements of
// sz bytes): more than one output depth, one block of rows per plane and
// a plane's column table within pi4MaxBytes.
func pi4PlaneFits(j *job, sz int) bool {
	p := &j.wp
	return p.out[0] >= 2 && j.nb == 1 && p.out[0]*p.out[1]*p.in[2]*(sz+4) <= pi4MaxBytes
}

// pi4PlaneRunner runs whole-plane units (pi4PlanePlan).
type pi4PlaneRunner[T Number, I Index] struct{}

func (pi4PlaneRunner[T, I]) run(j *job, s *scratch, lo, hi int) {
	p := &j.wp
	src, dst, idx := piTensors[T, I](j)
	var z T
	W, Wo, n := p.in[2], p.out[2], p.out[0]*p.out[1]
	s.reserve(n*W*(int(unsafe.Sizeof(z))+4) + n*Wo*4 + 8*Wo + 128)
	cv := take[T](s, n*W)
	ci := take[int32](s, n*W)
	dI := take[int32](s, n*Wo)
	cx := pi4Cols(s, p)
	for plane := lo; plane < hi; plane++ {
		pi4PlaneBlock(j, src, dst, idx, cv, ci, dI, cx, plane)
	}
}

// pi4PlaneBlock computes every output of one plane, values and indices:
// pi4MaxBlock over all output depths and rows at once.
func pi4PlaneBlock[T Number, I Index](j *job, src, dst []T, idx []I, cv []T, ci, dI, cx []int32, plane int) {
	p := &j.wp
	D, H, W := p.in[0], p.in[1], p.in[2]
	Do, Ho, Wo := p.out[0], p.out[1], p.out[2]
	s0, s1, d0, d1 := p.s[0], p.s[1], p.d[0], p.d[1]
	n := Do * Ho
	low := lowest[T]()
	pin := src[plane*p.inPlane:][:p.inPlane]
	outOff := plane * p.outPlane
	out := dst[outOff : outOff+n*Wo]
	dI = dI[:n*Wo]
	DS, ZS := d0*H*W, s0*H*W // offsets between depth taps, output depths
	zr := newRunIter(s0, p.pb[0], d0, p.k[0], D, Do, 0, Do)
	for {
		o, o2, zlo, zhi, ok := zr.next()
		if !ok {
			break
		}
		yr := newRunIter(s1, p.pb[1], d1, p.k[1], H, Ho, 0, Ho)
		for {
			i, i2, ylo, yhi, ok := yr.next()
			if !ok {
				break
			}
			if zlo == zhi || ylo == yhi {
				for od := o; od < o2; od++ {
					a := (od*Ho + i) * W
					fill(cv[a:a+(i2-i)*W], low)
					fill(ci[a:a+(i2-i)*W], 0)
				}
				continue
			}
			// Offset of the first window row of output (o, i).
			r0 := (o*s0-p.pb[0]+zlo*d0)*H*W + (i*s1-p.pb[1]+ylo*d1)*W
			if o2-o >= i2-i {
				// The run's output depths are the fold's rows.
				for ii := i; ii < i2; ii++ {
					a := (o*Ho + ii) * W
					pi4Fold(cv[a:], ci[a:], Ho*W, pin, r0+(ii-i)*s1*W, ZS, o2-o, W, zhi-zlo, yhi-ylo, DS, d1*W, low)
				}
			} else {
				for od := o; od < o2; od++ {
					a := (od*Ho + i) * W
					pi4Fold(cv[a:], ci[a:], W, pin, r0+(od-o)*ZS, s1*W, i2-i, W, zhi-zlo, yhi-ylo, DS, d1*W, low)
				}
			}
		}
	}
	m := maxPass[T, T]{p: p, low: low, i0: 0, i1: n, hs: out}
	m.cl, m.ch = interior(p.s[2], p.pb[2], p.d[2], p.k[2], W, Wo)
	m.wpass(cv, 0, 0, 0, n)
	pi4Search(out, dI, cv, ci, cx, pin, n, W, Wo, p.d[2], low)
	pi4WriteIdx(j, idx, dI, plane, outOff)
}

// pi4Cols returns, in scratch, per output column the offset of its first
// valid W tap and their count.
func pi4Cols(s *scratch, p *winPlan) []int32 {
	Wo := p.out[2]
	cx := take[int32](s, 2*Wo)
	for c := 0; c < Wo; c++ {
		xlo, xhi := tapWin(c, p.s[2], p.pb[2], p.d[2], p.k[2], p.in[2])
		cx[2*c], cx[2*c+1] = int32(c*p.s[2]-p.pb[2]+xlo*p.d[2]), int32(xhi-xlo)
	}
	return cx
}

// pi4WriteIdx stores the block's plane offsets dI as the tensor's indices
// from output offset outOff.
func pi4WriteIdx[I Index](j *job, idx []I, dI []int32, plane, outOff int) {
	piWriteIdx(j, idx, dI, plane, outOff)
}
