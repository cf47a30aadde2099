package kernels

// Integer AvgPool over narrow rows (round 15, helper qa). avgiPrepare
// widens only the columns [0, xe) some window reads; when xe is below the
// row width W, every needed input row is one widening call of xe elements
// (avgiRows joins runs of rows only when they are whole). On narrow rows
// those calls are most of a unit's time (avg i64 1×187×38×36×7 k[6,1,7]
// s[1,4,2]: 9 needed rows of 6 of 7 columns per depth slice, two slices a
// unit, 70 % of the time in the widening and W-fold calls).

// qaAvgiSpare bounds the unread columns (W - xe) widened with the rest so
// that the rows are whole.
const qaAvgiSpare = 8

// qaWholeRows returns the columns of each input row the integer average
// widens: W when at most qaAvgiSpare columns past xe are unread (the
// extra sums are never read; the sums stay exact), else xe.
func qaWholeRows(W, xe int) int {
	if xe < W && W-xe <= qaAvgiSpare {
		return W
	}
	return xe
}

// qaTinyIntTaps bounds the valid window taps per output depth of a plane
// for which 3-D integer AvgPool takes the tiny-plane path's direct sums
// (pltAvgTiny, exact, the reference's rounding): below it a unit of the
// integer kernel (plane, output depth: widening, W and H passes, divisions,
// about 300 ns) costs more than the taps (avg i64 5×113×28×20×3 k[3,1,1]
// s[3,3,3]: 21 taps a unit, the integer kernel 1.36× slower than the scalar
// reference). pltTinyUse keeps 3-D averages off that path because the
// integer kernel won at 88 taps a unit (avg i32 11×185×12×2×22 k[2,1,2]).
const qaTinyIntTaps = 32

// qaTinyInt reports whether integer AvgPool job j takes the tiny-plane
// path although its window is 3-D: several planes, at most pltTinyMaxTaps
// valid taps a plane and qaTinyIntTaps an output depth.
func qaTinyInt(j *job) bool {
	p := &j.wp
	if j.ints[0] != 0 || p.nsp != 3 || p.planes < 2 || p.inPlane == 0 || p.kernelVol < 2 {
		return false
	}
	t := pltTinyTaps(p)
	return t <= pltTinyMaxTaps && t <= qaTinyIntTaps*p.out[0]
}
