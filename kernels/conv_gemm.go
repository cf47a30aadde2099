package kernels

import (
	"context"
	"unsafe"

	"github.com/x448/float16"
)

// ConvGemm is the fast float32 Convolution / GroupConvolution: per image and group a
// GEMM with M = output channels, N = output pixels, K = input channels × kernel taps.
// The filters are packed once into the micro-kernel's A panels (PackFilters); the
// im2col matrix is never built: each worker packs the kc×NR B panel it is about to use
// straight from the input (zero for padding), and a 1×1 convolution with stride 1 and
// no padding reads the input in place. Work is split over output-pixel panels (and
// over output channels when there are few pixels) on the Workers.
//
// A ConvGemm holds per-run state: one goroutine at a time may call Run.
type ConvGemm struct {
	p      convPlan
	gk     gemmKernel
	rowOff gemmRowOffFunc // padded mode, at most cgRowMax output channels: one row at a time (nil: tiles)
	kTot   int            // K = ic·kSp
	mPan   int            // output-channel panels per group
	nPan   int            // pixel panels per image plane
	direct bool
	packed []float32 // groups × mPan·mr·kTot

	// Padded mode (every convolution but the direct 1×1): the input is copied once per
	// run into zero-bordered channel planes split into stride phases (pad): padded
	// coordinate (z, y, x) lives in phase (z mod s0, y mod s1, x mod s2) at
	// (z div s0, y div s1, x div s2). Output pixels are computed on a "wide" grid of ph
	// extents where tap k of pixel q is pad[q+off[k]], so every B row is read in place
	// (no im2col); the valid columns are then copied out.
	padded  bool
	inP, ph [3]int // padded extents read by the taps; phase extents
	phSp    int    // floats per phase
	chanP   int    // floats per channel (phases·phSp)
	nq      int    // wide-grid pixels
	planeP  int    // floats per padded image plane (ic·chanP)
	off     []int
	offMax  int
	phUse   [3]uint64 // per axis, the stride residues the taps read (gemmResidues)
	pad     []float32
	ready   bool

	// work split
	chunk, nChunks, mChunks, mPer, units int
	parallel                             bool

	serial scratch // scratch of a run on the calling goroutine
	src    []float32
	dst    []float32
	src16  []float16.Float16 // RunEpiF16: the f16 data (padded mode fills from it)
	dst16  []float16.Float16 // RunEpiF16: the f16 output, narrowed block by block

	epi *Epilogue   // fused epilogue (SetEpilogue); nil for none
	res [][]float32 // the epilogue's residual tensors during a run

	sn *smallnConv // the small-N path (smalln_conv.go) when chosen; nil otherwise

	// Gather mode (sc_gather.go), a strided unpadded 1×1 convolution: the input is
	// gathered into scBuf (scBuf16 for f16 data) and sc, the 1×1 stride-1 convolution
	// on the output grid, runs on it.
	sc      *ConvGemm
	scN     int // gathered elements
	scBuf   []float32
	scBuf16 []float16.Float16
	scDst   []float32 // during a run: the gathered tensor being written
	scDst16 []float16.Float16
}

// NewConvGemm plans the fast convolution of geometry g with the micro-kernel family
// arch (GemmAuto: the best available) for up to threads workers.
func NewConvGemm(g ConvGeom, arch GemmArch, threads int) (*ConvGemm, error) {
	return newConvGemm(g, arch, threads, true)
}

// newConvGemm is NewConvGemm; padded false keeps the im2col packing path (tests).
func newConvGemm(g ConvGeom, arch GemmArch, threads int, padded bool) (*ConvGemm, error) {
	return newConvGemmMode(g, arch, threads, padded, 0)
}

// newConvGemmMode is newConvGemm with the small-N path chosen by mode.
func newConvGemmMode(g ConvGeom, arch GemmArch, threads int, padded bool, mode smallnMode) (*ConvGemm, error) {
	return newConvGemmOpts(g, arch, threads, padded, mode, scOpts{})
}

// scOpts turns off round 9's data-movement changes (tests compare with the old paths).
type scOpts struct {
	noGather bool // strided 1×1 convolutions stay in padded mode
	noShare  bool // padded rows keep both their left and right pads (no shared pad)
}

