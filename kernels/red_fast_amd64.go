//go:build amd64 && !purego

package kernels

// AVX-512 versions of the fast reductions' row primitives (red_fast_amd64.s), used when
// p512On (AVX-512 F/BW/DQ/VL and not the noavx512 tag); the Go definitions otherwise.

//go:noescape
func redSum512(p *float32, n int) float64

//go:noescape
func redSubSq512(dst, src *float32, n int, m float32) float64

//go:noescape
func redDivScalar512(p *float32, n int, den float32)

//go:noescape
func redSubScalar512(dst, src *float32, n int, m float32)

//go:noescape
func redColAdd512(acc *float64, src *float32, n int)

//go:noescape
func redColMax512(acc, src *float32, n int)

//go:noescape
func redMaxOf512(acc float32, p *float32, n int) float32

// redSIMD reports whether the AVX-512 primitives run.
func redSIMD() bool { return p512On() }

func redSum(x []float32) float64 {
	if len(x) > 0 && p512On() {
		return redSum512(&x[0], len(x))
	}
	return redSumGo(x)
}

func redSubSq(dst, src []float32, m float32) float64 {
	if len(src) > 0 && len(dst) >= len(src) && p512On() {
		return redSubSq512(&dst[0], &src[0], len(src), m)
	}
	return redSubSqGo(dst, src, m)
}

func redDivScalar(dst []float32, den float32) {
	if len(dst) > 0 && p512On() {
		redDivScalar512(&dst[0], len(dst), den)
		return
	}
	redDivScalarGo(dst, den)
}

func redSubScalar(dst, src []float32, m float32) {
	if len(src) > 0 && len(dst) >= len(src) && p512On() {
		redSubScalar512(&dst[0], &src[0], len(src), m)
		return
	}
	redSubScalarGo(dst, src, m)
}

func redColAdd(acc []float64, src []float32) {
	if len(acc) > 0 && len(src) >= len(acc) && p512On() {
		redColAdd512(&acc[0], &src[0], len(acc))
		return
	}
	redColAddGo(acc, src)
}

func redColMax(acc, src []float32) {
	if len(acc) > 0 && len(src) >= len(acc) && p512On() {
		redColMax512(&acc[0], &src[0], len(acc))
		return
	}
	redColMaxGo(acc, src)
}

func redMaxOf(acc float32, x []float32) float32 {
	if len(x) > 0 && p512On() {
		return redMaxOf512(acc, &x[0], len(x))
	}
	return redMaxOfGo(acc, x)
}

//go:noescape
func redSubRow512(dst, src, m *float32, n int)

//go:noescape
func redDivRow512(dst, den *float32, n int)

func redSubRow(dst, src, m []float32) {
	if len(src) > 0 && len(dst) >= len(src) && len(m) >= len(src) && p512On() {
		redSubRow512(&dst[0], &src[0], &m[0], len(src))
		return
	}
	redSubRowGo(dst, src, m)
}

func redDivRow(dst, den []float32) {
	if len(dst) > 0 && len(den) >= len(dst) && p512On() {
		redDivRow512(&dst[0], &den[0], len(dst))
		return
	}
	redDivRowGo(dst, den)
}
