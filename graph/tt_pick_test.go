package graph

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// ttSim runs tp for n runs over steps whose time in each mode is given by cost (step,
// mode) and reports, per run, the kind, every step's mode and whether it was recorded.
// A run's time is the sum of its steps' times.
func ttSim(tp *ttPick, n int, cost func(s, m int) time.Duration) (kinds []uint8, modes [][]int, recs []bool) {
	for range n {
		rec := tp.begin()
		ms := make([]int, len(tp.avg))
		var total time.Duration
		for s := range tp.avg {
			m := tp.mode(s)
			ms[s] = m
			d := cost(s, m)
			total += d
			if rec {
				tp.record(s, m, d)
			}
		}
		if rec {
			tp.end(total)
		}
		kinds = append(kinds, tp.kind)
		modes = append(modes, ms)
		recs = append(recs, rec)
	}
	return kinds, modes, recs
}

// ttSteady reports whether run r (1-based) is neither in an exploring burst nor a flip
// run.
func ttSteady(r int) bool {
	_, i, n := (&ttPick{short: true}).phase(uint32(r))
	return r > ttWarm && i >= ttBurst && i != n/2
}

// TestTTPickWarmup: the warm-up runs are all parallel, then the per-step arm runs; the
// all-solo arm is first run by the first exploring burst. A run is recorded only when it
// and the previous run are both all-solo or both not.
func TestTTPickWarmup(t *testing.T) {
	tp := newTTPick(2)
	kinds, modes, recs := ttSim(tp, 3*ttExplore, func(s, m int) time.Duration {
		return time.Duration(10+s+3*m) * time.Microsecond
	})
	for r := 1; r <= ttWarm; r++ {
		require.Equal(t, uint8(ttPar), kinds[r-1], "run %d", r)
		require.Equal(t, []int{0, 0}, modes[r-1], "run %d", r)
		require.Equal(t, r > 1, recs[r-1], "run %d", r)
	}
	require.Equal(t, uint8(ttMix), kinds[ttWarm])
	for r := ttWarm + 1; r < ttExplore/4; r++ {
		require.NotEqual(t, uint8(ttSolo), kinds[r-1], "run %d", r)
	}
	require.Equal(t, uint8(ttSolo), kinds[ttExplore/4-1])
	ctx := func(k uint8) bool { return k == ttSolo }
	for r := ttWarm + 1; r <= len(kinds); r++ {
		require.Equal(t, ctx(kinds[r-1]) == ctx(kinds[r-2]), recs[r-1], "run %d", r)
	}
}

// TestTTPickSteps: in steady runs each step runs in its faster mode; a flip run turns
// one step in ttFlipOf; exploring bursts run one other arm throughout.
func TestTTPickSteps(t *testing.T) {
	us := time.Microsecond
	// Step times (parallel, solo): steps 0 and 2 gain from the second thread, 1 and 3
	// do not. Runs: picked modes 58 µs, all parallel 62, all solo 84.
	times := [][2]time.Duration{{10 * us, 16 * us}, {9 * us, 5 * us}, {40 * us, 60 * us}, {3 * us, 3 * us}}
	want := []int{0, 1, 0, 0} // equal times keep parallel
	tp := newTTPick(len(times))
	n := 12 * ttExplore
	kinds, modes, _ := ttSim(tp, n, func(s, m int) time.Duration { return times[s][m] })
	for r := 9 * ttExplore; r <= n; r++ {
		k, ms := kinds[r-1], modes[r-1]
		p, i, n := tp.phase(uint32(r))
		switch {
		case ttSteady(r):
			require.Equal(t, uint8(ttMix), k, "run %d", r)
			require.Equal(t, want, ms, "run %d", r)
		case i == n/2:
			require.Equal(t, uint8(ttFlip), k, "run %d", r)
			exp := append([]int(nil), want...)
			f := p % ttFlipOf
			exp[f] = 1 - exp[f]
			require.Equal(t, exp, ms, "run %d", r)
		case i > 0:
			require.Equal(t, kinds[r-2], k, "run %d: a burst keeps its arm", r)
		}
	}
	// The all-parallel arm (within 1.25×) is explored every other period.
	for r := 9 * ttExplore; r <= n; r++ {
		if p, i, _ := tp.phase(uint32(r)); i == 0 && p%2 == 1 {
			require.Equal(t, uint8(ttPar), kinds[r-1], "run %d", r)
		}
	}
}