// newConvGemmOpts is newConvGemmMode with some of round 9's changes turned off.
func newConvGemmOpts(g ConvGeom, arch GemmArch, threads int, padded bool, mode smallnMode, o scOpts) (*ConvGemm, error) {
	p, err := g.plan()
	if err != nil {
		return nil, err
	}
	gk, err := gemmKernelFor(arch)
	if err != nil {
		return nil, err
	}
	c := &ConvGemm{p: p, gk: gk}
	c.kTot = p.ic * p.kSp
	if !o.noGather && padded && scGatherable(&p) {
		if err := c.scPlanGather(g, max(threads, 1), mode); err != nil {
			return nil, err
		}
		return c, nil
	}
	if p.oc <= cgRowMax {
		c.rowOff = gemmRowOffFor(gk.arch)
	}
	c.kTot = p.ic * p.kSp
	c.mPan = (p.oc + gk.mr - 1) / gk.mr
	c.nPan = (p.outSp + gk.nr - 1) / gk.nr
	c.direct = p.kSp == 1 && p.s == [3]int{1, 1, 1} && p.pb == [3]int{} && p.in == p.out
	if !c.direct && padded {
		c.planPadded(!o.noShare)
	}
	c.plan(max(threads, 1))
	c.smallnPlanConv(max(threads, 1), mode)
	if c.sn == nil {
		c.packed = make([]float32, p.g*c.mPan*gk.mr*c.kTot)
	}
	c.serial.reserve(c.scratchBytes())
	return c, nil
}

// Arch reports the micro-kernel family in use.
func (c *ConvGemm) Arch() GemmArch { return c.gk.arch }

func (c *ConvGemm) scratchBytes() int {
	n := c.gk.kc*c.gk.nr + c.gk.mr*c.gk.nr + 16
	if c.padded {
		n += c.mPer * c.gk.mr * c.chunk * c.gk.nr
	}
	return 4 * n
}

// plan splits the work into units of chunk pixel panels × mPer channel panels.
func (c *ConvGemm) plan(threads int) {
	p := &c.p
	flops := 2 * p.n * p.g * p.oc * p.outSp * c.kTot
	c.parallel = threads > 1 && flops >= 1<<20
	// keep a unit's output block (oc × chunk·nr floats) within ~256 KiB
	c.chunk = max(1, min(c.nPan, (1<<16)/max(1, p.oc*c.gk.nr)))
	planes := p.n * p.g
	if c.parallel {
		want := 4 * threads
		for c.chunk > 1 && planes*((c.nPan+c.chunk-1)/c.chunk) < want {
			c.chunk = (c.chunk + 1) / 2
		}
	}
	c.nChunks = (c.nPan + c.chunk - 1) / c.chunk
	c.mChunks, c.mPer = 1, c.mPan
	if c.parallel && planes*c.nChunks < thrUnitsPer*threads && c.mPan > 1 {
		c.mChunks = min(c.mPan, thrMChunks(planes*c.nChunks, threads))
		c.mPer = (c.mPan + c.mChunks - 1) / c.mChunks
		c.mChunks = (c.mPan + c.mPer - 1) / c.mPer
	}
	c.units = planes * c.nChunks * c.mChunks
	if c.p.outSp == 0 || c.p.oc == 0 {
		c.units = 0
	}
}

// PackFilters packs the [Groups, OutC, InC, kernel...] filters into the micro-kernel's
// panels. It must be called before Run, and again whenever the filters change.
func (c *ConvGemm) PackFilters(filt []float32) error {
	p := &c.p
	if len(filt) != p.g*p.oc*p.ic*p.kSp {
		return geomErr("filters of %d elements, expected %d", len(filt), p.g*p.oc*p.ic*p.kSp)
	}
	if c.sc != nil {
		if err := c.sc.PackFilters(filt); err != nil {
			return err
		}
		c.ready = true
		return nil
	}
	if c.sn != nil {
		c.smallnPackConv(filt)
		c.ready = true
		return nil
	}
	per := c.mPan * c.gk.mr * c.kTot
	for gr := 0; gr < p.g; gr++ {
		w := filt[gr*p.oc*c.kTot : (gr+1)*p.oc*c.kTot]
		if c.kTot > 0 {
			gemmPackPanels(c.packed[gr*per:(gr+1)*per], w, p.oc, c.kTot, c.kTot, 1, c.gk.mr, c.gk.kc)
		}
	}
	c.ready = true
	return nil
}

