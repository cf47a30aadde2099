package kernels

import "github.com/x448/float16"

// sm3InPlaceMax is the most 8-channel tiles per group a direct convolution may have
// for RunEpiF16 to read the f16 data in place (ConvGemm.sm3h: each tile widens every B
// value again in sm3Tile8x32h). Measured (BenchmarkSm3Conv1x1, 1 thread): 2 tiles
// (squeezenet's 128→16 on 56×56) 142 → 130 µs; 4 and 8 tiles no faster than widening
// the data whole, and in the models (squeezenet's 16→64 expand layers) slower when
// the pixel panels were widened one by one instead.
const sm3InPlaceMax = 2

// sm3PackRows widens kc rows of cols f16 values (src rows lds apart) into dst as kc
// rows of nr floats, zero past cols: the B panel of a direct convolution's partial
// pixel panel, read from the f16 data (ConvGemm.sm3h).
func sm3PackRows(dst []float32, nr int, src []float16.Float16, lds, kc, cols int) {
	scWidenRows(dst, nr, src, lds, cols, kc)
	if cols < nr {
		for k := 0; k < kc; k++ {
			clear(dst[k*nr+cols : k*nr+nr])
		}
	}
}
