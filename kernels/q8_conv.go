package kernels

import (
	"context"
	"math"
	"sync/atomic"
	"unsafe"
)

// Q8Conv is a Convolution (one group) whose data lie on the uniform grid of a
// FakeQuantize — every element is lo + q·(hi − lo)/(levels − 1) for an integer code
// q ∈ [0, levels−1], up to the float32 rounding of that expression — and whose filters
// are integers in [−128, 127] times a scale per output channel. It computes
//
//	y[m, p] = sa·sw[m]·Σ_k wq[m, k]·(q[k, p] − zp),  sa = (hi − lo)/(levels − 1), zp = −lo/sa
//
// with the integer sum exact (u8 codes × i8 weights → i32, VPDPBUSD on AVX-512 VNNI,
// q8TileGo elsewhere), the zero-point term exact in integers for the integer part of zp,
// and two float32 roundings per output (q8_tile.go). Padded taps take the code
// round(zp), whose grid value is 0 when zp is an integer (NewQ8Conv requires zp within
// 2^−10 of one when the convolution pads). docs/semantics.md §"int8 convolutions" states
// the bound against the float32 convolution of the FakeQuantize outputs.
//
// A run first recovers the codes of the f32 data, q = ⌊clamp(x·(1/sa) + zp, 0, levels−1) +
// 0.5⌋, into channel groups of four interleaved bytes ([n][ic/4][pixels][4]), then
// computes panels of q8NR output pixels: each panel's codes are gathered tap by tap (a
// 1×1 stride-1 convolution reads them in place), every q8MR-channel tile is a q8Tile,
// and the fused epilogue runs over the panel's block while it is in cache. A run whose
// data hold a NaN (which has no code) stops after the codes and reports it; the caller
// then computes the convolution in float32.
type Q8Conv struct {
	p       convPlan
	cg4     int // channel groups of four
	kg      int // K groups: kSp·cg4
	mt      int // q8MR-channel tiles
	w       []int8
	comp    []int32
	scale   []float32
	bias    []float32
	tbias   []float32 // the tiles' bias: bias, or bias with the epilogue's first AddChan folded in (sqFold)
	spanMax int       // output pixels per epilogue span (a multiple of q8NR)
	inv     float32   // code = ⌊clamp(x·inv + zpf, 0, maxCode) + 0.5⌋
	zpf     float32
	maxCode float32
	zp4     uint32 // the padding code in the four bytes of a group
	direct  bool   // 1×1, stride 1, no pads: panels read the codes in place
	panels  int    // pixel panels per image
	units   int
	epi     *Epilogue

	codes    []uint32 // [n][cg4][inSp], four channels' codes per word
	serial   scratch
	src, dst []float32
	res      [][]float32
	nan      atomic.Bool
}

// q8PadTol is how far from an integer the zero point of a padded convolution may be.
const q8PadTol = 1.0 / 1024

