package kernels

// smallnConv is ConvGemm's small-N plan (smalln.go): tiles of up to smallnMaxR output
// pixels × 32 output channels, the filters packed as 32-channel panels over all of K.
// Row i of a tile is an output pixel: its wide-grid index in the padded planes (padded
// mode) or the pixel itself (a direct 1×1 convolution reads the input in place); tap
// k is off[k] further. A work unit is (image plane, channel panel, chunk of pixels):
// its tiles go into a [pixel][channel] block, where the epilogue runs along the
// channels (per-channel values are a vector), and the block is then transposed into
// the output's channel rows (an epilogue reading residual tensors runs after that, on
// the output's layout).
type smallnConv struct {
	asm    bool  // the AVX-512 kernel (else the portable tile)
	mPan   int   // 32-channel panels per group
	rows   []int // per output pixel: its row offset in the plane's operand
	off    []int // per k: tap k's offset
	offMax int
	w      smallnW // groups × mPan panels of kTot×32
	half   bool    // w.h holds the panels
	half2  bool    // f16 panels whenever exact (mode 2)
	kc     int     // K block
	chunk  int     // pixels per unit
	nChk   int     // pixel chunks per plane
	units  int
}

// smallnMode forces the small-N path on (1; 2: with f16 panels whenever exact)
// or off (-1) instead of choosing by cost (0); tests use it.
type smallnMode int

// smallnPlanConv sets up the small-N path of c when mode or the cost model asks for it
// and the micro-kernel family has a small-N kernel (AVX-512, or the portable tile of
// GemmGo).
func (c *ConvGemm) smallnPlanConv(threads int, mode smallnMode) {
	p := &c.p
	if mode < 0 || (!c.padded && !c.direct) || p.outSp == 0 || p.oc == 0 || c.kTot == 0 {
		return
	}
	asm := c.gk.arch == GemmAVX512
	if !asm && c.gk.arch != GemmGo {
		return
	}
	mSplit := c.mChunks > 1 && p.n*p.g*c.nPan < 8*threads
	if mode == 0 && !smallnChosen(c.kTot, p.outSp, p.oc, wideOf(c), mSplit) {
		return
	}
	sn := &smallnConv{asm: asm, half2: mode == 2, kc: c.kTot}
	sn.mPan = (p.oc + smallnNR - 1) / smallnNR
	sn.rows = make([]int, p.outSp)
	if c.padded {
		sn.off, sn.offMax = c.off, c.offMax
		i := 0
		for oz := 0; oz < p.out[0]; oz++ {
			for oy := 0; oy < p.out[1]; oy++ {
				for ox := 0; ox < p.out[2]; ox++ {
					sn.rows[i] = (oz*c.ph[1]+oy)*c.ph[2] + ox
					i++
				}
			}
		}
	} else {
		sn.off = make([]int, c.kTot)
		for k := range sn.off {
			sn.off[k] = k * p.inSp
		}
		sn.offMax = (c.kTot - 1) * p.inSp
		for i := range sn.rows {
			sn.rows[i] = i
		}
	}
	sn.w.f = make([]float32, p.g*smallnPackedLen(p.oc, c.kTot))
	planes := p.n * p.g
	sn.chunk = min(p.outSp, 64)
	if c.parallel {
		for sn.chunk > smallnMaxR && planes*sn.mPan*((p.outSp+sn.chunk-1)/sn.chunk) < 2*threads {
			sn.chunk = (sn.chunk + 1) / 2
		}
	}
	sn.nChk = (p.outSp + sn.chunk - 1) / sn.chunk
	sn.units = planes * sn.mPan * sn.nChk
	c.sn = sn
	c.units = sn.units
}

// wideOf is the pixel count the 8×32 tiles of c cover per plane: the wide grid in
// padded mode, else the output pixels.
func wideOf(c *ConvGemm) int {
	if c.padded {
		return c.nq
	}
	return c.p.outSp
}

// smallnChosen is the cost model of the small-N choice for a convolution plane of k
// (K), n output pixels (wide of them on the 8×32 tiles' grid) and m output channels,
// in tile columns per k step (measured on the AMD EPYC of round 9, 1 thread, f16
// models' layers from 5×5 to 56×56, `BenchmarkScConvMode`): the 8×32 tiles cost their
// FMA count over the wide grid and ⌈m/8⌉ row panels plus 10 % (the copy-out of the
// wide grid, partial panels); the small-N tiles their FMA count (smallnCost) plus one
// column per element of their [pixel][32 channels] blocks, which are transposed and
// narrowed per unit whatever K is (this term keeps small-K layers on the tiles).
// mSplit: the tiles' parallel plan splits the output channels too and there are few
// pixel panels (under 8 per thread); each channel chunk then re-reads (or, for a partial panel, re-packs)
// its pixel panels, which measured ~20 % slower at 2 threads relative to the small-N
// tiles, whose units split by channel panels anyway.
func smallnChosen(k, n, m, wide int, mSplit bool) bool {
	tiles := (m + 7) / 8 * ((wide + 31) / 32) * 8
	sn := k*smallnCost(n, m) + smallnNR*n*((m+smallnNR-1)/smallnNR)
	tc := 11 * k * tiles
	if mSplit {
		tc = tc * 6 / 5
	}
	return 10*sn < tc
}