type convGemmFillRunner struct{}

func (convGemmFillRunner) run(j *job, s *scratch, lo, hi int) {
	(*ConvGemm)(j.src).fillPadded(s, lo, hi)
}

type convGemmRunner struct{}

func (convGemmRunner) run(j *job, s *scratch, lo, hi int) { (*ConvGemm)(j.src).runUnits(s, lo, hi) }

// SetEpilogue fuses e after the convolution: each output element gets e's steps right
// after its tile is final. Per-channel values index the Groups·OutC output channels.
// nil removes the epilogue.
func (c *ConvGemm) SetEpilogue(e *Epilogue) error {
	if err := e.Check(c.p.g * c.p.oc); err != nil {
		return err
	}
	c.epi = e
	if e.empty() {
		c.epi = nil
	}
	if c.sc != nil {
		return c.sc.SetEpilogue(e)
	}
	return nil
}

// Run computes dst from src with the packed filters, on w's threads.
func (c *ConvGemm) Run(ctx context.Context, w *Workers, src, dst []float32) error {
	return c.RunEpi(ctx, w, src, dst, nil)
}

// RunEpi is Run with the residual tensors of the epilogue (one per EpiAddTensor step,
// each of dst's length and layout).
func (c *ConvGemm) RunEpi(ctx context.Context, w *Workers, src, dst []float32, res [][]float32) error {
	p := &c.p
	if !c.ready {
		return geomErr("ConvGemm: filters not packed")
	}
	if len(src) != p.n*p.g*p.ic*p.inSp || len(dst) != p.n*p.g*p.oc*p.outSp {
		return geomErr("buffers of %d and %d elements for data %d, output %d", len(src), len(dst), p.n*p.g*p.ic*p.inSp, p.n*p.g*p.oc*p.outSp)
	}
	if err := epiCheckRes(c.epi, res, len(dst)); err != nil {
		return err
	}
	if c.kTot == 0 {
		clear(dst)
		if c.epi != nil {
			return ApplyEpilogue(c.epi, dst, p.g*p.oc, p.outSp, true, res)
		}
		return nil
	}
	c.src, c.dst, c.res = src, dst, res
	defer func() { c.src, c.dst, c.res = nil, nil, nil }()
	if c.sc != nil {
		return c.scRun(ctx, w, dst, res)
	}
	if !c.padded && c.src16 != nil {
		if err := c.thrWiden(ctx, w); err != nil { // RunEpiF16: src is the f32 scratch
			return err
		}
	}
	if c.padded {
		chans := p.n * p.g * p.ic
		if c.parallel && w.threadsFor() > 1 && len(src) >= 1<<15 {
			if err := c.thrFill(ctx, w); err != nil {
				return err
			}
		} else {
			c.fillPadded(&c.serial, 0, chans)
		}
	}
	if !c.parallel || w.threadsFor() < 2 {
		for u := 0; u < c.units; u++ {
			if u&15 == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			c.runUnits(&c.serial, u, u+1)
		}
		return nil
	}
	j := w.acquire()
	j.fn = convGemmRunner{}
	j.units = c.units
	j.chunk = 1
	j.src = unsafe.Pointer(c)
	return w.run(ctx, j, true)
}

