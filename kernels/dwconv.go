package kernels

import (
	"context"
	"fmt"
	"math"
	"unsafe"

	"github.com/x448/float16"
)

// DWConv is the fast depthwise convolution: a GroupConvolution with one input and one
// output channel per group (groups = C) over 1-D or 2-D NCHW data, in float32 (f16 and
// bf16 rows are widened as they are copied in and the result narrowed once, as the
// reference's f32 scratch computes them). Each channel plane is copied once into a
// zero-padded plane in the worker's scratch, each row split into its stride phases
// (even/odd columns for stride 2), so every kernel tap of every output row reads a
// contiguous run; the outputs are computed 16 columns at a time with a lane mask at the
// end of a row (AVX-512), else 8 at a time (AVX2 on amd64, the same loop in Go
// elsewhere), in blocks of output rows: a fused epilogue (SetEpilogue) runs over each
// block while it is in L1. Channel planes run in parallel on a Workers when the layer
// is large enough (dwParMin).
//
// The result is the reference's bit for bit: each output sums x·w over the taps in the
// reference's row-major order, in float32, from +0. A tap the reference skips (padding)
// reads 0 here and adds 0·w = ±0, which leaves a sum that started at +0 unchanged (such a
// sum is never −0) as long as w is finite, so NewDWConv refuses non-finite filters. The
// epilogue's steps are epiBlock's, so the values are ApplyEpilogue's over that output.
type DWConv struct {
	p                convPlan
	c                int // channels (groups)
	oh, ow, h, wd    int
	sy, sx, pby, pbx int
	ph, pws, rs, pl  int // padded plane: rows, phase-row length, row stride, size
	taps             []int32
	blk              []int32 // per 8-column block: source offset, destination offset
	n8               int     // columns per row covered by blocks
	blk16            []int32 // AVX-512: per 16-column block: source, destination, lane mask
	nb16             int     // 16-column blocks per output row
	rowsPer          int     // output rows per block of a plane (conv, epilogue, then the next)
	par              bool    // run channel planes on several threads
	w                []float32
	epi              *Epilogue
	kind             int  // 0 f32, 1 f16, 2 bf16 (per run)
	goOnly           bool // tests: the portable body even where assembly runs
	no512            bool // tests: the AVX2 body even where AVX-512 runs
	s32, d32         []float32
	s16, d16         []float16.Float16
	sb, db           []uint16
	res              [][]float32 // per run: the epilogue's residual tensors
	sm               *smDW1      // one output pixel per channel (sm_dw1.go)
}

