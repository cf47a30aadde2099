//go:build amd64 && !purego

package kernels

import "golang.org/x/sys/cpu"

// q8Tile512 is the VNNI tile (q8_tile_amd64.s); the caller checked the lengths.
//
//go:noescape
func q8Tile512(a *int8, b *uint8, bstride, kg int, dst *float32, ldd int, comp *int32, scale, bias *float32)

// q8VNNI reports whether the VNNI tile runs (AVX-512 F/BW/VNNI, not built with noavx512).
func q8VNNI() bool {
	return p512Allowed && cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512VNNI
}

func q8TileArch(a []int8, b []uint8, bstride, kg int, dst []float32, ldd int, comp []int32, scale, bias []float32) {
	if q8VNNI() {
		q8Tile512(&a[0], &b[0], bstride, kg, &dst[0], ldd, &comp[0], &scale[0], &bias[0])
		return
	}
	q8TileGo(a, b, bstride, kg, dst, ldd, comp, scale, bias)
}
