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
// from the layer's size: each step keeps a moving average of its time in each mode and
// runs in the faster one (a mode not measured yet counts as slower than parallel).
//
// Choosing per step is myopic: a step run alone reads the half of its input the other
// core wrote and the next parallel step reads back what it wrote, costs the step's own
// time does not show. So the whole run has three arms as well, each with its moving
// average of the run's time: every step in parallel (ttPar, what the program did
// before), the per-step choice (ttMix) and every step alone (ttSolo, the one-thread
// run with the program's units). The fastest arm runs; once every ttExplore runs one of
// the two others runs for ttBurst runs (in turn), and half a period later a quarter of
// the steps run in the mode they did not pick (ttFlip) to re-measure the steps'
// choices, so that the choice follows a change of the machine's state.
//
// One ttPick per execution state (it is used by one Run at a time); nothing allocates
// per run. A one-thread program has none (every region runs on the caller anyway).
type ttPick struct {
	avg   [][2]int64 // per step, per mode (0 parallel, 1 solo): moving average in ns, 0 = none yet
	whole [3]int64   // per arm (ttMix, ttSolo, ttPar): moving average of a run's time in ns
	runs  uint32     // runs of the state so far
	kind  uint8      // what the current run does (an arm or ttFlip)
	prev  uint8      // the previous run's kind
	burst uint8      // the arm explored by the current burst
	exp   bool       // the current run is not the picked arm (warm-up, exploring)
	short bool       // short first periods (see ttExplore)
}

// Kinds of run: the three arms, then ttFlip.
const (
	ttMix  = iota // every step in its faster mode
	ttSolo        // every step alone
	ttPar         // every step in parallel
	ttFlip        // as ttMix, a quarter of the steps in the mode they did not pick
)

// ttBurst is the number of consecutive runs of an arm run to explore it. A run is recorded
// only when the previous run left the caches in the same state (all-solo runs, or
// other runs; ctx): a run's time depends on where the previous one left the data. On
// this VM in the slow second-core state an all-solo run after a parallel one took
// 2.6 ms on gaze-estimation against 1.7 ms after another all-solo run, and a parallel
// run after an all-solo one 1.4 ms against 1.9 after a parallel one.
const ttBurst = 4

// ttWarm is the number of warm-up runs, all parallel (the first one, which grows
// buffers and wakes threads, not recorded). The all-solo arm is first measured by the
// first exploring burst: on the large models (20–40 ms a run, 1.9× slower alone) a
// short benchmark would otherwise count several all-solo runs.
const ttWarm = ttBurst

// ttExplore: after the warm-up, an arm not picked runs once every ttExplore runs, and
// the steps are re-measured (ttFlip) once every ttExplore runs, half a period later.
// For a program whose parallel run takes less than ttShortRun, the first ttExplore runs
// are cut into four periods of a quarter, so that every arm is measured within a few
// dozen runs, a few ms; a longer run (the large models, 20–40 ms, 1.7–1.9× faster on
// two threads than alone) keeps full periods, so that a benchmark of a second is not
// spent on all-solo runs.
const ttExplore = 64

// ttShortRun: see ttExplore.
const ttShortRun = 5 * time.Millisecond

// phase returns the period of run r (1-based), r's place in it (0: the period's first
// run) and the period's length (see ttExplore).
func (tp *ttPick) phase(r uint32) (p, i, n int) {
	switch {
	case !tp.short:
		return int(r) / ttExplore, int(r) % ttExplore, ttExplore
	case r < ttExplore:
		return int(r) / (ttExplore / 4), int(r) % (ttExplore / 4), ttExplore / 4
	}
	return 4 + int(r-ttExplore)/ttExplore, int(r-ttExplore) % ttExplore, ttExplore
}

// ttFarOf: an arm whose average is more than 1.25× the picked one's (the large
// models' all-solo arm: 1.9× at two threads) is explored in one period of ttFarOf only.
// The picked arm is measured in every run, so a slowing picked arm is left at once;
// only noticing that another arm became faster takes longer.
const ttFarOf = 4

