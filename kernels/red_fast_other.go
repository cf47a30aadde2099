//go:build !amd64 || purego

package kernels

// The fast reductions' row primitives in Go (red_fast_amd64.go has the AVX-512 ones).

func redSIMD() bool { return false }

func redSum(x []float32) float64                     { return redSumGo(x) }
func redSubSq(dst, src []float32, m float32) float64 { return redSubSqGo(dst, src, m) }
func redDivScalar(dst []float32, den float32)        { redDivScalarGo(dst, den) }
func redSubScalar(dst, src []float32, m float32)     { redSubScalarGo(dst, src, m) }
func redColAdd(acc []float64, src []float32)         { redColAddGo(acc, src) }
func redColMax(acc, src []float32)                   { redColMaxGo(acc, src) }
func redMaxOf(acc float32, x []float32) float32      { return redMaxOfGo(acc, x) }

func redSubRow(dst, src, m []float32) { redSubRowGo(dst, src, m) }
func redDivRow(dst, den []float32)    { redDivRowGo(dst, den) }
