// Package serve is "irrun serve": a model server speaking the KServe v2 / Open Inference
// Protocol over REST and gRPC, started with OpenVINO Model Server's flags and model
// repository layout (<base_path>/<version>/model.xml, config.json), with OVMS's
// Prometheus metrics. See docs/serve.md.
//
// Requests share one compiled graph.Program per model version (Program is safe for
// concurrent use). Each version runs at most nireq inferences at once; up to MaxQueue more
// wait, and the rest are refused at once (HTTP 503, gRPC RESOURCE_EXHAUSTED), so memory is
// bounded by (nireq + queue) × the request size limit.
package serve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/reflection"

	"github.com/irrun/irrun/cmd/irrun/internal/serve/inference"
	"github.com/irrun/irrun/graph"
)

// Defaults.
const (
	DefaultMaxRequestBytes int64 = 256 << 20
	DefaultMaxQueue              = 64
	DefaultDrainTimeout          = 30 * time.Second
	// DefaultIdleSpin is how long the kernels' helper threads keep polling for the next
	// inference after the last one in progress ends (Options.IdleSpin): none. On a quiet
	// machine (docs/performance.md, "after round 14") a 1 ms spin did not lower the
	// 1-client latency and cost 6–22 % more CPU per request, so it is opt-in.
	DefaultIdleSpin time.Duration = 0
)

// Options configure a Server. Either ConfigPath or ModelName and ModelPath are set.
type Options struct {
	ModelName, ModelPath string
	VersionPolicy        *VersionPolicy
	ConfigPath           string
	// PollWait is how often the model directories (and the config file) are checked for
	// changes; 0 disables polling (POST /v1/config/reload still works).
	PollWait time.Duration
	// NIReq bounds the inferences of one model version running at once; 0 means
	// GOMAXPROCS. MaxQueue requests more may wait; the rest are refused. 0 means
	// DefaultMaxQueue, a negative MaxQueue none.
	NIReq    int
	MaxQueue int
	// Threads is each inference's thread count (graph.Options.Threads); 0 = GOMAXPROCS.
	Threads int
	// IdleSpin is how long the kernels' helper threads keep polling for the next
	// inference of a version after the last one in progress ends before they park
	// (graph.Options.IdleSpin): an inference that comes within it finds them awake
	// instead of waking threads on CPUs that went idle. 0 means DefaultIdleSpin (off); a
	// negative value parks them at once.
	IdleSpin  time.Duration
	MaxMemory int64
	// FileTypes serves an IR v10 model with the file's own input/output element types
	// and names (graph.Options.FileTypes) instead of OpenVINO Core's legacy ones (f32 for
	// f16 inputs, f32 or i32 outputs, layer names), which OVMS serves.
	FileTypes bool
	// MaxRequestBytes bounds a request's body (REST) or message (gRPC); 0 = default.
	MaxRequestBytes int64
	// Metrics turns /metrics on with MetricsList (empty: OVMS's default set).
	Metrics     bool
	MetricsList []string
	// DrainTimeout bounds how long shutdown and unloading wait for in-flight requests.
	DrainTimeout time.Duration
	// Log receives one line per event (loads, reloads, errors); nil discards them.
	Log io.Writer
	// Version is reported by server metadata.
	Version string

	// pollHelpers (tests) keeps the kernels' helpers polling for up to 200 µs after each
	// inference, as irrun bench does, instead of parking them when no inference of the
	// version is running (graph.Options.ParkHelpers).
	pollHelpers bool
	// svNoYield (tests) runs gRPC inferences without the yield before them (Server.run),
	// as before round 11, for comparison.
	svNoYield bool
	// svConnSpin (tests) makes the connections' Reads poll for this long before they
	// block (svSpinListener), for comparison.
	svConnSpin time.Duration
}

