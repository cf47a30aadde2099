package npy

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/x448/float16"

	"github.com/irrun/irrun/ir"
)

// The fixtures in testdata/ were written by NumPy 1.24 (testdata/gen.py).
func TestReadNumPyFixtures(t *testing.T) {
	tests := []struct {
		file  string
		typ   ir.ElementType
		shape []int
		data  any
	}{
		{"f32_2x3.npy", ir.F32, []int{2, 3}, []float32{-2.5, -1.5, -0.5, 0.5, 1.5, 2.5}},
		{"f64_be.npy", ir.F64, []int{3}, []float64{1.5, -2.25, 1e300}},
		{"i32_fortran.npy", ir.I32, []int{2, 3, 4}, func() []int32 {
			v := make([]int32, 24)
			for i := range v {
				v[i] = int32(i)
			}
			return v
		}()},
		{"bool_3.npy", ir.Boolean, []int{3}, []bool{true, false, true}},
		{"f16_scalar.npy", ir.F16, []int{}, []float16.Float16{float16.Fromfloat32(0.333)}},
		{"u8_empty.npy", ir.U8, []int{0, 4}, []uint8{}},
		{"i64_be_2x2.npy", ir.I64, []int{2, 2}, []int64{-1, 1 << 40, 3, -(1 << 62)}},
		{"i8_4.npy", ir.I8, []int{4}, []int8{-128, -1, 0, 127}},
		{"u32_u64.npy", ir.U32, []int{2}, []uint32{4294967295, 1}},
		{"u64_2.npy", ir.U64, []int{2}, []uint64{math.MaxUint64, 0}},
		{"u16_v2.npy", ir.U16, []int{3}, []uint16{1, 65535, 7}},
		{"i16_v3.npy", ir.I16, []int{2}, []int16{-3, 4}},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			got, err := ReadFile(filepath.Join("testdata", tc.file))
			require.NoError(t, err)
			require.Equal(t, tc.typ, got.Type)
			require.Equal(t, tc.shape, got.Shape)
			require.Equal(t, tc.data, got.Data)
		})
	}
}

func TestWriteMatchesNumPyBytes(t *testing.T) {
	for _, file := range []string{"f32_2x3.npy", "bool_3.npy", "f16_scalar.npy", "u8_empty.npy", "i8_4.npy", "u64_2.npy"} {
		t.Run(file, func(t *testing.T) {
			want, err := os.ReadFile(filepath.Join("testdata", file))
			require.NoError(t, err)
			tt, err := Read(bytes.NewReader(want))
			require.NoError(t, err)
			var b bytes.Buffer
			require.NoError(t, Write(&b, tt))
			require.Equal(t, want, b.Bytes())
		})
	}
}

func TestRoundTripEveryType(t *testing.T) {
	tensors := []*ir.Tensor{
		{Type: ir.F32, Shape: []int{2, 2}, Data: []float32{1, float32(math.NaN()), float32(math.Inf(-1)), -0}},
		{Type: ir.F64, Shape: []int{1}, Data: []float64{math.Pi}},
		{Type: ir.F16, Shape: []int{2}, Data: []float16.Float16{float16.Fromfloat32(1.5), float16.Inf(-1)}},
		{Type: ir.I8, Shape: []int{2}, Data: []int8{-7, 7}},
		{Type: ir.U8, Shape: []int{2}, Data: []uint8{0, 255}},
		{Type: ir.I16, Shape: []int{2}, Data: []int16{-300, 300}},
		{Type: ir.U16, Shape: []int{2}, Data: []uint16{0, 65535}},
		{Type: ir.I32, Shape: []int{1, 1, 2}, Data: []int32{math.MinInt32, math.MaxInt32}},
		{Type: ir.U32, Shape: []int{2}, Data: []uint32{0, math.MaxUint32}},
		{Type: ir.I64, Shape: []int{2}, Data: []int64{math.MinInt64, math.MaxInt64}},
		{Type: ir.U64, Shape: []int{2}, Data: []uint64{0, math.MaxUint64}},
		{Type: ir.Boolean, Shape: []int{2}, Data: []bool{true, false}},
		{Type: ir.F32, Shape: []int{}, Data: []float32{42}},
		{Type: ir.F32, Shape: []int{3, 0}, Data: []float32{}},
	}
	for _, in := range tensors {
		t.Run(in.Type.String(), func(t *testing.T) {
			var b bytes.Buffer
			require.NoError(t, Write(&b, in))
			hlen := int(binary.LittleEndian.Uint16(b.Bytes()[8:10]))
			require.Zero(t, (10+hlen)%64, "data starts on a 64-byte boundary")
			out, err := Read(&b)
			require.NoError(t, err)
			require.Equal(t, in.Type, out.Type)
			require.Equal(t, in.Shape, out.Shape)
			if f, ok := in.Data.([]float32); ok && len(f) > 1 && math.IsNaN(float64(f[1])) {
				g := out.Data.([]float32)
				require.True(t, math.IsNaN(float64(g[1])))
				require.Equal(t, f[0], g[0])
				require.Equal(t, f[2], g[2])
				return
			}
			require.Equal(t, in.Data, out.Data)
		})
	}
}

