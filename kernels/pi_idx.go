package kernels

import (
	"math"
	"unsafe"
)

// MaxPool with indices, values first (round 12, helper pi).
//
// The reference folds each window in (d, h, w) scan order from lowest with
// a strict ">": its value is the window's maximum M and its index the plane
// offset of the first element, in scan order, that compares equal to M
// (plane offsets grow with scan order, so that is also the smallest such
// offset); when no element is above lowest (every tap lowest or NaN, or no
// tap), the value is lowest and the index 0 (the 1-D rows plan: the row's
// first offset). Two elements compare equal with different bits only for
// +0 and −0, and the value the reference returns is the bits of the
// element it took.
//
// So the indexed block here computes, order-free, the column maxima of each
// output row's window rows (depth and H taps first: contiguous values-only
// folds, hs), then per output its maximum M over the window's columns of hs,
// and locates the element: among the window's columns whose column maximum
// equals M (usually one), the first window row (in scan order) holding M,
// ties between columns going to the leftmost. The output value is the
// element's own bits and the index its plane offset — the reference's,
// bit for bit, with no index work in the folds. That replaces the indexed
// W pass over narrow rows (tap-table gathers with a blend chain per tap)
// and the scalar direct folds of the tiny path.

// piMaxBytes bounds the bytes of hs a sub-block of rows uses.
const piMaxBytes = 32 << 10

// piUse reports whether MaxPool job j (indices requested, storage T, planned
// by planRows) takes the values-first indexed block.
func piUse[T Number](j *job) bool {
	p := &j.wp
	if !j.flag || poolIsHalf[T]() || p.inPlane == 0 || p.kernelVol < 2 {
		return false
	}
	return piRule[T](j)
}

// piRule is the geometry rule of piUse: f32/f64 (measured; integers keep
// their paths), a 2- or 3-D window over rows at most piMaxW wide, at least
// piMinRows window rows (valid depth × H taps) and little overlap between
// the windows of neighbouring outputs along depth and H (at most
// piMaxOverlap window rows per input row read): this block recomputes the
// column maxima of every output row, where the W-first kernels pool each
// input row once and the depth plan each slice once. Measured (CPU time,
// sweep geometries with W ≤ 12): max f32 5×500×7×18×6 k[3,10,11] s[6,6,1]
// 0.73× the current kernel, f64 13×211×17×6×7 k[8,7,4] s[6,5,1] 0.60×;
// lost on f32 3×466×10×28×4 k[4,11,2] s[1,3,5] (overlap 15: 1.67×), f32
// 7×101×9×7×20 k[4,6,5] s[3,2,5] (overlap 4, W 20: 1.27×), f32
// 1×218×11×23×2 k[4,2,3] (8 rows: 3.5×), f64 5×36×34×15×12 k[10,11,6]
// s[3,6,2] (overlap 6, W 12: 1.5×).
func piRule[T Number](j *job) bool {
	p := &j.wp
	if kindOf[T]() > kFloat64 || j.ints[0] != 0 || p.nsp < 2 || p.in[2] > piMaxW {
		return false
	}
	rows := min(p.k[0], p.in[0]) * min(p.k[1], p.in[1])
	// Overlap in quarters: ∏ max(1, k/s) along depth and H.
	ov := 16
	for a := 0; a < 2; a++ {
		ov = ov * max(p.s[a], min(p.k[a], p.in[a])) / p.s[a]
	}
	return rows >= piMinRows && ov <= piMaxOverlap16
}

// The limits of piRule (piMaxOverlap16 in sixteenths).
const (
	piMaxW         = 8
	piMinRows      = 24
	piMaxOverlap16 = 40
)

// piMaxRunner runs the values-first indexed units of a MaxPool job.
type piMaxRunner[T Number, I Index] struct{}

func (piMaxRunner[T, I]) run(j *job, s *scratch, lo, hi int) { piMaxUnits[T, I](j, s, lo, hi) }

// piMaxUnits runs units [lo, hi) (planRows units: plane, output depth,
// block of output rows).
func piMaxUnits[T Number, I Index](j *job, s *scratch, lo, hi int) {
	src, dst, idx := piTensors[T, I](j)
	b := piScratchFor[T](j, s, false)
	for u := lo; u < hi; u++ {
		plane, od, i0, i1 := j.unitRows(u)
		for a := i0; a < i1; a += b.sb {
			piMaxBlock(j, src, dst, idx, b.cv, b.dI, b.cx, plane, od, a, min(i1, a+b.sb))
		}
	}
}