// NewQ8Conv plans the convolution of geometry g (Groups 1) over data on the grid of a
// FakeQuantize with output range [lo, hi] and the given levels, with integer filters wq
// (g's filter layout, [OutC][InC][kernel...]) scaled by wscale (one per output channel,
// or one for all). It refuses what it cannot compute exactly as documented: more than
// 256 levels, a grid whose zero point is far from the codes (|round(zp)| > 255) or, when the
// convolution pads, not an integer in [0, levels−1], non-finite or zero scales, and
// reductions too long for int32.
func NewQ8Conv(g ConvGeom, wq []int8, wscale []float32, lo, hi float32, levels int) (*Q8Conv, error) {
	p, err := g.plan()
	if err != nil {
		return nil, err
	}
	if p.g != 1 || p.ic < 1 || p.oc < 1 || p.outSp < 1 || p.n < 1 {
		return nil, geomErr("Q8Conv: groups %d, %d→%d channels, %d output pixels", p.g, p.ic, p.oc, p.outSp)
	}
	if len(wq) != p.oc*p.ic*p.kSp {
		return nil, geomErr("Q8Conv: %d filter codes for %d", len(wq), p.oc*p.ic*p.kSp)
	}
	if len(wscale) != 1 && len(wscale) != p.oc {
		return nil, geomErr("Q8Conv: %d filter scales for %d channels", len(wscale), p.oc)
	}
	if levels < 2 || levels > 256 || !(lo < hi) || math.IsInf(float64(hi-lo), 0) {
		return nil, geomErr("Q8Conv: grid [%v, %v] with %d levels", lo, hi, levels)
	}
	cg4 := (p.ic + 3) / 4
	kg := p.kSp * cg4
	if kg*4 > q8MaxK {
		return nil, geomErr("Q8Conv: reduction of %d is longer than %d", kg*4, q8MaxK)
	}
	sa := (float64(hi) - float64(lo)) / float64(levels-1)
	zp := -float64(lo) / sa
	zpi := math.RoundToEven(zp)
	if !(math.Abs(zpi) <= 255) || sa == 0 {
		return nil, geomErr("Q8Conv: zero point %v", zp)
	}
	if q8Pads(&p) && (math.Abs(zp-zpi) > q8PadTol || zpi < 0 || zpi > float64(levels-1)) {
		return nil, geomErr("Q8Conv: padded convolution with zero point %v", zp)
	}
	padCode := uint32(min(max(zpi, 0), float64(levels-1)))
	c := &Q8Conv{p: p, cg4: cg4, kg: kg, mt: (p.oc + q8MR - 1) / q8MR,
		inv: float32(1 / sa), zpf: float32(zp), maxCode: float32(levels - 1),
		zp4: padCode * 0x01010101}
	c.direct = p.kSp == 1 && p.s == [3]int{1, 1, 1} && p.pb == [3]int{} && p.in == p.out
	c.panels = (p.outSp + q8NR - 1) / q8NR
	c.units = p.n * c.panels
	c.w = make([]int8, c.mt*kg*q8MR*4)
	c.comp = make([]int32, c.mt*q8MR)
	c.scale = make([]float32, c.mt*q8MR)
	c.bias = make([]float32, c.mt*q8MR)
	c.tbias = c.bias
	// Epilogue spans of consecutive panels: ~128 KiB of output, still in L2 when the
	// epilogue runs, and few enough calls per row that their overhead stays small.
	c.spanMax = q8NR * max(1, (32<<10)/(p.oc*q8NR))
	for m := 0; m < p.oc; m++ {
		sw := float64(wscale[0])
		if len(wscale) > 1 {
			sw = float64(wscale[m])
		}
		if math.IsNaN(sw) || math.IsInf(sw, 0) || sw == 0 {
			return nil, geomErr("Q8Conv: filter scale %v", sw)
		}
		tile, r := m/q8MR, m%q8MR
		var sum int64
		for ci := 0; ci < p.ic; ci++ {
			for t := 0; t < p.kSp; t++ {
				v := wq[(m*p.ic+ci)*p.kSp+t]
				sum += int64(v)
				gk := t*cg4 + ci/4
				c.w[((tile*kg+gk)*q8MR+r)*4+ci%4] = v
			}
		}
		s := sa * sw
		c.comp[m] = int32(int64(zpi) * sum) // |zpi·sum| ≤ 255·128·q8MaxK < 2^31
		c.scale[m] = float32(s)
		c.bias[m] = float32(-(zp - zpi) * float64(sum) * s)
		if math.IsInf(float64(c.scale[m]), 0) || c.scale[m] == 0 {
			return nil, geomErr("Q8Conv: output scale %v", s)
		}
	}
	return c, nil
}

// Clone returns a Q8Conv for geometry g, which must plan as c's does, that shares c's
// packed filters (never written after NewQ8Conv) and has a run state of its own: no
// epilogue and no codes buffer. The execution states of a program each clone one
// packed convolution instead of packing the filters again.
func (c *Q8Conv) Clone(g ConvGeom) (*Q8Conv, error) {
	p, err := g.plan()
	if err != nil {
		return nil, err
	}
	if p != c.p {
		return nil, geomErr("Q8Conv: clone for a different geometry")
	}
	return &Q8Conv{p: c.p, cg4: c.cg4, kg: c.kg, mt: c.mt, w: c.w, comp: c.comp, scale: c.scale, bias: c.bias, tbias: c.bias,
		spanMax: c.spanMax, inv: c.inv, zpf: c.zpf, maxCode: c.maxCode, zp4: c.zp4, direct: c.direct, panels: c.panels, units: c.units}, nil
}

