package kernels

import "unsafe"

// Deep windows over tiny output planes (round 14, helper pa): float
// AvgPool with a 3-D window whose output planes (H×W) are a few outputs,
// e.g. avg bf16 4×313×34×4×7 k[5,5,4] s[2,6,4] (2×2 outputs a plane,
// 16 output depths). avgBlockFloat's units are one output depth of a
// plane: each pays the block's set-up (scratch, run iterators, tap
// tables, the divide pass) and, for f16/bf16, widens the depth taps' rows
// again for every output depth they serve (k/s times); that kernel was
// 1.4× slower than the scalar reference there.
//
// Here a unit is a whole plane (pltTinyPlan's units), widened once per run
// of planes (pltStage), and summed separably: per input depth slice the W
// sums of the rows the windows read, then the H sums into one small plane
// of window sums per slice; then every output adds its valid slices' sums
// in depth order and divides by its count (the kernel volume when pads
// count). The sums are the W, H, D order the documentation bounds; the
// choice of this path depends on the geometry only (never the thread
// count or the storage type), so f16/bf16 results stay the float32
// kernel's bits.

// pa4DeepMaxOut bounds the outputs of an output plane (H×W) for the path,
// as pqDFirst's tiny planes.
const pa4DeepMaxOut = 64

// pa4DeepMaxPlane bounds the input plane (elements) for the path: f16/bf16
// widen whole planes into scratch, and the planes it wins on are small
// (the cases below: 952 to 3,432 elements).
const pa4DeepMaxPlane = 1 << 16

// pa4DeepUnitCost is the estimated set-up cost of one avgBlockFloat unit
// in scalar-add units (about 200–300 ns per unit measured on the case
// above, ~1 ns a dependent scalar add).
const pa4DeepUnitCost = 256

// pa4Axis holds the valid taps of every output of one axis: the first
// valid input index and the count (taps t·d after it).
type pa4Axis struct {
	x0, n []int32
}

// pa4AxisFor fills the valid taps of axis a's outputs from scratch s and
// returns the range [lo, hi) of input indices they read.
func pa4AxisFor(p *winPlan, a int, s *scratch) (ax pa4Axis, lo, hi int) {
	no := p.out[a]
	ax.x0, ax.n = take[int32](s, no), take[int32](s, no)
	lo, hi = p.in[a], 0
	for o := 0; o < no; o++ {
		tl, th := tapWin(o, p.s[a], p.pb[a], p.d[a], p.k[a], p.in[a])
		x0 := o*p.s[a] - p.pb[a] + tl*p.d[a]
		ax.x0[o], ax.n[o] = int32(x0), int32(max(0, th-tl))
		if th > tl {
			lo, hi = min(lo, x0), max(hi, x0+(th-tl-1)*p.d[a]+1)
		}
	}
	return ax, lo, max(lo, hi)
}

// pa4DeepUse reports whether float AvgPool job j takes the deep-window
// path: a 3-D window of two depth taps or more over output planes of at
// most pa4DeepMaxOut outputs, when the estimated adds of a plane here are
// at most half what the per-output-depth units of avgBlockFloat cost
// (pa4DeepUnitCost each plus their depth fold of nz·nr·W elements, 8
// lanes, and their H and W passes). The rule reads the geometry only.
func pa4DeepUse(j *job) bool {
	here, old, ok := pa4DeepCost(j)
	return ok && 2*here <= old
}

