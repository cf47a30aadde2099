//go:build !amd64 || purego

package kernels

// gemmDeint2 sets even[i] = src[2i] and, when odd is not nil, odd[i] = src[2i+1] for
// i < len(even).
func gemmDeint2(src, even, odd []float32) { gemmDeint2Go(src, even, odd) }
