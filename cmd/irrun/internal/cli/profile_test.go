package cli

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/irrun/irrun/graph"
)

func TestNewProfileReport(t *testing.T) {
	us := time.Microsecond
	r := newProfileReport([]graph.LayerTiming{
		{Name: "conv1", Type: "Convolution", Duration: 400 * us},
		{Name: "relu1", Type: "Relu", Duration: 100 * us},
		{Name: "conv2", Type: "Convolution", Duration: 300 * us},
		{Name: "pool", Type: "MaxPool", Duration: 100 * us},
		{Name: "fc", Type: "MatMul", Duration: 100 * us},
	}, 1)
	require.InDelta(t, 1.0, r.totalMS, 1e-12)
	var names []string
	for _, l := range r.layers {
		names = append(names, fmt.Sprintf("%s %.1f %.2f", l.Name, l.TimeMS*1000, l.Share))
	}
	// longest first; equal times keep execution order
	require.Equal(t, []string{"conv1 400.0 0.40", "conv2 300.0 0.30", "relu1 100.0 0.10", "pool 100.0 0.10", "fc 100.0 0.10"}, names)
	var types []string
	for _, o := range r.opTypes {
		types = append(types, fmt.Sprintf("%s %d %.1f %.2f", o.Type, o.Count, o.TimeMS*1000, o.Share))
	}
	// equal totals by type name
	require.Equal(t, []string{"Convolution 2 700.0 0.70", "MatMul 1 100.0 0.10", "MaxPool 1 100.0 0.10", "Relu 1 100.0 0.10"}, types)

	var b strings.Builder
	writeProfile(&b, r)
	require.Equal(t, `Per-layer timings (one run), longest first:
  layer  type          time (ms)   share
  conv1  Convolution      0.4000   40.0%
  conv2  Convolution      0.3000   30.0%
  relu1  Relu             0.1000   10.0%
  pool   MaxPool          0.1000   10.0%
  fc     MatMul           0.1000   10.0%
  total                   1.0000

Per-op-type summary, longest first:
  type         count   time (ms)   share
  Convolution      2      0.7000   70.0%
  MatMul           1      0.1000   10.0%
  MaxPool          1      0.1000   10.0%
  Relu             1      0.1000   10.0%

`, b.String())

	empty := newProfileReport(nil, 3)
	b.Reset()
	writeProfile(&b, empty)
	require.Equal(t, "Per-layer timings (the run with the median total time of 3 profiled runs), longest first:\n  (no layer executed: every output is an input or a constant)\n\n", b.String())
}

// chainModel: x [1,2,8,8] -> MaxPool "a" -> AvgPool "b" -> MaxPool "c" -> Result.
func chainModel(t *testing.T) string {
	t.Helper()
	dims := "<dim>1</dim><dim>2</dim><dim>8</dim><dim>8</dim>"
	pool := func(id int, name, typ, extra string) string {
		return fmt.Sprintf(`<layer id="%d" name="%s" type="%s" version="opset1">
			<data strides="1, 1" pads_begin="0, 0" pads_end="0, 0" kernel="1, 1" rounding_type="floor"%s/>
			<input><port id="0" precision="FP32">%s</port></input>
			<output><port id="1" precision="FP32">%s</port></output>
		</layer>`, id, name, typ, extra, dims, dims)
	}
	xml := fmt.Sprintf(`<?xml version="1.0"?>
<net name="chain" version="11">
	<layers>
		<layer id="0" name="x" type="Parameter" version="opset1">
			<data shape="1,2,8,8" element_type="f32"/>
			<output><port id="0" precision="FP32" names="x">%s</port></output>
		</layer>
		%s
		%s
		%s
		<layer id="4" name="y" type="Result" version="opset1">
			<input><port id="0" precision="FP32">%s</port></input>
		</layer>
	</layers>
	<edges>
		<edge from-layer="0" from-port="0" to-layer="1" to-port="0"/>
		<edge from-layer="1" from-port="1" to-layer="2" to-port="0"/>
		<edge from-layer="2" from-port="1" to-layer="3" to-port="0"/>
		<edge from-layer="3" from-port="1" to-layer="4" to-port="0"/>
	</edges>
</net>
`, dims, pool(1, "a", "MaxPool", ""), pool(2, "b", "AvgPool", ` exclude-pad="true"`), pool(3, "c", "MaxPool", ""), dims)
	return writeFile(t, t.TempDir(), "chain.xml", []byte(xml))
}

