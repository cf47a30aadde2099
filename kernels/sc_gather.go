package kernels

import (
	"context"
	"unsafe"

	"github.com/x448/float16"
)

// Strided 1×1 convolutions without padding (ResNet-style shortcut projections, the
// 1×1 stride-2 layers of vehicle-attributes and person-attributes) read one input pixel
// per output pixel: input (z·s0, y·s1, x·s2) for output (z, y, x). Padded mode would copy
// the used stride phase into zero-bordered planes and run the offset tiles on them,
// copying the valid pixels out again; instead the input is gathered into a compact
// [plane][channel][output pixel] tensor (rows of s-strided columns), which is exactly
// the input of a 1×1 stride-1 convolution on the output grid, and that convolution
// runs on the direct path (B read in place, or the small-N tiles). The products and
// their summation order are those of the direct convolution on the gathered data.

// scGatherMin is the smallest gathered tensor (elements) copied in parallel.
const scGatherMin = 1 << 15

// scGatherable reports whether g is a strided 1×1 convolution that reads only inside
// the input (no padding taken) and so runs on a gathered input.
func scGatherable(p *convPlan) bool {
	if p.kSp != 1 || p.pb != [3]int{} || p.s == [3]int{1, 1, 1} || p.outSp == 0 {
		return false
	}
	for a := range p.s {
		if (p.out[a]-1)*p.s[a] >= p.in[a] {
			return false
		}
	}
	return true
}

// scPlanGather makes c a gathering convolution: c.sc runs the compact 1×1 stride-1
// convolution.
func (c *ConvGemm) scPlanGather(g ConvGeom, threads int, mode smallnMode) error {
	ig := g
	ig.In = append([]int(nil), g.Out...)
	ig.Kernel = make([]int, len(g.Out))
	ig.Strides = make([]int, len(g.Out))
	ig.Dilations = make([]int, len(g.Out))
	for i := range ig.Kernel {
		ig.Kernel[i], ig.Strides[i], ig.Dilations[i] = 1, 1, 1
	}
	ig.PadsBegin = make([]int, len(g.Out))
	in, err := newConvGemmOpts(ig, c.gk.arch, threads, true, mode, scOpts{noGather: true})
	if err != nil {
		return err
	}
	p := &c.p
	c.sc = in
	c.scN = p.n * p.g * p.ic * p.outSp
	c.scBuf = make([]float32, c.scN)
	c.scBuf16 = make([]float16.Float16, c.scN)
	c.parallel = in.parallel
	c.units = in.units
	return nil
}

type scGatherRunner struct{}

func (scGatherRunner) run(j *job, _ *scratch, lo, hi int) {
	c := (*ConvGemm)(j.src)
	if j.flag {
		scGather(c.scDst16, c.src16, &c.p, lo, hi)
	} else {
		scGatherF32(c.scDst, c.src, &c.p, lo, hi)
	}
}

// scGather copies channels [lo, hi) (over all images and groups) of the input x into
// the compact tensor d: d[ch][z][y][x] = x[ch][z·s0][y·s1][x·s2].
func scGather[T float32 | float16.Float16](d, x []T, p *convPlan, lo, hi int) {
	o1, o2 := p.out[1], p.out[2]
	for ch := lo; ch < hi; ch++ {
		src := x[ch*p.inSp : (ch+1)*p.inSp]
		dst := d[ch*p.outSp : (ch+1)*p.outSp]
		for z := 0; z < p.out[0]; z++ {
			for y := 0; y < o1; y++ {
				scGatherRow(dst[(z*o1+y)*o2:][:o2], src[(z*p.s[0]*p.in[1]+y*p.s[1])*p.in[2]:], p.s[2])
			}
		}
	}
}

// scGatherRow writes row[i·s] into d[i] for every i < len(d).
func scGatherRow[T float32 | float16.Float16](d, row []T, s int) {
	row = row[:(len(d)-1)*s+1]
	for i := range d {
		d[i] = row[i*s]
	}
}

