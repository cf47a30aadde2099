package kernels

// Depth-slice cache for 3-D MaxPool whose depth windows overlap (depth
// stride below the dilated depth kernel): the (H, W)-pooled slice of an
// input depth is the same for every output depth whose window reads it, so
// a unit covers every output depth of a (plane, block of output rows),
// pools each input slice it needs once (maxPass.slice) and folds the depth
// taps over the cached slices. Exact: a cached slice holds its (h, w)
// maximum and the first index of it in scan order; folding the slices in
// depth order with the strict ">" takes the first slice holding the overall
// maximum, which is the reference's (d, h, w)-lexicographic first.

// pool6CacheBudget bounds a unit's scratch (cache, outputs, W-pass rows) in
// bytes: the cache is written once and read by every output depth, so it
// may sit in L2.
const pool6CacheBudget = 192 << 10

// pool6DepthSpan returns the first input depth some window reads and the
// number of depths up to the last one read.
func pool6DepthSpan(p *winPlan) (z0, n int) {
	z0, z1 := p.in[0], 0
	for od := 0; od < p.out[0]; od++ {
		lo, hi := tapWin(od, p.s[0], p.pb[0], p.d[0], p.k[0], p.in[0])
		if lo < hi {
			z0 = min(z0, od*p.s[0]-p.pb[0]+lo*p.d[0])
			z1 = max(z1, od*p.s[0]-p.pb[0]+(hi-1)*p.d[0]+1)
		}
	}
	if z1 <= z0 {
		return 0, 0
	}
	return z0, z1 - z0
}

// pool6DepthNeeded reports whether some window reads input depth z.
func pool6DepthNeeded(p *winPlan, z int) bool {
	for kz := 0; kz < p.k[0]; kz++ {
		q := z + p.pb[0] - kz*p.d[0]
		if q >= 0 && q%p.s[0] == 0 && q/p.s[0] < p.out[0] {
			return true
		}
	}
	return false
}

// pool6DepthPlan switches job j (planned by planRows) to units of every
// output depth of a (plane, block of rows) with the depth-slice cache when
// the depth windows share slices (the taps read outnumber the slices by a
// quarter at least) and the cache of one output row fits the budget. elem
// is the compute type's size, idx whether indices are kept. It reports
// whether the job then runs in parallel.
func pool6DepthPlan(j *job, threads, elem int, idx bool) (ok, par bool) {
	p := &j.wp
	Do, Ho, Wo := p.out[0], p.out[1], p.out[2]
	if Do < 2 || p.s[0] >= (p.k[0]-1)*p.d[0]+1 || j.ints[0] != 0 {
		return false, false
	}
	taps := 0
	for od := 0; od < Do; od++ {
		lo, hi := tapWin(od, p.s[0], p.pb[0], p.d[0], p.k[0], p.in[0])
		taps += hi - lo
	}
	z0, nz := pool6DepthSpan(p)
	used := 0
	for z := z0; z < z0+nz; z++ {
		if pool6DepthNeeded(p, z) {
			used++
		}
	}
	if 4*taps < 5*used || used == 0 {
		return false, false
	}
	per := elem
	if idx {
		per += 8 // cached and output indices
	}
	// Bytes per output row of a block: the cache, the outputs, the W-pass
	// rows (about s·Wo per output row, plus the kernel's extra rows once).
	perRow := (nz+Do)*Wo*per + p.s[1]*Wo*(per+elem)
	fixed := ((p.k[1]-1)*p.d[1] + 1) * (Wo*(per+elem) + p.in[2]*elem)
	b := (pool6CacheBudget - fixed) / perRow
	if b < 1 {
		return false, false
	}
	b = min(b, Ho)
	nb := (Ho + b - 1) / b
	if threads > 1 && p.planes*nb < 4*threads {
		nb = max(nb, min(Ho, (4*threads+p.planes-1)/p.planes))
	}
	b = (Ho + nb - 1) / nb
	nb = (Ho + b - 1) / b
	j.bRows, j.nb = b, nb
	j.units = p.planes * nb
	j.chunk = max(1, min(j.units/(16*threads), (1<<14)/max(1, Do*b*Wo)))
	j.ints[1] = 1
	work := p.outLen() * p.kernelVol
	return true, threads > 1 && work >= 1<<15 && j.units > 1
}

// pool6MaxDepths computes every output depth of a maxBlock unit: the slices
// some window reads pooled into the cache (slice z at (z-z0)·B·Wo), then
// one depth fold per run of output depths with the same valid taps, depth
// od+e of the outputs at e·dS.
func pool6MaxDepths[S, T Number](m *maxPass[S, T], dV []T, dI []int32, dS int, cV []T, cI []int32, z0, nz int) {
	p := m.p
	BWo := (m.i1 - m.i0) * p.out[2]
	for z := z0; z < z0+nz; z++ {
		if !pool6DepthNeeded(p, z) {
			continue
		}
		o := (z - z0) * BWo
		var ci []int32
		if m.withIdx {
			ci = cI[o : o+BWo]
		}
		m.slice(z, cV[o:o+BWo], ci, true)
	}
	runs := newRunIter(p.s[0], p.pb[0], p.d[0], p.k[0], p.in[0], p.out[0], 0, p.out[0])
	for {
		a, b, zlo, zhi, ok := runs.next()
		if !ok {
			break
		}
		o := a * dS
		if zlo == zhi {
			for e := a; e < b; e++ {
				fill(dV[e*dS:e*dS+BWo], m.low)
				if m.withIdx {
					fill(dI[e*dS:e*dS+BWo], 0)
				}
			}
			continue
		}
		c := (a*p.s[0] - p.pb[0] + zlo*p.d[0] - z0) * BWo
		if m.withIdx {
			foldMaxIdx(dV[o:], dI[o:], dS, cV[c:], cI[c:], p.s[0]*BWo, p.d[0]*BWo, zhi-zlo, b-a, BWo, m.low, false)
		} else {
			foldMax(dV[o:], dS, cV[c:], p.s[0]*BWo, 1, p.d[0]*BWo, zhi-zlo, b-a, BWo, m.low, false)
		}
	}
}

// pool6MaxUnit decodes unit u of a MaxPool job: j.unitRows, or, for the
// units of every output depth (pool6DepthPlan, j.ints[1] == 1), the plane
// and row range with od = -1.
func pool6MaxUnit(j *job, u int) (plane, od, i0, i1 int) {
	if j.ints[1] == 1 {
		plane, _, i0, i1 = j.decodeUnit(u, 1, j.wp.out[1])
		return plane, -1, i0, i1
	}
	return j.unitRows(u)
}
