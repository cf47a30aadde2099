package kernels

import "unsafe"

// Three-tap-wide MaxPool rows (round 12, helper sk): a values-only 2-D
// MaxPool with a W window of 3 taps, W stride 1 or 2, no dilation, any H
// window and H stride, on float32 or f16 data — the k3 s2 pools of
// squeezenet, head-pose, vehicle- and person-attributes and the k3 s[1|2]×1
// pools of lpr-barrier. The separable kernels pay per call and per row on
// these small planes (64×36×36 → 18×18 f16: 65 µs, one fold call per row
// and pass, f16 widened per block). Here one AVX-512 call computes one
// output row: for each 16 outputs it folds the valid input rows of the
// window in order and, in each row, the three W taps in order (the two
// stride-2 phases are deinterleaved in registers by VPERMT2PS), so every
// output folds its taps in the reference's scan order with its update
// (acc = x > acc ? x : acc, VMAXPS with acc as the second source: NaN and
// an equal ±0 keep acc), starting from float32's lowest — the reference's
// bits for float32 and, for f16, those of widening, pooling in float32 and
// narrowing to nearest even (MaxPoolF16Context). Columns outside the input
// are loaded as −Inf (masked loads merged into −Inf), which no update
// takes, so they fold as the skipped taps they are; rows outside the input
// are not folded. f16 is widened in the loads and narrowed in the store.

// skMaxUse reports whether MaxPool plan p on storage type T takes the
// three-tap-row kernel: values only, AVX-512, float32 or f16, a 2-D window
// (no depth), kernel W 3, W stride 1 or 2, dilations 1, and every output
// row and column with at least one valid tap.
func skMaxUse[T Number](p *winPlan, withIdx bool) bool {
	if withIdx || !skMaxOK() || !skMaxType[T]() {
		return false
	}
	if p.nsp != 2 || p.in[0] != 1 || p.out[0] != 1 || p.k[0] != 1 {
		return false
	}
	if p.k[2] != 3 || p.s[2] < 1 || p.s[2] > 2 || p.d[1] != 1 || p.d[2] != 1 || p.k[1] < 1 {
		return false
	}
	if p.out[2] > 16*skMaxGroups || p.planes < 1 {
		return false
	}
	for _, a := range [2]int{1, 2} {
		for _, o := range [2]int{0, p.out[a] - 1} {
			if lo, hi := tapWin(o, p.s[a], p.pb[a], p.d[a], p.k[a], p.in[a]); hi <= lo {
				return false
			}
		}
	}
	return true
}

// skMaxGroups bounds the 16-output groups of a row (the mask table).
const skMaxGroups = 64

// skMaxType reports whether T is float32 or the f16 storage type.
func skMaxType[T Number]() bool {
	switch any((*T)(nil)).(type) {
	case *float32, *poolF16:
		return true
	}
	return false
}

// skMaxPlan switches job j to units of whole planes and returns whether it
// runs in parallel.
func skMaxPlan(j *job, threads int) bool {
	p := &j.wp
	j.units = p.planes
	j.bRows, j.nb = p.out[1], 1
	j.chunk = max(1, min(j.units/(16*threads), (1<<14)/max(1, p.outPlane)))
	return threads > 1 && p.planes > 1 && p.outLen()*p.kernelVol >= 1<<15
}

type skMaxRunner[T Number] struct{}

func (skMaxRunner[T]) run(j *job, s *scratch, lo, hi int) { skMaxPlanes[T](j, s, lo, hi) }

// skMaxMasks fills tab with the per-group masks of an output row: for group
// g, tab[8g+i] (i < 4) are the valid lanes of the g-th group's loads at the
// columns skMaxLoadCol(g, i), tab[8g+4] its valid output lanes.
func skMaxMasks(tab []uint16, p *winPlan) int {
	W, Wo, pl, sw := p.in[2], p.out[2], p.pb[2], p.s[2]
	ng := (Wo + 15) / 16
	for g := 0; g < ng; g++ {
		for i := 0; i < 4; i++ {
			var cs int
			if sw == 2 {
				cs = 32*g - pl + [4]int{0, 16, 2, 18}[i]
			} else {
				cs = 16*g - pl + i
			}
			tab[8*g+i] = skLaneMask(-cs, W-cs)
		}
		tab[8*g+4] = skLaneMask(-16*g, Wo-16*g)
		tab[8*g+5], tab[8*g+6], tab[8*g+7] = 0, 0, 0
	}
	return ng
}

// skLaneMask returns the 16-bit mask of lanes i with lo <= i < hi.
func skLaneMask(lo, hi int) uint16 {
	lo, hi = max(lo, 0), min(hi, 16)
	var m uint16
	for i := lo; i < hi; i++ {
		m |= 1 << i
	}
	return m
}

func skMaxPlanes[T Number](j *job, s *scratch, lo, hi int) {
	p := &j.wp
	s.reserve(2 * 8 * skMaxGroups)
	tab := take[uint16](s, 8*skMaxGroups)
	ng := skMaxMasks(tab, p)
	var z T
	es := int(unsafe.Sizeof(z))
	H, W, Ho, Wo := p.in[1], p.in[2], p.out[1], p.out[2]
	rs := W * es
	src, dst := uintptr(j.src), uintptr(j.dst)
	half := es == 2
	for pl := lo; pl < hi; pl++ {
		sp := src + uintptr(pl*p.inPlane*es) - uintptr(p.pb[2]*es)
		dp := dst + uintptr(pl*p.outPlane*es)
		for oh := 0; oh < Ho; oh++ {
			t0, t1 := tapWin(oh, p.s[1], p.pb[1], 1, p.k[1], H)
			r0 := oh*p.s[1] - p.pb[1] + t0
			skMaxRow(dp+uintptr(oh*Wo*es), sp+uintptr(r0*rs), t1-t0, rs, &tab[0], ng, half, p.s[2] == 2)
		}
	}
}
