package cli

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestIRFrontendNegativeCheck runs `irrun check` on the rejected cases of OpenVINO's IR
// frontend tests (testdata/irfe, see graph/irfe_test.go): each is reported with its rule
// code at file:line:col, and check exits 1. The weights cases get the .bin their test
// builds, beside a copy of the XML.
func TestIRFrontendNegativeCheck(t *testing.T) {
	const dir = "../../../../testdata/irfe"
	i64 := func(v ...int64) []byte {
		b := make([]byte, 8*len(v))
		for i, x := range v {
			binary.LittleEndian.PutUint64(b[8*i:], uint64(x))
		}
		return b
	}
	cases := []struct {
		file string
		bin  []byte // nil: no .bin beside the XML
		want string // "line:col: error: ... [code]" prefix and code
		code string
	}{
		{"fb03-elementary-v9.xml", nil, ":1:21: error:", "ir-version"},
		{"fb04-missing-weights.xml", []byte{}, ":15:13: error:", "const-no-weights"},
		{"fb08-wrong-shape.xml", i64(0, 3, 2, 1), ":16:59: error:", "const-size-mismatch"},
		{"fb09-underallocated-weights.xml", i64(0, 3, 2), ":16:59: error:", "const-out-of-range"},
		{"fb11-missing-layer-data.xml", nil, ":3:9: error:", "missing-data"},
		{"fb12-wrong-dimensions.xml", nil, ":7:21: error:", "invalid-dim"},
		{"fb14-edge-wrong-port-id.xml", nil, ":26:9: error:", "edge-missing-port"},
		{"fb15-edge-wrong-layer-id.xml", nil, ":26:9: error:", "edge-missing-layer"},
		{"fb17-wrong-opset.xml", nil, ":3:53: error:", "unknown-opset"},
		{"ps04-dynamic-rank-negative.xml", nil, ":4:38: error:", "invalid-attribute"},
		{"ps05-dynamic-dim-negative.xml", nil, ":4:38: error:", "invalid-attribute"},
		{"ps06-wrong-dim.xml", nil, ":4:38: error:", "invalid-attribute"},
		{"ps07-wrong-boundary.xml", nil, ":4:38: error:", "invalid-attribute"},
		{"rt05-node-v11-multiple-rt-keys.xml", nil, ":7:17: error:", "duplicate-rt-info"},
		{"ex01-custom-op.xml", nil, ":14:56: error:", "unknown-opset"},
		{"fb25-empty-model.xml", nil, ":1:1: error:", "xml-syntax"},
	}
	tmp := t.TempDir()
	for _, tc := range cases {
		t.Run(tc.file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(dir, tc.file))
			require.NoError(t, err)
			xmlPath := filepath.Join(tmp, tc.file)
			require.NoError(t, os.WriteFile(xmlPath, data, 0o644))
			if tc.bin != nil {
				require.NoError(t, os.WriteFile(xmlPath[:len(xmlPath)-4]+".bin", tc.bin, 0o644))
			}
			r := irrun(t, "check", xmlPath)
			requireCode(t, r, ExitError)
			require.Contains(t, r.stdout, xmlPath+tc.want)
			require.Contains(t, r.stdout, "["+tc.code+"]")
		})
	}
}
