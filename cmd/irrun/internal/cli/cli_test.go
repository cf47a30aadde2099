package cli

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/stretchr/testify/require"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/ir/npy"
)

const examples = "../../../../testdata/examples"

var (
	stemXML     = filepath.Join(examples, "resnet-stem", "model.xml")
	stemBin     = filepath.Join(examples, "resnet-stem", "model.bin")
	indicesXML  = filepath.Join(examples, "maxpool8-indices", "model.xml")
	adaptiveXML = filepath.Join(examples, "adaptive-avgpool", "model.xml")
	dynamicXML  = filepath.Join(examples, "dynamic-avgpool", "model.xml")
	corpus      = "../../../../../shared/corpus"
)

type result struct {
	code           int
	stdout, stderr string
}

// irrun runs the command tree in-process.
func irrun(t *testing.T, args ...string) result {
	t.Helper()
	var out, errb bytes.Buffer
	code := Main(args, strings.NewReader(""), &out, &errb)
	return result{code, out.String(), errb.String()}
}

func requireCode(t *testing.T, r result, code int) {
	t.Helper()
	require.Equal(t, code, r.code, "stdout:\n%s\nstderr:\n%s", r.stdout, r.stderr)
}

func keys(m map[string]any) []string {
	var k []string
	for s := range m {
		k = append(k, s)
	}
	sort.Strings(k)
	return k
}

func TestVersion(t *testing.T) {
	r := irrun(t, "version")
	requireCode(t, r, ExitOK)
	require.Regexp(t, `^irrun \S+\ngo    go1\.\d+`, r.stdout)
	requireCode(t, irrun(t, "version", "extra"), ExitUsage)
}

func TestCompletion(t *testing.T) {
	r := irrun(t, "completion", "bash")
	requireCode(t, r, ExitOK)
	require.Contains(t, r.stdout, "bash completion")
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"run"},
		{"run", stemXML, "--no-such-flag"},
		{"run", stemXML, stemBin, "third.bin"},
		{"run", stemXML, "notabin.txt"},
		{"bench", stemXML, "--format", "yaml"},
		{"bench", stemXML, "--niter", "-1"},
		{"bench", stemXML, "--niter", "abc"},
		{"check"},
		{"check", "--format", "xml", stemXML},
		{"check", stemBin},
		{"check", stemXML, stemBin, stemBin},
		{"inspect", stemXML, "--show", "everything"},
		{"inspect"},
		{"chek", "model"},
		{stemXML, "--atol", "-1"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			r := irrun(t, args...)
			requireCode(t, r, ExitUsage)
			require.Contains(t, r.stderr, "irrun")
			require.NotContains(t, r.stderr, "goroutine", "no stack trace")
		})
	}
	r := irrun(t, "run", stemXML, "--no-such-flag")
	require.Contains(t, r.stderr, "unknown flag: --no-such-flag")
	require.Contains(t, r.stderr, "Usage: irrun run MODEL.xml [MODEL.bin] [flags]")
	r = irrun(t, "chek", "model")
	require.Contains(t, r.stderr, `unknown command "chek"; did you mean "check"?`)
}

func TestBareFormIsRun(t *testing.T) {
	a := irrun(t, stemXML, stemBin)
	requireCode(t, a, ExitOK)
	b := irrun(t, "run", stemXML, stemBin)
	requireCode(t, b, ExitOK)
	require.Equal(t, a.stdout, b.stdout)
	require.Contains(t, a.stdout, `output "pool1" f32 [1,64,56,56]`)
	require.Regexp(t, `min \S+  max \S+  mean \S+`, a.stdout)
	require.Contains(t, a.stderr, `random normal(0,1), seed 0`)
}

func runTo(t *testing.T, dir string, args ...string) result {
	t.Helper()
	r := irrun(t, append(append([]string{"run"}, args...), "-o", dir)...)
	requireCode(t, r, ExitOK)
	return r
}

