package kernels

import (
	"context"
	"unsafe"
)

// MatMulGemm is the fast float32 MatMul on the GEMM micro-kernels: B is packed into NR
// column panels (once, by PackB, when it is a constant; otherwise on every run), A into
// MR row panels on every run (transposes are absorbed by the packing), and the tiles
// are split over the workers by output batch, column panels and row panels. Products
// with fewer than gemmRowsMin rows (matrix-vector) use the 1×NR row kernel on A's rows.
//
// A MatMulGemm holds per-run state: one goroutine at a time may call Run.
type MatMulGemm struct {
	g              MatMulGeom
	gk             gemmKernel
	la, lb, lo     int
	nb, na, nbb    int
	aIdx, bIdx     []int // per output batch: its A and B batch
	mPan, nPan     int
	small          bool
	bPacked        []float32 // nbb × nPan·nr·K
	aPacked        []float32 // na × mPan·mr·K (tile path), na × M·K rows (small path with TransA)
	bReady, bConst bool

	chunk, nChunks, mChunks, mPer, units int
	parallel                             bool

	serial scratch
	a, dst []float32

	epi *Epilogue   // fused epilogue (SetEpilogue); nil for none
	res [][]float32 // the epilogue's residual tensors during a run

	sn *smallnMM // the small-N path (smalln_matmul.go) when chosen; nil otherwise
}

// gemmRowsMin is the smallest M computed with the tile kernel.
const gemmRowsMin = 4

// NewMatMulGemm plans the fast MatMul of geometry g with the micro-kernel family arch
// for up to threads workers.
func NewMatMulGemm(g MatMulGeom, arch GemmArch, threads int) (*MatMulGemm, error) {
	return newMatMulGemmMode(g, arch, threads, 0)
}

// newMatMulGemmMode is NewMatMulGemm with the small-N path chosen by mode.
func newMatMulGemmMode(g MatMulGeom, arch GemmArch, threads int, mode smallnMode) (*MatMulGemm, error) {
	la, lb, lo, err := g.lens()
	if err != nil {
		return nil, err
	}
	gk, err := gemmKernelFor(arch)
	if err != nil {
		return nil, err
	}
	m := &MatMulGemm{g: g, gk: gk, la: la, lb: lb, lo: lo}
	m.nb, m.na, m.nbb = 1, 1, 1
	for i, d := range g.Batch {
		m.nb *= d
		m.na *= g.ABatch[i]
		m.nbb *= g.BBatch[i]
	}
	m.aIdx, m.bIdx = make([]int, m.nb), make([]int, m.nb)
	idx := make([]int, len(g.Batch))
	for bi := 0; bi < m.nb; bi++ {
		oa, ob := 0, 0
		for i := range idx {
			oa = oa*g.ABatch[i] + min(idx[i], g.ABatch[i]-1)
			ob = ob*g.BBatch[i] + min(idx[i], g.BBatch[i]-1)
		}
		m.aIdx[bi], m.bIdx[bi] = oa, ob
		for i := len(idx) - 1; i >= 0; i-- {
			if idx[i]++; idx[i] < g.Batch[i] {
				break
			}
			idx[i] = 0
		}
	}
	m.mPan = (g.M + gk.mr - 1) / gk.mr
	m.nPan = (g.N + gk.nr - 1) / gk.nr
	m.small = g.M < gemmRowsMin
	m.plan(max(threads, 1))
	m.smallnPlanMM(max(threads, 1), mode)
	if m.sn == nil {
		m.bPacked = make([]float32, m.nbb*m.nPan*gk.nr*g.K)
		switch {
		case !m.small:
			m.aPacked = make([]float32, m.na*m.mPan*gk.mr*g.K)
		case g.TransA && g.M > 1:
			m.aPacked = make([]float32, m.na*g.M*g.K)
		}
	}
	m.serial.reserve(m.scratchBytes())
	return m, nil
}

// Arch reports the micro-kernel family in use.
func (m *MatMulGemm) Arch() GemmArch { return m.gk.arch }

func (m *MatMulGemm) scratchBytes() int { return 4 * (m.gk.mr*m.gk.nr + 16) }

