package kernels

import "unsafe"

// Phase-split W pass for MaxPool with a column stride of 3 to 8 (round 8;
// 8-byte elements and stride 2 in round 9).
// The direct fold gathers every tap of 16 outputs (VPGATHERDD, one gather
// per tap and vector), which is slow on this machine's CPU. Here each row's
// columns are first split by phase: phase p holds the elements at p, p+s,
// p+2s, … (plDeint: s contiguous loads per 16 elements of every phase,
// spread with two-table permutes), then every tap t of the window is one
// contiguous 1-tap fold: tap t reads phase (t·d) mod s at offset ⌊t·d/s⌋.
// The taps are folded in order into the same accumulators, from the same
// init, with the same strict ">" update, so every output is the direct
// fold's value bit for bit (±0 and NaN included: the split is a plain copy).

// plPhaseWidth returns the row width of each phase's scratch for cols
// outputs per row: cols plus the largest tap offset, rounded up to whole
// vectors of 16.
func plPhaseWidth(sc, ts, taps, cols int) int {
	return (cols + (taps-1)*ts/sc + 15) &^ 15
}

// plPhaseBudget is the bytes of phases split at a time: the rows are split
// and folded in groups whose phases stay in L1 between the split and the
// tap folds (round 9; splitting all the rows of a unit first put 160 KiB
// of phases in L2 for f64 rows of 187 outputs).
const plPhaseBudget = 12 << 10

// plPhaseRows returns the rows split and folded at a time (plPhaseBudget).
func plPhaseRows[T Number](sc, ts, taps, cols int) int {
	var z T
	return max(1, plPhaseBudget/(int(unsafe.Sizeof(z))*sc*plPhaseWidth(sc, ts, taps, cols)))
}

// plPhaseLen returns the elements of phase scratch plPhaseMax needs for
// rows × cols outputs with column stride sc, tap step ts and taps taps
// (the phases of a group of rows, and a block of source for the row tails).
func plPhaseLen[T Number](sc, ts, taps, rows, cols int) int {
	return sc*min(rows, plPhaseRows[T](sc, ts, taps, cols))*plPhaseWidth(sc, ts, taps, cols) + 16*9
}

// plPhases returns the phases some tap reads, in increasing order, in ps.
func plPhases(ps *[8]int64, sc, ts, taps int) []int64 {
	n := 0
	for p := 0; p < sc && p < 8; p++ {
		for t := 0; t < taps; t++ {
			if (t*ts)%sc == p {
				ps[n] = int64(p)
				n++
				break
			}
		}
	}
	return ps[:n]
}

// plPhaseUse reports whether the phase split pays for a max fold of cols
// outputs per row of T with column stride sc over taps taps: the direct
// fold gathers (stride 3..8, or 2 for all but float32, which has its AVX2
// stride-2 fold) and the vector split exists (plDeintVec), there are
// enough outputs per row for whole vectors (16 4-byte elements; 32
// 8-byte ones), and the window has at least two taps (one tap is one
// gather either way; three for 8-byte elements).
func plPhaseUse[T Number](sc, ts, taps, cols int) bool {
	var z T
	elem := int(unsafe.Sizeof(z))
	lo := 3
	if kindOf[T]() != kFloat32 {
		lo = 2
	}
	if elem == 8 && (cols < 32 || taps < 3) {
		// 8-byte gathers take 8 lanes: on short rows or with two taps
		// the split's per-row calls cost more than they save (f64
		// 2×167×45×64 k[6,2] s[4,3], 21 outputs per row: 1.8× slower).
		return false
	}
	return sc >= lo && sc <= 8 && cols >= 64/max(elem, 4) && taps >= 2 && plDeintVec(elem)
}

// plPhaseMax is foldMax(dst, ds, src, sr, sc, ts, taps, rows, cols, init,
// false) through the phase split; ph is scratch of plPhaseLen elements.
// Rows of src may be read past the last tap's element (never past src):
// those elements land in phase entries no tap reads.
func plPhaseMax[T Number](dst []T, ds int, src []T, sr, sc, ts, taps, rows, cols int, init T, ph []T) {
	R := plPhaseRows[T](sc, ts, taps, cols)
	for r0 := 0; r0 < rows; r0 += R {
		n := min(R, rows-r0)
		phs, Lw, ps := plPhaseSplit(src[r0*sr:], sr, sc, ts, taps, n, cols, ph)
		for t := 0; t < taps; t++ {
			p, q := (t*ts)%sc, (t*ts)/sc
			foldMax(dst[r0*ds:], ds, phs[p*ps+q:], Lw, 1, 1, 1, n, cols, init, t > 0)
		}
	}
}

// plPhaseAdd is foldAdd(dst, ds, src, sr, sc, ts, taps, rows, cols,
// false, 1) through the phase split (the float AvgPool W pass, round 9):
// the taps are added in order from 0, one contiguous 1-tap fold each, so
// every sum is the direct fold's bit for bit (NaN payloads aside).
func plPhaseAdd[T Number](dst []T, ds int, src []T, sr, sc, ts, taps, rows, cols int, ph []T) {
	R := plPhaseRows[T](sc, ts, taps, cols)
	for r0 := 0; r0 < rows; r0 += R {
		n := min(R, rows-r0)
		phs, Lw, ps := plPhaseSplit(src[r0*sr:], sr, sc, ts, taps, n, cols, ph)
		for t := 0; t < taps; t++ {
			p, q := (t*ts)%sc, (t*ts)/sc
			foldAdd(dst[r0*ds:], ds, phs[p*ps+q:], Lw, 1, 1, 1, n, cols, t > 0, 1)
		}
	}
}

