package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"slices"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/irrun/irrun/graph"
	"github.com/irrun/irrun/ir"
)

// defaultBenchTime is the benchmark's length when neither --niter nor --time is given.
const defaultBenchTime = 5 * time.Second

type benchOptions struct {
	niter     int
	seconds   float64
	warmup    int
	nthreads  int
	shapes    []string
	inputs    []string
	seed      uint64
	format    string
	pc        bool
	reference bool
	noInt8    bool
	fileTypes bool
	maxMemory byteSize
	image     imageFlags
}

func (e *env) newBenchCmd() *cobra.Command {
	o := &benchOptions{}
	cmd := &cobra.Command{
		Use:   "bench MODEL.xml [MODEL.bin] [flags]",
		Short: "Measure a model's latency and throughput",
		Long: fmt.Sprintf(`Run a model repeatedly on one set of inputs and report latency and throughput, with
benchmark_app's labels. Outputs are preallocated: the timed loop allocates nothing.

The loop stops after --niter iterations or --time seconds, whichever comes first
(default: --time %g). The first inference and --warmup more are not timed.
A progress bar goes to stderr when it is a terminal and the run lasts more than a second.`, defaultBenchTime.Seconds()),
		Example: `  irrun bench model.xml model.bin --time 10
  irrun bench model.xml --niter 100 --nthreads 1 --format json
  irrun bench model.xml --niter 50 --profile`,
		Args: modelArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return e.bench(cmd, args, o) },
	}
	f := cmd.Flags()
	f.IntVar(&o.niter, "niter", 0, "number of timed iterations (0 = no limit)")
	f.Float64VarP(&o.seconds, "time", "t", 0, "duration of the timed loop in `SECONDS` (0 = no limit)")
	f.IntVar(&o.warmup, "warmup", 1, "untimed iterations after the first inference")
	f.IntVar(&o.nthreads, "nthreads", 0, "threads for the kernels (0 = all CPUs)")
	f.StringArrayVar(&o.shapes, "shape", nil, "static shape for a dynamic input (or the size an image is resized to), as NAME=[1,3,224,224]; repeatable")
	f.StringArrayVarP(&o.inputs, "input", "i", nil, "input data (.npy, .npz, .jpg, .png), as for run; repeatable")
	f.Uint64Var(&o.seed, "seed", 0, "seed of the random input data")
	f.StringVar(&o.format, "format", "text", "output format: text or json")
	f.BoolVar(&o.pc, "profile", false, fmt.Sprintf("also report per-layer and per-op-type timings (of the run with the median total time of %d profiled runs)", profileRuns))
	f.BoolVar(&o.pc, "pc", false, "alias of --profile (benchmark_app's name)")
	f.BoolVar(&o.reference, "reference", false, "use the scalar reference kernels")
	f.BoolVar(&o.noInt8, "no-int8", false, "compute the convolutions of FakeQuantize (int8) models in float32, not on integer codes")
	f.BoolVar(&o.fileTypes, "file-types", false, "IR v10: keep the file's input/output element types and names, not OpenVINO Core's legacy ones (f16 inputs as f32, outputs as f32 or i32, layer names)")
	o.maxMemory = byteSize(graph.DefaultMaxMemory)
	f.Var(&o.maxMemory, "max-memory", maxMemoryUsage)
	addImageFlags(cmd, &o.image)
	return cmd
}

// benchResult is the --format json document.
type benchResult struct {
	// ReadMS is the time to read the model's files, CompileMS to build and compile it
	// (benchmark_app's "Read model" and "Compile model"), FirstMS the first inference's.
	ReadMS        float64      `json:"read_model_ms"`
	CompileMS     float64      `json:"compile_model_ms"`
	FirstMS       float64      `json:"first_inference_ms"`
	Count         int          `json:"count"`
	DurationMS    float64      `json:"duration_ms"`
	LatencyMS     latencyStats `json:"latency_ms"`
	ThroughputFPS float64      `json:"throughput_fps"`
	NThreads      int          `json:"nthreads"`
	// CPUPerIterMS is the process's CPU time (user + system, every thread) over the timed loop
	// divided by the iteration count; 0 where the system does not report it. On a loaded machine it
	// is steadier than the latency at one thread.
	CPUPerIterMS float64 `json:"cpu_ms_per_iter,omitempty"`
	// With --profile: the run with the median total time of ProfileRuns profiled runs.
	ProfileRuns int          `json:"profile_runs,omitempty"`
	Layers      []layerTime  `json:"layers,omitempty"`
	OpTypes     []opTypeTime `json:"op_types,omitempty"`

	profile *profileReport
}

