//go:build !amd64 || purego

package kernels

func fqBlock(dst, x []float32, q fqParams) { fqBlockGo(dst, x, q) }

func fqeLevel() int { return 0 }

func fqBlockSIMD(dst, x []float32, q fqParams, _ int) { fqBlockGo(dst, x, q) }
