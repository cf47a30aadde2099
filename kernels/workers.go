package kernels

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
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
	closing atomic.Bool // set by Close: spinning helpers exit
	// restAt is set by Rest and RestAfter and cleared by the next post: the time on clock
	// after which polling helpers park (0: no request, they poll for spinTime).
	restAt atomic.Int64
	epoch  time.Time // clock's origin
	wake   []chan struct{}
	twDone []chan struct{} // per helper: its job ended while the caller slept (twJoin)
	state  []helperState   // one per helper
	job    job
	scr    []scratch   // one per worker; index 0 is the caller
	srv    srvStream   // throughput streams (srv_stream.go)
	solo   atomic.Bool // set by Solo: regions run on the caller alone
	wsSlow wsSlow      // tests only: one worker made slow (wsSlowRun); zero in production
}

// wsSlow makes one worker of the parallel regions sleep for d before each chunk it
// runs, as a slow or descheduled core would, so that the others take its chunks from
// the back of its share. Set only by tests, while no region runs; the zero value (no
// delay) is what programs use.
type wsSlow struct {
	id int           // worker index (0: the caller)
	d  time.Duration // 0: off
}

// helperState is a helper's handshake word with the caller (padded to a
// cache line so that helpers do not share one).
type helperState struct {
	v       atomic.Uint32
	twSleep atomic.Uint32 // 1: the caller sleeps on twDone until the job ends
	_       [56]byte
}

// Helper states. A helper that finished a job polls its state for spinTime
// (idle) before it parks on its channel (sleeping), because waking a parked
// thread costs tens of microseconds on virtual machines — as much as a
// small kernel. The caller posts a job with CAS idle→posted (a polling
// helper sees it at once) or, for a sleeping helper, posted + a channel
// send. The helper claims the job with CAS posted→running. When the caller
// has run out of work it revokes the posts nobody claimed (CAS
// posted→idle), so it never waits for a helper to wake up, and waits only
// for helpers that are running.
const (
	stIdle uint32 = iota
	stPosted
	stSleeping
	stRunning
)

// spinTime is how long an idle helper polls for the next job.
const spinTime = 200 * time.Microsecond

