package kernels

import "unsafe"

// Tiny planes (round 11, helper pl): pooling whose whole output plane is a
// few hundred window taps. The separable kernels (maxBlock, avgBlockFloat,
// pvAvgBlock, the tap tables) pay a fixed cost per unit (a plane, output
// depth and block of rows): the plan of the block, its run iterators, the
// scratch, one fold call per run of rows and axis, widening calls for
// f16/bf16 — a few hundred nanoseconds, which on such planes is more than
// the taps themselves (avg f16 5×155×9×9 k[9,1] s[5,6]: 2 outputs of 9
// taps per plane, 2× slower than the scalar reference; max i32
// 7×501×10×2×24 k[2,1,10]: 16 outputs of 20 taps, 2.3× slower).
//
// Here a unit is a whole plane, a worker's run of planes shares one table
// of the windows (per output row (depth, row) the plane offsets of its
// valid window rows in scan order, per output column its first valid tap
// and count), and every output folds its taps directly, in the reference's
// scan order (depth, row, column) with the reference's update: MaxPool
// values and indices are the reference's bit for bit, and so are float
// AvgPool sums (same order, same division) and integer AvgPool (exact sums,
// the reference's rounding). f16/bf16 are widened to float32 per run of
// planes and narrowed back as the per-block paths do, so an f16 result is
// the float32 kernel's bits.

// pltTinyMaxTaps bounds the window taps of one output plane for the tiny
// path and pltTinyUnitTaps those of one unit of the separable kernels (an
// output depth of a plane): measured (CPU time, sweep geometries of seeds
// 1–5 and 7 with at most 8192 taps a plane) the direct folds won up to
// about 100 taps a unit and lost beyond 150; against the float MaxPool
// kernels (whose units cost least) they lost from 50.
const (
	pltTinyMaxTaps  = 1536
	pltTinyUnitTaps = 128
)

// pltTinyTaps returns the valid window taps of one output plane (the sum
// over its outputs of the taps inside the input).
func pltTinyTaps(p *winPlan) int {
	t := 1
	for a := 0; a < 3; a++ {
		n := 0
		for o := 0; o < p.out[a]; o++ {
			lo, hi := tapWin(o, p.s[a], p.pb[a], p.d[a], p.k[a], p.in[a])
			n += hi - lo
		}
		t *= n
	}
	return t
}

// pltTinyUse reports whether job j (planned by planRows) takes the
// tiny-plane path: a 2- or 3-D geometry (not the 1-D rows plan) over
// several planes, a window of two taps or more, at most pltTinyMaxTaps
// valid taps a plane and pltTinyUnitTaps an output depth; for MaxPool
// (max) only on integer storage (f32/f64/f16/bf16 MaxPool keep their
// kernels, faster there, except on planes of at most pnTinyFloatTaps
// taps with a W window of two taps or more), for AvgPool only 2-D windows. The choice
// depends on the geometry and, for MaxPool, on the storage type — never
// on the thread count — so AvgPool f16/bf16 results stay the float32
// kernel's bits.
func pltTinyUse(j *job, max, intStorage bool) bool {
	p := &j.wp
	if j.ints[0] != 0 || p.nsp < 2 || p.planes < 2 || p.inPlane == 0 || p.kernelVol < 2 {
		return false
	}
	if !max && (p.out[0] != 1 || p.k[0] != 1) {
		// 3-D AvgPool: the depth-first sums of avgBlockFloat and the
		// integer kernel's slice sums won (avg i32 11×185×12×2×22
		// k[2,1,2]: 1.3–1.5× slower here; f32 2×22×16×14×4 k[7,1,1] 1.5×).
		return false
	}
	t := pltTinyTaps(p)
	if max && !intStorage {
		return t <= pnTinyFloatTaps && p.k[2] >= 2
	}
	return t <= pltTinyMaxTaps && t <= pltTinyUnitTaps*p.out[0]
}

// pnTinyFloatTaps bounds the valid window taps of a plane for float
// MaxPool (f32, f64, f16, bf16) on the tiny-plane path (round 13, helper
// pn): below it the per-block setup of the separable kernels costs more
// than the scalar folds (maxidx f32 3×152×10×5 k[3,4] s[4,4] d[2,1], 35
// taps a plane: 94 → 47 µs CPU, the fast kernel had been 1.7× slower than
// the reference); at 105 taps with indices (maxidx f32 7×416×5×4×17) the
// scalar folds lost (2.0 → 2.6 ms), and so they did with a W window of one
// tap, whose H folds are whole-row vector maxima in the separable kernels
// (maxidx f32 11×183×48×2 k[7,1]: 0.44 → 0.88 ms; max bf16 8×448×3×67
// k[3,1]: 0.84 → 1.42).
const pnTinyFloatTaps = 64