// runUnits computes work units [lo, hi).
func (c *ConvGemm) runUnits(s *scratch, lo, hi int) {
	if c.sn != nil {
		c.smallnRunConv(s, lo, hi)
		return
	}
	p := &c.p
	g := &c.gk
	mr, nr := g.mr, g.nr
	s.reserve(c.scratchBytes())
	bp := take[float32](s, g.kc*nr)
	tmp := take[float32](s, mr*nr)
	per := c.mPan * mr * c.kTot
	for u := lo; u < hi; u++ {
		mc := u % c.mChunks
		rest := u / c.mChunks
		nc := rest % c.nChunks
		plane := rest / c.nChunks // n*G + gr
		gr := plane % p.g
		x := c.src[plane*p.ic*p.inSp : (plane+1)*p.ic*p.inSp]
		y := c.dst[plane*p.oc*p.outSp : (plane+1)*p.oc*p.outSp]
		wp := c.packed[gr*per : (gr+1)*per]
		j0, j1 := nc*c.chunk, min(c.nPan, (nc+1)*c.chunk)
		m0, m1 := mc*c.mPer, min(c.mPan, (mc+1)*c.mPer)
		if c.padded {
			c.runPadded(s, plane, wp, y, j0, j1, m0, m1)
			continue
		}
		yOff := plane * p.oc * p.outSp // y's offset in c.dst
		for k0 := 0; k0 < c.kTot; k0 += g.kc {
			kcb := min(g.kc, c.kTot-k0)
			acc := k0 > 0
			for jp := j0; jp < j1; jp++ {
				p0 := jp * nr
				cols := min(nr, p.outSp-p0)
				var b []float32
				ldb := nr
				if c.direct && cols == nr {
					b, ldb = x[k0*p.inSp+p0:], p.inSp
				} else {
					c.packIm2col(bp, x, k0, kcb, p0, cols)
					b = bp
				}
				for mp := m0; mp < m1; mp++ {
					a := wp[k0*c.mPan*mr+mp*kcb*mr:]
					rows := min(mr, p.oc-mp*mr)
					g.tileEdge(kcb, a, b, ldb, y[mp*mr*p.outSp+p0:], p.outSp, rows, cols, acc, tmp)
				}
			}
		}
		// the unit's block (at most ~256 KiB, in L2) is final: long rows, few calls
		r0, c0 := m0*mr, j0*nr
		rows, cols := min(p.oc, m1*mr)-r0, min(p.outSp, j1*nr)-c0
		if c.dst16 != nil && c.epi.Residuals() == 0 {
			for r := 0; r < rows; r++ { // one pass (sn_fuse.go)
				o := yOff + (r0+r)*p.outSp + c0
				snEpiNarrow(c.epi, c.dst[o:o+cols], c.dst16[o:o+cols], gr*p.oc+r0+r)
			}
			continue
		}
		if c.epi != nil {
			epiBlock(c.epi, c.dst, c.res, yOff+r0*p.outSp+c0, p.outSp, rows, cols, gr*p.oc+r0, true)
		}
		if c.dst16 != nil {
			for r := 0; r < rows; r++ {
				o := yOff + (r0+r)*p.outSp + c0
				GemmF32ToF16(c.dst16[o:o+cols], c.dst[o:o+cols])
			}
		}
	}
}

// packIm2col writes rows [k0, k0+kcb) of the im2col matrix of one image plane x for
// output pixels [p0, p0+cols) into dst as kcb rows of nr floats (zero past cols and
// for padding taps).
func (c *ConvGemm) packIm2col(dst, x []float32, k0, kcb, p0, cols int) {
	p := &c.p
	nr := c.gk.nr
	// first pixel's coordinates
	ox0 := p0 % p.out[2]
	oy0 := p0 / p.out[2] % p.out[1]
	oz0 := p0 / (p.out[2] * p.out[1])
	// first row's (ic, kz, ky, kx)
	kx := k0 % p.k[2]
	ky := k0 / p.k[2] % p.k[1]
	kz := k0 / (p.k[2] * p.k[1]) % p.k[0]
	ic := k0 / p.kSp
	for kk := 0; kk < kcb; kk++ {
		row := dst[kk*nr : kk*nr+nr]
		plane := x[ic*p.inSp : (ic+1)*p.inSp]
		ox, oy, oz := ox0, oy0, oz0
		for j := 0; j < cols; {
			seg := min(cols-j, p.out[2]-ox)
			iz := oz*p.s[0] - p.pb[0] + kz*p.d[0]
			iy := oy*p.s[1] - p.pb[1] + ky*p.d[1]
			r := row[j : j+seg]
			if iz < 0 || iz >= p.in[0] || iy < 0 || iy >= p.in[1] {
				clear(r)
			} else {
				line := plane[(iz*p.in[1]+iy)*p.in[2] : (iz*p.in[1]+iy+1)*p.in[2]]
				ix0 := ox*p.s[2] - p.pb[2] + kx*p.d[2]
				if p.s[2] == 1 {
					lo := min(seg, max(0, -ix0))
					hi := max(lo, min(seg, p.in[2]-ix0))
					clear(r[:lo])
					if hi > lo {
						copy(r[lo:hi], line[ix0+lo:ix0+hi])
					}
					clear(r[hi:])
				} else {
					st := p.s[2]
					for t := range r {
						if ix := ix0 + t*st; uint(ix) < uint(len(line)) {
							r[t] = line[ix]
						} else {
							r[t] = 0
						}
					}
				}
			}
			j += seg
			ox = 0
			if oy++; oy == p.out[1] {
				oy = 0
				oz++
			}
		}
		clear(row[cols:])
		if kx++; kx == p.k[2] {
			kx = 0
			if ky++; ky == p.k[1] {
				ky = 0
				if kz++; kz == p.k[0] {
					kz = 0
					ic++
				}
			}
		}
	}
}

