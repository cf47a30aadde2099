//go:build !amd64 || purego

package kernels

// skMaxOK: the three-tap MaxPool rows need AVX-512 assembly.
func skMaxOK() bool { return false }

func skMaxRow(dst, src uintptr, nr, rs int, tab *uint16, ng int, half, s2 bool) {
	panic("kernels: skMaxRow without AVX-512")
}
