package graph_test

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/irrun/irrun/graph"
	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

// wantRe matches an annotation: `<!-- want: code1 code2 -->` applies to the next line that
// is not itself a comment.
var wantRe = regexp.MustCompile(`<!--\s*want:\s*([a-z0-9 ,-]+?)\s*-->`)

// wants returns, per 1-based line, the codes annotated for it.
func wants(t *testing.T, data []byte) map[int][]string {
	t.Helper()
	out := map[int][]string{}
	var pending []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if m := wantRe.FindStringSubmatch(text); m != nil {
			pending = append(pending, strings.FieldsFunc(m[1], func(r rune) bool { return r == ' ' || r == ',' })...)
			continue
		}
		if strings.HasPrefix(text, "<!--") {
			continue
		}
		if len(pending) > 0 {
			out[line] = pending
			pending = nil
		}
	}
	require.NoError(t, sc.Err())
	require.Empty(t, pending, "annotation at end of file")
	return out
}

// buildFile reads and builds one IR file (with its .bin when present).
func buildFile(t testing.TB, xml string) *graph.Graph {
	t.Helper()
	m, err := ir.ReadFile(xml, "")
	require.NoError(t, err, xml)
	return graph.Build(m)
}

// got returns the diagnostics per line, as "code" strings.
func gotByLine(g *graph.Graph) map[int][]string {
	out := map[int][]string{}
	for _, d := range g.Diagnostics {
		line, _ := g.Model.Source.LineCol(d.Offset)
		out[line] = append(out[line], d.Code)
	}
	return out
}

// TestAnnotatedRules checks every graph/testdata/*.xml: each line annotated with
// `<!-- want: CODE ... -->` gets exactly those diagnostics, and no other line gets any.
func TestAnnotatedRules(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.xml"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	covered := map[string]bool{}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			data, err := os.ReadFile(f)
			require.NoError(t, err)
			want := wants(t, data)
			g := buildFile(t, f)
			got := gotByLine(g)
			lines := map[int]bool{}
			for l := range want {
				lines[l] = true
			}
			for l := range got {
				lines[l] = true
			}
			keys := make([]int, 0, len(lines))
			for l := range lines {
				keys = append(keys, l)
			}
			sort.Ints(keys)
			for _, l := range keys {
				w, gt := slices.Clone(want[l]), slices.Clone(got[l])
				slices.Sort(w)
				slices.Sort(gt)
				require.Equal(t, w, gt, "%s:%d: codes (diagnostics: %s)", f, l, dump(g))
				for _, c := range gt {
					covered[c] = true
				}
			}
		})
	}
	// Every rule graph emits has a testdata case.
	for _, code := range []string{
		"duplicate-layer-id", "edge-missing-layer", "edge-missing-port", "duplicate-input-edge",
		"input-not-connected", "cycle", "unknown-opset", "op-not-in-opset", "invalid-attribute",
		"attribute-ignored", "op-validation", "unsupported-op", "unreachable-layer",
		"port-dims-mismatch", "declared-shape-mismatch", "port-precision-mismatch",
	} {
		require.True(t, covered[code], "no testdata case for %s", code)
	}
}

func dump(g *graph.Graph) string {
	var b strings.Builder
	for _, d := range g.Diagnostics {
		line, col := g.Model.Source.LineCol(d.Offset)
		fmt.Fprintf(&b, "\n  %d:%d %s %s: %s", line, col, d.Severity, d.Code, d.Message)
	}
	return b.String()
}