func TestRunSeedReproducible(t *testing.T) {
	d1, d2, d3 := t.TempDir(), t.TempDir(), t.TempDir()
	runTo(t, d1, stemXML, "--seed", "7")
	runTo(t, d2, stemXML, "--seed", "7")
	runTo(t, d3, stemXML, "--seed", "8")
	a, err := os.ReadFile(filepath.Join(d1, "pool1.npy"))
	require.NoError(t, err)
	b, err := os.ReadFile(filepath.Join(d2, "pool1.npy"))
	require.NoError(t, err)
	c, err := os.ReadFile(filepath.Join(d3, "pool1.npy"))
	require.NoError(t, err)
	require.Equal(t, a, b)
	require.NotEqual(t, a, c)
}

func TestRunOutputsJSONContract(t *testing.T) {
	dir := t.TempDir()
	runTo(t, dir, indicesXML)
	raw, err := os.ReadFile(filepath.Join(dir, "outputs.json"))
	require.NoError(t, err)
	var doc map[string][]map[string]any
	require.NoError(t, json.Unmarshal(raw, &doc))
	require.Len(t, doc, 1)
	outs := doc["outputs"]
	require.Len(t, outs, 2)
	for _, o := range outs {
		require.Equal(t, []string{"file", "name", "result", "shape", "type"}, keys(o))
	}
	require.Equal(t, map[string]any{"name": "values", "result": "values/sink_port_0", "file": "values.npy", "type": "f32", "shape": "[2,3,3,3]"}, outs[0])
	require.Equal(t, map[string]any{"name": "indices", "result": "indices/sink_port_0", "file": "indices.npy", "type": "i64", "shape": "[2,3,3,3]"}, outs[1])
	v, err := npy.ReadFile(filepath.Join(dir, "values.npy"))
	require.NoError(t, err)
	require.Equal(t, []int{2, 3, 3, 3}, v.Shape)
	idx, err := npy.ReadFile(filepath.Join(dir, "indices.npy"))
	require.NoError(t, err)
	require.Equal(t, ir.I64, idx.Type)
}

func TestRunInputFileAndMaxPoolValues(t *testing.T) {
	dir := t.TempDir()
	// x[n,c,h,w] = h*6+w (+100c): every 2x2 window's max is its bottom-right element
	x := make([]float32, 2*3*6*6)
	for i := range x {
		x[i] = float32(i % 36)
	}
	in := filepath.Join(dir, "x.npy")
	require.NoError(t, npy.WriteFile(in, &ir.Tensor{Type: ir.F32, Shape: []int{2, 3, 6, 6}, Data: x}))
	out := filepath.Join(dir, "out")
	for _, spec := range []string{in, "x=" + in} {
		r := runTo(t, out, indicesXML, "-i", spec)
		require.Contains(t, r.stderr, in)
		v, err := npy.ReadFile(filepath.Join(out, "values.npy"))
		require.NoError(t, err)
		require.Equal(t, float32(7), v.Data.([]float32)[0])
		require.Equal(t, float32(35), v.Data.([]float32)[8])
		idx, err := npy.ReadFile(filepath.Join(out, "indices.npy"))
		require.NoError(t, err)
		require.Equal(t, int64(7), idx.Data.([]int64)[0])
	}
	// .npz by input name
	npz := filepath.Join(dir, "in.npz")
	require.NoError(t, npy.WriteNPZ(npz, map[string]*ir.Tensor{"x": {Type: ir.F32, Shape: []int{2, 3, 6, 6}, Data: x}}, nil))
	runTo(t, out, indicesXML, "-i", npz)

	// float64 data converts when exact; int64 too
	x64 := make([]float64, len(x))
	i64 := make([]int64, len(x))
	for i := range x {
		x64[i], i64[i] = float64(x[i]), int64(x[i])
	}
	require.NoError(t, npy.WriteFile(in, &ir.Tensor{Type: ir.F64, Shape: []int{2, 3, 6, 6}, Data: x64}))
	runTo(t, out, indicesXML, "-i", in)
	require.NoError(t, npy.WriteFile(in, &ir.Tensor{Type: ir.I64, Shape: []int{2, 3, 6, 6}, Data: i64}))
	runTo(t, out, indicesXML, "-i", in)

	// a lossy conversion names the input, the file's type and the expected type
	x64[5] = 0.1
	require.NoError(t, npy.WriteFile(in, &ir.Tensor{Type: ir.F64, Shape: []int{2, 3, 6, 6}, Data: x64}))
	r := irrun(t, "run", indicesXML, "-i", in)
	requireCode(t, r, ExitError)
	require.Contains(t, r.stderr, `input "x"`)
	require.Contains(t, r.stderr, "f64 values and the model expects f32; element 5 (0.1)")

	// wrong shape, unknown name, two inputs for one
	require.NoError(t, npy.WriteFile(in, &ir.Tensor{Type: ir.F32, Shape: []int{2, 3}, Data: make([]float32, 6)}))
	r = irrun(t, "run", indicesXML, "-i", in)
	requireCode(t, r, ExitError)
	require.Contains(t, r.stderr, "shape [2,3] does not fit the input's shape [2,3,6,6]")
	r = irrun(t, "run", indicesXML, "-i", "nope="+in)
	requireCode(t, r, ExitError)
	require.Contains(t, r.stderr, `the model has no input named "nope" (inputs: "x")`)

	// a lying .npy header is reported with the file name
	require.NoError(t, os.WriteFile(in, []byte("\x93NUMPY\x01\x00\x46\x00{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3, 6, 6), }     \n"), 0o644))
	r = irrun(t, "run", indicesXML, "-i", in)
	requireCode(t, r, ExitError)
	require.Contains(t, r.stderr, in)
	require.Contains(t, r.stderr, "(864 bytes of data) but the file holds")
}

