//go:build amd64 && !purego

package kernels

//go:noescape
func dwBlocksAVX2(dst, src *float32, blk *int32, nblk int, taps *int32, w *float32, ntaps int)

// dwBlocks computes the 8-column blocks of one channel plane: AVX2 when available.
func dwBlocks(out, pl []float32, blk, taps []int32, wt []float32) {
	if !hasAVX2 || len(taps) == 0 || len(wt) < len(taps) || len(blk) < 2 {
		dwBlocksGo(out, pl, blk, taps, wt)
		return
	}
	if len(taps) == 9 && taps[0] == 0 && len(wt) >= 9 {
		dw9Y(&out[0], &pl[0], &blk[0], len(blk)/2, &taps[0], &wt[0])
		return
	}
	dwBlocksAVX2(&out[0], &pl[0], &blk[0], len(blk)/2, &taps[0], &wt[0], len(taps))
}

// dwSIMD reports whether dwBlocks runs assembly.
func dwSIMD() bool { return hasAVX2 }

//go:noescape
func dwBlocksZ(dst, src *float32, blk *int32, nblk int, taps *int32, w *float32, ntaps int)

//go:noescape
func dw9Z(dst, src *float32, blk *int32, nblk int, taps *int32, w *float32)

//go:noescape
func dw9Y(dst, src *float32, blk *int32, nblk int, taps *int32, w *float32)

//go:noescape
func dwDeint2512(ev, od, lin *float32, n int)

// dw512 reports whether the AVX-512 body runs (planned at NewDWConv).
func dw512() bool { return p512On() }

// dwBlocks512 computes the masked 16-column blocks of one channel plane (AVX-512).
func dwBlocks512(out, pl []float32, blk, taps []int32, wt []float32) {
	if len(taps) == 0 || len(wt) < len(taps) || len(blk) < 3 {
		dwBlocks16Go(out, pl, blk, taps, wt)
		return
	}
	if len(taps) == 9 && taps[0] == 0 && len(wt) >= 9 {
		dw9Z(&out[0], &pl[0], &blk[0], len(blk)/3, &taps[0], &wt[0])
		return
	}
	dwBlocksZ(&out[0], &pl[0], &blk[0], len(blk)/3, &taps[0], &wt[0], len(taps))
}

// dwDeint2 splits lin into its even (ev) and odd (od) elements.
func dwDeint2(ev, od, lin []float32) {
	n := min(len(ev), len(od), len(lin)/2)
	if n == 0 {
		return
	}
	if !p512On() {
		dwDeint2Go(ev, od, lin)
		return
	}
	dwDeint2512(&ev[0], &od[0], &lin[0], n)
}

//go:noescape
func dwCopyRows(dst *float32, ds int, src *float32, ss int, rows, n int)

// dwCopyPlane copies rows rows of n floats from src (row stride ss) to dst (row stride
// ds); the slices hold them.
func dwCopyPlane(dst []float32, ds int, src []float32, ss, rows, n int) {
	if rows < 1 || n < 1 {
		return
	}
	if !p512On() {
		dwCopyPlaneGo(dst, ds, src, ss, rows, n)
		return
	}
	_ = dst[(rows-1)*ds+n-1]
	_ = src[(rows-1)*ss+n-1]
	dwCopyRows(&dst[0], ds, &src[0], ss, rows, n)
}
