package kernels

import (
	"context"
	"math"
	"unsafe"
)

// Fast Interpolate. An InterpPlan is built once per static geometry (at Prepare) and holds,
// per axis and output coordinate, everything InterpolateReference recomputes per output
// element: the nearest input index, linear_onnx's two corners and distances, cubic's four
// clamped taps and coefficients, linear's in-range taps and triangle factors. The run
// loops then compute every output element with the reference's arithmetic in the
// reference's order (the same float32 products, in the same tap order, into a sum started
// at +0), so the results are the reference's bit for bit; only where no arithmetic is done
// (nearest copies, and the zero-weight taps described below) does the work change.
//
// Nearest is separable and copies elements: the axes after the last axis whose index
// table is not the identity form contiguous blocks copied whole; an output row whose
// input row is the previous output row's (upscaling) is a copy of that row; the rest is a
// gather through the table. It works on any element type (f16/bf16 bits are copied raw).
//
// Cubic and linear iterate over 4 and 2r+1 taps per interpolated axis, also on axes whose
// scale is 1 (an axes list naming every axis). On such an identity axis every tap but the
// centre one has weight exactly 0 and the centre one weight exactly 1; dropping the axis
// changes no bit of a finite result (x·1 = x, and adding ±0 to the sum, which is never −0,
// leaves it unchanged), so the plan drops it when the input, as float32, is finite —
// checked per run; otherwise the run keeps every tap (0·Inf is NaN in the reference).
//
// Work is split over output rows (the last axis, or nearest's blocks) in chunks of about
// interpUnit elements, run on a Workers.

// interpUnit is the number of output elements of one parallel unit (about).
const interpUnit = 1 << 13

// InterpPlan is the fast Interpolate of one geometry; see NewInterpPlan.
type InterpPlan struct {
	g      InterpGeom
	r      int
	nIn    int
	nOut   int
	inStr  []int
	outLen int // output elements per row (last axis)
	rows   int // output rows

	// nearest
	nOff  [][]int // per axis, per output coordinate: input index · input stride
	nAxis int     // last axis whose table is not the identity (-1: a plain copy)
	nBlk  int     // elements per copied block (product of In after nAxis)
	nRows int     // rows of blocks: product of Out before nAxis
	nRep  int     // k when nAxis's table is i ↦ ⌊i/k⌋ over In·k outputs (pure replication), else 0

	// linear_onnx: spatial trailing axes, per axis and output coordinate
	spatial int
	o1, o2  [][]int
	d1, d2  [][]float32

	// cubic: per interpolated axis (in Axes order) and output coordinate
	cOff  [][][4]int
	cCo   [][][4]float32
	cKeep []bool // axes kept when the input is finite (not identity axes)

	// linear: per interpolated axis and output coordinate, taps [lStart[o], lStart[o+1])
	lStart [][]int
	lOff   [][]int
	lW     [][]float32
	lProdA float32
	lKeep  []bool

	drop   bool // this run drops the identity axes (cubic, linear)
	serial job  // the job of runs on the calling goroutine
}