// pa4DeepCost returns pa4DeepUse's estimates of a plane's adds on this
// path (here) and in avgBlockFloat's units (old), and whether job j's
// geometry qualifies for the path at all.
func pa4DeepCost(j *job) (here, old int, ok bool) {
	p := &j.wp
	if j.ints[0] != 0 || p.nsp != 3 || p.k[0] < 2 || p.planes < 1 || p.inPlane == 0 || p.inPlane > pa4DeepMaxPlane || p.out[1]*p.out[2] > pa4DeepMaxOut {
		return 0, 0, false
	}
	// Valid taps and read ranges per axis.
	var taps, lo, hi [3]int
	for a := 0; a < 3; a++ {
		lo[a], hi[a] = p.in[a], 0
		for o := 0; o < p.out[a]; o++ {
			tl, th := tapWin(o, p.s[a], p.pb[a], p.d[a], p.k[a], p.in[a])
			if th > tl {
				x0 := o*p.s[a] - p.pb[a] + tl*p.d[a]
				taps[a] += th - tl
				lo[a], hi[a] = min(lo[a], x0), max(hi[a], x0+(th-tl-1)*p.d[a]+1)
			}
		}
	}
	nz, nr := max(0, hi[0]-lo[0]), max(0, hi[1]-lo[1])
	Ho, Wo, Do := p.out[1], p.out[2], p.out[0]
	// Here: per slice the W sums of nr rows and the H sums of Ho·Wo
	// outputs, then the depth sums; plus the widening of the plane.
	here = nz*(nr*taps[2]+Wo*taps[1]) + p.inPlane/8
	if Ho*Wo >= 8 {
		here += Ho*Wo*taps[0]/8 + 16*Do // pa4Fold's vector folds
	} else {
		here += Ho * Wo * taps[0]
	}
	// avgBlockFloat: a unit per output depth, its depth fold over nr·W
	// elements of each depth tap (8 lanes) and its H and W passes.
	old = Do*pa4DeepUnitCost + taps[0]*nr*p.in[2]/8 + Do*(nr*taps[2]+Wo*taps[1])/4
	// Measured (CPU time, BenchmarkPoolPa4Deep: 3-D cases of seeds 1, 7,
	// 101 and 503 forced either way) a unit of here costs 0.7–1.4 ns, one
	// of old 0.6–1.3 ns: this path is taken only where the estimate says
	// it does half the work (it won 2.2× on avg bf16 4×313×34×4×7, 2.4×
	// on f64 4×83×22×13×12 k[11,9,8], 1.1× on f32 1×302×25×7×16; it lost
	// up to 5× where the estimate is above).
	return here, old, true
}

// pa4DeepRunner runs the deep-window units (whole planes; S storage, T
// compute type).
type pa4DeepRunner[S, T Number] struct{}

func (pa4DeepRunner[S, T]) run(j *job, s *scratch, lo, hi int) { pa4Deep[S, T](j, s, lo, hi) }

// pa4DeepFn returns the deep-window runner for storage type T.
func pa4DeepFn[T Number]() runner {
	if poolIsHalf[T]() {
		return pa4DeepRunner[T, float32]{}
	}
	return pa4DeepRunner[T, T]{}
}

