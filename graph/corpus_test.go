package graph_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/irrun/irrun/graph"
	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

var corpusDir = filepath.Join("..", "..", "shared", "corpus")

func corpusModels(t testing.TB, pattern string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(corpusDir, pattern, "model.xml"))
	require.NoError(t, err)
	if len(files) == 0 {
		t.Skip("corpus not found at", corpusDir)
	}
	return files
}

// TestCorpusModels: every real model of the corpus builds without an error diagnostic.
func TestCorpusModels(t *testing.T) {
	for _, f := range corpusModels(t, "*") {
		name := filepath.Base(filepath.Dir(f))
		if name == "negative" || name == "edge-valid" {
			continue
		}
		t.Run(name, func(t *testing.T) {
			g := buildFile(t, f)
			require.False(t, g.HasErrors(), "diagnostics: %s", dump(g))
			require.NoError(t, g.Err())
			require.Len(t, g.Nodes, len(g.Model.Layers))
			require.Len(t, g.Order, len(g.Nodes), "every node is ordered")
			require.NotEmpty(t, g.Results)
		})
	}
}

// TestCorpusEdgeValid: the edge-valid cases load without errors; v01 and v02 warn that the
// pooling layer's declared output dims disagree with inference (12x12 inferred, 11x11
// declared: OpenVINO re-infers and loads them).
func TestCorpusEdgeValid(t *testing.T) {
	for _, f := range corpusModels(t, filepath.Join("edge-valid", "*")) {
		name := filepath.Base(filepath.Dir(f))
		t.Run(name, func(t *testing.T) {
			g := buildFile(t, f)
			require.False(t, g.HasErrors(), "diagnostics: %s", dump(g))
			if strings.HasPrefix(name, "v01") || strings.HasPrefix(name, "v02") {
				var found bool
				for _, d := range g.Diagnostics {
					if d.Code == "declared-shape-mismatch" {
						found = true
						require.Equal(t, ir.SeverityWarning, d.Severity)
						require.Equal(t, "pool", d.LayerName)
						require.Equal(t, "1", d.LayerID)
						require.Contains(t, d.Message, "[1,3,11,11]")
						require.Contains(t, d.Message, "[1,3,12,12]")
						line, _ := g.Model.Source.LineCol(d.Offset)
						require.Equal(t, 25, line) // the <port id="2"> of the pool's <output>
					}
				}
				require.True(t, found, "no declared-shape-mismatch: %s", dump(g))
			}
		})
	}
}

// TestCorpusNegative: every negative case is rejected with an error diagnostic at the
// offending line (the reader's fatal errors count when the read itself fails).
func TestCorpusNegative(t *testing.T) {
	cases := []struct {
		dir  string
		line int
		code string
	}{
		{"n01-ir-version-9", 1, "ir-version"},
		{"n02-const-without-weights", 15, "const-no-weights"},
		{"n03-const-size-vs-shape", 16, "const-size-mismatch"},
		{"n04-underallocated-weights", 16, "const-out-of-range"},
		{"n05-parameter-without-data", 3, "missing-data"},
		{"n06-dim-minus-2", 7, "invalid-dim"},
		{"n07-edge-to-missing-port", 26, "edge-missing-port"},
		{"n08-edge-to-missing-layer", 26, "edge-missing-layer"},
		{"n09-unknown-opset", 3, "unknown-opset"},
		{"n10-shape-two-dynamic-ranks", 4, "invalid-attribute"},
		{"n11-shape-ellipsis-in-middle", 4, "invalid-attribute"},
		{"n12-shape-bad-dim", 4, "invalid-attribute"},
		{"n13-shape-bad-interval", 4, "invalid-attribute"},
		{"n14-legacy-ir-v6", 2, "ir-version"},
	}
	dirs, _ := filepath.Glob(filepath.Join(corpusDir, "negative", "*"))
	if len(dirs) == 0 {
		t.Skip("corpus not found at", corpusDir)
	}
	require.Len(t, cases, len(dirs), "one expectation per negative case")
	for _, c := range cases {
		t.Run(c.dir, func(t *testing.T) {
			xml := filepath.Join(corpusDir, "negative", c.dir, "model.xml")
			data, err := os.ReadFile(xml)
			require.NoError(t, err)
			m, err := ir.Parse(xml, data)
			if err != nil {
				d, line, _, ok := ir.DiagnosticOf(err)
				require.True(t, ok, "%v", err)
				require.Equal(t, c.code, d.Code)
				require.Equal(t, c.line, line, "%v", err)
				return
			}
			// The OpenVINO test passes an empty weights buffer (n02) or the .bin beside
			// the XML.
			bin := filepath.Join(corpusDir, "negative", c.dir, "model.bin")
			if w, err := os.ReadFile(bin); err == nil {
				m.SetWeights(ir.NewWeights(w, bin))
			} else {
				m.SetWeights(ir.NewWeights([]byte{}, ""))
			}
			g := graph.Build(m)
			require.True(t, g.HasErrors())
			var lines []string
			found := false
			for _, d := range g.Diagnostics {
				if d.Severity != ir.SeverityError {
					continue
				}
				line, _ := m.Source.LineCol(d.Offset)
				lines = append(lines, fmt.Sprintf("%d:%s", line, d.Code))
				found = found || (line == c.line && d.Code == c.code)
			}
			require.True(t, found, "want %s at line %d, got %v", c.code, c.line, lines)
			_, err = graph.Compile(g, graph.Options{})
			var fe *ir.FormatError
			require.ErrorAs(t, err, &fe)
			require.Equal(t, xml, fe.File)
		})
	}
}