// NewDWConv plans the depthwise convolution of geometry g with filters filt
// ([C, 1, 1, k...] float32), or returns nil when g is not a depthwise 1-D/2-D
// convolution or a filter value is not finite (the reference must then run).
func NewDWConv(g ConvGeom, filt []float32) *DWConv {
	p, err := g.plan()
	if err != nil || p.ic != 1 || p.oc != 1 || p.g < 1 || p.kSp < 1 || len(filt) != p.g*p.kSp {
		return nil
	}
	if p.in[0] != 1 || p.out[0] != 1 || p.k[0] != 1 || p.pb[0] != 0 {
		return nil
	}
	for _, v := range filt {
		if math.IsInf(float64(v), 0) || v != v {
			return nil
		}
	}
	d := &DWConv{p: p, c: p.g, oh: p.out[1], ow: p.out[2], h: p.in[1], wd: p.in[2],
		sy: p.s[1], sx: p.s[2], pby: p.pb[1], pbx: p.pb[2]}
	if d.oh == 0 || d.ow == 0 {
		d.w = append([]float32(nil), filt...)
		return d
	}
	kh, kw, dy, dx := p.k[1], p.k[2], p.d[1], p.d[2]
	d.ph = (d.oh-1)*d.sy + (kh-1)*dy + 1
	need := (d.ow-1)*d.sx + (kw-1)*dx + 1
	d.pws = (need + d.sx - 1) / d.sx
	d.rs = d.sx * d.pws
	pl, ok := mulAll(d.ph, d.rs)
	if !ok || pl >= math.MaxInt32/2 || d.oh*d.ow >= math.MaxInt32/2 {
		return nil
	}
	d.pl = pl
	for ky := 0; ky < kh; ky++ {
		for kx := 0; kx < kw; kx++ {
			d.taps = append(d.taps, int32(ky*dy*d.rs+(kx*dx%d.sx)*d.pws+kx*dx/d.sx))
		}
	}
	d.n8 = d.ow &^ 7
	for oy := 0; oy < d.oh; oy++ {
		for ox := 0; ox < d.n8; ox += 8 {
			d.blk = append(d.blk, int32(oy*d.sy*d.rs+ox), int32(oy*d.ow+ox))
		}
	}
	d.nb16 = (d.ow + 15) / 16
	// AVX-512 unless the rows are exactly 8 wide: one 8-column AVX2 block then beats a
	// half-masked 16-column one (BenchmarkDWConvModel C32_16x8).
	if dw512() && d.ow != 8 {
		for oy := 0; oy < d.oh; oy++ {
			for ox := 0; ox < d.ow; ox += 16 {
				n := min(16, d.ow-ox)
				d.blk16 = append(d.blk16, int32(oy*d.sy*d.rs+ox), int32(oy*d.ow+ox), int32(1<<n-1))
			}
		}
	}
	// Output rows per block: ~16 KiB of output, so the block is still in L1 when the
	// epilogue runs over it.
	d.rowsPer = max(1, 4096/d.ow)
	// Threads: from 2^18 multiply-adds. Alone (BenchmarkDWConvModel t2, hot data in one
	// core) a 32×64×32 3×3 layer, 2^19, ran slower on two threads than on one; inside a
	// 2-thread model it does not: a layer left on the caller reads the half of its input
	// the helper wrote and writes the half the helper reads next, which cost
	// person-detection-retail-0013's 32×40×68 and 64×20×34 layers 3–5× their 1-thread
	// time (docs/performance.md, "Round 13 (ws)").
	d.par = d.p.n*d.c > 1 && d.p.n*d.c*d.oh*d.ow*len(d.taps) >= dwParMin
	d.w = append([]float32(nil), filt...)
	d.sm = smDW1Plan(d, filt)
	return d
}

// dwParMin is the work (outputs × taps) from which a depthwise convolution runs its
// channel planes on several threads.
const dwParMin = 1 << 18

// SetEpilogue makes e run on each block of output rows as soon as it is computed (nil
// or empty: none). e's per-channel values are per channel (group); it stays read-only.
func (d *DWConv) SetEpilogue(e *Epilogue) error {
	if err := e.Check(d.c); err != nil {
		return err
	}
	if e.empty() {
		e = nil
	}
	d.epi = e
	return nil
}

// RunF32 computes dst from src (f32 NCHW, the geometry's lengths).
func (d *DWConv) RunF32(ctx context.Context, w *Workers, src, dst []float32) error {
	return d.RunEpiF32(ctx, w, src, dst, nil)
}

// RunF16 computes dst from src in f16 through f32 per channel plane.
func (d *DWConv) RunF16(ctx context.Context, w *Workers, src, dst []float16.Float16) error {
	return d.RunEpiF16(ctx, w, src, dst, nil)
}

// RunBF16 computes dst from src in bf16 through f32 per channel plane.
func (d *DWConv) RunBF16(ctx context.Context, w *Workers, src, dst []uint16) error {
	return d.RunEpiBF16(ctx, w, src, dst, nil)
}

// RunEpiF32 computes dst from src and applies the epilogue (SetEpilogue) with the
// residual tensors res (f32, dst's length each, one per EpiAddTensor step).
func (d *DWConv) RunEpiF32(ctx context.Context, w *Workers, src, dst []float32, res [][]float32) error {
	if err := d.check(len(src), len(dst), res); err != nil {
		return err
	}
	d.kind, d.s32, d.d32 = 0, src, dst
	defer func() { d.s32, d.d32 = nil, nil }()
	return d.run(ctx, w, res)
}

// RunEpiF16 is RunEpiF32 on f16 data: the convolution and the epilogue compute in f32
// and each output rounds to f16 once, at the end.
func (d *DWConv) RunEpiF16(ctx context.Context, w *Workers, src, dst []float16.Float16, res [][]float32) error {
	if err := d.check(len(src), len(dst), res); err != nil {
		return err
	}
	d.kind, d.s16, d.d16 = 1, src, dst
	defer func() { d.s16, d.d16 = nil, nil }()
	return d.run(ctx, w, res)
}

