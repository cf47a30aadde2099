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