func (m *MatMulGemm) plan(threads int) {
	g := &m.g
	flops := 2 * m.nb * g.M * g.N * g.K
	m.parallel = threads > 1 && flops >= 1<<20
	m.chunk = max(1, min(m.nPan, (1<<16)/max(1, g.M*m.gk.nr)))
	if m.parallel {
		for m.chunk > 1 && m.nb*((m.nPan+m.chunk-1)/m.chunk) < 4*threads {
			m.chunk = (m.chunk + 1) / 2
		}
	}
	m.nChunks = (m.nPan + m.chunk - 1) / m.chunk
	m.mChunks, m.mPer = 1, m.mPan
	if !m.small && m.parallel && m.nb*m.nChunks < 2*threads && m.mPan > 1 {
		m.mChunks = min(m.mPan, 2*threads)
		m.mPer = (m.mPan + m.mChunks - 1) / m.mChunks
		m.mChunks = (m.mPan + m.mPer - 1) / m.mPer
	}
	m.units = m.nb * m.nChunks * m.mChunks
	if g.M == 0 || g.N == 0 {
		m.units = 0
	}
}

// PackB packs the B operand. Call it once for a constant B (Run then takes a nil b).
func (m *MatMulGemm) PackB(b []float32) error {
	if len(b) != m.lb {
		return geomErr("B of %d elements, expected %d", len(b), m.lb)
	}
	g := &m.g
	if m.sn != nil {
		rs, cs := 1, g.N
		if g.TransB {
			rs, cs = g.K, 1
		}
		m.smallnPackMM(b, rs, cs)
		m.bReady = true
		return nil
	}
	per := m.nPan * m.gk.nr * g.K
	kn := g.K * g.N
	if g.K > 0 {
		for i := 0; i < m.nbb; i++ {
			// B as an N×K matrix: element (n, k)
			rs, cs := 1, g.N
			if g.TransB {
				rs, cs = g.K, 1
			}
			gemmPackPanels(m.bPacked[i*per:(i+1)*per], b[i*kn:(i+1)*kn], g.N, g.K, rs, cs, m.gk.nr, m.gk.kc)
		}
	}
	m.bReady = true
	return nil
}

// SetConstB packs a constant B once; Run then ignores its b argument.
func (m *MatMulGemm) SetConstB(b []float32) error {
	if err := m.PackB(b); err != nil {
		return err
	}
	if m.sn != nil {
		m.sn.half = m.sn.asm && smallnHasAsm() && smallnToF16(&m.sn.w)
	}
	m.bConst = true
	return nil
}

type matMulGemmRunner struct{}

func (matMulGemmRunner) run(j *job, s *scratch, lo, hi int) {
	(*MatMulGemm)(j.src).runUnits(s, lo, hi)
}

// SetEpilogue fuses e after the product: each output element gets e's steps right after
// its tile is final. Per-channel values index the output's columns (N). nil removes it.
func (m *MatMulGemm) SetEpilogue(e *Epilogue) error {
	if err := e.Check(m.g.N); err != nil {
		return err
	}
	m.epi = e
	if e.empty() {
		m.epi = nil
	}
	return nil
}

// Run computes dst = a × b; b is ignored (may be nil) after SetConstB.
func (m *MatMulGemm) Run(ctx context.Context, w *Workers, a, b, dst []float32) error {
	return m.RunEpi(ctx, w, a, b, dst, nil)
}

// RunEpi is Run with the residual tensors of the epilogue (one per EpiAddTensor step,
// each of dst's length and layout).
func (m *MatMulGemm) RunEpi(ctx context.Context, w *Workers, a, b, dst []float32, res [][]float32) error {
	g := &m.g
	if len(a) != m.la || len(dst) != m.lo {
		return geomErr("buffers of %d and %d elements, expected A %d, output %d", len(a), len(dst), m.la, m.lo)
	}
	if err := epiCheckRes(m.epi, res, len(dst)); err != nil {
		return err
	}
	if !m.bConst {
		if err := m.PackB(b); err != nil {
			return err
		}
	}
	if g.K == 0 || g.M == 0 || g.N == 0 {
		clear(dst)
		if m.epi != nil && len(dst) > 0 {
			return ApplyEpilogue(m.epi, dst, g.M, g.N, false, res)
		}
		return nil
	}
	mk := g.M * g.K
	switch {
	case m.sn != nil: // A is read in place
	case !m.small:
		per := m.mPan * m.gk.mr * g.K
		for i := 0; i < m.na; i++ {
			rs, cs := g.K, 1
			if g.TransA {
				rs, cs = 1, g.M
			}
			gemmPackPanels(m.aPacked[i*per:(i+1)*per], a[i*mk:(i+1)*mk], g.M, g.K, rs, cs, m.gk.mr, m.gk.kc)
		}
	case g.TransA && g.M > 1:
		for i := 0; i < m.na; i++ {
			src, d := a[i*mk:(i+1)*mk], m.aPacked[i*mk:(i+1)*mk]
			for r := 0; r < g.M; r++ {
				for k := 0; k < g.K; k++ {
					d[r*g.K+k] = src[k*g.M+r]
				}
			}
		}
	}
	m.a, m.dst, m.res = a, dst, res
	defer func() { m.a, m.dst, m.res = nil, nil, nil }()
	if !m.parallel || w.threadsFor() < 2 {
		for u := 0; u < m.units; u++ {
			if u&15 == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			m.runUnits(&m.serial, u, u+1)
		}
		return nil
	}
	j := w.acquire()
	j.fn = matMulGemmRunner{}
	j.units = m.units
	j.chunk = 1
	j.src = unsafe.Pointer(m)
	return w.run(ctx, j, true)
}