func TestRunDynamicShapes(t *testing.T) {
	r := irrun(t, "run", dynamicXML)
	requireCode(t, r, ExitError)
	require.Contains(t, r.stderr, `input "image" has dynamic shape [?,3,?,?]: give data with -i image=FILE.npy or a shape with --shape image=[...]`)
	r = irrun(t, "run", dynamicXML, "--shape", "image=[2,3,8,5]")
	requireCode(t, r, ExitOK)
	require.Contains(t, r.stdout, `output "blurred" f32 [2,3,8,5]`)
	r = irrun(t, "run", dynamicXML, "--shape", "[1,3,4,4]")
	requireCode(t, r, ExitOK)
	require.Contains(t, r.stdout, `[1,3,4,4]`)
	r = irrun(t, "run", dynamicXML, "--shape", "image=[1,4,4,4]")
	requireCode(t, r, ExitError)
	require.Contains(t, r.stderr, "does not fit")
	r = irrun(t, "run", dynamicXML, "--shape", "image=[1,3,?,4]")
	requireCode(t, r, ExitError)
	require.Contains(t, r.stderr, "must be static")
}

func TestRunRef(t *testing.T) {
	dir := t.TempDir()
	runTo(t, dir, indicesXML, "--seed", "3")

	// its own outputs pass, from the directory (outputs.json) and from an npz
	r := irrun(t, "run", indicesXML, "--seed", "3", "--ref", dir)
	requireCode(t, r, ExitOK)
	require.Contains(t, r.stdout, `ref "values": ok; max abs err 0, max rel err 0 (atol 1e-05, rtol 1e-05)`)
	require.Contains(t, r.stdout, `ref "indices": ok`)
	v, err := npy.ReadFile(filepath.Join(dir, "values.npy"))
	require.NoError(t, err)
	npz := filepath.Join(t.TempDir(), "ref.npz")
	require.NoError(t, npy.WriteNPZ(npz, map[string]*ir.Tensor{"values": v}, nil))
	r = irrun(t, "run", indicesXML, "--seed", "3", "--ref", npz)
	requireCode(t, r, ExitOK)
	require.Contains(t, r.stdout, `ref "indices": skipped`)

	// a perturbed reference fails; the message gives the tolerances that would pass
	d := v.Data.([]float32)
	d[4] += 0.5
	require.NoError(t, npy.WriteFile(filepath.Join(dir, "values.npy"), v))
	r = irrun(t, "run", indicesXML, "--seed", "3", "--ref", dir)
	requireCode(t, r, ExitError)
	require.Contains(t, r.stdout, `ref "values": MISMATCH in 1 of 54 elements; max abs err 0.5`)
	require.Contains(t, r.stdout, "first at [0,0,1,1]")
	require.Contains(t, r.stdout, "passes with --atol 0.5 or --rtol")
	r = irrun(t, "run", indicesXML, "--seed", "3", "--ref", dir, "--atol", "0.5")
	requireCode(t, r, ExitOK)

	// a wrong shape fails; a seed that differs fails
	r = irrun(t, "run", indicesXML, "--seed", "4", "--ref", dir)
	requireCode(t, r, ExitError)
	require.NoError(t, npy.WriteFile(filepath.Join(dir, "values.npy"), &ir.Tensor{Type: ir.F32, Shape: []int{1}, Data: []float32{1}}))
	r = irrun(t, "run", indicesXML, "--seed", "3", "--ref", dir)
	requireCode(t, r, ExitError)
	require.Contains(t, r.stdout, "MISMATCH: shape [2,3,3,3], reference shape [1]")

	// no matching reference at all is an error
	r = irrun(t, "run", indicesXML, "--ref", t.TempDir())
	requireCode(t, r, ExitError)
	require.Contains(t, r.stderr, "no reference array matches any output")
}