// pltMaxFn and pltAvgFn return the tiny-plane runners for storage type T.
func pltMaxFn[T Number, I Index]() runner {
	if poolIsHalf[T]() {
		return pltMaxRunner[T, float32, I]{}
	}
	return pltMaxRunner[T, T, I]{}
}

func pltAvgFn[T Number]() runner {
	if poolIsHalf[T]() {
		return pltAvgRunner[T, float32]{}
	}
	return pltAvgRunner[T, T]{}
}

// pltTinyPlan switches job j to units of whole planes (pltTinyUse) and
// returns whether it runs in parallel.
func pltTinyPlan(j *job, threads int) bool {
	p := &j.wp
	j.units = p.planes
	j.bRows, j.nb = p.out[1], 1
	j.chunk = max(1, min(j.units/(16*threads), (1<<14)/max(1, p.outPlane)))
	return threads > 1 && p.planes*pltTinyTaps(p) >= 1<<15
}

// pltWin is the window table of one plane: output row r = od·Ho + oh folds
// the input rows at plane offsets rows[rs[r]:rs[r+1]] (valid depth and
// row taps, in scan order); output column c the taps x0[c] + t·dW,
// t < nx[c].
type pltWin struct {
	rows, rs, x0, nx []int32
	dW               int
}

// pltWinFor builds the window table of p in scratch s (after reserving).
func pltWinFor(p *winPlan, s *scratch) pltWin {
	Do, Ho, Wo := p.out[0], p.out[1], p.out[2]
	H, W := p.in[1], p.in[2]
	var w pltWin
	w.dW = p.d[2]
	n := 0
	for od := 0; od < Do; od++ {
		zlo, zhi := tapWin(od, p.s[0], p.pb[0], p.d[0], p.k[0], p.in[0])
		for oh := 0; oh < Ho; oh++ {
			ylo, yhi := tapWin(oh, p.s[1], p.pb[1], p.d[1], p.k[1], H)
			n += (zhi - zlo) * (yhi - ylo)
		}
	}
	w.rows = take[int32](s, n)
	w.rs = take[int32](s, Do*Ho+1)
	w.x0 = take[int32](s, Wo)
	w.nx = take[int32](s, Wo)
	n = 0
	for od := 0; od < Do; od++ {
		zlo, zhi := tapWin(od, p.s[0], p.pb[0], p.d[0], p.k[0], p.in[0])
		for oh := 0; oh < Ho; oh++ {
			w.rs[od*Ho+oh] = int32(n)
			ylo, yhi := tapWin(oh, p.s[1], p.pb[1], p.d[1], p.k[1], H)
			for kz := zlo; kz < zhi; kz++ {
				z := od*p.s[0] - p.pb[0] + kz*p.d[0]
				for ky := ylo; ky < yhi; ky++ {
					y := oh*p.s[1] - p.pb[1] + ky*p.d[1]
					w.rows[n] = int32((z*H + y) * W)
					n++
				}
			}
		}
	}
	w.rs[Do*Ho] = int32(n)
	for c := 0; c < Wo; c++ {
		lo, hi := tapWin(c, p.s[2], p.pb[2], p.d[2], p.k[2], W)
		w.x0[c] = int32(c*p.s[2] - p.pb[2] + lo*p.d[2])
		w.nx[c] = int32(hi - lo)
	}
	return w
}

// pltWinBytes bounds the scratch bytes of pltWinFor.
func pltWinBytes(p *winPlan) int {
	return 4*(p.out[0]*p.out[1]*(min(p.k[0], p.in[0])*min(p.k[1], p.in[1])+1)+2*p.out[2]) + 64
}

// pltTinyBatch returns the planes widened at once for f16/bf16 (about 16K
// elements of float32 scratch).
func pltTinyBatch(p *winPlan) int {
	return max(1, (1<<14)/max(1, p.inPlane+p.outPlane))
}