// piScratch is the scratch of the per-row indexed blocks (piMaxBlock,
// pi4MaxBlock) for sub-blocks of sb output rows: the column maxima cv
// (sb·W), their offsets ci (sb·W, pi4 only), the index scratch dI (sb·Wo)
// and the column table cx (pi4Cols).
type piScratch[T Number] struct {
	cv         []T
	ci, dI, cx []int32
	sb         int
}

// piScratchFor takes job j's piScratch from s: with ci (pi4MaxBlock) the
// sub-blocks hold the offsets too within pi4MaxBytes, else the maxima
// within piMaxBytes.
func piScratchFor[T Number](j *job, s *scratch, ci bool) piScratch[T] {
	p := &j.wp
	W, Wo := p.in[2], p.out[2]
	per, lim := int(unsafe.Sizeof(*new(T))), piMaxBytes
	if ci {
		per, lim = per+4, pi4MaxBytes
	}
	b := piScratch[T]{sb: max(1, min(j.bRows, lim/max(1, W*per)))}
	s.reserve(b.sb*W*per + b.sb*Wo*4 + 8*Wo + 128)
	b.cv = take[T](s, b.sb*W)
	if ci {
		b.ci = take[int32](s, b.sb*W)
	}
	b.dI = take[int32](s, b.sb*Wo)
	b.cx = pi4Cols(s, p)
	return b
}

// piTensors returns the source, output and index tensors of MaxPool job j.
func piTensors[T Number, I Index](j *job) (src, dst []T, idx []I) {
	p := &j.wp
	return unsafe.Slice((*T)(j.src), p.inLen()), unsafe.Slice((*T)(j.dst), p.outLen()), unsafe.Slice((*I)(j.idx), p.outLen())
}

// piBlock is the setup piMaxBlock and pi4MaxBlock share for output rows
// [i0, i1) of output depth od of one plane: the plane's input pin, the
// valid depth taps [zlo, zhi), the block's outputs out (from output offset
// outOff) and its index scratch dI, and whether the rows are planes
// (poolRowsPlan).
type piBlock[T Number] struct {
	p           *winPlan
	H, W, Wo, B int
	low         T
	pin, out    []T
	dI          []int32
	zlo, zhi    int
	outOff      int
	rowsPlan    bool
}

func piBlockFor[T Number](j *job, src, dst []T, dI []int32, plane, od, i0, i1 int) piBlock[T] {
	p := &j.wp
	b := piBlock[T]{p: p, H: p.in[1], W: p.in[2], Wo: p.out[2], B: i1 - i0, low: lowest[T](), rowsPlan: j.ints[0] == 1}
	b.pin = src[plane*p.inPlane:][:p.inPlane]
	b.zlo, b.zhi = tapWin(od, p.s[0], p.pb[0], p.d[0], p.k[0], p.in[0])
	b.outOff = plane*p.outPlane + (od*p.out[1]+i0)*b.Wo
	b.out = dst[b.outOff : b.outOff+b.B*b.Wo]
	b.dI = dI[:b.B*b.Wo]
	return b
}

