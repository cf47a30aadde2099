package kernels

import (
	"context"
	"unsafe"

	"github.com/x448/float16"
)

// ConvBackpropGemm is the fast float32 ConvolutionBackpropData /
// GroupConvolutionBackpropData: per image and group, col = Wᵀ·X is a GEMM with
// M = output channels × kernel taps, K = input channels, N = input pixels (X read in
// place), computed for a chunk of input rows at a time, then scattered (col2im) into the
// zeroed output: out[oc][i·s − pb + k·d] += col[(oc, k)][i]. The GEMM phase is split over
// the workers by pixel panels and row panels, the col2im phase by output channel, so no
// two workers add into the same output element.
//
// A ConvBackpropGemm holds per-run state: one goroutine at a time may call Run.
type ConvBackpropGemm struct {
	p          convPlan
	gk         gemmKernel
	mTot, mPan int // M = oc·kSp
	packed     []float32
	ready      bool
	rowLen     int // input pixels per row (in[2])
	rows       int // input rows per plane (in[0]·in[1])
	chunkRows  int // input rows per chunk
	col        []float32

	// tiled: every output element takes exactly one tap (per axis k = s, d = 1, no
	// padding, out = in·s), so col2im assigns instead of adding, needs no cleared output,
	// and input rows write disjoint output rows (col2im splits by rows, as the GEMM does).
	tiled bool

	threads int
	phase   int // cbPhase*
	// current chunk
	plane, r0, r1 int
	nPanC         int // pixel panels of the chunk
	serial        scratch
	src, dst      []float32
	// f16 data and output of RunF16 (src and dst are then its f32 scratch)
	src16, dst16 []float16.Float16
	epi          *Epilogue   // fused elementwise steps (nil: none)
	res          [][]float32 // the epilogue's residual tensors of the current run
}

// Phases of a ConvBackpropGemm run, each one parallel region.
const (
	cbPhaseClear  = iota // zero output planes (not tiled), units: output channel blocks
	cbPhaseWiden         // f16 data of the chunk's input rows to f32, units: rows
	cbPhaseGemm          // col = Wᵀ·X for the chunk, units: pixel panels × row panels
	cbPhaseCol           // col2im, units: rows when tiled, else output channels
	cbPhaseFinish        // epilogue and f16 narrowing of whole planes (not tiled), units: output channel blocks
)

// cbColFloats bounds the col buffer of one row chunk (M × the chunk's pixels) per thread: 1 MiB, half
// of this machine's L2, so the chunk's GEMM output is still cached when col2im reads it.
const cbColFloats = 1 << 18

// cbBlocks is how many blocks an output plane is cut into for the clear and narrow phases.
const cbBlocks = 8

// NewConvBackpropGemm plans the fast transposed convolution of geometry g (filters
// [Groups, InC, OutC, kernel...], as ConvBackpropReference).
func NewConvBackpropGemm(g ConvGeom, arch GemmArch, threads int) (*ConvBackpropGemm, error) {
	p, err := g.plan()
	if err != nil {
		return nil, err
	}
	gk, err := gemmKernelFor(arch)
	if err != nil {
		return nil, err
	}
	c := &ConvBackpropGemm{p: p, gk: gk, threads: max(threads, 1)}
	c.mTot = p.oc * p.kSp
	c.mPan = (c.mTot + gk.mr - 1) / gk.mr
	c.packed = make([]float32, p.g*c.mPan*gk.mr*p.ic)
	c.rowLen = p.in[2]
	c.rows = p.in[0] * p.in[1]
	// keep the col buffer of a chunk in L2 between its GEMM and col2im phases
	c.chunkRows = max(1, min(c.rows, cbColFloats*c.threads/max(1, c.mTot*c.rowLen)))
	c.col = make([]float32, c.mTot*(c.chunkRows*c.rowLen+gk.nr))
	c.tiled = true
	for a := 0; a < 3; a++ {
		if p.k[a] != p.s[a] || (p.k[a] > 1 && p.d[a] != 1) || p.pb[a] != 0 || p.out[a] != p.in[a]*p.s[a] {
			c.tiled = false
		}
	}
	c.serial.reserve(c.scratchBytes())
	return c, nil
}

func (c *ConvBackpropGemm) scratchBytes() int {
	return 4 * (c.gk.kc*c.gk.nr + c.gk.mr*c.gk.nr + c.p.out[2] + 16)
}

