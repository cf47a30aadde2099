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
// time does not show. So the whole run has two arms as well, each with its moving
// average of the run's time: the per-step choice (ttMix) and every step alone (ttSolo,
// which is the one-thread run with the program's units); the faster arm runs, the other
// one run in ttExplore, and the steps' choices are re-measured in one more run in
// ttExplore (ttFlip: a quarter of the steps in the mode they did not pick).
//
// One ttPick per execution state (it is used by one Run at a time); nothing allocates
// per run. A one-thread program has none (every region runs on the caller anyway).
type ttPick struct {
	avg   [][2]int64 // per step, per mode (0 parallel, 1 solo): moving average in ns, 0 = none yet
	whole [2]int64   // per arm (ttMix, ttSolo): moving average of a run's time in ns
	runs  uint32     // runs of the state so far
	kind  uint8      // what the current run does (ttMix, ttSolo, ttFlip, ttPar)
}

// Kinds of run.
const (
	ttMix  = iota // every step in its faster mode
	ttSolo        // every step alone
	ttFlip        // every step in the mode it did not pick (re-measuring)
	ttPar         // every step in parallel (warm-up)
)

// ttWarm is the number of first runs that alternate all-parallel and all-solo runs (the
// very first run, which grows buffers and wakes threads, is not recorded).
const ttWarm = 9

// ttExplore: after the warm-up, the arm not picked runs once every ttExplore runs, and
// the steps are re-measured (ttFlip) once every ttExplore runs, half a period later.
const ttExplore = 32

// ttFarOf: an arm whose average is more than 1.25× the picked one's (the large
// models' all-solo arm: 1.9× at two threads) runs once in ttFarOf periods only. The
// picked arm is measured in every run, so a slowing picked arm is left at once; only
// noticing that the other arm became faster takes longer.
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
	switch {
	case r <= ttWarm:
		tp.kind = ttPar
		if r&1 == 0 {
			tp.kind = ttSolo
		}
	case r%ttExplore == ttExplore/2:
		tp.kind = ttFlip
	default:
		arm := ttMix
		if tp.whole[ttSolo] < tp.whole[ttMix] {
			arm = ttSolo
		}
		if other := ttMix + ttSolo - arm; r%ttExplore == 0 &&
			(tp.whole[other] <= tp.whole[arm]+tp.whole[arm]/4 || r/ttExplore%ttFarOf == 0) {
			arm = other
		}
		tp.kind = uint8(arm)
	}
	return r > 1
}

// picked reports whether the current run's kind is the one the averages pick (its
// times enter them with the smaller weight).
func (tp *ttPick) picked() bool {
	return tp.runs > ttWarm && tp.runs%ttExplore != 0 && tp.kind != ttFlip
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
	ttAdd(&tp.avg[s][m], d, tp.runs > ttWarm && tp.runs%ttExplore != 0 && !tp.flips(s))
}

// end adds the time d of the whole run to its arm's average (the warm-up's parallel
// runs count as the per-step arm's first times).
func (tp *ttPick) end(d time.Duration) {
	switch tp.kind {
	case ttMix, ttPar:
		ttAdd(&tp.whole[ttMix], d, tp.picked())
	case ttSolo:
		ttAdd(&tp.whole[ttSolo], d, tp.picked())
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
