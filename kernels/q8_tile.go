package kernels

// The u8×i8 GEMM tile of the quantised convolution (q8_conv.go). A tile is q8MR output
// channels × q8NR pixels. Its operands are packed in groups of four K indices, the
// layout of VPDPBUSD (AVX-512 VNNI), which sums four u8·i8 products into each i32 lane:
//
//	a: [kg][q8MR][4]int8   the weights of the tile's channels, group by group
//	b: [kg][q8NR][4]uint8  the activation codes of the tile's pixels; group g starts at
//	                       g·bstride bytes (q8NR·4 for a packed panel)
//
// The integer sum acc = Σ a·b is exact: a product is at most 255·128 in magnitude and
// q8MaxK bounds K, so no partial sum leaves int32 (VPDPBUSD has no intermediate int16
// and does not saturate; only VPDPBUSDS saturates). Each output is then dequantised as
// float32(float32(acc − comp[r])·scale[r]) + bias[r], two IEEE roundings in that order
// in every path, so the assembly and Go tiles give the same bits.

const (
	q8MR = 6
	q8NR = 64
	// q8MaxK bounds the reduction length: K·510·128 < 2^31, so that Σ w·(q − zp) fits
	// in int32 for codes and zero points in [0, 255] (acc and acc − comp are computed
	// modulo 2^32, which gives the exact value when the result fits).
	q8MaxK = (1<<31 - 1) / (510 * 128)
)

// q8TileGo is the portable tile: dst[r·ldd + j] for r < q8MR, j < q8NR.
func q8TileGo(a []int8, b []uint8, bstride, kg int, dst []float32, ldd int, comp []int32, scale, bias []float32) {
	var acc [q8MR][q8NR]int32
	for g := 0; g < kg; g++ {
		ag := a[g*q8MR*4 : (g+1)*q8MR*4]
		bg := b[g*bstride : g*bstride+q8NR*4]
		for r := 0; r < q8MR; r++ {
			w0, w1, w2, w3 := int32(ag[r*4]), int32(ag[r*4+1]), int32(ag[r*4+2]), int32(ag[r*4+3])
			ar := &acc[r]
			for j := 0; j < q8NR; j++ {
				x := bg[j*4 : j*4+4 : j*4+4]
				ar[j] += int32(x[0])*w0 + int32(x[1])*w1 + int32(x[2])*w2 + int32(x[3])*w3
			}
		}
	}
	for r := 0; r < q8MR; r++ {
		row := dst[r*ldd : r*ldd+q8NR]
		c, s, bi := comp[r], scale[r], bias[r]
		for j, v := range acc[r] {
			row[j] = float32(float32(v-c)*s) + bi
		}
	}
}

// q8Tile checks the operands' lengths and runs the tile (VNNI assembly where the CPU
// has it, q8TileGo otherwise).
func q8Tile(a []int8, b []uint8, bstride, kg int, dst []float32, ldd int, comp []int32, scale, bias []float32) bool {
	if kg < 1 || bstride < q8NR*4 || ldd < q8NR || len(a) < kg*q8MR*4 || len(b) < (kg-1)*bstride+q8NR*4 ||
		len(dst) < (q8MR-1)*ldd+q8NR || len(comp) < q8MR || len(scale) < q8MR || len(bias) < q8MR {
		return false
	}
	q8TileArch(a, b, bstride, kg, dst, ldd, comp, scale, bias)
	return true
}