// TestBuildSpeedChain builds and checks a generated 20,000-layer chain.
func TestBuildSpeedChain(t *testing.T) {
	const n = 20000
	data := chainXML(n)
	start := time.Now()
	m, err := ir.Parse("chain.xml", data)
	require.NoError(t, err)
	g := graph.Build(m)
	elapsed := time.Since(start)
	require.False(t, g.HasErrors(), "%s", dump(g))
	require.Len(t, g.Nodes, n)
	require.Len(t, g.Order, n)
	last := g.Nodes[n-2]
	require.True(t, last.Outputs[0].Inferred)
	require.Equal(t, "[1,2,64,64]", last.Outputs[0].Shape.String())
	t.Logf("20,000-layer chain: read + build + check in %v", elapsed)
	// Target: < 2 s; the bound is generous for -race and loaded machines.
	limit := 10 * time.Second
	if raceEnabled {
		limit = 60 * time.Second
	}
	require.Less(t, elapsed, limit)
}

// chainXML generates Parameter -> n-2 layers (MaxPool k1 s1 / Convert / AvgPool k1 s1,
// cycling) -> Result as IR v11 text.
func chainXML(n int) []byte {
	var b strings.Builder
	port := `<port id="%d" precision="FP32"><dim>1</dim><dim>2</dim><dim>64</dim><dim>64</dim></port>`
	b.WriteString("<?xml version=\"1.0\"?>\n<net name=\"chain\" version=\"11\">\n<layers>\n")
	b.WriteString(`<layer id="0" name="x" type="Parameter" version="opset1"><data shape="1,2,64,64" element_type="f32"/><output>` + fmt.Sprintf(port, 0) + "</output></layer>\n")
	for i := 1; i < n-1; i++ {
		var head string
		switch i % 3 {
		case 0:
			head = fmt.Sprintf(`<layer id="%d" name="l%d" type="MaxPool" version="opset8"><data strides="1, 1" dilations="1, 1" pads_begin="0, 0" pads_end="0, 0" kernel="1, 1" rounding_type="floor" auto_pad="explicit" index_element_type="i64" axis="0"/>`, i, i)
		case 1:
			head = fmt.Sprintf(`<layer id="%d" name="l%d" type="Convert" version="opset1"><data destination_type="f32"/>`, i, i)
		default:
			head = fmt.Sprintf(`<layer id="%d" name="l%d" type="AvgPool" version="opset1"><data strides="1, 1" pads_begin="0, 0" pads_end="0, 0" kernel="1, 1" exclude-pad="true" rounding_type="floor" auto_pad="explicit"/>`, i, i)
		}
		b.WriteString(head)
		b.WriteString("<input>" + fmt.Sprintf(port, 0) + "</input><output>" + fmt.Sprintf(port, 1))
		if i%3 == 0 {
			b.WriteString(`<port id="2" precision="I64"><dim>1</dim><dim>2</dim><dim>64</dim><dim>64</dim></port>`)
		}
		b.WriteString("</output></layer>\n")
	}
	fmt.Fprintf(&b, `<layer id="%d" name="y" type="Result" version="opset1"><input>`+port+"</input></layer>\n", n-1, 0)
	b.WriteString("</layers>\n<edges>\n")
	for i := 1; i < n; i++ {
		from := 1
		if i == 1 {
			from = 0
		}
		fmt.Fprintf(&b, `<edge from-layer="%d" from-port="%d" to-layer="%d" to-port="0"/>`+"\n", i-1, from, i)
	}
	b.WriteString("</edges>\n</net>\n")
	return []byte(b.String())
}

// BenchmarkCheckLargestCorpusModel reads, builds and checks the largest corpus model
// (geti-dice-detection-2022.3, 2,485 layers).
func BenchmarkCheckLargestCorpusModel(b *testing.B) {
	xml := filepath.Join(corpusDir, "geti-dice-detection-2022.3", "model.xml")
	data, err := os.ReadFile(xml)
	if err != nil {
		b.Skip("corpus not found:", err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		m, err := ir.Parse(xml, data)
		if err != nil {
			b.Fatal(err)
		}
		if g := graph.Build(m); g.HasErrors() {
			b.Fatal(g.Err())
		}
	}
}