// TestTTPickArms: when no step gains from the second thread (it is slow), steady runs
// run every step alone; when the thread is fast again, every step runs in parallel
// again within a few periods.
func TestTTPickArms(t *testing.T) {
	us := time.Microsecond
	par := 20 * us
	tp := newTTPick(3)
	cost := func(s, m int) time.Duration {
		if m == 0 {
			return par
		}
		return 15 * us
	}
	check := func(n int, want []int) {
		r0 := int(tp.runs)
		_, modes, _ := ttSim(tp, n, cost)
		for i, ms := range modes {
			if r := r0 + i + 1; ttSteady(r) && r > r0+n*3/4 {
				require.Equal(t, want, ms, "run %d", r)
			}
		}
	}
	check(8*ttExplore, []int{1, 1, 1})
	par = 6 * us // the second thread is fast again
	// The all-parallel arm, far slower until now, is explored in one period of ttFarOf.
	check(4*ttFarOf*ttExplore, []int{0, 0, 0})
}

// TestTTAdd: the moving average starts at the first time, moves by 1/4 (picked) or 1/2
// (re-measured) of the difference, and counts a time above twice the average as twice
// the average (a preempted run does not flip a choice).
func TestTTAdd(t *testing.T) {
	tests := []struct {
		name   string
		avg    int64
		d      time.Duration
		picked bool
		want   int64
	}{
		{"first", 0, 1000, true, 1000},
		{"zero time", 0, 0, true, 1},
		{"picked up", 1000, 1400, true, 1100},
		{"picked down", 1000, 600, true, 900},
		{"explored", 1000, 600, false, 800},
		{"stall clipped", 1000, 100000, true, 1250},
		{"stall clipped explored", 1000, 100000, false, 1500},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a := tc.avg
			ttAdd(&a, tc.d, tc.picked)
			require.Equal(t, tc.want, a)
		})
	}
}

// TestTTPickCloseArms: arms within 1.25× of each other are explored every period (the
// two arms not picked in turn), each in a burst of ttBurst runs.
func TestTTPickCloseArms(t *testing.T) {
	tp := newTTPick(3)
	kinds, _, _ := ttSim(tp, 6*ttExplore, func(s, m int) time.Duration {
		return time.Duration(10+m) * time.Microsecond
	})
	for r := 2 * ttExplore; r+ttBurst <= len(kinds); r += ttExplore {
		steady := kinds[r-2]
		require.NotEqual(t, steady, kinds[r-1], "run %d", r)
		for i := range ttBurst {
			require.Equal(t, kinds[r-1], kinds[r-1+i], "run %d", r+i)
		}
		require.Equal(t, steady, kinds[r-1+ttBurst], "run %d", r+ttBurst)
	}
}

// TestTTAddWhole: a whole run's time moves its arm's average by 1/4 of the difference,
// a time above 1.25× the average counting as 1.25×.
func TestTTAddWhole(t *testing.T) {
	tests := []struct {
		name string
		avg  int64
		d    time.Duration
		want int64
	}{
		{"first", 0, 1000, 1000},
		{"up", 1000, 1200, 1050},
		{"down", 1000, 600, 900},
		{"spike clipped", 1000, 5000, 1062},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a := tc.avg
			ttAddWhole(&a, tc.d)
			require.Equal(t, tc.want, a)
		})
	}
}

// TestTTPickLongRuns: a program whose parallel run takes ttShortRun or more explores
// the all-solo arm only at the end of the first full period.
func TestTTPickLongRuns(t *testing.T) {
	tests := []struct {
		name    string
		step    time.Duration
		soloRun int // the first all-solo run
	}{
		{"short", time.Millisecond, ttExplore / 4},
		{"long", 3 * time.Millisecond, ttExplore},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tp := newTTPick(2)
			kinds, _, _ := ttSim(tp, ttExplore+ttBurst, func(s, m int) time.Duration {
				return tc.step * time.Duration(1+m)
			})
			first := 0
			for r, k := range kinds {
				if k == ttSolo {
					first = r + 1
					break
				}
			}
			require.Equal(t, tc.soloRun, first)
		})
	}
}