// RunEpiBF16 is RunEpiF16 on bf16 data.
func (d *DWConv) RunEpiBF16(ctx context.Context, w *Workers, src, dst []uint16, res [][]float32) error {
	if err := d.check(len(src), len(dst), res); err != nil {
		return err
	}
	d.kind, d.sb, d.db = 2, src, dst
	defer func() { d.sb, d.db = nil, nil }()
	return d.run(ctx, w, res)
}

func (d *DWConv) check(ls, lo int, res [][]float32) error {
	if err := d.p.check(ls, len(d.w), lo); err != nil {
		return err
	}
	return epiCheckRes(d.epi, res, lo)
}

func (d *DWConv) run(ctx context.Context, w *Workers, res [][]float32) error {
	units := d.p.n * d.c
	if units == 0 || d.oh == 0 || d.ow == 0 {
		return nil
	}
	d.res = res
	defer func() { d.res = nil }()
	if d.sm != nil {
		if d.kind != 0 && len(d.sm.x) == 0 {
			// f16/bf16: widened input and f32 outputs of one image, made by the first run.
			d.sm.x, d.sm.y = make([]float32, d.c*d.p.inSp), make([]float32, d.c)
		}
		d.smRun()
		return nil
	}
	th := w.threadsFor()
	j := w.acquire()
	j.src = unsafe.Pointer(d)
	j.units = units
	// A few chunks of planes per thread: each chunk zeroes its padded plane once.
	j.chunk = 1
	j.fn = dwRunner{}
	switch {
	case d.par && th > 1 && d.oh >= 2*th && units >= 2 && d.oh*d.ow >= th*thrBandMin:
		// bands of output rows of every plane (thrDWRunner), one per worker
		ng := min(units, 4)
		j.ints = [2]int{th, ng}
		j.units = th * ng
		j.fn = thrDWRunner{}
	case d.par:
		j.chunk = max(1, units/(4*th))
	default:
		j.chunk = units
	}
	if err := w.run(ctx, j, d.par); err != nil {
		return fmt.Errorf("depthwise convolution: %w", err)
	}
	return nil
}

type dwRunner struct{}

func (dwRunner) run(j *job, s *scratch, lo, hi int) { (*DWConv)(j.src).units(s, lo, hi) }

// units computes channel planes [lo, hi) (plane u = image·C + channel): the padded
// plane once, then blocks of output rows, each followed by the epilogue while it is in
// cache.
func (d *DWConv) units(s *scratch, lo, hi int) {
	d.planes(s, lo, hi, 0, d.oh)
}

