package graph

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// ttSim runs tp for n runs over steps whose time in each mode is given by cost (step,
// mode) and reports, per run, the kind and every step's mode. A run's time is the sum
// of its steps' times.
func ttSim(tp *ttPick, n int, cost func(s, m int) time.Duration) (kinds []uint8, modes [][]int) {
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
	}
	return kinds, modes
}

// TestTTPickSteps: after the warm-up (all-parallel and all-solo runs alternating) and
// one run of the per-step arm, each step runs in its faster mode, except for one step
// in ttFlipOf in the flip run of each period; the other arms run in turn once a period,
// the far slower all-solo arm only in one period of ttFarOf.
func TestTTPickSteps(t *testing.T) {
	us := time.Microsecond
	// Step times (parallel, solo): steps 0 and 2 gain from the second thread, 1 and 3
	// do not. Runs: picked modes 58 µs, all parallel 62 (close), all solo 84 (far).
	times := [][2]time.Duration{{10 * us, 16 * us}, {9 * us, 5 * us}, {40 * us, 60 * us}, {3 * us, 3 * us}}
	want := []int{0, 1, 0, 0} // equal times keep parallel
	tp := newTTPick(len(times))
	kinds, modes := ttSim(tp, 4*ttExplore, func(s, m int) time.Duration { return times[s][m] })
	explored := map[int]uint8{32: ttPar, 64: ttMix, 96: ttPar, 128: ttMix}
	for r := 1; r <= len(kinds); r++ {
		k, ms := kinds[r-1], modes[r-1]
		switch {
		case r <= ttWarm && r%2 == 1:
			require.Equal(t, uint8(ttPar), k, "run %d", r)
			require.Equal(t, []int{0, 0, 0, 0}, ms, "run %d", r)
		case r <= ttWarm:
			require.Equal(t, uint8(ttSolo), k, "run %d", r)
			require.Equal(t, []int{1, 1, 1, 1}, ms, "run %d", r)
		case explored[r] != 0:
			require.Equal(t, explored[r], k, "run %d", r)
		case r%ttExplore == ttExplore/2:
			require.Equal(t, uint8(ttFlip), k, "run %d", r)
			exp := append([]int(nil), want...)
			f := (r / ttExplore) % ttFlipOf
			exp[f] = 1 - exp[f]
			require.Equal(t, exp, ms, "run %d", r)
		default:
			require.Equal(t, uint8(ttMix), k, "run %d", r)
			require.Equal(t, want, ms, "run %d", r)
		}
	}
}

// TestTTPickArms: when no step gains from the second thread (it is slow), no run is
// all-parallel except to explore; when the thread is fast again, every step runs in
// parallel again within a few periods.
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
	ttSim(tp, ttExplore, cost)
	kinds, modes := ttSim(tp, 2*ttExplore, cost)
	for i, k := range kinds {
		if k == ttPar || k == ttFlip {
			continue
		}
		require.Equal(t, []int{1, 1, 1}, modes[i], "run %d", ttExplore+i+1)
	}
	par = 6 * us // the second thread is fast again
	ttSim(tp, 8*ttExplore, cost)
	kinds, modes = ttSim(tp, 3, cost)
	for i := range kinds {
		require.Equal(t, []int{0, 0, 0}, modes[i])
	}
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

// TestTTPickCloseArms: arms within 1.25× of each other are measured every other period
// each (the two arms not picked in turn).
func TestTTPickCloseArms(t *testing.T) {
	tp := newTTPick(3)
	kinds, _ := ttSim(tp, 4*ttExplore, func(s, m int) time.Duration {
		return time.Duration(10+m) * time.Microsecond
	})
	for r := 2 * ttExplore; r <= len(kinds); r += ttExplore {
		require.NotEqual(t, kinds[r-2], kinds[r-1], "run %d", r)
	}
}
