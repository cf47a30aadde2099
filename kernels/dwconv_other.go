//go:build !amd64 || purego

package kernels

func dwBlocks(out, pl []float32, blk, taps []int32, wt []float32) {
	dwBlocksGo(out, pl, blk, taps, wt)
}

// dwSIMD reports whether dwBlocks runs assembly.
func dwSIMD() bool { return false }

// dw512 reports whether the AVX-512 body runs: never here.
func dw512() bool { return false }

func dwBlocks512(out, pl []float32, blk, taps []int32, wt []float32) {
	dwBlocks16Go(out, pl, blk, taps, wt)
}

func dwDeint2(ev, od, lin []float32) { dwDeint2Go(ev, od, lin) }

func dwCopyPlane(dst []float32, ds int, src []float32, ss, rows, n int) {
	dwCopyPlaneGo(dst, ds, src, ss, rows, n)
}
