package kernels

import "math"

// sqNegZero is −0, the bias that adds nothing.
var sqNegZero = float32(math.Copysign(0, -1))

// sqEpiFuse runs steps[i:] of an epilogue over row, all of channel ch, when they start
// with an EpiAddChan, an EpiRelu or both, followed by an EpiFakeQuantize: one pass
// (sqFQPre) instead of two or three, the same bits. It returns the number of steps
// done, 0 when the pattern or the pass does not apply.
func sqEpiFuse(steps []EpiStep, i int, row []float32, ch int) int {
	j := i
	bias := sqNegZero
	if steps[j].Kind == EpiAddChan {
		v := steps[j].Vec
		bias = v[0]
		if len(v) > 1 {
			bias = v[ch]
		}
		j++
	}
	relu := false
	if j < len(steps) && steps[j].Kind == EpiRelu {
		relu = true
		j++
	}
	if j == i || j >= len(steps) || steps[j].Kind != EpiFakeQuantize || steps[j].FQ == nil {
		return 0
	}
	ps := steps[j].FQ.p
	p := &ps[0]
	if len(ps) > 1 {
		p = &ps[ch]
	}
	if !sqFQPre(row, bias, relu, p) {
		return 0
	}
	return j + 1 - i
}

// sqFuseAt reports whether steps[i:] start with the pattern sqEpiFuse runs (a cheap,
// inlinable test, so that epilogues without it pay no call per row).
func sqFuseAt(steps []EpiStep, i int) bool {
	k := steps[i].Kind
	if k != EpiAddChan && k != EpiRelu {
		return false
	}
	j := i + 1
	if k == EpiAddChan && j < len(steps) && steps[j].Kind == EpiRelu {
		j++
	}
	return j < len(steps) && steps[j].Kind == EpiFakeQuantize
}
