package cli

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/irrun/irrun/graph"
	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/ir/npy"
)

// runOptions are the flags of run (and of the bare form).
type runOptions struct {
	inputs    []string
	shapes    []string
	outDir    string
	seed      uint64
	ref       string
	atol      float64
	rtol      float64
	nthreads  int
	reference bool
	noInt8    bool
	fileTypes bool
	nvalues   int
	maxMemory byteSize
	image     imageFlags
	top       int
	profile   bool
	repeat    int
	draw      string
	threshold float64
}

func addRunFlags(cmd *cobra.Command, o *runOptions) {
	f := cmd.Flags()
	f.StringArrayVarP(&o.inputs, "input", "i", nil, "input data: NAME=FILE.npy or NAME=IMAGE.jpg|.png (NAME is the Parameter's name or a tensor name), FILE.npy or IMAGE for a one-input model, or FILE.npz with one array per input name; repeatable")
	f.StringArrayVar(&o.shapes, "shape", nil, "static shape for a dynamic input given no file or an image (the size it is resized to), as NAME=[1,3,224,224] (or [..] for a one-input model); repeatable")
	f.StringVarP(&o.outDir, "output", "o", "", "write one .npy per output and outputs.json to `DIR`")
	f.Uint64Var(&o.seed, "seed", 0, "seed of the random data made for inputs given no file")
	f.StringVar(&o.ref, "ref", "", "compare the outputs with reference arrays: a `DIR` (outputs.json or NAME.npy per output) or a FILE.npz")
	f.Float64Var(&o.atol, "atol", 1e-5, "absolute tolerance of --ref")
	f.Float64Var(&o.rtol, "rtol", 1e-5, "relative tolerance of --ref (an element fails when |got-want| > atol and > rtol*|want|)")
	f.IntVar(&o.nthreads, "nthreads", 0, "threads for the kernels (0 = all CPUs)")
	f.BoolVar(&o.reference, "reference", false, "use the scalar reference kernels")
	f.BoolVar(&o.noInt8, "no-int8", false, "compute the convolutions of FakeQuantize (int8) models in float32, not on integer codes")
	f.BoolVar(&o.fileTypes, "file-types", false, "IR v10: keep the file's input/output element types and names, not OpenVINO Core's legacy ones (f16 inputs as f32, outputs as f32 or i32, layer names)")
	f.IntVar(&o.nvalues, "values", 6, "how many leading values of each output the summary prints")
	o.maxMemory = byteSize(graph.DefaultMaxMemory)
	f.Var(&o.maxMemory, "max-memory", maxMemoryUsage)
	addImageFlags(cmd, &o.image)
	f.BoolVar(&o.profile, "profile", false, "time every layer of the run; print per-layer and per-op-type tables after the outputs")
	addDetectFlags(cmd, o)
	f.IntVar(&o.top, "top", 5, "print the `K` highest scores of each classifier-like output (shape [1,N] or [1,N,1,1], N >= 2, floats); 0 disables")
}

func (e *env) newRunCmd() *cobra.Command {
	o := &runOptions{}
	cmd := &cobra.Command{
		Use:   "run MODEL.xml [MODEL.bin] [flags]",
		Short: "Run a model once and summarise, save or compare its outputs",
		Long: `Run a model once. Inputs come from .npy/.npz files or JPEG/PNG images (-i), or are
random (--seed). An image is resized (bilinear) to the input's height and width, laid
out per --layout (inferred from the shape by default), in BGR order (--rgb for RGB),
with value = (pixel - mean) / scale (--mean, --scale), and converted to the input's
element type; a one-channel input gets the luma; a batch repeats the image.
A summary of every output goes to stdout; -o DIR saves the outputs as .npy with
DIR/outputs.json; --ref compares them with reference arrays (exit 1 on mismatch).

Without MODEL.bin, the .bin beside MODEL.xml is used.`,
		Example: `  irrun run model.xml model.bin
  irrun run model.xml -i input=image.npy -o out/
  irrun run classifier.xml -i photo.jpg --rgb --mean 123.675,116.28,103.53 --scale 58.395,57.12,57.375
  irrun run model.xml -i inputs.npz --ref expected/ --atol 1e-4
  irrun run dynamic.xml --shape x=[1,3,64,64] --seed 7`,
		Args: modelArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return e.runCmd(cmd, args, o) },
	}
	addRunFlags(cmd, o)
	return cmd
}