func TestCheck(t *testing.T) {
	// clean files: text prints nothing on stdout, json an empty array, exit 0
	r := irrun(t, "check", stemXML, stemBin, indicesXML)
	requireCode(t, r, ExitOK)
	require.Empty(t, r.stdout)
	require.Contains(t, r.stderr, "2 files: 0 errors")
	r = irrun(t, "check", "--format", "json", stemXML)
	requireCode(t, r, ExitOK)
	require.Equal(t, "[]\n", r.stdout)

	// a known-bad file: an edge to a port that does not exist, on line 10
	bad := filepath.Join(t.TempDir(), "bad.xml")
	require.NoError(t, os.WriteFile(bad, []byte(badXML), 0o644))
	r = irrun(t, "check", bad)
	requireCode(t, r, ExitError)
	require.Contains(t, r.stdout, bad+":24:3: error: ")
	require.Contains(t, r.stdout, "[edge-missing-port]")

	r = irrun(t, "check", "--format", "json", bad, stemXML)
	requireCode(t, r, ExitError)
	var fs []map[string]any
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &fs))
	require.NotEmpty(t, fs)
	for _, f := range fs {
		require.Equal(t, []string{"code", "col", "file", "layer_id", "layer_name", "line", "message", "severity"}, keys(f))
		require.IsType(t, "", f["layer_id"])
	}
	var found bool
	for _, f := range fs {
		if f["code"] == "edge-missing-port" {
			found = true
			require.Equal(t, bad, f["file"])
			require.Equal(t, float64(24), f["line"])
			require.Equal(t, float64(3), f["col"])
			require.Equal(t, "error", f["severity"])
			require.Equal(t, "1", f["layer_id"])
			require.Equal(t, "out", f["layer_name"])
		}
	}
	require.True(t, found)

	r = irrun(t, "check", "--format", "sarif", bad)
	requireCode(t, r, ExitError)
	var sarif struct {
		Schema  string `json:"$schema"`
		Version string `json:"version"`
		Runs    []struct {
			Tool struct {
				Driver struct {
					Name, InformationURI, Version string
					Rules                         []struct {
						ID               string `json:"id"`
						ShortDescription struct{ Text string }
						HelpURI          string `json:"helpUri"`
					}
				}
			}
			ColumnKind string
			Results    []struct {
				RuleID    string `json:"ruleId"`
				Level     string
				Message   struct{ Text string }
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }
						Region           struct{ StartLine, StartColumn int }
					}
				}
			}
		}
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &sarif))
	require.Equal(t, "2.1.0", sarif.Version)
	require.Contains(t, sarif.Schema, "sarif")
	require.Len(t, sarif.Runs, 1)
	run := sarif.Runs[0]
	require.Equal(t, "irrun", run.Tool.Driver.Name)
	require.Equal(t, "unicodeCodePoints", run.ColumnKind)
	require.NotEmpty(t, run.Tool.Driver.Rules)
	for _, rule := range run.Tool.Driver.Rules {
		require.Equal(t, lintRulesURL+"#"+rule.ID, rule.HelpURI)
		require.NotEmpty(t, rule.ShortDescription.Text)
	}
	var res = -1
	for i, x := range run.Results {
		if x.RuleID == "edge-missing-port" {
			res = i
		}
	}
	require.GreaterOrEqual(t, res, 0)
	require.Equal(t, "error", run.Results[res].Level)
	loc := run.Results[res].Locations[0].PhysicalLocation
	require.Equal(t, filepath.ToSlash(bad), loc.ArtifactLocation.URI)
	require.Equal(t, 24, loc.Region.StartLine)
	require.Equal(t, 3, loc.Region.StartColumn)

	// a clean SARIF run has no results but is valid
	r = irrun(t, "check", "--format", "sarif", stemXML)
	requireCode(t, r, ExitOK)
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &sarif))
	require.Empty(t, sarif.Runs[0].Results)

	// fatal read errors are diagnostics with a position and a code
	notIR := filepath.Join(t.TempDir(), "x.xml")
	require.NoError(t, os.WriteFile(notIR, []byte("<?xml version=\"1.0\"?>\n<model/>\n"), 0o644))
	r = irrun(t, "check", notIR)
	requireCode(t, r, ExitError)
	require.Contains(t, r.stdout, notIR+":2:1: error: ")
	require.Contains(t, r.stdout, "[not-ir]")
	r = irrun(t, "check", filepath.Join(t.TempDir(), "missing.xml"))
	requireCode(t, r, ExitError)
	require.Contains(t, r.stdout, "[read-error]")

	// the XML alone is checked when there is no .bin, and the reader says so
	xmlOnly := filepath.Join(t.TempDir(), "a.xml")
	src, err := os.ReadFile(adaptiveXML)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(xmlOnly, src, 0o644))
	r = irrun(t, "check", xmlOnly)
	requireCode(t, r, ExitOK)
	require.Contains(t, r.stdout, "info: ")
	require.Contains(t, r.stdout, "[no-weights]")
}

