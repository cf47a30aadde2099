package kernels

import "fmt"

// Fast float32 GEMM shared by the convolution and MatMul fast kernels.
//
// The product C = A·B is cut into MR×NR tiles computed by a micro-kernel that keeps
// the whole tile in registers: per step k it loads one row of B (NR floats, vectors),
// broadcasts the MR values of A's column k and does MR·NR/lanes FMAs. A is packed
// into panels of MR rows ([k][MR], zero-padded rows), B either packed into panels of
// NR columns ([k][NR], zero-padded columns) or read in place with a row stride (the
// 1×1 convolution's input, a row-major MatMul operand). K is cut into blocks of
// gemmKernel.kc steps so that one B panel (kc·NR floats) stays in L1 while every A
// panel of the block streams from L2; blocks after the first accumulate into C.
// Tiles at the M or N edge are computed into a scratch tile and the valid corner
// copied out.
//
// Micro-kernels: AVX-512 8×32 (16 ZMM accumulators), AVX2+FMA 6×16 (12 YMM
// accumulators), both Go assembly in gemm_amd64.s picked at run time from the CPU's
// features, and a portable Go 4×16 kernel (other platforms, -tags purego). Each output
// element is one sum over k in ascending order (an FMA chain in the assembly), so the
// fast kernels differ from the references only by rounding. Products with few output
// pixels (or MatMuls with M <= 8) take the swapped small-N tiles of smalln.go instead;
// docs/semantics.md §18 lists every kernel's summation order and the common bound.

// GemmArch selects the micro-kernel family of a fast kernel.
type GemmArch int

const (
	// GemmAuto picks the best micro-kernel the CPU supports.
	GemmAuto GemmArch = iota
	// GemmAVX512 is the 8×32 AVX-512F kernel.
	GemmAVX512
	// GemmAVX2 is the 6×16 AVX2+FMA kernel.
	GemmAVX2
	// GemmGo is the portable Go kernel.
	GemmGo
)

func (a GemmArch) String() string {
	switch a {
	case GemmAuto:
		return "auto"
	case GemmAVX512:
		return "avx512"
	case GemmAVX2:
		return "avx2"
	case GemmGo:
		return "go"
	}
	return fmt.Sprintf("GemmArch(%d)", int(a))
}

// gemmKernel is one micro-kernel family: tile computes an mr×nr tile, row a 1×nr
// row (matrix-vector products).
type gemmKernel struct {
	arch   GemmArch
	mr, nr int
	kc     int // K block
	tile   func(kc int, a, b []float32, ldb int, c []float32, ldc int, acc bool)
	row    func(kc int, a, b []float32, ldb int, c []float32, acc bool)
	// tileOff is tile with row k of B at b[off[k]:] (every off[k] <= offMax).
	tileOff func(kc int, a, b []float32, off []int, offMax int, c []float32, ldc int, acc bool)
}

// GemmArchs lists the micro-kernel families usable on this machine, best first.
func GemmArchs() []GemmArch {
	var out []GemmArch
	for _, a := range []GemmArch{GemmAVX512, GemmAVX2} {
		if _, ok := gemmAsmKernel(a); ok {
			out = append(out, a)
		}
	}
	return append(out, GemmGo)
}

// gemmKernelFor returns the micro-kernel family for arch.
func gemmKernelFor(arch GemmArch) (gemmKernel, error) {
	if arch == GemmAuto {
		arch = GemmArchs()[0]
	}
	if arch == GemmGo {
		return gemmKernel{arch: GemmGo, mr: gemmGoMR, nr: gemmGoNR, kc: 256, tile: gemmTileGo, row: gemmRowGo, tileOff: gemmTileOffGo}, nil
	}
	if k, ok := gemmAsmKernel(arch); ok {
		return k, nil
	}
	return gemmKernel{}, geomErr("GEMM micro-kernel %s is not available on this CPU", arch)
}

const (
	gemmGoMR = 4
	gemmGoNR = 16
)

// gemmTileGo is the portable micro-kernel (gemmGoMR×gemmGoNR).
func gemmTileGo(kc int, a, b []float32, ldb int, c []float32, ldc int, acc bool) {
	const mr, nr = gemmGoMR, gemmGoNR
	var t [mr * nr]float32
	for k := 0; k < kc; k++ {
		br := b[k*ldb : k*ldb+nr]
		ar := a[k*mr : k*mr+mr]
		for i, ai := range ar {
			tr := t[i*nr : i*nr+nr]
			for j, bj := range br {
				tr[j] += ai * bj
			}
		}
	}
	for i := 0; i < mr; i++ {
		d := c[i*ldc : i*ldc+nr]
		s := t[i*nr : i*nr+nr]
		if acc {
			for j := range d {
				d[j] += s[j]
			}
		} else {
			copy(d, s)
		}
	}
}

