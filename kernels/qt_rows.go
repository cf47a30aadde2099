package kernels

import "unsafe"

// Round 16 (qt): 1-D integer AvgPool over rows of few taps.
//
// The integer kernel (avgint.go) runs 1-D rows as the rows of one plane:
// a block of rows is widened to uint64 (one call per row when its windows
// read only a prefix of it), summed along W by fold calls and divided. On
// rows of a few outputs those calls are most of the time: avg i8
// 1×139×18×28×8 k[1,1,3] s[1,2,6] (seed 1009 id 194; after qtReduce 35,028
// rows of 16 with one output of 3 taps) took 1.1× the scalar reference,
// and the tiny-plane path's direct sums (a division per output) no less.
// Here each output's valid taps are added directly in int64 (exact for
// elements of at most 4 bytes: |sum| < 2^31·2^31), a batch of rows'
// sums stored, and the batch divided by one vectorised call (avgiDivRow:
// round to nearest, ties to even, as the reference).

// qtRowTaps and qtRowOuts bound the valid window taps and the outputs of
// one row for the direct sums; qtRowBatch is the outputs of a batch (sums
// and divisors in L1). Measured (CPU time, 30 geometries of 30,000 rows,
// i8, u8, i32, the rule forced off and on alternated, 3 rounds): with at
// most 4 outputs a row the direct sums took 0.31–0.91× the integer
// kernel's time (0.31 at one output of 3 taps, 0.77–0.91 at 4 outputs of
// 5–8 taps); on 13 sweep geometries of 6–32 outputs a row (8–101 taps)
// they took 1.4–7× its time (its W folds are vectors across columns).
const (
	qtRowTaps  = 32
	qtRowOuts  = 4
	qtRowBatch = 512
)

// qtIntRowsUse reports whether integer AvgPool on storage T with plan p
// (after qtReduce, before the 1-D rows plan) sums rows directly: 1-D,
// elements of at most 4 bytes, several rows of at most qtRowOuts outputs
// and qtRowTaps valid taps, a window of two taps or more.
func qtIntRowsUse[T Number](p *winPlan) bool {
	var z T
	return kindOf[T]() > kFloat64 && !poolIsHalf[T]() && unsafe.Sizeof(z) <= 4 &&
		p.nsp == 1 && p.planes >= 2 && p.inPlane > 0 && p.kernelVol >= 2 &&
		p.out[2] <= qtRowOuts && pltTinyTaps(p) <= qtRowTaps
}

// qtIntRowsRunner runs the rows [lo, hi) of a qtIntRowsUse job (units are
// planes: pltTinyPlan).
type qtIntRowsRunner[T Number] struct{}

func (qtIntRowsRunner[T]) run(j *job, s *scratch, lo, hi int) { qtIntRows[T](j, s, lo, hi) }

func qtIntRows[T Number](j *job, s *scratch, lo, hi int) {
	p := &j.wp
	W, Wo := p.in[2], p.out[2]
	src := unsafe.Slice((*T)(j.src), p.inLen())
	dst := unsafe.Slice((*T)(j.dst), p.outLen())
	per := max(1, qtRowBatch/max(1, Wo)) // rows a batch
	n := per * Wo
	s.reserve(8*(Wo+2*n) + 64)
	x0 := take[int32](s, Wo)
	nx := take[int32](s, Wo)
	sums := take[uint64](s, n)
	den := take[int64](s, n)
	for c := 0; c < Wo; c++ {
		tlo, thi := tapWin(c, p.s[2], p.pb[2], p.d[2], p.k[2], W)
		x0[c], nx[c] = int32(c*p.s[2]-p.pb[2]+tlo*p.d[2]), int32(thi-tlo)
		if thi == tlo {
			x0[c] = 0 // an empty window reads nothing
		}
	}
	for e := range den {
		if j.flag {
			den[e] = int64(p.kernelVol)
		} else {
			den[e] = max(int64(nx[e%Wo]), 1)
		}
	}
	d := p.d[2]
	for r0 := lo; r0 < hi; r0 += per {
		r1 := min(hi, r0+per)
		e := 0
		for r := r0; r < r1; r++ {
			row := src[r*W:][:W]
			for c := 0; c < Wo; c++ {
				var acc int64
				q := int(x0[c])
				for t := int32(0); t < nx[c]; t++ {
					acc += int64(row[q])
					q += d
				}
				sums[e] = uint64(acc)
				e++
			}
		}
		avgiDivRow(sums[:e], den[:e])
		out := dst[r0*Wo:][:e]
		for i, v := range sums[:e] {
			out[i] = T(int64(v))
		}
	}
}
