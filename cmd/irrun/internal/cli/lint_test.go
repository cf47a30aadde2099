package cli

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// go test ./cmd/irrun/internal/cli -run TestLintExamples -update rewrites docs/lint-rules.md
// from the real output of irrun check on testdata/examples/lint/<code>/.
var update = flag.Bool("update", false, "rewrite docs/lint-rules.md from the lint examples")

const (
	lintDir  = "../../../../testdata/examples/lint"
	lintDocs = "../../../../docs/lint-rules.md"
)

// ruleOrder is the order of docs/lint-rules.md, with each rule's explanation. A rule
// without an example directory is documented without one (noExample says why).
var ruleOrder = []struct {
	code, details, noExample string
}{
	{code: "xml-syntax", details: "The file is not well-formed XML: an unclosed or mismatched element, bad attribute quoting, a DOCTYPE, or elements nested deeper than 256 levels. Reading stops here, so this is the only diagnostic of the file."},
	{code: "not-ir", details: "The root element is not `<net>`: the file is XML but not an OpenVINO IR. Reading stops here."},
	{code: "ir-version", details: "`<net version>` is missing, not an integer, or not 10 or 11 (the versions OpenVINO's IR frontend reads; IR v7 and older came from Model Optimizer before 2020.1). Reading stops here."},
	{code: "missing-attribute", details: "A mandatory attribute is absent: a layer's id/name/type/version, a port's id, an output port's precision, an edge's from-layer/from-port/to-layer/to-port (only from-layer/to-layer in `<back_edges>`), or a Const's element_type/shape/offset/size. An IR v11 rt_info `<attribute>` without a name or version is a warning: OpenVINO ignores it."},
	{code: "invalid-attribute", details: "An attribute value does not parse or is out of range: a non-integer in an integer list, an unknown enum value, a layer or port id above 2^63-1, a Const shape or element type that cannot hold data."},
	{code: "attribute-ignored", details: "An attribute value that OpenVINO does not reject but silently replaces (a boolean that is not true/false/1/0 keeps its default; a non-integer reads as 0). The model loads; the value written is not the one used."},
	{code: "invalid-dim", details: "A port `<dim>` is not an integer >= -1 (-1 is the only dynamic spelling in port dims; `?` and ranges belong in a Parameter's shape attribute)."},
	{code: "invalid-precision", details: "A port precision is not an element type OpenVINO knows (spellings are case-sensitive: `FP32` and `f32` are valid, `F32` is not). An error on output ports; a warning on input ports, whose precision OpenVINO ignores."},
	{code: "duplicate-rt-info", details: "Two rt_info `<attribute>` elements of one node share a name (OpenVINO refuses the file)."},
	{code: "missing-data", details: "A Parameter or Const has no `<data>` element, so its type, shape or weights are unknown."},
	{code: "unknown-opset", details: "A layer's version attribute names no opset OpenVINO knows (opset1 ... opset16, experimental, extension, ...)."},
	{code: "op-not-in-opset", details: "The layer's opset is known but does not contain its op type (AdaptiveAvgPool first appears in opset8)."},
	{code: "unsupported-op", details: "irrun does not implement the op at this version. One diagnostic per op type, at its first layer. The model can still be checked and inspected (the layer's outputs take its declared port types and dims), but not run."},
	{code: "unsupported-feature", details: "irrun implements the op but not a value the layer uses: an element type no kernel computes, an index type other than i32/i64, an adaptive output_size that is not a constant (irrun plans shapes before execution). Like unsupported-op, the model loads and checks but cannot run."},
	{code: "op-validation", details: "The op's own validation rejects its inputs or attributes, with OpenVINO's message and the numbers involved (a kernel larger than the padded input, a wrong input rank, a bad axis)."},
	{code: "const-no-weights", details: "A Const needs bytes but the .bin given is empty (or holds nothing at all)."},
	{code: "const-out-of-range", details: "A Const's offset+size lies outside the .bin (the .bin is truncated or belongs to another model)."},
	{code: "const-size-mismatch", details: "A Const's size attribute is smaller than its shape and element type need."},
	{code: "no-weights", details: "No .bin was given and none lies beside the XML: the XML alone was checked and Const data was not. Add the .bin to check the weights too."},
	{code: "duplicate-layer-id", details: "Two layers of one graph (the model or one sub-graph body) share an id, so edges to that id are ambiguous."},
	{code: "edge-missing-layer", details: "An edge names a layer id that does not exist in its graph."},
	{code: "edge-missing-port", details: "An edge names a port id the layer does not declare (an output port on the producer side, an input port on the consumer side)."},
	{code: "duplicate-input-edge", details: "Two edges feed one input port."},
	{code: "input-not-connected", details: "An input port the op needs has no edge."},
	{code: "cycle", details: "The edges form a cycle (a self-loop included): the graph has no execution order."},
	{code: "unreachable-layer", details: "A layer feeds no Result (nor an Assign): OpenVINO drops it silently. Often a leftover of graph surgery."},
	{code: "port-dims-mismatch", details: "A consumer's input port declares dims incompatible with the producer's output port."},
	{code: "declared-shape-mismatch", details: "A port's declared dims disagree with the shape irrun infers (irrun uses the inferred shape)."},
	{code: "port-precision-mismatch", details: "A port's declared precision disagrees with the element type irrun infers (irrun uses the inferred type)."},
	{code: codeReadError, noExample: "", details: "irrun check could not open or read a file (it does not exist, is a directory, or a .bin cannot be opened). Reported as a diagnostic so that a batch check goes on with the other files."},
}