// gemmTileOffGo is gemmTileGo with row k of B at b[off[k]:].
func gemmTileOffGo(kc int, a, b []float32, off []int, _ int, c []float32, ldc int, acc bool) {
	const mr, nr = gemmGoMR, gemmGoNR
	var t [mr * nr]float32
	for k, o := range off[:kc] {
		br := b[o : o+nr]
		ar := a[k*mr : k*mr+mr]
		for i, ai := range ar {
			tr := t[i*nr : i*nr+nr]
			for j, bj := range br {
				tr[j] += ai * bj
			}
		}
	}
	for i := 0; i < mr; i++ {
		d := c[i*ldc : i*ldc+nr]
		s := t[i*nr : i*nr+nr]
		if acc {
			for j := range d {
				d[j] += s[j]
			}
		} else {
			copy(d, s)
		}
	}
}

// gemmRowGo is the portable 1×gemmGoNR row kernel.
func gemmRowGo(kc int, a, b []float32, ldb int, c []float32, acc bool) {
	const nr = gemmGoNR
	var t [nr]float32
	for k, ak := range a[:kc] {
		br := b[k*ldb : k*ldb+nr]
		for j, bj := range br {
			t[j] += ak * bj
		}
	}
	d := c[:nr]
	if acc {
		for j := range d {
			d[j] += t[j]
		}
	} else {
		copy(d, t[:])
	}
}

// tileEdge computes the rows×cols corner of a tile into c (row stride ldc): in place
// for a full tile, through tmp (mr·nr floats) otherwise. b must hold nr readable
// columns per row (packed panels are zero-padded).
func (g *gemmKernel) tileEdge(kc int, a, b []float32, ldb int, c []float32, ldc, rows, cols int, acc bool, tmp []float32) {
	if rows == g.mr && cols == g.nr {
		g.tile(kc, a, b, ldb, c, ldc, acc)
		return
	}
	g.tile(kc, a, b, ldb, tmp, g.nr, false)
	for i := 0; i < rows; i++ {
		d := c[i*ldc : i*ldc+cols]
		s := tmp[i*g.nr : i*g.nr+cols]
		if acc {
			for j := range d {
				d[j] += s[j]
			}
		} else {
			copy(d, s)
		}
	}
}

// rowEdge is tileEdge for the 1×nr row kernel.
func (g *gemmKernel) rowEdge(kc int, a, b []float32, ldb int, c []float32, cols int, acc bool, tmp []float32) {
	if cols == g.nr {
		g.row(kc, a, b, ldb, c, acc)
		return
	}
	g.row(kc, a, b, ldb, tmp, false)
	d := c[:cols]
	if acc {
		for j := range d {
			d[j] += tmp[j]
		}
	} else {
		copy(d, tmp[:cols])
	}
}

// gemmPackedLen is the length of a packed operand of rows×k (rows rounded up to
// whole panels of width w).
func gemmPackedLen(rows, k, w int) int { return (rows + w - 1) / w * w * k }

// gemmPackPanels packs the rows×k matrix x (element (r, q) at x[r*rs+q*cs]) into
// panels of w rows: for each K block [k0, k0+kcb) of kc, for each panel p, kcb steps
// of w values (rows past the end are zero). The panel (k0, p) starts at
// k0*nPanels*w + p*kcb*w.
func gemmPackPanels(dst, x []float32, rows, k, rs, cs, w, kc int) {
	np := (rows + w - 1) / w
	for k0 := 0; k0 < k; k0 += kc {
		kcb := min(kc, k-k0)
		for p := 0; p < np; p++ {
			d := dst[k0*np*w+p*kcb*w : k0*np*w+(p+1)*kcb*w]
			r0 := p * w
			nr := min(w, rows-r0)
			if cs == 1 && nr == w {
				for r := 0; r < w; r++ {
					src := x[(r0+r)*rs+k0 : (r0+r)*rs+k0+kcb]
					for q, v := range src {
						d[q*w+r] = v
					}
				}
				continue
			}
			if rs == 1 && nr == w {
				for q := 0; q < kcb; q++ {
					copy(d[q*w:q*w+w], x[(k0+q)*cs+r0:(k0+q)*cs+r0+w])
				}
				continue
			}
			for q := 0; q < kcb; q++ {
				dq := d[q*w : q*w+w]
				for r := range dq {
					if r < nr {
						dq[r] = x[(r0+r)*rs+(k0+q)*cs]
					} else {
						dq[r] = 0
					}
				}
			}
		}
	}
}