// planes computes output rows [r0, r1) of channel planes [lo, hi): the input rows they
// read are copied into the padded plane, then the rows are computed in blocks, each
// followed by the epilogue while it is in cache.
func (d *DWConv) planes(s *scratch, lo, hi, r0, r1 int) {
	inSp, outSp := d.h*d.wd, d.oh*d.ow
	s.reserve(4 * (d.pl + outSp + d.rs + 16))
	pl := take[float32](s, d.pl)
	lin := take[float32](s, d.rs)
	tmp := take[float32](s, outSp)
	// The padding is the same for every plane: zero it once; each plane then writes
	// only its data columns.
	clear(pl)
	clear(lin)
	iy0, iy1 := max(0, -d.pby), min(d.h, d.ph-d.pby)
	// the padded rows read by output rows [r0, r1)
	iy0 = max(iy0, r0*d.sy-d.pby)
	iy1 = min(iy1, (r1-1)*d.sy+(d.p.k[1]-1)*d.p.d[1]+1-d.pby)
	ix0, ix1 := max(0, -d.pbx), min(d.wd, d.rs-d.pbx)
	for u := lo; u < hi; u++ {
		out := tmp
		if d.kind == 0 {
			out = d.d32[u*outSp : (u+1)*outSp]
		}
		if iy0 < iy1 && ix0 < ix1 {
			at := u*inSp + iy0*d.wd
			switch {
			case d.sx == 1 && d.kind == 0:
				dwCopyPlane(pl[(iy0+d.pby)*d.rs+ix0+d.pbx:], d.rs, d.s32[at+ix0:], d.wd, iy1-iy0, ix1-ix0)
			case d.sx == 2 && d.kind == 0:
				for iy := iy0; iy < iy1; iy++ {
					py := iy + d.pby
					d.split2(pl[py*d.rs:(py+1)*d.rs], d.s32[u*inSp+iy*d.wd+ix0:u*inSp+iy*d.wd+ix1], ix0+d.pbx)
				}
			default:
				for iy := iy0; iy < iy1; iy++ {
					py := iy + d.pby
					r := pl[py*d.rs : (py+1)*d.rs]
					if d.sx == 1 {
						d.fillRow(r, u*inSp+iy*d.wd, ix0, ix1)
					} else {
						d.fillRow(lin, u*inSp+iy*d.wd, ix0, ix1)
						dwDeinterleave(r, lin, d.sx, d.pws)
					}
				}
			}
		}
		c := u % d.c
		wt := d.w[c*len(d.taps) : (c+1)*len(d.taps)]
		for b0 := r0; b0 < r1; b0 += d.rowsPer {
			b1 := min(r1, b0+d.rowsPer)
			d.rows(out, pl, wt, b0, b1)
			if d.epi != nil {
				d.epiRows(out[b0*d.ow:b1*d.ow], u*outSp+b0*d.ow, c)
			}
		}
		o0, o1 := r0*d.ow, r1*d.ow
		switch d.kind {
		case 1:
			F32ToF16(d.d16[u*outSp+o0:u*outSp+o1], out[o0:o1])
		case 2:
			F32ToBF16(d.db[u*outSp+o0:u*outSp+o1], out[o0:o1])
		}
	}
}

type thrDWRunner struct{}

// run computes units [lo, hi) of (band of output rows, group of planes), band-major:
// with one band per worker (j.ints[0] bands, j.ints[1] groups), worker t computes band
// t of every plane, the rows the convolutions' pixel panels and UnaryLoop's bands give
// it, so the data stays in its core's cache from layer to layer.
func (thrDWRunner) run(j *job, s *scratch, lo, hi int) {
	d := (*DWConv)(j.src)
	nb, ng := j.ints[0], j.ints[1]
	planes := d.p.n * d.c
	for u := lo; u < hi; u++ {
		b, g := u/ng, u%ng
		r0, r1 := thrBand(d.oh, nb, b)
		d.planes(s, g*planes/ng, (g+1)*planes/ng, r0, r1)
	}
}

// rows computes output rows [r0, r1) of one plane.
func (d *DWConv) rows(out, pl, wt []float32, r0, r1 int) {
	if len(d.blk16) > 0 && !d.goOnly && !d.no512 {
		dwBlocks512(out, pl, d.blk16[3*r0*d.nb16:3*r1*d.nb16], d.taps, wt)
		return
	}
	nb := d.n8 / 8
	switch {
	case nb == 0:
	case d.goOnly:
		dwBlocksGo(out, pl, d.blk[2*r0*nb:2*r1*nb], d.taps, wt)
	default:
		dwBlocks(out, pl, d.blk[2*r0*nb:2*r1*nb], d.taps, wt)
	}
	if d.n8 < d.ow {
		for oy := r0; oy < r1; oy++ {
			for ox := d.n8; ox < d.ow; ox++ {
				base := oy*d.sy*d.rs + ox
				var sum float32
				for t, o := range d.taps {
					sum += pl[base+int(o)] * wt[t]
				}
				out[oy*d.ow+ox] = sum
			}
		}
	}
}

// epiRows applies the epilogue to y, the outputs at offset off of the whole output,
// all of channel c: epiBlock's steps and bodies (the same bits as ApplyEpilogue).
func (d *DWConv) epiRows(y []float32, off, c int) {
	ri := 0
	for i := 0; i < len(d.epi.Steps); i++ {
		s := &d.epi.Steps[i]
		if sqFuseAt(d.epi.Steps, i) {
			if k := sqEpiFuse(d.epi.Steps, i, y, c); k > 0 {
				i += k - 1
				continue
			}
		}
		switch s.Kind {
		case EpiAddChan, EpiMulChan, EpiPRelu:
			v := s.Vec[0]
			if len(s.Vec) > 1 {
				v = s.Vec[c]
			}
			epiScalar(s.Kind, y, v)
		case EpiAddTensor:
			epiAddRow(y, d.res[ri][off:off+len(y)])
			ri++
		case EpiFakeQuantize:
			fqeRow(s.FQ, y, c, 0, true)
		default:
			epiUnary(s, y)
		}
	}
}

