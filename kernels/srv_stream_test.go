package kernels

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// srvRegion runs one region of units units through w and checks each ran once.
func srvRegion(ctx context.Context, w *Workers, units, chunk int) error {
	counts := make([]atomic.Int32, units)
	j := w.acquire()
	j.fn = thrCountRunner{}
	j.units = units
	j.chunk = chunk
	j.dst = unsafe.Pointer(&counts[0])
	if err := w.run(ctx, j, true); err != nil {
		return err
	}
	for u := range counts {
		if c := counts[u].Load(); c != 1 {
			return fmt.Errorf("unit %d of %d ran %d times", u, units, c)
		}
	}
	return nil
}

// TestSrvStreamPath: a stream reports its pool's threads; a run alone on the pool takes
// the pool's job (all threads), a run while another stream's run is in progress takes the
// stream's own job (the caller alone), and so does a region while the pool is busy.
func TestSrvStreamPath(t *testing.T) {
	pool := NewWorkers(2)
	defer pool.Close()
	a, b := pool.Stream(), pool.Stream()
	require.Equal(t, 2, a.Threads())
	require.Equal(t, 2, a.threadsFor())
	tests := []struct {
		name     string
		other    bool // b is inside a run
		busy     bool // the pool's lock is held
		wantPool bool
	}{
		{"alone", false, false, true},
		{"another run", true, false, false},
		{"pool busy", false, true, false},
		{"both", true, true, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.other {
				b.Begin()
				defer b.End()
			}
			if tc.busy {
				pool.mu.Lock()
				defer pool.mu.Unlock()
			}
			a.Begin()
			defer a.End()
			j := a.acquire()
			require.Equal(t, tc.wantPool, j == &pool.job)
			require.Equal(t, !tc.wantPool, j == &a.job)
			j.fn = thrCountRunner{}
			counts := make([]atomic.Int32, 10)
			j.units, j.chunk, j.dst = len(counts), 1, unsafe.Pointer(&counts[0])
			require.NoError(t, a.run(context.Background(), j, true))
			for u := range counts {
				require.Equal(t, int32(1), counts[u].Load())
			}
		})
	}
	// End clears Solo: the next ordinary run alone takes the pool again.
	a.Begin()
	a.Solo(true)
	a.End()
	a.Begin()
	j := a.acquire()
	require.True(t, j == &pool.job)
	j.fn = thrCountRunner{}
	counts := make([]atomic.Int32, 4)
	j.units, j.chunk, j.dst = len(counts), 1, unsafe.Pointer(&counts[0])
	require.NoError(t, a.run(context.Background(), j, true))
	a.End()

	// A second run in progress asks the pool's helpers to park.
	pool.restAt.Store(0)
	b.Begin()
	require.Zero(t, pool.restAt.Load())
	a.Begin()
	require.NotZero(t, pool.restAt.Load())
	a.End()
	b.End()
	require.Equal(t, int32(0), pool.srv.runs.Load())

	// Neither lock is left held.
	require.True(t, pool.mu.TryLock())
	pool.mu.Unlock()
	require.True(t, a.mu.TryLock())
	a.mu.Unlock()

	// Not streams: a nil or one-thread pool gives an ordinary one-thread Workers.
	for _, p := range []*Workers{nil, NewWorkers(1)} {
		s := p.Stream()
		require.Equal(t, 1, s.Threads())
		s.Begin()
		require.NoError(t, srvRegion(context.Background(), s, 7, 2))
		s.End()
	}
}

// TestSrvStreamsConcurrent: streams of one pool used from several goroutines at once,
// with and without Begin/End, run every unit of every region exactly once (also under
// -race).
func TestSrvStreamsConcurrent(t *testing.T) {
	pool := NewWorkers(2)
	defer pool.Close()
	iters := 200
	if testing.Short() {
		iters = 50
	}
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for g := range 6 {
		s := pool.Stream()
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range iters {
				mark := g%3 != 0 // some goroutines never call Begin (TryLock alone)
				if mark {
					s.Begin()
				}
				for r := range 3 {
					if err := srvRegion(context.Background(), s, 1+(i*7+r)%40, 1+r); err != nil {
						errs <- err
						return
					}
				}
				if mark {
					s.End()
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
	require.Equal(t, int32(0), pool.srv.runs.Load())
}

// TestSrvStreamNoAlloc: a stream's region allocates nothing on either path.
func TestSrvStreamNoAlloc(t *testing.T) {
	pool := NewWorkers(2)
	defer pool.Close()
	a, b := pool.Stream(), pool.Stream()
	counts := make([]atomic.Int32, 64)
	region := func() {
		j := a.acquire()
		j.fn = thrCountRunner{}
		j.units, j.chunk, j.dst = len(counts), 4, unsafe.Pointer(&counts[0])
		_ = a.run(context.Background(), j, true)
	}
	for _, other := range []bool{false, true} {
		if other {
			b.Begin()
		}
		a.Begin()
		region()
		require.Zero(t, testing.AllocsPerRun(50, region), "another run in progress: %v", other)
		a.End()
		if other {
			b.End()
		}
	}
}
