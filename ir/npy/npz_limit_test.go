package npy

import (
	"archive/zip"
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/irrun/irrun/ir"
)

// writeDeflatedNPZ writes an .npz whose one member is a deflated array of n zero float32s:
// a few kilobytes on disk that expand to 4n bytes.
func writeDeflatedNPZ(t *testing.T, n int) string {
	t.Helper()
	var arr bytes.Buffer
	require.NoError(t, Write(&arr, &ir.Tensor{Type: ir.F32, Shape: []int{n}, Data: make([]float32, n)}))
	path := filepath.Join(t.TempDir(), "bomb.npz")
	f, err := os.Create(path)
	require.NoError(t, err)
	zw := zip.NewWriter(f)
	w, err := zw.CreateHeader(&zip.FileHeader{Name: "x.npy", Method: zip.Deflate})
	require.NoError(t, err)
	_, err = w.Write(arr.Bytes())
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	require.NoError(t, f.Close())
	return path
}

func TestReadNPZLimit(t *testing.T) {
	const n = 4 << 20 // 16 MiB of float32 zeros
	path := writeDeflatedNPZ(t, n)
	st, err := os.Stat(path)
	require.NoError(t, err)
	require.Less(t, st.Size(), int64(1<<20), "the archive must be far smaller than its data")

	tests := []struct {
		name    string
		limit   int64
		wantErr string
	}{
		{"within the budget", 16 << 20, ""},
		{"header declares more than the budget", 1 << 20, "(16777216 bytes of data), more than the limit of 1048576 bytes"},
		{"non-positive limit means the default", 0, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			arrays, order, err := ReadNPZLimit(path, tc.limit)
			if tc.wantErr != "" {
				require.ErrorContains(t, err, tc.wantErr)
				require.ErrorContains(t, err, "bomb.npz")
				return
			}
			require.NoError(t, err)
			require.Equal(t, []string{"x"}, order)
			require.Equal(t, []int{n}, arrays["x"].Shape)
		})
	}
}