func (e *env) runCmd(cmd *cobra.Command, args []string, o *runOptions) error {
	if err := modelArgs(cmd, args); err != nil {
		return err
	}
	if o.nthreads < 0 {
		return usagef(cmd, "--nthreads %d: want >= 0", o.nthreads)
	}
	if o.atol < 0 || o.rtol < 0 || math.IsNaN(o.atol) || math.IsNaN(o.rtol) {
		return usagef(cmd, "--atol and --rtol must be >= 0")
	}
	if o.top < 0 {
		return usagef(cmd, "--top %d: want >= 0", o.top)
	}
	if err := checkDetectFlags(cmd, o); err != nil {
		return err
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
	infos := ld.prog.Inputs()
	srcs, err := prepareInputs(infos, o.inputs, o.shapes, o.seed, int64(o.maxMemory), img)
	if err != nil {
		return err
	}
	inputs := make([]*ir.Tensor, len(srcs))
	for i, s := range srcs {
		inputs[i] = s.tensor
		fmt.Fprintf(e.stderr, "input  %-20s %-4s %-18s %s\n", strconv.Quote(infos[i].Name), s.tensor.Type, shapeText(s.tensor.Shape), s.from)
	}
	outInfos := ld.prog.Outputs()
	outs, timings, err := e.runSteps(cmd, ld.prog, inputs, o)
	if err != nil {
		return err
	}
	for i, t := range outs {
		writeSummary(e.stdout, outInfos[i], t, o.nvalues)
	}
	for i, t := range outs {
		writeTopK(e.stdout, outInfos[i], t, o.top)
	}
	if err := e.writeDetections(srcs, outInfos, outs, o); err != nil {
		return err
	}
	if o.profile {
		fmt.Fprintln(e.stdout)
		writeProfile(e.stdout, newProfileReport(timings, 1))
	}
	if o.outDir != "" {
		if err := writeOutputs(o.outDir, outInfos, outs); err != nil {
			return err
		}
		fmt.Fprintf(e.stderr, "wrote %d outputs and %s\n", len(outs), filepath.Join(o.outDir, "outputs.json"))
	}
	if o.ref != "" {
		ok, err := compareRef(e.stdout, o.ref, outInfos, outs, o.atol, o.rtol)
		if err != nil {
			return err
		}
		if !ok {
			return &exitError{ExitError}
		}
	}
	return nil
}

func fmtDuration(d time.Duration) string {
	return fmt.Sprintf("%.3f ms", float64(d)/float64(time.Millisecond))
}

// stats summarises a tensor's values.
type stats struct {
	min, max, mean float64
	nan, inf       int
	n              int
}

func tensorStats(t *ir.Tensor) (stats, []float64, bool) {
	vals, ok := t.Float64s()
	if !ok {
		return stats{}, nil, false
	}
	s := stats{min: math.Inf(1), max: math.Inf(-1), n: len(vals)}
	var sum float64
	finite := 0
	for _, v := range vals {
		switch {
		case math.IsNaN(v):
			s.nan++
			continue
		case math.IsInf(v, 0):
			s.inf++
		default:
			sum += v
			finite++
		}
		s.min = math.Min(s.min, v)
		s.max = math.Max(s.max, v)
	}
	if finite > 0 {
		s.mean = sum / float64(finite)
	} else {
		s.mean = math.NaN()
	}
	return s, vals, true
}

// writeSummary prints one output: name, type, shape, min/max/mean and its first values.
func writeSummary(w io.Writer, info graph.TensorInfo, t *ir.Tensor, nvalues int) {
	fmt.Fprintf(w, "output %s %s %s\n", strconv.Quote(info.Name), t.Type, shapeText(t.Shape))
	st, vals, ok := tensorStats(t)
	if !ok {
		writeStrings(w, t, nvalues)
		return
	}
	if st.n == 0 {
		fmt.Fprintf(w, "  (empty)\n")
		return
	}
	if st.nan < st.n {
		fmt.Fprintf(w, "  min %s  max %s  mean %s", fmtVal(st.min), fmtVal(st.max), fmtVal(st.mean))
	} else {
		fmt.Fprintf(w, " ")
	}
	if st.nan > 0 {
		fmt.Fprintf(w, "  NaN %d", st.nan)
	}
	if st.inf > 0 {
		fmt.Fprintf(w, "  Inf %d", st.inf)
	}
	fmt.Fprintln(w)
	if nvalues > 0 {
		k := min(nvalues, len(vals))
		parts := make([]string, k)
		for i := range k {
			parts[i] = fmtVal(vals[i])
		}
		more := ""
		if k < len(vals) {
			more = ", ..."
		}
		fmt.Fprintf(w, "  [%s%s]\n", strings.Join(parts, ", "), more)
	}
}

// classScores returns the scores of a classifier-like output: a float tensor of shape
// [1,N] or [1,N,1,1] with N >= 2.
func classScores(t *ir.Tensor) ([]float64, bool) {
	if !t.Type.IsFloat() {
		return nil, false
	}
	switch {
	case len(t.Shape) == 2 && t.Shape[0] == 1 && t.Shape[1] >= 2:
	case len(t.Shape) == 4 && t.Shape[0] == 1 && t.Shape[1] >= 2 && t.Shape[2] == 1 && t.Shape[3] == 1:
	default:
		return nil, false
	}
	return t.Float64s()
}

// topK returns the indices of the k highest scores, highest first; equal scores keep index
// order and NaNs are left out.
func topK(scores []float64, k int) []int {
	idx := make([]int, 0, len(scores))
	for i, v := range scores {
		if !math.IsNaN(v) {
			idx = append(idx, i)
		}
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(scores[b], scores[a]) })
	return idx[:min(k, len(idx))]
}

