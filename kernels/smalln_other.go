//go:build !amd64 || purego

package kernels

// Without assembly the small-N path runs the portable tile on f32 panels.

func smallnHasAsm() bool { return false }

func smallnAsm(int, []float32, []int, []int, *smallnW, int, bool, []float32, int, bool) bool {
	return false
}