// planPadded sets up padded mode (see ConvGemm) unless its buffer would be far larger
// than the input, in which case the im2col packing path is kept.
func (c *ConvGemm) planPadded(share bool) {
	p := &c.p
	nph := 1
	for a := range c.inP {
		c.inP[a] = (p.out[a]-1)*p.s[a] + (p.k[a]-1)*p.d[a] + 1
		c.ph[a] = (c.inP[a] + p.s[a] - 1) / p.s[a]
		nph *= p.s[a]
	}
	if share {
		c.scSharePads()
	}
	if p.outSp == 0 {
		return
	}
	c.phSp = c.ph[0] * c.ph[1] * c.ph[2]
	for a := range c.phUse {
		c.phUse[a] = gemmResidues(p.k[a], p.d[a], p.s[a])
	}
	c.chanP = nph * c.phSp
	planes := p.n * p.g
	if c.chanP > 4*p.inSp+(1<<16) || float64(planes)*float64(p.ic)*float64(c.chanP) > 1<<31 {
		return
	}
	c.padded = true
	c.planeP = p.ic * c.chanP
	c.nq = ((p.out[0]-1)*c.ph[1] + p.out[1]) * c.ph[2]
	c.nPan = (c.nq + c.gk.nr - 1) / c.gk.nr
	c.off = make([]int, c.kTot)
	k := 0
	for ic := 0; ic < p.ic; ic++ {
		for kz := 0; kz < p.k[0]; kz++ {
			tz := kz * p.d[0]
			for ky := 0; ky < p.k[1]; ky++ {
				ty := ky * p.d[1]
				for kx := 0; kx < p.k[2]; kx++ {
					tx := kx * p.d[2]
					phase := ((tz%p.s[0])*p.s[1]+ty%p.s[1])*p.s[2] + tx%p.s[2]
					c.off[k] = ic*c.chanP + phase*c.phSp + ((tz/p.s[0])*c.ph[1]+ty/p.s[1])*c.ph[2] + tx/p.s[2]
					c.offMax = max(c.offMax, c.off[k])
					k++
				}
			}
		}
	}
	need := (planes-1)*c.planeP + c.nPan*c.gk.nr + c.offMax
	c.pad = make([]float32, max(planes*c.planeP, need))
}

// fillPadded copies channels [lo, hi) (over all images and groups) of the input into
// the zero-bordered planes (the borders and the slack
// were zeroed at construction and are never written).
func (c *ConvGemm) fillPadded(s *scratch, lo, hi int) {
	c.fillRange(s, lo, hi, 0, c.inP[0]*c.inP[1])
}

