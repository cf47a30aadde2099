package kernels

// gemmRowOffFunc computes cols columns of one row of an offset tile (see gemmRowOffFor):
// c[j] = (acc ? c[j] : 0) + Σ_k a[k·lda]·b[off[k]+j] for j < cols, every off[k] ≤ offMax.
type gemmRowOffFunc func(kc int, a []float32, lda int, b []float32, off []int, offMax int, c []float32, cols int, acc bool)

// cgRowMax is the most output channels a padded convolution runs row by row on the
// one-row kernel instead of on the 8×32 tile (whose other rows would compute padding).
const cgRowMax = 2