// NewInterpPlan validates g and precomputes its tables. Every mode and attribute of
// InterpolateReference is covered except linear_onnx geometries whose leading
// (non-spatial) axes change size, which the reference cannot index; for those it returns
// nil and no error (use the reference).
func NewInterpPlan(g InterpGeom) (*InterpPlan, error) {
	if err := g.Validate(); err != nil {
		return nil, err
	}
	if len(g.Axes) > 8 {
		return nil, geomErr("%d axes (at most 8)", len(g.Axes))
	}
	r := len(g.In)
	if g.Mode == InterpCubic || g.Mode == InterpLinear {
		for i, a := range g.Axes {
			if interpAxisPos(g.Axes[:i], a) >= 0 {
				return nil, nil // a repeated axis: the reference's taps overlap
			}
		}
	}
	p := &InterpPlan{g: g, r: r, inStr: rowStrides(g.In)}
	p.g.In, p.g.Out = append([]int(nil), g.In...), append([]int(nil), g.Out...)
	p.g.Axes, p.g.Scales = append([]int(nil), g.Axes...), append([]float32(nil), g.Scales...)
	p.nIn, _ = mulAll(g.In...)
	p.nOut, _ = mulAll(g.Out...)
	p.outLen = g.Out[r-1]
	if p.outLen > 0 {
		p.rows = p.nOut / p.outLen
	}
	all := make([]float32, r)
	for i := range all {
		all[i] = 1
	}
	for i, a := range g.Axes {
		all[a] = g.Scales[i]
	}
	coord := func(a, o int) float32 {
		return originalCoord(g.Coord, float32(o), all[a], float32(g.Out[a]), float32(g.In[a]))
	}
	switch g.Mode {
	case InterpNearest:
		p.nOff = make([][]int, r)
		p.nAxis = -1
		for a := 0; a < r; a++ {
			t := make([]int, g.Out[a])
			ident := g.In[a] == g.Out[a]
			for o := range t {
				x := coord(a, o)
				c := nearestPixel(g.Nearest, x, all[a] < 1)
				c = max(0, min(c, g.In[a]-1))
				ident = ident && c == o
				t[o] = c * p.inStr[a]
			}
			p.nOff[a] = t
			if !ident {
				p.nAxis = a
			}
		}
		p.nBlk, p.nRows = 1, 1
		if p.nAxis >= 0 {
			for a := p.nAxis + 1; a < r; a++ {
				p.nBlk *= g.In[a]
			}
			for a := 0; a < p.nAxis; a++ {
				p.nRows *= g.Out[a]
			}
			L := p.nAxis
			if k := g.Out[L] / max(1, g.In[L]); k >= 2 && g.Out[L] == k*g.In[L] {
				p.nRep = k
				for o, x := range p.nOff[L] {
					if x != (o/k)*p.inStr[L] {
						p.nRep = 0
						break
					}
				}
			}
		}
	case InterpLinearONNX:
		s := g.onnxSpatial()
		for a := 0; a < r-s; a++ {
			if g.In[a] != g.Out[a] {
				return nil, nil
			}
		}
		p.spatial = s
		for j := 0; j < s; j++ {
			a := r - s + j
			n := g.Out[a]
			o1, o2 := make([]int, n), make([]int, n)
			d1, d2 := make([]float32, n), make([]float32, n)
			for o := 0; o < n; o++ {
				x := coord(a, o)
				x = max(0, min(x, float32(g.In[a]-1)))
				c1 := min(int(x), g.In[a]-1)
				c2 := min(c1+1, g.In[a]-1)
				o1[o], o2[o] = c1*p.inStr[a], c2*p.inStr[a]
				d1[o], d2[o] = float32(math.Abs(float64(x-float32(c1)))), float32(math.Abs(float64(x-float32(c2))))
				if c1 == c2 {
					d1[o], d2[o] = 0.5, 0.5
				}
			}
			p.o1, p.o2, p.d1, p.d2 = append(p.o1, o1), append(p.o2, o2), append(p.d1, d1), append(p.d2, d2)
		}
	case InterpCubic:
		for _, a := range g.Axes {
			n := g.Out[a]
			offs, cos := make([][4]int, n), make([][4]float32, n)
			keep := false
			for o := 0; o < n; o++ {
				x := coord(a, o)
				b := int(math.Floor(float64(x)))
				cos[o] = cubicCoeff(x-float32(b), g.CubeCoeff)
				for t := 0; t < 4; t++ {
					offs[o][t] = max(0, min(b+t-1, g.In[a]-1)) * p.inStr[a]
				}
				keep = keep || cos[o] != [4]float32{0, 1, 0, 0} || offs[o][1] != o*p.inStr[a]
			}
			p.cOff, p.cCo, p.cKeep = append(p.cOff, offs), append(p.cCo, cos), append(p.cKeep, keep)
		}
	case InterpLinear:
		li := g.linearInfo()
		p.lProdA = li.prodA
		for i, a := range g.Axes {
			n := g.Out[a]
			start := make([]int, n+1)
			var offs []int
			var ws []float32
			keep := false
			for o := 0; o < n; o++ {
				x := coord(a, o)
				xr := int(math.Round(float64(x)))
				start[o] = len(offs)
				centre := false
				for t := 0; t < 2*li.r[i]+1; t++ {
					c := t + xr - li.r[i]
					if c < 0 || c >= g.In[a] {
						continue
					}
					dz := x - float32(c)
					w := max(0, 1-float32(math.Abs(float64(li.a[i]*dz))))
					offs = append(offs, c*p.inStr[a])
					ws = append(ws, w)
					if c == o && w == 1 {
						centre = true
					} else if w != 0 {
						keep = true
					}
				}
				keep = keep || !centre
			}
			start[n] = len(offs)
			p.lStart, p.lOff, p.lW, p.lKeep = append(p.lStart, start), append(p.lOff, offs), append(p.lW, ws), append(p.lKeep, keep)
		}
	default:
		return nil, geomErr("unsupported interpolation mode %d", g.Mode)
	}
	return p, nil
}

