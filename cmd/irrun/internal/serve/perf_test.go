package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/experimental"

	"github.com/irrun/irrun/cmd/irrun/internal/serve/inference"
	"github.com/irrun/irrun/graph"
	"github.com/irrun/irrun/ir"
)

// perfClient is the load generator of TestServeOverhead. It runs in a child process (the
// test binary re-run as TestServeLoadClient), as a real client would, so that its
// goroutines do not share the server's Go scheduler; its CPU time still shares the
// machine.
type perfClient struct {
	Mode    string  // "rest" or "grpc"
	Target  string  // REST URL or gRPC address
	Model   string  // model name (gRPC)
	Input   string  // input name (gRPC)
	Shape   []int64 // input shape (gRPC)
	Clients int
	Seconds float64
	// Lean runs the client process with GOMAXPROCS 1 (one client goroutine needs one
	// thread: its handoffs between net/http's or grpc-go's goroutines then stay on one
	// thread instead of waking another), gives net/http's client a write buffer that
	// holds the whole request (http.Transport.WriteBufferSize) and, for gRPC, gives
	// grpc-go's client the server's non-clearing buffer pool (experimental.WithBufferPool
	// and srvCodec), so that marshalling a 43 KiB request does not clear a 1 MiB buffer.
	// All are ordinary options of the standard clients.
	Lean bool
}

// perfEnv passes a perfClient to the child process.
const perfEnv = "IRRUN_SERVE_PERF_CLIENT"

// run sends requests from c.Clients goroutines for c.Seconds after a warm-up and returns
// every request's latency, the elapsed time and the client's CPU time.
func (c *perfClient) run(body []byte, hl string) ([]time.Duration, time.Duration, time.Duration, error) {
	if c.Lean {
		runtime.GOMAXPROCS(1)
	}
	var call func() error
	switch c.Mode {
	case "rest":
		tr := &http.Transport{MaxIdleConnsPerHost: 64}
		if c.Lean {
			// The request (headers and body) fits the connection's write buffer, so
			// that net/http writes it with one write instead of copying the body
			// through a fresh 32 KiB buffer (net.TCPConn.ReadFrom) in three.
			tr.WriteBufferSize = len(body) + 4096
		}
		hc := &http.Client{Transport: tr}
		call = func() error {
			req, _ := http.NewRequest("POST", c.Target, bytes.NewReader(body))
			req.Header.Set(headerLen, hl)
			resp, err := hc.Do(req)
			if err != nil {
				return err
			}
			_, err = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode != 200 {
				return fmt.Errorf("status %d", resp.StatusCode)
			}
			return err
		}
	case "grpc":
		opts := []grpc.DialOption{grpc.WithTransportCredentials(insecure.NewCredentials())}
		if c.Lean {
			pool := &srvBufferPool{}
			opts = append(opts, experimental.WithBufferPool(pool), grpc.WithDefaultCallOptions(grpc.ForceCodecV2(srvCodec{pool: pool})))
		}
		conn, err := grpc.NewClient(c.Target, opts...)
		if err != nil {
			return nil, 0, 0, err
		}
		defer conn.Close()
		client := inference.NewGRPCInferenceServiceClient(conn)
		req := &inference.ModelInferRequest{ModelName: c.Model,
			Inputs:           []*inference.ModelInferRequest_InferInputTensor{{Name: c.Input, Datatype: "FP32", Shape: c.Shape}},
			RawInputContents: [][]byte{body}}
		call = func() error {
			_, err := client.ModelInfer(context.Background(), req)
			return err
		}
	default:
		return nil, 0, 0, fmt.Errorf("unknown mode %q", c.Mode)
	}
	return measureCalls(c.Clients, time.Duration(c.Seconds*float64(time.Second)), call)
}

// perfWarmup is the number of calls measureCalls makes before it measures.
const perfWarmup = 20

// measureCalls runs call from clients goroutines for dur after perfWarmup calls; it
// returns the latencies, the elapsed time and the CPU time this process used meanwhile.
func measureCalls(clients int, dur time.Duration, call func() error) (_ []time.Duration, el, cpu time.Duration, _ error) {
	for range perfWarmup {
		if err := call(); err != nil {
			return nil, 0, 0, err
		}
	}
	var mu sync.Mutex
	var lat []time.Duration
	var firstErr error
	cpu0 := perfCPU()
	start := time.Now()
	deadline := start.Add(dur)
	var wg sync.WaitGroup
	for range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var mine []time.Duration
			var err error
			for i := 0; i < 10_000_000 && time.Now().Before(deadline); i++ {
				t0 := time.Now()
				if err = call(); err != nil {
					break
				}
				mine = append(mine, time.Since(t0))
			}
			mu.Lock()
			lat = append(lat, mine...)
			if err != nil && firstErr == nil {
				firstErr = err
			}
			mu.Unlock()
		}()
	}
	wg.Wait()
	return lat, time.Since(start), perfCPU() - cpu0, firstErr
}

// measurePaused is measureCalls for one client that sleeps for pause before each call;
// it returns the calls' latencies, their total time as the elapsed time, and the CPU time
// over the whole loop.
func measurePaused(dur, pause time.Duration, call func() error) (lat []time.Duration, el, cpu time.Duration, _ error) {
	for range perfWarmup {
		if err := call(); err != nil {
			return nil, 0, 0, err
		}
	}
	cpu0 := perfCPU()
	deadline := time.Now().Add(dur)
	for i := 0; i < 10_000_000 && time.Now().Before(deadline); i++ {
		time.Sleep(pause)
		t0 := time.Now()
		if err := call(); err != nil {
			return nil, 0, 0, err
		}
		d := time.Since(t0)
		lat = append(lat, d)
		el += d
	}
	return lat, el, perfCPU() - cpu0, nil
}