// writeTopK prints the k highest scores of a classifier-like output, as
// "top-5 of NAME:" and one "index score" line each.
func writeTopK(w io.Writer, info graph.TensorInfo, t *ir.Tensor, k int) {
	if k <= 0 {
		return
	}
	scores, ok := classScores(t)
	if !ok {
		return
	}
	best := topK(scores, k)
	iw := max(len("index"), len(strconv.Itoa(len(scores)-1)))
	fmt.Fprintf(w, "top-%d of %s:\n", len(best), strconv.Quote(info.Name))
	fmt.Fprintf(w, "  %*s  %s\n", iw, "index", "score")
	for _, i := range best {
		fmt.Fprintf(w, "  %*d  %s\n", iw, i, fmtVal(scores[i]))
	}
}

func fmtVal(v float64) string { return strconv.FormatFloat(v, 'g', 6, 64) }

// outputsFile is DIR/outputs.json.
type outputsFile struct {
	Outputs []outputEntry `json:"outputs"`
}

type outputEntry struct {
	Name   string `json:"name"`
	Result string `json:"result"`
	File   string `json:"file"`
	Type   string `json:"type"`
	Shape  string `json:"shape"`
}

// fileName turns an output name into a file name: characters other than letters, digits,
// '.', '_' and '-' become '_'; used names get a numeric suffix.
func fileName(name string, used map[string]bool) string {
	var b strings.Builder
	for _, r := range name {
		if r < 128 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '_' || r == '-') {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	base := strings.TrimLeft(b.String(), ".")
	if base == "" {
		base = "output"
	}
	f := base + ".npy"
	for i := 1; used[strings.ToLower(f)]; i++ {
		f = fmt.Sprintf("%s_%d.npy", base, i)
	}
	used[strings.ToLower(f)] = true
	return f
}

func writeOutputs(dir string, infos []graph.TensorInfo, outs []*ir.Tensor) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	used := map[string]bool{"outputs.json": true}
	var of outputsFile
	of.Outputs = []outputEntry{}
	for i, t := range outs {
		f := fileName(infos[i].Name, used)
		if err := npy.WriteFile(filepath.Join(dir, f), t); err != nil {
			return fmt.Errorf("output %q: %w", infos[i].Name, err)
		}
		of.Outputs = append(of.Outputs, outputEntry{Name: infos[i].Name, Result: infos[i].Result, File: f,
			Type: t.Type.String(), Shape: shapeText(t.Shape)})
	}
	b, err := json.MarshalIndent(of, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "outputs.json"), append(b, '\n'), 0o644)
}

