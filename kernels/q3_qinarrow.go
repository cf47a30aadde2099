package kernels

import "unsafe"

// Whole-plane tap tables for narrow storage (round 16, helper q3).
//
// qi's tables (qi_plane.go) fold 4- and 8-byte elements. For 1- and
// 2-byte integers and f16/bf16 the group of planes is widened to float32
// (exact, order kept) before the same float32 tables run, and the maxima
// are narrowed back (exact: each is a widened storage value, or the start
// value). The start value is the storage type's lowest, widened (or, for
// f16/bf16, float32's lowest, as the per-block widening of maxBlock and
// the per-tensor reference do), so values and indices are the reference's
// bit for bit.

// q3QiNarrowUse reports whether MaxPool with indices of plan p (storage T)
// takes the widened tables: 1- or 2-byte integers or f16/bf16, and qi's
// cost rule for float32 tables, with 1-D rows bounded at 45 ns a row
// instead of 60 (the widening and narrowing cost a few ns a row more;
// the rows plan widens per block too). Measured (CPU time, main's and
// this path's poolsweep alternated, docs/performance.md "Round 16 (q3)"):
// u8 1×413×29×6×16 k[2,2,2] 0.42×, bf16 5×351×2×12×29 k[1,8,3] 0.24×,
// 1-D bf16 14×471×30 k5 (37 ns) 0.63×, 6×238×76 k1 0.34×, i8 13×166×52
// k1 (42 ns) 0.83×; 1-D f16 3×416×43 k4 (52 ns) lost 1.25×, bf16
// 8×497×21 k9 (59 ns) 1.06×.
func q3QiNarrowUse[T Number](p *winPlan) bool {
	if !poolSmallInt[T]() && !poolIsHalf[T]() {
		return false
	}
	return qiFits(p, 4, 45)
}

// q3QiNarrowRunner runs the groups of planes of a job with narrow storage S.
type q3QiNarrowRunner[S Number, I Index] struct{}

func (q3QiNarrowRunner[S, I]) run(j *job, s *scratch, lo, hi int) {
	q3QiNarrowUnits[S, I](j, s, lo, hi)
}

// q3QiNarrowUnits runs the groups of planes [lo, hi) of job j: qiPlaneUnits
// on each group widened to float32.
func q3QiNarrowUnits[S Number, I Index](j *job, s *scratch, lo, hi int) {
	p := &j.wp
	src := unsafe.Slice((*S)(j.src), p.inLen())
	dst := unsafe.Slice((*S)(j.dst), p.outLen())
	idx := unsafe.Slice((*I)(j.idx), p.outLen())
	t := qiTabsFor(p, s)
	g := &t.g
	wb := take[float32](s, g.planes*p.inPlane)
	dv := take[float32](s, g.n)
	low := float32(lowest[S]())
	if poolIsHalf[S]() {
		low = lowest[float32]()
	}
	linear := j.mode.modBase == 0 && j.mode.modSp == 0
	for u := lo; u < hi; u++ {
		pl0 := u * g.planes
		q := min(g.planes, p.planes-pl0)
		n := q * p.outPlane
		dV := dv[:n]
		dI := t.dI[:n]
		fill(dV, low)
		copy(dI, t.tmpl[:n])
		sv := wb[:q*p.inPlane]
		poolWidenExact(sv, src[pl0*p.inPlane:][:q*p.inPlane])
		for _, c := range t.calls {
			tab := poolTab{off: t.off[int(c)*g.n:][:n], cnt: t.cnt[int(c)*g.n:][:n],
				ts: g.ts, taps: int(t.taps[c]), span: int(t.span[c]) + (q-1)*p.inPlane}
			poolTabMax(dV, dI, sv, nil, &tab, low, true, 0)
		}
		poolNarrowExact(dst[pl0*p.outPlane:][:n], dV)
		qiWriteIdx(j, idx[pl0*p.outPlane:][:n], dI, pl0, q, linear)
	}
}
