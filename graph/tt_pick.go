package graph

import "time"

// ttPick chooses, step by step, whether a step's parallel regions run on all of the
// program's threads or on the calling goroutine alone (kernels.Workers.Solo), from the
// step's measured time in each mode. On a 2-vCPU virtual machine a small layer (a few
// µs of work split into a few units) can run slower on two threads than on one: the
// fork and join cost about a µs, half the output lands in the other core's cache, and
// when the other vCPU is slow or taken by another process (see docs/performance.md,
// "Round 10 (tw)") one late unit decides the layer. Which layers gain depends on the
// machine's state at the moment, so it is measured while the program runs, not guessed
// from the layer's size: each step keeps a moving average of its time in each mode,
// runs in the faster one, and re-measures the other one run in ttExplore so that the
// choice follows a change of regime within a few dozen runs.
//
// Choosing per step is myopic: a step run alone reads the half of its input the other
// core wrote and the next parallel step reads back what it wrote, costs the step's own
// time does not show. So the whole run has three arms as well, each with its moving
// average of the run's time: every step in parallel (ttPar, what the program did
// before), the per-step choice (ttMix) and every step alone (ttSolo, the one-thread
// run with the program's units). The fastest arm runs; once every ttExplore runs one of
// the two others runs (in turn), and half a period later a quarter of the steps run in
// the mode they did not pick (ttFlip) to re-measure the steps' choices.
//
// One ttPick per execution state (it is used by one Run at a time); nothing allocates
// per run. A one-thread program has none (every region runs on the caller anyway).
type ttPick struct {
	avg   [][2]int64 // per step, per mode (0 parallel, 1 solo): moving average in ns, 0 = none yet
	whole [3]int64   // per arm (ttMix, ttSolo, ttPar): moving average of a run's time in ns
	runs  uint32     // runs of the state so far
	kind  uint8      // what the current run does (an arm or ttFlip)
	exp   bool       // the current run is not the picked arm (warm-up, exploring)
}

// Kinds of run: the three arms, then ttFlip.
const (
	ttMix  = iota // every step in its faster mode
	ttSolo        // every step alone
	ttPar         // every step in parallel
	ttFlip        // as ttMix, a quarter of the steps in the mode they did not pick
)

// ttWarm is the number of first runs that alternate all-parallel and all-solo runs (the
// very first run, which grows buffers and wakes threads, is not recorded).
const ttWarm = 9

// ttExplore: after the warm-up, an arm not picked runs once every ttExplore runs, and
// the steps are re-measured (ttFlip) once every ttExplore runs, half a period later.
const ttExplore = 32

// ttFarOf: an arm whose average is more than 1.25× the picked one's (the large
// models' all-solo arm: 1.9× at two threads) is explored in one period of ttFarOf only.
// The picked arm is measured in every run, so a slowing picked arm is left at once;
// only noticing that another arm became faster takes longer.
const ttFarOf = 4

// ttFlipOf: a ttFlip run re-measures one step in ttFlipOf (steps s with s mod
// ttFlipOf equal to the period's number mod ttFlipOf), so that it costs little more
// than a picked run.
const ttFlipOf = 4

// A new time enters a moving average with weight 1/2^ttShift when it is what was
// picked, with 1/2^ttShiftX when it was run to re-measure it (few samples: the average
// follows a change of regime in a few exploring runs) or in the warm-up.
const (
	ttShift  = 2
	ttShiftX = 1
)

func newTTPick(steps int) *ttPick {
	return &ttPick{avg: make([][2]int64, steps)}
}

// begin starts a run, decides its kind and reports whether its times are recorded.
func (tp *ttPick) begin() bool {
	tp.runs++
	r := tp.runs
	tp.exp = true
	switch {
	case r <= ttWarm:
		tp.kind = ttPar
		if r&1 == 0 {
			tp.kind = ttSolo
		}
	case tp.whole[ttMix] == 0:
		tp.kind = ttMix // its first run
	case r%ttExplore == ttExplore/2:
		tp.kind, tp.exp = ttFlip, false
	default:
		arm := tp.best()
		if r%ttExplore == 0 {
			// The other arms in turn.
			other := (arm + 1 + int(r/ttExplore)%2) % 3
			if w := tp.whole[arm]; tp.whole[other] <= w+w/4 || r/ttExplore%(2*ttFarOf) < 2 {
				arm = other
			}
		}
		tp.exp = arm != tp.best()
		tp.kind = uint8(arm)
	}
	return r > 1
}

// best returns the arm with the smallest average (ties: ttPar, then ttMix).
func (tp *ttPick) best() int {
	arm := ttPar
	for _, a := range [2]int{ttMix, ttSolo} {
		if tp.whole[a] < tp.whole[arm] {
			arm = a
		}
	}
	return arm
}

// mode returns the mode step s runs in during the current run: 0 parallel, 1 solo.
func (tp *ttPick) mode(s int) int {
	switch tp.kind {
	case ttPar:
		return 0
	case ttSolo:
		return 1
	}
	a := &tp.avg[s]
	best := 0
	if a[1] < a[0] {
		best = 1
	}
	if tp.flips(s) {
		return 1 - best
	}
	return best
}

// flips reports whether step s runs in the mode it did not pick in this run.
func (tp *ttPick) flips(s int) bool {
	return tp.kind == ttFlip && s%ttFlipOf == int(tp.runs/ttExplore)%ttFlipOf
}

// record adds the time d of step s run in mode m. Only the runs that choose per step
// (warm-up, ttMix, ttFlip) are recorded per step: in an all-solo run no step pays for
// data on the other core.
func (tp *ttPick) record(s, m int, d time.Duration) {
	if tp.kind == ttSolo && tp.runs > ttWarm {
		return
	}
	ttAdd(&tp.avg[s][m], d, !tp.exp && !tp.flips(s))
}

// end adds the time d of the whole run to its arm's average.
func (tp *ttPick) end(d time.Duration) {
	if tp.kind != ttFlip {
		ttAdd(&tp.whole[tp.kind], d, !tp.exp)
	}
}

// ttAdd adds time d to the moving average *a. A time more than twice the average (the
// thread lost its CPU for a time slice) counts as twice the average, so that one
// preemption does not flip a choice.
func ttAdd(a *int64, d time.Duration, picked bool) {
	ns := max(int64(d), 1)
	if *a == 0 {
		*a = ns
		return
	}
	ns = min(ns, 2**a)
	sh := ttShiftX
	if picked {
		sh = ttShift
	}
	*a += (ns - *a) >> sh
}