// pa4Deep runs AvgPool planes [lo, hi) of job j on the deep-window path.
func pa4Deep[S, T Number](j *job, s *scratch, lo, hi int) {
	p := &j.wp
	D, H, W := p.in[0], p.in[1], p.in[2]
	Do, Ho, Wo := p.out[0], p.out[1], p.out[2]
	var zt T
	elem := int(unsafe.Sizeof(zt))
	st := pltStage[S, T]{p: p, batch: 1, cvt: poolIsHalf[S](), exactCv: true,
		src: unsafe.Slice((*S)(j.src), p.inLen()), dst: unsafe.Slice((*S)(j.dst), p.outLen())}
	if st.cvt {
		st.batch = pltTinyBatch(p)
	}
	need := 8*(Do+Ho+Wo) + 256 + (D*Ho*Wo+H*Wo)*elem
	if st.cvt {
		need += st.batch * (p.inPlane + p.outPlane) * elem
	}
	s.reserve(need)
	az, zlo, zhi := pa4AxisFor(p, 0, s)
	ay, ylo, yhi := pa4AxisFor(p, 1, s)
	ax, _, _ := pa4AxisFor(p, 2, s)
	sums := take[T](s, D*Ho*Wo) // window sums per depth slice
	rs := take[T](s, H*Wo)      // W sums of one slice's rows
	if st.cvt {
		st.wb = take[T](s, st.batch*p.inPlane)
		st.ob = take[T](s, st.batch*p.outPlane)
	}
	dW, dH, dD := p.d[2], p.d[1], p.d[0]
	HoWo := Ho * Wo
	vol := T(p.kernelVol)
	st.planes(lo, hi, func(_ int, v, out []T) {
		for z := zlo; z < zhi; z++ {
			sl := v[z*H*W:]
			// W sums of the rows the windows read.
			for y := ylo; y < yhi; y++ {
				row := sl[y*W:]
				r := rs[y*Wo:][:Wo]
				for c := range r {
					q, n := int(ax.x0[c]), int(ax.n[c])
					var acc T
					if dW == 1 && n > 0 {
						for _, x := range row[q : q+n] {
							acc += x
						}
					} else {
						for t := 0; t < n; t++ {
							acc += row[q]
							q += dW
						}
					}
					r[c] = acc
				}
			}
			// H sums into the slice's window sums.
			sz := sums[z*HoWo:][:HoWo]
			for oh := 0; oh < Ho; oh++ {
				y0, n := int(ay.x0[oh]), int(ay.n[oh])
				o := sz[oh*Wo:][:Wo]
				for c := range o {
					var acc T
					q := y0*Wo + c
					for t := 0; t < n; t++ {
						acc += rs[q]
						q += dH * Wo
					}
					o[c] = acc
				}
			}
		}
		// Depth sums in depth order (one fold per output depth), then
		// the divisions by the count.
		for od := 0; od < Do; od++ {
			o := out[od*HoWo:][:HoWo]
			nz := int(az.n[od])
			if nz == 0 {
				clear(o)
				continue
			}
			pa4Fold(o, HoWo, sums[int(az.x0[od])*HoWo:], HoWo, 1, dD*HoWo, nz, 1, HoWo)
			for oh := 0; oh < Ho; oh++ {
				ny := nz * int(ay.n[oh])
				o := o[oh*Wo:][:Wo]
				for c := range o {
					switch cnt := ny * int(ax.n[c]); {
					case cnt == 0:
						o[c] = 0
					case j.flag:
						o[c] /= vol
					default:
						o[c] /= T(cnt)
					}
				}
			}
		}
	})
}

// pa4Fold is foldAdd (from fresh accumulators, no division) for folds of 8
// columns or more, and the same sums in the same order (acc = 0, then
// every tap in order) by a scalar loop for narrower ones, whose foldAdd
// call costs more than its adds.
func pa4Fold[T Number](dst []T, ds int, src []T, sr, sc, ts, taps, rows, cols int) {
	if cols >= 8 {
		foldAdd(dst, ds, src, sr, sc, ts, taps, rows, cols, false, 1)
		return
	}
	for r := 0; r < rows; r++ {
		d := dst[r*ds:][:cols]
		sv := src[r*sr:]
		for c := range d {
			var acc T
			q := c * sc
			for t := 0; t < taps; t++ {
				acc += sv[q]
				q += ts
			}
			d[c] = acc
		}
	}
}

// pa4SplitSmall reports whether an AvgPool job that planRows keeps on one
// thread (fewer than 2^15 window taps) is still worth splitting: its cost
// counts, besides the taps, the input it reads and the division and store
// of every output (a pass each), so rows of few outputs over many planes
// (avg f32 6×267×6 k3 s1 p1: 29K taps, 10K elements in and out, 53 µs on
// one thread, where PyTorch's two threads take 35 µs) split in two. The
// split depends on the thread count only through the units' boundaries,
// which never change a result.
func pa4SplitSmall(j *job, threads int) bool {
	p := &j.wp
	cost := p.outLen()*(p.kernelVol+2) + p.inLen()
	return threads > 1 && j.units > 1 && cost >= 1<<15
}

// pa4GapElems bounds the elements of unneeded rows the integer AvgPool's
// depth sums (avgiRows) add to join two runs of needed rows into one
// widening call: a call costs about as much as widening 32 elements (avg
// i64 1×192×38×13×13 k[4,4,2] s[2,6,3]: 3 runs of 4, 4 and 1 rows of 13
// per slice, gaps of 2 rows).
const pa4GapElems = 32