// NewWorkers starts a pool of threads workers (the caller counts as one).
// threads <= 0 means runtime.GOMAXPROCS(0).
func NewWorkers(threads int) *Workers {
	if threads <= 0 {
		threads = runtime.GOMAXPROCS(0)
	}
	w := &Workers{threads: threads, scr: make([]scratch, threads), epoch: time.Now()}
	w.job.parts = make([]thrPart, threads)
	w.wake = make([]chan struct{}, threads-1)
	w.twDone = make([]chan struct{}, threads-1)
	w.state = make([]helperState, threads)
	for i := range w.wake {
		ch := make(chan struct{}, 1)
		w.wake[i] = ch
		w.twDone[i] = make(chan struct{}, 1)
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
	if w.srv.pool != nil {
		return w.srv.pool.threads
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
	w.closing.Store(true)
	for _, ch := range w.wake {
		close(ch)
	}
}

func (w *Workers) helper(id int, wake chan struct{}) {
	st := &w.state[id].v
	for {
		if !w.poll(st) {
			// Park. A post that raced with the CAS is claimed below.
			if st.CompareAndSwap(stIdle, stSleeping) {
				if _, ok := <-wake; !ok {
					return
				}
			}
			if w.closing.Load() {
				return
			}
			if !st.CompareAndSwap(stPosted, stRunning) {
				st.CompareAndSwap(stSleeping, stIdle) // revoked or spurious wake-up
				continue
			}
		}
		w.job.work(&w.scr[id], id)
		st.Store(stIdle)
		if w.state[id].twSleep.Swap(0) == 1 {
			w.twDone[id-1] <- struct{}{}
		}
	}
}

// poll spins waiting for a post and claims it: for up to spinTime, or, after Rest or
// RestAfter, until the time they set. It reports whether the helper now runs a job.
func (w *Workers) poll(st *atomic.Uint32) bool {
	t0 := int64(-1)
	for i := 0; ; i++ {
		if st.Load() == stPosted && st.CompareAndSwap(stPosted, stRunning) {
			return true
		}
		if i&255 == 255 {
			if w.closing.Load() {
				return false
			}
			now := w.clock()
			if r := w.restAt.Load(); r != 0 {
				if now >= r {
					return false
				}
			} else if t0 < 0 {
				t0 = now
			} else if now-t0 > int64(spinTime) {
				return false
			}
			runtime.Gosched()
		}
	}
}

// clock is the time since w was made, in nanoseconds (monotonic).
func (w *Workers) clock() int64 { return int64(time.Since(w.epoch)) }

// scratch is a worker's reusable buffer, handed out as typed sub-slices.
// Padded to a cache line: the workers' scratches sit side by side in
// Workers.scr, and every take and reserve writes used, so two unpadded
// headers in one line made the caller and a helper invalidate each other's
// line once per unit (avg f32 12×61×16×4×9 k[1,2,7], 2928 units of one
// output: 0.129 ms on 2 threads, 0.106 padded, 0.212 on one).
type scratch struct {
	buf  []uint64
	used int // words handed out since reset
	_    [q2Line - 32]byte
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
	parts []thrPart // per worker: its share of the chunks (run)
	done  <-chan struct{}
	stop  atomic.Bool
	slow  wsSlow       // copied from the Workers by run (tests only)
	stole atomic.Int64 // chunks taken from another worker's share while slow.d > 0

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

// thrPart is one worker's share of a job: chunks [lo, hi) packed into one word (lo in
// the low 32 bits), so that its owner taking chunks from the front and a thief taking
// them from the back agree through one CAS. Padded to a cache line.
type thrPart struct {
	v atomic.Uint64
	_ [56]byte
}

// thrMaxChunks bounds the number of chunks of a job (they are counted in 32 bits).
const thrMaxChunks = 1 << 31

// thrSplit gives each of the first p of parts an equal contiguous share of chunks
// [0, n) in order (worker 0, the caller, the first share) and empties the others.
func thrSplit(parts []thrPart, n, p int) {
	for t := range parts {
		lo, hi := n, n
		if t < p {
			lo, hi = t*n/p, (t+1)*n/p
		}
		parts[t].v.Store(uint64(lo) | uint64(hi)<<32)
	}
}

// take claims one chunk of part t: from the front when back is false (its owner),
// from the back otherwise (a thief).
func (pt *thrPart) take(back bool) (int, bool) {
	for {
		v := pt.v.Load()
		lo, hi := int(uint32(v)), int(v>>32)
		if lo >= hi {
			return 0, false
		}
		if !back {
			if pt.v.CompareAndSwap(v, v+1) {
				return lo, true
			}
		} else if pt.v.CompareAndSwap(v, v-1<<32) {
			return hi - 1, true
		}
	}
}

// work runs chunks of j as worker id until none is left: first its own share, front
// to back, then chunks taken from the back of the other workers' shares. The shares
// are contiguous and the same for every job of the same size, so a worker tends to
// compute the same region of consecutive layers' tensors, which then stays in its
// core's cache (reading data another core has just written costs several times a
// read from the own L2 on the machines measured; see docs/performance.md).
// An id of -n-1 (a job without shares, nil Workers) runs chunks [0, n) in order.
func (j *job) work(s *scratch, id int) {
	next, n := 0, -id-1
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
		var c int
		var ok bool
		if id < 0 {
			c, ok = next, next < n
			next++
		} else {
			c, ok = j.parts[id].take(false)
			for t := 1; !ok && t < len(j.parts); t++ {
				c, ok = j.parts[(id+t)%len(j.parts)].take(true)
				if ok && j.slow.d > 0 {
					j.stole.Add(1)
				}
			}
		}
		if !ok {
			return
		}
		if j.slow.d > 0 && id == j.slow.id {
			time.Sleep(j.slow.d)
		}
		j.fn.run(j, s, c*j.chunk, min((c+1)*j.chunk, j.units))
	}
}

// acquire returns the job to fill for a kernel call and locks the Workers.
// For a nil Workers it returns a fresh job.
func (w *Workers) acquire() *job {
	if w == nil {
		return new(job)
	}
	if w.srv.pool != nil {
		return w.srvAcquire()
	}
	w.mu.Lock()
	return &w.job
}

// run executes units [0, j.units) of j, in parallel when the Workers has
// helpers and parallel is true, and releases the lock taken by acquire.
// It returns ctx.Err() if the context was cancelled before all units ran.
func (w *Workers) run(ctx context.Context, j *job, parallel bool) error {
	if w != nil && w.srv.pool != nil && j == &w.srv.pool.job {
		return w.srv.pool.run(ctx, j, parallel)
	}
	j.stop.Store(false)
	j.done = ctx.Done()
	if j.chunk <= 0 {
		j.chunk = 1
	}
	if n := (j.units + j.chunk - 1) / j.chunk; n > thrMaxChunks {
		j.chunk = (j.units + thrMaxChunks - 1) / thrMaxChunks
	}
	chunks := (j.units + j.chunk - 1) / j.chunk
	if w == nil {
		var s scratch
		j.work(&s, -chunks-1) // no shares: chunks in order
	} else {
		helpers := 0
		if parallel && !w.closed && !w.solo.Load() {
			helpers = max(0, min(w.threads-1, chunks-1))
		}
		if helpers > 0 && w.restAt.Load() != 0 {
			w.restAt.Store(0)
		}
		j.slow = w.wsSlow
		thrSplit(j.parts, chunks, helpers+1)
		for i := 1; i <= helpers; i++ {
			st := &w.state[i].v
			if !st.CompareAndSwap(stIdle, stPosted) {
				// Sleeping (or about to be): post and wake it.
				st.Store(stPosted)
				select {
				case w.wake[i-1] <- struct{}{}:
				default: // a wake-up is already pending
				}
			}
		}
		j.work(&w.scr[0], 0)
		for i := 1; i <= helpers; i++ {
			st := &w.state[i].v
			if st.CompareAndSwap(stPosted, stIdle) {
				continue // never claimed: the job is over
			}
			w.twJoin(i)
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

// twJoinSpin is how long the caller spins at the end of a parallel region for a
// helper still running the job's last chunks before it sleeps until the helper
// signals. A helper that takes longer than this has most likely lost its CPU to
// another thread (the operating system preempts it for a time slice, milliseconds):
// spinning would keep the caller's CPU busy while the helper waits for one, and
// sleeping gives it to the helper. Chunks of the small models' layers take 2–30 µs.
const twJoinSpin = 50 * time.Microsecond

// twJoin waits until helper i is no longer running the current job: it spins for
// twJoinSpin, then sleeps on the helper's twDone channel.
func (w *Workers) twJoin(i int) {
	hs := &w.state[i]
	var t0 time.Time
	for n := 0; hs.v.Load() == stRunning; n++ {
		if n&63 != 63 {
			continue
		}
		if t0.IsZero() {
			t0 = time.Now()
		} else if time.Since(t0) > twJoinSpin {
			hs.twSleep.Store(1)
			if hs.v.Load() == stRunning || !hs.twSleep.CompareAndSwap(1, 0) {
				// The helper either still runs (it sees twSleep when it ends) or
				// has just taken twSleep and sends.
				<-w.twDone[i-1]
			}
			return
		}
		runtime.Gosched()
	}
}

// threadsFor reports how many threads a kernel may plan for.
func (w *Workers) threadsFor() int {
	if w == nil || w.closed {
		return 1
	}
	if w.srv.pool != nil {
		return w.srv.pool.threadsFor()
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

type adAvgGlobalRunner[T Number] struct{}

func (adAvgGlobalRunner[T]) run(j *job, s *scratch, lo, hi int) { adAvgGlobalUnits[T](j, lo, hi) }

type adAvgIntRunner[T Number] struct{}

func (adAvgIntRunner[T]) run(j *job, s *scratch, lo, hi int) { adAvgUnitsInt[T](j, s, lo, hi) }

type transposeRunner[T any] struct{}

func (transposeRunner[T]) run(j *job, s *scratch, lo, hi int) { transposeUnits[T](j, s, lo, hi) }

// Solo makes the parallel regions started through w run on the calling goroutine
// alone (on) or on all of w's threads again (off). The units and their results are
// the same either way (kernels plan for Threads); only who runs them changes. It is
// meant for a caller that measures, layer by layer, whether the other threads make a
// layer faster (a small layer on a machine whose second core is slow or busy may run
// slower on two threads than on one). On a stream (Stream) the regions run on the
// stream's own job and leave the pool's helpers free; a nil Workers ignores it.
func (w *Workers) Solo(on bool) {
	if w != nil && w.solo.Load() != on {
		w.solo.Store(on)
	}
}

// Rest asks the helpers that are polling for the next parallel region to park now
// instead of at the end of spinTime, giving their CPUs back: for a caller that knows no
// region follows soon (a server between requests). The next region posts to parked
// helpers and wakes them (the caller does not wait for them), and clears the request. It
// is optional: without it helpers park after spinTime. Rest is RestAfter(0).
func (w *Workers) Rest() { w.RestAfter(0) }

// RestAfter asks the helpers that are polling for the next parallel region to go on
// polling for d from now (longer or shorter than spinTime), and then to park if no region
// came: a bounded spin-then-park for a caller whose next region may come after an idle
// gap (a server between one client's requests), so that a region starting within d finds
// its helpers awake instead of waking parked threads on CPUs that went idle. Helpers
// that have already parked stay parked. A polling helper holds its CPU (it yields to
// other goroutines between polls); d <= 0 parks them at once. The next region clears
// the request, as Rest's.
func (w *Workers) RestAfter(d time.Duration) {
	if w == nil {
		return
	}
	at := w.clock() + int64(max(d, 0))
	w.restAt.Store(max(at, 1))
}