// badXML has an edge (line 24) into input port 5 of layer 1, which declares only port 0.
const badXML = `<?xml version="1.0"?>
<net name="bad" version="11">
	<layers>
		<layer id="0" name="x" type="Parameter" version="opset1">
			<data shape="1,2" element_type="f32" />
			<output>
				<port id="0" precision="FP32" names="x">
					<dim>1</dim>
					<dim>2</dim>
				</port>
			</output>
		</layer>
		<layer id="1" name="out" type="Result" version="opset1">
			<input>
				<port id="0" precision="FP32">
					<dim>1</dim>
					<dim>2</dim>
				</port>
			</input>
		</layer>
	</layers>
	<edges>
		<edge from-layer="0" from-port="0" to-layer="1" to-port="0" />
		<edge from-layer="0" from-port="0" to-layer="1" to-port="5" />
	</edges>
</net>
`

func TestCheckNegativeCorpus(t *testing.T) {
	dir := filepath.Join(corpus, "negative")
	cases, err := os.ReadDir(dir)
	if err != nil {
		t.Skipf("negative corpus not available: %v", err)
	}
	for _, c := range cases {
		xml := filepath.Join(dir, c.Name(), "model.xml")
		if _, err := os.Stat(xml); err != nil {
			continue
		}
		t.Run(c.Name(), func(t *testing.T) {
			args := []string{"check", xml}
			if c.Name() == "n02-const-without-weights" {
				// Without a .bin, check reads the XML alone (info no-weights): the case is
				// an error only once weights are given and lack the Const's bytes.
				r := irrun(t, args...)
				requireCode(t, r, ExitOK)
				require.Contains(t, r.stdout, "[no-weights]")
				empty := filepath.Join(t.TempDir(), "empty.bin")
				require.NoError(t, os.WriteFile(empty, nil, 0o644))
				args = append(args, empty)
			}
			r := irrun(t, args...)
			requireCode(t, r, ExitError)
			require.Contains(t, r.stdout, ": error: ")
			r = irrun(t, append(args, "--format", "json")...)
			requireCode(t, r, ExitError)
			var fs []map[string]any
			require.NoError(t, json.Unmarshal([]byte(r.stdout), &fs))
			require.True(t, slices.ContainsFunc(fs, func(f map[string]any) bool { return f["severity"] == "error" }))
		})
	}
}

