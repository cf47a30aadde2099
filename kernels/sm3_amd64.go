//go:build amd64 && !purego

package kernels

import (
	"unsafe"

	"github.com/x448/float16"
)

//go:noescape
func sm3Kern8x32h(kc int, a *float32, b *uint16, ldb int, c *float32, ldc int, acc bool)

// sm3HalfTile reports whether sm3Tile8x32h runs for the micro-kernel family g: the
// AVX-512 8×32 tile (VCVTPH2PS on zmm registers is AVX-512 F).
func sm3HalfTile(g *gemmKernel) bool { return g.arch == GemmAVX512 && g.mr == 8 && g.nr == 32 }

// sm3Tile8x32h is gemmTile8x32 with B's kc rows f16 (32 values each, ldb halves apart),
// widened in the kernel: bit for bit gemmTile8x32 on the widened rows.
func sm3Tile8x32h(kc int, a []float32, b []float16.Float16, ldb int, c []float32, ldc int, acc bool) {
	if kc < 1 || len(a) < kc*8 || ldb < 32 || len(b) < (kc-1)*ldb+32 || ldc < 32 || len(c) < 7*ldc+32 {
		panic("kernels: GEMM tile outside its operands")
	}
	sm3Kern8x32h(kc, gemmP(a), (*uint16)(unsafe.Pointer(unsafe.SliceData(b))), ldb, gemmP(c), ldc, acc)
}