// pltMaxPlane folds the windows of one plane (values at v, planes offsets
// from 0) into out (outPlane values) and, when oi is not nil, the plane
// offsets of the taken elements into oi (0 when none is taken).
func pltMaxPlane[T Number](w *pltWin, v []T, out []T, oi []int32, Wo int, low T) {
	o := 0
	for r := 0; r+1 < len(w.rs); r++ {
		rows := w.rows[w.rs[r]:w.rs[r+1]]
		for c := 0; c < Wo; c++ {
			x0, nx := int(w.x0[c]), int(w.nx[c])
			m, mi := low, 0
			if oi == nil {
				for _, ro := range rows {
					q := int(ro) + x0
					for t := 0; t < nx; t++ {
						if x := v[q]; x > m {
							m = x
						}
						q += w.dW
					}
				}
			} else {
				for _, ro := range rows {
					q := int(ro) + x0
					for t := 0; t < nx; t++ {
						if x := v[q]; x > m {
							m, mi = x, q
						}
						q += w.dW
					}
				}
				oi[o] = int32(mi)
			}
			out[o] = m
			o++
		}
	}
}

// pltStage holds what a worker's run of tiny planes shares: the window
// table and, for f16/bf16 storage (cvt), float32 buffers of batch planes
// in (wb) and out (ob).
type pltStage[S, T Number] struct {
	p       *winPlan
	src     []S
	dst     []S
	w       pltWin
	wb, ob  []T
	batch   int
	cvt     bool
	exactCv bool
}

// pltStageFor reserves scratch s for job j's window table, the f16/bf16
// buffers and extra more bytes (taken by the caller after this returns),
// and builds the table. exact selects poolWidenExact/poolNarrowExact.
func pltStageFor[S, T Number](j *job, s *scratch, extra int, exact bool) pltStage[S, T] {
	p := &j.wp
	st := pltStage[S, T]{p: p, batch: 1, cvt: poolIsHalf[S](), exactCv: exact,
		src: unsafe.Slice((*S)(j.src), p.inLen()), dst: unsafe.Slice((*S)(j.dst), p.outLen())}
	var zt T
	if st.cvt {
		st.batch = pltTinyBatch(p)
	}
	need := pltWinBytes(p) + 64 + extra
	if st.cvt {
		need += st.batch * (p.inPlane + p.outPlane) * int(unsafe.Sizeof(zt))
	}
	s.reserve(need)
	st.w = pltWinFor(p, s)
	if st.cvt {
		st.wb = take[T](s, st.batch*p.inPlane)
		st.ob = take[T](s, st.batch*p.outPlane)
	}
	return st
}

// planes calls f for every plane of [lo, hi) with its input values and its
// output (f16/bf16: widened per batch into wb, narrowed back from ob).
func (st *pltStage[S, T]) planes(lo, hi int, f func(pl int, v, out []T)) {
	p := st.p
	for b0 := lo; b0 < hi; b0 += st.batch {
		b1 := min(hi, b0+st.batch)
		if st.cvt {
			if st.exactCv {
				poolWidenExact(st.wb, st.src[b0*p.inPlane:b1*p.inPlane])
			} else {
				poolWiden(st.wb, st.src[b0*p.inPlane:b1*p.inPlane])
			}
		}
		for pl := b0; pl < b1; pl++ {
			var v, out []T
			if st.cvt {
				v = st.wb[(pl-b0)*p.inPlane:][:p.inPlane]
				out = st.ob[(pl-b0)*p.outPlane:][:p.outPlane]
			} else {
				v = unsafe.Slice((*T)(unsafe.Pointer(&st.src[pl*p.inPlane])), p.inPlane)
				out = unsafe.Slice((*T)(unsafe.Pointer(&st.dst[pl*p.outPlane])), p.outPlane)
			}
			f(pl, v, out)
		}
		if st.cvt {
			if st.exactCv {
				poolNarrowExact(st.dst[b0*p.outPlane:b1*p.outPlane], st.ob[:(b1-b0)*p.outPlane])
			} else {
				poolNarrow(st.dst[b0*p.outPlane:b1*p.outPlane], st.ob)
			}
		}
	}
}