func (p *InterpPlan) check(nSrc, nDst int) error {
	if nSrc != p.nIn || nDst != p.nOut {
		return geomErr("buffers of %d and %d elements for shapes %v and %v", nSrc, nDst, p.g.In, p.g.Out)
	}
	return nil
}

// In returns the (padded) input shape of the plan.
func (p *InterpPlan) In() []int { return p.g.In }

// IsNearest reports whether the plan is a nearest interpolation (InterpolateNearest).
func (p *InterpPlan) IsNearest() bool { return p.g.Mode == InterpNearest }

// InterpolateNearest runs a nearest plan on any element type (values are copied).
func InterpolateNearest[T any](ctx context.Context, w *Workers, p *InterpPlan, src, dst []T) error {
	if p.g.Mode != InterpNearest {
		return geomErr("not a nearest plan")
	}
	if err := p.check(len(src), len(dst)); err != nil {
		return err
	}
	if p.nOut == 0 {
		return nil
	}
	if p.nAxis < 0 {
		copy(dst, src)
		return nil
	}
	rowLen := p.g.Out[p.nAxis] * p.nBlk
	return interpRun(ctx, w, p, unsafe.Pointer(&src[0]), unsafe.Pointer(&dst[0]), p.nRows, rowLen, interpNearestRunner[T]{})
}

// InterpolateFast runs a plan of any mode on T (computing in float32, as the reference).
func InterpolateFast[T Number](ctx context.Context, w *Workers, p *InterpPlan, src, dst []T) error {
	if p.g.Mode == InterpNearest {
		return InterpolateNearest(ctx, w, p, src, dst)
	}
	if err := p.check(len(src), len(dst)); err != nil {
		return err
	}
	if p.nOut == 0 {
		return nil
	}
	var fn runner
	drop := false
	switch p.g.Mode {
	case InterpLinearONNX:
		fn = interpOnnxRunner[T]{}
	case InterpCubic:
		fn = interpCubicRunner[T]{}
		drop = interpFinite(src)
	case InterpLinear:
		fn = interpLinearRunner[T]{}
		drop = interpFinite(src)
	default:
		return geomErr("unsupported interpolation mode %d", p.g.Mode)
	}
	p.drop = drop
	return interpRun(ctx, w, p, unsafe.Pointer(&src[0]), unsafe.Pointer(&dst[0]), p.rows, p.outLen, fn)
}

// interpFinite reports whether every element of src is finite as float32.
func interpFinite[T Number](src []T) bool {
	switch s := any(src).(type) {
	case []float32:
		for _, v := range s {
			if v-v != 0 {
				return false
			}
		}
	case []float64:
		for _, v := range s {
			f := float32(v)
			if f-f != 0 {
				return false
			}
		}
	}
	return true
}

// interpRun runs fn over rows rows of rowLen output elements, in units of whole rows.
func interpRun(ctx context.Context, w *Workers, p *InterpPlan, src, dst unsafe.Pointer, rows, rowLen int, fn runner) error {
	per := max(1, interpUnit/max(1, rowLen))
	units := (rows + per - 1) / per
	if w == nil || w.threadsFor() < 2 || units < 2 {
		// on the caller, through the plan's own job (nothing allocated)
		j := &p.serial
		j.src, j.dst, j.idx = src, dst, unsafe.Pointer(p)
		j.ints = [2]int{per, rows}
		done := ctx.Done()
		for u := 0; u < units; u++ {
			if done != nil {
				select {
				case <-done:
					j.src, j.dst, j.idx = nil, nil, nil
					return ctx.Err()
				default:
				}
			}
			fn.run(j, nil, u, u+1)
		}
		j.src, j.dst, j.idx = nil, nil, nil
		return nil
	}
	j := w.acquire()
	j.fn = fn
	j.src, j.dst, j.idx = src, dst, unsafe.Pointer(p)
	j.ints = [2]int{per, rows}
	j.units = units
	j.chunk = 1
	return w.run(ctx, j, true)
}