func TestLargeRoundTripCrossesChunks(t *testing.T) {
	n := 3*chunkSize/4 + 17
	d := make([]float32, n)
	for i := range d {
		d[i] = float32(i) * 0.5
	}
	in := &ir.Tensor{Type: ir.F32, Shape: []int{n}, Data: d}
	path := filepath.Join(t.TempDir(), "big.npy")
	require.NoError(t, WriteFile(path, in))
	out, err := ReadFile(path)
	require.NoError(t, err)
	require.Equal(t, in.Data, out.Data)
}

func TestBF16WrittenAsFloat32(t *testing.T) {
	// bf16 bits 0x3FC0 = 1.5, 0xC000 = -2
	in := &ir.Tensor{Type: ir.BF16, Shape: []int{2}, Data: []uint16{0x3FC0, 0xC000}}
	var b bytes.Buffer
	require.NoError(t, Write(&b, in))
	out, err := Read(&b)
	require.NoError(t, err)
	require.Equal(t, ir.F32, out.Type)
	require.Equal(t, []float32{1.5, -2}, out.Data)
}

func TestWriteRejects(t *testing.T) {
	var b bytes.Buffer
	err := Write(&b, &ir.Tensor{Type: ir.I4, Shape: []int{1}, Data: []int8{1}})
	var ue *ir.UnsupportedError
	require.ErrorAs(t, err, &ue)
	require.Contains(t, err.Error(), "i4")
	err = Write(&b, &ir.Tensor{Type: ir.F32, Shape: []int{3}, Data: []float32{1}})
	require.ErrorContains(t, err, "holds 1 elements, not 3")
	err = Write(&b, &ir.Tensor{Type: ir.F32, Shape: []int{1}, Data: []int32{1}})
	require.ErrorContains(t, err, "Go type []int32")
}

func TestFortranOrder2D(t *testing.T) {
	// column-major [[1,2,3],[4,5,6]] is stored 1 4 2 5 3 6
	raw := npyBytes(t, 1, "{'descr': '<i2', 'fortran_order': True, 'shape': (2, 3), }", le16(1, 4, 2, 5, 3, 6))
	got, err := Read(bytes.NewReader(raw))
	require.NoError(t, err)
	require.Equal(t, []int16{1, 2, 3, 4, 5, 6}, got.Data)
}

// npyBytes builds a .npy file with the given version, header text and data.
func npyBytes(t testing.TB, major byte, hdr string, data []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	b.WriteString(Magic)
	b.WriteByte(major)
	b.WriteByte(0)
	if major == 1 {
		binary.Write(&b, binary.LittleEndian, uint16(len(hdr)))
	} else {
		binary.Write(&b, binary.LittleEndian, uint32(len(hdr)))
	}
	b.WriteString(hdr)
	b.Write(data)
	return b.Bytes()
}

func le16(v ...int16) []byte {
	var b []byte
	for _, x := range v {
		b = binary.LittleEndian.AppendUint16(b, uint16(x))
	}
	return b
}

