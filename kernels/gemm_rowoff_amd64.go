//go:build amd64 && !purego

package kernels

import (
	"unsafe"

	"golang.org/x/sys/cpu"
)

//go:noescape
func gemvKern1x128off(kc int, a *float32, lda int, b *float32, off *int, c *float32, acc bool)

//go:noescape
func gemvKern1x32off(kc int, a *float32, lda int, b *float32, off *int, c *float32, acc bool)

// gemmRowOffFor returns the one-row offset kernel of the AVX-512 family (nil for the
// others): row r of an 8×32 offset tile computed alone, for convolutions with fewer
// output channels than the tile's rows (ConvGemm.runPadded).
func gemmRowOffFor(arch GemmArch) gemmRowOffFunc {
	if arch == GemmAVX512 && p512Allowed && cpu.X86.HasAVX512F {
		return gemmRowOff512
	}
	return nil
}

// gemmRowOff512 computes cols (a multiple of 32) columns of one output row: c[j] (+)=
// Σ_k a[k·lda]·b[off[k]+j]; 128 columns per kernel call, then 32.
func gemmRowOff512(kc int, a []float32, lda int, b []float32, off []int, offMax int, c []float32, cols int, acc bool) {
	if kc < 1 || lda < 1 || len(a) < (kc-1)*lda+1 || len(off) < kc || offMax < 0 || cols < 0 || cols%32 != 0 ||
		len(b) < offMax+cols || len(c) < cols {
		panic("kernels: GEMM row outside its operands")
	}
	offp := unsafe.SliceData(off)
	j := 0
	for ; j+128 <= cols; j += 128 {
		gemvKern1x128off(kc, gemmP(a), lda, (*float32)(unsafe.Add(unsafe.Pointer(gemmP(b)), 4*j)), offp, (*float32)(unsafe.Add(unsafe.Pointer(gemmP(c)), 4*j)), acc)
	}
	for ; j < cols; j += 32 {
		gemvKern1x32off(kc, gemmP(a), lda, (*float32)(unsafe.Add(unsafe.Pointer(gemmP(b)), 4*j)), offp, (*float32)(unsafe.Add(unsafe.Pointer(gemmP(c)), 4*j)), acc)
	}
}
