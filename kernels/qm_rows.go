package kernels

import "unsafe"

// Round 15 (qm): values-only 2-D MaxPool over narrow planes through the
// row table of p3_rows.go.
//
// Round 14's row-table path (whole planes, one assembly call folding every
// output row's valid H tap rows over all W columns, then one W pass over
// the batch's rows) was written for 3-D geometries. 2-D MaxPool on narrow
// planes with deep or dilated H windows paid the same per-unit costs on the
// separable kernels: max f32 6×421×30×5 k[11,3] s[3,2] (2,526 planes of 8×2
// outputs) ran one three-tap row call per output row (sk_maxpool.go, 0.56
// ms against ONNX Runtime's 0.3), max bf16 1×70×101×18 k[8,7] s[6,5] the
// tap tables over rows widened per block (0.17–0.20 ms against PyTorch's
// 0.17). Through the row table the first takes 0.25 ms and the second 0.07.
//
// qmRowsUse is the rule, measured rather than modelled: the row-table path
// forced on every 2-D values-only MaxPool of seeds 1, 7, 11, 23, 31, 101,
// 211 and 997 that the select, column and stacked-plane paths leave (217
// geometries; main's and the forced poolsweep binaries alternated, 2
// rounds, CPU time, load ~15) won, with an H stride above 1, on narrow
// rows (at most 256 bytes: 87 geometries, 73 faster, geomean 0.62 of
// main, 0.13 at best, none above 1.27 in single rounds), on f16/bf16
// planes of any width with a W window of two taps or more (16 more,
// 0.30–0.90: the separable kernels widen and pool them per block, the tap
// tables on narrow rows) and on 1-byte integers (4 more, 0.41–0.92: folded
// 64 lanes a vector). With an H stride of 1 (overlapping H windows, whose
// rows the order-free block packs into whole vectors) 22 of 27 were
// slower, up to 2.5×; on the other wider rows 26 of 83 were slower, up to
// 3.2× (f64/i64 rows of 12 vectors, where the separable kernels' W pass
// first shrinks the rows the H taps fold), and f16 with a one-tap W window
// up to 1.8× (the separable H pass is whole-row vector maxima).

// qmRowBytes bounds the input rows (bytes, widened for f16/bf16) the rule
// takes.
const qmRowBytes = 256

// qmRowsUse reports whether values-only MaxPool job j (storage T, before
// planRows) takes the row-table path for a 2-D geometry: AVX-512, several
// planes, an H stride above 1, input rows of at most qmRowBytes (any for
// 1-byte integers, and for f16/bf16 with a W window of two taps or more)
// and a plane's scratch within p3's bound.
func qmRowsUse[T Number](j *job) bool {
	p := &j.wp
	if !p3On() || j.flag || j.ints[0] != 0 || p.nsp != 2 || p.planes < 2 || p.inPlane == 0 || p.kernelVol < 2 || p.s[1] < 2 {
		return false
	}
	sz := int(unsafe.Sizeof(*new(T)))
	anyW := sz == 1
	if poolIsHalf[T]() {
		sz = 4
		anyW = p.k[2] >= 2
		if (p.inPlane+p.outPlane)*sz > p3MaxPlaneBytes {
			return false // the widened plane would leave the cache
		}
	}
	if !anyW && p.in[2]*sz > qmRowBytes {
		return false
	}
	return p3RowsPer(p, sz)*p.in[2]*sz <= p3MaxPlaneBytes
}

// qmSkDepth is the H kernel from which the row table is preferred to the
// three-tap rows of sk_maxpool.go where both apply: with shallow windows
// (the corpus models' k3 s2 pools) sk's one call per output row was 1.5–2×
// faster (BenchmarkSkMaxF16: 64×30×30 14–18 → 27–40 µs, 128×8×8 7 → 13
// µs through the row table); with 11 H taps and 2 outputs a row (max f32
// 6×421×30×5 k[11,3] s[3,2]) the row table took 0.25 ms against 0.57.
const qmSkDepth = 6
