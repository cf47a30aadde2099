package kernels

import (
	"math"

	"github.com/x448/float16"
)

// Small-N GEMM: products whose N (output pixels of a convolution, rows of a MatMul's
// A) is small waste most of the 8×32 tile of gemm.go when N is the tile's 32-wide side
// (a 2×2 map fills 4 of 32 columns). The small-N path swaps the roles: the few rows go
// on the tile's short side (R ≤ smallnMaxR rows, each a broadcast) and the many
// columns (a convolution's output channels, a MatMul's N) along the 32-wide vector.
// The weights are packed once into panels of 32 columns over the whole K ([K][32], no
// K blocking, so each output is one chain and C is written once) and read once per
// tile of up to 8 rows: a matrix-vector product or a convolution on a 2×2 map streams
// its weights exactly once. When every weight is exactly an f16 value (f16 models:
// weights widened from f16 constants) and the AVX-512 kernel runs, the panels are
// stored as f16 and widened in the kernel (VCVTPH2PS, exact), halving the bytes read.
//
// Row i of A needs no packing: element (i, k) is at a[rows[i] + off[k]] (a
// convolution's padded planes or its input in place, a MatMul's A rows), so a tile
// may take any R rows (a convolution's valid output pixels, none of the wide grid's
// extra columns).
//
// Summation: each output is one sum over k in ascending order (an FMA chain), except
// in the AVX-512 kernels for R ≤ 2, whose even and odd k form two chains added at the
// end (latency). Either way the error bound is that of any summation order, (K+1)·ε·Σ|a·b|.

// smallnMaxR is the largest row count of one small-N tile.
const smallnMaxR = 8

// smallnNR is the tile's width (columns per weight panel).
const smallnNR = 32

// smallnW is a set of packed weight panels: f32, or f16 (h) when every value is exact.
type smallnW struct {
	f []float32
	h []float16.Float16
}

// smallnPack packs the rows×k matrix x (element (r, q) at x[r*rs+q*cs]) into panels of
// smallnNR rows over the whole k: panel p holds k steps of smallnNR values (rows past
// the end are zero) at dst[p*k*smallnNR:] (smallnPackedLen(rows, k) floats).
func smallnPack(dst, x []float32, rows, k, rs, cs int) {
	np := (rows + smallnNR - 1) / smallnNR
	for p := 0; p < np; p++ {
		d := dst[p*k*smallnNR : (p+1)*k*smallnNR]
		r0 := p * smallnNR
		nr := min(smallnNR, rows-r0)
		for q := 0; q < k; q++ {
			dq := d[q*smallnNR : (q+1)*smallnNR]
			for r := range dq {
				if r < nr {
					dq[r] = x[(r0+r)*rs+q*cs]
				} else {
					dq[r] = 0
				}
			}
		}
	}
}

// smallnToF16 fills w.h (allocated when nil) with w.f narrowed to f16 and reports
// whether every value round-tripped exactly (then the kernels may read w.h).
func smallnToF16(w *smallnW) bool {
	n := len(w.f)
	if len(w.h) != n {
		w.h = make([]float16.Float16, n)
	}
	var back [512]float32
	for o := 0; o < n; o += len(back) {
		e := min(n, o+len(back))
		GemmF32ToF16(w.h[o:e], w.f[o:e])
		GemmF16ToF32(back[:e-o], w.h[o:e])
		for i, v := range back[:e-o] {
			if math.Float32bits(v) != math.Float32bits(w.f[o+i]) {
				return false
			}
		}
	}
	return true
}

// smallnPackedLen is the length of the packed panels of a rows×k matrix.
func smallnPackedLen(rows, k int) int { return (rows + smallnNR - 1) / smallnNR * smallnNR * k }

// smallnTile computes the len(rows)×32 tile C = A·B over k steps: A's element (i, q)
// at a[rows[i]+off[q]] (every off[q] <= offMax), B the panel w (f32, or f16 when half)
// of k rows of 32 at offset wo; C's row i at c[i*ldc:] (C += A·B when acc). It panics (a planning bug) when an operand
// lies outside its slice. asm selects the AVX-512 kernel when the CPU has it; f16
// panels need it.
func smallnTile(k int, a []float32, rows, off []int, offMax int, w *smallnW, wo int, half, asm bool, c []float32, ldc int, acc bool) {
	r := len(rows)
	if r < 1 || r > smallnMaxR || k < 1 || len(off) < k || offMax < 0 || ldc < smallnNR || len(c) < (r-1)*ldc+smallnNR || wo < 0 {
		panic("kernels: small-N tile outside its operands")
	}
	for _, ro := range rows {
		if ro < 0 || ro+offMax >= len(a) {
			panic("kernels: small-N tile outside its operands")
		}
	}
	if half {
		if len(w.h) < wo+k*smallnNR {
			panic("kernels: small-N tile outside its operands")
		}
	} else if len(w.f) < wo+k*smallnNR {
		panic("kernels: small-N tile outside its operands")
	}
	if asm && smallnAsm(k, a, rows, off, w, wo, half, c, ldc, acc) {
		return
	}
	if half {
		panic("kernels: small-N f16 panels without the assembly kernel")
	}
	smallnTileGo(k, a, rows, off, w.f[wo:], c, ldc, acc)
}

// smallnTileGo is the portable small-N tile (f32 weights).
func smallnTileGo(k int, a []float32, rows, off []int, w, c []float32, ldc int, acc bool) {
	for i, ro := range rows {
		var t [smallnNR]float32
		for q, o := range off[:k] {
			av := a[ro+o]
			wr := w[q*smallnNR : (q+1)*smallnNR]
			for j, wv := range wr {
				t[j] += av * wv
			}
		}
		d := c[i*ldc : i*ldc+smallnNR]
		if acc {
			for j := range d {
				d[j] += t[j]
			}
		} else {
			copy(d, t[:])
		}
	}
}

// smallnSplit returns the size of tile t of n rows cut into ceil(n/smallnMaxR)
// near-equal tiles, and the tile's first row.
func smallnSplit(n, t int) (first, size int) {
	nt := (n + smallnMaxR - 1) / smallnMaxR
	base, extra := n/nt, n%nt
	first = t*base + min(t, extra)
	size = base
	if t < extra {
		size++
	}
	return first, size
}

// smallnTiles is the number of tiles of n rows.
func smallnTiles(n int) int { return (n + smallnMaxR - 1) / smallnMaxR }

// smallnCost estimates the cycles per k step of the small-N path over n rows and m
// columns (a tile of R rows takes max(R, 4): two FMA ports, four-cycle latency).
func smallnCost(n, m int) int {
	cost := 0
	for t := 0; t < smallnTiles(n); t++ {
		_, r := smallnSplit(n, t)
		cost += max(r, 4)
	}
	return cost * ((m + smallnNR - 1) / smallnNR)
}
