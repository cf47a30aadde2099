package kernels

import "sync/atomic"

// svWarmed counts the parked helpers Warm has woken or found with a wake-up pending
// (for tests).
type svWarmed struct{ sent atomic.Uint64 }

// Warm wakes the helpers that are parked, so that they poll for the next parallel
// region (for up to spinTime, or until Rest) instead of being woken by its post: for a
// caller that knows a region follows shortly (a server that has just received the
// header of a request and still reads and decodes its body), the threads' wake-up then
// overlaps that work instead of delaying the first region. It never waits: when a
// run of a stream of w is in progress (its regions use the helpers, or several runs
// keep them parked on purpose), a region is running or the Workers is closed, it does
// nothing.
// On a stream (see Stream) it warms the stream's pool.
func (w *Workers) Warm() {
	if w == nil {
		return
	}
	if w.srv.pool != nil {
		w = w.srv.pool
	}
	if w.srv.runs.Load() > 0 {
		return // a run is in progress: its regions use the helpers, or they rest on purpose
	}
	if !w.mu.TryLock() {
		return // a region runs: the helpers are awake
	}
	defer w.mu.Unlock()
	if w.closed {
		return
	}
	if w.rest.Load() {
		w.rest.Store(false)
	}
	for i := range w.wake {
		if w.state[i+1].v.Load() != stSleeping {
			continue // polling, or about to park (it then stays parked until a post)
		}
		select {
		case w.wake[i] <- struct{}{}:
		default: // a wake-up is already pending
		}
		w.sv.sent.Add(1)
	}
}