// perfCPU is the CPU time (user + system) this process has used.
func perfCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestServeLoadClient is the child-process side of TestServeOverhead; it is skipped unless
// that test starts it.
func TestServeLoadClient(t *testing.T) {
	spec := os.Getenv(perfEnv)
	if spec == "" {
		t.Skip("run by TestServeOverhead")
	}
	var c perfClient
	require.NoError(t, json.Unmarshal([]byte(spec), &c))
	n := 1
	for _, d := range c.Shape {
		n *= int(d)
	}
	data := randomF32(1, n)
	body, hl := sliceBytes(data), ""
	if c.Mode == "rest" {
		body, hl = binaryInferBody(c.Input, c.Shape, data, true)
	}
	lat, el, cpu, err := c.run(body, hl)
	require.NoError(t, err)
	out := make([]string, len(lat))
	for i, d := range lat {
		out[i] = strconv.FormatInt(int64(d), 10)
	}
	fmt.Printf("IRRUN_PERF %d %d %s\n", int64(el), int64(cpu), strings.Join(out, " "))
}

// runPerfClient runs c in a child process and returns its latencies, elapsed time and
// CPU time while measuring.
func runPerfClient(t *testing.T, c perfClient) (_ []time.Duration, el, cpu time.Duration) {
	spec, err := json.Marshal(c)
	require.NoError(t, err)
	args := []string{"-test.run=^TestServeLoadClient$", "-test.count=1"}
	if dir := os.Getenv("IRRUN_SERVE_PERF_CLIENT_PROFILE"); dir != "" {
		// A CPU profile of the client process, one file per run.
		f, err := os.CreateTemp(dir, "client-"+c.Mode+"-*.prof")
		require.NoError(t, err)
		f.Close()
		args = append(args, "-test.cpuprofile="+f.Name())
	}
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), perfEnv+"="+string(spec))
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	for _, line := range strings.Split(string(out), "\n") {
		f, ok := strings.CutPrefix(line, "IRRUN_PERF ")
		if !ok {
			continue
		}
		fs := strings.Fields(f)
		require.GreaterOrEqual(t, len(fs), 2, "%s", out)
		el, err := strconv.ParseInt(fs[0], 10, 64)
		require.NoError(t, err)
		cpu, err := strconv.ParseInt(fs[1], 10, 64)
		require.NoError(t, err)
		lat := make([]time.Duration, len(fs)-2)
		for i, s := range fs[2:] {
			v, err := strconv.ParseInt(s, 10, 64)
			require.NoError(t, err)
			lat[i] = time.Duration(v)
		}
		return lat, time.Duration(el), time.Duration(cpu)
	}
	t.Fatalf("the client printed no result: %s", out)
	return nil, 0, 0
}

// noopInference answers every ModelInfer with a fixed response of the model's output
// size, without running anything: the client's and the protocol's own cost.
type noopInference struct {
	inference.UnimplementedGRPCInferenceServiceServer
	resp *inference.ModelInferResponse
	busy *svBusy // nil: answer at once
	held *swHeld // the server's codec's, released as the server does
}

func (n *noopInference) ModelInfer(_ context.Context, r *inference.ModelInferRequest) (*inference.ModelInferResponse, error) {
	defer n.held.release(r)
	n.busy.run()
	return n.resp, nil
}

// svBusy stands in for an inference in the no-op servers' "busy" rows: the handler's
// goroutine and one helper goroutine, parked on a channel between requests as the
// kernels' helpers are, each spin for d. Such a row shows what answering after ~1 ms of
// work on both CPUs costs beyond the no-op round trip (the client and the server's
// threads waking after a long idle wait) with no inference, no buffers and no caches
// involved.
type svBusy struct {
	d    time.Duration
	wake chan struct{} // nil: no helper, the handler's goroutine spins alone
	done chan struct{}
	// poll: the helper, once woken, polls post instead of parking (a diagnostic: what a
	// helper that is always awake would save, at the price of a core held while idle).
	poll      bool
	post, fin atomic.Bool
	stop      atomic.Bool
	// infer, when set, replaces the spinning: the no-op handler runs the model as the
	// server does (Program.RunInto with parked helpers) and answers the canned response;
	// inferTimes records how long each call took.
	infer      func()
	inferMu    sync.Mutex
	inferTimes []time.Duration
}

// newSvBusyPolling is newSvBusy with a helper that, once woken, polls for the next
// request for up to 5 ms (yielding every 256 polls, as the kernels' helpers do) before
// it parks: during a 1-client row it never parks.
func newSvBusyPolling(d time.Duration) *svBusy {
	b := &svBusy{d: d, poll: true, wake: make(chan struct{}, 1)}
	go func() {
		for range b.wake {
			idle := time.Now()
			for i := 0; ; i++ {
				if b.post.CompareAndSwap(true, false) {
					svSpin(d)
					b.fin.Store(true)
					idle = time.Now()
					continue
				}
				if i&255 == 255 {
					if b.stop.Load() || time.Since(idle) > 5*time.Millisecond {
						break
					}
					runtime.Gosched()
				}
			}
		}
	}()
	return b
}

// newSvBusy returns a stand-in spinning for d on the handler's goroutine, and with helper
// set on a helper goroutine too, woken through a channel for each request.
func newSvBusy(d time.Duration, helper bool) *svBusy {
	b := &svBusy{d: d}
	if !helper {
		return b
	}
	b.wake, b.done = make(chan struct{}), make(chan struct{})
	go func() {
		for range b.wake {
			svSpin(d)
			b.done <- struct{}{}
		}
	}()
	return b
}

