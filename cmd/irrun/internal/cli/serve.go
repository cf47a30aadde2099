package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/irrun/irrun/cmd/irrun/internal/serve"
	"github.com/irrun/irrun/graph"
)

type serveFlags struct {
	port, restPort            int
	grpcBind, restBind        string
	modelName, modelPath      string
	configPath                string
	pollWait                  int
	versionPolicy             string
	nireq, maxQueue, nthreads int
	maxRequest                byteSize
	maxMemory                 byteSize
	metricsEnable             bool
	metricsList               string
	drainSeconds              float64
	idleSpin                  time.Duration
	fileTypes                 bool
	targetDevice, logLevel    string
	ignored                   [6]string
	ignoredInts               [2]int
}

func (e *env) newServeCmd() *cobra.Command {
	o := &serveFlags{}
	cmd := &cobra.Command{
		Use:   "serve (--model_name NAME --model_path DIR | --config_path config.json) [flags]",
		Short: "Serve models over the KServe v2 protocol (REST and gRPC), OpenVINO Model Server style",
		Long: `Serve OpenVINO IR models over the KServe v2 / Open Inference Protocol: REST on
--rest_port, gRPC (inference.GRPCInferenceService and grpc.health.v1.Health) on --port.

The flags are OpenVINO Model Server's, so KServe's kserve-openvino runtime arguments start
irrun unchanged. A model directory holds numbered versions: DIR/1/model.xml (+ model.bin),
DIR/2/model.xml ...; --model_version_policy or config.json pick the served versions
(latest by default). The directories (and config.json) are polled every
--file_system_poll_wait_seconds (0 disables polling; POST /v1/config/reload always works).

Readiness (/v2/health/ready, gRPC ServerReady and health) answers 503/NOT_SERVING until
every model is compiled. SIGTERM or SIGINT drains: readiness turns 503, in-flight requests
finish, and irrun exits. See docs/serve.md.`,
		Example: `  irrun serve --model_name eye --model_path models/eye --rest_port 8000 --port 9000
  irrun serve --config_path config.json --rest_port 8000 --metrics_enable
  curl -s localhost:8000/v2/models/eye`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return e.serve(cmd, o) },
	}
	f := cmd.Flags()
	f.IntVar(&o.port, "port", 9178, "gRPC port (0 disables gRPC)")
	f.IntVar(&o.restPort, "rest_port", 0, "REST port (0 disables REST and /metrics)")
	f.StringVar(&o.grpcBind, "grpc_bind_address", "0.0.0.0", "address the gRPC server listens on")
	f.StringVar(&o.restBind, "rest_bind_address", "0.0.0.0", "address the REST server listens on")
	f.StringVar(&o.modelName, "model_name", "", "name of the one served model")
	f.StringVar(&o.modelPath, "model_path", "", "directory of the model's numbered version directories")
	f.StringVar(&o.configPath, "config_path", "", "OVMS config.json (model_config_list, monitoring)")
	f.IntVar(&o.pollWait, "file_system_poll_wait_seconds", 1, "seconds between checks of the model directories and config file (0: never)")
	f.StringVar(&o.versionPolicy, "model_version_policy", "", `served versions: {"latest":{"num_versions":1}} (default), {"all":{}} or {"specific":{"versions":[1,3]}}`)
	f.IntVar(&o.nireq, "nireq", 0, "inferences of one model version running at once (0: the CPU count)")
	f.IntVar(&o.maxQueue, "max_queue", serve.DefaultMaxQueue, "requests per model version that may wait for an inference; more are refused (HTTP 503, gRPC RESOURCE_EXHAUSTED)")
	f.IntVar(&o.nthreads, "nthreads", 0, "threads of one inference (0: all CPUs)")
	f.DurationVar(&o.idleSpin, "idle_spin", serve.DefaultIdleSpin, "how long an inference's helper threads keep polling for the next inference before they park (0: park at once)")
	f.BoolVar(&o.fileTypes, "file_types", false, "IR v10: serve the file's input/output element types and names, not OpenVINO Core's legacy ones (f16 inputs as f32, outputs as f32 or i32, layer names) that OVMS serves")
	o.maxRequest = byteSize(serve.DefaultMaxRequestBytes)
	f.Var(&o.maxRequest, "max_request_bytes", "largest accepted request body or gRPC message (e.g. 64MiB)")
	o.maxMemory = byteSize(graph.DefaultMaxMemory)
	f.Var(&o.maxMemory, "max-memory", maxMemoryUsage)
	f.BoolVar(&o.metricsEnable, "metrics_enable", false, "serve Prometheus metrics on the REST port at /metrics (OVMS's names)")
	f.StringVar(&o.metricsList, "metrics_list", "", "comma-separated metrics to enable (default: OVMS's default set)")
	f.Float64Var(&o.drainSeconds, "drain_timeout", serve.DefaultDrainTimeout.Seconds(), "seconds shutdown waits for in-flight requests")
	f.StringVar(&o.targetDevice, "target_device", "CPU", "accepted for OVMS compatibility: CPU, AUTO (irrun runs on the CPU)")
	f.StringVar(&o.logLevel, "log_level", "INFO", "accepted for OVMS compatibility: DEBUG, INFO, WARNING, ERROR (irrun logs loads, reloads and errors)")
	// Accepted and ignored, so OVMS command lines work unchanged.
	for i, n := range []string{"plugin_config", "cache_dir", "log_path", "cpu_extension", "layout", "allowed_local_media_path"} {
		f.StringVar(&o.ignored[i], n, "", "accepted for OVMS compatibility and ignored")
		f.Lookup(n).Hidden = true
	}
	for i, n := range []string{"grpc_workers", "rest_workers"} {
		f.IntVar(&o.ignoredInts[i], n, 0, "accepted for OVMS compatibility and ignored")
		f.Lookup(n).Hidden = true
	}
	return cmd
}

