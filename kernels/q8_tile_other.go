//go:build !amd64 || purego

package kernels

// q8VNNI reports whether the VNNI tile runs: never without the assembly.
func q8VNNI() bool { return false }

func q8TileArch(a []int8, b []uint8, bstride, kg int, dst []float32, ldd int, comp []int32, scale, bias []float32) {
	q8TileGo(a, b, bstride, kg, dst, ldd, comp, scale, bias)
}

func q8Codes(out []uint32, planes [4][]float32, inv, zpf, maxCode float32, pad4 uint32) bool {
	return q8CodesGo(out, planes, inv, zpf, maxCode, pad4)
}
