//go:build !amd64 || purego

package kernels

import "github.com/x448/float16"

func sm3HalfTile(*gemmKernel) bool { return false }

func sm3Tile8x32h(int, []float32, []float16.Float16, int, []float32, int, bool) {
	panic("kernels: sm3Tile8x32h without assembly")
}