// fillRange copies padded rows [r0, r1) (flat over the padded z and y extents) of
// channels [lo, hi) (over all images and groups) of the input into the zero-bordered
// planes.
func (c *ConvGemm) fillRange(s *scratch, lo, hi, r0, r1 int) {
	p := &c.p
	var tmp []float32 // an f16 row widened (RunEpiF16)
	if c.src16 != nil {
		s.reserve(4 * p.in[2])
		tmp = take[float32](s, p.in[2])
	}
	ip := c.inP
	// padded column px (< ip[2]) holds input column px - pb[2]
	c0, c1 := lo, hi
	lo = max(0, p.pb[2])
	hi = min(ip[2], p.in[2]+p.pb[2])
	if hi <= lo {
		return
	}
	s2 := p.s[2]
	if c.src16 != nil && p.s == [3]int{1, 1, 1} {
		c.scFillRows16(c0, c1, r0, r1, lo, hi)
		return
	}
	if s2 == 2 && lo == p.pb[2] && hi == p.in[2]+p.pb[2] && scCvtRowsAsm() {
		c.scFillRowsS2(c0, c1, r0, r1)
		return
	}
	for pl := c0; pl < c1; pl++ {
		var x []float32
		var x16 []float16.Float16
		if c.src16 != nil {
			x16 = c.src16[pl*p.inSp : (pl+1)*p.inSp]
		} else {
			x = c.src[pl*p.inSp : (pl+1)*p.inSp]
		}
		d := c.pad[pl*c.chanP : (pl+1)*c.chanP]
		for fr := r0; fr < r1; fr++ {
			pz, py := fr/ip[1], fr%ip[1]
			iz := pz - p.pb[0]
			if iz < 0 || iz >= p.in[0] || !gemmUsed(c.phUse[0], pz%p.s[0]) {
				continue
			}
			{
				iy := py - p.pb[1]
				if iy < 0 || iy >= p.in[1] || !gemmUsed(c.phUse[1], py%p.s[1]) {
					continue
				}
				// phase row of (pz, py) for x phase 0; phase r is phSp·r further
				prow := (((pz%p.s[0])*p.s[1]+py%p.s[1])*s2*c.ph[0]*c.ph[1] + (pz/p.s[0])*c.ph[1] + py/p.s[1]) * c.ph[2]
				var src []float32
				if x16 != nil {
					row := x16[(iz*p.in[1]+iy)*p.in[2]:][:p.in[2]]
					if s2 == 1 {
						GemmF16ToF32(d[prow+lo:prow+hi], row[lo-p.pb[2]:hi-p.pb[2]])
						continue
					}
					GemmF16ToF32(tmp, row)
					src = tmp
				} else {
					src = x[(iz*p.in[1]+iy)*p.in[2]:][:p.in[2]]
				}
				switch s2 {
				case 1:
					copy(d[prow+lo:prow+hi], src[lo-p.pb[2]:hi-p.pb[2]])
				case 2:
					c.fillRow2(d[prow:], src, lo, hi)
				default:
					for r := 0; r < s2; r++ {
						first := lo + ((r-lo)%s2+s2)%s2 // first px >= lo with px mod s2 == r
						if first >= hi || !gemmUsed(c.phUse[2], r) {
							continue
						}
						n := (hi - first + s2 - 1) / s2
						dr := d[prow+r*c.phSp+first/s2:][:n]
						sv := src[first-p.pb[2]:]
						for t := range dr {
							dr[t] = sv[t*s2]
						}
					}
				}
			}
		}
	}
}

// fillRow2 writes padded columns [lo, hi) of one input row (padded column px holds
// src[px-pb[2]]) into the two x phases of a stride-2 row starting at d[0] (phase 1 at
// d[phSp]), phase 1 only when a tap reads it.
func (c *ConvGemm) fillRow2(d, src []float32, lo, hi int) {
	pb := c.p.pb[2]
	odd := gemmUsed(c.phUse[2], 1)
	px := lo
	if px&1 == 1 {
		if odd {
			d[c.phSp+px/2] = src[px-pb]
		}
		px++
	}
	if n := (hi - px) / 2; n > 0 {
		var od []float32
		if odd {
			od = d[c.phSp+px/2:][:n]
		}
		gemmDeint2(src[px-pb:][:2*n], d[px/2:][:n], od)
		px += 2 * n
	}
	if px < hi {
		d[px/2] = src[px-pb]
	}
}

