//go:build amd64 && !purego

package kernels

import (
	"unsafe"

	"golang.org/x/sys/cpu"
)

//go:noescape
func gemmKern8x32(kc int, a, b *float32, ldb int, c *float32, ldc int, acc bool)

//go:noescape
func gemmKern6x16(kc int, a, b *float32, ldb int, c *float32, ldc int, acc bool)

//go:noescape
func gemmKern8x32off(kc int, a, b *float32, off *int, c *float32, ldc int, acc bool)

//go:noescape
func gemmKern6x16off(kc int, a, b *float32, off *int, c *float32, ldc int, acc bool)

//go:noescape
func gemvKern1x32(kc int, a, b *float32, ldb int, c *float32, acc bool)

//go:noescape
func gemvKern1x16(kc int, a, b *float32, ldb int, c *float32, acc bool)

//go:noescape
func gemmPeak512(n int)

//go:noescape
func gemmPeak256(n int)

// gemmAsmKernel returns the assembly micro-kernel family arch when the CPU has it.
func gemmAsmKernel(arch GemmArch) (gemmKernel, bool) {
	switch arch {
	case GemmAVX512:
		if p512Allowed && cpu.X86.HasAVX512F {
			return gemmKernel{arch: arch, mr: 8, nr: 32, kc: 256, tile: gemmTile8x32, row: gemmRow1x32, tileOff: gemmTile8x32off}, true
		}
	case GemmAVX2:
		if cpu.X86.HasAVX2 && cpu.X86.HasFMA {
			return gemmKernel{arch: arch, mr: 6, nr: 16, kc: 256, tile: gemmTile6x16, row: gemmRow1x16, tileOff: gemmTile6x16off}, true
		}
	}
	return gemmKernel{}, false
}

// gemmCheck panics (a planning bug, never an input error) unless the operands of an
// mr×nr tile over kc steps lie inside their slices.
func gemmCheck(kc, mr, nr int, a, b []float32, ldb int, c []float32, ldc int) {
	if kc < 1 || len(a) < kc*mr || ldb < nr || len(b) < (kc-1)*ldb+nr || ldc < nr || len(c) < (mr-1)*ldc+nr {
		panic("kernels: GEMM tile outside its operands")
	}
}

func gemmP(s []float32) *float32 { return (*float32)(unsafe.Pointer(unsafe.SliceData(s))) }

func gemmTile8x32(kc int, a, b []float32, ldb int, c []float32, ldc int, acc bool) {
	gemmCheck(kc, 8, 32, a, b, ldb, c, ldc)
	gemmKern8x32(kc, gemmP(a), gemmP(b), ldb, gemmP(c), ldc, acc)
}

func gemmTile6x16(kc int, a, b []float32, ldb int, c []float32, ldc int, acc bool) {
	gemmCheck(kc, 6, 16, a, b, ldb, c, ldc)
	gemmKern6x16(kc, gemmP(a), gemmP(b), ldb, gemmP(c), ldc, acc)
}

// gemmCheckOff panics unless an offset tile's operands lie inside their slices; every
// off[k] is at most offMax (the plan's bound).
func gemmCheckOff(kc, mr, nr int, a, b []float32, off []int, offMax int, c []float32, ldc int) {
	if kc < 1 || len(a) < kc*mr || len(off) < kc || offMax < 0 || len(b) < offMax+nr || ldc < nr || len(c) < (mr-1)*ldc+nr {
		panic("kernels: GEMM tile outside its operands")
	}
}

func gemmTile8x32off(kc int, a, b []float32, off []int, offMax int, c []float32, ldc int, acc bool) {
	gemmCheckOff(kc, 8, 32, a, b, off, offMax, c, ldc)
	gemmKern8x32off(kc, gemmP(a), gemmP(b), unsafe.SliceData(off), gemmP(c), ldc, acc)
}

func gemmTile6x16off(kc int, a, b []float32, off []int, offMax int, c []float32, ldc int, acc bool) {
	gemmCheckOff(kc, 6, 16, a, b, off, offMax, c, ldc)
	gemmKern6x16off(kc, gemmP(a), gemmP(b), unsafe.SliceData(off), gemmP(c), ldc, acc)
}

func gemmRow1x32(kc int, a, b []float32, ldb int, c []float32, acc bool) {
	gemmCheck(kc, 1, 32, a, b, ldb, c, 32)
	gemvKern1x32(kc, gemmP(a), gemmP(b), ldb, gemmP(c), acc)
}

func gemmRow1x16(kc int, a, b []float32, ldb int, c []float32, acc bool) {
	gemmCheck(kc, 1, 16, a, b, ldb, c, 16)
	gemvKern1x16(kc, gemmP(a), gemmP(b), ldb, gemmP(c), acc)
}

// gemmPeakLoop runs n iterations of the arch's register-only FMA loop and returns the
// floating-point operations done (0 when the arch has no such loop).
func gemmPeakLoop(arch GemmArch, n int) int {
	if n < 1 {
		return 0
	}
	if _, ok := gemmAsmKernel(arch); !ok {
		return 0
	}
	switch arch {
	case GemmAVX512:
		gemmPeak512(n)
		return n * 24 * 16 * 2
	case GemmAVX2:
		gemmPeak256(n)
		return n * 12 * 8 * 2
	}
	return 0
}