// plPhaseSplit splits rows × (their needed columns) of src by phase into
// ph (plPhaseMax) and returns the phases' scratch, row width and distance.
func plPhaseSplit[T Number](src []T, sr, sc, ts, taps, rows, cols int, ph []T) ([]T, int, int) {
	Lw := plPhaseWidth(sc, ts, taps, cols)
	ps := rows * Lw // elements between phases
	tmp := ph[sc*ps:][:16*9]
	ph = ph[:sc*ps]
	var pl [8]int64
	phases := plPhases(&pl, sc, ts, taps)
	L := plLanes[T]() // elements per phase block
	for r := 0; r < rows; r++ {
		row := src[r*sr:]
		// Whole vectors in place: block b reads row[L·s·b : L·s·(b+1)],
		// plus L more for odd s (the unused half of the last register
		// pair); the rest through a copy of the row's end.
		nb := min(Lw/L, (len(row)-L*(sc&1))/(L*sc))
		nb = max(nb, 0)
		plDeint(ph[r*Lw:], ps, row, sc, nb, phases)
		for b := nb; b < Lw/L; b++ {
			lo := L * sc * b
			if lo >= len(row) {
				break
			}
			copy(tmp, row[lo:min(len(row), lo+L*sc+L)])
			plDeint(ph[r*Lw+L*b:], ps, tmp, sc, 1, phases)
		}
	}
	return ph, Lw, ps
}

// plPhaseMaxIdx is foldMaxIdxLin(dst, di, ds, src, sr, sc, ts, taps, rows,
// cols, init, false, i0, ir, ic, it) through the phase split: tap t folds
// phase (t·ts) mod sc from offset ⌊t·ts/sc⌋, whose element of row r and
// output column c is the direct fold's tap t of (r, c), index
// i0 + r·ir + c·ic + t·it.
func plPhaseMaxIdx[T Number](dst []T, di []int32, ds int, src []T, sr, sc, ts, taps, rows, cols int, init T, ph []T, i0, ir, ic, it int32) {
	R := plPhaseRows[T](sc, ts, taps, cols)
	for r0 := 0; r0 < rows; r0 += R {
		n := min(R, rows-r0)
		phs, Lw, ps := plPhaseSplit(src[r0*sr:], sr, sc, ts, taps, n, cols, ph)
		for t := 0; t < taps; t++ {
			p, q := (t*ts)%sc, (t*ts)/sc
			foldMaxIdxLin(dst[r0*ds:], di[r0*ds:], ds, phs[p*ps+q:], Lw, 1, 1, 1, n, cols, init, t > 0,
				i0+int32(r0)*ir+int32(t)*it, ir, ic, 0)
		}
	}
}

// plLanes returns the elements of T per phase block of plDeint: one
// 64-byte vector (16 4-byte or 8 8-byte elements; 16 for the narrower
// types, which only the Go split handles).
func plLanes[T Number]() int {
	var z T
	if unsafe.Sizeof(z) == 8 {
		return 8
	}
	return 16
}

// plDeintGo writes, for nb blocks of L = plLanes[T]() and every phase p in
// phases, dst[p·ps + i] = src[i·sc + p] (i < L·nb; src may end before the
// last block's end: its missing elements are left unwritten).
func plDeintGo[T Number](dst []T, ps int, src []T, sc, nb int, phases []int64) {
	L := plLanes[T]()
	for _, p64 := range phases {
		p := int(p64)
		P := dst[p*ps:][:L*nb]
		P = P[:min(len(P), (len(src)-p+sc-1)/sc)]
		for i := range P {
			P[i] = src[i*sc+p]
		}
	}
}

// plDeintTables holds, per stride s (3..8), phase p and register pair j,
// the VPERMI2D indices of the lanes of phase p that come from source
// registers 2j and 2j+1 (idx) and the mask of those lanes (mask); idx64
// and mask64 are the same for 8-byte lanes (VPERMI2Q, 8 lanes per phase
// block; the same byte layout, so plDeint32 and plDeint64 share their
// addressing).
type plDeintTables struct {
	idx    [9][8][4][16]int32
	mask   [9][8][4]uint16
	idx64  [9][8][4][8]int64
	mask64 [9][8][4]uint16
}

// plDeintTab is built once and only read (the permute tables of plDeint).
var plDeintTab = plDeintBuild()

func plDeintBuild() *plDeintTables {
	t := new(plDeintTables)
	for s := 2; s <= 8; s++ {
		for p := 0; p < s; p++ {
			for i := 0; i < 16; i++ {
				e := s*i + p
				j := e / 32
				t.mask[s][p][j] |= 1 << i
				for jj := 0; jj < 4; jj++ {
					t.idx[s][p][jj][i] = int32(e & 31)
				}
			}
			for i := 0; i < 8; i++ {
				e := s*i + p
				t.mask64[s][p][e/16] |= 1 << i
				for jj := 0; jj < 4; jj++ {
					t.idx64[s][p][jj][i] = int64(e & 15)
				}
			}
		}
	}
	return t
}