// pltMaxTiny runs MaxPool planes [lo, hi) of job j (storage S, compute T:
// float32 for f16/bf16, else S).
func pltMaxTiny[S, T Number, I Index](j *job, s *scratch, lo, hi int) {
	p := &j.wp
	var idx []I
	extra := 0
	if j.flag {
		idx = unsafe.Slice((*I)(j.idx), p.outLen())
		extra = 4 * p.outPlane
	}
	st := pltStageFor[S, T](j, s, extra, false)
	var oi []int32
	if j.flag {
		oi = take[int32](s, p.outPlane)
	}
	low := lowest[T]()
	Wo := p.out[2]
	st.planes(lo, hi, func(pl int, v, out []T) {
		pltMaxPlane(&st.w, v, out, oi, Wo, low)
		if j.flag {
			base := j.mode.base(pl/p.c, pl%p.c)
			ix := idx[pl*p.outPlane:][:p.outPlane]
			if j.mode.modSp == 0 {
				writeIdx(ix, oi, base)
			} else {
				for e, q := range oi {
					ix[e] = I(base + j.mode.sp(uint64(q)))
				}
			}
		}
	})
}

// pltAvgPlane sums the windows of one plane (float T, in scan order) and
// divides each by its count (the kernel volume when pads count).
func pltAvgPlane[T Number](w *pltWin, v []T, out []T, Wo int, vol int, padsCount bool) {
	o := 0
	for r := 0; r+1 < len(w.rs); r++ {
		rows := w.rows[w.rs[r]:w.rs[r+1]]
		for c := 0; c < Wo; c++ {
			x0, nx := int(w.x0[c]), int(w.nx[c])
			var acc T
			for _, ro := range rows {
				q := int(ro) + x0
				for t := 0; t < nx; t++ {
					acc += v[q]
					q += w.dW
				}
			}
			cnt := len(rows) * nx
			switch {
			case cnt == 0:
				out[o] = 0
			case padsCount:
				out[o] = acc / T(vol)
			default:
				out[o] = acc / T(cnt)
			}
			o++
		}
	}
}

// pltAvgPlaneInt is pltAvgPlane for integers: exact sums (int64 for
// elements of at most 4 bytes, 128-bit otherwise) divided with the
// reference's rounding (to nearest, ties to even).
func pltAvgPlaneInt[T Number](w *pltWin, v []T, out []T, Wo int, vol int, padsCount bool) {
	var z T
	wide := unsafe.Sizeof(z) == 8
	signed := kindOf[T]() == kSigned
	o := 0
	for r := 0; r+1 < len(w.rs); r++ {
		rows := w.rows[w.rs[r]:w.rs[r+1]]
		for c := 0; c < Wo; c++ {
			x0, nx := int(w.x0[c]), int(w.nx[c])
			cnt := len(rows) * nx
			if padsCount {
				cnt = vol
			}
			if cnt == 0 {
				out[o] = 0
				o++
				continue
			}
			if !wide {
				var acc int64
				for _, ro := range rows {
					q := int(ro) + x0
					for t := 0; t < nx; t++ {
						acc += int64(v[q])
						q += w.dW
					}
				}
				out[o] = T(avgiDiv(acc, int64(cnt)))
			} else {
				var acc acc128
				for _, ro := range rows {
					q := int(ro) + x0
					for t := 0; t < nx; t++ {
						accAdd(&acc, v[q], signed)
						q += w.dW
					}
				}
				out[o] = T(acc.divRound(uint64(cnt), signed))
			}
			o++
		}
	}
}

// pltAvgTiny runs AvgPool planes [lo, hi) of job j (storage S, compute T:
// float32 for f16/bf16, else S).
func pltAvgTiny[S, T Number](j *job, s *scratch, lo, hi int) {
	p := &j.wp
	isInt := kindOf[T]() > kFloat64
	st := pltStageFor[S, T](j, s, 0, true)
	Wo := p.out[2]
	st.planes(lo, hi, func(_ int, v, out []T) {
		if isInt {
			pltAvgPlaneInt(&st.w, v, out, Wo, p.kernelVol, j.flag)
		} else {
			pltAvgPlane(&st.w, v, out, Wo, p.kernelVol, j.flag)
		}
	})
}

// pltMaxRunner and pltAvgRunner run the tiny-plane units (S storage, T
// compute type).
type (
	pltMaxRunner[S, T Number, I Index] struct{}
	pltAvgRunner[S, T Number]          struct{}
)

func (pltMaxRunner[S, T, I]) run(j *job, s *scratch, lo, hi int) { pltMaxTiny[S, T, I](j, s, lo, hi) }
func (pltAvgRunner[S, T]) run(j *job, s *scratch, lo, hi int)    { pltAvgTiny[S, T](j, s, lo, hi) }
