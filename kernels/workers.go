package kernels

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"
)

// Workers runs the kernels' parallel loops on a fixed set of goroutines.
//
// The goroutines are started once by NewWorkers and reused by every call
// until Close; the calling goroutine always takes part, so NewWorkers(n)
// starts n-1 helpers. Each worker owns a scratch buffer that grows to the
// largest size a kernel has needed and is then reused, so kernels allocate
// nothing per call in steady state.
//
// A Workers may be shared by several goroutines: parallel regions on the same
// Workers are serialised (one kernel at a time uses the helpers). A nil
// *Workers runs every kernel on the calling goroutine.
type Workers struct {
	threads int
	mu      sync.Mutex // held for the duration of a parallel region
	closed  bool
	wake    []chan struct{}
	wg      sync.WaitGroup
	job     job
	scr     []scratch // one per worker; index 0 is the caller
}

// NewWorkers starts a pool of threads workers (the caller counts as one).
// threads <= 0 means runtime.GOMAXPROCS(0).
func NewWorkers(threads int) *Workers {
	if threads <= 0 {
		threads = runtime.GOMAXPROCS(0)
	}
	w := &Workers{threads: threads, scr: make([]scratch, threads)}
	w.wake = make([]chan struct{}, threads-1)
	for i := range w.wake {
		ch := make(chan struct{}, 1)
		w.wake[i] = ch
		go w.helper(i+1, ch)
	}
	return w
}

// Threads reports the number of workers, counting the caller. A nil
// Workers has one.
func (w *Workers) Threads() int {
	if w == nil {
		return 1
	}
	return w.threads
}

// Close stops the helper goroutines. It waits for a running kernel to
// finish. Kernels called after Close run on the calling goroutine.
// Close is idempotent.
func (w *Workers) Close() {
	if w == nil {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return
	}
	w.closed = true
	for _, ch := range w.wake {
		close(ch)
	}
}

func (w *Workers) helper(id int, wake chan struct{}) {
	for range wake {
		w.job.work(&w.scr[id])
		w.wg.Done()
	}
}

// scratch is a worker's reusable buffer, handed out as typed sub-slices.
type scratch struct {
	buf  []uint64
	used int // words handed out since reset
}

// take returns n stale elements of type E (at most 8 bytes wide) from the
// scratch buffer. Callers reserve() the total at the start of each unit so
// that the buffer does not move; if it must grow anyway, earlier slices keep
// the old array alive and stay valid.
func take[E any](s *scratch, n int) []E {
	if n <= 0 {
		return nil
	}
	var z E
	words := (n*int(unsafe.Sizeof(z)) + 7) / 8
	if s.used+words > len(s.buf) {
		s.buf = make([]uint64, 2*(s.used+words))
		s.used = 0
	}
	p := unsafe.Pointer(&s.buf[s.used])
	s.used += words
	return unsafe.Slice((*E)(p), n)
}

// reserve makes sure the buffer holds at least the given number of bytes
// and starts handing out from its beginning.
func (s *scratch) reserve(bytes int) {
	words := (bytes+7)/8 + 8
	if len(s.buf) < words {
		s.buf = make([]uint64, words)
	}
	s.used = 0
}

// runner runs units [lo, hi) of a job. Implementations are zero-size
// generic structs, so storing one in the job's interface field allocates
// nothing (a generic function value would allocate a closure).
type runner interface {
	run(j *job, s *scratch, lo, hi int)
}

// job is the non-generic description of one parallel region. The typed
// kernels store their slices as unsafe pointers and a runner; this keeps
// the hot path free of allocations.
type job struct {
	fn    runner
	units int
	chunk int
	next  atomic.Int64
	done  <-chan struct{}
	stop  atomic.Bool

	src, dst, idx unsafe.Pointer
	wp            winPlan
	ap            adPlan
	mode          idxMode
	flag          bool // excludePad / withIdx, kernel specific
	bRows, nb     int  // output rows per unit, units per (plane, depth)
	ints          [2]int
	perm          [maxRank]int
	shape         [maxRank]int
	rank          int
}

func (j *job) work(s *scratch) {
	for {
		if j.done != nil {
			select {
			case <-j.done:
				j.stop.Store(true)
				return
			default:
			}
		}
		if j.stop.Load() {
			return
		}
		u := int(j.next.Add(int64(j.chunk))) - j.chunk
		if u >= j.units {
			return
		}
		j.fn.run(j, s, u, min(u+j.chunk, j.units))
	}
}

// acquire returns the job to fill for a kernel call and locks the Workers.
// For a nil Workers it returns a fresh job.
func (w *Workers) acquire() *job {
	if w == nil {
		return new(job)
	}
	w.mu.Lock()
	return &w.job
}

// run executes units [0, j.units) of j, in parallel when the Workers has
// helpers and parallel is true, and releases the lock taken by acquire.
// It returns ctx.Err() if the context was cancelled before all units ran.
func (w *Workers) run(ctx context.Context, j *job, parallel bool) error {
	j.next.Store(0)
	j.stop.Store(false)
	j.done = ctx.Done()
	if j.chunk <= 0 {
		j.chunk = 1
	}
	if w == nil {
		var s scratch
		j.work(&s)
	} else {
		helpers := 0
		if parallel && !w.closed {
			helpers = min(w.threads-1, (j.units+j.chunk-1)/j.chunk-1)
		}
		if helpers > 0 {
			w.wg.Add(helpers)
			for i := 0; i < helpers; i++ {
				w.wake[i] <- struct{}{}
			}
		}
		j.work(&w.scr[0])
		if helpers > 0 {
			w.wg.Wait()
		}
		j.done = nil
		j.fn = nil
		j.src, j.dst, j.idx = nil, nil, nil
		w.mu.Unlock()
	}
	if j.stop.Load() {
		if err := ctx.Err(); err != nil {
			return err
		}
		return context.Canceled
	}
	return nil
}

// threadsFor reports how many threads a kernel may plan for.
func (w *Workers) threadsFor() int {
	if w == nil || w.closed {
		return 1
	}
	return w.threads
}

type maxRunner[T Number, I Index] struct{}

func (maxRunner[T, I]) run(j *job, s *scratch, lo, hi int) { maxUnits[T, I](j, s, lo, hi) }

type avgFloatRunner[T Number] struct{}

func (avgFloatRunner[T]) run(j *job, s *scratch, lo, hi int) { avgUnitsFloat[T](j, s, lo, hi) }

type avgIntRunner[T Number] struct{}

func (avgIntRunner[T]) run(j *job, s *scratch, lo, hi int) { avgUnitsInt[T](j, s, lo, hi) }

type adMaxRunner[T Number, I Index] struct{}

func (adMaxRunner[T, I]) run(j *job, s *scratch, lo, hi int) { adMaxUnits[T, I](j, s, lo, hi) }

type adAvgFloatRunner[T Number] struct{}

func (adAvgFloatRunner[T]) run(j *job, s *scratch, lo, hi int) { adAvgUnitsFloat[T](j, s, lo, hi) }

type adAvgIntRunner[T Number] struct{}

func (adAvgIntRunner[T]) run(j *job, s *scratch, lo, hi int) { adAvgUnitsInt[T](j, s, lo, hi) }

type transposeRunner[T any] struct{}

func (transposeRunner[T]) run(j *job, s *scratch, lo, hi int) { transposeUnits[T](j, s, lo, hi) }