// q8Pads reports whether any tap of the convolution reads outside the input.
func q8Pads(p *convPlan) bool {
	for a := 0; a < 3; a++ {
		if p.pb[a] > 0 || (p.out[a]-1)*p.s[a]-p.pb[a]+(p.k[a]-1)*p.d[a] >= p.in[a] {
			return true
		}
	}
	return false
}

// CodesLen returns the length of the codes buffer a run needs.
func (c *Q8Conv) CodesLen() int { return c.p.n * c.cg4 * c.p.inSp }

// UseCodes makes the next runs use buf (CodesLen words, contents stale) for the data's
// codes, e.g. scratch shared by the layers of an executor. A Q8Conv without one
// allocates its own on its first run.
func (c *Q8Conv) UseCodes(buf []uint32) error {
	if len(buf) != c.CodesLen() {
		return geomErr("Q8Conv: codes buffer of %d words for %d", len(buf), c.CodesLen())
	}
	c.codes = buf
	return nil
}

// SetEpilogue fuses e after the convolution (channel = output channel); nil removes it.
func (c *Q8Conv) SetEpilogue(e *Epilogue) error {
	c.tbias = c.bias
	if e.empty() {
		c.epi = nil
		return nil
	}
	if err := e.Check(c.p.oc); err != nil {
		return err
	}
	c.epi = e
	if tb, ok := c.sqFold(e); ok {
		c.tbias = tb
		c.epi = nil
		if len(e.Steps) > 1 {
			c.epi = &Epilogue{Steps: e.Steps[1:]}
		}
	}
	return nil
}

// sqFold folds the epilogue's leading EpiAddChan into the tiles' bias when that gives
// the same bits: the tile stores float32(acc·scale) + bias, and when every bias is ±0 (an
// integer zero point), (t + bias) + v = t + b' for b' = v (v ≠ 0), +0 (v = +0) or bias
// (v = −0), for every float32 t. It reports false when the epilogue does not start with
// an EpiAddChan or a bias is not zero.
func (c *Q8Conv) sqFold(e *Epilogue) ([]float32, bool) {
	if len(e.Steps) == 0 || e.Steps[0].Kind != EpiAddChan {
		return nil, false
	}
	for _, b := range c.bias {
		if b != 0 {
			return nil, false
		}
	}
	vec := e.Steps[0].Vec
	tb := make([]float32, len(c.bias))
	for m := 0; m < c.p.oc; m++ {
		v := vec[0]
		if len(vec) > 1 {
			v = vec[m]
		}
		switch {
		case v != 0 || v != v:
			tb[m] = v
		case math.Signbit(float64(v)):
			tb[m] = c.bias[m]
		default:
			tb[m] = 0
		}
	}
	return tb, true
}

// Lens returns the element counts of the data and the output.
func (c *Q8Conv) Lens() (data, out int) {
	return c.p.n * c.p.ic * c.p.inSp, c.p.n * c.p.oc * c.p.outSp
}

type q8CodesRunner struct{}

func (q8CodesRunner) run(j *job, s *scratch, lo, hi int) { (*Q8Conv)(j.src).codeGroups(lo, hi) }

type q8ConvRunner struct{}

func (q8ConvRunner) run(j *job, s *scratch, lo, hi int) { (*Q8Conv)(j.src).runUnits(s, lo, hi) }

