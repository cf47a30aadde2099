package kernels

import "github.com/x448/float16"

// sm3InPlaceMax is the most 8-channel tiles a pixel panel of a direct convolution's
// unit may have for its full tiles to read the f16 data in place (sm3Tile8x32h, each
// tile widening every B value again); with more, the panel is widened once into the
// packed buffer (sm3PackRows) and the f32 tiles read it from L1.
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