// Server serves models over REST and gRPC.
type Server struct {
	opts    Options
	metrics *serveMetrics

	repo     atomic.Pointer[repoState]
	reloadMu sync.Mutex
	loaded   atomic.Bool // the first load finished
	draining atomic.Bool
	retiring sync.WaitGroup

	health *health.Server
	grpc   *grpc.Server
	http   *http.Server
	logMu  sync.Mutex
	bodies bodyBuffers // REST request bodies
	// grpcHeld holds the raw inputs of gRPC inference requests until their handler ends.
	grpcHeld *swHeld
}

// New checks the options and makes a server; nothing is loaded or listened on until Serve.
func New(opts Options) (*Server, error) {
	if opts.ConfigPath == "" {
		if opts.ModelName == "" || opts.ModelPath == "" {
			return nil, errors.New("serve: give --config_path, or --model_name and --model_path")
		}
		if err := checkModelConfig(ModelConfig{Name: opts.ModelName, BasePath: opts.ModelPath, NIReq: opts.NIReq}); err != nil {
			return nil, fmt.Errorf("serve: %v", err)
		}
	} else if opts.ModelName != "" || opts.ModelPath != "" {
		return nil, errors.New("serve: --config_path excludes --model_name and --model_path")
	}
	if opts.NIReq < 0 {
		return nil, fmt.Errorf("serve: nireq is %d, want >= 0", opts.NIReq)
	}
	if opts.NIReq == 0 {
		opts.NIReq = runtime.GOMAXPROCS(0)
	}
	if opts.MaxQueue == 0 {
		opts.MaxQueue = DefaultMaxQueue
	} else if opts.MaxQueue < 0 {
		opts.MaxQueue = 0
	}
	if opts.MaxRequestBytes <= 0 {
		opts.MaxRequestBytes = DefaultMaxRequestBytes
	}
	if opts.DrainTimeout <= 0 {
		opts.DrainTimeout = DefaultDrainTimeout
	}
	if opts.MaxMemory == 0 {
		opts.MaxMemory = graph.DefaultMaxMemory
	}
	if opts.IdleSpin == 0 {
		opts.IdleSpin = DefaultIdleSpin
	} else if opts.IdleSpin < 0 {
		opts.IdleSpin = 0
	}
	s := &Server{opts: opts}
	s.repo.Store(&repoState{models: map[string]*servedModel{}})
	metricsOn, list := opts.Metrics, opts.MetricsList
	if opts.ConfigPath != "" {
		if c, err := s.readConfig(); err != nil {
			return nil, fmt.Errorf("serve: %v", err)
		} else if c.Metrics != nil {
			metricsOn = metricsOn || c.Metrics.Enable
			if len(list) == 0 {
				list = c.Metrics.MetricsList
			}
		}
	}
	if metricsOn {
		m, err := newMetrics(list)
		if err != nil {
			return nil, fmt.Errorf("serve: %v", err)
		}
		s.metrics = m
	} else if len(list) > 0 {
		return nil, errors.New("serve: a metrics list needs --metrics_enable")
	}
	s.health = health.NewServer()
	s.health.SetServingStatus("", healthpb.HealthCheckResponse_NOT_SERVING)
	s.health.SetServingStatus(inference.GRPCInferenceService_ServiceDesc.ServiceName, healthpb.HealthCheckResponse_NOT_SERVING)
	gopts, held := srvGRPCOptions(opts.MaxRequestBytes)
	s.grpc = grpc.NewServer(gopts...)
	s.grpcHeld = held
	inference.RegisterGRPCInferenceServiceServer(s.grpc, &grpcService{s: s})
	healthpb.RegisterHealthServer(s.grpc, s.health)
	reflection.Register(s.grpc) // grpcurl and other tools list the services without the .proto
	s.http = &http.Server{
		Handler:           s.Handler(),
		ReadHeaderTimeout: 30 * time.Second,
		MaxHeaderBytes:    1 << 20,
	}
	return s, nil
}

