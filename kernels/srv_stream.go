package kernels

import "sync/atomic"

// srvStream is the throughput-stream part of a Workers (see Stream).
type srvStream struct {
	// pool is, for a stream, the shared Workers whose threads it borrows; nil for an
	// ordinary Workers.
	pool *Workers
	// runs counts, on a pool, its streams' runs in progress (between Begin and End).
	runs atomic.Int32
}

// Stream returns a Workers for one execution state that shares w's threads: a
// parallel region started through it runs on w's threads when the pool is free
// and no other stream of w is inside a run (Begin..End), and otherwise on the
// calling goroutine alone, with the stream's own job and scratch buffer. So
// several runs in progress at once each keep one core busy with their own
// work instead of taking turns on the whole pool, where every region pays the
// cost of splitting (a "throughput stream" per run), while a single run still
// gets all of w's threads. The stream plans its kernels for w's thread count
// (Threads reports it), so the units of a region are the same on either path.
//
// A stream must be used by one goroutine at a time (one execution state). Its
// parallel regions never wait for another run's region. For a nil w or a
// one-thread w it is an ordinary one-thread Workers.
func (w *Workers) Stream() *Workers {
	s := NewWorkers(1)
	if w != nil && w.threads > 1 {
		s.srv.pool = w
	}
	return s
}

// Begin marks the start of a run on stream s (see Stream); End marks its end.
// While more than one stream of a pool is between Begin and End, their parallel
// regions run on their callers' goroutines, and the pool's helpers, which then
// have nothing to do, park at once instead of polling (Rest) so as to leave
// the CPUs to those runs. Both are no-ops on a Workers that is not a stream.
func (s *Workers) Begin() {
	if s != nil && s.srv.pool != nil && s.srv.pool.srv.runs.Add(1) > 1 {
		s.srv.pool.Rest()
	}
}

// End marks the end of a run begun by Begin (and ends Solo).
func (s *Workers) End() {
	if s != nil && s.srv.pool != nil {
		s.Solo(false)
		s.srv.pool.srv.runs.Add(-1)
	}
}

// srvAcquire is acquire for a stream: the pool's job when the pool is free and
// this is the only run in progress, else the stream's own (run on the caller).
func (s *Workers) srvAcquire() *job {
	p := s.srv.pool
	if !s.solo.Load() && p.srv.runs.Load() <= 1 && p.mu.TryLock() {
		return &p.job
	}
	s.mu.Lock()
	return &s.job
}
