package kernels

// Round 16 (qt): pooling axes that carry no work, reduced at plan time.
//
// The sweep's geometries have spatial axes a kernel should never see:
// an axis of one input and one output whose window reads that one row
// (avg f32 6×275×1×54 k[5,9] p[2,0]: five H taps, four of them in the
// pads), an axis of one tap and stride 1 (the planes' depth under
// k[1,1,3]) and an axis of one tap whose stride picks every s-th row.
// Each path then pays per-row or per-unit costs for a problem of lower
// rank (the first ran 1.3× PyTorch's time, the second 1.1× the scalar
// reference). qtReduce rewrites the plan into one with fewer axes and
// the same flat element offsets, so every path — row plans, stacked
// planes, tiny planes — sees the lower-rank problem.

// qtReduce rewrites plan p of a values-only pooling (no index output:
// indices are the original axes' offsets) into an equivalent plan of
// fewer spatial axes, and reports whether it changed p. The rewrites keep
// every input and output element at its flat offset, so the buffers are
// unchanged:
//
//  1. an axis of one input and one output whose window reads that row
//     with exactly one tap (pb a multiple of d, pb/d < k) is dropped;
//  2. an outer axis of one tap, no begin pad and stride s with
//     in = s·out (every window in range) becomes stride 1 over out rows,
//     the next axis taking s times its extent, when that axis's windows
//     never reach past its own extent (no window reads the rows skipped);
//  3. the outermost axis with one tap, stride 1, no pads and in = out
//     becomes planes.
//
// The window taps along a dropped axis number one (rule 1) or the axis
// had one tap, so each output's valid taps and their count, the divisor
// of an average without counted pads, are unchanged. With counted pads
// (AvgPool, padsCounted) the divisor is the original kernel volume,
// which p.kernelVol keeps; otherwise p.kernelVol becomes the product of
// the remaining kernel extents. p.padsAny is recomputed (the callers set
// their pad flags from the original plan).
func qtReduce(p *winPlan, padsCounted bool) bool {
	q := *p
	changed := false
	for {
		lo := 3 - q.nsp
		done := true
		for a := lo; a <= 2 && q.nsp > 1; a++ {
			if qtOneRow(&q, a) {
				qtDropAxis(&q, a)
				done = false
				break
			}
			if a < 2 && qtRowSelect(&q, a) {
				q.in[a+1] *= q.s[a]
				q.in[a], q.s[a], q.d[a], q.pe[a] = q.out[a], 1, 1, 0
				done = false
				break
			}
		}
		if a := 3 - q.nsp; done && q.nsp > 1 && q.k[a] == 1 && q.s[a] == 1 && q.pb[a] == 0 && q.pe[a] == 0 && q.in[a] == q.out[a] {
			q.planes *= q.in[a]
			q.c *= q.in[a]
			qtDropAxis(&q, a)
			done = false
		}
		if done {
			break
		}
		changed = true
	}
	if !changed {
		return false
	}
	q.inPlane, q.outPlane = q.in[0]*q.in[1]*q.in[2], q.out[0]*q.out[1]*q.out[2]
	q.padsAny = false
	vol := 1
	for a := 0; a < 3; a++ {
		q.padsAny = q.padsAny || q.pb[a] != 0 || q.pe[a] != 0
		vol *= q.k[a]
	}
	if !padsCounted {
		q.kernelVol = vol
	}
	*p = q
	return true
}

// qtOneRow reports whether axis a of q has one input and one output
// element and its window reads that element with exactly one tap.
func qtOneRow(q *winPlan, a int) bool {
	return q.in[a] == 1 && q.out[a] == 1 && q.pb[a]%q.d[a] == 0 && q.pb[a]/q.d[a] < q.k[a]
}

// qtRowSelect reports whether axis a (not the innermost) of q has one tap
// with a stride s > 1 over in = s·out rows from row 0, and the windows of
// axis a+1 stay inside its extent, so that s rows of a make one row.
func qtRowSelect(q *winPlan, a int) bool {
	b := a + 1
	if q.k[a] != 1 || q.s[a] < 2 || q.pb[a] != 0 || q.in[a] != q.s[a]*q.out[a] {
		return false
	}
	last := (q.out[b]-1)*q.s[b] - q.pb[b] + (q.k[b]-1)*q.d[b]
	return last < q.in[b]
}

// qtDropAxis removes spatial axis a of q: the axes outside it move one
// place in, the outermost becomes a unit axis.
func qtDropAxis(q *winPlan, a int) {
	lo := 3 - q.nsp
	for b := a; b > lo; b-- {
		q.in[b], q.out[b], q.k[b], q.s[b], q.d[b], q.pb[b], q.pe[b] = q.in[b-1], q.out[b-1], q.k[b-1], q.s[b-1], q.d[b-1], q.pb[b-1], q.pe[b-1]
	}
	q.in[lo], q.out[lo], q.k[lo], q.s[lo], q.d[lo], q.pb[lo], q.pe[lo] = 1, 1, 1, 1, 1, 0, 0
	q.nsp--
}
