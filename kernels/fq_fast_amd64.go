//go:build amd64 && !purego

package kernels

import "unsafe"

//go:noescape
func fqBlockAVX2(dst, x *float32, n int, p *fqParams)

//go:noescape
func fqeBlock512(dst, x *float32, n int, p *fqParams)

//go:noescape
func fqeBlock512Safe(dst, x *float32, n int, p *fqParams)

// fqBlock runs FakeQuantize over one block: AVX-512 (fqeBlock512) where the CPU has it,
// else AVX2 on whole vectors (the tail through a vector-sized buffer), Go otherwise.
func fqBlock(dst, x []float32, q fqParams) {
	fqBlockSIMD(dst, x, q, fqeLevel())
}

// fqeLevel is the best body this CPU runs: 2 AVX-512, 1 AVX2, 0 Go.
func fqeLevel() int {
	switch {
	case hasAVX512 && p512Allowed:
		return 2
	case feSIMD:
		return 1
	}
	return 0
}

// fqBlockSIMD runs the body of the given level (fqeLevel) over a block.
func fqBlockSIMD(dst, x []float32, q fqParams, level int) {
	n := min(len(dst), len(x))
	if n == 0 {
		return
	}
	if level >= 2 {
		if q.safe != 0 {
			fqeBlock512Safe((*float32)(unsafe.Pointer(&dst[0])), (*float32)(unsafe.Pointer(&x[0])), n, &q)
		} else {
			fqeBlock512((*float32)(unsafe.Pointer(&dst[0])), (*float32)(unsafe.Pointer(&x[0])), n, &q)
		}
		return
	}
	if level < 1 || n < 8 {
		fqBlockGo(dst[:n], x[:n], q)
		return
	}
	m := n &^ 7
	fqBlockAVX2((*float32)(unsafe.Pointer(&dst[0])), (*float32)(unsafe.Pointer(&x[0])), m, &q)
	if m < n {
		var buf [8]float32
		copy(buf[:], x[m:n])
		fqBlockAVX2(&buf[0], &buf[0], 8, &q)
		copy(dst[m:n], buf[:n-m])
	}
}