func TestInspect(t *testing.T) {
	r := irrun(t, "inspect", stemXML)
	requireCode(t, r, ExitOK)
	require.Contains(t, r.stdout, "model     resnet-stem")
	require.Contains(t, r.stdout, "IR v11")
	require.Contains(t, r.stdout, `"input"  f32  [1,64,112,112]`)
	require.Contains(t, r.stdout, "MaxPool-1")

	r = irrun(t, "inspect", "--format", "json", indicesXML)
	requireCode(t, r, ExitOK)
	var doc map[string]any
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &doc))
	require.Equal(t, []string{"inputs", "ir_version", "layers", "name", "outputs"}, keys(doc))
	require.Equal(t, "maxpool8-indices", doc["name"])
	require.Equal(t, float64(11), doc["ir_version"])
	require.Equal(t, []any{map[string]any{"name": "x", "type": "f32", "shape": "[2,3,6,6]"}}, doc["inputs"])
	require.Equal(t, []any{
		map[string]any{"name": "values", "type": "f32", "shape": "[2,3,3,3]"},
		map[string]any{"name": "indices", "type": "i64", "shape": "[2,3,3,3]"},
	}, doc["outputs"])
	layers := doc["layers"].([]any)
	require.Len(t, layers, 4, "one entry per top-level layer")
	for _, l := range layers {
		require.Equal(t, []string{"id", "name", "outputs", "supported", "type", "version"}, keys(l.(map[string]any)))
	}
	pool := layers[1].(map[string]any)
	require.Equal(t, map[string]any{"id": "1", "name": "pool", "type": "MaxPool", "version": "opset8", "supported": true,
		"outputs": []any{
			map[string]any{"port": float64(1), "type": "f32", "shape": "[2,3,3,3]"},
			map[string]any{"port": float64(2), "type": "i64", "shape": "[2,3,3,3]"},
		}}, pool)

	// weights need the .bin; with it the Const's statistics are shown
	r = irrun(t, "inspect", adaptiveXML, "--show", "attrs,weights")
	requireCode(t, r, ExitOK)
	require.Contains(t, r.stdout, "weights: i64 [2] min 3 max 3")
	require.Contains(t, r.stdout, `attrs: element_type="i64" shape="2" offset="0" size="16"`)
	xmlOnly := filepath.Join(t.TempDir(), "a.xml")
	src, err := os.ReadFile(adaptiveXML)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(xmlOnly, src, 0o644))
	r = irrun(t, "inspect", xmlOnly, "--show", "weights")
	requireCode(t, r, ExitError)
	require.Contains(t, r.stderr, "--show weights needs the weights")
	r = irrun(t, "inspect", xmlOnly)
	requireCode(t, r, ExitOK)
}

// TestInspectCorpusTopLevelOnly: for every corpus model, inspect --format json lists exactly
// the top-level layers, in file order (sub-graph bodies excluded), counted independently of
// irrun's reader with encoding/xml.
func TestInspectCorpusTopLevelOnly(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(corpus, "*", "model.xml"))
	if len(files) == 0 {
		t.Skip("corpus not available")
	}
	for _, xmlPath := range files {
		t.Run(filepath.Base(filepath.Dir(xmlPath)), func(t *testing.T) {
			want := topLevelLayerIDs(t, xmlPath)
			r := irrun(t, "inspect", "--format", "json", xmlPath)
			requireCode(t, r, ExitOK)
			var doc struct{ Layers []struct{ ID string } }
			require.NoError(t, json.Unmarshal([]byte(r.stdout), &doc))
			got := make([]string, len(doc.Layers))
			for i, l := range doc.Layers {
				got[i] = l.ID
			}
			require.Equal(t, want, got)
		})
	}
}