// piMaxBlock computes output rows [i0, i1) of output depth od of one plane,
// values and indices (see above); hs and dI are scratch of (i1−i0)·W and
// (i1−i0)·Wo elements, cx the column table of piMaxUnits.
func piMaxBlock[T Number, I Index](j *job, src, dst []T, idx []I, hs []T, dI, cx []int32, plane, od, i0, i1 int) {
	b := piBlockFor(j, src, dst, dI, plane, od, i0, i1)
	p, H, W, Wo, B, low, pin := b.p, b.H, b.W, b.Wo, b.B, b.low, b.pin
	s0, s1, d0, d1, d2 := p.s[0], p.s[1], p.d[0], p.d[1], p.d[2]
	zlo, zhi, outOff, out, dI, rowsPlan := b.zlo, b.zhi, b.outOff, b.out, b.dI, b.rowsPlan

	// Column maxima of every output row's window rows: depth and H taps.
	first := true
	for kz := zlo; kz < zhi; kz++ {
		zoff := (od*s0 - p.pb[0] + kz*d0) * H * W
		rows := newRunIter(s1, p.pb[1], d1, p.k[1], H, p.out[1], i0, i1)
		for {
			i, i2, ylo, yhi, ok := rows.next()
			if !ok {
				break
			}
			o := (i - i0) * W
			if ylo == yhi {
				if first {
					fill(hs[o:(i2-i0)*W], low)
				}
				continue
			}
			r := zoff + (i*s1-p.pb[1]+ylo*d1)*W
			nrows, ncols := i2-i, W
			if s1 == 1 {
				// Source and destination rows both W apart: one long row.
				nrows, ncols = 1, (i2-i)*W
			}
			if yhi-ylo == 1 && nrows == 1 && first && !pvIsFloat[T]() {
				// (Floats go through the fold: it leaves no NaN, which a
				// later depth tap's fold would keep.)
				copy(hs[o:o+ncols], pin[r:r+ncols])
				continue
			}
			foldMax(hs[o:], W, pin[r:], s1*W, 1, d1*W, yhi-ylo, nrows, ncols, low, !first)
		}
		first = false
	}
	if first {
		// No depth tap inside the input: nothing is taken.
		fill(out, low)
		fill(dI, 0)
		if rowsPlan {
			for i := i0; i < i1; i++ {
				fill(dI[(i-i0)*Wo:(i-i0+1)*Wo], int32(i*W))
			}
		}
		piWriteIdx(j, idx, dI, plane, outOff)
		return
	}

	// The maximum over the window's columns of hs: the values-only W pass
	// (border columns one by one, no padded copies, no phase split).
	m := maxPass[T, T]{p: p, low: low, i0: i0, i1: i1, hs: out}
	m.cl, m.ch = interior(p.s[2], p.pb[2], d2, p.k[2], W, Wo)
	m.wpass(hs, 0, 0, 0, B)

	// Per output: the first element equal to its maximum, in scan order.
	rstep := d1 * W
	ylo, yhi := 0, 1
	for i := i0; i < i1; i++ {
		if !rowsPlan {
			ylo, yhi = tapWin(i, s1, p.pb[1], d1, p.k[1], H)
		}
		// zr: plane offset of the first window row (depth zlo, row ylo).
		zr := ((od*s0-p.pb[0]+zlo*d0)*H + i*s1 - p.pb[1] + ylo*d1) * W
		hrow := hs[(i-i0)*W:][:W]
		o := (i - i0) * Wo
		def := int32(0)
		if rowsPlan {
			def = int32(i * W) // the row is a plane: its first offset
		}
		for c := 0; c < Wo; c++ {
			x0, n := int(cx[2*c]), int(cx[2*c+1])
			m := out[o+c]
			if !(m > low) {
				out[o+c], dI[o+c] = low, def
				continue
			}
			best, pos := math.MaxInt, 0
		cols:
			for t, x := 0, x0; t < n; t, x = t+1, x+d2 {
				if hrow[x] != m {
					continue
				}
				r := 0
				for kz := zlo; kz < zhi; kz++ {
					q := zr + (kz-zlo)*d0*H*W + x
					for ky := ylo; ky < yhi; ky++ {
						if r >= best {
							continue cols
						}
						if pin[q] == m {
							best, pos = r, q
							if r == 0 {
								break cols
							}
							continue cols
						}
						r++
						q += rstep
					}
				}
			}
			out[o+c], dI[o+c] = pin[pos], int32(pos)
		}
	}
	piWriteIdx(j, idx, dI, plane, outOff)
}

// piWriteIdx stores the block's plane offsets dI as the tensor's indices
// from output offset outOff.
func piWriteIdx[I Index](j *job, idx []I, dI []int32, plane, outOff int) {
	p := &j.wp
	base := j.mode.base(plane/p.c, plane%p.c)
	ix := idx[outOff : outOff+len(dI)]
	if j.mode.modSp == 0 {
		writeIdx(ix, dI, base)
	} else {
		for x, v := range dI {
			ix[x] = I(base + j.mode.sp(uint64(v)))
		}
	}
}
