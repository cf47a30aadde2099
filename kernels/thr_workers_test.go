package kernels

import (
	"context"
	"sync/atomic"
	"testing"
	"time"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// thrCountRunner adds 1 to counts[u] for every unit u it runs.
type thrCountRunner struct{}

func (thrCountRunner) run(j *job, _ *scratch, lo, hi int) {
	counts := unsafe.Slice((*atomic.Int32)(j.dst), j.units)
	for u := lo; u < hi; u++ {
		counts[u].Add(1)
	}
}

// TestThrSplit: the shares are contiguous, in worker order, cover every chunk once and
// differ in size by at most one; workers beyond p get none.
func TestThrSplit(t *testing.T) {
	for _, tc := range []struct{ n, p, threads int }{{0, 1, 1}, {1, 1, 2}, {7, 2, 2}, {8, 2, 2}, {13, 3, 4}, {2, 2, 3}, {100, 4, 4}} {
		parts := make([]thrPart, tc.threads)
		thrSplit(parts, tc.n, tc.p)
		next := 0
		for i := range parts {
			v := parts[i].v.Load()
			lo, hi := int(uint32(v)), int(v>>32)
			if i >= tc.p {
				require.Equal(t, lo, hi, "worker %d of %+v has no share", i, tc)
				continue
			}
			require.Equal(t, next, lo, "%+v", tc)
			require.LessOrEqual(t, hi-lo, (tc.n+tc.p-1)/tc.p, "%+v", tc)
			require.GreaterOrEqual(t, hi-lo, tc.n/tc.p, "%+v", tc)
			next = hi
		}
		require.Equal(t, tc.n, next, "%+v", tc)
	}
}

// TestThrPartTake: the owner takes chunks from the front, a thief from the back, and
// together they take each chunk once.
func TestThrPartTake(t *testing.T) {
	var pt thrPart
	pt.v.Store(uint64(3) | uint64(7)<<32)
	c, ok := pt.take(false)
	require.True(t, ok)
	require.Equal(t, 3, c)
	c, ok = pt.take(true)
	require.True(t, ok)
	require.Equal(t, 6, c)
	c, _ = pt.take(true)
	require.Equal(t, 5, c)
	c, _ = pt.take(false)
	require.Equal(t, 4, c)
	_, ok = pt.take(false)
	require.False(t, ok)
	_, ok = pt.take(true)
	require.False(t, ok)
}

// TestThrWorkersRunEachUnitOnce: whatever the threads, units and chunk size, and
// whether the helpers are awake, asleep (after a pause longer than their spin) or
// never get to run, every unit runs exactly once, on a nil Workers too.
func TestThrWorkersRunEachUnitOnce(t *testing.T) {
	ctx := context.Background()
	for _, threads := range []int{0, 1, 2, 3, 4} {
		var w *Workers
		if threads > 0 {
			w = NewWorkers(threads)
		}
		for _, units := range []int{0, 1, 2, 3, 5, 16, 17, 100, 1000} {
			for _, chunk := range []int{0, 1, 3, 64} {
				for _, par := range []bool{false, true} {
					counts := make([]atomic.Int32, units)
					j := w.acquire()
					j.fn = thrCountRunner{}
					j.units = units
					j.chunk = chunk
					if units > 0 {
						j.dst = unsafe.Pointer(&counts[0])
					}
					require.NoError(t, w.run(ctx, j, par))
					for u := range counts {
						require.Equal(t, int32(1), counts[u].Load(), "threads %d units %d chunk %d unit %d", threads, units, chunk, u)
					}
				}
			}
		}
		w.Close()
	}
}

// twSlowRunner counts units like thrCountRunner and makes every unit run by a helper
// (not the caller) last j.ints[0] microseconds: the caller runs out of work first and
// waits for the helper at the join, spinning or (past twJoinSpin) sleeping.
type twSlowRunner struct{}

func (twSlowRunner) run(j *job, s *scratch, lo, hi int) {
	counts := unsafe.Slice((*atomic.Int32)(j.dst), j.units)
	for u := lo; u < hi; u++ {
		counts[u].Add(1)
	}
	if s != &twSlowCaller(j).scr[0] {
		t0 := time.Now()
		for time.Since(t0) < time.Duration(j.ints[0])*time.Microsecond {
		}
	}
}

// twSlowCaller recovers the Workers stored in j.src by the test.
func twSlowCaller(j *job) *Workers { return (*Workers)(j.src) }

// TestTwJoinSleep: a helper whose units outlast the caller's spin at the join
// (twJoinSpin) is waited for by sleeping; every unit still runs once, the region
// returns only after the helper's units ran, and repeated regions around the spin
// limit (the helper ending just before, at or after the caller starts to sleep) never
// hang or lose a signal.
func TestTwJoinSleep(t *testing.T) {
	ctx := context.Background()
	w := NewWorkers(2)
	defer w.Close()
	spin := int(twJoinSpin / time.Microsecond)
	for i, us := range []int{0, 1, spin / 2, spin - 5, spin, spin + 5, 2 * spin, 10 * spin, spin, spin + 1, spin - 1} {
		for rep := 0; rep < 20; rep++ {
			units := 4 + rep%5
			counts := make([]atomic.Int32, units)
			j := w.acquire()
			j.fn = twSlowRunner{}
			j.units = units
			j.chunk = 1
			j.src = unsafe.Pointer(w)
			j.dst = unsafe.Pointer(&counts[0])
			j.ints[0] = us
			require.NoError(t, w.run(ctx, j, true))
			for u := range counts {
				require.Equal(t, int32(1), counts[u].Load(), "case %d (%d µs) rep %d unit %d", i, us, rep, u)
			}
			for h := 1; h < len(w.state); h++ {
				require.NotEqual(t, stRunning, w.state[h].v.Load(), "helper %d still running after the join", h)
				require.Equal(t, uint32(0), w.state[h].twSleep.Load(), "helper %d: sleep flag left set", h)
			}
		}
	}
}
