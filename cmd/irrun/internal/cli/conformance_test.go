package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
)

// conformanceCase is testdata/conformance/<source>/<case>/case.json: expected outputs from
// the ONNX backend tests, OpenVINO's spec and template tests, and PyTorch.
type conformanceCase struct {
	Inputs  map[string]string `json:"inputs"`
	Outputs []struct {
		Name    string  `json:"name"`
		File    string  `json:"file"`
		Compare string  `json:"compare"`
		Atol    float64 `json:"atol"`
		Rtol    float64 `json:"rtol"`
	} `json:"outputs"`
	Expect string `json:"expect"`
	Reason string `json:"reason"`
}

// TestRunReproducesGoldenOutputs drives `irrun run ... --ref` over every committed
// conformance case: the command line reproduces each golden output (exactly where the case
// says exact, within its tolerances where it says close).
func TestRunReproducesGoldenOutputs(t *testing.T) {
	dirs, err := filepath.Glob(filepath.Join("..", "..", "..", "..", "testdata", "conformance", "*", "*", "case.json"))
	require.NoError(t, err)
	require.NotEmpty(t, dirs)
	for _, file := range dirs {
		dir := filepath.Dir(file)
		name := filepath.Base(filepath.Dir(dir)) + "/" + filepath.Base(dir)
		t.Run(name, func(t *testing.T) {
			raw, err := os.ReadFile(file)
			require.NoError(t, err)
			var c conformanceCase
			require.NoError(t, json.Unmarshal(raw, &c))
			if c.Expect != "match" {
				t.Skipf("expect=%s: %s", c.Expect, c.Reason)
			}
			ref := t.TempDir()
			atol, rtol := 0.0, 0.0
			for _, o := range c.Outputs {
				data, err := os.ReadFile(filepath.Join(dir, o.File))
				require.NoError(t, err)
				require.NoError(t, os.WriteFile(filepath.Join(ref, o.Name+".npy"), data, 0o644))
				if o.Compare == "close" {
					atol, rtol = max(atol, o.Atol), max(rtol, o.Rtol)
				}
			}
			args := []string{"run", filepath.Join(dir, "model.xml"), filepath.Join(dir, "model.bin"),
				"--ref", ref, "--atol", strconv.FormatFloat(atol, 'g', -1, 64), "--rtol", strconv.FormatFloat(rtol, 'g', -1, 64), "--nthreads", "2"}
			for param, f := range c.Inputs {
				args = append(args, "-i", param+"="+filepath.Join(dir, f))
			}
			r := irrun(t, args...)
			requireCode(t, r, ExitOK)
			for _, o := range c.Outputs {
				require.Contains(t, r.stdout, `ref "`+o.Name+`": ok`)
			}
			require.NotContains(t, r.stdout, "MISMATCH")
			require.NotContains(t, r.stdout, "skipped")
		})
	}
}