// Run computes the convolution of src into dst with the epilogue's residuals res. It
// reports false (and leaves dst unspecified) when src holds a NaN.
func (c *Q8Conv) Run(ctx context.Context, w *Workers, src, dst []float32, res [][]float32) (bool, error) {
	p := &c.p
	if len(src) != p.n*p.ic*p.inSp || len(dst) != p.n*p.oc*p.outSp {
		return false, geomErr("Q8Conv: buffers of %d and %d elements for data %d, output %d", len(src), len(dst), p.n*p.ic*p.inSp, p.n*p.oc*p.outSp)
	}
	if err := epiCheckRes(c.epi, res, len(dst)); err != nil {
		return false, err
	}
	if len(c.codes) != c.CodesLen() {
		c.codes = make([]uint32, c.CodesLen())
	}
	c.src, c.dst, c.res = src, dst, res
	defer func() { c.src, c.dst, c.res = nil, nil, nil }()
	c.nan.Store(false)
	groups := p.n * c.cg4
	par := w.threadsFor() > 1
	if par && len(src) >= 1<<14 {
		j := w.acquire()
		j.fn = q8CodesRunner{}
		j.units = groups
		j.chunk = max(1, groups/(4*w.threadsFor()))
		j.src = unsafe.Pointer(c)
		if err := w.run(ctx, j, true); err != nil {
			return false, err
		}
	} else {
		c.codeGroups(0, groups)
	}
	if c.nan.Load() {
		return false, nil
	}
	if !par || c.units < 2 {
		step := max(1, c.spanMax/q8NR)
		for u := 0; u < c.units; u += step {
			if err := ctx.Err(); err != nil {
				return false, err
			}
			c.runUnits(&c.serial, u, min(u+step, c.units))
		}
		return true, nil
	}
	j := w.acquire()
	j.fn = q8ConvRunner{}
	j.units = c.units
	// Chunks of up to one epilogue span, at least two per thread.
	j.chunk = max(1, min(c.spanMax/q8NR, c.units/(2*w.threadsFor())))
	j.src = unsafe.Pointer(c)
	return true, w.run(ctx, j, true)
}

// codeGroups computes the codes of channel groups [lo, hi) (over images × groups).
func (c *Q8Conv) codeGroups(lo, hi int) {
	p := &c.p
	sp := p.inSp
	for u := lo; u < hi; u++ {
		b, cg := u/c.cg4, u%c.cg4
		var planes [4][]float32
		for i := range planes {
			if ch := cg*4 + i; ch < p.ic {
				o := (b*p.ic + ch) * sp
				planes[i] = c.src[o : o+sp]
			}
		}
		out := c.codes[u*sp : (u+1)*sp]
		if q8Codes(out, planes, c.inv, c.zpf, c.maxCode, c.zp4) {
			c.nan.Store(true)
		}
	}
}

// q8CodesGo writes, for each pixel, the codes of up to four channel planes (nil: the
// padding code's byte from pad4) as one word; it reports whether a value was NaN.
func q8CodesGo(out []uint32, planes [4][]float32, inv, zpf, maxCode float32, pad4 uint32) bool {
	nan := false
	for i := range out {
		var word uint32
		for k, pl := range planes {
			var q uint32
			if pl == nil {
				q = pad4 & 0xff
			} else {
				x := pl[i]
				if x != x {
					nan = true
				}
				q = q8Code(x, inv, zpf, maxCode)
			}
			word |= q << (8 * k)
		}
		out[i] = word
	}
	return nan
}

// q8Code is ⌊clamp(x·inv + zpf, 0, maxCode) + 0.5⌋ in float32 operations (0 for NaN).
func q8Code(x, inv, zpf, maxCode float32) uint32 {
	v := float32(x*inv) + zpf
	if !(v > 0) {
		v = 0
	}
	if v > maxCode {
		v = maxCode
	}
	return uint32(v + 0.5)
}

