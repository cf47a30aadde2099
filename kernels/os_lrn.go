package kernels

import "math"

// LRNOneAxis reports whether the plan's window spans exactly one axis (the channel axis of
// AlexNet's and GoogLeNet's across-channel LRN), the case LRNFast computes.
func (p *LRNPlan) LRNOneAxis() bool { return p.naxes == 1 }

// LRNFast is LRN for a plan whose window spans one axis a (LRNOneAxis): the data seen as
// [outer, C, inner], the sums of squares of every output row accumulated a whole inner row at
// a time, window channels in ascending order from 0 (the reference's order, the same T
// roundings, so the sums are identical), then x / (bias + alpha/size · s)^beta. The power is
// math.Pow's in float64, or for beta = 0.75 (AlexNet, GoogLeNet) √v·√√v in float64, which
// rounds to the same float32 as math.Pow on every one of 2·10⁷ sampled v (docs/performance.md,
// Round 16 (os)); float64 data always takes math.Pow. src and dst must not overlap.
func LRNFast[T normFloat](p *LRNPlan, dst, src []T) error {
	if err := checkNormLens("LRN", p.n, len(src), len(dst)); err != nil {
		return err
	}
	ax := 0
	for i, on := range p.axes {
		if on {
			ax = i
		}
	}
	outer, inner := 1, 1
	for _, d := range p.shape[:ax] {
		outer *= d
	}
	for _, d := range p.shape[ax+1:] {
		inner *= d
	}
	nc := p.shape[ax]
	alpha, beta, bias := T(p.alpha), T(p.beta), T(p.bias)
	scale := alpha / T(math.Pow(float64(p.size), float64(p.naxes)))
	var zero T
	_, is32 := any(zero).(float32)
	b75 := is32 && float64(beta) == 0.75
	for o := 0; o < outer; o++ {
		base := o * nc * inner
		for c := 0; c < nc; c++ {
			d := dst[base+c*inner : base+(c+1)*inner]
			x := src[base+c*inner : base+(c+1)*inner]
			lo, hi := max(0, c-p.half), min(nc, c+p.half+1)
			if hi <= lo {
				clear(d)
			} else {
				s := src[base+lo*inner : base+(lo+1)*inner]
				for i, v := range s {
					d[i] = T(v * v)
				}
				for k := lo + 1; k < hi; k++ {
					s := src[base+k*inner : base+(k+1)*inner]
					s = s[:len(d)]
					for i, v := range s {
						d[i] += T(v * v)
					}
				}
			}
			x = x[:len(d)]
			if b75 {
				for i, v := range x {
					r := math.Sqrt(float64(bias + T(scale*d[i])))
					d[i] = v / T(r*math.Sqrt(r))
				}
			} else {
				for i, v := range x {
					d[i] = v / T(math.Pow(float64(bias+T(scale*d[i])), float64(beta)))
				}
			}
		}
	}
	return nil
}