// ttFlipOf: a ttFlip run re-measures one step in ttFlipOf (steps s with s mod
// ttFlipOf equal to the period's number mod ttFlipOf), so that it costs little more
// than a picked run.
const ttFlipOf = 4

// A step's new time enters its moving average with weight 1/2^ttShift when it is what
// was picked, with 1/2^ttShiftX when it was run to re-measure it (few samples: the
// average follows a change of regime in a few exploring runs) or in the warm-up. Whole
// runs: ttAddWhole.
const (
	ttShift  = 2
	ttShiftX = 1
)

func newTTPick(steps int) *ttPick {
	return &ttPick{avg: make([][2]int64, steps)}
}

// begin starts a run, decides its kind and reports whether its times are recorded.
func (tp *ttPick) begin() bool {
	tp.prev = tp.kind
	tp.runs++
	r := tp.runs
	tp.exp = true
	if r == ttWarm+1 {
		tp.short = tp.whole[ttPar] < int64(ttShortRun)
	}
	p, i, n := tp.phase(r)
	switch {
	case r <= ttWarm:
		tp.kind = ttPar
	case tp.whole[ttMix] == 0:
		tp.kind = ttMix // its first runs
	case i == n/2:
		tp.kind, tp.exp = ttFlip, false
	case i < ttBurst:
		if i == 0 {
			// The other arms in turn; a far slower one less often.
			arm := tp.best()
			other := (arm + 1 + p%2) % 3
			if w, o := tp.whole[arm], tp.whole[other]; o != 0 && o > w+w/4 && p%(2*ttFarOf) >= 2 {
				other = arm
			}
			tp.burst = uint8(other)
		}
		tp.kind = tp.burst
		tp.exp = int(tp.burst) != tp.best()
	default:
		tp.kind, tp.exp = uint8(tp.best()), false
	}
	return r > 1 && tp.ctx(tp.kind) == tp.ctx(tp.prev)
}

// ctx maps a kind of run to the state of the caches it leaves: all-solo runs leave
// every tensor in the caller's cache, the others (most steps in parallel) leave it
// split between the cores.
func (tp *ttPick) ctx(k uint8) bool {
	return k == ttSolo
}

// best returns the arm with the smallest average among those measured (ties: ttPar,
// then ttMix).
func (tp *ttPick) best() int {
	arm := ttPar
	for _, a := range [2]int{ttMix, ttSolo} {
		if tp.whole[a] != 0 && tp.whole[a] < tp.whole[arm] {
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
	if a[1] != 0 && a[1] < a[0] {
		best = 1
	}
	if tp.flips(s) {
		return 1 - best
	}
	return best
}

// flips reports whether step s runs in the mode it did not pick in this run.
func (tp *ttPick) flips(s int) bool {
	p, _, _ := tp.phase(tp.runs)
	return tp.kind == ttFlip && s%ttFlipOf == p%ttFlipOf
}

// record adds the time d of step s run in mode m. All-solo runs are not recorded per
// step: no step of theirs pays for data on the other core.
func (tp *ttPick) record(s, m int, d time.Duration) {
	if tp.kind == ttSolo {
		return
	}
	ttAdd(&tp.avg[s][m], d, !tp.exp && !tp.flips(s))
}

// end adds the time d of the whole run to its arm's average.
func (tp *ttPick) end(d time.Duration) {
	if tp.kind != ttFlip {
		ttAddWhole(&tp.whole[tp.kind], d)
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

// ttAddWhole adds the time d of a whole run to the moving average *a with weight 1/4,
// counting a time above 1.25× the average as 1.25× the average. The arms differ by
// 5–20 % (an all-solo run 1.75 ms, a parallel one 1.9 ms on gaze-estimation in the slow
// second-core state), less than the spikes of a loaded machine (+30 % in one run in
// ten), so a spike must not move an arm's average by more than a few per cent; an
// exploring burst (ttBurst runs, the first one not recorded) still moves it more than
// half-way to a new level.
func ttAddWhole(a *int64, d time.Duration) {
	ns := max(int64(d), 1)
	if *a == 0 {
		*a = ns
		return
	}
	ns = min(ns, *a+*a/4)
	*a += (ns - *a) >> ttShift
}
