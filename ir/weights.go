package ir

import (
	"fmt"
	"io"
	"os"
)

// Weights is the content of a .bin file, read or mapped once and shared by every Const.
// It is immutable and safe for concurrent use (until Close).
type Weights struct {
	Path  string
	data  []byte
	unmap func() error // releases a memory mapping; nil for in-memory data
}

// mmapThreshold is the .bin size from which OpenWeights maps the file instead of reading it.
const mmapThreshold = 1 << 20

// NewWeights wraps .bin content already in memory (path is used in messages; it may be "").
// The slice is used as is, not copied, and must not be modified afterwards.
func NewWeights(data []byte, path string) *Weights {
	return &Weights{Path: path, data: data}
}

// OpenWeights opens a .bin file. A file of 1 MiB or more is memory-mapped where the
// platform supports it (unix); otherwise, or when mapping fails, the file is read once.
// Call Close to release a mapping early; otherwise it lives until the process exits.
func OpenWeights(path string) (*Weights, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("ir: weights file %s cannot be opened: %w", path, err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("ir: weights file %s: %w", path, err)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("ir: weights file %s is not a regular file", path)
	}
	size := fi.Size()
	if size != int64(int(size)) {
		return nil, fmt.Errorf("ir: weights file %s is too large (%d bytes) for this platform", path, size)
	}
	if size >= mmapThreshold {
		if data, unmap, err := mmapFile(f, int(size)); err == nil {
			return &Weights{Path: path, data: data, unmap: unmap}, nil
		}
	}
	data := make([]byte, size)
	if _, err := io.ReadFull(f, data); err != nil {
		return nil, fmt.Errorf("ir: weights file %s: %w", path, err)
	}
	return &Weights{Path: path, data: data}, nil
}

// Bytes returns the whole .bin content. The slice must not be modified, and must not be
// used after Close.
func (w *Weights) Bytes() []byte { return w.data }

// Len returns the size of the .bin content in bytes.
func (w *Weights) Len() int { return len(w.data) }

// Mapped reports whether the content is a memory mapping of the file.
func (w *Weights) Mapped() bool { return w.unmap != nil }

// Close releases a memory mapping (a no-op for data read into memory). Tensors already
// returned by Model.ConstValue stay valid; Bytes and ConstValue must not be used after
// Close, and Close must not run concurrently with them.
func (w *Weights) Close() error {
	if w == nil || w.unmap == nil {
		return nil
	}
	unmap := w.unmap
	w.unmap, w.data = nil, nil
	if err := unmap(); err != nil {
		return fmt.Errorf("ir: unmap %s: %w", w.Path, err)
	}
	return nil
}