func (m *MatMulGemm) runUnits(s *scratch, lo, hi int) {
	if m.sn != nil {
		m.smallnRunMM(s, lo, hi)
		return
	}
	g := &m.g
	gk := &m.gk
	mr, nr := gk.mr, gk.nr
	s.reserve(m.scratchBytes())
	tmp := take[float32](s, mr*nr)
	perB := m.nPan * nr * g.K
	perA := m.mPan * mr * g.K
	mk := g.M * g.K
	for u := lo; u < hi; u++ {
		mc := u % m.mChunks
		rest := u / m.mChunks
		nc := rest % m.nChunks
		bo := rest / m.nChunks
		bp := m.bPacked[m.bIdx[bo]*perB : (m.bIdx[bo]+1)*perB]
		y := m.dst[bo*g.M*g.N : (bo+1)*g.M*g.N]
		j0, j1 := nc*m.chunk, min(m.nPan, (nc+1)*m.chunk)
		if m.small {
			var rows []float32
			if g.TransA && g.M > 1 {
				rows = m.aPacked[m.aIdx[bo]*mk : (m.aIdx[bo]+1)*mk]
			} else {
				rows = m.a[m.aIdx[bo]*mk : (m.aIdx[bo]+1)*mk]
			}
			for r := 0; r < g.M; r++ {
				ar := rows[r*g.K : (r+1)*g.K]
				for k0 := 0; k0 < g.K; k0 += gk.kc {
					kcb := min(gk.kc, g.K-k0)
					for jp := j0; jp < j1; jp++ {
						p0 := jp * nr
						gk.rowEdge(kcb, ar[k0:], bp[k0*m.nPan*nr+jp*kcb*nr:], nr, y[r*g.N+p0:], min(nr, g.N-p0), k0 > 0, tmp)
					}
				}
				if m.epi != nil {
					c0 := j0 * nr
					epiBlock(m.epi, m.dst, m.res, bo*g.M*g.N+r*g.N+c0, g.N, 1, min(g.N, j1*nr)-c0, c0, false)
				}
			}
			continue
		}
		ap := m.aPacked[m.aIdx[bo]*perA : (m.aIdx[bo]+1)*perA]
		m0, m1 := mc*m.mPer, min(m.mPan, (mc+1)*m.mPer)
		for k0 := 0; k0 < g.K; k0 += gk.kc {
			kcb := min(gk.kc, g.K-k0)
			for jp := j0; jp < j1; jp++ {
				p0 := jp * nr
				cols := min(nr, g.N-p0)
				b := bp[k0*m.nPan*nr+jp*kcb*nr:]
				for mp := m0; mp < m1; mp++ {
					rows := min(mr, g.M-mp*mr)
					gk.tileEdge(kcb, ap[k0*m.mPan*mr+mp*kcb*mr:], b, nr, y[mp*mr*g.N+p0:], g.N, rows, cols, k0 > 0, tmp)
				}
			}
		}
		if m.epi != nil {
			// the unit's block is final (it stays within ~256 KiB)
			r0, c0 := m0*mr, j0*nr
			epiBlock(m.epi, m.dst, m.res, bo*g.M*g.N+r0*g.N+c0, g.N, min(g.M, m1*mr)-r0, min(g.N, j1*nr)-c0, c0, false)
		}
	}
}