// fillRow writes columns [ix0, ix1) of the input row at element offset at of the
// source into the padded row r (len rs, unsplit) at padded column ix + pbx; the other
// columns of r stay zero. f16/bf16 rows widen straight into r.
func (d *DWConv) fillRow(r []float32, at, ix0, ix1 int) {
	dst := r[ix0+d.pbx : ix1+d.pbx]
	switch d.kind {
	case 0:
		copy(dst, d.s32[at+ix0:at+ix1])
	case 1:
		F16ToF32(dst, d.s16[at+ix0:at+ix1])
	default:
		BF16ToF32(dst, d.sb[at+ix0:at+ix1])
	}
}

// split2 writes the input columns x, the first at padded column q0, into the padded
// row r split into its two stride phases (phase p, column j at r[p·pws + j] holds padded
// column 2j + p); the other columns of r stay zero.
func (d *DWConv) split2(r, x []float32, q0 int) {
	ph0, ph1 := r[:d.pws], r[d.pws:2*d.pws]
	var ev, od []float32 // where x[0], x[2], ... and x[1], x[3], ... go
	if q0%2 == 0 {
		ev, od = ph0[q0/2:], ph1[q0/2:]
	} else {
		ev, od = ph1[q0/2:], ph0[q0/2+1:]
	}
	n := len(x) / 2
	dwDeint2(ev[:n], od[:n], x[:2*n])
	if len(x)%2 == 1 {
		ev[n] = x[2*n]
	}
}

// dwDeinterleave splits the padded row lin (len sx·pws) into its sx stride phases:
// phase p, column j is lin[j·sx + p], at r[p·pws + j].
func dwDeinterleave(r, lin []float32, sx, pws int) {
	if sx == 2 {
		dwDeint2(r[:pws], r[pws:2*pws], lin[:2*pws])
		return
	}
	for p := 0; p < sx; p++ {
		dst := r[p*pws : (p+1)*pws]
		for j := range dst {
			dst[j] = lin[j*sx+p]
		}
	}
}

// dwDeint2Go splits lin into its even (ev) and odd (od) elements.
func dwDeint2Go(ev, od, lin []float32) {
	n := min(len(ev), len(od), len(lin)/2)
	ev, od, lin = ev[:n], od[:n], lin[:2*n]
	for j := range n {
		ev[j] = lin[2*j]
		od[j] = lin[2*j+1]
	}
}

// dwBlocksGo is the portable body: for each 8-column block, sum over the taps.
func dwBlocksGo(out, pl []float32, blk, taps []int32, wt []float32) {
	for b := 0; b+1 < len(blk); b += 2 {
		so, do := int(blk[b]), int(blk[b+1])
		var acc [8]float32
		for t, o := range taps {
			x := pl[so+int(o) : so+int(o)+8]
			wv := wt[t]
			for i := range acc {
				acc[i] += x[i] * wv
			}
		}
		copy(out[do:do+8], acc[:])
	}
}

// dwBlocks16Go is dwBlocks512's portable body (16-column blocks with a lane mask).
func dwBlocks16Go(out, pl []float32, blk, taps []int32, wt []float32) {
	for b := 0; b+2 < len(blk); b += 3 {
		so, do, m := int(blk[b]), int(blk[b+1]), uint32(blk[b+2])
		for i := 0; i < 16; i++ {
			if m&(1<<i) == 0 {
				continue
			}
			var acc float32
			for t, o := range taps {
				acc += pl[so+int(o)+i] * wt[t]
			}
			out[do+i] = acc
		}
	}
}

// dwCopyPlaneGo copies rows rows of n floats from src (row stride ss) to dst (row
// stride ds).
func dwCopyPlaneGo(dst []float32, ds int, src []float32, ss, rows, n int) {
	for r := 0; r < rows; r++ {
		copy(dst[r*ds:r*ds+n], src[r*ss:r*ss+n])
	}
}