// runUnits computes pixel panels [lo, hi) (over images × panels). The epilogue runs
// over spans of consecutive panels of one image, up to spanMax pixels, once the span's
// tiles are stored.
func (c *Q8Conv) runUnits(s *scratch, lo, hi int) {
	p := &c.p
	s.reserve(4 * (c.kg*q8NR + q8MR*q8NR))
	panel := take[uint32](s, c.kg*q8NR)
	tile := take[float32](s, q8MR*q8NR)
	spanB, span0, span1 := -1, 0, 0 // the pending epilogue span: image, pixels [span0, span1)
	flush := func() {
		if c.epi != nil && spanB >= 0 && span1 > span0 {
			epiBlock(c.epi, c.dst, c.res, spanB*p.oc*p.outSp+span0, p.outSp, p.oc, span1-span0, 0, true)
		}
		spanB = -1
	}
	for u := lo; u < hi; u++ {
		b, pn := u/c.panels, u%c.panels
		p0 := pn * q8NR
		cols := min(q8NR, p.outSp-p0)
		codes := c.codes[b*c.cg4*p.inSp : (b+1)*c.cg4*p.inSp]
		var bb []uint8
		bstride := q8NR * 4
		if c.direct && cols == q8NR {
			bb = unsafe.Slice((*uint8)(unsafe.Pointer(&codes[p0])), (len(codes)-p0)*4)
			bstride = p.inSp * 4
		} else {
			c.fill(panel, codes, p0, cols)
			bb = unsafe.Slice((*uint8)(unsafe.Pointer(&panel[0])), len(panel)*4)
		}
		out := c.dst[b*p.oc*p.outSp:]
		for t := 0; t < c.mt; t++ {
			m0 := t * q8MR
			rows := min(q8MR, p.oc-m0)
			a := c.w[t*c.kg*q8MR*4 : (t+1)*c.kg*q8MR*4]
			cs, sc, bi := c.comp[m0:m0+q8MR], c.scale[m0:m0+q8MR], c.tbias[m0:m0+q8MR]
			if rows == q8MR && cols == q8NR {
				q8Tile(a, bb, bstride, c.kg, out[m0*p.outSp+p0:], p.outSp, cs, sc, bi)
				continue
			}
			q8Tile(a, bb, bstride, c.kg, tile, q8NR, cs, sc, bi)
			for r := 0; r < rows; r++ {
				copy(out[(m0+r)*p.outSp+p0:(m0+r)*p.outSp+p0+cols], tile[r*q8NR:r*q8NR+cols])
			}
		}
		if spanB != b || span1 != p0 || span1-span0+cols > c.spanMax {
			flush()
			spanB, span0 = b, p0
		}
		span1 = p0 + cols
	}
	flush()
}

// fill gathers the codes of output pixels [p0, p0+cols) into the panel: group
// (tap t, channel group cg) holds q8NR words at (t·cg4 + cg)·q8NR; a tap outside the
// input, and pixels past cols, take the padding code.
func (c *Q8Conv) fill(panel, codes []uint32, p0, cols int) {
	p := &c.p
	sp := p.inSp
	t := 0
	for kz := 0; kz < p.k[0]; kz++ {
		for ky := 0; ky < p.k[1]; ky++ {
			for kx := 0; kx < p.k[2]; kx++ {
				grp := panel[t*c.cg4*q8NR : (t+1)*c.cg4*q8NR]
				for j := 0; j < cols; {
					pix := p0 + j
					ox := pix % p.out[2]
					r := pix / p.out[2]
					oy, oz := r%p.out[1], r/p.out[1]
					seg := min(cols-j, p.out[2]-ox)
					iz := oz*p.s[0] - p.pb[0] + kz*p.d[0]
					iy := oy*p.s[1] - p.pb[1] + ky*p.d[1]
					ix0 := ox*p.s[2] - p.pb[2] + kx*p.d[2]
					rowIn := iz >= 0 && iz < p.in[0] && iy >= 0 && iy < p.in[1]
					base := (iz*p.in[1] + iy) * p.in[2]
					for cg := 0; cg < c.cg4; cg++ {
						d := grp[cg*q8NR+j : cg*q8NR+j+seg]
						if !rowIn {
							fillGo(d, c.zp4)
							continue
						}
						src := codes[cg*sp : (cg+1)*sp]
						// The taps i ∈ [a, e) of the row segment read inside the input.
						st := p.s[2]
						a := 0
						if ix0 < 0 {
							a = (-ix0 + st - 1) / st
						}
						e := 0
						if p.in[2] > ix0 {
							e = min(seg, (p.in[2]-ix0+st-1)/st)
						}
						if e <= a {
							fillGo(d, c.zp4)
							continue
						}
						fillGo(d[:a], c.zp4)
						fillGo(d[e:], c.zp4)
						if st == 1 {
							copy(d[a:e], src[base+ix0+a:base+ix0+e])
							continue
						}
						row := src[base+ix0+a*st : base+ix0+(e-1)*st+1]
						dd := d[a:e]
						for i := range dd {
							dd[i] = row[i*st]
						}
					}
					j += seg
				}
				if cols < q8NR {
					for cg := 0; cg < c.cg4; cg++ {
						fillGo(grp[cg*q8NR+cols:(cg+1)*q8NR], c.zp4)
					}
				}
				t++
			}
		}
	}
}
