package kernels

// smallnMM is MatMulGemm's small-N plan (smalln.go) for products with at most
// smallnMaxR rows (matrix-vector products, a few tokens): all of A's rows form one tile
// (row i at rows[i], step k at off[k]: A is read in place, transposed or not) and B is
// packed into 32-column panels over all of K, streamed once per run (f16 when B is a
// constant of f16-exact values and the AVX-512 kernel runs). A work unit is (output
// batch, chunk of column panels); tiles are written straight into the output (the last
// partial panel through a scratch tile) and the epilogue runs on the unit's columns.
type smallnMM struct {
	asm    bool
	nPan   int
	rows   []int
	off    []int
	offMax int
	w      smallnW // nbb × nPan panels of K×32
	half   bool
	chunk  int // panels per unit
	nChk   int
}

// smallnPlanMM sets up the small-N path of m when it has at most smallnMaxR rows and
// the micro-kernel family has a small-N kernel (AVX-512, or the portable tile of
// GemmGo); mode < 0 keeps the tile path (tests).
func (m *MatMulGemm) smallnPlanMM(threads int, mode smallnMode) {
	g := &m.g
	if mode < 0 || g.M < 1 || g.M > smallnMaxR || g.K < 1 || g.N < 1 {
		return
	}
	asm := m.gk.arch == GemmAVX512
	if !asm && m.gk.arch != GemmGo {
		return
	}
	sn := &smallnMM{asm: asm}
	sn.nPan = (g.N + smallnNR - 1) / smallnNR
	sn.rows, sn.off = make([]int, g.M), make([]int, g.K)
	for i := range sn.rows {
		sn.rows[i] = i * g.K
		if g.TransA {
			sn.rows[i] = i
		}
	}
	for k := range sn.off {
		sn.off[k] = k
		if g.TransA {
			sn.off[k] = k * g.M
		}
	}
	sn.offMax = sn.off[g.K-1]
	sn.w.f = make([]float32, m.nbb*smallnPackedLen(g.N, g.K))
	sn.chunk = sn.nPan
	if m.parallel {
		sn.chunk = max(1, (sn.nPan+4*threads-1)/(4*threads))
		for sn.chunk > 1 && m.nb*((sn.nPan+sn.chunk-1)/sn.chunk) < 4*threads {
			sn.chunk = (sn.chunk + 1) / 2
		}
	}
	sn.nChk = (sn.nPan + sn.chunk - 1) / sn.chunk
	m.sn = sn
	m.units = m.nb * sn.nChk
}

// smallnPackMM packs B (as an N×K matrix: element (n, k) at b[n*rs+k*cs] per batch).
// The panels are f32 (SetConstB may then narrow them to f16).
func (m *MatMulGemm) smallnPackMM(b []float32, rs, cs int) {
	g := &m.g
	sn := m.sn
	per := smallnPackedLen(g.N, g.K)
	for i := 0; i < m.nbb; i++ {
		smallnPack(sn.w.f[i*per:(i+1)*per], b[i*g.K*g.N:(i+1)*g.K*g.N], g.N, g.K, rs, cs)
	}
	sn.half = false
}

// smallnRunMM computes work units [lo, hi) of the small-N path.
func (m *MatMulGemm) smallnRunMM(s *scratch, lo, hi int) {
	g := &m.g
	sn := m.sn
	s.reserve(4 * smallnMaxR * smallnNR)
	tmp := take[float32](s, smallnMaxR*smallnNR)
	per := smallnPackedLen(g.N, g.K)
	mk := g.M * g.K
	for u := lo; u < hi; u++ {
		nc := u % sn.nChk
		bo := u / sn.nChk
		a := m.a[m.aIdx[bo]*mk : (m.aIdx[bo]+1)*mk]
		y := m.dst[bo*g.M*g.N : (bo+1)*g.M*g.N]
		wb := m.bIdx[bo] * per
		j0, j1 := nc*sn.chunk, min(sn.nPan, (nc+1)*sn.chunk)
		for jp := j0; jp < j1; jp++ {
			p0 := jp * smallnNR
			wo := wb + jp*g.K*smallnNR
			if p0+smallnNR <= g.N {
				smallnTile(g.K, a, sn.rows, sn.off, sn.offMax, &sn.w, wo, sn.half, sn.asm, y[p0:], g.N, false)
				continue
			}
			smallnTile(g.K, a, sn.rows, sn.off, sn.offMax, &sn.w, wo, sn.half, sn.asm, tmp, smallnNR, false)
			for i := 0; i < g.M; i++ {
				copy(y[i*g.N+p0:(i+1)*g.N], tmp[i*smallnNR:])
			}
		}
		if m.epi != nil {
			c0 := j0 * smallnNR
			epiBlock(m.epi, m.dst, m.res, bo*g.M*g.N+c0, g.N, g.M, min(g.N, j1*smallnNR)-c0, c0, false)
		}
	}
}