// runPadded computes pixel panels [j0, j1) × channel panels [m0, m1) of one image
// plane in padded mode into a scratch block, then copies the valid pixels to y.
func (c *ConvGemm) runPadded(s *scratch, plane int, wp, y []float32, j0, j1, m0, m1 int) {
	p := &c.p
	g := &c.gk
	mr, nr := g.mr, g.nr
	ldc := (j1 - j0) * nr
	blk := take[float32](s, (m1-m0)*mr*ldc)
	base := c.pad[plane*c.planeP:]
	for k0 := 0; k0 < c.kTot; k0 += g.kc {
		kcb := min(g.kc, c.kTot-k0)
		off := c.off[k0 : k0+kcb]
		if c.rowOff != nil { // one panel of at most cgRowMax channels: its rows alone
			a := wp[k0*c.mPan*mr:]
			for r := 0; r < p.oc; r++ {
				c.rowOff(kcb, a[r:], mr, base[j0*nr:], off, c.offMax, blk[r*ldc:], ldc, k0 > 0)
			}
			continue
		}
		for jp := j0; jp < j1; jp++ {
			b := base[jp*nr:]
			for mp := m0; mp < m1; mp++ {
				a := wp[k0*c.mPan*mr+mp*kcb*mr:]
				g.tileOff(kcb, a, b, off, c.offMax, blk[(mp-m0)*mr*ldc+(jp-j0)*nr:], ldc, k0 > 0)
			}
		}
	}
	// copy the valid pixels of the wide grid: row segments outer (their coordinates
	// computed once), channels inner
	qs, qe := j0*nr, min(j1*nr, c.nq)
	w2 := c.ph[2]
	o0, o1 := m0*mr, min(p.oc, m1*mr)
	first, end := -1, 0 // the output range written (contiguous, the same in every channel)
	if c.dst16 != nil && c.epi.Residuals() == 0 {
		// f16 output: the epilogue on the block and narrowed from it (sn_fuse.go)
		gr := plane % p.g
		y16 := c.dst16[plane*p.oc*p.outSp : (plane+1)*p.oc*p.outSp]
		for q := qs; q < qe; {
			x := q % w2
			yz := q / w2
			oy, oz := yz%c.ph[1], yz/c.ph[1]
			next := q - x + w2
			if oy < p.out[1] && x < p.out[2] {
				if n := min(p.out[2], qe-(q-x)) - x; n > 0 {
					d := (oz*p.out[1]+oy)*p.out[2] + x
					for o := o0; o < o1; o++ {
						snEpiNarrow(c.epi, blk[(o-o0)*ldc+q-qs:][:n], y16[o*p.outSp+d:][:n], gr*p.oc+o)
					}
				}
			}
			q = next
		}
		return
	}
	for q := qs; q < qe; {
		x := q % w2
		yz := q / w2
		oy, oz := yz%c.ph[1], yz/c.ph[1]
		next := q - x + w2
		if oy < p.out[1] && x < p.out[2] {
			n := min(p.out[2], qe-(q-x)) - x
			if n > 0 {
				d := (oz*p.out[1]+oy)*p.out[2] + x
				for o := o0; o < o1; o++ {
					copy(y[o*p.outSp+d:][:n], blk[(o-o0)*ldc+q-qs:][:n])
				}
				if first < 0 {
					first = d
				}
				end = d + n
			}
		}
		q = next
	}
	if first < 0 || (c.epi == nil && c.dst16 == nil) {
		return
	}
	for o := o0; o < o1; o++ {
		off := (plane*p.oc+o)*p.outSp + first
		if c.epi != nil {
			gr := plane % p.g
			epiBlock(c.epi, c.dst, c.res, off, 0, 1, end-first, gr*p.oc+o, true)
		}
		if c.dst16 != nil {
			GemmF32ToF16(c.dst16[off:off+end-first], c.dst[off:off+end-first])
		}
	}
}

// RunEpiF16 is RunEpi for f16 data and output: src16 is widened while it is copied
// into the padded planes (outside padded mode: into src32 first, which must hold
// len(src16) floats either way) and each output block is narrowed into dst16 as soon as
// it is final (after the epilogue), from dst32, the f32 output scratch (dst16's
// length). The results are RunEpi's on the widened data narrowed with GemmF32ToF16:
// bit for bit those of the separate widen / RunEpi / narrow passes.
func (c *ConvGemm) RunEpiF16(ctx context.Context, w *Workers, src16 []float16.Float16, src32 []float32, dst16 []float16.Float16, dst32 []float32, res [][]float32) error {
	p := &c.p
	if len(src16) != p.n*p.g*p.ic*p.inSp || len(src32) != len(src16) || len(dst16) != p.n*p.g*p.oc*p.outSp || len(dst32) != len(dst16) {
		return geomErr("f16 buffers of %d/%d and %d/%d elements for data %d, output %d", len(src16), len(src32), len(dst16), len(dst32), p.n*p.g*p.ic*p.inSp, p.n*p.g*p.oc*p.outSp)
	}
	if c.kTot == 0 || c.units == 0 {
		GemmF16ToF32(src32, src16)
		if err := c.RunEpi(ctx, w, src32, dst32, res); err != nil {
			return err
		}
		GemmF32ToF16(dst16, dst32)
		return nil
	}
	c.src16 = src16 // src32 stands in for the data in RunEpi's checks (padded mode)
	c.dst16 = dst16
	defer func() { c.src16, c.dst16 = nil, nil }()
	return c.RunEpi(ctx, w, src32, dst32, res)
}
