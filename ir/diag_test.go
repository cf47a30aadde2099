package ir

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

var wantRE = regexp.MustCompile(`<!--\s*want:\s*([a-z-]+)(?:\s+(error|warning|info))?\s*-->`)

// TestDiagnosticFiles reads every testdata/diag/*.xml (with the .bin beside it, if any).
// Each `<!-- want: CODE [severity] -->` comment asks for a diagnostic CODE (default
// severity error) on the following line; every want must be produced, and no
// error-severity diagnostic may appear that is not wanted.
func TestDiagnosticFiles(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "diag", "*.xml"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	codes := map[string]bool{}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			data, err := os.ReadFile(path)
			require.NoError(t, err)
			var wants []string
			sc := bufio.NewScanner(bytes.NewReader(data))
			for line := 1; sc.Scan(); line++ {
				for _, mm := range wantRE.FindAllStringSubmatch(sc.Text(), -1) {
					sev := mm[2]
					if sev == "" {
						sev = "error"
					}
					wants = append(wants, fmt.Sprintf("%d %s %s", line+1, sev, mm[1]))
					codes[mm[1]] = true
				}
			}
			require.NotEmpty(t, wants, "file has no want comment")

			var got []string
			m, err := ReadFile(path, "")
			if err != nil {
				d, line, _, ok := DiagnosticOf(err)
				require.True(t, ok, "fatal error without a diagnostic: %v", err)
				got = append(got, fmt.Sprintf("%d %s %s", line, d.Severity, d.Code))
				require.Contains(t, err.Error(), fmt.Sprintf("%s:%d:", path, line))
			} else {
				for _, d := range m.Diagnostics {
					line, _ := m.Source.LineCol(d.Offset)
					got = append(got, fmt.Sprintf("%d %s %s", line, d.Severity, d.Code))
					require.NotEmpty(t, d.Message)
				}
			}
			for _, w := range wants {
				require.Contains(t, got, w, "wanted diagnostic missing; got %v", got)
			}
			for _, g := range got {
				if strings.Contains(g, " error ") {
					require.Contains(t, wants, g, "unwanted error diagnostic")
				}
			}
		})
	}
	// One file per rule code.
	all := []string{CodeXMLSyntax, CodeIRVersion, CodeNotIR, CodeMissingAttribute, CodeInvalidAttribute,
		CodeInvalidDim, CodeInvalidPrecision, CodeDuplicateRTInfo, CodeConstNoWeights, CodeConstOutOfRange,
		CodeConstSizeMismatch, CodeNoWeights, CodeMissingData, CodeUnknownOpset, CodeDuplicateLayerID,
		CodeEdgeMissingLayer, CodeEdgeMissingPort}
	for _, c := range all {
		require.True(t, codes[c], "no testdata/diag file wants %s", c)
		require.FileExists(t, filepath.Join("testdata", "diag", c+".xml"))
	}
	require.Len(t, slices.Compact(slices.Sorted(func(yield func(string) bool) {
		for c := range codes {
			if !yield(c) {
				return
			}
		}
	})), len(all))
}