// interpRows returns the plan and the row range [lo, hi) of units [ulo, uhi).
func interpRows(j *job, ulo, uhi int) (*InterpPlan, int, int) {
	per, rows := j.ints[0], j.ints[1]
	return (*InterpPlan)(j.idx), ulo * per, min(uhi*per, rows)
}

type interpNearestRunner[T any] struct{}

func (interpNearestRunner[T]) run(j *job, _ *scratch, ulo, uhi int) {
	p, lo, hi := interpRows(j, ulo, uhi)
	src := unsafe.Slice((*T)(j.src), p.nIn)
	dst := unsafe.Slice((*T)(j.dst), p.nOut)
	L, blk := p.nAxis, p.nBlk
	tab := p.nOff[L]
	rowLen := len(tab) * blk
	var idx [maxRank]int
	// output multi-index of row lo over axes [0, L)
	for a, q := L-1, lo; a >= 0; a-- {
		idx[a] = q % p.g.Out[a]
		q /= p.g.Out[a]
	}
	prevBase := -1
	for row := lo; row < hi; row++ {
		base := 0
		for a := 0; a < L; a++ {
			base += p.nOff[a][idx[a]]
		}
		d := dst[row*rowLen : (row+1)*rowLen]
		switch {
		case base == prevBase:
			copy(d, dst[(row-1)*rowLen:row*rowLen])
		case blk == 1 && p.nRep == 2:
			interpRep2(d, src[base:base+len(tab)/2])
		case blk == 1:
			s := src[base:]
			d := d[:len(tab)]
			for i, o := range tab {
				d[i] = s[o]
			}
		case p.nRep > 0:
			k := p.nRep
			for i := 0; i < len(tab); i += k {
				o := tab[i]
				x := src[base+o : base+o+blk]
				for j := 0; j < k; j++ {
					copy(d[(i+j)*blk:(i+j+1)*blk], x)
				}
			}
		default:
			for i, o := range tab {
				copy(d[i*blk:(i+1)*blk], src[base+o:base+o+blk])
			}
		}
		prevBase = base
		for a := L - 1; a >= 0; a-- {
			idx[a]++
			if idx[a] < p.g.Out[a] {
				break
			}
			idx[a] = 0
		}
	}
}

// interpRep2 writes every element of s twice into d (len(d) == 2·len(s)); 4-byte
// elements as one 8-byte store per pair.
func interpRep2[T any](d, s []T) {
	var z T
	if unsafe.Sizeof(z) == 4 && len(s) > 0 && uintptr(unsafe.Pointer(unsafe.SliceData(d)))%8 == 0 {
		d64 := unsafe.Slice((*uint64)(unsafe.Pointer(unsafe.SliceData(d))), len(s))
		s32 := unsafe.Slice((*uint32)(unsafe.Pointer(unsafe.SliceData(s))), len(s))
		for i, x := range s32 {
			d64[i] = uint64(x) | uint64(x)<<32
		}
		return
	}
	d = d[:2*len(s)]
	for i, x := range s {
		d[2*i] = x
		d[2*i+1] = x
	}
}

// interpRowStart returns the output multi-index of the first element of row and the
// input offset of the axes before the last that are not interpolated.
func (p *InterpPlan) rowIndex(row int, idx *[maxRank]int) {
	for a, q := p.r-2, row; a >= 0; a-- {
		idx[a] = q % p.g.Out[a]
		q /= p.g.Out[a]
	}
}

func (p *InterpPlan) nextRow(idx *[maxRank]int) {
	for a := p.r - 2; a >= 0; a-- {
		idx[a]++
		if idx[a] < p.g.Out[a] {
			return
		}
		idx[a] = 0
	}
}

// interpStore writes the float32 results of one row chunk into dst.
func interpStore[T Number](dst []T, v []float32) {
	if d, ok := any(dst).([]float32); ok {
		copy(d, v)
		return
	}
	for i, x := range v {
		dst[i] = fromF32[T](x)
	}
}

