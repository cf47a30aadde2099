package npy

import (
	"archive/zip"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/irrun/irrun/ir"
)

// MaxNPZEntries caps the number of arrays ReadNPZ accepts from one archive.
const MaxNPZEntries = 1 << 16

// DefaultNPZLimit is the total array data ReadNPZ accepts from one archive (4 GiB).
// Compressed members can expand far beyond the archive's size, so the budget is checked
// against every member's declared size before its data is read.
const DefaultNPZLimit int64 = 4 << 30

// ReadNPZ reads every array of the .npz archive at path (as written by numpy.savez or
// numpy.savez_compressed). Arrays are keyed by entry name without the ".npy" suffix; order
// lists the names in archive order. Errors name the file and the entry.
func ReadNPZ(path string) (arrays map[string]*ir.Tensor, order []string, err error) {
	return ReadNPZLimit(path, DefaultNPZLimit)
}

// ReadNPZLimit is ReadNPZ with a budget: the arrays' data may total at most limit bytes
// (limit <= 0 means DefaultNPZLimit).
func ReadNPZLimit(path string, limit int64) (arrays map[string]*ir.Tensor, order []string, err error) {
	zr, err := zip.OpenReader(path)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: not a readable .npz archive: %w", path, err)
	}
	defer zr.Close()
	arrays, order, err = readNPZ(&zr.Reader, limit)
	if err != nil {
		return nil, nil, wrapFile(path, err)
	}
	return arrays, order, nil
}

// ReadNPZFrom reads an .npz archive of the given size from r.
func ReadNPZFrom(r io.ReaderAt, size int64) (map[string]*ir.Tensor, []string, error) {
	zr, err := zip.NewReader(r, size)
	if err != nil {
		return nil, nil, formatErr("not a readable .npz archive: %v", err)
	}
	return readNPZ(zr, DefaultNPZLimit)
}

func readNPZ(zr *zip.Reader, limit int64) (map[string]*ir.Tensor, []string, error) {
	if limit <= 0 {
		limit = DefaultNPZLimit
	}
	budget := limit
	if len(zr.File) > MaxNPZEntries {
		return nil, nil, formatErr(".npz archive has %d entries, more than the limit of %d", len(zr.File), MaxNPZEntries)
	}
	arrays := make(map[string]*ir.Tensor)
	var order []string
	for _, f := range zr.File {
		if strings.HasSuffix(f.Name, "/") {
			continue
		}
		name, ok := strings.CutSuffix(f.Name, ".npy")
		if !ok {
			return nil, nil, formatErr(".npz entry %q is not a .npy array", f.Name)
		}
		if _, dup := arrays[name]; dup {
			return nil, nil, formatErr(".npz archive has two arrays named %q", name)
		}
		if budget <= 0 {
			return nil, nil, formatErr("entry %q: the archive's arrays exceed the limit of %d bytes", f.Name, limit)
		}
		t, err := readEntry(f, budget)
		if err != nil {
			var fe *ir.FormatError
			if errors.As(err, &fe) {
				return nil, nil, formatErr("entry %q: %s", f.Name, fe.Msg)
			}
			return nil, nil, fmt.Errorf("entry %q: %w", f.Name, err)
		}
		budget -= tensorBytes(t)
		arrays[name] = t
		order = append(order, name)
	}
	return arrays, order, nil
}

// readEntry reads one archive member. The sizes in the zip directory are not trusted: the
// array is read progressively and must end exactly where the member's data ends (which also
// makes archive/zip verify the checksum).
func readEntry(f *zip.File, limit int64) (*ir.Tensor, error) {
	rc, err := f.Open()
	if err != nil {
		return nil, formatErr("%v", err)
	}
	defer rc.Close()
	t, err := read(rc, -1, limit)
	if err != nil {
		return nil, err
	}
	var one [1]byte
	n, err := io.ReadFull(rc, one[:])
	switch {
	case n > 0:
		return nil, formatErr("data continues after the array its header declares")
	case err != io.EOF:
		return nil, formatErr("%v", err)
	}
	return t, nil
}

// WriteNPZ writes arrays to an uncompressed .npz archive at path (as numpy.savez does), in the
// given order; arrays not named in order follow in sorted order.
func WriteNPZ(path string, arrays map[string]*ir.Tensor, order []string) error {
	names := make([]string, 0, len(arrays))
	seen := make(map[string]bool, len(arrays))
	for _, n := range order {
		if _, ok := arrays[n]; !ok {
			return fmt.Errorf("%s: no array named %q", path, n)
		}
		if !seen[n] {
			seen[n] = true
			names = append(names, n)
		}
	}
	var rest []string
	for n := range arrays {
		if !seen[n] {
			rest = append(rest, n)
		}
	}
	slices.Sort(rest)
	names = append(names, rest...)

	f, err := os.Create(path)
	if err != nil {
		return err
	}
	fail := func(err error) error {
		f.Close()
		os.Remove(path)
		return fmt.Errorf("%s: %w", path, err)
	}
	zw := zip.NewWriter(f)
	for _, n := range names {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: n + ".npy", Method: zip.Store})
		if err != nil {
			return fail(err)
		}
		if err := Write(w, arrays[n]); err != nil {
			return fail(fmt.Errorf("array %q: %w", n, err))
		}
	}
	if err := zw.Close(); err != nil {
		return fail(err)
	}
	return f.Close()
}

// tensorBytes is the size of t's data as a .npy holds it.
func tensorBytes(t *ir.Tensor) int64 {
	n := int64(t.Len())
	if b := t.Type.Bits(); b >= 8 {
		return n * int64(b/8)
	}
	return n
}
