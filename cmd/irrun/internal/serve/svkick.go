package serve

import (
	"errors"
	"os"
	"runtime"
	"sync"
)

// svKicker lets the network run before an inference starts while another inference holds
// the other P (round 12, docs/performance.md).
//
// Go's scheduler asks the network poller for ready connections only when a P has no
// runnable goroutine (or every 10 ms, from sysmon). With GOMAXPROCS 2 and two inferences
// that never block, a request that arrives while both run stays unread in its socket
// until one of them ends; and when one ends, the goroutine the limiter has just woken
// runs first (runnext), so the socket is looked at only once the limiter's queue is empty,
// and the freed slot then waits for that request to be read and decoded. Nothing in the
// runtime's API polls the network on demand (runtime.Gosched puts the goroutine on the
// global run queue, which is taken before the poller is asked). kick does it by blocking:
// it writes one byte into a pipe whose read end a goroutine of the kicker waits on in
// the poller, and waits for that goroutine's answer. The P, with nothing else to run,
// polls the network: the pipe and every connection that became ready are run (they read
// and decode their requests and queue for a slot), the kicker's goroutine yields once
// so that they go first, then answers, and the inference starts.
type svKicker struct {
	r, w *os.File
	one  []byte        // the byte written per kick (read only)
	tick chan struct{} // one per byte read
	done chan struct{}
	stop sync.Once
	wg   sync.WaitGroup
}

// newSvKicker starts a kicker; close stops its goroutine.
func newSvKicker() (*svKicker, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	k := &svKicker{r: r, w: w, one: []byte{1}, tick: make(chan struct{}, 64), done: make(chan struct{})}
	k.wg.Add(1)
	go k.loop()
	return k, nil
}

func (k *svKicker) loop() {
	defer k.wg.Done()
	defer k.r.Close()
	buf := make([]byte, 64)
	for {
		n, err := k.r.Read(buf)
		if n > 0 {
			// The connections the same poll readied are in this P's run queue: let them
			// read their requests before the kicking inference takes the P.
			runtime.Gosched()
		}
		for range n {
			select {
			case k.tick <- struct{}{}:
			case <-k.done:
				return
			}
		}
		if err != nil {
			return
		}
	}
}

// kick returns once the network poller has run (or at once on a closed kicker or nil).
func (k *svKicker) kick() {
	if k == nil {
		return
	}
	if _, err := k.w.Write(k.one); err != nil {
		return
	}
	select {
	case <-k.tick:
	case <-k.done:
	}
}

// close stops the kicker's goroutine; kicks after it return at once.
func (k *svKicker) close() error {
	if k == nil {
		return nil
	}
	var err error
	k.stop.Do(func() {
		close(k.done)
		err = k.w.Close()
		k.wg.Wait()
	})
	if err != nil && !errors.Is(err, os.ErrClosed) {
		return err
	}
	return nil
}