// svSpin keeps the calling goroutine busy for d.
func svSpin(d time.Duration) {
	for t0 := time.Now(); time.Since(t0) < d; {
	}
}

// run spins on this goroutine and the helper for d (nothing for a nil b).
func (b *svBusy) run() {
	if b == nil {
		return
	}
	if b.infer != nil {
		t0 := time.Now()
		b.infer()
		d := time.Since(t0)
		b.inferMu.Lock()
		b.inferTimes = append(b.inferTimes, d)
		b.inferMu.Unlock()
		return
	}
	if b.poll {
		b.post.Store(true)
		select {
		case b.wake <- struct{}{}:
		default:
		}
		svSpin(b.d)
		for !b.fin.Load() {
		}
		b.fin.Store(false)
		return
	}
	if b.wake == nil {
		svSpin(b.d)
		return
	}
	b.wake <- struct{}{}
	svSpin(b.d)
	<-b.done
}

func (b *svBusy) close() {
	b.stop.Store(true)
	if b.wake != nil {
		close(b.wake)
	}
}

// TestServeOverhead measures the server's own overhead (docs/performance.md): latency
// percentiles and throughput of REST binary and gRPC requests against the same model run
// in-process as "irrun bench" runs it, at 1 and 4 clients, with the load generator in a
// separate process. The no-op rows send the same requests to handlers that answer a
// response of the same size without inference: what the client, the loopback and the
// protocol stack cost by themselves. It is a measurement, not a check: it runs only with
// IRRUN_SERVE_PERF=1 (and IRRUN_SERVE_PERF_MODEL=path/model.xml, default the corpus's
// open-closed-eye-0001-fp16) and prints a table. IRRUN_SERVE_PERF_ROUNDS (default 3)
// interleaves the rows that many times, each for IRRUN_SERVE_LOAD_SECONDS / rounds.
func TestServeOverhead(t *testing.T) {
	if os.Getenv("IRRUN_SERVE_PERF") == "" {
		t.Skip("set IRRUN_SERVE_PERF=1 to measure the server's overhead")
	}
	xml := os.Getenv("IRRUN_SERVE_PERF_MODEL")
	if xml == "" {
		xml = "../../../../../shared/corpus/open-closed-eye-0001-fp16/model.xml"
	}
	if _, err := os.Stat(xml); err != nil {
		t.Skip(err)
	}
	rounds, _ := strconv.Atoi(os.Getenv("IRRUN_SERVE_PERF_ROUNDS"))
	if rounds <= 0 {
		rounds = 3
	}
	dur := loadSeconds() / time.Duration(rounds)
	dir := t.TempDir()
	vdir := filepath.Join(dir, "m", "1")
	require.NoError(t, os.MkdirAll(vdir, 0o755))
	for _, ext := range []string{".xml", ".bin"} {
		b, err := os.ReadFile(xml[:len(xml)-4] + ext)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(vdir, "model"+ext), b, 0o644))
	}
	p, err := graph.Load(filepath.Join(vdir, "model.xml"), graph.Options{})
	require.NoError(t, err)
	defer p.Close()
	in := p.Inputs()[0]
	dims, ok := in.Shape.Static()
	require.True(t, ok)
	shape := make([]int, len(dims))
	n := 1
	for i, d := range dims {
		shape[i] = int(d)
		n *= int(d)
	}
	data := randomF32(1, n)
	x, err := ir.TensorOf(data, shape...)
	require.NoError(t, err)
	outs, err := p.Run(context.Background(), []*ir.Tensor{x})
	require.NoError(t, err)

	nireq, _ := strconv.Atoi(os.Getenv("IRRUN_SERVE_PERF_NIREQ"))     // 0: the default
	threads, _ := strconv.Atoi(os.Getenv("IRRUN_SERVE_PERF_THREADS")) // 0: the default
	// ts runs with the idle spin, 1 ms unless IRRUN_SERVE_PERF_IDLE_SPIN says otherwise
	// (0: parked at once); the server's default, DefaultIdleSpin, is off: tsPark's rows.
	idleSpin := time.Millisecond
	if v := os.Getenv("IRRUN_SERVE_PERF_IDLE_SPIN"); v != "" {
		idleSpin, err = time.ParseDuration(v)
		require.NoError(t, err, "IRRUN_SERVE_PERF_IDLE_SPIN")
		if idleSpin == 0 {
			idleSpin = -1 // parked at once
		}
	}
	ts := startServer(t, Options{ModelName: "m", ModelPath: filepath.Join(dir, "m"), NIReq: nireq, Threads: threads, IdleSpin: idleSpin})
	ts.waitReady(t)
	// The same server with the helpers left polling after each inference (the server
	// before round 6), for comparison.
	tsPoll := startServer(t, Options{ModelName: "m", ModelPath: filepath.Join(dir, "m"), NIReq: nireq, Threads: threads, pollHelpers: true})
	tsPoll.waitReady(t)
	// The same server without the gRPC yield before each inference (before round 11).
	tsNoYield := startServer(t, Options{ModelName: "m", ModelPath: filepath.Join(dir, "m"), NIReq: nireq, Threads: threads, svNoYield: true})
	tsNoYield.waitReady(t)
	// The same server with one thread per inference, also when an inference runs alone
	// (at 4 clients: whether the second thread of a lone inference costs the network and
	// the client more than it gains).
	tsT1 := startServer(t, Options{ModelName: "m", ModelPath: filepath.Join(dir, "m"), NIReq: nireq, Threads: 1})
	tsT1.waitReady(t)
	// The same server recording each inference request's server-side span (svSpans), for
	// the report's server-side lines; its client-observed rows against rest1 and grpc1
	// show what the recording costs.
	spans := &svSpans{}
	tsSpan := startServerSpans(t, Options{ModelName: "m", ModelPath: filepath.Join(dir, "m"), NIReq: nireq, Threads: threads}, spans)
	tsSpan.waitReady(t)
	// The same server with the helpers parked at once after the last inference (IdleSpin
	// off: DefaultIdleSpin), and the idle spin IRRUN_SERVE_PERF_IDLE_SPIN sets for ts
	// (default 1 ms) — the A/B pair of the "park" rows.
	tsPark := startServer(t, Options{ModelName: "m", ModelPath: filepath.Join(dir, "m"), NIReq: nireq, Threads: threads, IdleSpin: -1})
	tsPark.waitReady(t)
	// The default server whose connections also poll for the idle spin before a read
	// blocks (svConnSpin): does the caller's own CPU halting between requests cost?
	tsConn := startServer(t, Options{ModelName: "m", ModelPath: filepath.Join(dir, "m"), NIReq: nireq, Threads: threads, IdleSpin: idleSpin, svConnSpin: ts.opts.IdleSpin})
	tsConn.waitReady(t)
	mv := ts.repo.Load().models["m"].versions[0]
	name := mv.inputs[0].Name
	// Each server's limiter records how long 0, 1 and 2 inferences ran at once.
	limOf := func(s *testServer) *limiter {
		l := s.repo.Load().models["m"].versions[0].lim
		l.sv.Store(&svActive{})
		return l
	}
	limTS, limPoll, limNoYield, limT1, limSpan, limPark, limConn := limOf(ts), limOf(tsPoll), limOf(tsNoYield), limOf(tsT1), limOf(tsSpan), limOf(tsPark), limOf(tsConn)

	// The no-op servers answer what the real ones answer for this model.
	restBody, restHL := binaryInferBody(name, dims, data, true)
	code, hdr, restResp := ts.post(t, "/v2/models/m/infer", map[string]string{headerLen: restHL}, restBody)
	require.Equal(t, 200, code)
	grpcResp, err := ts.client.ModelInfer(context.Background(), &inference.ModelInferRequest{ModelName: "m",
		Inputs: []*inference.ModelInferRequest_InferInputTensor{{Name: name, Datatype: "FP32", Shape: dims}}, RawInputContents: [][]byte{sliceBytes(data)}})
	require.NoError(t, err)
	rl, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	busy, busy1, busyPoll := newSvBusy(time.Millisecond, true), newSvBusy(time.Millisecond, false), newSvBusyPolling(time.Millisecond)
	busyRunR, busyRunG := &svBusy{}, &svBusy{} // infer is set below, once the program is loaded
	defer busy.close()
	defer busyPoll.close()
	noopHandler := func(b *svBusy) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			io.Copy(io.Discard, r.Body)
			b.run()
			w.Header().Set("Content-Type", "application/octet-stream")
			w.Header().Set(headerLen, hdr.Get(headerLen))
			w.Header().Set("Content-Length", strconv.Itoa(len(restResp)))
			w.Write(restResp)
		})
	}
	noopREST := &http.Server{Handler: noopHandler(nil)}
	go noopREST.Serve(rl)
	defer noopREST.Close()
	rlBusy, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	busyREST := &http.Server{Handler: noopHandler(busy)}
	go busyREST.Serve(rlBusy)
	defer busyREST.Close()
	rlBusyPoll, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	busyPollREST := &http.Server{Handler: noopHandler(busyPoll)}
	go busyPollREST.Serve(rlBusyPoll)
	defer busyPollREST.Close()
	rlBusyRun, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	busyRunREST := &http.Server{Handler: noopHandler(busyRunR)}
	go busyRunREST.Serve(rlBusyRun)
	defer busyRunREST.Close()
	rlBusy1, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	busy1REST := &http.Server{Handler: noopHandler(busy1)}
	go busy1REST.Serve(rlBusy1)
	defer busy1REST.Close()

	// The server's gRPC options (srvGRPCOptions), and grpc-go's defaults (before round 6).
	mkNoop := func(b *svBusy, defaults bool) string {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		require.NoError(t, err)
		var opts []grpc.ServerOption
		var held *swHeld
		if !defaults {
			opts, held = srvGRPCOptions(DefaultMaxRequestBytes)
		}
		srv := grpc.NewServer(opts...)
		inference.RegisterGRPCInferenceServiceServer(srv, &noopInference{resp: grpcResp, busy: b, held: held})
		go srv.Serve(l)
		t.Cleanup(srv.Stop)
		return l.Addr().String()
	}
	noopGRPC, noopGRPCDefault := mkNoop(nil, false), mkNoop(nil, true)
	busyGRPC := mkNoop(busy, false)
	busy1GRPC := mkNoop(busy1, false)
	busyRunGRPC := mkNoop(busyRunG, false)
	type row struct {
		key     string // for IRRUN_SERVE_PERF_ROWS
		name    string
		clients int
		client  *perfClient   // nil: call runs in this process
		call    func() error  // in-process rows
		pause   time.Duration // in-process rows: idle time before each call, not timed
		lat     []time.Duration
		p50s    []time.Duration // per round (0: no request that round)
		rates   []float64       // requests per second, per round
		cpus    []float64       // this process's CPU µs per request, per round
		el      time.Duration
		n       int           // requests the CPU times cover
		srvCPU  time.Duration // this process (in-process rows: the client's too)
		cliCPU  time.Duration // the client process while it measured
		procs   int           // GOMAXPROCS raised by this much while the row runs
		lim     *limiter      // the served rows' version: slot accounting
		busy    [3]time.Duration
		// 1-client served rows: the busy periods of the version's slots (one inference
		// each) and, with spans set, the server-side spans and their input-in times;
		// pooled and per-round p50s.
		spans                                   *svSpans
		slot, span, body, flush                 []time.Duration
		slotP50s, spanP50s, bodyP50s, flushP50s []time.Duration
		idle                                    []time.Duration // gaps between two inferences (1 client)
	}
	pc := func(mode, target string, clients int) *perfClient {
		return &perfClient{Mode: mode, Target: target, Model: "m", Input: name, Shape: dims, Clients: clients, Seconds: dur.Seconds()}
	}
	lean := func(c *perfClient) *perfClient { c.Lean = true; return c }
	bench := func() error { return p.RunInto(context.Background(), []*ir.Tensor{x}, outs) }
	// bench with a pause before each run, on a program that parks its helpers as the
	// server's do: what the idle gap between a client's requests costs the inference alone
	// (parked helpers to wake, CPUs that went idle, caches the gap's work displaced).
	pp, err := graph.Load(filepath.Join(vdir, "model.xml"), graph.Options{ParkHelpers: true})
	require.NoError(t, err)
	defer pp.Close()
	ppOuts, err := pp.Run(context.Background(), []*ir.Tensor{x})
	require.NoError(t, err)
	benchPause := func() error { return pp.RunInto(context.Background(), []*ir.Tensor{x}, ppOuts) }
	// The same with the helpers polling for the server's idle spin after each run.
	pps, err := graph.Load(filepath.Join(vdir, "model.xml"), graph.Options{ParkHelpers: true, IdleSpin: ts.opts.IdleSpin})
	require.NoError(t, err)
	defer pps.Close()
	ppsOuts, err := pps.Run(context.Background(), []*ir.Tensor{x})
	require.NoError(t, err)
	benchPauseSpin := func() error { return pps.RunInto(context.Background(), []*ir.Tensor{x}, ppsOuts) }
	// Two goroutines running the same parked-helpers program back to back (each with its
	// own outputs): two inferences always in flight, as the server at 4 clients and nireq
	// 2 runs them (one throughput stream per core), without any protocol. And the same
	// model at one thread: what one inference costs on one core.
	swOuts := make(chan []*ir.Tensor, 2)
	for range 2 {
		o, err := pp.Run(context.Background(), []*ir.Tensor{x})
		require.NoError(t, err)
		swOuts <- o
	}
	benchStreams := func() error {
		o := <-swOuts
		err := pp.RunInto(context.Background(), []*ir.Tensor{x}, o)
		swOuts <- o
		return err
	}
	p1, err := graph.Load(filepath.Join(vdir, "model.xml"), graph.Options{Threads: 1})
	require.NoError(t, err)
	defer p1.Close()
	p1Outs, err := p1.Run(context.Background(), []*ir.Tensor{x})
	require.NoError(t, err)
	bench1t := func() error { return p1.RunInto(context.Background(), []*ir.Tensor{x}, p1Outs) }
	// The no-op servers' "RunInto" rows: the same inference in a handler that decodes
	// nothing and answers the canned response.
	pr, err := graph.Load(filepath.Join(vdir, "model.xml"), graph.Options{ParkHelpers: true})
	require.NoError(t, err)
	defer pr.Close()
	prOuts, err := pr.Run(context.Background(), []*ir.Tensor{x})
	require.NoError(t, err)
	busyRunR.infer = func() { pr.RunInto(context.Background(), []*ir.Tensor{x}, prOuts) }
	busyRunG.infer = busyRunR.infer
	// In-process clients (the earlier form of this test): their goroutines share the
	// server's two Ps, which a helper polling for work after a run holds.
	hc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 16}}
	inREST := func() error {
		req, _ := http.NewRequest("POST", ts.url+"/v2/models/m/infer", bytes.NewReader(restBody))
		req.Header.Set(headerLen, restHL)
		resp, err := hc.Do(req)
		if err != nil {
			return err
		}
		_, err = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return err
	}
	greq := &inference.ModelInferRequest{ModelName: "m", Inputs: []*inference.ModelInferRequest_InferInputTensor{{Name: name, Datatype: "FP32", Shape: dims}},
		RawInputContents: [][]byte{sliceBytes(data)}}
	inGRPC := func() error {
		_, err := ts.client.ModelInfer(context.Background(), greq)
		return err
	}
	rows := []*row{
		{key: "bench", name: "bench (in-process)", clients: 1, call: bench},
		{key: "benchpause", name: "bench 0.2 ms pauses", clients: 1, call: benchPause, pause: 200 * time.Microsecond},
		{key: "benchpausespin", name: "bench 0.2 ms pauses, spin", clients: 1, call: benchPauseSpin, pause: 200 * time.Microsecond},
		{key: "bench2", name: "bench 2 streams", clients: 2, call: benchStreams},
		{key: "bench1t", name: "bench 1 thread", clients: 1, call: bench1t},
		{key: "rest1", name: "REST binary", clients: 1, client: pc("rest", ts.url+"/v2/models/m/infer", 1)},
		{key: "grpc1", name: "gRPC", clients: 1, client: pc("grpc", ts.grpcAddr, 1)},
		{key: "rest1span", name: "REST binary, spans", clients: 1, client: pc("rest", tsSpan.url+"/v2/models/m/infer", 1), spans: spans},
		{key: "grpc1span", name: "gRPC, spans", clients: 1, client: pc("grpc", tsSpan.grpcAddr, 1), spans: spans},
		{key: "rest1poll", name: "REST polling helpers", clients: 1, client: pc("rest", tsPoll.url+"/v2/models/m/infer", 1)},
		{key: "grpc1poll", name: "gRPC polling helpers", clients: 1, client: pc("grpc", tsPoll.grpcAddr, 1)},
		{key: "rest1lean", name: "REST lean client", clients: 1, client: lean(pc("rest", ts.url+"/v2/models/m/infer", 1))},
		{key: "grpc1lean", name: "gRPC lean client", clients: 1, client: lean(pc("grpc", ts.grpcAddr, 1))},
		{key: "restnoop", name: "REST no-op", clients: 1, client: pc("rest", "http://"+rl.Addr().String()+"/", 1)},
		{key: "grpcnoop", name: "gRPC no-op", clients: 1, client: pc("grpc", noopGRPC, 1)},
		{key: "restnooplean", name: "REST no-op lean client", clients: 1, client: lean(pc("rest", "http://"+rl.Addr().String()+"/", 1))},
		{key: "grpcnooplean", name: "gRPC no-op lean client", clients: 1, client: lean(pc("grpc", noopGRPC, 1))},
		{key: "restbusy", name: "REST no-op, 2 x 1 ms spin", clients: 1, client: pc("rest", "http://"+rlBusy.Addr().String()+"/", 1)},
		{key: "grpcbusy", name: "gRPC no-op, 2 x 1 ms spin", clients: 1, client: pc("grpc", busyGRPC, 1)},
		{key: "restbusy1", name: "REST no-op, 1 x 1 ms spin", clients: 1, client: pc("rest", "http://"+rlBusy1.Addr().String()+"/", 1)},
		{key: "grpcbusy1", name: "gRPC no-op, 1 x 1 ms spin", clients: 1, client: pc("grpc", busy1GRPC, 1)},
		{key: "restbusypoll", name: "REST 2 x 1 ms spin, polling", clients: 1, client: pc("rest", "http://"+rlBusyPoll.Addr().String()+"/", 1)},
		{key: "restnooprun", name: "REST no-op + RunInto", clients: 1, client: pc("rest", "http://"+rlBusyRun.Addr().String()+"/", 1)},
		{key: "grpcnooprun", name: "gRPC no-op + RunInto", clients: 1, client: pc("grpc", busyRunGRPC, 1)},
		{key: "restbusylean", name: "REST 1 ms spin, lean client", clients: 1, client: lean(pc("rest", "http://"+rlBusy.Addr().String()+"/", 1))},
		{key: "grpcbusylean", name: "gRPC 1 ms spin, lean client", clients: 1, client: lean(pc("grpc", busyGRPC, 1))},
		{key: "grpcnoopdef", name: "gRPC no-op grpc defaults", clients: 1, client: pc("grpc", noopGRPCDefault, 1)},
		{key: "rest1park", name: "REST binary, parked", clients: 1, client: pc("rest", tsPark.url+"/v2/models/m/infer", 1)},
		{key: "grpc1park", name: "gRPC, parked", clients: 1, client: pc("grpc", tsPark.grpcAddr, 1)},
		{key: "rest1conn", name: "REST binary, conn spin", clients: 1, client: pc("rest", tsConn.url+"/v2/models/m/infer", 1)},
		{key: "grpc1conn", name: "gRPC, conn spin", clients: 1, client: pc("grpc", tsConn.grpcAddr, 1)},
		{key: "rest4park", name: "REST binary, parked", clients: 4, client: pc("rest", tsPark.url+"/v2/models/m/infer", 4)},
		{key: "grpc4park", name: "gRPC, parked", clients: 4, client: pc("grpc", tsPark.grpcAddr, 4)},
		{key: "rest4", name: "REST binary", clients: 4, client: pc("rest", ts.url+"/v2/models/m/infer", 4)},
		{key: "grpc4", name: "gRPC", clients: 4, client: pc("grpc", ts.grpcAddr, 4)},
		{key: "grpc1noyield", name: "gRPC no yield", clients: 1, client: pc("grpc", tsNoYield.grpcAddr, 1)},
		{key: "grpc4noyield", name: "gRPC no yield", clients: 4, client: pc("grpc", tsNoYield.grpcAddr, 4)},
		{key: "rest4t1", name: "REST 1 thread", clients: 4, client: pc("rest", tsT1.url+"/v2/models/m/infer", 4)},
		{key: "grpc4t1", name: "gRPC 1 thread", clients: 4, client: pc("grpc", tsT1.grpcAddr, 4)},
		{key: "rest4lean", name: "REST lean client", clients: 4, client: lean(pc("rest", ts.url+"/v2/models/m/infer", 4))},
		{key: "grpc4lean", name: "gRPC lean client", clients: 4, client: lean(pc("grpc", ts.grpcAddr, 4))},
		{key: "rest4g3", name: "REST GOMAXPROCS+1", clients: 4, client: pc("rest", ts.url+"/v2/models/m/infer", 4), procs: 1},
		{key: "grpc4g3", name: "gRPC GOMAXPROCS+1", clients: 4, client: pc("grpc", ts.grpcAddr, 4), procs: 1},
		{key: "restin", name: "REST in-proc client", clients: 1, call: inREST},
		{key: "grpcin", name: "gRPC in-proc client", clients: 1, call: inGRPC},
	}
	for _, r := range rows {
		if r.client == nil {
			continue
		}
		switch {
		case strings.HasPrefix(r.client.Target, ts.url+"/"), r.client.Target == ts.grpcAddr:
			r.lim = limTS
		case strings.HasPrefix(r.client.Target, tsPoll.url+"/"), r.client.Target == tsPoll.grpcAddr:
			r.lim = limPoll
		case strings.HasPrefix(r.client.Target, tsNoYield.url+"/"), r.client.Target == tsNoYield.grpcAddr:
			r.lim = limNoYield
		case strings.HasPrefix(r.client.Target, tsT1.url+"/"), r.client.Target == tsT1.grpcAddr:
			r.lim = limT1
		case strings.HasPrefix(r.client.Target, tsSpan.url+"/"), r.client.Target == tsSpan.grpcAddr:
			r.lim = limSpan
		case strings.HasPrefix(r.client.Target, tsPark.url+"/"), r.client.Target == tsPark.grpcAddr:
			r.lim = limPark
		case strings.HasPrefix(r.client.Target, tsConn.url+"/"), r.client.Target == tsConn.grpcAddr:
			r.lim = limConn
		}
	}
	// IRRUN_SERVE_PERF_ROWS (comma-separated keys above) keeps some rows, e.g. to profile
	// the server under one of them (go test -cpuprofile / -trace).
	if keep := os.Getenv("IRRUN_SERVE_PERF_ROWS"); keep != "" {
		keys := strings.Split(keep, ",")
		rows = slices.DeleteFunc(rows, func(r *row) bool { return !slices.Contains(keys, r.key) })
		require.NotEmpty(t, rows, "IRRUN_SERVE_PERF_ROWS=%s keeps no row", keep)
	}
	var load []byte
	if b, err := os.ReadFile("/proc/loadavg"); err == nil {
		load = bytes.TrimSpace(b)
	}
	for round := range rounds {
		// Every other round runs the rows in reverse order, so that a row is not always
		// measured right after the same other row (a drift in the machine's load, or
		// caches and threads left warm or cold by the previous row, hit rows alike).
		order := slices.Clone(rows)
		if round%2 == 1 {
			slices.Reverse(order)
		}
		for _, r := range order {
			var lat []time.Duration
			var el, cpu time.Duration
			srv0, n0 := r.srvCPU, r.n
			if r.lim != nil {
				r.lim.sv.Load().take() // from here on
				r.lim.sv.Load().takeBusyIdle()
			}
			if r.spans != nil {
				r.spans.take()
			}
			procs := runtime.GOMAXPROCS(0)
			if r.procs > 0 {
				runtime.GOMAXPROCS(procs + r.procs)
			}
			if r.client == nil && r.pause > 0 {
				lat, el, cpu, err = measurePaused(dur, r.pause, r.call)
				require.NoError(t, err)
				r.srvCPU += cpu
				r.n += len(lat)
			} else if r.client == nil {
				lat, el, cpu, err = measureCalls(r.clients, dur, r.call)
				require.NoError(t, err)
				r.srvCPU += cpu
				r.n += len(lat)
			} else {
				cpu0 := perfCPU()
				var cli time.Duration
				lat, el, cli = runPerfClient(t, *r.client)
				r.srvCPU += perfCPU() - cpu0 // includes the client's warm-up calls
				r.cliCPU += cli
				r.n += len(lat) + perfWarmup
			}
			runtime.GOMAXPROCS(procs)
			if r.lim != nil {
				for k, d := range r.lim.sv.Load().take() {
					r.busy[k] += d
				}
			}
			if r.lim != nil && r.clients == 1 {
				// The client's warm-up calls are in the first perfWarmup periods (spans).
				busy, idle := r.lim.sv.Load().takeBusyIdle()
				r.slot, r.slotP50s = svAppendRound(r.slot, r.slotP50s, busy, perfWarmup)
				r.idle = append(r.idle, idle[min(perfWarmup, len(idle)):]...)
			}
			if r.spans != nil {
				span, body, flush := r.spans.take()
				r.span, r.spanP50s = svAppendRound(r.span, r.spanP50s, span, perfWarmup)
				r.body, r.bodyP50s = svAppendRound(r.body, r.bodyP50s, body, perfWarmup)
				r.flush, r.flushP50s = svAppendRound(r.flush, r.flushP50s, flush, perfWarmup)
			}
			r.lat = append(r.lat, lat...)
			r.el += el
			var p50 time.Duration
			var rate, cpuReq float64
			if len(lat) > 0 {
				slices.Sort(lat)
				p50, rate = lat[len(lat)/2], float64(len(lat))/el.Seconds()
				cpuReq = float64((r.srvCPU - srv0).Microseconds()) / float64(r.n-n0)
			}
			r.p50s = append(r.p50s, p50)
			r.rates = append(r.rates, rate)
			r.cpus = append(r.cpus, cpuReq)
		}
	}
	var report bytes.Buffer
	fmt.Fprintf(&report, "model %s\n%d rounds of %v per row, nireq %d, threads %d, GOMAXPROCS %d, load average before/after %s / ",
		xml, rounds, dur, cap(mv.lim.slots), threads, runtime.GOMAXPROCS(0), load)
	if b, err := os.ReadFile("/proc/loadavg"); err == nil {
		report.Write(bytes.TrimSpace(b))
	}
	// CPU µs per request: "server" is this process (for in-process rows, the client's
	// goroutines too), "client" the load generator's process while it measured (its
	// warm-up calls excluded); both count the kernels' helpers polling, and unlike the
	// latencies they hardly depend on what else the machine runs.
	fmt.Fprintf(&report, "\n%-28s %8s %8s %8s %12s %12s\n", "path", "p50 ms", "p99 ms", "req/s", "server µs/req", "client µs/req")
	for _, r := range rows {
		slices.Sort(r.lat)
		cli := "-"
		if r.client != nil {
			cli = fmt.Sprintf("%.0f", float64(r.cliCPU.Microseconds())/float64(len(r.lat)))
		}
		fmt.Fprintf(&report, "%-28s %8.3f %8.3f %8.0f %12.0f %12s\n", fmt.Sprintf("%s x%d", r.name, r.clients),
			r.lat[len(r.lat)/2].Seconds()*1e3, r.lat[len(r.lat)*99/100].Seconds()*1e3, float64(len(r.lat))/r.el.Seconds(),
			float64(r.srvCPU.Microseconds())/float64(r.n), cli)
	}
	// The per-round medians (ms): rows measured in the same round met the same load, so
	// their ratio round by round is steadier than the ratio of the overall medians.
	fmt.Fprintf(&report, "per-round p50 ms:\n")
	for _, r := range rows {
		fmt.Fprintf(&report, "%-28s", fmt.Sprintf("%s x%d", r.name, r.clients))
		for _, d := range r.p50s {
			fmt.Fprintf(&report, " %6.3f", d.Seconds()*1e3)
		}
		report.WriteByte('\n')
	}
	// How the served rows' inference slots were used: the share of the time 0, 1 and 2
	// inferences held a slot (at 4 clients and nireq 2, how often a request was ready
	// when a slot freed).
	fmt.Fprintf(&report, "slots busy, %% of the time 0 / 1 / 2+:\n")
	for _, r := range rows {
		if tot := r.busy[0] + r.busy[1] + r.busy[2]; tot > 0 {
			fmt.Fprintf(&report, "%-28s %5.1f %5.1f %5.1f\n", fmt.Sprintf("%s x%d", r.name, r.clients),
				100*r.busy[0].Seconds()/tot.Seconds(), 100*r.busy[1].Seconds()/tot.Seconds(), 100*r.busy[2].Seconds()/tot.Seconds())
		}
	}
	fmt.Fprintf(&report, "per-round req/s:\n")
	for _, r := range rows {
		fmt.Fprintf(&report, "%-28s", fmt.Sprintf("%s x%d", r.name, r.clients))
		for _, v := range r.rates {
			fmt.Fprintf(&report, " %6.0f", v)
		}
		report.WriteByte('\n')
	}
	svTargets(&report, func(key string) (p50s []time.Duration, rates, cpus []float64, ok bool) {
		for _, r := range rows {
			if r.key == key {
				return r.p50s, r.rates, r.cpus, true
			}
		}
		return nil, nil, nil, false
	}, func(yield func(key, name string, clients int, cliCPU float64)) {
		for _, r := range rows {
			if r.client != nil && r.lim != nil && r.n > 0 {
				yield(r.key, fmt.Sprintf("%s x%d", r.name, r.clients), r.clients, float64(r.cliCPU.Microseconds())/float64(len(r.lat)))
			}
		}
	})
	// What the idle spin must cover at 1 client: the gap from one inference's end to the
	// next one's start (the response, the client, the next request).
	fmt.Fprintf(&report, "idle gaps between inferences at 1 client, ms:  p10    p50    p90    p99\n")
	for _, r := range rows {
		if len(r.idle) > 0 {
			g := slices.Sorted(slices.Values(r.idle))
			q := func(f float64) float64 { return g[int(f*float64(len(g)-1))].Seconds() * 1e3 }
			fmt.Fprintf(&report, "%-44s %6.3f %6.3f %6.3f %6.3f\n", fmt.Sprintf("%s x%d", r.name, r.clients), q(0.1), q(0.5), q(0.9), q(0.99))
		}
	}
	// The idle spin A/B: each row with the server's idle spin over the same row with the
	// helpers parked at once, round by round.
	fmt.Fprintf(&report, "idle spin %v against parked at once, per-round quotients, median [min–max]:\n", ts.opts.IdleSpin)
	for _, pair := range [][2]string{{"rest1", "rest1park"}, {"grpc1", "grpc1park"}, {"rest1conn", "rest1park"}, {"grpc1conn", "grpc1park"}, {"rest4", "rest4park"}, {"grpc4", "grpc4park"}, {"benchpausespin", "benchpause"}} {
		var a, b *row
		for _, r := range rows {
			switch r.key {
			case pair[0]:
				a = r
			case pair[1]:
				b = r
			}
		}
		if a == nil || b == nil {
			continue
		}
		if a.clients == 1 {
			m, lo, hi := svRatios(svMs(a.p50s), svMs(b.p50s))
			fmt.Fprintf(&report, "%-16s p50 spin / parked     %5.3f [%5.3f–%5.3f]\n", pair[0], m, lo, hi)
		} else {
			m, lo, hi := svRatios(a.rates, b.rates)
			fmt.Fprintf(&report, "%-16s req/s spin / parked   %5.3f [%5.3f–%5.3f]\n", pair[0], m, lo, hi)
		}
		m, lo, hi := svRatios(a.cpus, b.cpus)
		fmt.Fprintf(&report, "%-16s CPU/req spin / parked %5.3f [%5.3f–%5.3f]\n", "", m, lo, hi)
	}
	svServerSide(&report, func(yield func(name string, client, slot, span, body, flush, bench []time.Duration)) {
		var bench []time.Duration
		for _, r := range rows {
			if r.key == "bench" {
				bench = r.p50s
			}
		}
		for _, r := range rows {
			if len(r.slot) > 0 {
				yield(fmt.Sprintf("%s x%d", r.name, r.clients), r.p50s, r.slotP50s, r.spanP50s, r.bodyP50s, r.flushP50s, bench)
			}
		}
	})
	for _, b := range []struct {
		name string
		b    *svBusy
	}{{"REST", busyRunR}, {"gRPC", busyRunG}} {
		if l := b.b.inferTimes; len(l) > perfWarmup {
			l = l[perfWarmup:]
			slices.Sort(l)
			fmt.Fprintf(&report, "%s no-op + RunInto: RunInto in the handler p50 %.3f ms, p10 %.3f ms\n", b.name,
				l[len(l)/2].Seconds()*1e3, l[len(l)/10].Seconds()*1e3)
		}
	}
	t.Log("\n" + report.String())
}