// loadRef returns the reference array for each output (nil when absent) and its source.
func loadRef(ref string, infos []graph.TensorInfo) ([]*ir.Tensor, []string, error) {
	refs := make([]*ir.Tensor, len(infos))
	from := make([]string, len(infos))
	st, err := os.Stat(ref)
	if err != nil {
		return nil, nil, fmt.Errorf("--ref: %w", err)
	}
	if !st.IsDir() {
		arrays, _, err := npy.ReadNPZ(ref)
		if err != nil {
			return nil, nil, fmt.Errorf("--ref: %w", err)
		}
		for i, in := range infos {
			for _, name := range append([]string{in.Name, strings.TrimSuffix(fileName(in.Name, map[string]bool{}), ".npy")}, in.TensorNames...) {
				if t, ok := arrays[name]; ok {
					refs[i], from[i] = t, fmt.Sprintf("%s[%s]", ref, name)
					break
				}
			}
		}
		return refs, from, nil
	}
	files := make([]string, len(infos))
	if b, err := os.ReadFile(filepath.Join(ref, "outputs.json")); err == nil {
		var of outputsFile
		if err := json.Unmarshal(b, &of); err != nil {
			return nil, nil, fmt.Errorf("--ref: %s: %w", filepath.Join(ref, "outputs.json"), err)
		}
		for i, in := range infos {
			for _, oe := range of.Outputs {
				if oe.Name == in.Name && oe.File != "" {
					files[i] = filepath.Join(ref, filepath.Base(oe.File))
					break
				}
			}
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, nil, fmt.Errorf("--ref: %w", err)
	}
	for i, in := range infos {
		if files[i] == "" {
			var cands []string
			if in.Name != "" && !strings.ContainsAny(in.Name, `/\`) {
				cands = append(cands, in.Name+".npy")
			}
			cands = append(cands, fileName(in.Name, map[string]bool{}))
			for _, cand := range cands {
				p := filepath.Join(ref, cand)
				if _, err := os.Stat(p); err == nil {
					files[i] = p
					break
				}
			}
		}
		if files[i] == "" {
			continue
		}
		t, err := npy.ReadFile(files[i])
		if err != nil {
			return nil, nil, fmt.Errorf("--ref: %w", err)
		}
		refs[i], from[i] = t, files[i]
	}
	return refs, from, nil
}

// compareRef compares every output with its reference and prints one line per output; ok
// is false when an output mismatches. An output without a reference is skipped; no
// reference at all is an error.
func compareRef(w io.Writer, ref string, infos []graph.TensorInfo, outs []*ir.Tensor, atol, rtol float64) (bool, error) {
	refs, from, err := loadRef(ref, infos)
	if err != nil {
		return false, err
	}
	allOK, compared := true, 0
	for i, got := range outs {
		name := strconv.Quote(infos[i].Name)
		want := refs[i]
		if want == nil {
			fmt.Fprintf(w, "ref %s: skipped: no reference array for this output in %s\n", name, ref)
			continue
		}
		compared++
		if gs, ok := got.Data.([]string); ok {
			if ok, msg := ov13CompareStrings(got, gs, want); ok {
				fmt.Fprintf(w, "ref %s: ok; %s\n", name, msg)
			} else {
				fmt.Fprintf(w, "ref %s: MISMATCH: %s (%s)\n", name, msg, from[i])
				allOK = false
			}
			continue
		}
		c, err := compareTensors(got, want, atol, rtol)
		if err != nil {
			fmt.Fprintf(w, "ref %s: MISMATCH: %v (%s)\n", name, err, from[i])
			allOK = false
			continue
		}
		status := "ok"
		if c.failed > 0 {
			status = fmt.Sprintf("MISMATCH in %d of %d elements", c.failed, c.n)
			allOK = false
		}
		fmt.Fprintf(w, "ref %s: %s; max abs err %s, max rel err %s (atol %s, rtol %s)", name, status,
			fmtVal(c.maxAbs), fmtVal(c.maxRel), fmtVal(atol), fmtVal(rtol))
		if c.failed > 0 {
			fmt.Fprintf(w, "; first at %s: got %s, want %s; passes with --atol %s or --rtol %s",
				strings.Trim(strings.Join(strings.Fields(fmt.Sprint(c.firstIdx)), ","), ""), fmtVal(c.firstGot), fmtVal(c.firstWant), fmtVal(c.needAtol), fmtVal(c.needRtol))
		}
		fmt.Fprintln(w)
	}
	if compared == 0 && len(outs) > 0 {
		return false, fmt.Errorf("--ref %s: no reference array matches any output (outputs: %s)", ref, inputNames(infos))
	}
	return allOK, nil
}

// ov13CompareStrings compares a string output with its reference element by element
// (tolerances do not apply): it reports whether all match and a line saying how many, or
// where the first difference is.
func ov13CompareStrings(got *ir.Tensor, gs []string, want *ir.Tensor) (bool, string) {
	ws, ok := want.Data.([]string)
	if !ok {
		return false, fmt.Sprintf("cannot compare %s with %s", got.Type, want.Type)
	}
	if !equalInts(got.Shape, want.Shape) {
		return false, fmt.Sprintf("shape %s, reference shape %s", shapeText(got.Shape), shapeText(want.Shape))
	}
	failed, first := 0, -1
	for i := range gs {
		if gs[i] != ws[i] {
			if first < 0 {
				first = i
			}
			failed++
		}
	}
	if failed == 0 {
		return true, fmt.Sprintf("%d strings equal", len(gs))
	}
	idx := strings.Trim(strings.Join(strings.Fields(fmt.Sprint(unravel(first, got.Shape))), ","), "")
	return false, fmt.Sprintf("%d of %d strings differ; first at %s: got %q, want %q", failed, len(gs), idx, gs[first], ws[first])
}

type comparison struct {
	n, failed           int
	maxAbs, maxRel      float64
	needAtol, needRtol  float64 // the smallest atol (at rtol) and rtol (at atol) that pass
	firstIdx            []int
	firstGot, firstWant float64
}

// compareTensors compares got with want element by element. An element fails when
// |got-want| > atol and |got-want| > rtol*|want|; NaN equals NaN, equal infinities match.
func compareTensors(got, want *ir.Tensor, atol, rtol float64) (comparison, error) {
	var c comparison
	if !equalInts(got.Shape, want.Shape) {
		return c, fmt.Errorf("shape %s, reference shape %s", shapeText(got.Shape), shapeText(want.Shape))
	}
	g, ok1 := got.Float64s()
	r, ok2 := want.Float64s()
	if !ok1 || !ok2 {
		return c, fmt.Errorf("cannot compare %s with %s", got.Type, want.Type)
	}
	c.n = len(g)
	for i := range g {
		a, b := g[i], r[i]
		var d float64
		switch {
		case math.IsNaN(a) && math.IsNaN(b), a == b:
			continue
		case math.IsNaN(a) || math.IsNaN(b):
			d = math.Inf(1)
		default:
			d = math.Abs(a - b)
		}
		rel := math.Inf(1)
		if b != 0 && !math.IsInf(b, 0) {
			rel = d / math.Abs(b)
		}
		c.maxAbs = math.Max(c.maxAbs, d)
		c.maxRel = math.Max(c.maxRel, rel)
		if d > rtol*math.Abs(b) {
			c.needAtol = math.Max(c.needAtol, d)
		}
		if d > atol {
			c.needRtol = math.Max(c.needRtol, rel)
		}
		if d > atol && d > rtol*math.Abs(b) {
			if c.failed == 0 {
				c.firstIdx, c.firstGot, c.firstWant = unravel(i, got.Shape), a, b
			}
			c.failed++
		}
	}
	return c, nil
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// unravel turns a flat row-major index into a multi-index.
func unravel(i int, shape []int) []int {
	idx := make([]int, len(shape))
	for k := len(shape) - 1; k >= 0; k-- {
		if shape[k] > 0 {
			idx[k] = i % shape[k]
			i /= shape[k]
		}
	}
	return idx
}