// scGatherF32 is scGather for float32, deinterleaving rows of stride 2 with
// gemmDeint2 (AVX-512 on 16 or more columns).
func scGatherF32(d, x []float32, p *convPlan, lo, hi int) {
	o1, o2 := p.out[1], p.out[2]
	if p.s[2] != 2 || o2 < 16 {
		scGather(d, x, p, lo, hi)
		return
	}
	for ch := lo; ch < hi; ch++ {
		src := x[ch*p.inSp : (ch+1)*p.inSp]
		dst := d[ch*p.outSp : (ch+1)*p.outSp]
		for z := 0; z < p.out[0]; z++ {
			for y := 0; y < o1; y++ {
				dr := dst[(z*o1+y)*o2:][:o2]
				row := src[(z*p.s[0]*p.in[1]+y*p.s[1])*p.in[2]:]
				n := o2
				if len(row) < 2*n { // an odd last row: its last column alone
					n--
				}
				gemmDeint2(row[:2*n], dr[:n], nil)
				if n < o2 {
					dr[n] = row[2*n]
				}
			}
		}
	}
}

// scRun gathers the input (c.src, or c.src16 for RunEpiF16) and runs the compact
// convolution on it.
func (c *ConvGemm) scRun(ctx context.Context, w *Workers, dst []float32, res [][]float32) error {
	chans := c.p.n * c.p.g * c.p.ic
	half := c.src16 != nil
	if half {
		c.scDst16 = c.scBuf16[:c.scN]
	} else {
		c.scDst = c.scBuf[:c.scN]
	}
	defer func() { c.scDst, c.scDst16 = nil, nil }()
	if c.sc.parallel && w.threadsFor() > 1 && c.scN >= scGatherMin && chans > 1 {
		j := w.acquire()
		j.fn = scGatherRunner{}
		j.units = chans
		j.chunk = max(1, chans/(4*w.threadsFor()))
		j.flag = half
		j.src = unsafe.Pointer(c)
		if err := w.run(ctx, j, true); err != nil {
			return err
		}
	} else if half {
		scGather(c.scDst16, c.src16, &c.p, 0, chans)
	} else {
		scGatherF32(c.scDst, c.src, &c.p, 0, chans)
	}
	if half { // c.src is RunEpiF16's f32 scratch, at least scN long
		return c.sc.RunEpiF16(ctx, w, c.scDst16, c.src[:c.scN], c.dst16, dst, res)
	}
	return c.sc.RunEpi(ctx, w, c.scDst, dst, res)
}

// scWidenRows widens rows rows of n f16 values, src rows lds apart, into dst rows ldd
// apart: one assembly call for all rows (AVX-512), else GemmF16ToF32 per row.
func scWidenRows(dst []float32, ldd int, src []float16.Float16, lds, n, rows int) {
	if rows <= 0 || n <= 0 {
		return
	}
	if len(dst) < (rows-1)*ldd+n || len(src) < (rows-1)*lds+n {
		panic("kernels: scWidenRows outside its operands")
	}
	if scCvtRowsAsm() {
		scCvtRows(n, rows, &dst[0], ldd, (*uint16)(unsafe.Pointer(&src[0])), lds)
		return
	}
	for r := 0; r < rows; r++ {
		GemmF16ToF32(dst[r*ldd:r*ldd+n], src[r*lds:r*lds+n])
	}
}

// scFillRows16 is fillRange for f16 data and stride 1 (one phase, padded row (z, y) at
// (z·inP[1]+y)·inP[2]): padded columns [lo, hi) of the valid rows among flat padded rows
// [r0, r1) of channels [c0, c1), each z slice's rows in one scWidenRows call (the
// row-by-row copy cost more per row than widening its 10–40 values).
func (c *ConvGemm) scFillRows16(c0, c1, r0, r1, lo, hi int) {
	p := &c.p
	ip := c.inP
	for pl := c0; pl < c1; pl++ {
		x := c.src16[pl*p.inSp : (pl+1)*p.inSp]
		d := c.pad[pl*c.chanP : (pl+1)*c.chanP]
		for fr := r0; fr < r1; {
			pz := fr / ip[1]
			end := min(r1, (pz+1)*ip[1])
			iz := pz - p.pb[0]
			if iz >= 0 && iz < p.in[0] {
				y0 := max(fr-pz*ip[1], p.pb[1])
				y1 := min(end-pz*ip[1], p.in[1]+p.pb[1])
				if y1 > y0 {
					src := x[(iz*p.in[1]+y0-p.pb[1])*p.in[2]+lo-p.pb[2]:]
					scWidenRows(d[(pz*ip[1]+y0)*ip[2]+lo:], ip[2], src, p.in[2], hi-lo, y1-y0)
				}
			}
			fr = end
		}
	}
}