type latencyStats struct {
	Median  float64 `json:"median"`
	Average float64 `json:"average"`
	Min     float64 `json:"min"`
	Max     float64 `json:"max"`
	P90     float64 `json:"p90"`
	P99     float64 `json:"p99"`
}

func (e *env) bench(cmd *cobra.Command, args []string, o *benchOptions) error {
	switch {
	case o.format != "text" && o.format != "json":
		return usagef(cmd, "--format %q: want text or json", o.format)
	case o.niter < 0:
		return usagef(cmd, "--niter %d: want >= 0", o.niter)
	case o.seconds < 0 || math.IsNaN(o.seconds) || o.seconds > 1e7:
		return usagef(cmd, "--time %g: want a number of seconds >= 0", o.seconds)
	case o.warmup < 0:
		return usagef(cmd, "--warmup %d: want >= 0", o.warmup)
	case o.nthreads < 0:
		return usagef(cmd, "--nthreads %d: want >= 0", o.nthreads)
	}
	limit := time.Duration(o.seconds * float64(time.Second))
	if o.niter == 0 && limit == 0 {
		limit = defaultBenchTime
	}
	img, err := parseImageFlags(cmd, &o.image)
	if err != nil {
		return err
	}
	ld, err := e.loadProgram(args, graph.Options{Threads: o.nthreads, Reference: o.reference, NoInt8: o.noInt8, FileTypes: o.fileTypes, MaxMemory: int64(o.maxMemory)})
	if err != nil {
		return err
	}
	defer ld.prog.Close()
	srcs, err := prepareInputs(ld.prog.Inputs(), o.inputs, o.shapes, o.seed, int64(o.maxMemory), img)
	if err != nil {
		return err
	}
	inputs := make([]*ir.Tensor, len(srcs))
	for i, s := range srcs {
		inputs[i] = s.tensor
	}
	ctx := cmd.Context()

	// The first inference allocates the outputs that the loop then reuses.
	t0 := time.Now()
	outs, err := ld.prog.Run(ctx, inputs)
	if err != nil {
		return err
	}
	first := time.Since(t0)
	fmt.Fprintf(e.stderr, "Read model took %s\n", fmtDuration(ld.readTime))
	fmt.Fprintf(e.stderr, "Compile model took %s\n", fmtDuration(ld.compileTime))
	fmt.Fprintf(e.stderr, "First inference took %s\n", fmtDuration(first))
	for range o.warmup {
		if err := ld.prog.RunInto(ctx, inputs, outs); err != nil {
			return err
		}
	}

	var bar *progressbar.ProgressBar
	expected := limit
	if o.niter > 0 {
		est := time.Duration(o.niter) * first
		if expected == 0 || est < expected {
			expected = est
		}
	}
	if expected > time.Second && isTerminal(e.stderr) {
		bar = newBar(e.stderr, o.niter, limit)
	}

	capHint := o.niter
	if capHint == 0 {
		capHint = 1 << 16
	}
	lat := make([]time.Duration, 0, min(capHint, 1<<20))
	cpu0, cpuOK := osProcessCPU()
	start := time.Now()
	lastBar := start
	for {
		if o.niter > 0 && len(lat) >= o.niter {
			break
		}
		now := time.Now()
		if limit > 0 && now.Sub(start) >= limit {
			break
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := ld.prog.RunInto(ctx, inputs, outs); err != nil {
			return err
		}
		end := time.Now()
		lat = append(lat, end.Sub(now))
		if bar != nil && end.Sub(lastBar) > 100*time.Millisecond {
			lastBar = end
			updateBar(bar, len(lat), o.niter, end.Sub(start), limit)
		}
	}
	total := time.Since(start)
	cpu1, cpuOK1 := osProcessCPU()
	if bar != nil {
		bar.Finish()
	}

	threads := o.nthreads
	if threads == 0 {
		threads = runtime.GOMAXPROCS(0)
	}
	res := benchResult{ReadMS: ms(ld.readTime), CompileMS: ms(ld.compileTime), FirstMS: ms(first), Count: len(lat), DurationMS: ms(total), LatencyMS: latency(lat), NThreads: threads}
	if total > 0 {
		res.ThroughputFPS = float64(len(lat)) / total.Seconds()
	}
	if cpuOK && cpuOK1 && len(lat) > 0 {
		res.CPUPerIterMS = ms(cpu1-cpu0) / float64(len(lat))
	}
	if o.pc {
		pr, err := profileMedian(ctx, ld.prog, inputs, profileRuns)
		if err != nil {
			return err
		}
		res.profile, res.ProfileRuns = &pr, pr.runs
		res.Layers, res.OpTypes = pr.layers, pr.opTypes
		if res.Layers == nil {
			res.Layers = []layerTime{} // "layers": [] says profiling ran and found no layer
		}
	}
	if o.format == "json" {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(res)
	}
	writeBenchText(e.stdout, res)
	return nil
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// latency computes the latency statistics in milliseconds: the median of an even count is the
// mean of the two middle values; p90 and p99 are nearest-rank percentiles.
func latency(lat []time.Duration) latencyStats {
	if len(lat) == 0 {
		return latencyStats{}
	}
	s := slices.Clone(lat)
	slices.Sort(s)
	n := len(s)
	var sum time.Duration
	for _, d := range s {
		sum += d
	}
	med := ms(s[n/2])
	if n%2 == 0 {
		med = (ms(s[n/2-1]) + ms(s[n/2])) / 2
	}
	rank := func(p float64) float64 {
		k := int(math.Ceil(p*float64(n))) - 1
		return ms(s[max(0, min(k, n-1))])
	}
	return latencyStats{Median: med, Average: ms(sum) / float64(n), Min: ms(s[0]), Max: ms(s[n-1]),
		P90: rank(0.90), P99: rank(0.99)}
}

func writeBenchText(w io.Writer, r benchResult) {
	if r.profile != nil {
		writeProfile(w, *r.profile)
	}
	fmt.Fprintf(w, "Count:          %d iterations\n", r.Count)
	fmt.Fprintf(w, "Duration:       %.2f ms\n", r.DurationMS)
	fmt.Fprintf(w, "Latency:\n")
	fmt.Fprintf(w, "    Median:     %.3f ms\n", r.LatencyMS.Median)
	fmt.Fprintf(w, "    Average:    %.3f ms\n", r.LatencyMS.Average)
	fmt.Fprintf(w, "    Min:        %.3f ms\n", r.LatencyMS.Min)
	fmt.Fprintf(w, "    Max:        %.3f ms\n", r.LatencyMS.Max)
	fmt.Fprintf(w, "Throughput:     %.2f FPS\n", r.ThroughputFPS)
	fmt.Fprintf(w, "Threads:        %d\n", r.NThreads)
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// newBar makes a progress bar over iterations (--niter) or over elapsed milliseconds.
func newBar(w io.Writer, niter int, limit time.Duration) *progressbar.ProgressBar {
	total, desc := int64(niter), "iterations"
	if niter == 0 {
		total, desc = limit.Milliseconds(), "ms"
	}
	return progressbar.NewOptions64(total,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription("bench"),
		progressbar.OptionSetItsString(desc),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSetWidth(30),
	)
}

func updateBar(bar *progressbar.ProgressBar, count, niter int, elapsed, limit time.Duration) {
	if niter > 0 {
		// with both limits, show whichever is nearer its end
		frac := float64(count) / float64(niter)
		if limit > 0 && float64(elapsed)/float64(limit) > frac {
			frac = float64(elapsed) / float64(limit)
		}
		bar.Set64(int64(frac * float64(niter)))
		return
	}
	bar.Set64(elapsed.Milliseconds())
}