// PackFilters packs the [Groups, InC, OutC, kernel...] filters as Wᵀ panels.
func (c *ConvBackpropGemm) PackFilters(filt []float32) error {
	p := &c.p
	if len(filt) != p.g*p.ic*p.oc*p.kSp {
		return geomErr("filters of %d elements, expected %d", len(filt), p.g*p.ic*p.oc*p.kSp)
	}
	per := c.mPan * c.gk.mr * p.ic
	for gr := 0; gr < p.g; gr++ {
		w := filt[gr*p.ic*c.mTot : (gr+1)*p.ic*c.mTot]
		if p.ic > 0 && c.mTot > 0 {
			// row (oc, k) = r, column ic: w[ic·mTot + r]
			gemmPackPanels(c.packed[gr*per:(gr+1)*per], w, c.mTot, p.ic, 1, c.mTot, c.gk.mr, c.gk.kc)
		}
	}
	c.ready = true
	return nil
}

type convBackpropRunner struct{}

func (convBackpropRunner) run(j *job, s *scratch, lo, hi int) {
	(*ConvBackpropGemm)(j.src).runUnits(s, lo, hi)
}

// SetEpilogue fuses e (nil or empty: none) after the transposed convolution; its
// channel is the output channel (of all groups).
func (c *ConvBackpropGemm) SetEpilogue(e *Epilogue) error {
	if err := e.Check(c.p.g * c.p.oc); err != nil {
		return err
	}
	c.epi = e
	if e.empty() {
		c.epi = nil
	}
	return nil
}

// Run computes dst from src with the packed filters.
func (c *ConvBackpropGemm) Run(ctx context.Context, w *Workers, src, dst []float32) error {
	return c.RunEpi(ctx, w, src, dst, nil)
}

// RunEpi is Run with the residual tensors of the epilogue (one per EpiAddTensor step,
// each of dst's length and layout).
func (c *ConvBackpropGemm) RunEpi(ctx context.Context, w *Workers, src, dst []float32, res [][]float32) error {
	return c.run(ctx, w, src, dst, nil, nil, res)
}

// RunF16 computes the f16 output dst16 from the f16 data src16: the data is widened into
// src32 and the output narrowed from dst32 (f32 scratch of the data's and the output's
// lengths) inside the parallel phases, row chunk by row chunk, rather than in whole-tensor
// passes, and res are the epilogue's residuals as f32. The results are bit for bit those of
// widening, RunEpi and narrowing.
func (c *ConvBackpropGemm) RunF16(ctx context.Context, w *Workers, src16, dst16 []float16.Float16, src32, dst32 []float32, res [][]float32) error {
	p := &c.p
	if len(src16) != len(src32) || len(dst16) != len(dst32) {
		return geomErr("f16 buffers of %d and %d elements for scratch of %d and %d", len(src16), len(dst16), len(src32), len(dst32))
	}
	if len(src16) != p.n*p.g*p.ic*p.inSp || len(dst16) != p.n*p.g*p.oc*p.outSp {
		return geomErr("buffers of %d and %d elements for data %d, output %d", len(src16), len(dst16), p.n*p.g*p.ic*p.inSp, p.n*p.g*p.oc*p.outSp)
	}
	return c.run(ctx, w, src32, dst32, src16, dst16, res)
}

func (c *ConvBackpropGemm) run(ctx context.Context, w *Workers, src, dst []float32, src16, dst16 []float16.Float16, res [][]float32) error {
	p := &c.p
	if !c.ready {
		return geomErr("ConvBackpropGemm: filters not packed")
	}
	if len(src) != p.n*p.g*p.ic*p.inSp || len(dst) != p.n*p.g*p.oc*p.outSp {
		return geomErr("buffers of %d and %d elements for data %d, output %d", len(src), len(dst), p.n*p.g*p.ic*p.inSp, p.n*p.g*p.oc*p.outSp)
	}
	if c.epi != nil {
		if err := epiCheckRes(c.epi, res, len(dst)); err != nil {
			return err
		}
	}
	if p.ic == 0 || c.mTot == 0 || p.inSp == 0 {
		clear(dst)
		if c.epi != nil {
			for pl := 0; pl < p.n*p.g; pl++ {
				epiBlock(c.epi, dst, res, pl*p.oc*p.outSp, p.outSp, p.oc, p.outSp, (pl%p.g)*p.oc, true)
			}
		}
		if dst16 != nil {
			GemmF32ToF16(dst16, dst)
		}
		return nil
	}
	c.src, c.dst, c.src16, c.dst16, c.res = src, dst, src16, dst16, res
	defer func() { c.src, c.dst, c.src16, c.dst16, c.res = nil, nil, nil, nil, nil }()
	flops := 2 * c.mTot * p.ic * p.inSp
	par := c.threads > 1 && w.threadsFor() > 1 && flops >= 1<<20
	phase := func(ph, units int) error {
		c.phase = ph
		if !par {
			if err := ctx.Err(); err != nil {
				return err
			}
			c.runUnits(&c.serial, 0, units)
			return nil
		}
		j := w.acquire()
		j.fn = convBackpropRunner{}
		j.units = units
		j.chunk = max(1, units/(8*c.threads))
		j.src = unsafe.Pointer(c)
		return w.run(ctx, j, true)
	}
	for c.plane = 0; c.plane < p.n*p.g; c.plane++ {
		if !c.tiled {
			if err := phase(cbPhaseClear, p.oc*cbBlocks); err != nil {
				return err
			}
		}
		for c.r0 = 0; c.r0 < c.rows; c.r0 += c.chunkRows {
			c.r1 = min(c.rows, c.r0+c.chunkRows)
			c.nPanC = ((c.r1-c.r0)*c.rowLen + c.gk.nr - 1) / c.gk.nr
			if src16 != nil {
				if err := phase(cbPhaseWiden, c.r1-c.r0); err != nil {
					return err
				}
			}
			if err := phase(cbPhaseGemm, c.nPanC*c.mPan); err != nil {
				return err
			}
			units := p.oc
			if c.tiled {
				units = c.r1 - c.r0
			}
			if err := phase(cbPhaseCol, units); err != nil {
				return err
			}
		}
		if (dst16 != nil || c.epi != nil) && !c.tiled {
			if err := phase(cbPhaseFinish, p.oc*cbBlocks); err != nil {
				return err
			}
		}
	}
	return nil
}