func TestLintExamples(t *testing.T) {
	entries, err := os.ReadDir(lintDir)
	require.NoError(t, err)
	documented := map[string]bool{}
	for _, r := range ruleOrder {
		documented[r.code] = true
		require.Contains(t, ruleDescriptions, r.code, "every documented rule has a SARIF description")
	}
	for code := range ruleDescriptions {
		require.True(t, documented[code], "rule %s is documented", code)
	}
	outputs := map[string]string{}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		code := e.Name()
		require.True(t, documented[code], "example %s names a documented rule", code)
		t.Run(code, func(t *testing.T) {
			t.Chdir(filepath.Join(lintDir, code))
			r := irrun(t, "check", "model.xml")
			require.Contains(t, r.stdout, "["+code+"]\n")
			outputs[code] = r.stdout
		})
	}
	// read-error has no example directory: its output is that of a missing file
	t.Run(codeReadError, func(t *testing.T) {
		t.Chdir(t.TempDir())
		r := irrun(t, "check", "missing.xml")
		requireCode(t, r, ExitError)
		require.Contains(t, r.stdout, "["+codeReadError+"]\n")
		outputs[codeReadError] = r.stdout
	})
	if *update {
		writeLintDocs(t, outputs)
	}
}

func writeLintDocs(t *testing.T, outputs map[string]string) {
	var b strings.Builder
	b.WriteString(`# irrun lint rules

` + "`irrun check`" + ` (and the diagnostics that ` + "`run`, `bench` and `inspect`" + ` print) reports every problem
of an IR file with a stable rule code. This page lists them all; SARIF output links each
result here (` + "`helpUri`" + `).

Each example below is a real file under ` + "`testdata/examples/lint/<code>/`" + ` (the base model is
Parameter 1x1x4x4 -> MaxPool-1 2x2 stride 2 -> Result, with one defect) and the output is
what ` + "`irrun check model.xml`" + ` prints for it. The page is generated:
` + "`go test ./cmd/irrun/internal/cli -run TestLintExamples -update`" + `.

Severities: **error** (the model cannot be loaded as OpenVINO would load it; ` + "`check`" + ` exits 1),
**warning** (it loads, but something is likely wrong), **info** (a fact worth knowing).
Fatal errors (xml-syntax, not-ir, ir-version) stop the read, so they are the only diagnostic
of their file.

| code | severity | meaning |
| --- | --- | --- |
`)
	sev := func(code string) string {
		out := outputs[code]
		for _, line := range strings.Split(out, "\n") {
			if strings.HasSuffix(line, "["+code+"]") {
				for _, s := range []string{"error", "warning", "info"} {
					if strings.Contains(line, ": "+s+": ") {
						return s
					}
				}
			}
		}
		switch code {
		case "unsupported-feature":
			return "info"
		}
		return "error"
	}
	for _, r := range ruleOrder {
		s := sev(r.code)
		if r.code == "invalid-precision" {
			s = "error, warning"
		}
		desc := strings.NewReplacer("<", "&lt;", ">", "&gt;").Replace(ruleDescriptions[r.code])
		fmt.Fprintf(&b, "| [`%s`](#%s) | %s | %s |\n", r.code, r.code, s, desc)
	}
	for _, r := range ruleOrder {
		fmt.Fprintf(&b, "\n## %s\n\nSeverity: **%s**. %s\n", r.code, sev(r.code), r.details)
		out, ok := outputs[r.code]
		if !ok {
			if r.noExample != "" {
				fmt.Fprintf(&b, "\n%s\n", r.noExample)
			}
			continue
		}
		if r.code == codeReadError {
			fmt.Fprintf(&b, "\n```console\n$ irrun check missing.xml\n%s```\n", out)
			continue
		}
		src, err := os.ReadFile(filepath.Join(lintDir, r.code, "model.xml"))
		require.NoError(t, err)
		fmt.Fprintf(&b, "\n`testdata/examples/lint/%s/model.xml`, around the problem:\n\n```xml\n%s```\n", r.code, excerpt(string(src), out, r.code))
		bin := ""
		if _, err := os.Stat(filepath.Join(lintDir, r.code, "model.bin")); err == nil {
			st, _ := os.Stat(filepath.Join(lintDir, r.code, "model.bin"))
			bin = fmt.Sprintf(" (beside a %d-byte model.bin)", st.Size())
		}
		fmt.Fprintf(&b, "\n```console\n$ irrun check model.xml%s\n%s```\n", bin, out)
	}
	b.WriteString(`
## What the real corpus reports

` + "`irrun check`" + ` infers every layer of the 38 models in ` + "`../shared/corpus`" + ` with OpenVINO's
rules (` + "`graph/corpus_infer_test.go`" + ` requires it, and that every inferred output equals the
dims its port declares). It finds no error and one warning, a real defect of the file:

- **person-reid-0287-int8**, MaxPool-8 layer "567" (id 68), ` + "`port-precision-mismatch`" + `: the
  indices output port declares ` + "`FP32`" + `, but the layer's ` + "`index_element_type`" + ` is i64 and
  OpenVINO's own inference gives i64. OpenVINO re-infers the type when it loads the model, so
  the model works; the port precision in the file is simply wrong (the indices output is
  unused).

The infos are ` + "`no-weights`" + ` for the 13 models without a .bin, and ` + "`unsupported-feature`" + ` for
layers irrun infers but cannot execute yet with the types they use.
`)
	require.NoError(t, os.WriteFile(lintDocs, []byte(b.String()), 0o644))
}

// excerpt returns the lines of src around the line the rule's diagnostic points at, with
// line numbers.
func excerpt(src, out, code string) string {
	lines := strings.Split(strings.TrimSuffix(src, "\n"), "\n")
	target := 0
	for _, l := range strings.Split(out, "\n") {
		if strings.HasSuffix(l, "["+code+"]") {
			var line, col int
			if _, err := fmt.Sscanf(l, "model.xml:%d:%d:", &line, &col); err == nil {
				target = line
			}
			break
		}
	}
	lo, hi := 1, len(lines)
	if target > 0 {
		lo, hi = max(1, target-3), min(len(lines), target+3)
	}
	var b strings.Builder
	for i := lo; i <= hi; i++ {
		fmt.Fprintf(&b, "%3d %s\n", i, strings.ReplaceAll(lines[i-1], "\t", "  "))
	}
	return b.String()
}
