package kernels

// Round 15 (qr): tiny pooling tensors run the reference loop.
//
// Every fast path pays a fixed cost before its first tap: the job, the
// plan of units, scratch, window or tap tables, a fold call per row or
// unit — about 1 µs. The reference loop costs about 2–4 ns a valid tap
// and nothing up front, so below a few hundred taps it is the faster one.
// Measured (CPU time, retime.py over 105 hand-made tensors: max, maxidx
// and avg; f32, f64, i8, i32, f16; 1-, 2- and 3-D), fast/reference at 1
// thread: 1.00–1.57 at 24–128 taps, 1.18–2.57 at 288 taps (36 outputs),
// for values 0.42–1.16 at 1,152 taps and for indices 0.97–1.32 there, and
// 0.22–0.65 at 3,528 taps. The check reads the plan only. It applies to
// MaxPool (values and indices: the reference's bits by definition) and to
// integer AvgPool (exact either way); float AvgPool keeps its fast kernel,
// whose summation order f16/bf16 share (TestPoolHalfAvg), although it is
// 1.1–1.5× the reference's time on such tensors.

// qrSmallTaps and qrSmallIdxTaps bound the taps (outputs × window volume)
// of a tensor that runs the reference loop: values, and MaxPool with its
// indices.
const (
	qrSmallTaps    = 512
	qrSmallIdxTaps = 1024
)

// qrSmallRef reports whether pooling plan p (storage T, outputs > 0, with
// indices or not) is small enough for the reference loop: at most
// qrSmallTaps (qrSmallIdxTaps with indices) outputs × window taps. f16
// and bf16 storage is excluded (the reference runs on float32 tensors).
func qrSmallRef[T Number](p *winPlan, withIdx bool) bool {
	lim := qrSmallTaps
	if withIdx {
		lim = qrSmallIdxTaps
	}
	n := p.outLen()
	return !poolIsHalf[T]() && n > 0 && n <= lim && p.kernelVol <= lim/n
}

// qrP3Levels reports whether the row-table path (p3_rows.go) may take the
// doubling levels (pvWLevels) for its W pass on storage S: not for f16 and
// bf16 (widened per batch) nor f64, whose batches' rows then go through
// maxPass.wpass. Measured (CPU time, the path forced either way on the 130
// p3 geometries of 16 sweep seeds whose W pass qualifies for the levels):
// without them bf16 took 0.61–0.75× the time (10 of 10), f16 0.98–1.04×
// (3), f64 0.81–1.08× (8; seed 7 id 127, f64 1×91×39×14×30, 0.81), while
// i8 and u8 took 0.96–3.8× and f32, i32, i64 0.57–1.46× (geomean 1.02).
func qrP3Levels[S Number]() bool {
	return !poolIsHalf[S]() && kindOf[S]() != kFloat64
}