// cbBlock returns output channel plane block u (of oc·cbBlocks) of the current image and
// group, and the block's channel (of all groups).
func (c *ConvBackpropGemm) cbBlock(u int) (lo, hi, ch int) {
	p := &c.p
	oc, b := u/cbBlocks, u%cbBlocks
	base := (c.plane*p.oc + oc) * p.outSp
	return base + b*p.outSp/cbBlocks, base + (b+1)*p.outSp/cbBlocks, (c.plane%p.g)*p.oc + oc
}

func (c *ConvBackpropGemm) runUnits(s *scratch, lo, hi int) {
	p := &c.p
	switch c.phase {
	case cbPhaseClear:
		for u := lo; u < hi; u++ {
			a, b, _ := c.cbBlock(u)
			clear(c.dst[a:b])
		}
		return
	case cbPhaseFinish:
		for u := lo; u < hi; u++ {
			a, b, ch := c.cbBlock(u)
			if c.epi != nil && a < b {
				epiRow(c.epi, c.dst[a:b], c.res, a, ch, 0, true)
			}
			if c.dst16 != nil {
				GemmF32ToF16(c.dst16[a:b], c.dst[a:b])
			}
		}
		return
	case cbPhaseWiden:
		for u := lo; u < hi; u++ {
			for ic := 0; ic < p.ic; ic++ {
				o := (c.plane*p.ic+ic)*p.inSp + (c.r0+u)*c.rowLen
				GemmF16ToF32(c.src[o:o+c.rowLen], c.src16[o:o+c.rowLen])
			}
		}
		return
	case cbPhaseCol:
		if c.tiled {
			s.reserve(c.scratchBytes())
			row := take[float32](s, p.out[2])
			for u := lo; u < hi; u++ {
				c.col2imTiled(c.r0+u, row)
			}
			return
		}
		for oc := lo; oc < hi; oc++ {
			c.col2im(oc)
		}
		return
	}
	g := &c.gk
	mr, nr := g.mr, g.nr
	s.reserve(c.scratchBytes())
	bp := take[float32](s, g.kc*nr)
	tmp := take[float32](s, mr*nr)
	gr := c.plane % p.g
	per := c.mPan * mr * p.ic
	wp := c.packed[gr*per : (gr+1)*per]
	x := c.src[c.plane*p.ic*p.inSp : (c.plane+1)*p.ic*p.inSp]
	q0 := c.r0 * c.rowLen
	n := (c.r1 - c.r0) * c.rowLen
	ldc := c.nPanC * nr
	for u := lo; u < hi; u++ {
		jp, mp := u/c.mPan, u%c.mPan
		p0 := jp * nr
		cols := min(nr, n-p0)
		rows := min(mr, c.mTot-mp*mr)
		for k0 := 0; k0 < p.ic; k0 += g.kc {
			kcb := min(g.kc, p.ic-k0)
			var b []float32
			ldb := p.inSp
			if cols == nr {
				b = x[k0*p.inSp+q0+p0:]
			} else {
				for kk := 0; kk < kcb; kk++ {
					row := bp[kk*nr : kk*nr+nr]
					copy(row, x[(k0+kk)*p.inSp+q0+p0:][:cols])
					clear(row[cols:])
				}
				b, ldb = bp, nr
			}
			g.tileEdge(kcb, wp[k0*c.mPan*mr+mp*kcb*mr:], b, ldb, c.col[mp*mr*ldc+p0:], ldc, rows, cols, k0 > 0, tmp)
		}
	}
}