// topLevelLayerIDs returns the id attributes of the <layer> children of <net><layers>.
func topLevelLayerIDs(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	dec := xml.NewDecoder(f)
	var stack []string
	var ids []string
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		switch e := tok.(type) {
		case xml.StartElement:
			if e.Name.Local == "layer" && len(stack) == 2 && stack[1] == "layers" {
				for _, a := range e.Attr {
					if a.Name.Local == "id" {
						ids = append(ids, a.Value)
					}
				}
			}
			stack = append(stack, e.Name.Local)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		}
	}
	require.NotEmpty(t, ids)
	return ids
}

func TestBench(t *testing.T) {
	r := irrun(t, "bench", indicesXML, "--niter", "5", "--format", "json", "--nthreads", "1")
	requireCode(t, r, ExitOK)
	var doc map[string]any
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &doc))
	delete(doc, "cpu_ms_per_iter") // optional: absent where the system reports no CPU time, or 0
	require.Equal(t, []string{"compile_model_ms", "count", "duration_ms", "first_inference_ms", "latency_ms", "nthreads", "read_model_ms", "throughput_fps"}, keys(doc))
	require.Equal(t, float64(5), doc["count"])
	require.Equal(t, float64(1), doc["nthreads"])
	lat := doc["latency_ms"].(map[string]any)
	require.Equal(t, []string{"average", "max", "median", "min", "p90", "p99"}, keys(lat))
	require.LessOrEqual(t, lat["min"].(float64), lat["median"].(float64))
	require.LessOrEqual(t, lat["median"].(float64), lat["max"].(float64))
	require.Greater(t, doc["throughput_fps"].(float64), 0.0)
	for _, k := range []string{"read_model_ms", "compile_model_ms", "first_inference_ms"} {
		require.Greater(t, doc[k].(float64), 0.0, k)
	}
	require.Contains(t, r.stderr, "Read model took ")
	require.Contains(t, r.stderr, "Compile model took ")

	// the form compare.py uses
	r = irrun(t, "bench", stemXML, stemBin, "--time", "0.05", "--nthreads", "1", "--format", "json")
	requireCode(t, r, ExitOK)
	var cmp struct {
		Latency struct{ Median float64 } `json:"latency_ms"`
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &cmp))
	require.Greater(t, cmp.Latency.Median, 0.0)

	r = irrun(t, "bench", indicesXML, "--niter", "3", "--pc")
	requireCode(t, r, ExitOK)
	for _, label := range []string{"Count:", "Duration:", "Latency:", "Median:", "Average:", "Min:", "Max:", "Throughput:", "FPS", "Per-layer timings", "MaxPool"} {
		require.Contains(t, r.stdout, label)
	}
	r = irrun(t, "bench", dynamicXML, "--niter", "2", "--shape", "image=[1,3,9,9]")
	requireCode(t, r, ExitOK)
	r = irrun(t, "bench", dynamicXML, "--niter", "2")
	requireCode(t, r, ExitError)
}

func TestModelErrorsExit1(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.xml")
	require.NoError(t, os.WriteFile(bad, []byte(badXML), 0o644))
	for _, cmd := range []string{"run", "bench", "inspect"} {
		r := irrun(t, cmd, bad)
		requireCode(t, r, ExitError)
		if cmd == "inspect" {
			require.Contains(t, r.stdout, "model     bad", "inspect describes what it can")
		}
		require.Contains(t, r.stderr, "[edge-missing-port]")
	}
	r := irrun(t, "run", filepath.Join(t.TempDir(), "missing.xml"))
	requireCode(t, r, ExitError)
	require.Contains(t, r.stderr, "no such file")
}

func TestPanicIsInternalError(t *testing.T) {
	defer func(f func(*env) *cobra.Command) { buildRoot = f }(buildRoot)
	buildRoot = func(e *env) *cobra.Command {
		root := newRoot(e)
		root.AddCommand(&cobra.Command{Use: "boom", RunE: func(*cobra.Command, []string) error {
			var m map[string]int
			m["x"] = 1 // panics
			return nil
		}})
		return root
	}
	r := irrun(t, "boom")
	requireCode(t, r, ExitError)
	require.Equal(t, "irrun: internal error: assignment to entry in nil map\n", r.stderr)
}
