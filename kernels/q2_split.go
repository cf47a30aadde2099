package kernels

// q2Line is the cache line size the per-worker structures are padded to
// (scratch), so that workers writing their own never share a line.
const q2Line = 64

// q2SplitMin is the estimated cost (q2Cost) from which a pooling job is
// split among threads. A split costs the caller about 3 µs on this VM
// (posting the job, the helper's claim, the join), so a job gains from
// about 7 µs on one thread; q2Cost counts roughly 0.15 ns per unit.
const q2SplitMin = 5 << 13

// q2Cost estimates the one-thread cost of a pooling job of geometry p: one
// unit per window tap and per output; per input element one for averages
// (their W pass sums every element) and a quarter for MaxPool (strided
// windows skip columns), one more for f16/bf16 (widened per block); four
// more per output with indices and for averages (the division and store),
// eight more for integer averages. Fitted on the one-thread times of 656
// small sweep geometries (seeds 1-40 without 653 and 659, round 16, q2)
// against "split when the job takes 7 µs or more": the window taps alone
// (every plan's rule before, from 2^15) kept jobs of up to 180 µs on one
// thread (max bf16 1×464×110×7 k[1,3] s6: 26K taps, 357K inputs widened)
// and split jobs of 3 µs; this rule misplaces 33 of the 656 (21 split at
// under 5.5 µs, about a microsecond lost each; 12 of over 10 µs kept, slow
// per-output paths no geometric count sees) where the old one misplaced 63.
func q2Cost(p *winPlan, half, idx, avg, intAvg bool) int {
	out, in := p.outLen(), p.inLen()
	c := out*p.kernelVol + out + in/4
	if avg {
		c += in - in/4
	}
	if half {
		c += in
	}
	if idx || avg {
		c += 4 * out
	}
	if intAvg {
		c += 8 * out
	}
	return c
}

// q2Threads returns the thread count a pooling job of geometry p is planned
// for: w's when its cost reaches q2SplitMin, else 1. A job below it is then
// shaped exactly as on a one-thread Workers (the plans raise their unit
// counts and shrink their chunks for more threads, which cost a job of 2 µs
// up to 1 µs more even while it ran on the caller alone), and runs there.
func q2Threads(w *Workers, p *winPlan, half, idx, avg, intAvg bool) int {
	if q2Cost(p, half, idx, avg, intAvg) < q2SplitMin {
		return 1
	}
	return w.threadsFor()
}

// q2Par reports whether a pooling job planned for thr threads (q2Threads)
// runs in parallel: when its plan says so (par), and also when the plan's own
// rule, which counts the window taps only, keeps it on one thread though
// its cost reached q2SplitMin and it has more than one unit.
func q2Par(j *job, thr int, par bool) bool {
	return par || thr > 1 && j.units > 1
}