func TestBenchProfile(t *testing.T) {
	model := chainModel(t)
	for _, flag := range []string{"--profile", "--pc"} {
		t.Run(flag, func(t *testing.T) {
			r := irrun(t, "bench", model, "--niter", "3", flag, "--format", "json")
			requireCode(t, r, ExitOK)
			var doc struct {
				Count       int          `json:"count"`
				ProfileRuns int          `json:"profile_runs"`
				Layers      []layerTime  `json:"layers"`
				OpTypes     []opTypeTime `json:"op_types"`
			}
			require.NoError(t, json.Unmarshal([]byte(r.stdout), &doc))
			require.Equal(t, 3, doc.Count)
			require.Equal(t, profileRuns, doc.ProfileRuns)
			require.Len(t, doc.Layers, 3)
			names := map[string]string{}
			var share float64
			for i, l := range doc.Layers {
				names[l.Name] = l.Type
				share += l.Share
				if i > 0 {
					require.LessOrEqual(t, l.TimeMS, doc.Layers[i-1].TimeMS, "sorted by time")
				}
			}
			require.Equal(t, map[string]string{"a": "MaxPool", "b": "AvgPool", "c": "MaxPool"}, names)
			require.InDelta(t, 1, share, 1e-9)
			require.Len(t, doc.OpTypes, 2)
			counts := map[string]int{}
			for _, o := range doc.OpTypes {
				counts[o.Type] = o.Count
			}
			require.Equal(t, map[string]int{"MaxPool": 2, "AvgPool": 1}, counts)

			r = irrun(t, "bench", model, "--niter", "3", flag)
			requireCode(t, r, ExitOK)
			require.Contains(t, r.stdout, "Per-layer timings (the run with the median total time of 10 profiled runs), longest first:\n  layer  type ")
			require.Contains(t, r.stdout, "Per-op-type summary, longest first:\n  type     count   time (ms)   share\n")
			require.Regexp(t, `\n  MaxPool      2  +\d+\.\d{4}  +\d+\.\d%\n`, r.stdout)
			require.Contains(t, r.stdout, "Count:          3 iterations")
		})
	}
	// without --profile, JSON has exactly the contract's keys
	r := irrun(t, "bench", model, "--niter", "2", "--format", "json")
	requireCode(t, r, ExitOK)
	var doc map[string]any
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &doc))
	delete(doc, "cpu_ms_per_iter") // optional: absent where the system reports no CPU time, or 0
	require.Equal(t, []string{"compile_model_ms", "count", "duration_ms", "first_inference_ms", "latency_ms", "nthreads", "read_model_ms", "throughput_fps"}, keys(doc))
}

func TestRunProfile(t *testing.T) {
	r := irrun(t, "run", chainModel(t), "--profile")
	requireCode(t, r, ExitOK)
	out, prof, ok := strings.Cut(r.stdout, "\nPer-layer timings (one run), longest first:\n")
	require.True(t, ok, r.stdout)
	require.True(t, strings.HasPrefix(out, `output "y" f32 [1,2,8,8]`), r.stdout)
	require.Regexp(t, `^  layer  type +time \(ms\)   share\n(  [abc]      (MaxPool|AvgPool)  +\d+\.\d{4}  +\d+\.\d%\n){3}  total  +\d+\.\d{4}\n\n`+
		`Per-op-type summary, longest first:\n  type     count   time \(ms\)   share\n(  (MaxPool|AvgPool)  +[12]  +\d+\.\d{4}  +\d+\.\d%\n){2}\n$`, prof)
}
