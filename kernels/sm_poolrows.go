package kernels

import "math"

// smPlanesRows turns a 2-D pooling whose H windows tile each plane — no H padding,
// H = Ho·sH and the dilated H kernel at most sH, so no window reads two planes'
// rows — into one plane whose rows are all the planes' rows (values only: indices
// are per plane). Small planes (landmarks' 64×12×12 → 6×6 k2 s2) then take one unit
// setup and one pair of tap tables per block of many planes instead of per plane.
func smPlanesRows(p *winPlan) (winPlan, bool) {
	if p.planes <= 1 || p.in[0] != 1 || p.out[0] != 1 || p.k[0] != 1 || p.pb[0] != 0 {
		return *p, false
	}
	kd := (p.k[1]-1)*p.d[1] + 1
	if p.pb[1] != 0 || kd > p.s[1] || p.in[1] != p.out[1]*p.s[1] || p.inLen() >= math.MaxInt32 {
		return *p, false
	}
	q := *p
	q.in[1], q.out[1] = p.planes*p.in[1], p.planes*p.out[1]
	q.pe[1] = 0
	q.n, q.c, q.planes = 1, 1, 1
	q.inPlane, q.outPlane = p.inLen(), p.outLen()
	return q, true
}