func (e *env) serve(cmd *cobra.Command, o *serveFlags) error {
	switch strings.ToUpper(o.targetDevice) {
	case "CPU", "AUTO", "":
	default:
		fmt.Fprintf(e.stderr, "irrun serve: --target_device %s: irrun runs on the CPU\n", o.targetDevice)
	}
	if o.port < 0 || o.port > 65535 || o.restPort < 0 || o.restPort > 65535 {
		return usagef(cmd, "--port and --rest_port take a port number 0..65535")
	}
	if o.port == 0 && o.restPort == 0 {
		return usagef(cmd, "both --port and --rest_port are 0: nothing to listen on")
	}
	if o.port != 0 && o.port == o.restPort {
		return usagef(cmd, "--port and --rest_port are both %d", o.port)
	}
	if o.idleSpin < 0 {
		return usagef(cmd, "--idle_spin is %v, want >= 0", o.idleSpin)
	}
	idleSpin := o.idleSpin
	if idleSpin == 0 {
		idleSpin = -1 // serve.Options: negative parks at once, 0 is the default
	}
	opts := serve.Options{
		ModelName: o.modelName, ModelPath: o.modelPath, ConfigPath: o.configPath,
		PollWait: time.Duration(o.pollWait) * time.Second,
		NIReq:    o.nireq, MaxQueue: o.maxQueue, Threads: o.nthreads, IdleSpin: idleSpin,
		MaxMemory: int64(o.maxMemory), MaxRequestBytes: int64(o.maxRequest),
		Metrics: o.metricsEnable, DrainTimeout: time.Duration(o.drainSeconds * float64(time.Second)),
		Log: e.stderr, Version: moduleVersion(), FileTypes: o.fileTypes,
	}
	if o.metricsList != "" {
		for _, m := range strings.Split(o.metricsList, ",") {
			if m = strings.TrimSpace(m); m != "" {
				opts.MetricsList = append(opts.MetricsList, m)
			}
		}
	}
	if o.versionPolicy != "" {
		var p serve.VersionPolicy
		if err := json.Unmarshal([]byte(o.versionPolicy), &p); err != nil {
			return usagef(cmd, "--model_version_policy: %v", err)
		}
		opts.VersionPolicy = &p
	}
	if o.configPath == "" && (o.modelName == "" || o.modelPath == "") {
		return usagef(cmd, "give --model_name and --model_path, or --config_path")
	}
	srv, err := serve.New(opts)
	if err != nil {
		return err
	}
	var grpcLn, restLn net.Listener
	if o.port != 0 {
		if grpcLn, err = net.Listen("tcp", net.JoinHostPort(o.grpcBind, strconv.Itoa(o.port))); err != nil {
			return fmt.Errorf("gRPC: %v", err)
		}
		fmt.Fprintf(e.stderr, "irrun serve: gRPC on %s\n", grpcLn.Addr())
	}
	if o.restPort != 0 {
		if restLn, err = net.Listen("tcp", net.JoinHostPort(o.restBind, strconv.Itoa(o.restPort))); err != nil {
			if grpcLn != nil {
				grpcLn.Close()
			}
			return fmt.Errorf("REST: %v", err)
		}
		fmt.Fprintf(e.stderr, "irrun serve: REST on %s\n", restLn.Addr())
	}
	ctx, stop := signal.NotifyContext(cmd.Context(), syscall.SIGTERM, os.Interrupt)
	defer stop()
	if err := srv.Serve(ctx, grpcLn, restLn); err != nil && err != context.Canceled {
		return err
	}
	return nil
}