func TestHostileInput(t *testing.T) {
	hdr := func(descr, shape string) string {
		return "{'descr': '" + descr + "', 'fortran_order': False, 'shape': " + shape + ", }\n"
	}
	tests := []struct {
		name    string
		raw     []byte
		wantErr string
		unsupp  bool
	}{
		{"empty", nil, "empty file", false},
		{"bad magic", []byte("\x93NUMPX\x01\x00\x00\x00"), "bad magic", false},
		{"short preamble", []byte("\x93NUM"), "truncated .npy preamble", false},
		{"version 4", []byte("\x93NUMPY\x04\x00\x00\x00"), ".npy format version 4.0", true},
		{"header runs past data", []byte("\x93NUMPY\x01\x00\xff\x00{'descr'"), "truncated .npy header", false},
		{"huge v2 header", []byte("\x93NUMPY\x02\x00\xff\xff\xff\x7f"), "exceeds the limit", false},
		{"shape lies (too big)", npyBytes(t, 1, hdr("<f4", "(1000000, 1000000)"), make([]byte, 16)), "but the data is shorter", false},
		{"shape overflows", npyBytes(t, 1, hdr("<f8", "(4294967296, 4294967296, 4294967296)"), nil), "more than", false},
		{"dim too large", npyBytes(t, 1, hdr("<f8", "(99999999999999999999,)"), nil), "too large", false},
		{"negative dim", npyBytes(t, 1, hdr("<f4", "(-1,)"), nil), "non-negative integer", false},
		{"truncated data", npyBytes(t, 1, hdr("<f4", "(4,)"), make([]byte, 15)), "but the data is shorter", false},
		{"structured dtype", npyBytes(t, 1, "{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (1,), }", nil), "structured dtypes", false},
		{"object dtype", npyBytes(t, 1, hdr("|O", "(1,)"), nil), "NumPy dtype \"|O\"", true},
		{"complex", npyBytes(t, 1, hdr("<c8", "(1,)"), nil), "NumPy dtype \"<c8\"", true},
		{"pipe on wide type", npyBytes(t, 1, hdr("|f4", "(1,)"), make([]byte, 4)), "only valid for 1-byte types", false},
		{"missing shape", npyBytes(t, 1, "{'descr': '<f4', 'fortran_order': False}", nil), "missing key \"shape\"", false},
		{"duplicate key", npyBytes(t, 1, "{'descr': '<f4', 'descr': '<f4'}", nil), "duplicate key", false},
		{"unknown key", npyBytes(t, 1, "{'descr': '<f4', 'x': 1}", nil), "unexpected key", false},
		{"bad fortran", npyBytes(t, 1, "{'descr': '<f4', 'fortran_order': 0, 'shape': ()}", nil), "True or False", false},
		{"not a dict", npyBytes(t, 1, "[]", nil), "expected '{'", false},
		{"trailing junk", npyBytes(t, 1, "{'descr': '<f4', 'fortran_order': False, 'shape': ()} x", nil), "unexpected text", false},
		{"too many dims", npyBytes(t, 1, hdr("<f4", "("+strings.Repeat("1,", 70)+")"), nil), "more than 64 dimensions", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Read(bytes.NewReader(tc.raw))
			require.Error(t, err)
			require.Contains(t, err.Error(), tc.wantErr)
			var ue *ir.UnsupportedError
			var fe *ir.FormatError
			if tc.unsupp {
				require.ErrorAs(t, err, &ue)
			} else {
				require.ErrorAs(t, err, &fe)
			}
		})
	}
}

