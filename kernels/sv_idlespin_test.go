package kernels

import (
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// svParked waits until every helper of w has parked (stSleeping) and reports whether they
// did within limit.
func svParked(w *Workers, limit time.Duration) bool {
	for end := time.Now().Add(limit); time.Now().Before(end); time.Sleep(100 * time.Microsecond) {
		all := true
		for i := 1; i < w.threads; i++ {
			all = all && w.state[i].v.Load() == stSleeping
		}
		if all {
			return true
		}
	}
	return false
}

// TestSvRestAfter checks RestAfter (helpers poll for a bounded time after a region, then
// park): every region gives the reference's result bit for bit whether the helpers were
// still polling or had parked, also with RestAfter called from several goroutines while
// regions run; after RestAfter(d) the helpers park once d has passed; a helper does not
// give up polling before its deadline; Close ends helpers that are still polling, and no
// goroutine is left. Nothing here measures speed.
func TestSvRestAfter(t *testing.T) {
	check := restPoolCheck(t)
	g0 := runtime.NumGoroutine()

	for _, threads := range []int{2, 3} {
		w := NewWorkers(threads)
		// Polling (long bound), parked (bound passed), and parked at once.
		for _, d := range []time.Duration{time.Hour, 2 * time.Millisecond, 0, -time.Second} {
			for range 10 {
				require.NoError(t, check(w))
				w.RestAfter(d)
			}
			if d <= 2*time.Millisecond {
				require.True(t, svParked(w, 10*time.Second), "threads %d, RestAfter(%v): the helpers did not park", threads, d)
			}
			require.NoError(t, check(w), "threads %d, after RestAfter(%v)", threads, d)
		}
		var wg sync.WaitGroup
		for k := range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range 40 {
					w.RestAfter(time.Duration((k*40+i)%5) * 100 * time.Microsecond)
					if err := check(w); err != nil {
						t.Error(err)
						return
					}
				}
			}()
		}
		wg.Wait()
		// Close while the helpers poll with a deadline an hour away: they end.
		require.NoError(t, check(w))
		w.RestAfter(time.Hour)
		w.Close()
		w.RestAfter(time.Millisecond) // no-op on a closed Workers' parked helpers
		require.NoError(t, check(w))
	}
	var nilW *Workers
	nilW.RestAfter(time.Millisecond)

	// A helper's poll with a deadline gives up only after it: a lower bound on the
	// same monotonic clock, not a speed measurement.
	w := NewWorkers(1) // no helpers: poll is called here directly
	var st helperState
	w.RestAfter(20 * time.Millisecond)
	t0 := time.Now()
	require.False(t, w.poll(&st.v))
	require.GreaterOrEqual(t, time.Since(t0), 19*time.Millisecond)
	// A post is claimed at once, and an expired request parks.
	st.v.Store(stPosted)
	require.True(t, w.poll(&st.v))
	require.Equal(t, stRunning, st.v.Load())
	st.v.Store(stIdle)
	w.RestAfter(0)
	require.False(t, w.poll(&st.v))
	w.Close()

	for end := time.Now().Add(10 * time.Second); runtime.NumGoroutine() > g0 && time.Now().Before(end); {
		time.Sleep(time.Millisecond)
	}
	require.LessOrEqual(t, runtime.NumGoroutine(), g0, "helpers left after Close")
}