// smallnPackConv packs the filters into the small-N panels.
func (c *ConvGemm) smallnPackConv(filt []float32) {
	p := &c.p
	sn := c.sn
	per := smallnPackedLen(p.oc, c.kTot)
	for gr := 0; gr < p.g; gr++ {
		smallnPack(sn.w.f[gr*per:(gr+1)*per], filt[gr*p.oc*c.kTot:(gr+1)*p.oc*c.kTot], p.oc, c.kTot, c.kTot, 1)
	}
	// f16 panels halve the bytes streamed but cost a VCVTPH2PS per 16 weights on each
	// read: worth it when the weights are read at most twice per run (one or two tiles
	// of pixels). With more tiles a panel's tiles run back to back, so its f32 copy is
	// read from L3 once and then from L2 even when all the weights exceed L2 (round 10:
	// squeezenet's 1×1 512→1000 on 14×14, 2 MiB of f32 weights, 2183 → 1937 µs; 3×3
	// 512→512 on 7×7, 9 MiB, 2370 → 2011 µs; at 2 threads too)
	few := sn.nChk*smallnTiles(sn.chunk) <= 2 || sn.half2
	sn.half = few && sn.asm && smallnHasAsm() && smallnToF16(&sn.w)
}

// smallnRunConv computes work units [lo, hi) of the small-N path.
func (c *ConvGemm) smallnRunConv(s *scratch, lo, hi int) {
	p := &c.p
	sn := c.sn
	s.reserve(4 * scTransRows(sn.chunk) * smallnNR)
	blk := take[float32](s, scTransRows(sn.chunk)*smallnNR)
	per := smallnPackedLen(p.oc, c.kTot)
	resid := c.epi.Residuals() > 0
	var biasBuf [smallnNR]float32 // a unit's bias (snChanBiasRelu): this worker's own
	for u := lo; u < hi; u++ {
		nc := u % sn.nChk
		rest := u / sn.nChk
		mp := rest % sn.mPan
		plane := rest / sn.mPan
		gr := plane % p.g
		var a []float32
		if c.padded {
			a = c.pad[plane*c.planeP:]
		} else {
			a = c.src[plane*p.ic*p.inSp : (plane+1)*p.ic*p.inSp]
		}
		wo := gr*per + mp*c.kTot*smallnNR
		p0, p1 := nc*sn.chunk, min(p.outSp, (nc+1)*sn.chunk)
		n := p1 - p0
		// K blocks: a block's weights (kc·32 values) and A lines stay in L1 across
		// the chunk's tiles
		for k0 := 0; k0 < c.kTot; k0 += sn.kc {
			kcb := min(sn.kc, c.kTot-k0)
			for t := 0; t < smallnTiles(n); t++ {
				f, r := smallnSplit(n, t)
				smallnTile(kcb, a, sn.rows[p0+f:p0+f+r], sn.off[k0:], sn.offMax, &sn.w, wo+k0*smallnNR, sn.half, sn.asm, blk[f*smallnNR:], smallnNR, k0 > 0)
			}
		}
		o0 := mp * smallnNR
		oc := min(smallnNR, p.oc-o0)
		ch0 := gr*p.oc + o0
		yOff := plane*p.oc*p.outSp + o0*p.outSp + p0
		if c.dst16 != nil && !resid && snTransposeAsm() {
			// f16 output: the bias and ReLU in the transpose, narrowed there (sn_fuse.go)
			bias, relu, ok := snChanBiasRelu(c.epi, ch0, oc, &biasBuf)
			if !ok {
				if !smBlockEpi(c.epi, blk, n, oc, ch0) {
					epiBlock(c.epi, blk, nil, 0, smallnNR, n, oc, ch0, false)
				}
				bias, relu = nil, false
			}
			snTransposeH(c.dst16[yOff:], p.outSp, blk, n, oc, bias, relu)
			continue
		}
		if c.epi != nil && !resid && !smBlockEpi(c.epi, blk, n, oc, ch0) {
			epiBlock(c.epi, blk, nil, 0, smallnNR, n, oc, ch0, false)
		}
		smallnTranspose(c.dst[yOff:], p.outSp, blk, n, oc)
		if c.epi != nil && resid {
			epiBlock(c.epi, c.dst, c.res, yOff, p.outSp, oc, n, ch0, true)
		}
		if c.dst16 != nil {
			for j := 0; j < oc; j++ {
				o := yOff + j*p.outSp
				GemmF32ToF16(c.dst16[o:o+n], c.dst[o:o+n])
			}
		}
	}
}

// scTransRows is the number of pixel rows a small-N block of n pixels is allocated
// with: whole 16-row groups, which scTrans16 reads (rows past n are not written out).
func scTransRows(n int) int { return (n + 15) &^ 15 }

// smallnTranspose writes the n×oc corner of the [pixel][smallnNR] block blk into oc
// rows of n values, ld apart, at dst. blk must hold scTransRows(n) rows (AVX-512: 16×16
// blocks transposed in registers).
func smallnTranspose(dst []float32, ld int, blk []float32, n, oc int) {
	if n <= 0 || oc <= 0 {
		return
	}
	if scTransAsm() {
		if len(blk) < scTransRows(n)*smallnNR || oc > smallnNR || len(dst) < (oc-1)*ld+n {
			panic("kernels: small-N transpose outside its operands")
		}
		for i0 := 0; i0 < n; i0 += 16 {
			for j0 := 0; j0 < oc; j0 += 16 {
				scTrans16(&dst[j0*ld+i0], ld, &blk[i0*smallnNR+j0], min(16, n-i0), min(16, oc-j0))
			}
		}
		return
	}
	for j := 0; j < oc; j++ {
		d := dst[j*ld : j*ld+n]
		for i := range d {
			d[i] = blk[i*smallnNR+j]
		}
	}
}
