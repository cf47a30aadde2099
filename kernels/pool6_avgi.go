package kernels

// Integer AvgPool with the H pass first. Sums modulo 2^64 can be taken in
// any order (avgint.go), so when the H stride leaves few output rows for
// many input rows (or the W pass is dear: gathered columns, a scalar prefix
// sum per row), the depth-summed rows are first summed along H into one
// row of xe columns per output row (contiguous vector adds), and only those
// B rows are then summed along W.

// pool6AvgiHFirst is a flag of avgiPrepare's strategy (tests force it):
// the H pass first, whatever the costs.
const pool6AvgiHFirst = 4

// pool6HFirst reports whether the H pass first costs less than the W pass
// first for the geometry g (its need, prefW and interior already set), by
// a rough count of element operations: a vector add of contiguous elements
// costs 1/5 of a gathered or scalar one, a prefix sum 3/2 per element.
func pool6HFirst(p *winPlan, g *avgiGeom) bool {
	const vec = 0.2
	B, Wo, xe := float64(g.B), float64(g.Wo), float64(g.xe)
	ky := float64(min(p.k[1], g.nr))
	var wc float64 // one row's W pass
	switch {
	case g.prefW:
		wc = 1.5*xe + 2*Wo
	case g.sx == 1:
		wc = Wo * float64(min(p.k[2], g.xe)) * vec
	default:
		wc = Wo * float64(min(p.k[2], g.xe))
	}
	nn := 0
	for _, n := range g.need {
		if n {
			nn++
		}
	}
	wFirst := float64(nn)*wc + B*Wo*ky*vec
	hFirst := B*xe*ky*vec + B*wc
	return hFirst < 0.8*wFirst
}

// pool6AvgiPassesHW sums every output's window of the depth-summed rows
// (nr×xe) into sums (B×Wo): along H into g.hx (B×xe; interior rows in one
// fold, border rows one by one), then along W.
func pool6AvgiPassesHW(g *avgiGeom, rows, sums []uint64) {
	xe := g.xe
	hx := g.hx[:g.B*xe]
	if g.ih > g.il {
		avgiFold(hx[g.il*xe:], xe, rows[int(g.ya[g.il])*xe:], g.sy*xe, 1, g.dy*xe, int(g.cy[g.il]), g.ih-g.il, xe)
	}
	for i := 0; i < g.B; i++ {
		if i == g.il && g.ih > g.il {
			i = g.ih - 1
			continue
		}
		cy := int(g.cy[i])
		if cy == 0 {
			clear(hx[i*xe:][:xe])
			continue
		}
		avgiFold(hx[i*xe:], xe, rows[int(g.ya[i])*xe:], xe, 1, g.dy*xe, cy, 1, xe)
	}
	avgiWPass(g, hx, g.B, nil, sums)
}

// pool6AvgiPick is the integer average of a 1×1×1 window (kernel volume 1,
// so no dilation matters): every output is the element its window reads,
// or 0 when the window lies in the pads (a zero sum, whatever the count).
// It writes output rows [i0, i1) of depth od of plane pl into out.
func pool6AvgiPick[T Number](p *winPlan, pl, out []T, od, i0, i1 int) {
	H, W := p.in[1], p.in[2]
	Wo := p.out[2]
	z := od*p.s[0] - p.pb[0]
	for i := i0; i < i1; i++ {
		o := out[(i-i0)*Wo:][:Wo]
		y := i*p.s[1] - p.pb[1]
		if z < 0 || z >= p.in[0] || y < 0 || y >= H {
			clear(o)
			continue
		}
		row := pl[(z*H+y)*W:][:W]
		for c := range o {
			x := c*p.s[2] - p.pb[2]
			if x >= 0 && x < W {
				o[c] = row[x]
			} else {
				o[c] = 0
			}
		}
	}
}
