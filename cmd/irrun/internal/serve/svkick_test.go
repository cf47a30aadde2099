package serve

import (
	"os"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestSvKick checks that a kick lets a goroutine whose file became readable run before the
// kicking goroutine continues, even on a single P that the kicking goroutine never gives up
// otherwise, and that the kicker stops cleanly.
func TestSvKick(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	base := runtime.NumGoroutine()
	k, err := newSvKicker()
	require.NoError(t, err)

	// The reader may be readied and yet not have finished when the kick returns, if its
	// thread is descheduled by the OS inside its read (the runtime then gives its P to the
	// kicker's goroutine): on a loaded machine some rounds can miss. Without the kick
	// (runtime.Gosched instead) every round misses.
	ran := 0
	const rounds = 40
	for range rounds {
		r, w, err := os.Pipe()
		require.NoError(t, err)
		var got atomic.Bool
		started := make(chan struct{})
		done := make(chan struct{})
		go func() {
			defer close(done)
			close(started)
			b := make([]byte, 1)
			if n, _ := r.Read(b); n == 1 {
				got.Store(true)
			}
		}()
		<-started
		time.Sleep(time.Millisecond) // the reader is parked in the poller
		_, err = w.Write([]byte{7})
		require.NoError(t, err)
		// Without a scheduling point the reader cannot have run: this goroutine holds the
		// only P. The kick must let the poller find it.
		k.kick()
		if got.Load() {
			ran++
		}
		<-done
		r.Close()
		w.Close()
	}

	require.GreaterOrEqual(t, ran, rounds*3/4, "the reader ran during the kick in %d of %d rounds", ran, rounds)
	require.NoError(t, k.close())
	require.NoError(t, k.close()) // twice is fine
	k.kick()                      // after close: returns at once
	var none *svKicker
	none.kick()
	require.NoError(t, none.close())
	for i := 0; i < 200 && runtime.NumGoroutine() > base; i++ {
		time.Sleep(5 * time.Millisecond)
	}
	require.LessOrEqual(t, runtime.NumGoroutine(), base, "the kicker's goroutine must end")
}
