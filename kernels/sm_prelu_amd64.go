//go:build amd64 && !purego

package kernels

// PReLU rows of the epilogue with AVX-512 (sm_prelu_amd64.s): a masked multiply of the
// negative lanes, x·v exactly as the Go loop computes it; NaN and −0 are not < 0 and
// stay.

//go:noescape
func smPReluScalar512(n int, p *float32, v float32)

//go:noescape
func smPReluRow512(n int, p, q *float32)

// smPReluScalar sets row[i] = row[i]·v where row[i] < 0.
func smPReluScalar(row []float32, v float32) {
	if p512On() && len(row) > 0 {
		smPReluScalar512(len(row), gemmP(row), v)
		return
	}
	smPReluScalarGo(row, v)
}

// smPReluRow sets row[i] = row[i]·v[i] where row[i] < 0.
func smPReluRow(row, v []float32) {
	if p512On() && len(row) > 0 && len(v) >= len(row) {
		smPReluRow512(len(row), gemmP(row), gemmP(v))
		return
	}
	smPReluRowGo(row, v)
}

//go:noescape
func smBlkVec512(n int, p *float32, v *float32, kind int)

// smBlkVec is smBlkVecGo with AVX-512.
func smBlkVec(k EpiKind, blk []float32, n int, v *[smallnNR]float32) {
	if p512On() && n > 0 && len(blk) >= n*smallnNR {
		code := 3
		switch k {
		case EpiAddChan:
			code = 1
		case EpiMulChan:
			code = 2
		}
		smBlkVec512(n, gemmP(blk), &v[0], code)
		return
	}
	smBlkVecGo(k, blk, n, v)
}