func TestReadFileChecksSizeAndNamesFile(t *testing.T) {
	dir := t.TempDir()
	hdr := "{'descr': '<f4', 'fortran_order': False, 'shape': (1000000000, 1000), }\n"
	lying := filepath.Join(dir, "lying.npy")
	require.NoError(t, os.WriteFile(lying, npyBytes(t, 1, hdr, make([]byte, 8)), 0o644))
	_, err := ReadFile(lying)
	require.ErrorContains(t, err, lying)
	require.ErrorContains(t, err, "4000000000000 bytes of data) but the file holds 8 bytes")

	extra := filepath.Join(dir, "extra.npy")
	require.NoError(t, os.WriteFile(extra, npyBytes(t, 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (1,), }", make([]byte, 8)), 0o644))
	_, err = ReadFile(extra)
	require.ErrorContains(t, err, "but the file holds 8 bytes")

	_, err = ReadFile(filepath.Join(dir, "missing.npy"))
	require.True(t, errors.Is(err, os.ErrNotExist))
}

func TestReadSequentialArrays(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, Write(&b, &ir.Tensor{Type: ir.I32, Shape: []int{1}, Data: []int32{5}}))
	require.NoError(t, Write(&b, &ir.Tensor{Type: ir.U8, Shape: []int{2}, Data: []uint8{6, 7}}))
	a, err := Read(&b)
	require.NoError(t, err)
	require.Equal(t, []int32{5}, a.Data)
	c, err := Read(&b)
	require.NoError(t, err)
	require.Equal(t, []uint8{6, 7}, c.Data)
}

func TestNPZ(t *testing.T) {
	for _, file := range []string{"two.npz", "two_compressed.npz"} {
		t.Run(file, func(t *testing.T) {
			arrays, order, err := ReadNPZ(filepath.Join("testdata", file))
			require.NoError(t, err)
			require.Equal(t, []string{"x", "y"}, order)
			require.Equal(t, []float32{-2.5, -1.5, -0.5, 0.5, 1.5, 2.5}, arrays["x"].Data)
			require.Equal(t, []int{2, 3}, arrays["x"].Shape)
			require.Equal(t, []int64{1, 2, 3}, arrays["y"].Data)
		})
	}
	path := filepath.Join(t.TempDir(), "out.npz")
	in := map[string]*ir.Tensor{
		"b":     {Type: ir.I8, Shape: []int{1}, Data: []int8{-1}},
		"a":     {Type: ir.F32, Shape: []int{2}, Data: []float32{1, 2}},
		"x/y:0": {Type: ir.Boolean, Shape: []int{}, Data: []bool{true}},
	}
	require.NoError(t, WriteNPZ(path, in, []string{"b"}))
	out, order, err := ReadNPZ(path)
	require.NoError(t, err)
	require.Equal(t, []string{"b", "a", "x/y:0"}, order)
	require.Equal(t, in, out)
	require.ErrorContains(t, WriteNPZ(path, in, []string{"nope"}), `no array named "nope"`)
}

func TestNPZHostile(t *testing.T) {
	dir := t.TempDir()
	notZip := filepath.Join(dir, "not.npz")
	require.NoError(t, os.WriteFile(notZip, []byte("hello"), 0o644))
	_, _, err := ReadNPZ(notZip)
	require.ErrorContains(t, err, notZip)
	require.ErrorContains(t, err, "not a readable .npz archive")

	// an entry whose header declares more data than the entry holds
	raw := npyBytes(t, 1, "{'descr': '<f8', 'fortran_order': False, 'shape': (100000000,), }", make([]byte, 8))
	lying := filepath.Join(dir, "lying.npz")
	writeZip(t, lying, map[string][]byte{"a.npy": raw})
	_, _, err = ReadNPZ(lying)
	require.ErrorContains(t, err, lying)
	require.ErrorContains(t, err, `entry "a.npy"`)
	require.ErrorContains(t, err, "data is shorter")

	extra := filepath.Join(dir, "extra.npz")
	writeZip(t, extra, map[string][]byte{"a.npy": npyBytes(t, 1, "{'descr': '<f8', 'fortran_order': False, 'shape': (), }", make([]byte, 16))})
	_, _, err = ReadNPZ(extra)
	require.ErrorContains(t, err, "data continues after the array")

	other := filepath.Join(dir, "other.npz")
	writeZip(t, other, map[string][]byte{"readme.txt": []byte("hi")})
	_, _, err = ReadNPZ(other)
	require.ErrorContains(t, err, `entry "readme.txt" is not a .npy array`)
}

func FuzzRead(f *testing.F) {
	entries, _ := os.ReadDir("testdata")
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".npy") {
			b, err := os.ReadFile(filepath.Join("testdata", e.Name()))
			if err == nil {
				f.Add(b)
			}
		}
	}
	f.Add(npyBytes(f, 1, "{'descr': '<f4', 'fortran_order': True, 'shape': (2, 2), }", make([]byte, 16)))
	f.Add(npyBytes(f, 2, "{'descr': '>u8', 'fortran_order': False, 'shape': (1,), }", make([]byte, 8)))
	f.Fuzz(func(t *testing.T, data []byte) {
		tt, err := Read(bytes.NewReader(data))
		if err != nil {
			var ue *ir.UnsupportedError
			var fe *ir.FormatError
			if !errors.As(err, &ue) && !errors.As(err, &fe) {
				t.Fatalf("error of unexpected type %T: %v", err, err)
			}
			return
		}
		n, err := ir.ElementCount(tt.Shape)
		if err != nil || n != tt.Len() {
			t.Fatalf("shape %v with %d elements", tt.Shape, tt.Len())
		}
		// whatever was read writes back and reads again identically
		var b bytes.Buffer
		if err := Write(&b, tt); err != nil {
			t.Fatal(err)
		}
		again, err := Read(&b)
		if err != nil {
			t.Fatal(err)
		}
		if again.Type != tt.Type || again.Len() != tt.Len() {
			t.Fatalf("round trip changed the tensor")
		}
	})
}

func writeZip(t *testing.T, path string, files map[string][]byte) {
	t.Helper()
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for name, data := range files {
		w, err := zw.Create(name)
		require.NoError(t, err)
		_, err = w.Write(data)
		require.NoError(t, err)
	}
	require.NoError(t, zw.Close())
	require.NoError(t, os.WriteFile(path, b.Bytes(), 0o644))
}
