//go:build !amd64 || purego

package kernels

func smPReluScalar(row []float32, v float32) { smPReluScalarGo(row, v) }
func smPReluRow(row, v []float32)            { smPReluRowGo(row, v) }

func smBlkVec(k EpiKind, blk []float32, n int, v *[smallnNR]float32) { smBlkVecGo(k, blk, n, v) }