func (s *Server) readConfig() (*Config, error) {
	b, err := readFileLimit(s.opts.ConfigPath, 16<<20)
	if err != nil {
		return nil, fmt.Errorf("config: %v", err)
	}
	return ParseConfig(b)
}

func (s *Server) logf(format string, args ...any) {
	if s.opts.Log == nil {
		return
	}
	s.logMu.Lock()
	defer s.logMu.Unlock()
	fmt.Fprintf(s.opts.Log, time.Now().UTC().Format("2006-01-02T15:04:05.000Z")+" "+format+"\n", args...)
}

// Serve serves gRPC on grpcLn and REST on restLn (either may be nil) until ctx ends, then
// drains: readiness turns 503, in-flight requests finish (up to DrainTimeout), and Serve
// returns. The models load in the background after the listeners are up, so readiness
// answers 503 until they are compiled. Serve returns the first listener error, or nil
// after a drain.
func (s *Server) Serve(ctx context.Context, grpcLn, restLn net.Listener) error {
	if grpcLn == nil && restLn == nil {
		return errors.New("serve: no listener (set --port and/or --rest_port)")
	}
	errc := make(chan error, 2)
	if d := s.opts.svConnSpin; d > 0 {
		grpcLn, restLn = svSpinListen(grpcLn, d), svSpinListen(restLn, d)
	}
	if grpcLn != nil {
		go func() { errc <- s.grpc.Serve(grpcLn) }()
	}
	if restLn != nil {
		go func() {
			if err := s.http.Serve(restLn); !errors.Is(err, http.ErrServerClosed) {
				errc <- err
				return
			}
			errc <- nil
		}()
	}
	loadCtx, stopLoad := context.WithCancel(ctx)
	defer stopLoad()
	loadDone := make(chan struct{})
	go func() {
		defer close(loadDone)
		if _, err := s.reload(loadCtx); err != nil {
			s.logf("load: %v", err)
		}
		s.loaded.Store(true)
		s.updateHealth()
		if s.opts.PollWait > 0 {
			s.pollLoop(loadCtx, s.opts.PollWait)
		}
	}()
	var err error
	select {
	case <-ctx.Done():
	case err = <-errc:
	}
	s.shutdown()
	stopLoad()
	<-loadDone
	return err
}

// shutdown drains: not ready, stop accepting, wait for in-flight requests, close models.
func (s *Server) shutdown() {
	s.draining.Store(true)
	s.health.Shutdown() // every service NOT_SERVING
	dctx, cancel := context.WithTimeout(context.Background(), s.opts.DrainTimeout)
	defer cancel()
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		if err := s.http.Shutdown(dctx); err != nil {
			s.http.Close()
		}
	}()
	go func() {
		defer wg.Done()
		done := make(chan struct{})
		go func() { s.grpc.GracefulStop(); close(done) }()
		select {
		case <-done:
		case <-dctx.Done():
			s.grpc.Stop()
		}
	}()
	wg.Wait()
	s.reloadMu.Lock() // no reload after this
	defer s.reloadMu.Unlock()
	st := s.repo.Load()
	for _, m := range st.models {
		for _, mv := range m.versions {
			mv.retire(s.opts.DrainTimeout)
		}
	}
	s.retiring.Wait()
	s.logf("shut down")
}

// updateHealth publishes readiness to the gRPC health service.
func (s *Server) updateHealth() {
	st := healthpb.HealthCheckResponse_NOT_SERVING
	if s.ready() {
		st = healthpb.HealthCheckResponse_SERVING
	}
	s.health.SetServingStatus("", st)
	s.health.SetServingStatus(inference.GRPCInferenceService_ServiceDesc.ServiceName, st)
}

// Reload reloads the configuration and model directories now (POST /v1/config/reload).
func (s *Server) Reload(ctx context.Context) (changed bool, err error) {
	changed, err = s.reload(ctx)
	s.updateHealth()
	return changed, err
}
