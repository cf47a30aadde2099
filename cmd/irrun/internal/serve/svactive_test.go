package serve

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestSvActive checks the slot accounting of TestServeOverhead: each interval goes to the
// number of inferences running during it, a busy period lasts from the first inference in
// to the last one out, and a nil recorder (the real server's) does nothing.
func TestSvActive(t *testing.T) {
	var none *svActive
	require.NotPanics(t, func() { none.add(1); none.add(-1) })

	a := &svActive{}
	a.take() // starts the clock at 0 running
	steps := []struct {
		delta int
		after time.Duration // how long the new count holds
	}{{0, 2 * time.Millisecond}, {1, 2 * time.Millisecond}, {1, 2 * time.Millisecond}, {1, time.Millisecond}, {-2, 2 * time.Millisecond}, {-1, 0}}
	var want [3]time.Duration
	n := 0
	for _, s := range steps {
		a.add(s.delta)
		n += s.delta
		want[min(n, 2)] += s.after
		time.Sleep(s.after)
	}
	got := a.take()
	for k := range got {
		require.GreaterOrEqual(t, got[k], want[k], "%d running", k)
		require.Less(t, got[k], want[k]+500*time.Millisecond, "%d running", k)
	}
	// take starts again from zero.
	require.Less(t, a.take()[0], 500*time.Millisecond)
	// One busy period: from the first +1 to the count's return to 0 (2+2+1+2 ms).
	busy := a.takeBusy()
	require.Len(t, busy, 1)
	require.GreaterOrEqual(t, busy[0], 7*time.Millisecond)
	require.Less(t, busy[0], 7*time.Millisecond+500*time.Millisecond)
	require.Empty(t, a.takeBusy(), "takeBusy starts again")

	// Idle gaps: between the end of one busy period and the start of the next; none before
	// the first one after a take.
	a.add(1)
	a.add(-1)
	time.Sleep(3 * time.Millisecond)
	a.add(1)
	a.add(-1)
	busy, idle := a.takeBusyIdle()
	require.Len(t, busy, 2)
	require.Len(t, idle, 1)
	require.GreaterOrEqual(t, idle[0], 3*time.Millisecond)
	require.Less(t, idle[0], 3*time.Millisecond+500*time.Millisecond)
	a.add(1)
	a.add(-1)
	busy, idle = a.takeBusyIdle()
	require.Len(t, busy, 1)
	require.Empty(t, idle, "the gap across a take is not counted")
}