const interpChunk = 256

type interpOnnxRunner[T Number] struct{}

func (interpOnnxRunner[T]) run(j *job, _ *scratch, ulo, uhi int) {
	p, lo, hi := interpRows(j, ulo, uhi)
	src := unsafe.Slice((*T)(j.src), p.nIn)
	dst := unsafe.Slice((*T)(j.dst), p.nOut)
	var idx [maxRank]int
	var buf [interpChunk]float32
	p.rowIndex(lo, &idx)
	r, s := p.r, p.spatial
	n := p.outLen
	for row := lo; row < hi; row++ {
		base := 0
		for a := 0; a < r-s; a++ {
			base += idx[a] * p.inStr[a]
		}
		d := dst[row*n : (row+1)*n]
		for c0 := 0; c0 < n; c0 += interpChunk {
			c1 := min(n, c0+interpChunk)
			v := buf[:c1-c0]
			switch s {
			case 1:
				x1, x2, dx1, dx2 := p.o1[0][c0:c1], p.o2[0][c0:c1], p.d1[0][c0:c1], p.d2[0][c0:c1]
				for i := range v {
					var sum float32
					sum += dx2[i] * float32(src[base+x1[i]])
					sum += dx1[i] * float32(src[base+x2[i]])
					v[i] = sum
				}
			case 2:
				y := idx[r-2]
				y1, y2, dy1, dy2 := base+p.o1[0][y], base+p.o2[0][y], p.d1[0][y], p.d2[0][y]
				x1, x2, dx1, dx2 := p.o1[1][c0:c1], p.o2[1][c0:c1], p.d1[1][c0:c1], p.d2[1][c0:c1]
				for i := range v {
					var sum float32
					sum += dy2 * dx2[i] * float32(src[y1+x1[i]])
					sum += dy2 * dx1[i] * float32(src[y1+x2[i]])
					sum += dy1 * dx2[i] * float32(src[y2+x1[i]])
					sum += dy1 * dx1[i] * float32(src[y2+x2[i]])
					v[i] = sum
				}
			default: // 3
				z, y := idx[r-3], idx[r-2]
				z1, z2, dz1, dz2 := base+p.o1[0][z], base+p.o2[0][z], p.d1[0][z], p.d2[0][z]
				y1, y2, dy1, dy2 := p.o1[1][y], p.o2[1][y], p.d1[1][y], p.d2[1][y]
				x1, x2, dx1, dx2 := p.o1[2][c0:c1], p.o2[2][c0:c1], p.d1[2][c0:c1], p.d2[2][c0:c1]
				zy := [4]int{z1 + y1, z1 + y2, z2 + y1, z2 + y2}
				czy := [4]float32{dz2 * dy2, dz2 * dy1, dz1 * dy2, dz1 * dy1}
				for i := range v {
					var sum float32
					for k := 0; k < 4; k++ {
						sum += czy[k] * dx2[i] * float32(src[zy[k]+x1[i]])
						sum += czy[k] * dx1[i] * float32(src[zy[k]+x2[i]])
					}
					v[i] = sum
				}
			}
			interpStore(d[c0:c1], v)
		}
		p.nextRow(&idx)
	}
}

type interpCubicRunner[T Number] struct{}

