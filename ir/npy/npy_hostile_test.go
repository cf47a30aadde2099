package npy

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"
)

// hostileNpy is a version-1 .npy file with the given header text and data.
func hostileNpy(hdr string, data []byte) []byte {
	var b bytes.Buffer
	b.WriteString(Magic + "\x01\x00")
	b.WriteByte(byte(len(hdr)))
	b.WriteByte(byte(len(hdr) >> 8))
	b.WriteString(hdr)
	b.Write(data)
	return b.Bytes()
}

// TestHostileNpyHeaders: headers that lie about the data size, overflow, or run past the
// file end are errors naming the values, and neither Read (a stream of unknown length) nor
// ReadFile allocates what the header claims.
func TestHostileNpyHeaders(t *testing.T) {
	cases := []struct {
		name string
		data []byte
		msg  string // for Read; ReadFile checks the size first
		file string // for ReadFile
	}{
		{"claims 8 TiB", hostileNpy("{'descr': '<f8', 'fortran_order': False, 'shape': (1099511627776,), }", make([]byte, 16)),
			"declares shape [1099511627776] of <f8 (8796093022208 bytes of data) but the data is shorter",
			"declares shape [1099511627776] of <f8 (8796093022208 bytes of data) but the file holds 16 bytes of data"},
		{"fortran claims 8 TiB", hostileNpy("{'descr': '<f8', 'fortran_order': True, 'shape': (1048576, 1048576), }", make([]byte, 16)),
			"but the data is shorter", "but the file holds 16 bytes of data"},
		{"count overflows", hostileNpy("{'descr': '<i8', 'fortran_order': False, 'shape': (4294967296, 4294967296, 4294967296), }", nil),
			"4294967296", "4294967296"},
		{"dim overflows int64", hostileNpy("{'descr': '<i8', 'fortran_order': False, 'shape': (99999999999999999999,), }", nil),
			"99999999999999999999", "99999999999999999999"},
		{"negative dim", hostileNpy("{'descr': '<f4', 'fortran_order': False, 'shape': (-1,), }", nil), "-1", "-1"},
		{"header past end", append([]byte(Magic+"\x01\x00"), 0xff, 0xff, '{'), "truncated .npy header: expected 65535 bytes",
			"header length 65535 runs past the end of the file"},
		{"v2 header 2 GiB", append([]byte(Magic+"\x02\x00"), 0xff, 0xff, 0xff, 0x7f), "header length 2147483647 exceeds the limit of 262144 bytes",
			"header length 2147483647 exceeds the limit of 262144 bytes"},
		{"v3 header 4 GiB", append([]byte(Magic+"\x03\x00"), 0xff, 0xff, 0xff, 0xff), "header length 4294967295 exceeds the limit",
			"header length 4294967295 exceeds the limit"},
		{"unknown version", []byte(Magic + "\x09\x00\x00\x00"), ".npy format version 9.0", ".npy format version 9.0"},
		{"unsupported dtype", hostileNpy("{'descr': '<c16', 'fortran_order': False, 'shape': (1,), }", make([]byte, 16)), "c16", "c16"},
		{"object dtype", hostileNpy("{'descr': '|O', 'fortran_order': False, 'shape': (1,), }", make([]byte, 8)), "|O", "|O"},
		{"empty", nil, "empty file", "empty file"},
		{"magic only", []byte(Magic), "truncated .npy preamble", "truncated .npy preamble"},
	}
	dir := t.TempDir()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			v, err := Read(bytes.NewReader(tc.data))
			runtime.ReadMemStats(&after)
			require.Nil(t, v)
			require.ErrorContains(t, err, tc.msg)
			require.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(2<<20), "bytes allocated by Read")

			p := filepath.Join(dir, "h.npy")
			require.NoError(t, os.WriteFile(p, tc.data, 0o644))
			runtime.ReadMemStats(&before)
			v, err = ReadFile(p)
			runtime.ReadMemStats(&after)
			require.Nil(t, v)
			require.ErrorContains(t, err, tc.file)
			require.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(2<<20), "bytes allocated by ReadFile")
		})
	}
}
