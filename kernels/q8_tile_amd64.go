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

// q8Codes512 is q8CodesGo over n (a multiple of 16) pixels of four planes (q8_tile_amd64.s);
// bytes outside keep come from padBits.
//
//go:noescape
func q8Codes512(out *uint32, p0, p1, p2, p3 *float32, n int, inv, zpf, maxCode float32, keep, padBits uint32) bool

// q8Codes is q8CodesGo, with the AVX-512 body over the multiples of 16 pixels.
func q8Codes(out []uint32, planes [4][]float32, inv, zpf, maxCode float32, pad4 uint32) bool {
	n := len(out) &^ 15
	if !(p512Allowed && cpu.X86.HasAVX512F) || n == 0 {
		return q8CodesGo(out, planes, inv, zpf, maxCode, pad4)
	}
	var ptr [4]*float32
	keep := uint32(0)
	for k, pl := range planes {
		if pl == nil {
			continue
		}
		if len(pl) < len(out) {
			return q8CodesGo(out, planes, inv, zpf, maxCode, pad4)
		}
		ptr[k] = &pl[0]
		keep |= 0xff << (8 * k)
	}
	if keep == 0 {
		return q8CodesGo(out, planes, inv, zpf, maxCode, pad4)
	}
	for k := range ptr {
		if ptr[k] == nil {
			for _, p := range ptr {
				if p != nil {
					ptr[k] = p // read, then replaced by the padding byte
					break
				}
			}
		}
	}
	nan := q8Codes512(&out[0], ptr[0], ptr[1], ptr[2], ptr[3], n, inv, zpf, maxCode, keep, pad4&^keep)
	var tail [4][]float32
	for k, pl := range planes {
		if pl != nil {
			tail[k] = pl[n:len(out)]
		}
	}
	return q8CodesGo(out[n:], tail, inv, zpf, maxCode, pad4) || nan
}