// scSharePads narrows the padded rows of a convolution with stride 1 along x and both a
// left (pb) and a right (pe) pad: row pitch W + max(pb, pe) instead of W + pb + pe.
// A tap reading past the right end of a row then reads the next row's first columns,
// which are its left pad (zero) — min(pb, pe) ≤ pb columns at most — and past the last
// row the slack or the next channel's left pad (zero too). The wide grid (one output
// row per pitch) loses min(pb, pe) columns per row: 12 → 11 on 10-pixel rows with a
// 3×3 pad-1 filter, 9 % fewer products. Outputs and their sums are unchanged: every tap
// reads the value it read before (data or a zero).
func (c *ConvGemm) scSharePads() {
	p := &c.p
	pb, w := p.pb[2], p.in[2]
	pe := c.inP[2] - pb - w
	if p.s[2] != 1 || pb <= 0 || pe <= 0 {
		return
	}
	if pitch := w + max(pb, pe); pitch >= p.out[2] && pitch < c.inP[2] {
		c.inP[2], c.ph[2] = pitch, pitch
	}
}

// scFillRowsS2 is fillRange for x stride 2 and every input column read (padded columns
// [pb, pb+W)), on AVX-512: per channel, z slice and used y phase, the rows of that
// phase go through one call that splits each row into its two x phases (input column c
// is padded column c+pb: phase (c+pb) mod 2, index (c+pb) div 2) — scCvtDeint widening
// f16 data, scDeintRows for f32 — instead of a widening and a deinterleave per row.
func (c *ConvGemm) scFillRowsS2(c0, c1, r0, r1 int) {
	p := &c.p
	ip := c.inP
	s0, s1 := p.s[0], p.s[1]
	pb := p.pb[2]
	ph01 := c.ph[0] * c.ph[1]
	evPh, odPh := pb&1, (pb+1)&1 // x phases of the even and odd input columns
	evOff, odOff := evPh*c.phSp+pb>>1, odPh*c.phSp+(pb+1)>>1
	odd := gemmUsed(c.phUse[2], odPh)
	nEv, nOd := (p.in[2]+1)/2, p.in[2]/2
	for pl := c0; pl < c1; pl++ {
		var x16 []float16.Float16
		var x32 []float32
		if c.src16 != nil {
			x16 = c.src16[pl*p.inSp : (pl+1)*p.inSp]
		} else {
			x32 = c.src[pl*p.inSp : (pl+1)*p.inSp]
		}
		d := c.pad[pl*c.chanP : (pl+1)*c.chanP]
		for fr := r0; fr < r1; {
			pz := fr / ip[1]
			end := min(r1, (pz+1)*ip[1])
			iz := pz - p.pb[0]
			if iz >= 0 && iz < p.in[0] && gemmUsed(c.phUse[0], pz%s0) {
				y0 := max(fr-pz*ip[1], p.pb[1])
				y1 := min(end-pz*ip[1], p.in[1]+p.pb[1])
				for ry := 0; ry < s1 && y1 > y0; ry++ {
					if !gemmUsed(c.phUse[1], ry) {
						continue
					}
					fy := y0 + ((ry-y0)%s1+s1)%s1 // first padded row >= y0 of y phase ry
					if fy >= y1 {
						continue
					}
					rows := (y1 - fy + s1 - 1) / s1
					prow := (((pz%s0)*s1+ry)*2*ph01 + (pz/s0)*c.ph[1] + fy/s1) * c.ph[2]
					so := (iz*p.in[1] + fy - p.pb[1]) * p.in[2]
					lds, ldd := s1*p.in[2], c.ph[2]
					if p.inSp < so+(rows-1)*lds+p.in[2] || len(d) < prow+evOff+(rows-1)*ldd+nEv || (odd && len(d) < prow+odOff+(rows-1)*ldd+nOd) {
						panic("kernels: stride-2 fill outside its operands")
					}
					var od *float32
					if odd && nOd > 0 {
						od = &d[prow+odOff]
					}
					if x16 != nil {
						scCvtDeint(p.in[2], rows, (*uint16)(unsafe.Pointer(&x16[so])), lds, &d[prow+evOff], od, ldd)
					} else {
						scDeintRows(p.in[2], rows, &x32[so], lds, &d[prow+evOff], od, ldd)
					}
				}
			}
			fr = end
		}
	}
}
