package kernels

// Round 16 (qt): deep windows over tiny planes summed directly.
//
// pa4Deep (round 14) sums whole planes separably: per input depth slice
// the W sums of the rows its windows read, the H sums, then the depth
// sums. It touches every row of the read range once per slice, so where
// the windows are sparse (strides above the kernel, few outputs a plane)
// it adds more than the windows hold: avg f32 2×439×38×8×2 k[9,2,1]
// s[4,4,6] (seed 631 id 30, 328 valid taps a plane) took 1.8× the scalar
// reference's time, 3×275×34×4×4 k[5,6,2] (641 id 76) 2.4×, 14×293×6×3×14
// k[2,2,11] (641 id 145, one output a plane) 1.2×. The tiny-plane path
// (pltAvgTiny) adds each output's valid taps in the reference's order
// from a per-run window table, at about one add a tap.

// qtTinyDeepUse reports whether float AvgPool job j, which pa4DeepUse
// would give to pa4Deep, sums its windows directly instead: when a plane's
// valid taps (pltTinyTaps) are at most pa4Deep's estimated adds for it.
// Measured (CPU time, the 26 3-D float AvgPool geometries of 26 sweep
// seeds with at most pltTinyMaxTaps taps a plane, direct sums forced
// against round 15's paths, 3 rounds): on the four pa4Deep takes the
// direct sums took 0.29–0.61× its time (and 0.45–0.71× the reference's);
// on those avgBlockFloat takes they took 0.84–3.2× its time, so those
// stay. The rule reads the geometry only, so f16/bf16 results stay the
// float32 kernel's bits.
func qtTinyDeepUse(j *job) bool {
	p := &j.wp
	here, old, ok := pa4DeepCost(j)
	if !ok || 2*here > old || p.planes < 2 || p.kernelVol < 2 {
		return false
	}
	t := pltTinyTaps(p)
	return t <= pltTinyMaxTaps && t <= here
}