// col2imTiled writes the output rows that input row `row` (of the current plane) makes
// when the convolution is tiled: output row (iz·s0 + kz, iy·s1 + ky) of channel oc is the
// interleave of the col rows (oc, kz, ky, kx), kx < s2. With f16 output the f32 row is
// assembled in buf and narrowed straight into the f16 output.
func (c *ConvBackpropGemm) col2imTiled(row int, buf []float32) {
	p := &c.p
	ldc := c.nPanC * c.gk.nr
	iz, iy := row/p.in[1], row%p.in[1]
	off := (row - c.r0) * c.rowLen
	kx := p.k[2]
	r := 0
	for oc := 0; oc < p.oc; oc++ {
		plane := (c.plane*p.oc + oc) * p.outSp
		ch := (c.plane%p.g)*p.oc + oc
		for kz := 0; kz < p.k[0]; kz++ {
			for ky := 0; ky < p.k[1]; ky++ {
				o := plane + ((iz*p.s[0]+kz)*p.out[1]+iy*p.s[1]+ky)*p.out[2]
				var y []float32
				if c.dst16 != nil {
					y = buf[:p.out[2]]
				} else {
					y = c.dst[o : o+p.out[2]]
				}
				cbInterleave(y, c.col[r*ldc+off:], ldc, kx, c.rowLen)
				r += kx
				if c.epi != nil {
					epiRow(c.epi, y, c.res, o, ch, 0, true)
				}
				if c.dst16 != nil {
					GemmF32ToF16(c.dst16[o:o+p.out[2]], y)
				}
			}
		}
	}
}

// cbInterleave sets y[i·k + t] = col[t·ldc + i] for i < n, t < k (len(y) = n·k).
func cbInterleave(y, col []float32, ldc, k, n int) {
	switch k {
	case 1:
		copy(y[:n], col[:n])
	case 2:
		a, b := col[:n], col[ldc:ldc+n]
		y = y[:2*n]
		for i := range n {
			y[2*i], y[2*i+1] = a[i], b[i]
		}
	case 3:
		a, b, d := col[:n], col[ldc:ldc+n], col[2*ldc:2*ldc+n]
		y = y[:3*n]
		for i := range n {
			y[3*i], y[3*i+1], y[3*i+2] = a[i], b[i], d[i]
		}
	default:
		for t := range k {
			src := col[t*ldc : t*ldc+n]
			for i, v := range src {
				y[i*k+t] = v
			}
		}
	}
}

// col2im adds the col rows of output channel oc for the current chunk into the output.
func (c *ConvBackpropGemm) col2im(oc int) {
	p := &c.p
	ldc := c.nPanC * c.gk.nr
	y := c.dst[(c.plane*p.oc+oc)*p.outSp : (c.plane*p.oc+oc+1)*p.outSp]
	r := oc * p.kSp
	for kz := 0; kz < p.k[0]; kz++ {
		for ky := 0; ky < p.k[1]; ky++ {
			for kx := 0; kx < p.k[2]; kx++ {
				colRow := c.col[r*ldc : r*ldc+ldc]
				r++
				// input columns ix whose output column ox = ix·s − pb + kx·d is inside
				off := kx*p.d[2] - p.pb[2]
				ix0 := 0
				if off < 0 {
					ix0 = (-off + p.s[2] - 1) / p.s[2]
				}
				ix1 := c.rowLen
				if lim := p.out[2] - off; lim <= 0 {
					ix1 = 0
				} else {
					ix1 = min(ix1, (lim+p.s[2]-1)/p.s[2])
				}
				if ix1 <= ix0 {
					continue
				}
				for row := c.r0; row < c.r1; row++ {
					iz, iy := row/p.in[1], row%p.in[1]
					oz := iz*p.s[0] - p.pb[0] + kz*p.d[0]
					oy := iy*p.s[1] - p.pb[1] + ky*p.d[1]
					if oz < 0 || oz >= p.out[0] || oy < 0 || oy >= p.out[1] {
						continue
					}
					src := colRow[(row-c.r0)*c.rowLen:][ix0:ix1]
					dst := y[(oz*p.out[1]+oy)*p.out[2]+ix0*p.s[2]+off:]
					st := p.s[2]
					for t, v := range src {
						dst[t*st] += v
					}
				}
			}
		}
	}
}