func (interpCubicRunner[T]) run(j *job, _ *scratch, ulo, uhi int) {
	p, lo, hi := interpRows(j, ulo, uhi)
	drop := p.drop
	src := unsafe.Slice((*T)(j.src), p.nIn)
	dst := unsafe.Slice((*T)(j.dst), p.nOut)
	var idx [maxRank]int
	var buf [interpChunk]float32
	p.rowIndex(lo, &idx)
	r, n := p.r, p.outLen
	// kept axes (in Axes order) other than the last axis of the tensor, and whether the
	// last axis is among them (then it is the innermost varying one per element).
	var ax [8]int
	var lastPos = -1
	k := 0
	for i, a := range p.g.Axes {
		if drop && !p.cKeep[i] {
			continue
		}
		if a == r-1 {
			lastPos = k
		}
		ax[k] = i
		k++
	}
	taps := 1 << (2 * k)
	var isInterp [maxRank]bool
	for _, a := range p.g.Axes {
		isInterp[a] = true
	}
	for row := lo; row < hi; row++ {
		base := 0
		for a := 0; a < r-1; a++ {
			if !isInterp[a] || drop && !p.cKeep[interpAxisPos(p.g.Axes, a)] {
				base += idx[a] * p.inStr[a]
			}
		}
		d := dst[row*n : (row+1)*n]
		for c0 := 0; c0 < n; c0 += interpChunk {
			c1 := min(n, c0+interpChunk)
			v := buf[:c1-c0]
			for i := range v {
				x := c0 + i
				off0 := base
				if !isInterp[r-1] || lastPos < 0 {
					off0 += x
				}
				var sum float32
				for t := 0; t < taps; t++ {
					prod := float32(1)
					off := off0
					for q := 0; q < k; q++ {
						ai := ax[q]
						tap := (t >> (2 * (k - 1 - q))) & 3
						o := x
						if a := p.g.Axes[ai]; a != r-1 {
							o = idx[a]
						}
						prod *= p.cCo[ai][o][tap]
						off += p.cOff[ai][o][tap]
					}
					sum += prod * float32(src[off])
				}
				v[i] = sum
			}
			interpStore(d[c0:c1], v)
		}
		p.nextRow(&idx)
	}
}

// interpAxisPos is the index of axis a in axes (-1 when absent).
func interpAxisPos(axes []int, a int) int {
	for i, x := range axes {
		if x == a {
			return i
		}
	}
	return -1
}

type interpLinearRunner[T Number] struct{}

func (interpLinearRunner[T]) run(j *job, _ *scratch, ulo, uhi int) {
	p, lo, hi := interpRows(j, ulo, uhi)
	drop := p.drop
	src := unsafe.Slice((*T)(j.src), p.nIn)
	dst := unsafe.Slice((*T)(j.dst), p.nOut)
	var idx [maxRank]int
	var buf [interpChunk]float32
	p.rowIndex(lo, &idx)
	r, n := p.r, p.outLen
	var ax [8]int
	k := 0
	lastIn := false
	for i, a := range p.g.Axes {
		if drop && !p.lKeep[i] {
			continue
		}
		lastIn = lastIn || a == r-1
		ax[k] = i
		k++
	}
	var isInterp [maxRank]bool
	for _, a := range p.g.Axes {
		isInterp[a] = true
	}
	for row := lo; row < hi; row++ {
		base := 0
		for a := 0; a < r-1; a++ {
			if !isInterp[a] || drop && !p.lKeep[interpAxisPos(p.g.Axes, a)] {
				base += idx[a] * p.inStr[a]
			}
		}
		d := dst[row*n : (row+1)*n]
		for c0 := 0; c0 < n; c0 += interpChunk {
			c1 := min(n, c0+interpChunk)
			v := buf[:c1-c0]
			for i := range v {
				x := c0 + i
				off0 := base
				if !lastIn {
					off0 += x
				}
				// per kept axis: its coordinate's tap range
				var cnt, st, cur [8]int
				empty := false
				for q := 0; q < k; q++ {
					ai := ax[q]
					o := x
					if a := p.g.Axes[ai]; a != r-1 {
						o = idx[a]
					}
					st[q] = p.lStart[ai][o]
					cnt[q] = p.lStart[ai][o+1] - st[q]
					empty = empty || cnt[q] == 0
				}
				var sum, wsum float32
				for !empty {
					w := p.lProdA
					off := off0
					for q := 0; q < k; q++ {
						ai := ax[q]
						w *= p.lW[ai][st[q]+cur[q]]
						off += p.lOff[ai][st[q]+cur[q]]
					}
					wsum += w
					sum += w * float32(src[off])
					q := k - 1
					for ; q >= 0; q-- {
						cur[q]++
						if cur[q] < cnt[q] {
							break
						}
						cur[q] = 0
					}
					if q < 0 {
						break
					}
				}
				switch {
				case wsum == 0:
					v[i] = 0
				case isIntegral[T]():
					v[i] = float32(math.Round(float64(sum / wsum)))
				default:
					v[i] = sum / wsum
				}
			}
			interpStore(d[c0:c1], v)
		}
		p.nextRow(&idx)
	}
}
